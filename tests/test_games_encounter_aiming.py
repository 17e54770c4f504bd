"""Aiming (`core/games/encounter/aiming.py`, reading 33): the foe a maneuver faces when the
table names one, the only foe still up, or the one up attacking the character; a downed foe
only when every foe is down."""

from __future__ import annotations

import attrs
import pytest

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.errors import NotFound, RuleError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.games.encounter.aiming import aim, default_foe, pick_target
from hearthroll.core.games.encounter.foes import put_foe
from hearthroll.store.rulesets import load_catalog

MANEUVERS = load_catalog(with_user=False).ruleset("maneuvers")
FORD = demo_campaign(MANEUVERS)  # the Bandit attacks Brannoc, the Ogre attacks Wren
ISOLDE = FORD.characters["Isolde"]
FOES = FORD.encounter.foes if FORD.encounter else {}


def downed(state: Campaign, *names: str) -> Campaign:
    for name in names:
        assert state.encounter is not None
        foe = state.encounter.foes[name]
        state = put_foe(state, attrs.evolve(foe, meters={"health": 0}, attacking=None))
    return state


def test_with_two_foes_up_the_default_is_the_one_attacking_the_character() -> None:
    assert default_foe(FORD, "Brannoc") == FOES["Bandit"]
    assert default_foe(FORD, "Wren") == FOES["Ogre"]
    assert default_foe(FORD, "Isolde") is None


def test_the_only_foe_still_up_is_everyone_default() -> None:
    found = default_foe(downed(FORD, "Bandit"), "Brannoc")
    assert found is not None
    assert found.name == "Ogre"


def test_aim_keeps_the_foe_picked_while_it_is_up() -> None:
    assert aim(FORD, "Ogre", "Brannoc") == "Ogre"
    assert aim(FORD, None, "Wren") == "Ogre"
    assert aim(FORD, None, "Isolde") == "Bandit"


def test_aim_leaves_a_downed_foe_for_one_still_up() -> None:
    assert aim(downed(FORD, "Ogre"), "Ogre", "Wren") == "Bandit"


def test_aim_takes_a_downed_foe_only_when_every_foe_is_down() -> None:
    beaten = downed(FORD, "Bandit", "Ogre")
    assert aim(beaten, "Ogre", "Wren") == "Ogre"
    assert aim(beaten, None, "Wren") == "Bandit"
    assert aim(attrs.evolve(FORD, encounter=None), "Ogre", "Wren") is None


def test_pick_target_finds_the_foe_named_in_any_case() -> None:
    found = pick_target(FORD, ISOLDE, "ogre")
    assert found is not None
    assert found.name == "Ogre"
    with pytest.raises(
        NotFound, match=r"^no foe 'Troll' in the encounter \(the foes: Bandit, Ogre\)$"
    ):
        pick_target(FORD, ISOLDE, "Troll")


def test_pick_target_asks_for_the_foe_when_none_is_clear() -> None:
    with pytest.raises(RuleError) as refused:
        pick_target(FORD, ISOLDE, None)
    assert str(refused.value) == "name the foe with --at: Bandit, Ogre"


def test_pick_target_with_every_foe_down_says_how_to_go_on() -> None:
    with pytest.raises(RuleError) as refused:
        pick_target(downed(FORD, "Bandit", "Ogre"), ISOLDE, None)
    assert str(refused.value) == (
        "every foe is down (Bandit, Ogre): name one with --at, or end the encounter "
        "(hearthroll encounter FILE --end)"
    )
    assert pick_target(attrs.evolve(FORD, encounter=None), ISOLDE, None) is None
