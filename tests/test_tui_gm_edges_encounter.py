"""The encounter from the keyboard, at 80×24: E ends it, X marks it with no way out (and opens
one again), each refused in the engine's words when there is no fight; a fighter who has taken
their turn this round is not rushed into the breaking point's Flee."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from hearthroll.core.verbs import edits
from hearthroll.tui.screens.help import HelpScreen
from hearthroll.tui.screens.palette import MovePalette
from hearthroll.tui.table import TableScreen
from test_tui_encounter import ford
from test_tui_helpers import plain, settle, shown

SIZE = (80, 24)


async def test_x_closes_the_way_out_and_opens_it_again(tmp_path: Path) -> None:
    app = ford(tmp_path, [])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert app.live is not None
        await pilot.press("X")
        await settle(pilot, app)
        fight = app.live.state.encounter
        assert fight is not None and fight.no_way_out
        assert app.live.events[-1].results == ("no way out: no one can flee or break off",)
        await pilot.press("X")
        await settle(pilot, app)
        fight = app.live.state.encounter
        assert fight is not None and not fight.no_way_out


async def test_e_ends_the_encounter_and_then_says_why_not(tmp_path: Path) -> None:
    app = ford(tmp_path, [])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert app.live is not None
        await pilot.press("E")
        await settle(pilot, app)
        assert app.live.state.encounter is None
        assert "the encounter ends after 1 round" in app.live.events[-1].results
        for key in ("E", "X"):
            await pilot.press(key)
            await settle(pilot, app)
            assert f"{key}: no encounter: f adds a foe" in shown(app, "#status")
        assert len(app.live.events) == 1


async def test_the_help_and_the_footer_name_the_encounter_keys(tmp_path: Path) -> None:
    app = ford(tmp_path, [])
    async with app.run_test(size=(200, 60)) as pilot:
        await settle(pilot, app)
        footer = {
            b.binding.description for b in app.screen.active_bindings.values() if b.binding.show
        }
        assert {"End fight", "No way out"} <= footer
        await pilot.press("question_mark")
        await settle(pilot, app)
        assert isinstance(app.screen, HelpScreen)
        words = plain(app.screen.query_one("#help Static", Static).content)
        assert "end the encounter" in words and "no way out" in words


async def test_a_fighter_who_has_acted_flees_next_round_not_now(tmp_path: Path) -> None:
    app = ford(tmp_path, [15, 3])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        table = app.screen
        assert isinstance(table, TableScreen) and app.live is not None
        await pilot.press("3", "slash", *"kick", "enter")
        await settle(pilot, app)
        ruleset = app.live.ruleset
        table.run_verb(
            lambda: edits.set_field(table.live.state, ruleset, "Wren.breaking_point", "10")
        )
        await settle(pilot, app)
        table.run_verb(lambda: edits.set_field(table.live.state, ruleset, "Wren.health", "9"))
        await settle(pilot, app)
        assert not isinstance(app.screen, MovePalette)
        said = [n.message for n in app._notifications]
        assert any("waits for the next round" in m for m in said), said


async def test_the_maneuvers_help_lists_only_keys_the_game_has(tmp_path: Path) -> None:
    app = ford(tmp_path, [])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("question_mark")
        await settle(pilot, app)
        words = plain(app.screen.query_one("#help Static", Static).content)
        assert "Preparation" not in words and "F5" not in words
        assert "Push" not in words and "Reroll" not in words


async def test_break_off_asks_whom_the_foe_turns_on_when_two_others_fight(
    tmp_path: Path,
) -> None:
    app = ford(tmp_path, [15])  # Wren (Dex 16) against the aimed Bandit (Dex 12): 15 + 8
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert app.live is not None
        await pilot.press("3", "slash", *"break off", "enter")
        await settle(pilot, app)
        assert not isinstance(app.screen, TableScreen)
        asked = " ".join(plain(w.content) for w in app.screen.query(Static))
        assert "whom the foe turns on, if it works" in asked, asked
        await pilot.press("down", "enter")  # Brannoc, Isolde: the second
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        fight = app.live.state.encounter
        assert fight is not None and fight.foes["Bandit"].attacking == "Isolde"
        assert "Bandit turns on Isolde" in app.live.events[-1].results
