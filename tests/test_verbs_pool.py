"""The pool turn's verbs (`core/verbs/pool.py`, readings 1-8) as the table sees them: the reason
each of accept, stop, reroll and Preparation cannot act now, the words of a bust that waits and
of one that stands at once, the accept and the stop as events, Preparation refused on a roll that
has landed, and Take Watch's success with no 6 split by its highest kept die."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import TurnError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import pool
from hearthroll.core.verbs.session import make_move
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HOUSE = CATALOG.ruleset("house")
HACK = CATALOG.ruleset("hack")
MILLBROOK = demo_campaign(HOUSE)  # Brannoc: level 2, 2 rerolls, XP 3; Wren: level 1


def clash(state: Campaign, who: str, faces: list[int], effect: tuple[int, ...] = ()) -> Outcome:
    """A Clash with typed faces, and the weapon's damage die (`effect`) where it lands."""
    return make_move(
        state, HOUSE, "clash", TypedDice(faces), actor=who, effect_dice=TypedDice(effect)
    )


def test_with_no_turn_open_each_pool_verb_says_why_it_cannot_act() -> None:
    assert pool.accept_refusal(MILLBROOK) == "no bust waits to be accepted"
    assert pool.stop_refusal(MILLBROOK) == "no turn is open to stop"
    assert pool.reroll_refusal(MILLBROOK, HOUSE) == "no bust waits to be rerolled"
    assert pool.prep_refusal(MILLBROOK, HOUSE) == (
        "Preparation goes on a roll as it is made or on a bust that waits; no bust waits"
    )
    assert (
        pool.prep_refusal(MILLBROOK, HACK)
        == "Hack (2d6 + stat) has no hold that is spent on a roll"
    )


def test_a_bust_that_waits_says_what_can_be_done_and_how_many_rerolls_are_left() -> None:
    bust = clash(MILLBROOK, "Brannoc", [1])
    event = bust.event
    assert (event.pending, event.bust, event.only_ones, event.band, event.label) == (
        True,
        True,
        True,
        "miss",
        "Bust",
    )
    assert (event.dice, event.rerolls_left, event.pool) == ((1,), 2, 1)
    assert event.results == ("bust: reroll or accept it (2 rerolls left)",)
    waiting = bust.state
    assert pool.accept_refusal(waiting) is None
    assert pool.reroll_refusal(waiting, HOUSE) is None
    assert (
        pool.stop_refusal(waiting)
        == "a bust is waiting: reroll it or accept it; a bust cannot be stopped"
    )
    assert pool.prep_refusal(waiting, HOUSE) == "Brannoc holds no Preparation"


def test_an_accepted_bust_pays_its_xp_and_ends_the_turn() -> None:
    accepted = pool.accept(clash(MILLBROOK, "Brannoc", [1]).state, HOUSE, TypedDice([]))
    assert (accepted.event.kind, accepted.event.xp_gained, accepted.event.bust) == (
        "accept",
        1,
        True,
    )
    assert accepted.event.results == ("XP +1 (3 → 4)", "the GM makes a hard move")
    assert accepted.state.turn.status == "busted"
    assert pool.stop_refusal(accepted.state) == (
        "this turn already ended with a bust; rerolls refresh only on a stop"
    )


def test_a_bust_nothing_can_save_stands_at_once_and_says_why() -> None:
    wren = attrs.evolve(MILLBROOK.characters["Wren"], rerolls_left=0)
    state = attrs.evolve(MILLBROOK, characters={**MILLBROOK.characters, "Wren": wren})
    final = clash(state, "Wren", [1])
    assert (final.event.pending, final.event.xp_gained, final.state.turn.status) == (
        False,
        1,
        "busted",
    )
    assert final.event.results == (
        "bust, and it stands (no reroll left, no Preparation to lift it): the turn ends",
        "XP +1 (0 → 1)",
        "the GM makes a hard move",
    )
    assert pool.reroll_refusal(final.state, HOUSE) == "no bust waits to be rerolled"


def test_a_stop_is_an_event_saying_the_rerolls_and_the_pool() -> None:
    rolled = clash(MILLBROOK, "Isolde", [4], (3,))
    assert pool.stop_refusal(rolled.state) is None
    stopped = pool.stop(rolled.state, HOUSE)
    assert (stopped.event.kind, stopped.event.actor, stopped.event.pool) == ("stop", "Isolde", 1)
    assert stopped.event.results == ("rerolls 1 → 1", "the pool resets")
    assert stopped.state.turn.actor is None


def test_preparation_on_a_roll_that_has_landed_says_when_it_goes_in_each_screen_s_words() -> None:
    landed = clash(MILLBROOK, "Isolde", [4], (3,)).state
    with pytest.raises(TurnError) as refused:
        pool.prep(landed, HOUSE, 1, TypedDice([]))
    assert str(refused.value) == (
        "Preparation goes on a roll as it is made (move ... --prep N) or on a bust that waits; "
        "this roll has landed already"
    )
    assert refused.value.at_table == (
        "Preparation goes on a roll as it is made (F5 in the palette) or on a bust that waits "
        "(+); this roll has landed already"
    )


@pytest.mark.parametrize(
    ("faces", "band", "label"),
    [
        ([6], "strong", "Success with a 6"),
        ([5], "weak_high", "No 6, best die 5"),
        ([3], "weak_low", "No 6, best die 2–4"),
        ([2], "weak_low", "No 6, best die 2–4"),
    ],
)
def test_take_watch_splits_a_success_with_no_six_by_its_best_kept_die(
    faces: list[int], band: str, label: str
) -> None:
    watched = make_move(MILLBROOK, HOUSE, "take watch", TypedDice(faces), actor="Wren")
    assert (watched.event.band, watched.event.label) == (band, label)


@settings(deadline=None)
@given(st.integers(1, 6), st.integers(1, 6))
def test_a_first_risky_move_s_one_die_busts_on_a_one_and_lands_otherwise(
    face: int, damage: int
) -> None:
    made = clash(MILLBROOK, "Brannoc", [face], (damage,))
    turn = made.state.turn
    assert (turn.actor, turn.pushes) == ("Brannoc", 1)
    if face == 1:
        assert made.event.pending and turn.status == "bust_pending"
        assert pool.accept_refusal(made.state) is None
    else:
        assert not made.event.bust and turn.status == "open"
        assert made.event.band == ("strong" if face == 6 else "weak")
        assert pool.accept_refusal(made.state) == "no bust waits to be accepted"
        assert pool.stop_refusal(made.state) is None


def test_preparation_with_no_roll_made_says_no_roll_waits() -> None:
    with pytest.raises(TurnError) as refused:
        pool.prep(MILLBROOK, HOUSE, 1, TypedDice([]))
    assert str(refused.value).endswith("or on a bust that waits; no roll waits")
