"""What a d20 maneuver adds and must reach (`core/games/encounter/terms.py`, readings 16, 37
and 38): a score's modifier (score − 10) // 2, each automatic modifier named, and the exact
chance the maneuver lands as a fraction: P(d100 ≤ efficacy) × P(the d20 hits)."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.games.encounter.terms import Terms, chance, modifier, terms
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
MANEUVERS = CATALOG.ruleset("maneuvers")
HACK = CATALOG.ruleset("hack")
FORD = demo_campaign(MANEUVERS)
FOES = FORD.encounter.foes if FORD.encounter else {}
BANDIT, OGRE = FOES["Bandit"], FOES["Ogre"]  # Bandit: Str 12 Dex 12, two-handed; Ogre: Str 18 Dex 8
WREN, ISOLDE = FORD.characters["Wren"], FORD.characters["Isolde"]  # Wren: Dex 16; Isolde: Str 16


@pytest.mark.parametrize(("score", "mod"), [(1, -5), (9, -1), (10, 0), (11, 0), (16, 3), (20, 5)])
def test_a_score_adds_its_modifier(score: int, mod: int) -> None:
    assert modifier(MANEUVERS, "dex", score) == mod


def test_a_stat_that_is_no_score_adds_itself_and_an_unknown_one_is_read_as_a_score() -> None:
    assert modifier(HACK, "forceful", 2) == 2
    assert modifier(MANEUVERS, "wisdom", 14) == 2


@given(st.integers(-30, 60))
def test_a_score_modifier_is_the_floor_of_half_past_ten(score: int) -> None:
    assert modifier(MANEUVERS, "str", score) == (score - 10) // 2


def test_kick_adds_the_dex_modifier_against_nine() -> None:
    kick = MANEUVERS.move("maneuvers_kick")
    assert terms(MANEUVERS, kick, WREN, BANDIT) == Terms(3, 9, ("+3 Dex",))


def test_trip_subtracts_the_target_s_dex_modifier() -> None:
    trip = MANEUVERS.move("maneuvers_trip")
    assert terms(MANEUVERS, trip, WREN, BANDIT) == Terms(2, 12, ("+3 Dex", "−1 Bandit's Dex"))


def test_disarm_needs_fifteen_against_two_hands_and_adds_a_str_lead() -> None:
    disarm = MANEUVERS.move("maneuvers_disarm")
    assert terms(MANEUVERS, disarm, ISOLDE, BANDIT) == Terms(
        2, 15, ("+0 Dex", "needs 15: two-handed foe", "+2 Str over theirs (16 vs 12)")
    )
    assert terms(MANEUVERS, disarm, ISOLDE, OGRE) == Terms(0, 14, ("+0 Dex",))


def test_flee_adds_twice_the_dex_score_difference() -> None:
    flee = MANEUVERS.move("maneuvers_flee")
    assert terms(MANEUVERS, flee, WREN, OGRE) == Terms(
        16, 11, ("+16 2 × Dex over theirs (16 vs 8)",)
    )
    assert terms(MANEUVERS, flee, WREN, None) == Terms(0, 11, ())


def test_the_chance_of_a_maneuver_unchecked_for_efficacy_is_the_d20_s() -> None:
    kick = MANEUVERS.move("maneuvers_kick")  # Wren's efficacy 80: not checked; 6-20 hit
    assert chance(MANEUVERS, kick, WREN, BANDIT) == Fraction(3, 4)


def test_the_chance_below_eighty_efficacy_is_both_chances_together() -> None:
    trip = MANEUVERS.move("maneuvers_trip")  # efficacy 75; d20 + 2 ≥ 12: 10-20
    assert chance(MANEUVERS, trip, WREN, BANDIT) == Fraction(75, 100) * Fraction(11, 20)
    unskilled = attrs.evolve(WREN, efficacy={})
    assert chance(MANEUVERS, trip, unskilled, BANDIT) == 0


def test_flee_at_minus_four_lands_on_fifteen_up() -> None:
    flee = MANEUVERS.move("maneuvers_flee")
    assert chance(MANEUVERS, flee, ISOLDE, BANDIT) == Fraction(6, 20)


def test_a_move_that_rolls_no_d20_has_no_chance() -> None:
    point = MANEUVERS.move("maneuvers_breaking_point")
    assert chance(MANEUVERS, point, WREN, BANDIT) == Fraction(0)
