"""Gear: what a character carries, worn or only carried; load, armor, the weapon an attack
uses, ammo and uses (readings 17-19, 22)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from hearthroll.core.campaign.sheets import use_item
from hearthroll.core.campaign.state import Character, Item
from hearthroll.core.errors import NotFound, RuleError
from hearthroll.core.records import Record
from hearthroll.core.rules.model import GearItem, Move, Ruleset, Template

if TYPE_CHECKING:
    from hearthroll.core.campaign.resolve import Weapon

AMMO_START = 3
"""Shots an ammo weapon comes with (reading 19)."""

POWER_PIECES_MAX = 3
"""Separate power-armor pieces give at most this much armor and weight (reading 18)."""


def template_of(ruleset: Ruleset, character: Character) -> Template | None:
    """The character's template, if the ruleset has it."""
    return next((t for t in ruleset.templates if t.id == character.template), None)


def find_gear(ruleset: Ruleset, wanted: str, *, forgiving: bool = False) -> GearItem:
    """The ruleset's item by id or name (any case, `_` or space); unknown names get the nearest
    (`forgiving`: a typo with one nearest item is taken to mean it)."""
    from hearthroll.core.rules.search import nearest

    key = wanted.strip().lower().replace(" ", "_")
    for item in ruleset.gear:
        if key in (item.id, item.name.lower().replace(" ", "_")):
            return item
    names = [g.id for g in ruleset.gear]
    if not names:
        raise NotFound(f"a {ruleset.name} campaign has no gear")
    close = nearest(wanted, names)
    within = [g for g in ruleset.gear if key and key in g.id]
    if forgiving and (len(within) == 1 or close):
        return within[0] if len(within) == 1 else ruleset.gear_item(close[0])
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise NotFound(f"no gear {wanted!r}{hint} (gear: {', '.join(names)})")


def new_item(spec: GearItem, worn: bool = True) -> Item:
    """A fresh item of this gear: full ammo (3) if it shoots, full uses if it is used up."""
    ammo = AMMO_START if "ammo" in spec.tags else None
    return Item(spec.id, worn=worn, ammo=ammo, uses=spec.uses)


def spec_of(ruleset: Ruleset, item: Item) -> GearItem | None:
    """The gear an item is, if the ruleset still has it."""
    return next((g for g in ruleset.gear if g.id == item.id), None)


def _weight(spec: GearItem, worn: bool) -> int:
    if worn or spec.weight_carried is None:
        return spec.weight or 0
    return spec.weight_carried


def load(ruleset: Ruleset, character: Character) -> int:
    """What the character carries (reading 17): worn weight for worn items, carried weight for
    the rest; separate power-armor pieces worn weigh at most 3 together (reading 18)."""
    total = 0
    pieces = 0
    for item in character.gear:
        spec = spec_of(ruleset, item)
        if spec is None:
            continue
        if _power_piece(spec) and item.worn:
            pieces += _weight(spec, True)
            continue
        total += _weight(spec, item.worn)
    return total + min(pieces, POWER_PIECES_MAX)


def max_load(ruleset: Ruleset, character: Character) -> int | None:
    """The template's base plus its load stat (8 + Forceful); None without a template."""
    template = template_of(ruleset, character)
    if template is None:
        return None
    bonus = character.stats.get(template.load_stat, 0) if template.load_stat else 0
    return template.load_base + bonus


def _power_piece(spec: GearItem) -> bool:
    return "power_armor" in spec.tags and "body_armor" not in spec.tags


def armor(ruleset: Ruleset, character: Character) -> int:
    """The worn armor and a shield summed, plus any armor the GM gave (reading 18); separate
    power-armor pieces give 1 each, at most 3 together. (One armor is worn at a time.)"""
    total, pieces = character.armor, 0
    for item in character.gear:
        spec = spec_of(ruleset, item)
        if spec is None or not item.worn:
            continue
        if _power_piece(spec):
            pieces += spec.armor
        else:
            total += spec.armor
    return total + min(pieces, POWER_PIECES_MAX)


def falling_immune(ruleset: Ruleset, character: Character) -> str | None:
    """The worn item that soaks all falling damage (a whole power-armor suit), if any."""
    for item in character.gear:
        spec = spec_of(ruleset, item)
        if spec is not None and item.worn and "falling_immune" in spec.tags:
            return spec.name
    return None


def refusal(ruleset: Ruleset, character: Character, spec: GearItem) -> str | None:
    """Why this character's template cannot use the item, worn or wielded (reading 17), or
    None. Only carrying it is allowed: the rules bar its use, not its weight in a pack."""
    template = template_of(ruleset, character)
    if template is None or template.id not in spec.forbidden:
        return None
    kind = template.name.lower()
    return f"{character.name} cannot use {spec.name}: the gear rules bar it from {kind}s"


