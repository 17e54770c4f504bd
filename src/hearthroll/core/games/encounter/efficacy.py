"""Efficacy: how well a character makes each maneuver, checked below 80 and raised by use
and practice (reading 40)."""

from __future__ import annotations

import attrs

from hearthroll.core.campaign.sheets import put_character
from hearthroll.core.campaign.state import Campaign, Character
from hearthroll.core.errors import RuleError
from hearthroll.core.rules.model import Move, Ruleset


def efficacy_of(ruleset: Ruleset, character: Character, move: Move) -> int:
    """The character's efficacy with the move (the ruleset's start when never trained)."""
    start = ruleset.efficacy.start if ruleset.efficacy else 0
    return character.efficacy.get(move.id, start)


def checks_efficacy(ruleset: Ruleset, character: Character, move: Move) -> bool:
    """True when the move first needs d100 ≤ efficacy (below the ruleset's `check_below`)."""
    rule = ruleset.efficacy
    return (
        move.efficacy_check
        and rule is not None
        and efficacy_of(ruleset, character, move) < rule.check_below
    )


def raise_efficacy(
    ruleset: Ruleset, character: Character, move: Move, by: int
) -> tuple[Character, list[str]]:
    """Efficacy + `by`, never above the top (100)."""
    rule = ruleset.efficacy
    if rule is None or not move.efficacy_check:
        raise RuleError(f"{move.name} has no efficacy to raise")
    if by < 1:
        raise RuleError(f"practice raises efficacy by 1 or more, not {by}")
    old = efficacy_of(ruleset, character, move)
    new = min(rule.top, old + by)
    if new == old:
        return character, [f"{move.name} efficacy is {old} already, the most it can be"]
    efficacy = {**character.efficacy, move.id: new}
    return attrs.evolve(character, efficacy=efficacy), [f"{move.name} efficacy {old} → {new}"]


def practice(
    ruleset: Ruleset, character: Character, move: Move, by: int | None = None
) -> tuple[Character, list[str]]:
    """A session at the training dummy: + the ruleset's `practice_gain`, or what the GM gives."""
    rule = ruleset.efficacy
    if rule is None or not move.efficacy_check:
        raise RuleError(f"{move.name} has no efficacy to practise")
    return raise_efficacy(ruleset, character, move, rule.practice_gain if by is None else by)


def gain_on_use(
    state: Campaign, ruleset: Ruleset, move: Move, character: Character
) -> tuple[Campaign, list[str]]:
    """A maneuver made in a fight raises its efficacy by `gain_on_use`."""
    rule = ruleset.efficacy
    if not move.efficacy_check or rule is None or not rule.gain_on_use:
        return state, []
    if efficacy_of(ruleset, character, move) >= rule.top:
        return state, []
    trained, said = raise_efficacy(ruleset, character, move, rule.gain_on_use)
    return put_character(state, trained), [w + " (used in a fight)" for w in said]
