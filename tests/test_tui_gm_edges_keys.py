"""Letters never fall through to the table's keys: a key that opens a text box opens it even
when what it leads to is refused now, the reason inside, and the letters typed fast after it
land there (at 80×24)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from hearthroll.tui.screens.palette import MovePalette
from hearthroll.tui.screens.prompt import LinePrompt
from test_tui_encounter import ford
from test_tui_fast_keys import burst, until
from test_tui_helpers import demo, settle, shown

SIZE = (80, 24)


async def test_push_typed_fast_over_a_waiting_bust_lands_in_the_palette(tmp_path: Path) -> None:
    app = demo(tmp_path, faces=[4, 3, 1, 1])  # a Clash and its damage, then a bust
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        for _ in range(2):
            await pilot.press("slash", *"clash", "enter")
            await settle(pilot, app)
        assert app.live is not None and app.live.state.turn.status == "bust_pending"
        burst(app, "p", *"defend")
        await until(pilot, lambda: isinstance(app.screen, MovePalette))
        await settle(pilot, app)
        assert isinstance(app.screen, MovePalette)
        assert app.screen.query_one("#query", Input).value == "defend"
        assert "bust waits" in shown(app, "#palette-title")
        assert len(app.live.events) == 2  # no weapon damage rolled, no edit box
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, MovePalette) and "bust waits" in (app.screen.refused or "")


async def test_the_aimed_foe_typed_with_no_fight_lands_in_its_line(tmp_path: Path) -> None:
    app = ford(tmp_path, [])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("E")
        await settle(pilot, app)
        assert app.live is not None and app.live.state.encounter is None
        burst(app, "F", *"hurt 3")
        await until(pilot, lambda: isinstance(app.screen, LinePrompt))
        await settle(pilot, app)
        assert isinstance(app.screen, LinePrompt)
        assert app.screen.query_one("#line", Input).value == "hurt 3"
        assert len(app.live.events) == 1  # no hold, no undo, no hurt
