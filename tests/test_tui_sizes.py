"""Every size uses its room: from 160 columns the whole party's sheets stand side by side and
the tray draws each die as a box, kept and dropped apart; at 60×20 the next actions and the
footer stay in view."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Footer

from hearthroll.tui.widgets.character_sheet import CharacterSheet
from test_tui_helpers import demo, settle, shown


async def test_a_wide_screen_shows_every_sheet_and_large_dice(tmp_path: Path) -> None:
    app = demo(tmp_path / "data", faces=[4, 3])
    async with app.run_test(size=(200, 60)) as pilot:
        await pilot.press("slash", "c", "l", "a", "s", "h", "enter")
        await settle(pilot, app)
        sheets = list(app.screen.query(CharacterSheet))
        assert [s.border_title for s in sheets] == [
            "Brannoc (Human)",
            "Isolde (Ogre)",
            "Wren (Automaton)",
        ]
        assert len({s.region.y for s in sheets}) == 1  # side by side
        tray = shown(app, "#tray-roll")
        assert "╭───╮" in tray and "│ 4 │" in tray
        await pilot.press("2")  # Isolde looked at: the others beside her
        await settle(pilot, app)
        titles = [s.border_title for s in app.screen.query(CharacterSheet)]
        assert titles[0] == "Isolde (Ogre)" and set(titles[1:]) == {
            "Brannoc (Human)",
            "Wren (Automaton)",
        }
        await pilot.resize_terminal(100, 30)
        await settle(pilot, app)
        assert len(app.screen.query(CharacterSheet)) == 1
        assert "[4]" in shown(app, "#tray-roll")


async def test_a_small_screen_keeps_the_next_actions_and_the_footer(tmp_path: Path) -> None:
    app = demo(tmp_path / "data", faces=[4, 3])
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.press("slash", "c", "l", "a", "s", "h", "enter")
        await settle(pilot, app)
        screen = app.screen
        nxt = screen.query_one("#tray-next")
        footer = screen.query_one(Footer)
        assert nxt.region.height > 0 and nxt.region.bottom <= footer.region.y
        assert footer.region.bottom <= 20
        assert "p push (2 dice)" in shown(app, "#tray-next")
