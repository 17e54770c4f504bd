"""Preparation spent as the roll is made, from the palette: +1 on a kept die of a pool
(asked with the dice in view), +1 to a community roll."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import SelectionList

from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.screens.dice_input import DiceInput
from hearthroll.tui.screens.options import OptionsPicker
from hearthroll.tui.screens.palette import MovePalette
from hearthroll.tui.table import TableScreen
from test_tui_helpers import demo, settle, shown, type_into

SIZE = (100, 32)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


async def bolster(pilot: Pilot[None], app: HearthrollApp) -> None:
    """Bolster for about a week: 1 Preparation."""
    await pilot.press("slash", *"bolster", "enter")
    await settle(pilot, app)
    await pilot.press("1", "enter")  # the first option: about a week
    await settle(pilot, app)
    assert app.live is not None
    assert app.live.state.characters["Brannoc"].holds == {"preparation": 1}


async def prepared_typed(pilot: Pilot[None], query: str, faces: str) -> None:
    """`/`, the query, F4 (real dice), F5 (Preparation), Enter, then the faces and Enter."""
    await pilot.press("slash", *query, "f4", "f5", "enter")
    await pilot.pause()
    await type_into(pilot, "#faces", faces)
    await pilot.press("enter")
    await pilot.pause()


async def clash_typed(pilot: Pilot[None], app: HearthrollApp, faces: str) -> None:
    """A Clash with real dice: its pool's faces typed, its damage die rolled by the app."""
    await pilot.press("slash", *"clash", "f4", "enter")
    await pilot.pause()
    await type_into(pilot, "#faces", faces)
    await pilot.press("enter")
    await settle(pilot, app)
    assert isinstance(app.screen, DiceInput)
    await pilot.press("enter")  # an empty line: the app rolls the damage die
    await settle(pilot, app)


async def test_the_preparation_toggle_waits_for_preparation(data_dir: Path) -> None:
    app = demo(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("slash")
        await pilot.pause()
        palette = app.screen
        assert isinstance(palette, MovePalette)
        assert "Preparation" not in shown(app, "#toggles")
        await pilot.press("f5")
        assert palette.flags["prepared"] is False
        await pilot.press("escape")
        await bolster(pilot, app)
        await pilot.press("slash")
        await pilot.pause()
        palette = app.screen
        assert isinstance(palette, MovePalette)
        assert "F5 Preparation ☐" in shown(app, "#toggles")
        await pilot.press("f5")
        assert palette.flags["prepared"] is True
        assert "F5 Preparation ☒" in shown(app, "#toggles")


async def test_preparation_on_a_single_kept_one_lifts_the_bust(data_dir: Path) -> None:
    app = demo(data_dir, faces=[4])  # the damage, once the bust is lifted
    async with app.run_test(size=SIZE) as pilot:
        await bolster(pilot, app)
        await prepared_typed(pilot, "clash", "1")
        await settle(pilot, app)
        assert isinstance(app.screen, DiceInput)  # the damage die, asked: Enter rolls it
        assert "damage" in shown(app, ".title")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert app.live is not None
        state = app.live.state
        assert state.turn.status == "open"
        assert state.turn.last is not None and state.turn.last.faces == (2,)
        assert "preparation" not in state.characters["Brannoc"].holds
        tray = shown(app, "#tray-roll")
        assert "SUCCESS, NO 6" in tray
        assert "Preparation: +1 to kept die 1" in tray


async def test_preparation_asks_which_kept_die_with_the_lowest_offered(data_dir: Path) -> None:
    app = demo(data_dir, faces=[3, 2])  # each Clash's damage
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await type_into(pilot, "#amount", "+1")
        await pilot.press("enter")
        await clash_typed(pilot, app, "4")
        await prepared_typed(pilot, "clash", "5,1")
        await settle(pilot, app)
        assert isinstance(app.screen, OptionsPicker)
        assert "which kept die" in shown(app, ".title")
        texts = [str(o.prompt) for o in app.screen.query_one("#list-0", SelectionList).options]
        assert texts == ["kept die 2: [1]", "kept die 1: [5]"]  # the lowest first
        await pilot.press("1", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, DiceInput)  # the damage die
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.live is not None
        state = app.live.state
        assert state.turn.last is not None and state.turn.last.faces == (5, 2)
        assert state.turn.status == "open"
        assert "preparation" not in state.characters["Brannoc"].holds


async def test_escape_at_the_kept_die_question_commits_nothing(data_dir: Path) -> None:
    app = demo(data_dir, faces=[3])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await type_into(pilot, "#amount", "+1")
        await pilot.press("enter")
        await settle(pilot, app)
        await clash_typed(pilot, app, "4")
        assert app.live is not None
        events = app.live.state.history.events
        await prepared_typed(pilot, "clash", "3,1")
        await settle(pilot, app)
        assert isinstance(app.screen, OptionsPicker)
        texts = [str(o.prompt) for o in app.screen.query_one("#list-0", SelectionList).options]
        assert texts[0] == "kept die 2: [1]"  # the lowest kept die first
        await pilot.press("escape")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert app.live.state.history.events == events
        assert app.live.state.characters["Brannoc"].holds == {"preparation": 1}


async def test_preparation_lifts_seasons_change_to_strong(data_dir: Path) -> None:
    app = demo(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await bolster(pilot, app)
        assert app.live is not None and app.live.state.steading is not None
        assert app.live.state.steading.stats["fortunes"] == 1
        await prepared_typed(pilot, "seasons", "5")
        await settle(pilot, app)
        event = app.live.events[-1]
        assert event.move == "seasons_change" and event.band == "strong"
        assert "preparation" not in app.live.state.characters["Brannoc"].holds
        assert "Preparation: +1 to the roll" in shown(app, "#tray-roll")
