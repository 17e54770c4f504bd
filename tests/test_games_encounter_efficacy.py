"""Efficacy (`core/games/encounter/efficacy.py`, readings 34 and 40): per character and
maneuver from 0, checked below 80 (d100 ≤ efficacy), raised by practice (5, or what the GM
gives) and by use in a fight (1), never above 100."""

from __future__ import annotations

import attrs
import pytest

from hearthroll.core.campaign.state import Character
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import RuleError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.games.encounter.efficacy import (
    checks_efficacy,
    efficacy_of,
    gain_on_use,
    practice,
    raise_efficacy,
)
from hearthroll.core.games.encounter.maneuvers import make_maneuver
from hearthroll.store.rulesets import load_catalog

MANEUVERS = load_catalog(with_user=False).ruleset("maneuvers")
FORD = demo_campaign(MANEUVERS)
WREN = FORD.characters["Wren"]  # kick 80, trip 75, disarm 30, rescue 20
KICK = MANEUVERS.move("maneuvers_kick")
TRIP = MANEUVERS.move("maneuvers_trip")
BASH = MANEUVERS.move("maneuvers_bash")
FLEE = MANEUVERS.move("maneuvers_flee")
BANDIT = FORD.encounter.foes["Bandit"] if FORD.encounter else None


def skilled(trip: int) -> Character:
    return attrs.evolve(WREN, efficacy={**WREN.efficacy, "maneuvers_trip": trip})


def test_efficacy_is_the_sheet_s_and_starts_at_zero() -> None:
    assert efficacy_of(MANEUVERS, WREN, TRIP) == 75
    assert efficacy_of(MANEUVERS, WREN, BASH) == 0


def test_only_efficacy_below_eighty_is_checked() -> None:
    assert checks_efficacy(MANEUVERS, WREN, TRIP)
    assert not checks_efficacy(MANEUVERS, WREN, KICK)
    assert checks_efficacy(MANEUVERS, skilled(79), TRIP)
    assert not checks_efficacy(MANEUVERS, skilled(80), TRIP)
    assert not checks_efficacy(MANEUVERS, WREN, FLEE)


def test_practice_raises_by_five_or_what_the_gm_gives() -> None:
    trained, words = practice(MANEUVERS, WREN, TRIP)
    assert trained.efficacy["maneuvers_trip"] == 80
    assert words == ["Trip efficacy 75 → 80"]
    trained, _ = practice(MANEUVERS, WREN, TRIP, 2)
    assert trained.efficacy["maneuvers_trip"] == 77


def test_efficacy_never_passes_a_hundred() -> None:
    trained, words = raise_efficacy(MANEUVERS, skilled(98), TRIP, 5)
    assert trained.efficacy["maneuvers_trip"] == 100
    assert words == ["Trip efficacy 98 → 100"]
    top = skilled(100)
    assert raise_efficacy(MANEUVERS, top, TRIP, 5) == (
        top,
        ["Trip efficacy is 100 already, the most it can be"],
    )


def test_practice_of_nothing_or_of_a_move_without_efficacy_is_refused() -> None:
    with pytest.raises(RuleError, match=r"^practice raises efficacy by 1 or more, not 0$"):
        practice(MANEUVERS, WREN, TRIP, 0)
    with pytest.raises(RuleError, match=r"^Flee has no efficacy to practise$"):
        practice(MANEUVERS, WREN, FLEE)


def test_a_maneuver_used_in_a_fight_gains_one() -> None:
    state, words = gain_on_use(FORD, MANEUVERS, TRIP, WREN)
    assert state.characters["Wren"].efficacy["maneuvers_trip"] == 76
    assert words == ["Trip efficacy 75 → 76 (used in a fight)"]
    assert gain_on_use(FORD, MANEUVERS, FLEE, WREN) == (FORD, [])


@pytest.mark.parametrize(("face", "lands"), [(75, True), (76, False)])
def test_below_eighty_the_d100_must_be_at_most_the_efficacy(face: int, lands: bool) -> None:
    made = make_maneuver(
        FORD,
        MANEUVERS,
        TRIP,
        WREN,
        BANDIT,
        TypedDice([face, 20]),
        TypedDice([1]),
    )
    assert made.dice == ((face, 20) if lands else (face,))
    assert made.band == ("hit" if lands else "efficacy_fail")
    said = f"efficacy 75: d100 {face} ≤ 75" if lands else f"efficacy 75: d100 {face} > 75, it fails"
    assert said in made.words
    assert made.state.characters["Wren"].meters["stamina"] == 48
