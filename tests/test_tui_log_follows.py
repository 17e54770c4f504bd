"""The log keeps up: it follows the newest event unless the GM walked up it, End brings it
back, and it follows through resizes and campaign switches; `?` says so."""

from __future__ import annotations

from pathlib import Path

from hearthroll.tui import build
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.widgets.move_log import MoveLog
from test_tui_helpers import settle
from test_tui_open import played_campaign


def newest_in_view(app: HearthrollApp) -> bool:
    log = app.screen.query_one(MoveLog)
    last = len(log.view.lines) - 1
    shown = " ".join(log.render_line(y).text for y in range(log.scrollable_content_region.height))
    return (
        log.highlighted == last
        and log.scroll_offset.y >= log.max_scroll_y
        and f"#{log.view.lines[-1].seq} " in shown
    )


async def test_the_log_follows_through_resizes_and_comes_back_with_end(tmp_path: Path) -> None:
    path = tmp_path / "long.toml"
    played_campaign(path, 43)
    app = build(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        assert newest_in_view(app)
        await pilot.resize_terminal(160, 50)
        await settle(pilot, app)
        assert newest_in_view(app)
        await pilot.resize_terminal(80, 24)
        await settle(pilot, app)
        assert newest_in_view(app)
        log = app.screen.query_one(MoveLog)
        log.focus()
        await pilot.press("up", "up", "up")
        await settle(pilot, app)
        walked = log.highlighted
        await pilot.press("x")  # a new event while the GM reads back: the highlight stays
        await settle(pilot, app)
        assert log.highlighted == walked and not log.following
        await pilot.press("end")
        await settle(pilot, app)
        assert newest_in_view(app) and log.following
        await pilot.press("x")
        await settle(pilot, app)
        assert newest_in_view(app)


async def test_the_log_follows_after_a_campaign_switch(tmp_path: Path) -> None:
    first, second = tmp_path / "first.toml", tmp_path / "second.toml"
    played_campaign(first, 5)
    played_campaign(second, 43)
    app = build(first, data_dir=tmp_path / "data")
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        log = app.screen.query_one(MoveLog)
        log.focus()
        await pilot.press("up", "up")
        app.open_campaign(second)
        await settle(pilot, app)
        await pilot.pause(0.2)
        assert newest_in_view(app)
        assert log.view.lines[-1].seq == 43


async def test_the_help_says_how_to_walk_the_log(tmp_path: Path) -> None:
    from hearthroll.tui.keys import help_sections
    from hearthroll.tui.table import TableScreen

    sections = dict(help_sections(TableScreen.BINDINGS))
    keys = dict(sections["In the move log"])
    assert "End" in keys and "⏎" in keys and any("↑" in k for k in keys)