def _one_armor(ruleset: Ruleset, character: Character, spec: GearItem) -> None:
    """Refuse a second armor worn (reading 18): armor does not stack, a shield adds to it, and
    separate power-armor pieces make up one incomplete set together."""
    if "armor" not in spec.tags:
        return
    for item in character.gear:
        other = spec_of(ruleset, item)
        if other is None or not item.worn or "armor" not in other.tags:
            continue
        if _power_piece(spec) and _power_piece(other):
            continue
        raise RuleError(
            f"{character.name} already wears {other.name}: one armor at a time (a shield adds "
            f"to it); stow or drop {other.name} first"
        )


def _check_load(ruleset: Ruleset, before: Character, after: Character) -> None:
    top = max_load(ruleset, after)
    now = load(ruleset, after)
    if top is None or now <= top or now <= load(ruleset, before):
        return
    template = template_of(ruleset, after)
    assert template is not None
    stat = ""
    if template.load_stat:
        name = ruleset.stat(template.load_stat).name
        stat = f" + {name} {after.stats.get(template.load_stat, 0)}"
    raise RuleError(
        f"{after.name} would carry {now} of {top} ({template.load_base}{stat}): the load "
        "may not pass its maximum; drop something or carry it worn"
    )


def _held(character: Character, spec: GearItem, worn: bool | None = None) -> int:
    """The index of the character's item of this gear (worn first, or as asked)."""
    found = [
        i
        for i, item in enumerate(character.gear)
        if item.id == spec.id and worn in (None, item.worn)
    ]
    if not found:
        state = {None: "", True: " worn", False: " carried"}[worn]
        raise RuleError(f"{character.name} has no{state} {spec.name}")
    found.sort(key=lambda i: not character.gear[i].worn)
    return found[0]


def _usable_worn(spec: GearItem) -> bool:
    return bool(spec.armor or spec.damage or spec.hands or "armor" in spec.tags)


def give(
    ruleset: Ruleset, character: Character, spec: GearItem, worn: bool = True
) -> tuple[Character, str]:
    """The item joins the sheet, worn/wielded or only carried; refused past the load, or worn
    or wielded where the template cannot use it (reading 17: only carried, it is allowed)."""
    worn = worn and _usable_worn(spec)
    if worn:
        why = refusal(ruleset, character, spec)
        if why is not None:
            raise RuleError(why)
        _one_armor(ruleset, character, spec)
    after = attrs.evolve(character, gear=(*character.gear, new_item(spec, worn)))
    _check_load(ruleset, character, after)
    return (
        after,
        f"{character.name} takes {spec.name} ({_state(spec, worn)}): {_summary(ruleset, after)}",
    )


def drop(ruleset: Ruleset, character: Character, spec: GearItem) -> tuple[Character, str]:
    """The item leaves the sheet (a carried one first, so the worn one stays on)."""
    index = _held(character, spec)
    carried = [i for i, it in enumerate(character.gear) if it.id == spec.id and not it.worn]
    index = carried[0] if carried else index
    gear = (*character.gear[:index], *character.gear[index + 1 :])
    after = attrs.evolve(character, gear=gear)
    return after, f"{character.name} drops {spec.name}: {_summary(ruleset, after)}"


def wear(
    ruleset: Ruleset, character: Character, spec: GearItem, worn: bool = True
) -> tuple[Character, str]:
    """Put on or wield a carried item (`worn`), or stow a worn one (not `worn`)."""
    if worn:
        if "weapon" in spec.tags and character.conditions:
            from hearthroll.core.games.encounter import DISARMED, disarmed_fix

            if DISARMED in character.conditions:
                raise RuleError(disarmed_fix(character))
        why = refusal(ruleset, character, spec)
        if why is not None:
            raise RuleError(why)
        if not _usable_worn(spec):
            raise RuleError(f"{spec.name} is not worn or wielded; it is only carried")
        _one_armor(ruleset, character, spec)
    index = _held(character, spec, not worn)
    gear = list(character.gear)
    gear[index] = attrs.evolve(gear[index], worn=worn)
    after = attrs.evolve(character, gear=tuple(gear))
    _check_load(ruleset, character, after)
    verb = "stows" if not worn else "wields" if spec.damage else "wears"
    return after, f"{character.name} {verb} {spec.name}: {_summary(ruleset, after)}"


def _state(spec: GearItem, worn: bool) -> str:
    if not worn:
        return "carried"
    return "wielded" if spec.damage or "weapon" in spec.tags else "worn"


def _summary(ruleset: Ruleset, character: Character) -> str:
    top = max_load(ruleset, character)
    held = f"load {load(ruleset, character)}" + (f"/{top}" if top is not None else "")
    return f"{held}, armor {armor(ruleset, character)}"


def item_words(ruleset: Ruleset, item: Item, *, disarmed: bool = False) -> str:
    """ "Bow (wielded, ammo 2)", "Adventuring gear (carried, 3 uses)"; a `disarmed`
    character's weapon "(in the pack: disarmed)"."""
    spec = spec_of(ruleset, item)
    if spec is None:
        return item.id
    parts = [_state(spec, item.worn) if _usable_worn(spec) else "carried"]
    if disarmed and item.worn and "weapon" in spec.tags:
        parts = ["in the pack: disarmed"]
    if item.ammo is not None:
        parts.append(f"ammo {item.ammo}")
    if item.uses is not None:
        parts.append(f"{item.uses} use{'s' if item.uses != 1 else ''} left")
    return f"{spec.name} ({', '.join(parts)})"


