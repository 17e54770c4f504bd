"""The encounter's rounds: whose turn is taken, and what counts down when a round ends.

Readings 35 and 16: one turn per character per round; cooldowns and timed conditions tick at
each round's end and go with the encounter when it ends.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from hearthroll.core.campaign.sheets import put_character
from hearthroll.core.campaign.state import Campaign, Encounter
from hearthroll.core.errors import RuleError
from hearthroll.core.games.encounter.foes import DISARMED
from hearthroll.core.rules.model import Move, Ruleset


def needs_encounter(move: Move) -> bool:
    """A move that is a turn, waits rounds, or reads a foe is made in an encounter."""
    return (
        move.takes_turn
        or move.cooldown is not None
        or bool(move.foe_requires or move.foe_refuses)
        or any(a.from_foe or a.from_diff for a in move.roll.auto)
    )


def has_encounters(ruleset: Ruleset) -> bool:
    """True when the ruleset fights in encounters (a move of it needs one)."""
    return any(needs_encounter(m) for m in ruleset.moves)


def is_maneuver(move: Move) -> bool:
    """A move the encounter resolves: it costs, waits, checks efficacy, or is a turn."""
    return needs_encounter(move) or move.cost is not None or move.efficacy_check or move.escape


def turn_refusal(encounter: Encounter, ruleset: Ruleset, name: str) -> str | None:
    """Why the character has no turn left this round: fled, or taken it already."""
    if name in encounter.fled:
        return f"{name} has fled the fight"
    if name in encounter.acted:
        done = ruleset.move_name(encounter.acted[name])
        return f"{name} has taken a turn this round ({done}): end the round first"
    return None


def take_turn(state: Campaign, name: str, what: str) -> Campaign:
    """The character's turn this round is spent on `what` (a move id, or wielding)."""
    encounter = state.encounter
    if encounter is None:
        return state
    acted = {**encounter.acted, name: what}
    return attrs.evolve(state, encounter=attrs.evolve(encounter, acted=acted))


def _tick(
    conditions: Mapping[str, int], ruleset: Ruleset, who: str
) -> tuple[dict[str, int], list[str]]:
    kept: dict[str, int] = {}
    words: list[str] = []
    for condition, rounds in conditions.items():
        name = _condition_name(ruleset, condition)
        if rounds <= 0:
            kept[condition] = rounds
        elif rounds == 1:
            words.append(f"{who}: {name} clears")
        else:
            kept[condition] = rounds - 1
            words.append(f"{who}: {name} {rounds} → {rounds - 1}")
    return kept, words


def _condition_name(ruleset: Ruleset, condition: str) -> str:
    try:
        return ruleset.condition(condition).name
    except RuleError:
        return condition.replace("_", " ")


def _cool(
    cooldowns: Mapping[str, int], made: str | None, ruleset: Ruleset, who: str
) -> tuple[dict[str, int], list[str]]:
    """Each cooldown one round shorter, save the one started this round."""
    kept: dict[str, int] = {}
    words: list[str] = []
    for move_id, left in cooldowns.items():
        label = ruleset.move_name(move_id)
        if move_id == made:
            kept[move_id] = left
        elif left > 1:
            kept[move_id] = left - 1
            words.append(f"{who}: {label} waits {left - 1} more round{'s' if left > 2 else ''}")
        else:
            words.append(f"{who}: {label} ready")
    return kept, words


def end_round(state: Campaign, ruleset: Ruleset) -> tuple[Campaign, list[str]]:
    """Reading 35: cooldowns (not the one made this round) and timed conditions count down."""
    encounter = state.encounter
    if encounter is None:
        raise RuleError("there is no encounter to end a round of: add a foe first")
    words = [f"round {encounter.round} ends; round {encounter.round + 1} begins"]
    for name, character in state.characters.items():
        cooldowns, said = _cool(character.cooldowns, encounter.acted.get(name), ruleset, name)
        words += said
        conditions, said = _tick(character.conditions, ruleset, name)
        words += said
        state = put_character(
            state, attrs.evolve(character, cooldowns=cooldowns, conditions=conditions)
        )
    foes = {}
    for name, foe in encounter.foes.items():
        conditions, said = _tick(foe.conditions, ruleset, name)
        words += said
        foes[name] = attrs.evolve(foe, conditions=conditions)
    after = attrs.evolve(encounter, round=encounter.round + 1, foes=foes, acted={})
    return attrs.evolve(state, encounter=after), words


def end_refusal(state: Campaign) -> str | None:
    """Why the encounter cannot end now: there is none."""
    return "there is no encounter to end" if state.encounter is None else None


def end_encounter(state: Campaign, ruleset: Ruleset) -> tuple[Campaign, list[str]]:
    """The fight is over: foes, cooldowns and timed conditions go with it."""
    why = end_refusal(state)
    if why is not None:
        raise RuleError(why)
    encounter = state.encounter
    assert encounter is not None
    words = [
        f"the encounter ends after {encounter.round} round{'s' if encounter.round != 1 else ''}"
    ]
    for name, character in state.characters.items():
        conditions = {k: v for k, v in character.conditions.items() if v <= 0}
        if character.cooldowns or conditions != character.conditions:
            words.append(f"{name}: every maneuver ready, timed conditions cleared")
        if DISARMED in conditions:
            del conditions[DISARMED]
            words.append(f"{name} takes their weapon out of the pack")
        state = put_character(state, attrs.evolve(character, cooldowns={}, conditions=conditions))
    return attrs.evolve(state, encounter=None), words
