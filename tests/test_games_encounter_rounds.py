"""The encounter's rounds (`core/games/encounter/rounds.py`, readings 16 and 35): one turn per
character per round; at a round's end cooldowns (save the one started that round) and timed
conditions count down and clear at 0; they all go with the encounter when it ends."""

from __future__ import annotations

import attrs
import pytest

from hearthroll.core.campaign.state import Campaign, Character
from hearthroll.core.errors import RuleError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.games.encounter.cost import cost_refusal, pay
from hearthroll.core.games.encounter.foes import put_foe
from hearthroll.core.games.encounter.rounds import (
    end_encounter,
    end_round,
    is_maneuver,
    needs_encounter,
    take_turn,
    turn_refusal,
)
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
MANEUVERS = CATALOG.ruleset("maneuvers")
FORD = demo_campaign(MANEUVERS)
KICK = MANEUVERS.move("maneuvers_kick")  # waits 1 round


def only_wren(wren: Character) -> Campaign:
    return attrs.evolve(FORD, characters={"Wren": wren})


def test_a_maneuver_or_an_escape_is_made_in_an_encounter() -> None:
    assert needs_encounter(KICK)
    assert needs_encounter(MANEUVERS.move("maneuvers_flee"))
    assert is_maneuver(MANEUVERS.move("maneuvers_break_off"))
    point = MANEUVERS.move("maneuvers_breaking_point")
    assert not needs_encounter(point)
    assert not is_maneuver(point)
    hack_and_slash = CATALOG.ruleset("hack").move("hack_hack_and_slash")
    assert not is_maneuver(hack_and_slash)


def test_one_turn_per_character_per_round() -> None:
    assert FORD.encounter is not None
    assert turn_refusal(FORD.encounter, MANEUVERS, "Wren") is None
    acted = take_turn(FORD, "Wren", "maneuvers_kick")
    assert acted.encounter is not None
    assert acted.encounter.acted == {"Wren": "maneuvers_kick"}
    assert turn_refusal(acted.encounter, MANEUVERS, "Wren") == (
        "Wren has taken a turn this round (Kick): end the round first"
    )
    fled = attrs.evolve(FORD.encounter, fled=("Wren",))
    assert turn_refusal(fled, MANEUVERS, "Wren") == "Wren has fled the fight"


def test_taking_a_turn_outside_an_encounter_changes_nothing() -> None:
    calm = attrs.evolve(FORD, encounter=None)
    assert take_turn(calm, "Wren", "maneuvers_kick") is calm


def test_cooldowns_tick_at_the_round_s_end_save_the_one_made_this_round() -> None:
    wren = attrs.evolve(
        FORD.characters["Wren"],
        cooldowns={"maneuvers_kick": 1, "maneuvers_trip": 3, "maneuvers_disarm": 2},
    )
    state = take_turn(only_wren(wren), "Wren", "maneuvers_trip")
    after, words = end_round(state, MANEUVERS)
    assert after.characters["Wren"].cooldowns == {"maneuvers_trip": 3, "maneuvers_disarm": 1}
    assert words[:3] == [
        "round 1 ends; round 2 begins",
        "Wren: Kick ready",
        "Wren: Disarm waits 1 more round",
    ]
    assert after.encounter is not None
    assert (after.encounter.round, after.encounter.acted) == (2, {})


def test_a_maneuver_made_in_round_r_is_ready_in_round_r_plus_cooldown_plus_one() -> None:
    wren, _ = pay(MANEUVERS, KICK, FORD.characters["Wren"])
    state = take_turn(only_wren(wren), "Wren", KICK.id)
    state, _ = end_round(state, MANEUVERS)
    assert cost_refusal(MANEUVERS, KICK, state.characters["Wren"]) == "Kick waits 1 more round"
    state, words = end_round(state, MANEUVERS)
    assert words == ["round 2 ends; round 3 begins", "Wren: Kick ready"]
    assert cost_refusal(MANEUVERS, KICK, state.characters["Wren"]) is None


def test_timed_conditions_count_down_and_clear_and_untimed_ones_stay() -> None:
    wren = attrs.evolve(FORD.characters["Wren"], conditions={"off_balance": 1, "held": 0})
    state = only_wren(wren)
    assert state.encounter is not None
    state = put_foe(state, attrs.evolve(state.encounter.foes["Ogre"], conditions={"stunned": 2}))
    after, words = end_round(state, MANEUVERS)
    assert after.characters["Wren"].conditions == {"held": 0}
    assert after.encounter is not None
    assert after.encounter.foes["Ogre"].conditions == {"stunned": 1}
    assert words == [
        "round 1 ends; round 2 begins",
        "Wren: Off-balance clears",
        "Ogre: Stunned 2 → 1",
    ]


def test_no_round_ends_outside_an_encounter() -> None:
    with pytest.raises(RuleError) as refused:
        end_round(attrs.evolve(FORD, encounter=None), MANEUVERS)
    assert str(refused.value) == "there is no encounter to end a round of: add a foe first"


def test_the_encounter_takes_its_cooldowns_and_timed_conditions_with_it() -> None:
    wren = attrs.evolve(
        FORD.characters["Wren"],
        cooldowns={"maneuvers_kick": 1},
        conditions={"down": 2, "disarmed": 0, "held": 0},
    )
    after, words = end_encounter(only_wren(wren), MANEUVERS)
    assert after.encounter is None
    assert after.characters["Wren"].cooldowns == {}
    assert after.characters["Wren"].conditions == {"held": 0}
    assert words == [
        "the encounter ends after 1 round",
        "Wren: every maneuver ready, timed conditions cleared",
        "Wren takes their weapon out of the pack",
    ]


def test_ending_no_encounter_is_refused() -> None:
    with pytest.raises(RuleError, match=r"^there is no encounter to end$"):
        end_encounter(attrs.evolve(FORD, encounter=None), MANEUVERS)
