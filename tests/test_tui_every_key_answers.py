"""Every key answers: a key that cannot act says why in the status line, undo and redo say
which event they reverted, the footer offers only what can be done now, and 1-9 tick a plan."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Footer

from hearthroll.tui.table import TableScreen
from test_tui_helpers import demo, settle, shown, type_into

SIZE = (100, 32)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


def footer_keys(app: object) -> set[str]:
    from textual.app import App

    assert isinstance(app, App)
    screen = app.screen
    return {b.key for _, b, enabled, _ in screen.active_bindings.values() if enabled and b.show}


async def test_level_up_without_the_xp_says_how_much_is_missing(data_dir: Path) -> None:
    app = demo(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("L")
        await settle(pilot, app)
        assert "L: Brannoc needs 10 XP, has 3" in shown(app, "#status")
        assert app.live is not None and app.live.state.history.events == 0


async def test_reroll_and_accept_with_no_bust_say_so(data_dir: Path) -> None:
    app = demo(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("r")
        await settle(pilot, app)
        assert "r: no bust waits to be rerolled" in shown(app, "#status")
        await pilot.press("a")
        await settle(pilot, app)
        assert "a: no bust waits to be accepted" in shown(app, "#status")
        await pilot.press("s")
        await settle(pilot, app)
        assert "s: no turn is open to stop" in shown(app, "#status")


async def test_undo_and_redo_say_which_event(data_dir: Path) -> None:
    app = demo(data_dir, faces=[4, 3])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("slash", "c", "l", "a", "s", "h", "enter")
        await settle(pilot, app)
        await pilot.press("u")
        await settle(pilot, app)
        assert "undid #1 Clash" in shown(app, "#status")
        await pilot.press("U")
        await settle(pilot, app)
        assert "redid #1 Clash" in shown(app, "#status")
        await pilot.press("x")
        await settle(pilot, app)
        assert "redid" not in shown(app, "#status")  # the next event clears it
        await pilot.press("u", "u", "u")
        await settle(pilot, app)
        assert "undo: nothing to undo" in shown(app, "#status")


async def test_the_footer_offers_reroll_only_with_rerolls_left(data_dir: Path) -> None:
    app = demo(data_dir, faces=[1, 1, 1])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert "r" not in footer_keys(app) and "L" not in footer_keys(app)
        assert app.live is not None
        state = app.live.state
        brannoc = state.characters["Brannoc"]
        import attrs

        prepared = attrs.evolve(brannoc, rerolls_left=0, holds={"preparation": 1})
        # no reroll left, and Preparation that could lift the 1: the bust waits
        app.live.state = attrs.evolve(state, characters={**state.characters, "Brannoc": prepared})
        await pilot.press("slash", "c", "l", "a", "s", "h", "enter")
        await settle(pilot, app)
        assert app.live.state.turn.status == "bust_pending"
        assert "a" in footer_keys(app)
        assert "r" not in footer_keys(app)
        await pilot.press("r")
        await settle(pilot, app)
        assert "Brannoc has no rerolls left" in shown(app, "#status")
        assert app.live.state.turn.status == "bust_pending"
        assert isinstance(app.screen.query_one(Footer), Footer)


async def test_number_keys_tick_a_plan_s_boxes(data_dir: Path) -> None:
    app = demo(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await type_into(pilot, "#name", "Mend the mill")
        await pilot.press("enter")
        await type_into(pilot, "#requirements", "timber; a mason")
        await pilot.press("enter")
        await settle(pilot, app)
        await pilot.press("k", "2", "enter")
        await settle(pilot, app)
        assert app.live is not None and app.live.state.steading is not None
        (plan,) = app.live.state.steading.plans
        assert [r.done for r in plan.requirements] == [False, True]
