"""The pool turn's questions and refusals (`core/games/pool_turn.py`, readings 1-8) that the
readings' own tests leave aside: whether Preparation held could still lift a bust, when a bust
stands at once, the next pool of a turn another character has going, the refusals in words, the
hold a ruleset spends on a roll, and a turn's bookkeeping under any sequence of steps."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.state import TurnState
from hearthroll.core.dice.mechanics import BUST
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import BustWaits, HearthrollError, RuleError, TurnError
from hearthroll.core.games import holds, pool_turn
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.games.stage import Attempt
from hearthroll.core.rules.model import Hold
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HOUSE = CATALOG.ruleset("house")
HACK = CATALOG.ruleset("hack")
PREPARATION = holds.on_roll(HOUSE)  # +1 a point, at most 1 a roll


def second_push(faces: list[int], rerolls: int = 0) -> pool_turn.Turn:
    """A turn whose second RISKY move rolled `faces` (the first rolled a 3)."""
    return pool_turn.push(
        pool_turn.push(pool_turn.start(1, rerolls), TypedDice([3])), TypedDice(faces)
    )


def test_one_point_of_preparation_could_lift_a_single_kept_one_and_not_two() -> None:
    one = second_push([1, 4])
    assert pool_turn.could_lift(one, 1, PREPARATION)
    assert not pool_turn.could_lift(one, 0, PREPARATION)
    assert not pool_turn.could_lift(one, 1, None)
    two = second_push([1, 1])
    assert not pool_turn.could_lift(two, 5, PREPARATION)  # at most 1 a roll


def test_a_hold_s_points_left_this_roll_bound_what_it_could_lift() -> None:
    luck = holds.RollHold(Hold(id="luck", name="Luck"), 2, None)  # no limit a roll
    two = second_push([1, 1])
    assert pool_turn.could_lift(two, 2, luck)
    assert not pool_turn.could_lift(two, 1, luck)
    twice = holds.RollHold(Hold(id="luck", name="Luck"), 1, 2)  # at most 2 a roll
    assert pool_turn.could_lift(two, 3, twice)
    lifted = pool_turn.prepare(two, 1)  # one 1 left, and one point of the roll's 2
    assert lifted.last is not None and (lifted.last.ones, lifted.last.boosts) == (1, 1)
    assert pool_turn.could_lift(lifted, 3, twice)
    assert not pool_turn.could_lift(lifted, 3, PREPARATION)


def test_a_bust_with_no_reroll_and_nothing_to_lift_it_stands_at_once() -> None:
    bust = second_push([1, 4])
    assert pool_turn.bust_stands(bust, 0, PREPARATION)
    assert not pool_turn.bust_stands(bust, 1, PREPARATION)
    assert not pool_turn.bust_stands(second_push([1, 4], rerolls=1), 0, PREPARATION)
    assert not pool_turn.bust_stands(second_push([2, 4]), 0, PREPARATION)


def test_the_reasons_a_bust_cannot_be_rerolled_name_the_character() -> None:
    assert pool_turn.why_no_reroll(second_push([1, 4]), "Brannoc") == (
        "Brannoc has no rerolls left: accept the bust"
    )
    assert pool_turn.why_no_reroll(second_push([1, 4])) == (
        "the character has no rerolls left: accept the bust"
    )
    capped = pool_turn.push(pool_turn.start(2, 2, rerolls_per_roll=1), TypedDice([1]))
    capped = pool_turn.reroll(capped, TypedDice([1]))
    assert pool_turn.why_no_reroll(capped) == "this roll has had its 1 reroll: accept the bust"
    assert pool_turn.why_no_reroll(second_push([1, 4], rerolls=1)) is None


def test_the_next_pool_is_one_more_than_the_pushes_of_the_actor_s_own_turn() -> None:
    going = TurnState(actor="Brannoc", pushes=2)
    assert pool_turn.pool_for(going, "Brannoc") == 3
    assert pool_turn.pool_for(going, "Isolde") == 1
    assert pool_turn.pool_for(going, None) == 1
    assert pool_turn.pool_for(TurnState(actor="Brannoc", pushes=2, status="busted"), "Brannoc") == 1


def test_a_turn_that_cannot_stop_or_start_again_says_why() -> None:
    assert pool_turn.stop_refusal("open") is None
    assert pool_turn.stop_refusal("bust_pending") == (
        "a bust is waiting: reroll it or accept it; a bust cannot be stopped"
    )
    assert pool_turn.stop_refusal("busted") == (
        "this turn already ended with a bust; rerolls refresh only on a stop"
    )
    with pytest.raises(TurnError, match=r"^a bust is waiting: reroll it or accept it first$"):
        pool_turn.next_turn(second_push([1, 4]))


def test_preparation_is_the_ruleset_s_hold_and_is_refused_where_there_is_none() -> None:
    lifted = pool_turn.prepare(pool_turn.push(pool_turn.start(1, 1), TypedDice([3])), 1, HOUSE)
    assert lifted.last is not None and (lifted.last.kept, lifted.last.boosts) == ((4,), 1)
    with pytest.raises(RuleError) as twice:
        pool_turn.prepare(lifted, 1, HOUSE)
    assert (
        str(twice.value) == "Preparation: at most 1 a roll (once per roll), and this roll has had 1"
    )
    with pytest.raises(
        RuleError, match=r"^Hack \(2d6 \+ stat\) has no hold that is spent on a roll$"
    ):
        pool_turn.prepare(pool_turn.push(pool_turn.start(1, 1), TypedDice([3])), 1, HACK)
    with pytest.raises(TurnError, match=r"^there is no roll to add \+1 to$"):
        pool_turn.prepare(pool_turn.start(1, 1), 1)


def test_only_the_house_game_plays_the_pool_and_nothing_rolls_while_a_bust_waits() -> None:
    assert pool_turn.plays_pool(HOUSE)
    assert not any(
        pool_turn.plays_pool(CATALOG.ruleset(g)) for g in ("hack", "starforged", "maneuvers")
    )
    village = demo_campaign(HOUSE)
    waiting = attrs.evolve(village, turn=TurnState(actor="Isolde", pushes=1, status="bust_pending"))
    with pytest.raises(BustWaits) as refused:
        pool_turn.check(Attempt(waiting, HOUSE, HOUSE.move("muster"), None))
    assert refused.value.at_table == "Isolde's bust waits: reroll (r) or accept (a) first"
    pool_turn.check(Attempt(village, HOUSE, HOUSE.move("muster"), None))


STEPS = st.lists(
    st.tuples(
        st.sampled_from(["push", "reroll", "accept", "stop", "next", "prepare", "level"]),
        st.lists(st.integers(1, 6), min_size=1, max_size=6),
    ),
    max_size=15,
)


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 3), STEPS)
def test_any_sequence_of_steps_keeps_the_turn_s_bookkeeping(
    level: int, steps: list[tuple[str, list[int]]]
) -> None:
    turn = pool_turn.start(level, level)
    for step, faces in steps:
        try:
            if step == "push":
                turn = pool_turn.push(turn, TypedDice(faces))
            elif step == "reroll":
                turn = pool_turn.reroll(turn, TypedDice(faces))
            elif step == "accept":
                turn, xp = pool_turn.accept(turn)
                assert turn.last is not None and xp == turn.last.ones > 0
            elif step == "stop":
                turn = pool_turn.stop(turn)
            elif step == "next":
                turn = pool_turn.next_turn(turn)
            elif step == "prepare":
                turn = pool_turn.prepare(turn, faces[0] % 3 + 1)
            else:
                turn = pool_turn.level_up(turn)
        except HearthrollError:
            continue
        assert 0 <= turn.rerolls_left <= turn.level
        if turn.last is None:
            assert (turn.pushes, turn.status) == (0, "open")
            continue
        assert len(turn.last.kept) == turn.pushes
        assert (turn.status == "open") == (not turn.last.has(BUST))
