"""Verbs on a character's sheet: gear given, dropped, worn or stowed; harm taken and healed;
an item used; an ongoing penalty. Each finds its target, calls the concept module that owns
the rule (gear, harm) and records one event."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from hearthroll.core.campaign.events import Event, Outcome, record
from hearthroll.core.campaign.sheets import find_character, put_character
from hearthroll.core.campaign.state import Campaign, Character, Ongoing
from hearthroll.core.dice.sources import DiceSource
from hearthroll.core.errors import RuleError
from hearthroll.core.games import gear, harm
from hearthroll.core.numbers import signed
from hearthroll.core.rules.model import Ruleset

GearAction = str
"""`give` (worn or wielded), `carry` (given, only carried), `drop`, `wear`, `stow`."""

Change = Callable[[Character], tuple[Character, list[str]]]


def target(state: Campaign, name: str | None) -> Character:
    """Whom a sheet verb lands on: the named character, or the active one. (The one place a
    target is found, so other kinds of target can join it.)"""
    return find_character(state, name)


def _on_sheet(state: Campaign, kind: str, who: Character, change: Change) -> Outcome:
    changed, words = change(who)
    if changed == who:
        raise RuleError(f"{who.name}: nothing changes ({'; '.join(words) or kind})")
    event = Event(kind=kind, actor=who.name, results=tuple(words))
    return record(state, put_character(state, changed), event)


def give_gear(
    state: Campaign,
    ruleset: Ruleset,
    item: str,
    action: GearAction = "give",
    actor: str | None = None,
) -> Outcome:
    """Give, drop, wear or stow an item (readings 17-18): refused past the load or where the
    template cannot use it."""
    who = target(state, actor)
    spec = gear.find_gear(ruleset, item)

    def change(character: Character) -> tuple[Character, list[str]]:
        if action in ("give", "carry"):
            changed, said = gear.give(ruleset, character, spec, worn=action == "give")
        elif action == "drop":
            changed, said = gear.drop(ruleset, character, spec)
        elif action in ("wear", "stow"):
            changed, said = gear.wear(ruleset, character, spec, worn=action == "wear")
        else:
            raise RuleError(f"gear is given, carried, dropped, worn or stowed, not {action!r}")
        return changed, [said]

    return _on_sheet(state, "gear", who, change)


def hurt(
    state: Campaign,
    ruleset: Ruleset,
    amount: int,
    actor: str | None = None,
    *,
    ignore_armor: bool = False,
    falling: bool = False,
) -> Outcome:
    """Damage taken (reading 20): armor first, HP never below 0, Last Breath waiting at 0."""
    who = target(state, actor)
    changed, words = harm.hurt(ruleset, who, amount, ignore_armor=ignore_armor, falling=falling)
    after = put_character(state, changed)
    from hearthroll.core.games.encounter import newly_breaking

    words += [
        f"{n} is below their breaking point: {n} must flee" for n in newly_breaking(state, after)
    ]
    event = Event(kind="hurt", actor=who.name, results=tuple(words))
    return record(state, after, event)


def heal(state: Campaign, ruleset: Ruleset, amount: int, actor: str | None = None) -> Outcome:
    """HP given back, never past the maximum (reading 22)."""
    who = target(state, actor)
    changed, words = harm.heal(ruleset, who, amount)
    event = Event(kind="heal", actor=who.name, results=tuple(words))
    return record(state, put_character(state, changed), event)


def use(
    state: Campaign, ruleset: Ruleset, item: str, dice: DiceSource, actor: str | None = None
) -> Outcome:
    """Use an item (reading 22): a potion or repair kit heals, a medical kit waits for Rest,
    other gear spends a use."""
    who = target(state, actor)
    changed, words = harm.use(ruleset, who, item, dice)
    event = Event(kind="use", actor=who.name, results=tuple(words))
    return record(state, put_character(state, changed), event)


def ongoing(
    state: Campaign, ruleset: Ruleset, amount: int, rolls: int, actor: str | None = None
) -> Outcome:
    """An ongoing penalty (or bonus) on the next `rolls` rolls (reading 24); 0 clears it."""
    who = target(state, actor)
    if rolls < 0 or rolls > 99:
        raise RuleError(f"an ongoing penalty lasts 1 to 99 rolls, not {rolls}")
    if amount == 0 or rolls == 0:
        if who.ongoing is None:
            raise RuleError(f"{who.name} has no ongoing penalty to clear")
        changed = attrs.evolve(who, ongoing=None)
        said = f"{who.name}: the ongoing {signed(who.ongoing.amount)} ends"
    else:
        changed = attrs.evolve(who, ongoing=Ongoing(amount, rolls))
        rolls_word = "roll" if rolls == 1 else "rolls"
        said = f"{who.name}: {signed(amount)} ongoing on the next {rolls} {rolls_word}"
    event = Event(kind="ongoing", actor=who.name, results=(said,))
    return record(state, put_character(state, changed), event)
