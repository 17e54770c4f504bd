"""The clock verbs (`core/verbs/clocks.py`): each is one `clock` event numbered after the last,
with one delta on the campaign's clocks and its words; a full clock is refused before any die is
rolled; striking one clock leaves the others in their order."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.deltas import Delta, apply
from hearthroll.core.campaign.state import Campaign, Clock
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import RuleError
from hearthroll.core.games import bounds
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import clocks as clock_verbs
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HACK = CATALOG.ruleset("hack")
ROAD = demo_campaign(HACK)


def two_clocks() -> Campaign:
    state = clock_verbs.new_clock(ROAD, "Storm", 4).state
    return clock_verbs.new_clock(state, "Hunger", 6, "campaign").state


def test_a_new_clock_is_one_event_with_one_delta_on_the_clocks() -> None:
    outcome = clock_verbs.new_clock(ROAD, "Storm", 4)
    assert outcome.event.kind == "clock"
    assert outcome.event.seq == ROAD.history.events + 1
    assert outcome.event.results == ("new clock: Storm (tension) ▱▱▱▱ 0/4",)
    assert outcome.event.deltas == (Delta(("clocks",), None, (Clock("Storm", 4),)),)
    assert outcome.state.history.undo[-1] == outcome.event.seq


def test_a_full_clock_is_refused_before_the_oracle_rolls() -> None:
    state = clock_verbs.advance_clock(two_clocks(), "Hunger", 6).state
    dice = TypedDice([50])
    with pytest.raises(RuleError, match=r"^Hunger is full: it has come to pass$"):
        clock_verbs.roll_clock(state, "Hunger", "likely", dice)
    assert dice.used == 0


def test_a_roll_to_advance_at_odds_the_oracle_lacks_is_refused() -> None:
    with pytest.raises(RuleError) as refused:
        clock_verbs.roll_clock(two_clocks(), "Hunger", "maybe", TypedDice([44]))
    assert str(refused.value) == (
        "no odds 'maybe': ask with almost certain, likely, 50/50, unlikely, small chance"
    )


def test_a_yes_on_the_roll_says_the_oracle_s_words_then_the_filled_segment() -> None:
    outcome = clock_verbs.roll_clock(two_clocks(), "hunger", "50/50", TypedDice([44]))
    assert (outcome.event.dice, outcome.event.total, outcome.event.match) == ((44,), 44, True)
    assert outcome.event.results == (
        "Ask the Oracle (50/50: 50 or under) d100 = 44 → yes, a match: an extreme answer, "
        "or a twist",
        "Hunger: ▱▱▱▱▱▱ 0/6 → ▰▱▱▱▱▱ 1/6",
    )


def test_clearing_says_the_empty_clock_and_leaves_the_others_alone() -> None:
    state = clock_verbs.advance_clock(two_clocks(), "Storm", 3).state
    outcome = clock_verbs.clear_clock(state, "STORM")
    assert outcome.event.results == ("Storm is cleared: ▱▱▱▱ 0/4",)
    assert outcome.state.clocks == (Clock("Storm", 4), Clock("Hunger", 6, "campaign"))


def test_striking_one_clock_of_two_keeps_the_other() -> None:
    outcome = clock_verbs.drop_clock(two_clocks(), "storm")
    assert outcome.state.clocks == (Clock("Hunger", 6, "campaign"),)
    assert outcome.event.results == ("Storm is struck",)


VERBS = st.lists(
    st.tuples(
        st.sampled_from(("new", "advance", "roll", "clear", "drop")),
        st.sampled_from(("Storm", "Hunger")),
        st.integers(1, 100),
    ),
    max_size=10,
)


@settings(max_examples=40, deadline=None)
@given(VERBS)
def test_every_clock_verb_keeps_the_sheet_in_bounds_and_is_undone_exactly(
    steps: list[tuple[str, str, int]],
) -> None:
    state = ROAD
    for verb, name, number in steps:
        try:
            if verb == "new":
                outcome = clock_verbs.new_clock(state, name, (4, 6, 8, 10)[number % 4])
            elif verb == "advance":
                outcome = clock_verbs.advance_clock(state, name, number % 5 + 1)
            elif verb == "roll":
                outcome = clock_verbs.roll_clock(state, name, "50/50", TypedDice([number]))
            elif verb == "clear":
                outcome = clock_verbs.clear_clock(state, name)
            else:
                outcome = clock_verbs.drop_clock(state, name)
        except RuleError:
            continue
        assert bounds.problems(outcome.state, HACK) == []
        undone = apply(outcome.state, outcome.event.deltas, forward=False)
        assert undone.clocks == state.clocks
        state = outcome.state
