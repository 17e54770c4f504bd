"""Campaign state: the party's sheets, the steading, the open turn. Changed only by events."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs

from hearthroll.core.records import Record

if TYPE_CHECKING:
    from hearthroll.core.rules.model import Ruleset

UNDO_DEPTH = 200
"""How many events back undo can reach; older events stay in the log but cannot be undone."""


def _frozen_dict(value: Mapping[str, int]) -> dict[str, int]:
    return dict(value)


@attrs.frozen
class Asset(Record):
    """A companion or a vehicle: its own meter (health, integrity) with its own maximum."""

    name: str
    kind: str
    """`companion` or `vehicle`."""
    max: int
    value: int
    type: str = ""
    """A vehicle's type: command, support or incidental."""
    conditions: dict[str, int] = attrs.field(factory=dict, converter=_frozen_dict)
    """The asset's own marks (battered, cursed, out of action)."""


@attrs.frozen
class Item(Record):
    """One thing on a sheet: which gear it is, worn (or wielded) or only carried, what is left."""

    id: str
    worn: bool = True
    """Worn or wielded; False: only carried (in the pack, or slung)."""
    ammo: int | None = None
    """Shots left, for a weapon that uses ammo; None for everything else."""
    uses: int | None = None
    """Uses left, for gear that is used up (Adventuring Gear 3, a potion 1); None: not used up."""


@attrs.frozen
class Ongoing(Record):
    """A penalty (or bonus) added to the character's next `rolls` rolls (reading 24)."""

    amount: int
    rolls: int


@attrs.frozen
class Character(Record):
    """One player character's sheet, shaped by the ruleset."""

    name: str
    template: str = ""
    """A playbook-free template (human, ogre, automaton) where the ruleset has them."""
    level: int = 1
    xp: int = 0
    rerolls_left: int = 1
    stats: dict[str, int] = attrs.field(factory=dict, converter=_frozen_dict)
    meters: dict[str, int] = attrs.field(factory=dict, converter=_frozen_dict)
    """Current values of bounded numbers: hp, health, momentum, stamina."""
    maxima: dict[str, int] = attrs.field(factory=dict, converter=_frozen_dict)
    """This sheet's own maximum of a meter, where the ruleset leaves it to the sheet (max HP)."""
    armor: int = 0
    """Armor beyond what the gear gives (a GM's ruling); the sheet adds the worn gear's."""
    gear: tuple[Item, ...] = ()
    holds: dict[str, int] = attrs.field(factory=dict, converter=_frozen_dict)
    conditions: dict[str, int] = attrs.field(factory=dict, converter=_frozen_dict)
    """Marked conditions, each with the rounds it has left (0: until cleared)."""
    forward: int = 0
    """A bonus waiting for the character's next roll (+1 forward)."""
    ongoing: Ongoing | None = None
    """A penalty every roll adds, counted down roll by roll."""
    waits: str = ""
    """The move that must come next for this character (Last Breath at 0 HP); empty: none."""
    rest_bonus: str = ""
    """Dice added to what the next Rest heals (a Medical Kit used before it)."""
    notes: str = ""
    cooldowns: dict[str, int] = attrs.field(factory=dict, converter=_frozen_dict)
    """Rounds each maneuver still waits (maneuvers); absent when none waits."""
    efficacy: dict[str, int] = attrs.field(factory=dict, converter=_frozen_dict)
    """Skill with each maneuver, 0 to 100 (maneuvers); absent: the ruleset's start."""
    breaking_point: int | None = None
    """Health below which a blow makes the character flee (maneuvers); None: not set."""
    assets: tuple[Asset, ...] | None = None
    """Companions and vehicles, where the ruleset has them (None: none ever added)."""


@attrs.frozen
class Requirement(Record):
    """One tick box of a plan."""

    text: str
    done: bool = False


@attrs.frozen
class Plan(Record):
    """A project from Make a Plan: what it is, and what it needs."""

    name: str
    requirements: tuple[Requirement, ...] = ()

    @property
    def done(self) -> bool:
        """True when every requirement is ticked."""
        return bool(self.requirements) and all(r.done for r in self.requirements)


