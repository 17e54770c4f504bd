"""Nothing rolls by accident: an empty palette rolls nothing, an option list asks for exactly
its picks, and a ticked box looks nothing like an unticked one."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import SelectionList

from hearthroll.tui.screens.options import OptionsPicker
from hearthroll.tui.screens.palette import MovePalette
from hearthroll.tui.table import TableScreen
from test_tui_helpers import demo, settle, shown, type_into

SIZE = (100, 32)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


async def test_enter_on_an_empty_palette_rolls_nothing(data_dir: Path) -> None:
    app = demo(data_dir, faces=[6])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("slash", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, MovePalette)
        assert app.live is not None and app.live.state.history.events == 0
        assert app.live.state.steading is not None
        assert app.live.state.steading.season == "spring"


async def test_a_move_reached_with_the_arrows_rolls(data_dir: Path) -> None:
    app = demo(data_dir, faces=[6, 6, 6])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("slash", "down", "up", "enter")
        await settle(pilot, app)
        assert not isinstance(app.screen, MovePalette)  # the GM aimed: it rolled


async def test_muster_s_pick_2_says_how_many_are_left(data_dir: Path) -> None:
    app = demo(data_dir, faces=[6, 6])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("slash", "m", "u", "s", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, OptionsPicker)
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, OptionsPicker)
        assert "pick 2 more (0 of 2 ticked)" in shown(app, "#error")
        await pilot.press("1", "enter")
        await settle(pilot, app)
        assert "pick 1 more (1 of 2 ticked)" in shown(app, "#error")
        assert app.live is not None and app.live.state.history.events == 0
        await pilot.press("2", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert len(app.live.events[-1].options) == 2


async def test_a_ticked_box_and_an_unticked_one_look_different(data_dir: Path) -> None:
    app = demo(data_dir, faces=[6, 6])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("slash", "m", "u", "s", "enter")
        await settle(pilot, app)
        await pilot.press("1")
        await pilot.pause()
        picks = app.screen.query_one("#list-0", SelectionList)
        ticked = picks.get_component_rich_style("selection-list--button-selected")
        unticked = picks.get_component_rich_style("selection-list--button")
        assert ticked.bgcolor != unticked.bgcolor
        assert unticked.color == unticked.bgcolor  # an empty box: no mark shows


async def test_the_tray_says_what_a_level_up_and_a_season_did(data_dir: Path) -> None:
    app = demo(data_dir, faces=[6])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        await type_into(pilot, "#path", "Brannoc.xp")
        await pilot.press("enter")
        await type_into(pilot, "#value", "+7")
        await pilot.press("enter")
        await settle(pilot, app)
        await pilot.press("slash", "l", "e", "v", "e", "l", "enter")
        await settle(pilot, app)
        tray = shown(app, "#tray-roll")
        assert "level 2 → 3" in tray and "XP 10 → 0" in tray
        await pilot.press("slash", "s", "e", "a", "s", "enter")
        await settle(pilot, app)
        assert "season spring → summer" in shown(app, "#tray-roll")
