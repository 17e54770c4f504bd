"""The move log as a widget alone: lines wrapped to the pane, walking, choosing, following."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.pilot import Pilot

from hearthroll.tui.messages import EventChosen
from hearthroll.tui.views import LogLine, LogView
from hearthroll.tui.widgets.move_log import MoveLog

LONG = "Brannoc: Clash [4] + 1 = 5, a partial win; trade blows, and the foe strikes back hard"


class Host(App[None]):
    CSS = "MoveLog { height: 6; width: 30; }"

    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[int] = []
        self.tops = 0

    def compose(self) -> ComposeResult:
        yield MoveLog()

    def on_event_chosen(self, message: EventChosen) -> None:
        self.chosen.append(message.seq)

    def on_move_log_top_reached(self) -> None:
        self.tops += 1


def lines(count: int, long: int | None = None) -> LogView:
    return LogView(
        tuple(LogLine(n, LONG if n == long else f"GM: note {n}") for n in range(1, count + 1))
    )


@asynccontextmanager
async def hosted(view: LogView) -> AsyncIterator[tuple[Host, Pilot[None], MoveLog]]:
    """The log alone in an app, given `view` and drawn."""
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.query_one(MoveLog)
        log.focus()
        log.view = view
        await pilot.pause()
        yield app, pilot, log


def shown(log: MoveLog) -> list[str]:
    return [log.render_line(y).text.rstrip() for y in range(log.scrollable_content_region.height)]


async def test_a_long_line_wraps_and_the_newest_is_in_view() -> None:
    async with hosted(lines(12, long=12)) as (_app, _pilot, log):
        rows = shown(log)
        assert rows[-1] != "" and "hard" in rows[-1]  # the long line's last words, at the bottom
        assert any(row.startswith("#12 Brannoc") for row in rows)
        assert log.virtual_size.height > 12  # one line took more than one row
        assert log.highlighted == 11 and log.following


async def test_walking_up_choosing_and_end_following_again() -> None:
    async with hosted(lines(20)) as (app, pilot, log):
        await pilot.press("up", "up", "enter")
        assert app.chosen == [18] and not log.following
        log.view = lines(21)  # a new event while the GM reads: the highlight stays
        await pilot.pause()
        assert log.highlighted == 17 and not log.following
        await pilot.press("pageup")
        assert log.highlighted is not None and log.highlighted < 17
        assert any(row.startswith(f"#{log.highlighted + 1} ") for row in shown(log))
        await pilot.press("home")
        assert log.highlighted == 0 and app.tops == 1
        assert shown(log)[0] == "#1 GM: note 1"
        await pilot.press("pagedown", "end")
        assert log.highlighted == 20 and log.following
        await pilot.pause()
        assert shown(log)[-1] == "#21 GM: note 21"


async def test_an_undone_line_is_struck_and_drawn_again_alone() -> None:
    async with hosted(lines(3)) as (_app, pilot, log):
        view = log.view
        undone = LogView((*view.lines[:1], view.lines[1]._replace(undone=True), view.lines[2]))
        asked: list[tuple[Region, ...]] = []
        refresh = log.refresh

        def recorded(*regions: Region, **kwargs: bool) -> MoveLog:
            asked.append(regions)
            return refresh(*regions, **kwargs)

        log.refresh = recorded  # type: ignore[method-assign]
        log.view = undone
        assert asked == [(Region(0, 1, 30, 1),)]  # that row alone, not the pane
        await pilot.pause()
        assert any("strike" in str(span.style) for span in log.prompt(1).spans)
        assert not any("strike" in str(span.style) for span in log.prompt(0).spans)


async def test_a_click_chooses_its_line() -> None:
    async with hosted(lines(3)) as (app, pilot, log):
        await pilot.click(MoveLog, offset=(2, 0))
        assert app.chosen == [1] and log.highlighted == 0


async def test_a_narrower_pane_wraps_the_lines_again() -> None:
    async with hosted(lines(4, long=4)) as (_app, pilot, log):
        wide = log.virtual_size.height
        log.styles.width = 14
        await pilot.pause()
        await pilot.pause()
        assert log.virtual_size.height > wide
        assert shown(log)[-1] != "" and log.following
