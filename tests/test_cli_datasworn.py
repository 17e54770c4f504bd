"""`hearthroll import` (`cli.datasworn`): Datasworn packages read together and written as one
ruleset file (the header naming them and their credit, what it holds said in one line), which a
demo campaign then loads with --moves and rolls on; a link that leads nowhere written as its
words and said; and what it refuses: not a package, a package it cannot read, a folder that is
not there: the exit code, the reason, nothing written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hearthroll.cli import main
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog

DATA = Path(__file__).parent / "data" / "datasworn"
PACKAGE = DATA / "starforged-0.1.0.json"
EXPANSION = DATA / "expansion.json"
CREDIT = (
    "Ironsworn: Starforged Rulebook, by Shawn Tomkin; CC BY 4.0 "
    "(https://creativecommons.org/licenses/by/4.0) (Datasworn 0.1.0)"
)
OWN = (
    "A GM's own oracles (hearthroll test data), by hearthroll's tests; CC BY 4.0 "
    "(https://creativecommons.org/licenses/by/4.0) (Datasworn 0.1.0)"
)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """`hearthroll ARGS…` in this process: its exit code, stdout and stderr."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_an_expansion_read_with_its_package_is_written_as_one_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "forge.toml"
    assert run(capsys, "import", str(EXPANSION), str(PACKAGE), "--out", str(out)) == (
        0,
        f"{out}: 54 moves, 6 assets, 3 foes, 55 tables (1500 rows) for starforged\n"
        "kept as hearthroll's own (it applies them): Lose Momentum, Endure Harm, Endure "
        "Stress, Companion Takes a Hit, Sacrifice Resources, Withstand Damage\n"
        f"content: {CREDIT}\n"
        f"content: {OWN}\n",
        "",
    )
    head = out.read_text(encoding="utf-8").splitlines()[:4]
    assert head == [
        "# Made by `hearthroll import` from the Datasworn package(s) expansion.json, "
        "starforged-0.1.0.json.",
        f"# Content: {CREDIT}",
        f"# Content: {OWN}",
        "# Every move and table below keeps its own source and licence.",
    ]
    assert run(capsys, "check", str(out))[0] == 0


def test_a_campaign_made_with_the_file_rolls_on_its_tables(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "forge-moves.toml"
    assert run(capsys, "import", str(EXPANSION), str(PACKAGE), "--out", str(out))[0] == 0
    camp = tmp_path / "forge.toml"
    assert (
        run(capsys, "new", str(camp), "--ruleset", "starforged", "--demo", "--moves", str(out))[0]
        == 0
    )
    assert run(capsys, "oracle", str(camp), "Theme", "--dice", "5") == (
        0,
        "#1 oracle: Theme d100 = 5: Balance\n",
        "",
    )
    code, said, _ = run(capsys, "oracle", str(camp), "--list")
    assert code == 0
    assert "    Action · d10 · ds_starforged_core_action\n" in said  # the expansion's own d10
    catalog = load_catalog([out], with_user=False)
    with CampaignStore.open(camp, catalog) as store:
        (event,) = store.events()
        assert (event.move, event.dice) == ("ds_starforged_core_theme", (5,))


def test_an_expansion_alone_is_written_its_lost_links_said_and_named_after_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    alone = tmp_path / "extras.json"
    shutil.copyfile(EXPANSION, alone)
    code, out, err = run(capsys, "import", str(alone))
    assert code == 0
    written = tmp_path / "extras.toml"
    assert out.splitlines()[0] == (
        f"{written}: 2 moves, 0 assets, 0 foes, 1 tables (10 rows) for starforged"
    )
    said = err.splitlines()
    assert len(said) == 5 and all(line.endswith("(written as its words)") for line in said)
    assert (
        f"{alone}: moves.adventure.contents.face_danger.replaces: replaces "
        "move:starforged/adventure/face_danger, which is not among the packages read: read it "
        "together with the package it builds on (written as its words)"
    ) in said
    assert written.is_file()


def test_a_package_that_cannot_be_read_is_a_problem_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"moves": \n', encoding="utf-8")
    out = tmp_path / "broken.toml"
    assert run(capsys, "import", str(broken), "--out", str(out)) == (
        1,
        f"{broken}: JSON syntax: Expecting value at line 2\n",
        "1 problem found; nothing written\n",
    )
    assert not out.exists()


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("notes.txt", "{path} is not a Datasworn package (a .json file)"),
        ("notes.TOML", "{path} is not a Datasworn package (a .json file)"),
    ],
)
def test_what_is_not_a_json_package_is_refused_before_it_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, said: str
) -> None:
    path = tmp_path / name
    path.write_text("not json", encoding="utf-8")
    assert run(capsys, "import", str(path)) == (2, "", f"hearthroll: {said.format(path=path)}\n")
    assert sorted(p.name for p in tmp_path.iterdir() if p.is_file()) == [name]


def test_a_file_there_already_is_kept_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "mine.toml"
    out.write_text("# mine\n", encoding="utf-8")
    assert run(capsys, "import", str(PACKAGE), "--out", str(out)) == (
        2,
        "",
        f"hearthroll: {out} exists already: give another --out, or --force to write over it\n",
    )
    assert out.read_text(encoding="utf-8") == "# mine\n"


def test_a_folder_that_is_not_there_is_named_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "nowhere" / "forge.toml"
    code, printed, err = run(capsys, "import", str(PACKAGE), "--out", str(out))
    assert (code, printed) == (2, "")
    assert err.startswith(f"hearthroll: could not save {out}: no such file or directory.")
    assert not out.parent.exists()
