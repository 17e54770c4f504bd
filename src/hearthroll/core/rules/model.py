"""The rules model: rulesets, their stats, meters, holds, tables, gear, and the moves themselves."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Literal, Protocol, TypeVar

import attrs

from hearthroll.core.errors import RuleError
from hearthroll.core.records import Record
from hearthroll.core.rules.effects import AutoMod, Effect, Option, OptionList

Mechanic = Literal["pool", "stat_dice", "sum", "action", "d20", "table", "none"]
"""How a move resolves; `none` is a move with no roll."""

Scope = Literal["character", "steading", "companion", "vehicle"]
"""What a stat, meter, condition or hold belongs to."""

StatModifier = Literal["value", "score"]
"""`value`: the stat is its own modifier; `score`: the modifier is (score − 10) // 2."""

Choose = Literal["highest", "player"]
"""How a stat choice is settled: the higher one, or the player's pick."""


@attrs.frozen
class Stat(Record):
    """A number on a sheet that rolls read: a character stat or a steading stat."""

    id: str
    name: str
    scope: Scope = "character"
    min: int | None = None
    max: int | None = None
    default: int = 0
    modifier: StatModifier = "value"
    past_min: str | None = None
    """The move a loss past `min` triggers instead (Fortunes → Meet With Disaster)."""
    text: str = ""


@attrs.frozen
class Meter(Record):
    """A bounded number that moves in play: HP, health, momentum, stamina."""

    id: str
    name: str
    min: int = 0
    max: int | None = None
    """None: set per sheet (or by the character's template, for HP)."""
    start: int | None = None
    """None: starts full."""
    reset: int | None = None
    """The value a reset returns to (momentum after burning)."""
    overflow: str | None = None
    """The meter that loses whatever a loss could not take past `min`."""
    at_min: str | None = None
    """The move that waits for the character when harm takes the meter to `min` (Last Breath)."""
    scope: Scope = "character"
    past_min: str | None = None
    """The move whose `if_past_min` choice a loss past `min` asks for (momentum at −6)."""
    text: str = ""


@attrs.frozen
class Condition(Record):
    """A mark on a sheet or steading, optionally lasting a number of rounds."""

    id: str
    name: str
    scope: Scope = "character"
    rounds: int | None = None
    """None: lasts until cleared."""
    impact: bool = False
    """An impact: each one marked lowers max momentum and its reset (reading 28)."""
    text: str = ""


@attrs.frozen
class Hold(Record):
    """Held currency: earned by a move, spent later on its options."""

    id: str
    name: str
    scope: Scope = "character"
    """Always `character` (the loader refuses another): a hold is held by a character."""
    max: int | None = None
    per_roll: int | None = None
    """The most points spent on one roll (None: no limit); only on the hold spent on a roll."""
    text: str = ""
    spends: tuple[Option, ...] = ()
    """What one point buys; each pick spends 1. A spend that is a `bonus` is not picked: it
    makes this the hold spent on a roll (Preparation; `games.holds`)."""


@attrs.frozen
class Source(Record):
    """Where an item's words come from and the licence they are used under, credited on its
    card: a Datasworn item's book, page, authors and licence (CC BY 4.0 asks for credit)."""

    title: str
    authors: tuple[str, ...] = ()
    page: int | None = None
    url: str = ""
    license: str = ""
    """The licence's name, such as "CC BY 4.0"."""
    license_url: str = ""


@attrs.frozen
class TableRow(Record):
    """One result of a table, over the faces `low`..`high` of its die."""

    id: str
    low: int
    high: int
    text: str
    refs: tuple[str, ...] = ()
    follow: tuple[str, ...] = ()
    """The moves this row sends to next, each its id, or its name as words when the catalog
    lacks it; with several ("Endure Harm, Endure Stress or Companion Takes a Hit") the GM picks
    one. A file may give one as a plain string."""
    preset: str | None = None
    """The option each move followed starts with picked (its harm: `serious`)."""
    aboard: bool = False
    """Everyone aboard makes one of the moves followed (the rough ride): each character and
    each companion is offered the ones it can make until it has made one, or the GM lets the
    rest off; not only the first move made takes the offer up."""
    effects: tuple[Effect, ...] = ()
    """What the row does to the sheet, each gated as it lands (a support vehicle destroyed)."""


