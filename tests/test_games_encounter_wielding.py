"""A weapon back in hand after a disarm (`core/games/encounter/wielding.py`, reading 37): a
disarmed foe or character spends a turn wielding it again; one not disarmed is refused; outside
an encounter a character's weapon simply comes back to hand."""

from __future__ import annotations

import attrs
import pytest

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.errors import NotFound, RuleError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.games.encounter.foes import put_foe
from hearthroll.core.games.encounter.rounds import take_turn
from hearthroll.core.games.encounter.wielding import (
    WIELD,
    disarmed_fix,
    wield,
    wield_again,
    wield_refusal,
)
from hearthroll.store.rulesets import load_catalog

MANEUVERS = load_catalog(with_user=False).ruleset("maneuvers")
FORD = demo_campaign(MANEUVERS)
FOES = FORD.encounter.foes if FORD.encounter else {}


def disarmed_wren(state: Campaign = FORD) -> Campaign:
    wren = attrs.evolve(state.characters["Wren"], conditions={"disarmed": 0, "held": 0})
    return attrs.evolve(state, characters={**state.characters, "Wren": wren})


def test_a_disarmed_foe_takes_its_weapon_back() -> None:
    state = put_foe(FORD, attrs.evolve(FOES["Bandit"], conditions={"disarmed": 0, "down": 1}))
    after, words = wield(state, "bandit")
    assert after.encounter is not None
    assert after.encounter.foes["Bandit"].conditions == {"down": 1}
    assert words == ["Bandit wields its weapon again"]


def test_a_foe_not_disarmed_is_refused() -> None:
    with pytest.raises(RuleError, match=r"^Ogre is not disarmed: its weapon is in its hands$"):
        wield(FORD, "Ogre")
    with pytest.raises(NotFound, match=r"^no foe 'Troll' in the encounter"):
        wield(FORD, "Troll")


def test_only_a_disarmed_character_wields_again() -> None:
    assert wield_refusal(FORD.characters["Wren"], "Wren") == (
        "Wren is not disarmed: their weapon is in their hands"
    )
    assert wield_refusal(None, None) == "nobody is not disarmed: their weapon is in their hands"
    assert wield_refusal(disarmed_wren().characters["Wren"], "Wren") is None


def test_in_an_encounter_wielding_again_is_the_character_s_turn() -> None:
    after, words = wield_again(disarmed_wren(), MANEUVERS, "wren")
    assert after.characters["Wren"].conditions == {"held": 0}
    assert after.encounter is not None
    assert after.encounter.acted == {"Wren": WIELD}
    assert words == ["Wren wields their weapon again (their turn)"]


def test_wielding_again_after_the_turn_is_taken_is_refused() -> None:
    busy = take_turn(disarmed_wren(), "Wren", "maneuvers_kick")
    with pytest.raises(RuleError) as refused:
        wield_again(busy, MANEUVERS, "Wren")
    assert str(refused.value) == "Wren has taken a turn this round (Kick): end the round first"


def test_outside_an_encounter_the_weapon_simply_comes_back_to_hand() -> None:
    calm = disarmed_wren(attrs.evolve(FORD, encounter=None))
    after, words = wield_again(calm, MANEUVERS, "Wren")
    assert after.characters["Wren"].conditions == {"held": 0}
    assert after.encounter is None
    assert words == ["Wren wields their weapon again"]


def test_a_refusal_says_how_a_disarmed_character_gets_the_weapon_back() -> None:
    assert disarmed_fix(FORD.characters["Isolde"]) == (
        "Isolde's weapon is in the pack (disarmed): `hearthroll wield FILE --as Isolde` "
        "(w in the app) takes it back, spending the turn"
    )
