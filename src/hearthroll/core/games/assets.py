"""Assets: companions and vehicles, each with its own meter and maximum (reading 31)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from hearthroll.core.campaign.sheets import find_character, put_character
from hearthroll.core.campaign.state import Asset, Campaign, Character
from hearthroll.core.errors import HearthrollError, NotFound, RuleError
from hearthroll.core.games.sections import Line, Section
from hearthroll.core.games.stage import Attempt, Landing
from hearthroll.core.rules.model import Meter, Move, Ruleset

LIMITS = {"companion": (2, 5), "vehicle": (3, 6)}
"""The maximum an asset's meter may be given when it is added."""

VEHICLE_TYPES = ("command", "support", "incidental")

DESTROYED = frozenset({"destroyed", "vehicle_destroyed"})
"""The conditions that discard an asset (a companion dead, a support vehicle destroyed)."""


def meter_for(ruleset: Ruleset, kind: str) -> Meter:
    """The ruleset's meter for this kind of asset (companion health, integrity)."""
    for meter in ruleset.meters:
        if meter.scope == kind:
            return meter
    raise RuleError(f"{ruleset.name} has no {kind}s")


def new_asset(ruleset: Ruleset, kind: str, name: str, top: int, type: str = "") -> Asset:
    """An asset at its full meter; its kind, maximum and type are checked."""
    if kind not in LIMITS:
        raise RuleError(f"an asset is a companion or a vehicle, not {kind!r}")
    meter_for(ruleset, kind)
    low, high = LIMITS[kind]
    if not low <= top <= high:
        raise RuleError(f"a {kind}'s maximum is {low} to {high}, not {top}")
    if not name.strip():
        raise RuleError(f"a {kind} needs a name")
    if kind == "vehicle" and type not in VEHICLE_TYPES:
        types = ", ".join(VEHICLE_TYPES)
        raise RuleError(
            f"a vehicle's type is one of {types} (--type), not {type!r}",
            at_table=f"a vehicle's type is one of {types}, after its maximum, not {type!r}",
        )
    if kind == "companion" and type:
        raise RuleError(
            "a companion has no type; drop --type",
            at_table=f"a companion has no type; drop {type!r}",
        )
    return Asset(name=name.strip(), kind=kind, max=top, value=top, type=type)


def add(character: Character, asset: Asset) -> Character:
    """The sheet with the asset added; a second asset of the same name is refused."""
    have = character.assets or ()
    if any(a.name.lower() == asset.name.lower() for a in have):
        raise RuleError(f"{character.name} has an asset named {asset.name} already")
    return attrs.evolve(character, assets=(*have, asset))


def find_asset(character: Character, kind: str, name: str | None) -> Asset:
    """The named asset of this kind, or the only one when no name is given."""
    mine = [a for a in character.assets or () if a.kind == kind]
    if name is None:
        if len(mine) == 1:
            return mine[0]
        if not mine:
            raise NotFound(
                f"{character.name} has no {kind}: add one with `asset FILE {kind} NAME --max N`",
                at_table=f"{character.name} has no {kind}: add one with C ({kind} NAME / MAX)",
            )
        names = ", ".join(a.name for a in mine)
        raise RuleError(f"{character.name} has {len(mine)} {kind}s ({names}): name one")
    for asset in mine:
        if asset.name.lower() == name.lower():
            return asset
    names = ", ".join(a.name for a in mine) or "none"
    raise NotFound(f"{character.name} has no {kind} named {name!r} (their {kind}s: {names})")


def _scoped(ruleset: Ruleset, kind: str) -> set[str]:
    return {c.id for c in ruleset.conditions if c.scope == kind}


def mount(ruleset: Ruleset, character: Character, asset: Asset) -> Character:
    """The sheet as a move on the asset reads it: the asset's meter, maximum and marks on it."""
    meter = meter_for(ruleset, asset.kind)
    return attrs.evolve(
        character,
        meters={**character.meters, meter.id: asset.value},
        maxima={**character.maxima, meter.id: asset.max},
        conditions={**character.conditions, **asset.conditions},
    )


