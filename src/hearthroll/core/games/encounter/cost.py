"""What a maneuver costs: its stamina, paid up front, and the cooldown it starts (readings 16,
34 and 35)."""

from __future__ import annotations

import attrs

from hearthroll.core.campaign.state import Character
from hearthroll.core.errors import RuleError
from hearthroll.core.rules.model import Move, Ruleset


def meter_name(ruleset: Ruleset, meter: str) -> str:
    """The meter's name as the ruleset gives it, else its id."""
    try:
        return ruleset.meter(meter).name
    except RuleError:
        return meter


def cost_refusal(ruleset: Ruleset, move: Move, character: Character) -> str | None:
    """Why the character cannot pay for the move now: exhausted, short, or still waiting."""
    name = character.name
    meter = ruleset.cost_meter
    if move.cost and meter is not None:
        have = character.meters.get(meter, 0)
        label = meter_name(ruleset, meter)
        if have <= 0:
            return f"{name} is exhausted ({label} 0): no maneuvers until they rest"
        if have < move.cost:
            return f"{move.name} costs {move.cost} {label}; {name} has {have}"
    left = character.cooldowns.get(move.id, 0)
    if left > 0:
        return f"{move.name} waits {left} more round{'s' if left != 1 else ''}"
    return None


def pay(ruleset: Ruleset, move: Move, character: Character) -> tuple[Character, list[str]]:
    """The stamina up front and the cooldown started."""
    words: list[str] = []
    meter = ruleset.cost_meter
    if move.cost and meter is not None:
        have = character.meters.get(meter, 0)
        character = attrs.evolve(character, meters={**character.meters, meter: have - move.cost})
        words.append(f"{meter_name(ruleset, meter)} {have} → {have - move.cost}")
    if move.cooldown:
        character = attrs.evolve(
            character, cooldowns={**character.cooldowns, move.id: move.cooldown}
        )
        words.append(f"{move.name} waits {move.cooldown} round{'s' if move.cooldown != 1 else ''}")
    return character, words
