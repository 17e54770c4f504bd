"""The clocks key `K` (`tui.commands.clocks`): every game offers it and it can always act; the
one line typed is read as a clock verb (new, advance N, roll / ODDS, clear, drop), and a line it
cannot read is refused with the forms."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import HearthrollError
from hearthroll.core.games.demo import demo_campaign, new_campaign
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.commands import Seat, clocks
from hearthroll.tui.screens.prompt import LinePrompt
from hearthroll.tui.table import TableScreen
from test_tui_helpers import demo, settle, shown

CATALOG = load_catalog(with_user=False)
GAMES = ["house", "hack", "starforged", "maneuvers"]
SIZE = (100, 32)


def with_clock(line: str) -> Campaign:
    """The house demo after one clocks line."""
    state = demo_campaign(CATALOG.ruleset("house"))
    return clocks.clock_verb(state, line, TypedDice(())).state


@pytest.mark.parametrize("game", GAMES)
def test_every_game_offers_clocks_and_they_can_act_even_with_no_party(game: str) -> None:
    ruleset = CATALOG.ruleset(game)
    empty = new_campaign(ruleset)
    assert clocks.CLOCKS.offered(empty, ruleset) is None
    assert clocks.CLOCKS.why_not(Seat(empty, ruleset, None)) is None
    assert clocks.CLOCKS.refusal(Seat(demo_campaign(ruleset), ruleset, None)) is None


def test_a_new_line_names_the_size_and_the_kind() -> None:
    state = with_clock("new Winter comes / 8 campaign")
    (clock,) = state.clocks or ()
    assert (clock.name, clock.segments, clock.kind, clock.filled) == (
        "Winter comes",
        8,
        "campaign",
        0,
    )
    (tension,) = with_clock("new Raiders / 6").clocks or ()
    assert tension.kind == "tension"


def test_advance_reads_a_last_number_as_times_and_other_words_as_the_name() -> None:
    state = with_clock("new Raiders / 6")
    dice = TypedDice(())
    three = clocks.clock_verb(state, "advance Raiders 3", dice).state
    assert [c.filled for c in three.clocks or ()] == [3]
    named = clocks.clock_verb(with_clock("new The Pale King / 4"), "advance The Pale King", dice)
    assert [c.filled for c in named.state.clocks or ()] == [1]


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("new Storm / six", "a clock's segments are a number (4, 6, 8 or 10), not 'six'"),
        ("grow Storm", f"say what happens to a clock: {clocks.CLOCK_HELP}"),
        ("new Storm", f"say what happens to a clock: {clocks.CLOCK_HELP}"),
        ("roll Storm", f"say what happens to a clock: {clocks.CLOCK_HELP}"),
        ("clear Storm / 4", f"say what happens to a clock: {clocks.CLOCK_HELP}"),
    ],
)
def test_a_line_that_is_no_clock_verb_is_refused_in_words(line: str, words: str) -> None:
    state = demo_campaign(CATALOG.ruleset("house"))
    with pytest.raises(HearthrollError) as refused:
        clocks.clock_verb(state, line, TypedDice(()))
    assert str(refused.value) == words


async def say(pilot: Pilot[None], app: HearthrollApp, line: str) -> None:
    """K, then one line of what happens to a clock."""
    await pilot.press("K")
    await settle(pilot, app)
    assert isinstance(app.screen, LinePrompt)
    app.screen.query_one("#line", Input).value = line
    await pilot.press("enter")
    await settle(pilot, app)


async def test_k_rolls_a_clock_forward_on_a_yes_then_clears_and_drops_it(tmp_path: Path) -> None:
    app = demo(tmp_path / "data", faces=[10, 90])  # the d100: a yes at likely, then a no
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert app.live is not None
        await say(pilot, app, "new Raiders / 4")
        await say(pilot, app, "roll Raiders / likely")
        assert isinstance(app.screen, TableScreen)
        assert [c.filled for c in app.live.state.clocks or ()] == [1]
        assert app.live.events[-1].dice == (10,)
        await say(pilot, app, "roll Raiders / likely")
        assert [c.filled for c in app.live.state.clocks or ()] == [1]
        assert "Raiders holds at ▰▱▱▱ 1/4" in app.live.events[-1].results
        await say(pilot, app, "clear Raiders")
        assert [c.filled for c in app.live.state.clocks or ()] == [0]
        await say(pilot, app, "drop Raiders")
        assert app.live.state.clocks is None
        assert app.live.state.history.events == 5


async def test_k_refuses_an_unknown_clock_in_place_and_escape_leaves_the_campaign(
    tmp_path: Path,
) -> None:
    app = demo(tmp_path / "data")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await say(pilot, app, "advance Nobody")
        assert isinstance(app.screen, LinePrompt)
        assert "no clock named 'Nobody' (clocks: none yet)" in shown(app, "#error")
        await pilot.press("escape")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert app.live is not None and app.live.state.history.events == 0
