"""What a key draws again: an undo strikes its line and adds one to the log, a change to the
sheet redraws the sheet, and neither lays the whole screen out again; a pane as tall as its
text still grows and shrinks with it."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip

from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs.edits import note, set_field
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.widgets.move_log import MoveLog
from hearthroll.tui.widgets.pane import Pane
from test_tui_helpers import settle, shown

SIZE = (100, 30)


def night(path: Path, notes: int) -> None:
    """A demo campaign with `notes` notes in its log, then an XP mark for its first hero."""
    catalog = load_catalog()
    with CampaignStore.create(path, demo_campaign(catalog.default), catalog) as store:
        for n in range(notes):
            store.commit(note(store.state, f"the night's note {n}"))
        hero = next(iter(store.state.characters))
        store.commit(set_field(store.state, store.ruleset, f"{hero}.xp", "5"))


def struck(log: MoveLog, index: int) -> bool:
    """Whether the log's line at `index` is struck through (its event undone)."""
    prompt = log.prompt(index)
    return any("strike" in str(span.style) for span in prompt.spans)


def layouts(monkeypatch: pytest.MonkeyPatch) -> list[Screen[object]]:
    """Every time a screen is laid out again from now on (the screen, once each)."""
    done: list[Screen[object]] = []
    lay_out = Screen._refresh_layout

    def counted(screen: Screen[object], *args: object, **kwargs: object) -> None:
        done.append(screen)
        lay_out(screen, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    return done


def opened(tmp_path: Path, notes: int) -> HearthrollApp:
    path = tmp_path / "night.toml"
    night(path, notes)
    return build(path, data_dir=tmp_path / "data")


async def test_an_undone_note_strikes_its_line_and_lays_nothing_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = opened(tmp_path, 40)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("u")  # the XP mark
        await settle(pilot, app)
        done = layouts(monkeypatch)
        await pilot.press("u")  # the last note
        await settle(pilot, app)
        log = app.screen.query_one(MoveLog)
        last = len(log.view.lines) - 4  # the last note; then the XP mark, its undo, this undo
        assert "the night's note 39" in str(log.prompt(last))
        assert struck(log, last) and not struck(log, last - 1)
        assert "undo of event 40" in str(log.prompt(-1))
        assert log.highlighted == len(log.view.lines) - 1 and log.scroll_y == log.max_scroll_y
        assert done == []
        await pilot.press("U")
        await settle(pilot, app)
        assert not struck(log, last)
        assert "redo of event 40" in str(log.prompt(-1))
        assert done == []


async def test_an_undone_xp_mark_redraws_the_sheet_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = opened(tmp_path, 3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        marked = shown(app, "#sheet")
        done = layouts(monkeypatch)
        await pilot.press("u")
        await settle(pilot, app)
        assert shown(app, "#sheet") != marked
        assert done == []
        await pilot.press("U")
        await settle(pilot, app)
        assert shown(app, "#sheet") == marked
        assert done == []


class Panes(App[None]):
    """A pane as tall as its text above one that takes the rest of the screen."""

    CSS = "#tall { height: auto; } #rest { height: 1fr; }"

    def compose(self) -> ComposeResult:
        yield Pane("one line", id="tall")
        yield Pane("", id="rest")


async def test_a_pane_as_tall_as_its_text_grows_and_shrinks_with_it() -> None:
    app = Panes()
    async with app.run_test(size=(40, 12)) as pilot:
        tall, rest = app.query_one("#tall", Pane), app.query_one("#rest", Pane)
        tall.fill("one\ntwo\nthree")
        await pilot.pause()
        assert (tall.size.height, rest.size.height) == (3, 9)
        tall.fill("four\nfive\nsix")  # as many lines: the same size
        await pilot.pause()
        assert (tall.size.height, rest.size.height) == (3, 9)
        rest.fill("a\nb\nc\nd")  # the layout sets its size, whatever it holds
        tall.fill("seven")
        await pilot.pause()
        assert (tall.size.height, rest.size.height) == (1, 11)
        assert str(rest.content) == "a\nb\nc\nd"


async def test_a_pane_draws_again_only_the_rows_that_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = Panes()
    async with app.run_test(size=(40, 12)) as pilot:
        rest = app.query_one("#rest", Pane)
        rest.fill("a\nb\nc\nd")
        await pilot.pause()
        drawn: list[int] = []
        draw = Pane.render_line

        def counted(pane: Pane, y: int) -> Strip:
            drawn.append(y)
            return draw(pane, y)

        monkeypatch.setattr(Pane, "render_line", counted)
        rest.fill("a\nB\nc")
        await pilot.pause()
        assert sorted(set(drawn)) == [1, 3]  # b became B, d went; a and c stand as drawn
        drawn.clear()
        rest.fill("a\nB\nc")
        await pilot.pause()
        assert drawn == []
        lines = [strip.text for strip in rest.render_lines(Region(0, 0, 40, 4))]
        assert [line.rstrip() for line in lines] == ["a", "B", "c", ""]
