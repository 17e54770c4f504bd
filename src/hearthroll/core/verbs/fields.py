"""`set`: one field of a sheet or the steading, by one table of the fields a sheet has.

`character_fields` and `steading_fields` list them in the sheet's order; `field_paths` is every
`NAME.field` the campaign has (what the app's edit box offers); `field_value` reads one back as
`set_field` takes it; `set_field` edits it, within its bounds (`games/bounds.py`: `plain_fields` for
the fields every character has, the ruleset's own for its meters, stats, holds and conditions),
the same a campaign file is checked against when it is opened.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from hearthroll.core.campaign.events import Event, Outcome, record
from hearthroll.core.campaign.sheets import find_character, put_character
from hearthroll.core.campaign.state import Asset, Campaign, Character
from hearthroll.core.errors import HearthrollError, NotFound, RuleError
from hearthroll.core.games import assets, momentum
from hearthroll.core.games.bounds import ALIASES, Plain, outside, plain_fields, span
from hearthroll.core.numbers import describe, whole_number
from hearthroll.core.rules.model import Ruleset


def character_fields(ruleset: Ruleset) -> list[str]:
    """Every field a character of `ruleset` has, in the sheet's order: the plain ones, the
    ongoing penalty, the template, the breaking point where the game fights, then the ruleset's
    meters (and their maxima, but momentum's: its impacts make it), stats, holds and conditions.
    A companion's or vehicle's meter and marks are the asset's own fields."""
    own_meters = [m.id for m in ruleset.meters if assets.kind_of(ruleset, m.id) is None]
    gauge = momentum.meter_of(ruleset)
    return [
        *plain_fields(ruleset),
        "ongoing",
        *(["template"] if ruleset.templates else []),
        *(["breaking_point"] if _fights(ruleset) else []),
        *own_meters,
        *(f"max_{m}" for m in own_meters if gauge is None or m != gauge.id),
        *(s.id for s in ruleset.stats),
        *(h.id for h in ruleset.holds),
        *(c.id for c in ruleset.conditions if assets.kind_of(ruleset, c.id) is None),
    ]


def steading_fields(ruleset: Ruleset) -> list[str]:
    """The steading's fields: its name, size and season, its stats and its flags."""
    spec = ruleset.steading
    if spec is None:
        return []
    return ["name", "size", "season", *(s.id for s in spec.stats), *(f.id for f in spec.flags)]


def field_paths(state: Campaign, ruleset: Ruleset) -> list[str]:
    """`NAME.field` for every character, `ASSET.field` for every companion and vehicle, and
    `steading.field`, as `set_field` reads them."""
    fields = character_fields(ruleset)
    paths = [f"{name}.{field}" for name in state.characters for field in fields]
    for character in state.characters.values():
        for asset in character.assets or ():
            names = assets.field_names(ruleset, asset)
            paths += [f"{asset.name}.{n}" for n in names if not n.startswith("max_")]
    if state.steading is not None:
        paths += [f"steading.{field}" for field in steading_fields(ruleset)]
    return paths


def ongoing_words(text: str) -> tuple[int, int] | str:
    """An ongoing penalty as the GM types it: `-1 3` (or `-1 for 3 rolls`) is -1 on the next 3
    rolls, `0` clears it; else what to type."""
    words = [w for w in text.replace("−", "-").split() if w not in ("for", "rolls", "roll")]
    numbers = [w for w in words if w.lstrip("+-").isdigit()]
    if len(numbers) != len(words) or not numbers or len(numbers) > 2:
        return "an ongoing penalty is the amount and the rolls it lasts: -1 3 (0 clears it)"
    amount = int(numbers[0])
    if amount and len(numbers) < 2:
        return f"say how many rolls it lasts: {amount:+d} 3"
    return amount, int(numbers[1]) if len(numbers) > 1 else 0


_TRUE = {"true", "yes", "on", "1", "marked"}
_FALSE = {"false", "no", "off", "0", "cleared", "clear"}


def _number(path: str, text: str, low: int | None, high: int | None) -> int:
    value = whole_number(text)
    if value is None:
        raise RuleError(f"{path} is a whole number (digits 0-9), not {describe(text)}")
    if outside(value, low, high):
        raise RuleError(f"{path} is {span(low, high)}, not {value}")
    return value


def _flag(path: str, text: str) -> bool:
    word = text.strip().lower()
    if word in _TRUE:
        return True
    if word in _FALSE:
        return False
    raise RuleError(f"{path} is true or false, not {text!r}")


def field_value(state: Campaign, ruleset: Ruleset, path: str) -> str | None:
    """What a field holds now, as `set_field` would take it back; None when the path names
    nothing (the edit says why when it is tried)."""
    owner, _, field = path.partition(".")
    field = field.lower()
    if owner.lower() == "steading":
        steading = state.steading
        if steading is None:
            return None
        if field in ("name", "size", "season"):
            return str(getattr(steading, field))
        if field in steading.stats:
            return str(steading.stats[field])
        spec = ruleset.steading
        if spec is not None and field in {f.id for f in spec.flags}:
            return "yes" if field in steading.flags else "no"
        return None
    try:
        target = _asset_path(state, ruleset, owner, field)
        if target is not None:
            return _asset_value(ruleset, *target)
        c = find_character(state, owner)
    except HearthrollError:
        return None
    field = ALIASES.get(field, field)
    plain = plain_fields(ruleset)
    if field in plain:
        return str(getattr(c, plain[field].attr))
    if field == "template" and ruleset.templates:
        return c.template
    if field == "ongoing":
        return f"{c.ongoing.amount} {c.ongoing.rolls}" if c.ongoing is not None else "0"
    if field == "breaking_point" and _fights(ruleset):
        return "none" if c.breaking_point is None else str(c.breaking_point)
    if field.startswith("max_") and field.removeprefix("max_") in c.meters:
        top = momentum.meter_max(ruleset, c, field.removeprefix("max_"))
        return None if top is None else str(top)
    for values in (c.meters, c.stats, c.holds):
        if field in values:
            return str(values[field])
    if field in {h.id for h in ruleset.holds}:
        return "0"
    if field in {x.id for x in ruleset.conditions}:
        return "yes" if field in c.conditions else "no"
    return None


def _arithmetic(state: Campaign, ruleset: Ruleset, path: str, value: str) -> tuple[str, str]:
    """The value to set and the words for it: "+2" and "-3" add to a number the field holds
    ("hp -2 (7 → 5)"); "=-2" sets it to −2; anything else is set as typed."""
    typed = value.strip()
    if typed.startswith("="):
        exact = typed[1:].strip()
        return exact, f"{path} = {exact}"
    if len(typed) > 1 and typed[0] in "+-" and typed[1:].strip().isdigit():
        now = field_value(state, ruleset, path)
        if now is not None and now.lstrip("+-").isdigit():
            after = int(now) + int(typed[0] + typed[1:].strip())
            return str(after), f"{path} {typed[0]}{typed[1:].strip()} ({now} → {after})"
    return value, f"{path} = {value}"


def set_field(state: Campaign, ruleset: Ruleset, path: str, value: str) -> Outcome:
    """Edit one field: `NAME.field` on a character, `steading.field` on the steading. A
    number field takes `+N` / `-N` as a change to what it holds, and `=N` as the number."""
    owner, dot, field = path.partition(".")
    if not dot or not field:
        raise RuleError(f"give a path as NAME.field or steading.field, not {path!r}")
    if field.lower().startswith(f"{owner.lower()}."):  # the name typed again after the box's
        field = field[len(owner) + 1 :]
        path = f"{owner}.{field}"
    if field.lower() == "ongoing" and owner.lower() != "steading":
        return _set_ongoing(state, ruleset, owner, value)
    value, words = _arithmetic(state, ruleset, path, value)
    actor: str | None = owner
    sheet: str | None = None
    gone: list[str] = []
    if owner.lower() == "steading":
        actor = None
        after = _set_steading(state, ruleset, field.lower(), value, path)
    elif (target := _asset_path(state, ruleset, owner, field)) is not None:
        character, asset, name = target
        changed, gone = _set_asset(ruleset, character, asset, name, value, path)
        if owner.lower() == character.name.lower() and "." not in field:
            words += f" ({asset.name}'s)"  # a vehicle's meter named on its owner
        actor, after = character.name, put_character(state, changed)
        sheet = character.name
    else:
        character = find_character(state, owner)
        after = put_character(state, set_character(character, ruleset, field.lower(), value, path))
        sheet = character.name
    if after == state:
        raise RuleError(f"{path} is already {value}")
    from hearthroll.core.games.aftermath import settle

    after, settled = settle(ruleset, state, after, [sheet] if sheet else [])
    from hearthroll.core.games.encounter import newly_breaking

    fleeing = [
        f"{n} is below their breaking point: {n} must flee" for n in newly_breaking(state, after)
    ]
    event = Event(kind="set", actor=actor, results=(words, *gone, *settled, *fleeing))
    return record(state, after, event)


def _set_ongoing(state: Campaign, ruleset: Ruleset, owner: str, value: str) -> Outcome:
    """NAME.ongoing: `-1 3` is -1 on the next 3 rolls, `0` clears it (reading 24)."""
    from hearthroll.core.verbs.sheet import ongoing

    parsed = ongoing_words(value)
    if isinstance(parsed, str):
        raise RuleError(parsed)
    return ongoing(state, ruleset, *parsed, owner)


def set_character(
    character: Character, ruleset: Ruleset, field: str, value: str, path: str
) -> Character:
    field = ALIASES.get(field, field)
    plain = plain_fields(ruleset)
    if field in plain:
        return _set_plain(character, plain[field], value, path)
    if field == "breaking_point" and _fights(ruleset):
        from hearthroll.core.games.encounter import set_breaking_point

        word = value.strip().lower()
        point = None if word in _FALSE - {"0"} or word == "none" else _number(path, value, 0, 999)
        return set_breaking_point(ruleset, character, point)
    if field == "template" and ruleset.templates:
        known = [t.id for t in ruleset.templates]
        if value not in known:
            raise RuleError(f"{path} is one of {', '.join(known) or 'nothing'}, not {value!r}")
        changed = attrs.evolve(character, template=value)
        from hearthroll.core.games import gear

        for item in character.gear:
            spec = ruleset.gear_item(item.id)
            barred = gear.refusal(ruleset, changed, spec) if item.worn else None
            if barred:
                raise RuleError(
                    f"{barred}: stow it (gear FILE {spec.name!r} --carry --as "
                    f"{character.name}) or drop it first, then set the template"
                )
        return changed
    if field.startswith("max_"):
        meter_id = field.removeprefix("max_")
        _derived_max(ruleset, character, meter_id, path)
        if meter_id in {m.id for m in ruleset.meters}:
            top = _number(path, value, 1, 999)
            meters = dict(character.meters)
            meters[meter_id] = min(meters.get(meter_id, top), top)
            maxima = {**character.maxima, meter_id: top}
            return attrs.evolve(character, maxima=maxima, meters=meters)
    if field in {m.id for m in ruleset.meters}:
        from hearthroll.core.games import momentum

        meter = ruleset.meter(field)
        high = momentum.meter_max(ruleset, character, field)
        try:
            number = _number(path, value, meter.min, high)
        except RuleError as error:
            gauge = momentum.meter_of(ruleset)
            if gauge is None or gauge.id != field or field not in character.meters:
                raise
            raise RuleError(f"{error} ({momentum.why_max(ruleset, character)})") from None
        return attrs.evolve(character, meters={**character.meters, field: number})
    if field in {s.id for s in ruleset.stats}:
        stat = ruleset.stat(field)
        return attrs.evolve(
            character, stats={**character.stats, field: _number(path, value, stat.min, stat.max)}
        )
    if field in {h.id for h in ruleset.holds}:
        hold = ruleset.hold(field)
        amount = _number(path, value, 0, hold.max)
        holds = {**character.holds, field: amount}
        if amount == 0:
            holds.pop(field)
        return attrs.evolve(character, holds=holds)
    if field in {c.id for c in ruleset.conditions}:
        conditions = _marked(ruleset, character.conditions, field, value, path)
        return attrs.evolve(character, conditions=conditions)
    fields = ", ".join(character_fields(ruleset))
    raise RuleError(f"a {ruleset.name} character has no field {field!r}; fields: {fields}")


def _set_plain(character: Character, plain: Plain, value: str, path: str) -> Character:
    """A field every character has; a level below the rerolls left takes them down with it."""
    given: dict[str, Any] = {plain.attr: value}  # the attribute is the table's: one of PLAIN's
    if plain.text:
        return attrs.evolve(character, **given)
    number = given[plain.attr] = _number(path, value, *plain.bounds(character))
    changed = attrs.evolve(character, **given)
    if plain.attr == "level":
        changed = attrs.evolve(changed, rerolls_left=min(character.rerolls_left, number))
    return changed


def _derived_max(ruleset: Ruleset, character: Character, meter_id: str, path: str) -> None:
    """Refuse an edit of momentum's max: it is what the impacts marked make it."""
    from hearthroll.core.games import momentum

    gauge = momentum.meter_of(ruleset)
    if gauge is not None and gauge.id == meter_id and gauge.max is not None:
        raise RuleError(
            f"{path} is not set by hand: it is {gauge.max} less one per impact marked "
            f"({momentum.why_max(ruleset, character)}); mark or clear an impact instead"
        )


def _marked(
    ruleset: Ruleset, conditions: Mapping[str, int], field: str, value: str, path: str
) -> dict[str, int]:
    """The marks with the condition `field` set as typed: yes/no, or the rounds it lasts."""
    marks = dict(conditions)
    word = value.strip().lower()
    if word in _FALSE:
        marks.pop(field, None)
    elif word in _TRUE:
        marks[field] = ruleset.condition(field).rounds or 0
    elif whole_number(value) is None:
        raise RuleError(f"{path} is yes or no, or the rounds it lasts (0 to 99), not {value!r}")
    else:
        marks[field] = _number(path, value, 0, 99)
    return marks


def _asset_path(
    state: Campaign, ruleset: Ruleset, owner: str, field: str
) -> tuple[Character, Asset, str] | None:
    """The asset a `set` path names, its owner and the asset's field: `Petrel.integrity` (an
    asset by its name), `Kael.Petrel.integrity` (by its owner and name), or `Kael.integrity` (a
    meter or mark of a vehicle's, on Kael's one vehicle). None: a character's own field."""
    from hearthroll.core.games import assets

    name, dot, rest = field.partition(".")
    if dot and not assets.kinds(ruleset):
        return None  # no companions or vehicles in this game: the character's fields say why
    if dot:
        character = find_character(state, owner)
        found = assets.owned([character], name)
        if found is not None:
            return (*found, rest.lower())
        names = ", ".join(a.name for a in character.assets or ()) or "none"
        raise NotFound(f"{character.name} has no asset named {name!r} (their assets: {names})")
    if owner.lower() not in {n.lower() for n in state.characters}:
        found = assets.owned(list(state.characters.values()), owner)
        return None if found is None else (*found, field.lower())
    kind = assets.kind_of(ruleset, field.lower().removeprefix("max_"))
    if kind is None:
        return None
    character = find_character(state, owner)
    return character, assets.find_asset(character, kind, None), field.lower()


def _asset_value(ruleset: Ruleset, character: Character, asset: Asset, field: str) -> str | None:
    """What an asset's field holds now, as `_set_asset` takes it back."""
    from hearthroll.core.games.assets import field_names

    what = field_names(ruleset, asset).get(field)
    if what == "value":
        return str(asset.value)
    if what == "max":
        return str(asset.max)
    return None if what is None else ("yes" if what in asset.conditions else "no")


def _set_asset(
    ruleset: Ruleset, character: Character, asset: Asset, field: str, value: str, path: str
) -> tuple[Character, list[str]]:
    """The sheet with one field of its companion or vehicle set: its meter (0 to its maximum),
    its maximum (its kind's limits, the meter brought down to it), or a mark of its kind."""
    from hearthroll.core.games import assets

    names = assets.field_names(ruleset, asset)
    what = names.get(field)
    if what is None:
        known = ", ".join(n for n in names if not n.startswith("max_"))
        raise RuleError(f"{asset.name} ({asset.kind}) has no field {field!r}; fields: {known}")
    if what == "value":
        low = assets.meter_for(ruleset, asset.kind).min
        changed = attrs.evolve(asset, value=_number(path, value, low, asset.max))
    elif what == "max":
        bottom, top = assets.LIMITS[asset.kind]
        most = _number(path, value, bottom, top)
        changed = attrs.evolve(asset, max=most, value=min(asset.value, most))
    else:
        changed = attrs.evolve(
            asset, conditions=_marked(ruleset, asset.conditions, what, value, path)
        )
    return assets.put_asset(ruleset, character, changed)


def _fights(ruleset: Ruleset) -> bool:
    from hearthroll.core.verbs.fight import has_encounters

    return has_encounters(ruleset)


def _set_steading(state: Campaign, ruleset: Ruleset, field: str, value: str, path: str) -> Campaign:
    steading = state.steading
    spec = ruleset.steading
    if steading is None or spec is None:
        raise RuleError(f"a {ruleset.name} campaign has no steading")
    if field == "name":
        return attrs.evolve(state, steading=attrs.evolve(steading, name=value))
    if field in ("size", "season"):
        allowed = spec.sizes if field == "size" else spec.seasons
        word = value.strip().lower()
        if word not in allowed:
            raise RuleError(f"{path} is one of {', '.join(allowed)}, not {value!r}")
        changed = (
            attrs.evolve(steading, size=word)
            if field == "size"
            else attrs.evolve(steading, season=word)
        )
        return attrs.evolve(state, steading=changed)
    stats = {s.id: s for s in spec.stats}
    if field in stats:
        stat = stats[field]
        number = _number(path, value, stat.min, stat.max)
        return attrs.evolve(
            state, steading=attrs.evolve(steading, stats={**steading.stats, field: number})
        )
    flags = [f.id for f in spec.flags]
    if field in flags:
        mark = _flag(path, value)
        if mark == (field in steading.flags):
            return state  # no change: set_field refuses it as "already"
        kept = tuple(f for f in steading.flags if f != field)
        return attrs.evolve(
            state, steading=attrs.evolve(steading, flags=(*kept, field) if mark else kept)
        )
    fields = ", ".join(steading_fields(ruleset))
    raise RuleError(f"the steading has no field {field!r}; fields: {fields}")
