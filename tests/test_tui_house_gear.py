"""The house game's gear and harm at the keyboard, as hack's: g refuses what the template can't
use, t takes armor first, H uses a kit, 0 HP opens Last Breath, Readiness spent on Defend's
options and lost to a Clash."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from hearthroll.tui.screens.options import OptionsPicker
from hearthroll.tui.screens.palette import MovePalette
from hearthroll.tui.table import TableScreen
from test_tui_helpers import demo, settle, shown, type_into

SIZE = (110, 34)


async def test_house_gear_refused_for_an_ogre_and_given_to_her(tmp_path: Path) -> None:
    app = demo(tmp_path / "data")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("2")  # Isolde, the ogre
        await pilot.press("g")
        await pilot.pause()
        await type_into(pilot, "#item", "heavy armor")
        await pilot.press("enter")
        await pilot.pause()
        assert shown(app, "#error") == (
            "Isolde cannot use Heavy armor: the gear rules bar it from ogres"
        )
        await type_into(pilot, "#item", "shield")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert "armor 2 · load 3/8" in shown(app, "#sheet")


async def test_house_damage_soaks_armor_a_kit_heals_and_last_breath_opens(
    tmp_path: Path,
) -> None:
    app = demo(tmp_path / "data", faces=[4])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("3")  # Wren, the automaton: a repair kit
        await pilot.press("t")
        await type_into(pilot, "#line", "6")
        await pilot.press("enter")
        await settle(pilot, app)
        assert "HP 4/10" in shown(app, "#sheet")
        await pilot.press("H")
        await type_into(pilot, "#line", "repair kit")
        await pilot.press("enter")
        await settle(pilot, app)
        await type_into(pilot, "#faces", "1,2")  # the kit's dice, asked: real ones typed
        await pilot.press("enter")
        await settle(pilot, app)
        assert "HP 8/10" in shown(app, "#sheet")  # 2d3+1 on 1, 2
        await pilot.press("1", "t")  # Brannoc: medium armor and shield, 3
        await type_into(pilot, "#line", "30")
        await pilot.press("enter")
        await settle(pilot, app)
        await settle(pilot, app)
        assert app.live is not None
        assert app.live.events[-1].results[0] == "Brannoc takes 30 − 3 armor = 27: HP 10 → 0"
        palette = app.screen
        assert isinstance(palette, MovePalette)
        assert "Brannoc is at 0 HP: Last Breath waits" in str(
            palette.query_one("#palette-title", Static).content
        )
        await pilot.press("enter")
        for _ in range(100):
            await settle(pilot, app)
            if app.live.events[-1].kind == "move":
                break
        assert app.live.events[-1].move == "last_breath"
        assert app.live.state.characters["Brannoc"].waits == ""


async def test_house_readiness_spent_on_an_option_then_lost_to_a_clash(tmp_path: Path) -> None:
    app = demo(tmp_path / "data", faces=[6, 5, 5, 3])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"defend", "enter")
        await settle(pilot, app)
        assert app.live is not None
        assert app.live.state.characters["Brannoc"].holds == {"readiness": 3}
        await pilot.press("h")
        await pilot.pause()
        await type_into(pilot, "#amount", "-1")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, OptionsPicker)
        await pilot.press("2", "enter")
        await settle(pilot, app)
        assert app.live.state.characters["Brannoc"].holds == {"readiness": 2}
        await pilot.press("slash", *"clash", "enter")  # the 2nd RISKY move: 2 dice
        await settle(pilot, app)
        assert app.live.state.characters["Brannoc"].holds == {}
        tray = shown(app, "#tray-roll")
        assert "Readiness 2 → 0" in tray and "damage with Weapon: 1d6 = [3] = 3" in tray
