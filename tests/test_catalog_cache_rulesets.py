"""Each ruleset is kept as a memo of its own and read only as far as it is used: a campaign opened
warm decodes its own ruleset's sheets, and its moves and tables when they are first read; a
cold start checks the campaign's ruleset before the first frame and every other one after."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_run import run_cli
from hearthroll.core.rules.model import Ruleset
from hearthroll.store import catalog_cache, folders, sources
from hearthroll.store.memo import Memo
from hearthroll.store.rulesets import RulesetError, load_catalog
from hearthroll.tui import build
from test_tui_open import played_campaign

SHIPPED = load_catalog(with_user=False)
BROKEN_HACK = """schema_version = 1

[[moves]]
id = "wild_swing"
name = "Wild Swing"
ruleset = "hack"
trigger = "When you swing wild..."
text = "Roll and see."

[moves.roll]
mechanic = "sum"
dice = "2d6"
stat = "luck"
"""
"""A move file that reads, and whose one move (of `hack`) names a stat `hack` lacks."""


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """A data folder and a config folder of the test's own, here and for the CLI it runs."""
    env = {folders.ENV_DATA_DIR: str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path)}
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    sources.user_moves_dir().mkdir(parents=True)
    return env


def _decoded_yet(ruleset: Ruleset, field: str) -> bool:
    """Whether a ruleset's field holds its value yet (a deferred one does not until read)."""
    try:
        object.__getattribute__(ruleset, field)
    except AttributeError:
        return False
    return True


def test_a_campaign_of_one_ruleset_opened_warm_decodes_no_other_ruleset(
    home: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hearthroll.tui.live import open_live

    path = tmp_path / "camp.toml"
    played_campaign(path, 2)
    memo = Memo(folders.cache_dir())
    catalog_cache.load(memo)  # the memos kept, as the last session left them
    read: list[str] = []
    get_parted = Memo.get_parted

    def reading(memo: Memo, name: str, key: str, kind: type[object]) -> object:
        read.append(name)
        return get_parted(memo, name, key, kind)

    monkeypatch.setattr(Memo, "get_parted", reading)
    live = open_live(path, catalog_cache.Cached(memo, keep_later=True), memo)
    try:
        assert live.ruleset.id == "house"
        assert read == [f"{catalog_cache.NAME}.ruleset.house"]
        assert live.ruleset.stats == SHIPPED.ruleset("house").stats  # its sheets came with it
        assert not _decoded_yet(live.ruleset, "moves")
        assert not _decoded_yet(live.ruleset, "tables")
        assert live.ruleset.moves == SHIPPED.ruleset("house").moves  # read when first asked
        assert _decoded_yet(live.ruleset, "moves")
        assert live.ruleset == SHIPPED.ruleset("house")
    finally:
        live.close()


def test_a_ruleset_reads_its_parts_from_the_files_when_their_memo_is_damaged(
    home: dict[str, str],
) -> None:
    memo = Memo(folders.cache_dir())
    catalog_cache.load(memo)
    kept = memo.path(f"{catalog_cache.NAME}.ruleset.starforged")
    lines = kept.read_bytes().split(b"\n")
    kept.write_bytes(b"\n".join([*lines[:-1], b'[{"!":99}]']))  # the tables' line damaged
    ruleset = catalog_cache.Cached(memo).ruleset("starforged")
    assert ruleset.tables == SHIPPED.ruleset("starforged").tables
    assert ruleset == SHIPPED.ruleset("starforged")


def test_a_broken_file_of_another_ruleset_opens_the_table_and_is_still_reported(
    home: dict[str, str],
) -> None:
    mine = sources.user_moves_dir() / "swing.toml"
    mine.write_text(BROKEN_HACK, encoding="utf-8")
    memo = Memo(folders.cache_dir())
    cold = catalog_cache.Cached(memo, keep_later=True)
    assert cold.ruleset("house") == SHIPPED.ruleset("house")  # checked alone: the first frame
    with pytest.raises(RulesetError) as raised:
        cold.catalog()  # the whole, checked behind the table
    assert "swing.toml:" in str(raised.value)
    assert "luck" in str(raised.value)
    cold.keep()
    assert not memo.path(catalog_cache.NAME).exists()  # a catalog with problems keeps no memo
    with pytest.raises(RulesetError):
        catalog_cache.Cached(memo).ruleset("house")  # the command line checks it all at once
    checked = run_cli("check", str(mine), env=home)
    assert checked.returncode != 0
    assert "luck" in checked.stdout + checked.stderr


async def test_the_app_shows_a_problem_of_another_ruleset_once_the_table_is_on_screen(
    home: dict[str, str], tmp_path: Path
) -> None:
    path = tmp_path / "camp.toml"
    played_campaign(path, 1)
    (sources.user_moves_dir() / "swing.toml").write_text(BROKEN_HACK, encoding="utf-8")
    app = build(path)
    assert app.live is not None  # the house campaign opens: its ruleset is sound
    async with app.run_test() as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        said = [n.message for n in app._notifications]
        assert any("swing.toml" in message and "luck" in message for message in said), said
    app.live.close()
