"""A campaign remembers its move files: `new --moves` writes them in the campaign (from its
folder), every later verb and the app load them without `--moves`, a `--moves` typed again adds
to them for the run, and one that is gone or broken is refused naming the campaign's key and
the fix, nothing lost."""

from __future__ import annotations

import argparse
import tomllib
from pathlib import Path

import pytest

from cli_run import run_cli
from hearthroll.cli import app_target, build_parser
from hearthroll.cli.kernel import read_campaign
from hearthroll.core.errors import HearthrollError

PACKAGE = Path(__file__).parent / "data" / "datasworn" / "starforged-0.1.0.json"
ACTION = "ds_starforged_core_action"
"""A table of the package: the campaign's ruleset has it only when the package is loaded."""

WEATHER = """\
schema_version = 1

[[tables]]
ruleset = "starforged"
id = "my_weather"
name = "Weather"
die = 6
rows = [
    { id = "clear", low = 1, high = 3, text = "Clear skies." },
    { id = "storm", low = 4, high = 6, text = "A storm." },
]
"""
DUST = WEATHER.replace("my_weather", "my_dust").replace('"Weather"', '"Dust"')


def make(tmp_path: Path, *moves: Path) -> Path:
    """A Starforged campaign in a folder of its own, made with these move files."""
    path = tmp_path / "table" / "camp.toml"
    path.parent.mkdir(exist_ok=True)
    words = [f"--moves={m}" for m in moves]
    made = run_cli("new", str(path), "--ruleset", "starforged", "--demo", *words)
    assert made.returncode == 0, made.stderr
    return path


def opened(path: Path, *typed: Path) -> set[str]:
    """The tables the campaign's ruleset has, opened as a verb that only looks opens it."""
    with read_campaign(argparse.Namespace(file=path, moves=list(typed))) as store:
        return {t.id for t in store.ruleset.tables}


def test_new_writes_the_files_from_the_campaign_s_folder(tmp_path: Path) -> None:
    weather = tmp_path / "table" / "weather.toml"
    weather.parent.mkdir()
    weather.write_text(WEATHER, encoding="utf-8")
    path = make(tmp_path, weather, PACKAGE)
    written = tomllib.loads(path.read_text(encoding="utf-8"))["moves"]
    assert written[0] == "weather.toml"
    assert (path.parent / written[1]).resolve() == PACKAGE.resolve()
    assert not Path(written[1]).is_absolute()


def test_a_campaign_made_without_files_has_no_moves_key(tmp_path: Path) -> None:
    path = make(tmp_path)
    assert "moves" not in tomllib.loads(path.read_text(encoding="utf-8"))
    assert ACTION not in opened(path)


def test_every_later_verb_loads_them_without_moves(tmp_path: Path) -> None:
    path = make(tmp_path, PACKAGE)
    assert ACTION in opened(path)
    noted = run_cli("note", str(path), "the package came along")
    assert noted.returncode == 0, noted.stderr
    assert ACTION in opened(path)


def test_moves_typed_again_add_to_the_campaign_s_own_for_that_run(tmp_path: Path) -> None:
    path = make(tmp_path, PACKAGE)
    dust = tmp_path / "dust.toml"
    dust.write_text(DUST, encoding="utf-8")
    assert {ACTION, "my_dust"} <= opened(path, dust)
    assert ACTION in opened(path, PACKAGE)  # named twice, loaded once: no id clashes
    assert "my_dust" not in opened(path)  # typed for one run, not written


def test_a_file_gone_is_refused_naming_the_key_and_the_fix(tmp_path: Path) -> None:
    weather = tmp_path / "weather.toml"
    weather.write_text(WEATHER, encoding="utf-8")
    path = make(tmp_path, weather)
    before = path.read_bytes()
    weather.unlink()
    refused = run_cli("state", str(path))
    assert refused.returncode == 2
    said = refused.stderr
    assert f"{path}:" in said and "moves[0]: '../weather.toml' is not there" in said
    assert "Put the file back, or remove '../weather.toml' from the list" in said
    assert path.read_bytes() == before
    assert run_cli("note", str(path), "lost?").returncode == 2
    assert path.read_bytes() == before


def test_a_broken_file_is_refused_with_its_problem_and_its_place_in_the_list(
    tmp_path: Path,
) -> None:
    weather = tmp_path / "table" / "weather.toml"
    weather.parent.mkdir()
    weather.write_text(WEATHER, encoding="utf-8")
    path = make(tmp_path, weather)
    weather.write_text(WEATHER.replace("die = 6", 'die = "six"'), encoding="utf-8")
    refused = run_cli("state", str(path))
    assert refused.returncode == 2
    lines = refused.stderr.splitlines()
    assert any(str(weather) in line and "tables[0].die" in line for line in lines)
    assert f"{path}:11:5: moves[0]: 'weather.toml' is this campaign's own move file" in lines[-1]
    assert "Fix the file, or remove 'weather.toml' from the list" in lines[-1]


