"""Holds spent on a roll: which hold lifts the roll just made (Preparation), by how much, how often.

A hold's spend whose effect is a `bonus` is not picked by hand like Readiness's options: it
goes on a roll, as the roll is made or on a bust that waits (reading 8). The loader keeps a
`bonus` there and nowhere else, one such hold a ruleset, and a `per_roll` only on that hold.
"""

from __future__ import annotations

import attrs

from hearthroll.core.rules.effects import Option
from hearthroll.core.rules.model import Hold, Ruleset


@attrs.frozen
class RollHold:
    """The hold spent on a roll, what one point adds to it, and the most one roll takes."""

    hold: Hold
    bonus: int
    """What one point adds: to one kept die of a pool (max 6), to a community roll's kept die,
    to a sum's total or an action score."""
    per_roll: int | None
    """The most points one roll takes; None: no limit."""


def roll_bonus(option: Option) -> int:
    """What picking this spend adds to the roll just made; 0 for a spend picked by hand."""
    return sum(e.amount for e in option.effects if e.kind == "bonus")


def goes_on_a_roll(option: Option) -> bool:
    """Whether the spend is a `bonus` to a roll (made on the roll, not picked by hand)."""
    return any(e.kind == "bonus" for e in option.effects)


def by_hand(hold: Hold) -> tuple[Option, ...]:
    """The hold's spends the GM picks by hand (Readiness's options), without the roll's."""
    return tuple(o for o in hold.spends if not goes_on_a_roll(o))


def on_roll(ruleset: Ruleset) -> RollHold | None:
    """The ruleset's hold spent on a roll (the one with a `bonus` spend); None without one."""
    for hold in ruleset.holds:
        for option in hold.spends:
            if goes_on_a_roll(option):
                return RollHold(hold, roll_bonus(option), hold.per_roll)
    return None