# --- attacks: the weapon a move uses (reading 19) ---------------------------------------------


@attrs.frozen
class Attack(Record):
    """The weapon a move attacks with, and what it brings to the roll."""

    spec: GearItem
    item: Item | None
    """The sheet's item (None for bare hands)."""
    thrown: bool = False
    """A Volley with no ranged weapon: the wielded weapon thrown, no ammo to spend."""
    empty: str = ""
    """The ranged weapon wielded but out of ammo, when that is why this is a throw ("Bow")."""

    @property
    def to_hit(self) -> tuple[int, str] | None:
        """The weapon's modifier to the roll and its reason ("−1: big weapon")."""
        if not self.spec.to_hit or self.thrown:
            return None
        return self.spec.to_hit, self.spec.name.lower()

    @property
    def has_ammo(self) -> bool:
        """Whether "several shots" can be taken: an ammo weapon with ammo left."""
        return not self.thrown and self.item is not None and (self.item.ammo or 0) > 0


def _average(spec: GearItem) -> float:
    from hearthroll.core.dice.expr import parse

    needed = parse(spec.damage).dice_needed()
    return sum((s + 1) / 2 for s in needed)


def attack(ruleset: Ruleset, character: Character, move: Move) -> Attack | None:
    """The weapon `move` attacks with: a ranged move the wielded ranged weapon with shots left
    (else a throw of the wielded melee weapon), a melee move the wielded melee weapon (else
    bare hands). None for a move that is no attack, or a ruleset without weapons."""
    ranged = "ranged" in move.tags
    if not ranged and "melee" not in move.tags:
        return None
    return _strike(ruleset, character, ranged)


def guard_weapon(ruleset: Ruleset, character: Character) -> Weapon | None:
    """The weapon a defender's "deal half your damage" strikes with: the wielded melee weapon,
    else bare hands (None in a ruleset without weapons)."""
    return _as_weapon(character, _strike(ruleset, character, ranged=False))


def _strike(ruleset: Ruleset, character: Character, ranged: bool) -> Attack | None:
    wielded = [
        (spec, item)
        for item in character.gear
        if item.worn and (spec := spec_of(ruleset, item)) is not None and spec.damage
    ]
    wanted = "ranged" if ranged else "melee"
    fit = [(s, i) for s, i in wielded if wanted in s.tags]
    # an ammo weapon with no shots left cannot shoot: it is as if no ranged weapon were wielded
    loaded = [(s, i) for s, i in fit if "ammo" not in s.tags or (i.ammo or 0) > 0]
    if loaded:
        spec, item = max(loaded, key=lambda pair: _average(pair[0]))
        return Attack(spec, item)
    empty = fit[0][0].name if fit else ""
    if ranged:
        melee = [(s, i) for s, i in wielded if "melee" in s.tags]
        if melee:
            spec, item = max(melee, key=lambda pair: _average(pair[0]))
            return Attack(spec, item, thrown=True, empty=empty)
    bare = next((g for g in ruleset.gear if g.damage and "unarmed" in (g.id, *g.tags)), None)
    return Attack(bare, None, thrown=ranged, empty=empty) if bare is not None else None


def gear_tags(ruleset: Ruleset, character: Character, strike: Attack | None) -> frozenset[str]:
    """The gear tags the character can call on now: items with uses left that the template
    can use; a weapon's tags only from the weapon the move attacks with, and `ammo` only while
    it has shots left."""
    tags: set[str] = set()
    for item in character.gear:
        spec = spec_of(ruleset, item)
        if spec is None or (item.uses is not None and item.uses <= 0):
            continue
        if refusal(ruleset, character, spec) is not None:
            continue  # only carried: the template cannot use it (reading 17)
        if spec.damage and strike is not None:
            continue
        tags.update(t for t in spec.tags if t != "ammo" or (item.ammo or 0) > 0)
    if strike is not None:
        tags.update(t for t in strike.spec.tags if t != "ammo")
        if strike.has_ammo:
            tags.add("ammo")
    return frozenset(tags)


def use_item_of(ruleset: Ruleset, character: Character, spec: GearItem) -> tuple[Character, str]:
    """Mark off one use of the item (gone at its last); refused with none left."""
    return use_item(ruleset, character, spec.id)


def weapon(ruleset: Ruleset, character: Character, move: Move) -> Weapon | None:
    """The weapon `move` attacks with, as the engine's effects read it."""
    return _as_weapon(character, attack(ruleset, character, move))


def _as_weapon(character: Character, strike: Attack | None) -> Weapon | None:
    if strike is None:
        return None
    index = character.gear.index(strike.item) if strike.item is not None else None
    to_hit = strike.to_hit[0] if strike.to_hit else 0
    from hearthroll.core.campaign.resolve import Weapon

    return Weapon(strike.spec, index, to_hit, strike.thrown, strike.empty)