def named(ruleset: Ruleset, asset: Asset) -> Ruleset:
    """The ruleset as a move on this asset speaks: its meter named for it ("Rook's health"), so
    the roll's label, its line and the meter's changes name the companion or vehicle."""
    meter = meter_for(ruleset, asset.kind)
    renamed = attrs.evolve(meter, name=f"{asset.name}'s {meter_word(meter, asset.kind)}")
    return attrs.evolve(
        ruleset, meters=tuple(renamed if m.id == meter.id else m for m in ruleset.meters)
    )


def meter_word(meter: Meter, kind: str) -> str:
    """The meter's name on the asset's own line: "health", not "companion health"."""
    return meter.name.lower().removeprefix(f"{kind} ")


def unmount(
    ruleset: Ruleset, original: Character, moved: Character, asset: Asset
) -> tuple[Character, list[str]]:
    """The sheet after the move: the asset takes back its meter and marks; destroyed, it goes.

    `original` is the sheet before mounting; everything else the move changed stays.
    """
    meter = meter_for(ruleset, asset.kind)
    scoped = _scoped(ruleset, asset.kind)
    marks = {k: v for k, v in moved.conditions.items() if k in scoped}
    kept_conditions = {k: v for k, v in moved.conditions.items() if k not in scoped}
    meters = {k: v for k, v in moved.meters.items() if k != meter.id}
    maxima = {k: v for k, v in moved.maxima.items() if k != meter.id}
    if meter.id in original.meters:
        meters[meter.id] = original.meters[meter.id]
    if meter.id in original.maxima:
        maxima[meter.id] = original.maxima[meter.id]
    changed = attrs.evolve(asset, value=moved.meters[meter.id], conditions=marks)
    placed, words = put_asset(ruleset, original, changed)
    after = attrs.evolve(
        moved, meters=meters, maxima=maxima, conditions=kept_conditions, assets=placed.assets
    )
    return after, words


def kinds(ruleset: Ruleset) -> set[str]:
    """The kinds of asset the ruleset has a meter for (none: a game without assets)."""
    return {m.scope for m in ruleset.meters if m.scope in LIMITS}


def kind_of(ruleset: Ruleset, field: str) -> str | None:
    """The kind of asset whose meter or mark `field` (an id) is, if it is an asset's at all:
    `integrity` and `battered` are a vehicle's, `companion_health` a companion's."""
    scopes = [m.scope for m in ruleset.meters if m.id == field]
    scopes += [c.scope for c in ruleset.conditions if c.id == field]
    return next((s for s in scopes if s in LIMITS), None)


def owned(characters: Sequence[Character], name: str) -> tuple[Character, Asset] | None:
    """The asset named `name` (any case) and whose it is; None when nobody has one by that name.
    Two of that name on different sheets are refused: the owner then names it."""
    found = [(c, a) for c in characters for a in c.assets or () if a.name.lower() == name.lower()]
    if len(found) > 1:
        owners = ", ".join(c.name for c, _ in found)
        raise RuleError(
            f"{len(found)} assets are named {name} ({owners}'s): name the owner, "
            f"as {found[0][0].name}.{found[0][1].name}.FIELD"
        )
    return found[0] if found else None


def field_names(ruleset: Ruleset, asset: Asset) -> dict[str, str]:
    """The names an asset's fields go by in `set`, each to the field: its meter (`value`) by
    the meter's id and its own word (`companion_health`, `health`), its maximum (`max`, also
    `max_` and either name), and each mark of its kind by id."""
    meter = meter_for(ruleset, asset.kind)
    names: dict[str, str] = {}
    for word in (meter.id, meter_word(meter, asset.kind)):
        names[word] = "value"
        names[f"max_{word}"] = "max"
    names["max"] = "max"
    names.update({c: c for c in sorted(_scoped(ruleset, asset.kind))})
    return names


def put_asset(
    ruleset: Ruleset, character: Character, changed: Asset
) -> tuple[Character, list[str]]:
    """The sheet with its asset (by name) replaced; one marked destroyed is discarded."""
    if DESTROYED & changed.conditions.keys():
        kept = tuple(a for a in character.assets or () if a.name != changed.name)
        return attrs.evolve(character, assets=kept), [
            f"{changed.name} is gone: the asset is discarded"
        ]
    assets = tuple(changed if a.name == changed.name else a for a in character.assets or ())
    return attrs.evolve(character, assets=assets), []


def pips(value: int, top: int) -> str:
    """A meter as pips: ●●●○○."""
    return "●" * max(0, value) + "○" * max(0, top - value)