def test_removing_a_lost_file_from_the_list_opens_the_campaign_again(tmp_path: Path) -> None:
    weather = tmp_path / "weather.toml"
    weather.write_text(WEATHER, encoding="utf-8")
    path = make(tmp_path, weather, PACKAGE)
    weather.unlink()
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('    "../weather.toml",\n', ""), encoding="utf-8")
    shown = run_cli("note", str(path), "back at the table")
    assert shown.returncode == 0, shown.stderr
    assert "recorded a hand edit" in shown.stderr
    assert ACTION in opened(path)
    checked = run_cli("check", str(path))
    assert checked.returncode == 0, checked.stdout


def test_check_names_a_campaign_s_lost_file(tmp_path: Path) -> None:
    weather = tmp_path / "weather.toml"
    weather.write_text(WEATHER, encoding="utf-8")
    path = make(tmp_path, weather)
    weather.unlink()
    checked = run_cli("check", str(path))
    assert checked.returncode == 1
    assert "moves[0]: '../weather.toml' is not there" in checked.stdout


def test_a_key_that_is_not_a_list_of_names_is_refused_where_it_is(tmp_path: Path) -> None:
    path = make(tmp_path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('name = "', 'moves = 3\nname = "', 1), encoding="utf-8")
    with pytest.raises(HearthrollError, match=r"camp\.toml:\d+:1: moves: expected a list"):
        opened(path)


async def test_the_app_loads_them_too(tmp_path: Path) -> None:
    from hearthroll.tui import build

    path = make(tmp_path, PACKAGE)
    dust = tmp_path / "dust.toml"
    dust.write_text(DUST, encoding="utf-8")
    app = build(path, data_dir=tmp_path / "data", moves=[dust])
    assert app.live is not None
    try:
        tables = {t.id for t in app.live.ruleset.tables}
        assert {ACTION, "my_dust"} <= tables
    finally:
        app.live.close()


def test_the_app_is_opened_with_moves_as_the_verbs_are() -> None:
    parser = build_parser()
    assert app_target(["camp.toml", "--moves", "x.json"], parser) == [
        "camp.toml",
        "--moves",
        "x.json",
    ]
    assert app_target(["--moves=x.json"], parser) == ["--moves=x.json"]
    assert app_target(["camp.toml", "--moves"], parser) is None
    assert app_target(["state", "camp.toml"], parser) is None
    assert app_target(["camp.toml", "--json"], parser) is None


async def test_the_app_switching_campaigns_loads_each_one_s_own_files(tmp_path: Path) -> None:
    """From the campaign list, a campaign opens with its own move files, not the ones of the
    campaign shown before; one whose file is gone is refused, and the table stays as it was."""
    from hearthroll.tui import build
    from hearthroll.tui.table import TableScreen
    from test_tui_helpers import settle

    plain = tmp_path / "table" / "plain.toml"
    plain.parent.mkdir()
    made = run_cli("new", str(plain), "--ruleset", "starforged", "--demo")
    assert made.returncode == 0, made.stderr
    packed = make(tmp_path, PACKAGE)
    weather = tmp_path / "weather.toml"
    weather.write_text(WEATHER, encoding="utf-8")
    lost = tmp_path / "lost" / "camp.toml"
    lost.parent.mkdir()
    made = run_cli("new", str(lost), "--ruleset", "starforged", "--moves", str(weather))
    assert made.returncode == 0, made.stderr
    weather.unlink()
    app = build(plain, data_dir=tmp_path / "data")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        assert app.live is not None and ACTION not in {t.id for t in app.live.ruleset.tables}
        app.open_campaign(packed)
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert app.live.path == packed
        assert ACTION in {t.id for t in app.live.ruleset.tables}
        assert [p.resolve() for p in app.move_files] == [PACKAGE.resolve()]
        app.open_campaign(lost)
        await settle(pilot, app)
        assert app.live.path == packed  # refused: the table shown stays
        assert [p.resolve() for p in app.move_files] == [PACKAGE.resolve()]
        app.open_campaign(plain)
        await settle(pilot, app)
        assert app.live.path == plain
        assert ACTION not in {t.id for t in app.live.ruleset.tables}
        assert app.move_files == ()


async def test_a_campaign_made_from_the_app_s_form_keeps_the_table_s_files(
    tmp_path: Path,
) -> None:
    """`hearthroll fresh.toml --moves FILE` opens the new-campaign form; the campaign it makes
    writes the files in its `moves`, as `new --moves` does, so every later opening loads them."""
    from textual.widgets import OptionList

    from hearthroll.tui import build
    from hearthroll.tui.screens.new_campaign import NewCampaign
    from hearthroll.tui.table import TableScreen
    from test_tui_helpers import settle

    path = tmp_path / "table" / "fresh.toml"
    path.parent.mkdir()
    app = build(path, data_dir=tmp_path / "data", moves=[PACKAGE])
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, NewCampaign)
        rulesets = app.screen.query_one("#rulesets", OptionList)
        rulesets.focus()
        while rulesets.get_option_at_index(rulesets.highlighted or 0).id != "starforged":
            await pilot.press("down")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert app.live is not None and app.live.path == path
    (written,) = tomllib.loads(path.read_text(encoding="utf-8"))["moves"]
    assert not Path(written).is_absolute()  # from the campaign's folder, as `new --moves`
    assert (path.parent / written).resolve() == PACKAGE.resolve()
    assert ACTION in opened(path)
