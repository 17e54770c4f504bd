"""Opening campaigns: the first run's demo, the last one used, a file to create, the campaign
list, and problems (a locked or damaged file) said plainly with a failing exit status."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build, places, run
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.screens.campaigns import CampaignList
from hearthroll.tui.screens.new_campaign import CampaignChoice, NewCampaign
from hearthroll.tui.table import TableScreen
from test_tui_helpers import demo, settle, type_into


def test_a_locked_campaign_is_a_clear_message_and_a_failing_status(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(places.ENV_DATA_DIR, str(tmp_path / "data"))
    catalog = load_catalog()
    path = tmp_path / "table.toml"
    from hearthroll.core.games.demo import demo_campaign

    with CampaignStore.create(path, demo_campaign(catalog.default), catalog):
        assert run(path) == 1
    err = capsys.readouterr().err
    assert "open in another hearthroll" in err and "Traceback" not in err


def test_a_damaged_campaign_is_a_clear_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(places.ENV_DATA_DIR, str(tmp_path / "data"))
    path = tmp_path / "broken.toml"
    path.write_text("schema_version = 1\nlast_event = [oops\n", encoding="utf-8")
    assert run(path) == 1
    err = capsys.readouterr().err
    assert "broken.toml" in err and "Traceback" not in err


async def test_a_missing_file_is_offered_for_creation(tmp_path: Path) -> None:
    path = tmp_path / "new-table.toml"
    app = build(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, NewCampaign)
        await pilot.press("ctrl+s")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert app.live is not None and app.live.path == path
        assert "Brannoc" in app.live.state.characters
    assert path.is_file()


async def test_declining_to_create_exits_with_a_failing_status(tmp_path: Path) -> None:
    app = build(tmp_path / "nothing.toml", data_dir=tmp_path / "data")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_code == 1
    assert not (tmp_path / "nothing.toml").exists()


async def test_the_hack_demo_party_opens_from_the_new_campaign_form(tmp_path: Path) -> None:
    app = build(tmp_path / "other.toml", data_dir=tmp_path / "data")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        await pilot.press("tab", "down", "ctrl+s")  # the second ruleset, demo still ticked
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert app.live is not None and app.live.ruleset.id == "hack"
        assert list(app.live.state.characters) == ["Grusha", "Cog", "Mira"]


async def test_the_demo_checkbox_is_only_there_for_a_ruleset_with_a_demo(tmp_path: Path) -> None:
    from textual.widgets import Checkbox

    from hearthroll.core.games.demo import has_demo
    from hearthroll.tui.screens.new_campaign import NewCampaign as Form

    assert not has_demo("homebrew")
    app = build(tmp_path / "other.toml", data_dir=tmp_path / "data")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        assert app.screen.query_one("#demo", Checkbox).display
        form = Form([("house", "House game", True), ("mine", "My game", False)], lambda c: None)
        app.push_screen(form)
        await pilot.pause()
        await pilot.press("tab", "down")  # a ruleset with no demo party: no checkbox
        await pilot.pause()
        assert not form.query_one("#demo", Checkbox).display
        assert form.read() == CampaignChoice(form.read().name, "mine", False)


async def test_enter_on_the_demo_checkbox_only_toggles_it(tmp_path: Path) -> None:
    from textual.widgets import Checkbox

    app = build(tmp_path / "other.toml", data_dir=tmp_path / "data")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        box = app.screen.query_one("#demo", Checkbox)
        box.focus()
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, NewCampaign)
        assert box.value is False
        assert not (tmp_path / "other.toml").exists()


async def test_the_campaign_list_makes_and_opens_campaigns(tmp_path: Path) -> None:
    data = tmp_path / "data"
    app = demo(data)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        listed = app.screen
        assert isinstance(listed, CampaignList)
        assert (data / "demo.toml").resolve() in listed._paths
        await pilot.press("n")
        await pilot.pause()
        await type_into(pilot, "#name", "Red Hollow")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert app.live is not None and app.live.path == data / "red-hollow.toml"
        assert app.live.state.name == "Red Hollow"
        await pilot.pause(0.3)
        catalog = load_catalog()
        with CampaignStore.open(data / "demo.toml", catalog):  # its lock was released
            pass
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("down", "enter")
        await settle(pilot, app)
        assert app.live.path.name in ("demo.toml", "red-hollow.toml")
    assert places.last_used(data) is not None


async def test_no_path_opens_the_last_campaign_used(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = demo(data)
    async with first.run_test(size=(100, 32)) as pilot:
        await pilot.press("x")
        await settle(pilot, first)
    again = build(None, data_dir=data)
    assert isinstance(again, HearthrollApp) and again.live is not None
    assert again.live.path == (data / "demo.toml")
    assert again.live.state.characters["Brannoc"].xp == 4
    again.live.close()


def test_importing_the_entry_point_does_not_load_textual() -> None:
    code = (
        "import sys, hearthroll.tui\n"
        "print(','.join(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == ""


def test_the_catalog_is_cached_and_a_changed_source_is_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hearthroll.store import catalog_cache, sources
    from hearthroll.store.memo import Memo

    moves = tmp_path / "moves"
    moves.mkdir()
    monkeypatch.setattr(sources, "user_moves_dir", lambda: moves)
    memo = Memo(tmp_path / "cache")
    first = catalog_cache.load(memo)
    cached = memo.path(catalog_cache.NAME)
    stored = cached.read_bytes()
    assert catalog_cache.load(memo) == first
    cached.write_bytes(stored.split(b"\n")[0] + b"\nnot a memo")
    assert catalog_cache.load(memo) == first  # a damaged memo is read past, and rewritten
    assert cached.read_bytes() == stored  # rewritten whole
    (moves / "mine.toml").write_text("schema_version = 1\n", encoding="utf-8")
    assert catalog_cache.load(memo) == first
    assert cached.read_bytes().split(b"\n")[0] != stored.split(b"\n")[0]  # a new key


def played_campaign(path: Path, notes: int) -> None:
    """A demo campaign with `notes` XP marks already in its log."""
    from hearthroll.core.games.demo import demo_campaign
    from hearthroll.core.verbs.edits import set_field

    catalog = load_catalog()
    with CampaignStore.create(path, demo_campaign(catalog.default), catalog) as store:
        for n in range(notes):
            store.commit(set_field(store.state, store.ruleset, "Wren.xp", str(n + 1)))


async def test_a_long_log_opens_with_its_newest_events_and_the_top_brings_older_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hearthroll.tui import live
    from hearthroll.tui.widgets.move_log import MoveLog

    monkeypatch.setattr(live, "PAGE", 30)
    path = tmp_path / "long.toml"
    played_campaign(path, 100)
    app = build(path, data_dir=tmp_path / "data")
    assert app.live is not None
    assert [e.seq for e in app.live.events] == list(range(61, 101))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        log = app.screen.query_one(MoveLog)
        log.focus()
        for first in (31, 1):
            await pilot.press("home")  # the top of the log
            for _ in range(100):
                await pilot.pause(0.02)
                if app.live.events[0].seq == first:
                    break
            assert [e.seq for e in app.live.events] == list(range(first, 101))
            assert len(log.view.lines) == 101 - first
            # the highlight stays on the event it was on, now below the older ones
            assert log.highlighted is not None
            assert log.view.lines[log.highlighted].seq == first + 30
        await pilot.press("home")
        await settle(pilot, app)
        assert app.live.events[0].seq == 1 and len(log.view.lines) == 100


async def test_undo_reaches_past_the_events_at_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hearthroll.tui import live

    monkeypatch.setattr(live, "OPEN_WINDOW", 3)
    monkeypatch.setattr(live, "LOG_WINDOW", 3)
    path = tmp_path / "deep.toml"
    played_campaign(path, 12)
    app = build(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot, app)
        assert app.live is not None and len(app.live.events) == 3
        for _ in range(10):
            await pilot.press("u")
            await settle(pilot, app)
        assert app.live.state.characters["Wren"].xp == 2