@attrs.frozen
class Table(Record):
    """A table rolled on with one die, each face landing in exactly one row."""

    id: str
    name: str
    die: int
    rows: tuple[TableRow, ...]
    text: str = ""
    collection: str = ""
    """The group it is found under ("Core Oracles", "Planets / Desert"); empty for none."""
    source: Source | None = None
    """Where its rows come from, when they are not hearthroll's own words."""

    def row_for(self, face: int) -> TableRow:
        """The row a face of the die lands in."""
        for row in self.rows:
            if row.low <= face <= row.high:
                return row
        raise RuleError(f"table {self.id!r} has no row for {face} (its die is a d{self.die})")


@attrs.frozen
class GearItem(Record):
    """Something a character carries: armor, a weapon, a kit."""

    id: str
    name: str
    weight: int | None = None
    """Weight worn or wielded; None where the rules give none."""
    weight_carried: int | None = None
    """Weight when only carried; None: the same as `weight`."""
    armor: int = 0
    damage: str = ""
    """A dice expression, such as "1d6"; empty when it deals none."""
    heal: str = ""
    """A dice expression healed when used, such as "2d3+1"."""
    uses: int | None = None
    hands: int = 0
    to_hit: int = 0
    forbidden: tuple[str, ...] = ()
    """Templates that cannot use it."""
    tags: tuple[str, ...] = ()
    text: str = ""


@attrs.frozen
class Template(Record):
    """A kind of character outside any playbook: human, ogre, automaton."""

    id: str
    name: str
    hp: int
    load_base: int = 8
    load_stat: str | None = None
    """The stat added to `load_base` for what the character can carry."""
    heals_with: tuple[str, ...] = ()
    """Gear ids whose `heal` works on this template."""
    text: str = ""


@attrs.frozen
class SteadingSpec(Record):
    """The house game's village: its stats, flags, sizes, and seasons in order."""

    stats: tuple[Stat, ...]
    flags: tuple[Condition, ...] = ()
    sizes: tuple[str, ...] = ()
    seasons: tuple[str, ...] = ()


class Levelled(Protocol):
    """A sheet that levels up: its level and the XP marked on it."""

    @property
    def level(self) -> int: ...

    @property
    def xp(self) -> int: ...


@attrs.frozen
class XpRule(Record):
    """Levels from XP: a new character starts at `start_level` and levels up at `base` +
    `per_level` × level; rerolls follow the level (`"none"`: no rerolls)."""

    base: int = 6
    per_level: int = 2
    start_level: int = 1
    """The level a new character starts at."""
    rerolls: Literal["level", "none"] = "level"
    each_level: str = ""
    """What else a new level gives, for the GM to offer at each one ("a new move from your
    playbook")."""

    def needed(self, level: int) -> int:
        """XP needed to level up from `level`."""
        return self.base + self.per_level * level

    def can_level(self, sheet: Levelled) -> bool:
        """Whether the sheet has the XP to level up now."""
        return sheet.xp >= self.needed(sheet.level)

    def climb(self, sheet: Levelled) -> tuple[int, int]:
        """The level and the XP left after levelling up as often as the sheet's XP allows."""
        level, xp = sheet.level, sheet.xp
        while 0 < self.needed(level) <= xp:  # the loader keeps every level's cost at 1 or more
            xp -= self.needed(level)
            level += 1
        return level, xp


@attrs.frozen
class EfficacyRule(Record):
    """Skill with a move: it starts at `start`; below `check_below`, roll d`die` ≤ efficacy."""

    start: int = 0
    check_below: int = 80
    die: int = 100
    practice_gain: int = 5
    """What a session of practice adds (the GM may give another amount)."""
    gain_on_use: int = 1
    """What making the move in a fight adds."""
    top: int = 100
    """Efficacy never rises above this."""


@attrs.frozen
class RollSpec(Record):
    """How a move rolls: the mechanic, what it adds, and what changes it automatically."""

    mechanic: Mechanic = "none"
    dice: str = ""
    """The dice of a `sum` or `d20` roll ("2d6", "1d20"); the other mechanics know theirs."""
    stat: str | None = None
    """A stat, meter or steading stat; a score stat adds its modifier."""
    stat_choice: tuple[str, ...] = ()
    choose: Choose = "highest"
    target: int | None = None
    """The total a `d20` roll must reach."""
    modifier: int = 0
    nat20_succeeds: bool = False
    fumble_faces: int = 1
    """A `d20` natural 1 is always the move's `fumble`; so is a miss on a die of 2 to this.
    0: no face has a miss of its own, a natural 1 is read by its total (flee, break off)."""
    table: str | None = None
    optional: bool = False
    """The roll is made only when the player chooses to (or `required_at_min` forces it)."""
    required_at_min: str | None = None
    """The roll is a must when this meter stands at its minimum."""
    auto: tuple[AutoMod, ...] = ()