@attrs.frozen
class Steading(Record):
    """The house game's village: its size, season, stats, flags, muster and plans."""

    name: str = "the steading"
    size: str = "village"
    season: str = "spring"
    stats: dict[str, int] = attrs.field(factory=dict, converter=_frozen_dict)
    flags: tuple[str, ...] = ()
    muster: tuple[str, ...] = ()
    """The options the muster that holds was given, by every Muster made while it holds, each
    once (empty: no muster); `games.steading` keeps it."""
    plans: tuple[Plan, ...] = ()


@attrs.frozen
class PoolState(Record):
    """The pool roll of the open turn, as plain numbers (faces, which count, rerolls)."""

    faces: tuple[int, ...]
    kept: tuple[int, ...]
    """Indices into `faces` of the kept dice."""
    boosted: int | None = None
    rerolls_spent: int = 0
    history: tuple[tuple[int, ...], ...] = ()
    boosts: int = 0
    """Points of Preparation spent on this roll (a boosted die counts one when left at 0)."""


@attrs.frozen
class TurnState(Record):
    """The open pool turn: whose it is, how many RISKY moves, the last roll, a pending bust."""

    actor: str | None = None
    pushes: int = 0
    status: str = "open"
    """`open`, `bust_pending` (a bust waits for reroll or accept) or `busted` (final)."""
    last: PoolState | None = None
    move: str | None = None
    """The move the last roll was for (its effects land when a bust is settled)."""
    picks: tuple[str, ...] = ()
    """Options picked with the move, applied when its roll settles."""


@attrs.frozen
class Track(Record):
    """A progress track: 10 boxes of 4 ticks, with its name, kind and rank."""

    name: str
    rank: str
    kind: str = "vow"
    ticks: int = 0


@attrs.frozen
class Clock(Record):
    """A clock: a threat or a scheme that fills segment by segment (4, 6, 8 or 10)."""

    name: str
    segments: int
    kind: str = "tension"
    """`tension` (a scene's danger) or `campaign` (a faction's scheme, rolled to advance)."""
    filled: int = 0


@attrs.frozen
class LastRoll(Record):
    """The last action roll made, as burning momentum needs it (reading 27)."""

    actor: str
    move: str
    die: int
    challenge: tuple[int, int]
    score: int
    band: str
    burned: bool = False
    seq: int = 0
    """The event that made the roll (0: saved before burning could judge its picks again)."""
    momentum: int | None = None
    """Momentum as the roll was made, before its band's effects (what a burn spends)."""
    picks: tuple[str, ...] = ()
    """The options picked before the roll (the harm), made again when a burn re-judges it."""
    asset: str = ""
    """The companion or vehicle the move acted on."""


@attrs.frozen
class Aboard(Record):
    """Everyone aboard a table row sent to make one of its moves (the rough ride: Endure Harm,
    Endure Stress or Companion Takes a Hit), and who has still to make one (reading 32)."""

    moves: tuple[str, ...]
    """The moves offered, `move_id` or `move_id:preset`, as the row offers them."""
    owing: tuple[str, ...] = ()
    """Who has still to make one: a character by name, a companion as `Owner.Companion`."""


@attrs.frozen
class History(Record):
    """Where the campaign stands in its event log, and what undo and redo can reach."""

    events: int = 0
    """The number of the last event the state includes."""
    undo: tuple[int, ...] = ()
    """Events (by number) that undo can revert, oldest first, at most UNDO_DEPTH."""
    redo: tuple[int, ...] = ()
    """Undone events that redo can reapply, the next one last."""


@attrs.frozen
class Foe(Record):
    """Someone the party fights in an encounter: scores, health, armor, weapon and marks."""

    name: str
    stats: dict[str, int] = attrs.field(factory=dict, converter=_frozen_dict)
    """Scores (Strength, Dexterity) as the ruleset names them."""
    meters: dict[str, int] = attrs.field(factory=dict, converter=_frozen_dict)
    """Health, as it stands."""
    maxima: dict[str, int] = attrs.field(factory=dict, converter=_frozen_dict)
    """Health it started with."""
    armor: int = 0
    weapon: str = "none"
    """`none`, `one_handed` or `two_handed`."""
    shield: bool = False
    huge: bool = False
    conditions: dict[str, int] = attrs.field(factory=dict, converter=_frozen_dict)
    """Marks with the rounds they have left (0: until cleared): stunned, down, disarmed."""
    attacking: str | None = None
    """The character it is fighting, if any."""


