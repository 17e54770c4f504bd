"""A weapon back in hand after a disarm: a foe's turn, or a character's (reading 37)."""

from __future__ import annotations

import attrs

from hearthroll.core.campaign.sheets import find_character, put_character
from hearthroll.core.campaign.state import Campaign, Character
from hearthroll.core.errors import RuleError
from hearthroll.core.games.encounter.foes import DISARMED, find_foe, put_foe
from hearthroll.core.games.encounter.rounds import take_turn, turn_refusal
from hearthroll.core.rules.model import Ruleset

WIELD = "wield"
"""What `acted` records for a turn spent wielding a weapon again."""


def wield(state: Campaign, name: str) -> tuple[Campaign, list[str]]:
    """A disarmed foe spends its turn taking its weapon back (reading 37)."""
    foe = find_foe(state.encounter, name)
    if DISARMED not in foe.conditions:
        raise RuleError(f"{foe.name} is not disarmed: its weapon is in its hands")
    conditions = {k: v for k, v in foe.conditions.items() if k != DISARMED}
    state = put_foe(state, attrs.evolve(foe, conditions=conditions))
    return state, [f"{foe.name} wields its weapon again"]


def wield_refusal(character: Character | None, name: str | None) -> str | None:
    """Why the character cannot wield their weapon again: it is in their hands (reading 37)."""
    if character is None or DISARMED not in character.conditions:
        return f"{name or 'nobody'} is not disarmed: their weapon is in their hands"
    return None


def wield_again(state: Campaign, ruleset: Ruleset, name: str) -> tuple[Campaign, list[str]]:
    """A disarmed character takes their weapon out of the pack (reading 37, as a foe does):
    in an encounter it is their turn; outside one it simply comes back to hand."""
    character = find_character(state, name)
    name = character.name
    why = wield_refusal(character, name)
    if why is not None:
        raise RuleError(why)
    encounter = state.encounter
    words = [f"{name} wields their weapon again"]
    if encounter is not None:
        busy = turn_refusal(encounter, ruleset, name)
        if busy is not None:
            raise RuleError(busy)
        state = take_turn(state, name, WIELD)
        words = [words[0] + " (their turn)"]
    conditions = {k: v for k, v in character.conditions.items() if k != DISARMED}
    return put_character(state, attrs.evolve(character, conditions=conditions)), words


def disarmed_fix(character: Character) -> str:
    """How a disarmed character gets their weapon back, for a refusal to say."""
    name = character.name
    return (
        f"{name}'s weapon is in the pack (disarmed): `hearthroll wield FILE --as {name}` (w in "
        "the app) takes it back, spending the turn"
    )