def assets_section(ruleset: Ruleset, character: Character) -> Section | None:
    """Companions and vehicles with their own meters, where the ruleset has them (31)."""
    if not kinds(ruleset):
        return None
    names = {c.id: c.name.lower() for c in ruleset.conditions}
    lines = []
    for asset in character.assets or ():
        meter = meter_for(ruleset, asset.kind)
        what = f"{asset.type} vehicle" if asset.type else asset.kind
        marks = ", ".join(names.get(k, k) for k in asset.conditions)
        gauge = f"{pips(asset.value, asset.max)} {asset.value}/{asset.max}"
        word = meter_word(meter, asset.kind)
        text = f"{what} · {word} {gauge}"
        lines.append(
            Line(
                asset.name,
                text + (f" · {marks}" if marks else ""),
                asset.value,
                asset.max,
                warn=asset.value == 0,
            )
        )
    data: dict[str, object] = {}
    if character.assets is not None:
        data["assets"] = [
            {
                "name": a.name,
                "kind": a.kind,
                "type": a.type,
                "value": a.value,
                "max": a.max,
                "conditions": dict(a.conditions),
            }
            for a in character.assets
        ]
    return Section("assets", "assets", tuple(lines), data)


def inputs_for(
    state: Campaign, ruleset: Ruleset, move: Move, actor: str | None, asset: str | None = None
) -> dict[str, str]:
    """The move's inputs its companion or vehicle answers (a vehicle's type): not asked."""
    kind = kind_for(ruleset, move)
    if kind is None:
        return {}
    try:
        character = find_character(state, actor)
        return inputs_of(move, find_asset(character, kind, asset))
    except HearthrollError:
        return {}  # the move itself says what is missing


def choices_for(
    state: Campaign, ruleset: Ruleset, move: Move, actor: str | None
) -> tuple[tuple[str, str], ...]:
    """The companions or vehicles the move could act on, when the character has more than one
    (name, what it is): the one it acts on is then asked; empty when nothing is to ask."""
    kind = kind_for(ruleset, move)
    if kind is None:
        return ()
    try:
        character = find_character(state, actor)
    except HearthrollError:
        return ()
    mine = [a for a in character.assets or () if a.kind == kind]
    if len(mine) < 2:
        return ()
    word = meter_word(meter_for(ruleset, kind), kind)
    return tuple((a.name, f"{a.name} ({a.type or kind}), {word} {a.value}/{a.max}") for a in mine)


def refuse_without(ruleset: Ruleset, character: Character, move: Move) -> None:
    """A move on a companion or vehicle is refused before anything is asked when the
    character has none (Companion Takes a Hit after the companion was lost)."""
    kind = kind_for(ruleset, move)
    if kind is not None and not any(a.kind == kind for a in character.assets or ()):
        find_asset(character, kind, None)  # raises, naming how to add one


def inputs_of(move: Move, asset: Asset) -> dict[str, str]:
    """What the asset answers of the move's inputs (a vehicle's type)."""
    return (
        {"vehicle": asset.type}
        if asset.type and any(i.id == "vehicle" for i in move.inputs)
        else {}
    )


def kind_for(ruleset: Ruleset, move: Move) -> str | None:
    """`companion` or `vehicle` when the move's roll or harm reads an asset's meter."""
    scoped = {m.id: m.scope for m in ruleset.meters if m.scope in ("companion", "vehicle")}
    named = [move.roll.stat, *move.roll.stat_choice]
    named += [e.meter for lst in move.options for o in lst.items for e in o.effects if e.meter]
    for meter in named:
        if meter in scoped:
            return scoped[meter]
    return None


def check(attempt: Attempt) -> None:
    """The check stage: a move on a companion or vehicle the character lacks."""
    if attempt.character is not None:
        refuse_without(attempt.ruleset, attempt.character, attempt.move)


def land(landing: Landing) -> Landing:
    """The aftermath: the companion or vehicle the move acted on takes back its meter and
    marks (destroyed, it goes)."""
    mounted, who = landing.mounted, landing.who
    if mounted is None or who is None:
        return landing
    original = landing.before.characters[who]
    sheet, gone = unmount(landing.ruleset, original, landing.state.characters[who], mounted)
    return landing.then(put_character(landing.state, sheet), gone)
