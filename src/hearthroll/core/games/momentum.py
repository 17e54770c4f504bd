"""Momentum: its bounds, the impacts that lower its max and reset, and burning it (15, 27, 28)."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from hearthroll.core.campaign.state import Character, LastRoll
from hearthroll.core.errors import RuleError
from hearthroll.core.games.sections import Line, Section
from hearthroll.core.numbers import signed
from hearthroll.core.rules.model import Meter, Ruleset

IMPACTS = frozenset(
    {
        "wounded",
        "shaken",
        "unprepared",
        "permanently_harmed",
        "traumatized",
        "battered",
        "cursed",
    }
)
"""The impacts reading 28 names; a ruleset may mark more with `impact = true`."""

BAND_ORDER = ("miss", "weak", "strong")
BAND_WORDS = {"miss": "miss", "weak": "weak hit", "strong": "strong hit"}


def meter_of(ruleset: Ruleset) -> Meter | None:
    """The ruleset's momentum: the character meter that has a reset (None: no momentum)."""
    for meter in ruleset.meters:
        if meter.reset is not None and meter.scope == "character":
            return meter
    return None


def impacts(ruleset: Ruleset, conditions: Mapping[str, int]) -> list[str]:
    """The impacts marked among these conditions, in the ruleset's order."""
    return [
        c.id
        for c in ruleset.conditions
        if c.id in conditions and (c.impact or c.id in IMPACTS) and c.scope == "character"
    ]


def max_momentum(ruleset: Ruleset, character: Character) -> int:
    """Reading 28: the meter's max less one for each impact marked."""
    meter = meter_of(ruleset)
    if meter is None or meter.max is None:
        raise RuleError(f"ruleset {ruleset.id!r} has no momentum")
    return meter.max - len(impacts(ruleset, character.conditions))


def reset_of(ruleset: Ruleset, character: Character) -> int:
    """Reading 28: the reset (+2) less one per impact, never below 0 (+2, +1, then 0)."""
    meter = meter_of(ruleset)
    if meter is None or meter.reset is None:
        raise RuleError(f"ruleset {ruleset.id!r} has no momentum")
    return max(0, meter.reset - len(impacts(ruleset, character.conditions)))


def settle(ruleset: Ruleset, character: Character) -> Character:
    """The sheet with its momentum max following its impacts, and momentum within −6..max.

    The lowered max is kept in `maxima` (so every meter change clamps to it); with no impact
    the entry is absent.
    """
    meter = meter_of(ruleset)
    if meter is None or meter.max is None or meter.id not in character.meters:
        return character
    top = max_momentum(ruleset, character)
    maxima = {k: v for k, v in character.maxima.items() if k != meter.id}
    if top != meter.max:
        maxima[meter.id] = top
    value = min(character.meters[meter.id], top)
    meters = {**character.meters, meter.id: value}
    if maxima == character.maxima and meters == character.meters:
        return character
    return attrs.evolve(character, maxima=maxima, meters=meters)


@attrs.frozen
class Burn:
    """What burning momentum on a roll would do: the band before and after, the reset."""

    momentum: int
    band_before: str
    band_after: str
    reset: int


def can_burn(momentum: int, roll: LastRoll) -> str | None:
    """Why momentum cannot be burned on this roll, or None when burning improves it."""
    if roll.burned:
        return "momentum was burned on this roll already"
    if momentum <= 0:
        return f"momentum {signed(momentum)} is not positive"
    if momentum <= roll.score:
        return f"momentum {signed(momentum)} is not above the action score {roll.score}"
    after = _judged(momentum, roll.challenge)
    if BAND_ORDER.index(after) <= BAND_ORDER.index(roll.band):
        return (
            f"momentum {signed(momentum)} against {roll.challenge[0]} and {roll.challenge[1]} "
            f"would not improve the {BAND_WORDS[roll.band]}"
        )
    return None


def burn(ruleset: Ruleset, character: Character, roll: LastRoll) -> tuple[Character, Burn]:
    """Reading 27: the score becomes the momentum, the band is judged again, momentum resets."""
    meter = meter_of(ruleset)
    if meter is None:
        raise RuleError(f"ruleset {ruleset.id!r} has no momentum to burn")
    momentum = character.meters.get(meter.id, 0)
    reason = can_burn(momentum, roll)
    if reason is not None:
        raise RuleError(f"{character.name} cannot burn momentum: {reason}")
    reset = reset_of(ruleset, character)
    after = _judged(momentum, roll.challenge)
    burned = attrs.evolve(character, meters={**character.meters, meter.id: reset})
    return burned, Burn(momentum, roll.band, after, reset)


def at_roll(character: Character, roll: LastRoll, meter: Meter) -> int:
    """The momentum a burn on this roll spends: as it stood when the roll was made (its band's
    effects are judged again), else as it stands."""
    return roll.momentum if roll.momentum is not None else character.meters.get(meter.id, 0)


def burn_preview(ruleset: Ruleset, character: Character, roll: LastRoll | None) -> Burn | None:
    """What a burn would do now on the character's last roll; None when it would not help."""
    meter = meter_of(ruleset)
    if meter is None or roll is None or roll.actor != character.name:
        return None
    momentum = at_roll(character, roll, meter)
    if can_burn(momentum, roll) is not None:
        return None
    return Burn(
        momentum, roll.band, _judged(momentum, roll.challenge), reset_of(ruleset, character)
    )


def _judged(score: int, challenge: tuple[int, int]) -> str:
    """The band `score` makes against the challenge dice (the dice's rules are imported only
    when a burn is weighed: the sheet's section needs none of them)."""
    from hearthroll.core.dice.mechanics import judge_action

    return judge_action(score, challenge)


def scale(ruleset: Ruleset, character: Character) -> str:
    """Momentum on its −6..+10 scale: ● where it stands, · open, ✕ what impacts took away."""
    meter = meter_of(ruleset)
    if meter is None or meter.max is None:
        return ""
    value = character.meters.get(meter.id, 0)
    top = max_momentum(ruleset, character)
    marks = "".join(
        "●" if k == value else "·" if k <= top else "✕" for k in range(meter.min, meter.max + 1)
    )
    return f"{signed(meter.min)} {marks} {signed(meter.max)}"


def shows_impacts(ruleset: Ruleset, character: Character) -> bool:
    """Whether the character's sheet has the momentum section, whose line names the impacts."""
    meter = meter_of(ruleset)
    return meter is not None and meter.id in character.meters


def momentum_section(ruleset: Ruleset, character: Character) -> Section | None:
    """Momentum with its max and reset, and the impacts that lower them (readings 15, 28)."""
    meter = meter_of(ruleset)
    if meter is None or not shows_impacts(ruleset, character):
        return None
    value = character.meters[meter.id]
    top = max_momentum(ruleset, character)
    reset = reset_of(ruleset, character)
    marked = impacts(ruleset, character.conditions)
    names = {c.id: c.name for c in ruleset.conditions}
    lines = (
        Line(
            meter.name,
            f"{signed(value)}  {scale(ruleset, character)}  max {signed(top)} · reset "
            f"{signed(reset)}",
            value,
            top,
        ),
        Line("impacts", ", ".join(names[i] for i in marked) or "none", len(marked)),
    )
    data: dict[str, object] = {
        "momentum": {"value": value, "min": meter.min, "max": top, "reset": reset},
        "impacts": marked,
    }
    return Section("momentum", meter.name.lower(), lines, data)