@attrs.frozen
class Encounter(Record):
    """A fight in rounds: the foes, who has taken their turn, who has fled, the way out."""

    round: int = 1
    foes: dict[str, Foe] = attrs.field(factory=dict)
    acted: dict[str, str] = attrs.field(factory=dict)
    """This round's turns: each character who took one, and the move it was."""
    fled: tuple[str, ...] = ()
    """Characters who ran out of the fight."""
    no_way_out: bool = False
    """The place has no open way out: no one can flee or break off."""

    def foe(self, name: str) -> Foe:
        """The foe with this name (any case); KeyError when there is none."""
        if name in self.foes:
            return self.foes[name]
        for key, foe in self.foes.items():
            if key.lower() == name.lower():
                return foe
        raise KeyError(name)


@attrs.frozen
class Campaign(Record):
    """Everything a campaign is between events."""

    ruleset: str
    name: str = ""
    characters: dict[str, Character] = attrs.field(factory=dict)
    active: str | None = None
    """The character the GM is looking at: moves are made as them unless said otherwise."""
    steading: Steading | None = None
    turn: TurnState = TurnState()
    encounter: Encounter | None = None
    """The fight under way (maneuvers); None outside one."""
    tracks: tuple[Track, ...] | None = None
    """Progress tracks (starforged); None where the campaign has never had one."""
    clocks: tuple[Clock, ...] | None = None
    """Clocks, in every game; None where the campaign has never had one."""
    last_roll: LastRoll | None = None
    """The last action roll, so momentum can be burned on it."""
    aboard: Aboard | None = None
    """A move everyone aboard still owes (reading 32); None when nobody owes one."""
    moves: tuple[str, ...] | None = None
    """The campaign's own move files (and bestiaries), as written in its file: loaded beside
    the shipped catalog whenever it is opened. None where it has never had one."""
    history: History = attrs.field(factory=lambda: History())
    """Bookkeeping of the event log: not part of any event's deltas."""

    def character(self, name: str) -> Character:
        """The character with this name (any case); KeyError when there is none."""
        if name in self.characters:
            return self.characters[name]
        for key, character in self.characters.items():
            if key.lower() == name.lower():
                return character
        raise KeyError(name)


def start_level(ruleset: Ruleset) -> int:
    """The level a new character starts at: the XP rule's `start_level`, else 1."""
    return ruleset.xp.start_level if ruleset.xp is not None else 1


def rerolls_at(ruleset: Ruleset, level: int) -> int:
    """The rerolls a character of `level` starts with and refreshes to (reading 7): the level
    where the XP rule's rerolls follow it, else none."""
    return level if ruleset.xp is not None and ruleset.xp.rerolls == "level" else 0


def new_character(
    ruleset: Ruleset, name: str, template: str = "", level: int | None = None
) -> Character:
    """A fresh sheet for `ruleset`: stats at their defaults, meters full, holds empty, at
    `level` (None: the ruleset's start level)."""
    if level is None:
        level = start_level(ruleset)
    stats = {s.id: s.default for s in ruleset.stats}
    found = [t for t in ruleset.templates if t.id == template]
    maxima: dict[str, int] = {}
    meters: dict[str, int] = {}
    for meter in ruleset.meters:
        if meter.scope != "character":
            continue  # a companion's or a vehicle's meter lives on the asset
        top = meter.max
        if meter.id == "hp" and found:
            top = found[0].hp
            maxima["hp"] = top
        start = meter.start if meter.start is not None else (top if top is not None else 0)
        meters[meter.id] = start
    return Character(
        name=name,
        template=template,
        level=level,
        rerolls_left=rerolls_at(ruleset, level),
        stats=stats,
        meters=meters,
        maxima=maxima,
    )


def new_steading(ruleset: Ruleset, name: str = "the steading", size: str = "village") -> Steading:
    """A steading with every stat at its default."""
    spec = ruleset.steading
    stats = {s.id: s.default for s in spec.stats} if spec else {}
    season = spec.seasons[0] if spec and spec.seasons else ""
    return Steading(name=name, size=size, season=season, stats=stats)