@attrs.frozen
class BandText(Record):
    """One outcome of a move: its stable id, its label, its text, and its range if it has one.

    `low`/`high` are totals for `sum`; for `pool` they may split `weak` by the highest kept
    die (2 to 5); other mechanics name their bands by id alone. None leaves a range open.
    """

    id: str
    label: str
    text: str
    low: int | None = None
    high: int | None = None


@attrs.frozen
class Input(Record):
    """A value the GM gives when the move is made: a number, or one of `choices`."""

    id: str
    name: str
    text: str = ""
    choices: tuple[str, ...] = ()
    min: int | None = None
    max: int | None = None
    default: int = 0


@attrs.frozen
class Move(Record):
    """A packet of rules: its trigger and text for people, its roll, bands, options, effects."""

    id: str
    name: str
    ruleset: str
    trigger: str
    text: str
    aliases: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    risky: bool = False
    """A pool move that rolls (and grows the pool); safe moves roll nothing."""
    roll: RollSpec = RollSpec()
    inputs: tuple[Input, ...] = ()
    bands: tuple[BandText, ...] = ()
    options: tuple[OptionList, ...] = ()
    effects: tuple[Effect, ...] = ()
    refs: tuple[str, ...] = ()
    cost: int | None = None
    """Paid from the ruleset's `cost_meter` as the move is made."""
    cooldown: int | None = None
    """Turns to wait before the move can be made again."""
    requires: tuple[str, ...] = ()
    """Gear tags the mover must carry (a weapon in its pack does not count)."""
    efficacy_check: bool = False
    """Below the ruleset's `check_below` efficacy, the move first needs d100 ≤ efficacy."""
    takes_turn: bool = False
    """The move is the character's turn in an encounter: one a round, against a foe."""
    escape: bool = False
    """A way out of a fight: refused where the encounter has no open way out or when held."""
    foe_requires: tuple[str, ...] = ()
    """Tags the target foe must have (`weapon`, `two_handed`, `shield`, `huge`)."""
    foe_refuses: tuple[str, ...] = ()
    """Tags that put the target foe out of the move's reach (Trip: `huge`)."""
    source: Source | None = None
    """Where its words come from, when they are not hearthroll's own: shown on its card."""

    def band(self, band_id: str) -> BandText:
        """The band with this id."""
        return _find(self.bands, band_id, "band", f"move {self.id!r}")

    @property
    def rolls_after(self) -> bool:
        """Whether it may roll dice after its own roll: damage, healing, a table, a move it
        makes follow (their faces may be typed with the roll's, after a `/`)."""
        picked = (e for lst in self.options for o in lst.items for e in o.effects)
        return any(e.kind in ROLLED_AFTER for e in (*self.effects, *picked))


ROLLED_AFTER = ("damage", "heal", "table", "follow")
"""The effects that roll dice of their own, after the move's roll."""


class _Named(Protocol):
    @property
    def id(self) -> str: ...


_T = TypeVar("_T", bound=_Named)


def _find(items: Iterable[_T], wanted: str, what: str, owner: str) -> _T:
    pool = tuple(items)
    for item in pool:
        if item.id == wanted:
            return item
    known = ", ".join(item.id for item in pool) or "none"
    raise RuleError(f"{owner} has no {what} {wanted!r}; known: {known}")


DEFERRABLE = ("moves", "tables")
"""The fields of a ruleset `Ruleset.deferred` may leave to be worked out when first read: those
that grow with a big content package."""


