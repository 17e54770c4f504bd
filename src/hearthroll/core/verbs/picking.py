"""What a move is given and picks (reading 23): the stat the player says, the move's inputs,
the option lists offered before the roll and on its band, and what the move's gates read."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hearthroll.core.campaign.resolve import (
    Context,
    choose,
    offered,
    offered_in_turn,
)
from hearthroll.core.campaign.state import (
    Campaign,
    Character,
)
from hearthroll.core.errors import RuleError
from hearthroll.core.games import (
    gear,
)
from hearthroll.core.numbers import signed
from hearthroll.core.rules.effects import Option, OptionList
from hearthroll.core.rules.model import Input, Move, Ruleset

Inputs = Mapping[str, int | str]
"""A move's inputs by id, and the stat the player picked."""

STAT = "stat"
"""The input that carries the stat a player picks, where a move leaves it to them."""


class StatNeeded(RuleError):
    """A move whose stat is the player's to pick was made without one (reading 23)."""


class PicksNeeded(RuleError):
    """An option list the band offers was given fewer picks than it asks (reading 23)."""

    def __init__(self, message: str, lists: tuple[OptionList, ...]) -> None:
        super().__init__(message)
        self.lists = lists
        """The lists short of picks, as offered (the at-0 choice a pick led to)."""


def band_words(move: Move, band: str) -> tuple[str, str]:
    for b in move.bands:
        if b.id == band:
            return b.label, b.text
    return band, ""


def move_context(
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    character: Character | None,
    inputs: Inputs | None = None,
) -> Context:
    """What the move's gates read: the mover's gear as the gear rules see it for this move
    (the weapon it attacks with, the tags it can call on) and the inputs given."""
    given = dict(inputs or {})
    if character is None:
        return Context(state, None, given)
    strike = gear.attack(ruleset, character, move)
    return Context(
        state,
        character,
        given,
        gear_tags=gear.gear_tags(ruleset, character, strike),
        weapon=gear.weapon(ruleset, character, move),
    )


def refuse_short(
    move: Move, band: str | None, lists: Sequence[OptionList], chosen: Sequence[Option]
) -> None:
    """Reading 23: a list given fewer picks than it asks (and has items for) is refused, the
    choices named in their words."""
    ids = {o.id for o in chosen}
    short = [
        options
        for options in lists
        if not options.up_to
        and sum(1 for o in options.items if o.id in ids) < min(options.pick, len(options.items))
    ]
    if not short:
        return
    options = short[0]
    have = sum(1 for o in options.items if o.id in ids)
    wanted = min(options.pick, len(options.items))
    label = next((b.label for b in move.bands if b.id == band), band or "")
    words = "; ".join(f"“{o.text}” (--pick {o.id})" for o in options.items)
    on = f" on {label}" if label else ""
    raise PicksNeeded(
        f"{move.name}{on}: pick {wanted} (got {have}), nothing was saved. Choose from: {words}",
        tuple(short),
    )


def stat_choices(ruleset: Ruleset, move: Move, character: Character | None) -> Input | None:
    """The stat a player picks for this move (reading 23), as an input with its choices, best
    first for this character; None where the move names its stat itself."""
    spec = move.roll
    if spec.choose != "player" or not spec.stat_choice:
        return None
    values = {s: (character.stats.get(s, 0) if character else 0) for s in spec.stat_choice}
    ordered = sorted(spec.stat_choice, key=lambda s: -values[s])
    names = ", ".join(f"{ruleset.stat(s).name} {signed(values[s])}" for s in ordered)
    return Input(STAT, "Stat", text=f"the player's pick: {names}", choices=tuple(ordered))


def stat_choice(ruleset: Ruleset, move: Move, inputs: dict[str, int | str]) -> str | None:
    """The stat the player picked (by id or name, taken out of `inputs`); refused when the
    move leaves it to the player and none was given."""
    spec = move.roll
    if spec.choose != "player" or not spec.stat_choice:
        return None
    given = inputs.pop(STAT, None)
    names = {s: ruleset.stat(s).name for s in spec.stat_choice}
    listed = ", ".join(f"{s} ({names[s]})" for s in spec.stat_choice)
    if given is None:
        raise StatNeeded(f"{move.name}: the player says which stat: --stat one of {listed}")
    key = str(given).strip().lower()
    for stat_id, name in names.items():
        if key in (stat_id, name.lower()):
            return stat_id
    raise StatNeeded(f"{move.name} rolls with one of {listed}, not {given!r}")


def known_picks(move: Move, picks: Sequence[str], also: set[str] | None = None) -> None:
    """Refuse a pick that none of the move's option lists has, whatever the roll."""
    known = {o.id for options in move.options for o in options.items} | (also or set())
    for pick in picks:
        if pick not in known:
            listed = ", ".join(sorted(known)) or "none"
            raise RuleError(f"{move.name} has no option {pick!r}; its options: {listed}")


def picked(
    move: Move,
    band: str | None,
    picks: Sequence[str],
    ctx: Context,
    ruleset: Ruleset,
    *,
    before_only: bool = False,
) -> tuple[list[Option], list[OptionList]]:
    """The options picked, from the lists offered before the roll and on its band."""
    pre = offered(move, None, ctx, ruleset, when="before")
    pre_ids = {o.id for lst in pre for o in lst.items}
    chosen = choose(pre, [p for p in picks if p in pre_ids], move)
    if before_only:
        return chosen, pre
    after = [p for p in picks if p not in pre_ids]
    lists = offered_in_turn(move, band, after, ctx, ruleset)
    chosen += choose(lists, after, move)
    return chosen, lists


def check_inputs(move: Move, inputs: Mapping[str, int | str]) -> None:
    known = {i.id: i for i in move.inputs}
    for key, value in inputs.items():
        if key not in known:
            listed = ", ".join(known) or "none"
            raise RuleError(f"{move.name} takes no input {key!r}; its inputs: {listed}")
        spec = known[key]
        if spec.choices and value not in spec.choices:
            raise RuleError(f"{spec.name} is one of {', '.join(spec.choices)}, not {value!r}")
        if not spec.choices and not isinstance(value, int):
            raise RuleError(f"{spec.name} is a number, not {value!r}")
        if isinstance(value, int) and (
            (spec.min is not None and value < spec.min)
            or (spec.max is not None and value > spec.max)
        ):
            low = spec.min if spec.min is not None else "…"
            high = spec.max if spec.max is not None else "…"
            raise RuleError(f"{spec.name} is {low} to {high}, not {value}")
    for auto in move.roll.auto:
        if auto.from_input and auto.from_input not in inputs:
            spec = known[auto.from_input]
            raise RuleError(
                f"{move.name} needs {spec.name}: give it with --value N ({spec.text or spec.name})"
            )
