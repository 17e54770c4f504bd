"""Why a maneuver cannot be made now (`core/games/encounter/refusals.py`, reading 34), asked
before anything is paid: no encounter, no turn left, no stamina, no gear at hand, no foe to
face, a downed foe, a foe out of reach or not attacking a friend; and the check stage."""

from __future__ import annotations

import attrs
import pytest

from hearthroll.core.campaign.state import Campaign, Character, Foe
from hearthroll.core.errors import RuleError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.games.encounter.refusals import check, refusal
from hearthroll.core.games.encounter.rounds import take_turn
from hearthroll.core.games.stage import Attempt
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
MANEUVERS = CATALOG.ruleset("maneuvers")
FORD = demo_campaign(MANEUVERS)  # the Bandit attacks Brannoc, the (huge) Ogre attacks Wren
FOES = FORD.encounter.foes if FORD.encounter else {}
BANDIT, OGRE = FOES["Bandit"], FOES["Ogre"]
WREN, BRANNOC = FORD.characters["Wren"], FORD.characters["Brannoc"]


def why(move: str, character: Character, foe: Foe | None, state: Campaign = FORD) -> str | None:
    return refusal(state, MANEUVERS, MANEUVERS.move(move), character, foe)


def test_a_maneuver_the_character_can_make_is_not_refused() -> None:
    assert why("maneuvers_kick", WREN, BANDIT) is None
    assert why("maneuvers_bash", BRANNOC, OGRE) is None


def test_a_maneuver_outside_an_encounter_is_refused() -> None:
    calm = attrs.evolve(FORD, encounter=None)
    assert why("maneuvers_kick", WREN, None, calm) == (
        "Kick is made in an encounter: add a foe first (hearthroll foe ...)"
    )


def test_a_second_turn_in_a_round_is_refused_first() -> None:
    busy = take_turn(FORD, "Wren", "maneuvers_kick")
    tired = attrs.evolve(WREN, meters={**WREN.meters, "stamina": 0})
    assert why("maneuvers_trip", tired, BANDIT, busy) == (
        "Wren has taken a turn this round (Kick): end the round first"
    )
    assert why("maneuvers_trip", tired, BANDIT) == (
        "Wren is exhausted (Stamina 0): no maneuvers until they rest"
    )


def test_bash_needs_a_shield_at_hand() -> None:
    assert why("maneuvers_bash", WREN, BANDIT) == "Bash needs a shield; Wren has none at hand"


def test_a_disarmed_character_is_told_how_to_get_the_weapon_back() -> None:
    disarmed = attrs.evolve(WREN, conditions={"disarmed": 0})
    assert why("maneuvers_disarm", disarmed, OGRE) == (
        "Disarm needs a weapon; Wren has none at hand: Wren's weapon is in the pack "
        "(disarmed): `hearthroll wield FILE --as Wren` (w in the app) takes it back, "
        "spending the turn"
    )


def test_disarm_works_only_against_a_foe_with_a_weapon() -> None:
    wolf = Foe("Wolf", stats={"str": 12, "dex": 14}, meters={"health": 8})
    assert why("maneuvers_disarm", WREN, wolf) == (
        "Disarm works only against a foe with a weapon; Wolf has none"
    )


def test_trip_cannot_reach_a_huge_foe() -> None:
    assert why("maneuvers_trip", WREN, OGRE) == "Ogre is huge: out of Trip's reach"


def test_rescue_needs_a_foe_attacking_a_friend() -> None:
    assert why("maneuvers_rescue", WREN, OGRE) == "Ogre is not attacking a friend of Wren's"
    assert why("maneuvers_rescue", BRANNOC, OGRE) is None


def test_a_downed_foe_can_still_take_damage_but_not_a_trip() -> None:
    down = attrs.evolve(BANDIT, meters={"health": 0}, attacking=None)
    assert why("maneuvers_kick", WREN, down) is None
    assert why("maneuvers_trip", WREN, down) == (
        "Bandit is down (health 0): no Trip against it; name a foe still fighting with --at"
    )


def test_a_maneuver_on_a_foe_needs_one_to_face() -> None:
    assert why("maneuvers_kick", WREN, None) == (
        "Kick needs a foe to face: add one (hearthroll foe ...)"
    )


def test_the_check_stage_aims_and_refuses_with_nothing_paid() -> None:
    trip = MANEUVERS.move("maneuvers_trip")
    check(Attempt(FORD, MANEUVERS, trip, WREN, at="Bandit"))
    with pytest.raises(RuleError, match=r"^Ogre is huge: out of Trip's reach$"):
        check(Attempt(FORD, MANEUVERS, trip, WREN))  # the Ogre attacks Wren: the default foe


def test_the_check_stage_passes_a_move_that_is_no_maneuver() -> None:
    hack = CATALOG.ruleset("hack")
    road = demo_campaign(hack)
    check(Attempt(road, hack, hack.move("hack_volley"), road.characters["Mira"]))
    check(Attempt(FORD, MANEUVERS, MANEUVERS.move("maneuvers_kick"), None))