@attrs.frozen
class Ruleset(Record):
    """One game the screen can run: everything its sheets, rolls and moves refer to."""

    id: str
    name: str
    mechanics: tuple[Mechanic, ...]
    description: str = ""
    stats: tuple[Stat, ...] = ()
    meters: tuple[Meter, ...] = ()
    conditions: tuple[Condition, ...] = ()
    holds: tuple[Hold, ...] = ()
    tables: tuple[Table, ...] = ()
    gear: tuple[GearItem, ...] = ()
    templates: tuple[Template, ...] = ()
    steading: SteadingSpec | None = None
    xp: XpRule | None = None
    efficacy: EfficacyRule | None = None
    cost_meter: str | None = None
    rerolls_per_roll: int | None = None
    moves: tuple[Move, ...] = ()
    _later: Mapping[str, Callable[[], tuple[object, ...]]] | None = attrs.field(
        default=None, init=False, eq=False, hash=False, repr=False
    )
    """The fields `deferred` leaves to be worked out when first read, and how."""

    def deferred(self, later: Mapping[str, Callable[[], tuple[object, ...]]]) -> Ruleset:
        """This ruleset with the fields named in `later` (of `DEFERRABLE`) each worked out by its
        function when first read: a ruleset of thousands of table rows opens with its sheets,
        and builds its rows and moves only once something reads them."""
        unknown = set(later) - set(DEFERRABLE)
        if unknown:
            raise ValueError(f"only {', '.join(DEFERRABLE)} may be deferred, not {unknown}")
        made = attrs.evolve(self)
        for name in later:
            object.__delattr__(made, name)
        object.__setattr__(made, "_later", dict(later))
        return made

    if not TYPE_CHECKING:  # to the type checker, no other attribute exists

        def __getattr__(self, name: str) -> object:
            """A deferred field, worked out now that it is first read (and kept)."""
            later = object.__getattribute__(self, "_later") if name in DEFERRABLE else None
            if later is None or name not in later:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            value = later[name]()
            object.__setattr__(self, name, value)
            return value

    @property
    def _owner(self) -> str:
        return f"ruleset {self.id!r}"

    def move(self, move_id: str) -> Move:
        """The move with this id."""
        return _find(self.moves, move_id, "move", self._owner)

    def move_name(self, move_id: str) -> str:
        """The name of the move with this id; the id itself where the ruleset has no such move
        (a campaign saved with a move a later catalog dropped)."""
        return next((m.name for m in self.moves if m.id == move_id), move_id)

    def table(self, table_id: str) -> Table:
        """The table with this id."""
        return _find(self.tables, table_id, "table", self._owner)

    def stat(self, stat_id: str) -> Stat:
        """The character or steading stat with this id."""
        steading = self.steading.stats if self.steading else ()
        return _find((*self.stats, *steading), stat_id, "stat", self._owner)

    def meter(self, meter_id: str) -> Meter:
        """The meter with this id."""
        return _find(self.meters, meter_id, "meter", self._owner)

    def condition(self, condition_id: str) -> Condition:
        """The condition (or steading flag) with this id."""
        flags = self.steading.flags if self.steading else ()
        return _find((*self.conditions, *flags), condition_id, "condition", self._owner)

    def hold(self, hold_id: str) -> Hold:
        """The hold with this id."""
        return _find(self.holds, hold_id, "hold", self._owner)

    def gear_item(self, gear_id: str) -> GearItem:
        """The gear item with this id."""
        return _find(self.gear, gear_id, "gear item", self._owner)

    def template(self, template_id: str) -> Template:
        """The character template with this id."""
        return _find(self.templates, template_id, "template", self._owner)


@attrs.frozen
class Catalog(Record):
    """Every ruleset the screen knows, with their moves."""

    rulesets: tuple[Ruleset, ...]
    default_ruleset: str = "house"
    searches: dict[str | None, object] = attrs.field(factory=dict, init=False, eq=False, repr=False)
    """The move searches `search.catalog_index` built so far, by ruleset (None: every move):
    each is built when first asked for (about a millisecond), and never kept in the cache."""

    @classmethod
    def from_parts(
        cls, rulesets: Iterable[Ruleset], moves: Iterable[Move], default_ruleset: str = "house"
    ) -> Catalog:
        """Attach each move to its ruleset; a clashing id or an unknown ruleset is an error."""
        sets = tuple(rulesets)
        by_id = {r.id: list(r.moves) for r in sets}
        seen = {m.id for r in sets for m in r.moves}
        for move in moves:
            if move.ruleset not in by_id:
                known = ", ".join(by_id) or "none"
                raise RuleError(f"move {move.id!r} names ruleset {move.ruleset!r}; known: {known}")
            if move.id in seen:
                raise RuleError(f"move id {move.id!r} is used twice; give one of them a new id")
            seen.add(move.id)
            by_id[move.ruleset].append(move)
        built = tuple(attrs.evolve(r, moves=tuple(by_id[r.id])) for r in sets)
        return cls(built, default_ruleset)

    def ruleset(self, ruleset_id: str) -> Ruleset:
        """The ruleset with this id."""
        return _find(self.rulesets, ruleset_id, "ruleset", "the catalog")

    def ruleset_ids(self) -> tuple[str, ...]:
        """The ids of its rulesets, in order."""
        return tuple(r.id for r in self.rulesets)

    @property
    def default(self) -> Ruleset:
        """The ruleset a new campaign plays unless told otherwise."""
        return self.ruleset(self.default_ruleset)

    def moves(self) -> tuple[Move, ...]:
        """Every move of every ruleset."""
        return tuple(m for r in self.rulesets for m in r.moves)

    def move(self, move_id: str) -> Move:
        """The move with this id, whichever ruleset holds it."""
        return _find(self.moves(), move_id, "move", "the catalog")
