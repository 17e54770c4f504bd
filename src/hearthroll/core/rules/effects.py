"""What a move does as data: gates on state, automatic roll modifiers, effects and option lists."""

from __future__ import annotations

from typing import Literal

import attrs

from hearthroll.core.records import Record

AutoKind = Literal["advantage", "disadvantage", "modifier", "target"]
"""What an automatic modifier changes: the dice kept, the total, or the number to make."""

EffectKind = Literal[
    "meter",
    "hold",
    "condition",
    "flag",
    "steading",
    "xp",
    "level",
    "table",
    "heal",
    "damage",
    "forward",
    "bonus",
    "season",
    "waive",
    "follow",
    "use",
    "flee",
    "break_off",
    "redirect",
    "progress",
    "ammo",
]
"""Everything the engine knows how to apply."""

EffectMode = Literal["add", "set", "fill", "gain", "spend", "lose", "mark", "clear", "hold"]
"""How an effect changes its target; which modes a kind takes is listed on `Effect`."""

Subject = Literal["self", "foe", "ally", "party"]
"""Whom an effect lands on: the mover, the foe they face, one ally, or everyone in the party."""

Picker = Literal["player", "gm", "roller", "position"]
"""Who picks from an option list; `position` is the player from strength, else the GM."""

Timing = Literal["before", "after"]
"""When an option list is offered: as the move is made (before any roll) or after the roll."""


@attrs.frozen(kw_only=True)
class Gate(Record):
    """Conditions on state that must all hold; every key left at its default is ignored.

    Gates on option lists are read when the list is offered, gates on options when they are
    shown, and gates on effects and automatic modifiers when they would apply.
    """

    if_flag: str | None = None
    """The steading has this flag marked."""
    unless_flag: str | None = None
    """The steading does not have this flag marked."""
    if_size: tuple[str, ...] = ()
    """The steading is one of these sizes."""
    if_season: tuple[str, ...] = ()
    """The current season is one of these."""
    if_condition: str | None = None
    """The subject (or the meter's owner: companion, vehicle) has this condition marked."""
    unless_condition: str | None = None
    """The subject does not have this condition marked."""
    if_at_min: str | None = None
    """This meter or steading stat stands at its minimum (health 0, momentum −6, Fortunes −1)."""
    unless_at_min: str | None = None
    """This meter or steading stat stands above its minimum."""
    if_gear_tag: str | None = None
    """The mover carries gear with this tag."""
    if_match: bool = False
    """The action roll's two challenge dice matched."""
    if_chosen: str | None = None
    """One of the move's choice inputs was given this value."""
    if_foe_tag: str | None = None
    """The target foe has this tag (`weapon`, `one_handed`, `two_handed`, `shield`, `huge`)."""
    if_past_min: str | None = None
    """A loss this move made went past this meter's floor with nowhere left to go (29)."""


@attrs.frozen(kw_only=True)
class AutoMod(Gate):
    """An advantage, disadvantage, modifier or target change applied from state, not by hand.

    The amount is `value`, plus `times` × the one `from_*` source given (if any). For
    `stat_dice` a modifier changes the stat (how many dice are rolled); for `sum`, `action`
    and `d20` it adds to the total; `target` raises the number a `d20` roll must make.
    """

    kind: AutoKind
    value: int = 0
    """A fixed amount."""
    from_input: str | None = None
    """A number input of the move, supplied by the GM (Trade & Barter's Value)."""
    from_gear: str | None = None
    """A field of the mover's wielded weapon; only `to_hit` is read."""
    from_foe: str | None = None
    """The foe's modifier in this stat (its score with `score = true`)."""
    from_diff: str | None = None
    """The mover's modifier in this stat minus the foe's (scores with `score = true`)."""
    score: bool = False
    """Read scores instead of modifiers for `from_foe` / `from_diff`."""
    times: int = 1
    """Multiplies the `from_*` amount: −1 subtracts it, 2 doubles it."""
    only_positive: bool = False
    """Apply only when the `from_*` amount is above 0 (Disarm's Strength difference)."""


@attrs.frozen(kw_only=True)
class Effect(Gate):
    """One change the engine applies, kept apart from the text people read.

    Kinds and their keys (mode defaults in brackets):
    `meter` meter, amount, mode add|set|fill [add] (excess loss flows to the meter's overflow);
    `hold` hold, amount, mode gain|spend|set|lose [gain];
    `condition` condition, mode mark|clear [mark], rounds (None: the condition's own);
    `flag` flag (a steading flag), mode mark|clear|hold [mark] (hold: mark it, and the move's
    picks last while it stands, coming back down when it is cleared: the Muster);
    `steading` stat, amount, mode add|set [add] (a loss past the stat's min triggers its move);
    `xp` amount; `level` (level up by the ruleset's XP rule); `table` table (roll on it);
    `heal` dice; `damage` dice ("" for the wielded weapon's), amount added, half;
    `forward` amount (to the subject's next roll); `bonus` amount (to the roll just made);
    `season` (advance one season); `waive` effect (the id of a move effect not to apply);
    `follow` move, preset (make that move next, starting from the pick `preset` names, as a
    table row's offer; in an encounter a followed roll is made at once, on the same foe, from
    the effect dice); `use` gear (mark off a use, or use it up);
    `flee` (the mover leaves the encounter); `break_off` (the foe turns on another, or stops);
    `redirect` (the foe turns from the friend it attacks onto the mover);
    `progress` mode mark|clear [mark] (one unit by rank on the track the move names);
    `ammo` (one shot from the weapon the move attacks with).
    """

    kind: EffectKind
    on: tuple[str, ...] = ()
    """Band ids this applies on; empty applies on every result (or when there is no roll)."""
    id: str = ""
    """A name for the effect, so an option can `waive` it."""
    subject: Subject = "self"
    meter: str | None = None
    hold: str | None = None
    condition: str | None = None
    flag: str | None = None
    stat: str | None = None
    table: str | None = None
    gear: str | None = None
    move: str | None = None
    effect: str | None = None
    amount: int = 0
    mode: EffectMode | None = None
    rounds: int | None = None
    dice: str = ""
    half: bool = False
    preset: str | None = None
    """For `follow`: the option of the followed move it starts with (`serious`)."""


@attrs.frozen(kw_only=True)
class Option(Gate):
    """One line of an option list: what it says and what picking it does."""

    id: str
    text: str
    effects: tuple[Effect, ...] = ()


@attrs.frozen(kw_only=True)
class OptionList(Gate):
    """Options offered on some bands (or before the roll); pick exactly `pick`, or up to it."""

    on: tuple[str, ...] = ()
    """Band ids this list is offered on; empty offers it on every result."""
    when: Timing = "after"
    pick: int = 1
    up_to: bool = False
    """Picking fewer (or none) is allowed: the rules say "you may"."""
    who: Picker = "player"
    label: str = ""
    """A heading for the list when a move has several."""
    items: tuple[Option, ...] = ()
