"""Holds spent on a roll: which hold lifts the roll just made (Preparation), by how much, how often;
and the ally a spend picked by hand lands on (Readiness's "an ally takes +1 forward").

A hold's spend whose effect is a `bonus` is not picked by hand like Readiness's options: it
goes on a roll, as the roll is made or on a bust that waits (reading 8). The loader keeps a
`bonus` there and nowhere else, one such hold a ruleset, and a `per_roll` only on that hold.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.errors import RuleError
from hearthroll.core.records import Record
from hearthroll.core.rules.effects import Effect, Option
from hearthroll.core.rules.model import Hold, Ruleset


@attrs.frozen
class RollHold(Record):
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


class AllyNeeded(RuleError):
    """A spend lands on an ally and the party has several: which one is asked."""

    def __init__(self, message: str, allies: tuple[str, ...], *, at_table: str) -> None:
        super().__init__(message, at_table=at_table)
        self.allies = allies


def for_an_ally(effects: Sequence[Effect]) -> bool:
    """Whether any of the effects lands on an ally rather than the one who spends."""
    return any(e.subject == "ally" for e in effects)


def allies(state: Campaign, actor: str) -> tuple[str, ...]:
    """Everyone in the party but the one who spends."""
    return tuple(name for name in state.characters if name != actor)


def ally(state: Campaign, actor: str, named: str | None) -> str:
    """The ally a spend lands on: the one named, else the party's only other character. With
    several and none named, `AllyNeeded` asks which."""
    others = allies(state, actor)
    if named is not None:
        found = next((n for n in others if n.lower() == named.strip().lower()), None)
        if found is None:
            raise RuleError(f"{named!r} is not an ally of {actor}; allies: {', '.join(others)}")
        return found
    if len(others) == 1:
        return others[0]
    if not others:
        raise RuleError(f"{actor} has no ally in the party to take it")
    names = ", ".join(others)
    raise AllyNeeded(
        f"which ally takes it? name one with --ally: {names}",
        others,
        at_table=f"which ally takes it? {names}",
    )
