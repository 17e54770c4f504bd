"""Verbs that edit the campaign directly: holds, levels, notes, damage, `set`, undo and redo."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

from hearthroll.core.campaign.events import Event, Outcome, record, summary
from hearthroll.core.campaign.sheets import change_hold, find_character, level_up, put_character
from hearthroll.core.campaign.state import (
    Asset,
    Campaign,
    Character,
    History,
    Plan,
    Requirement,
)
from hearthroll.core.errors import HearthrollError, NotFound, RuleError, TurnError
from hearthroll.core.numbers import describe, whole_number

if TYPE_CHECKING:
    from hearthroll.core.dice.sources import DiceSource
    from hearthroll.core.rules.model import Ruleset

# --- sheet verbs ----------------------------------------------------------------------------


def hold(
    state: Campaign,
    ruleset: Ruleset,
    hold_id: str,
    amount: int,
    actor: str | None = None,
    picks: Sequence[str] = (),
    dice: DiceSource | None = None,
) -> Outcome:
    """Gain (+N) or spend (-N) a hold; spending below 0 is refused. `picks` are the hold's
    options the points spent buy, one a point, each applied (reading 21); what they roll
    (Defend's "deal half your damage": the guarding weapon's die) comes from `dice`. A spend
    that goes on a roll (Preparation's +1) is made with the roll, not picked here."""
    from hearthroll.core.campaign.resolve import apply_effects
    from hearthroll.core.dice.sources import TypedDice
    from hearthroll.core.games.gear import guard_weapon
    from hearthroll.core.games.holds import by_hand, roll_bonus

    character = find_character(state, actor)
    known = {h.id: h for h in ruleset.holds}
    key = hold_id.lower()
    match = next((h for h in ruleset.holds if key in (h.id, h.name.lower())), None)
    if match is None:
        raise NotFound(f"no hold {hold_id!r}; holds: {', '.join(known) or 'none'}")
    mode = "gain" if amount >= 0 else "spend"
    changed, said = change_hold(ruleset, character, match.id, abs(amount), mode)
    after = put_character(state, changed)
    if picks:
        options = {o.id: o for o in by_hand(match)}
        listed = "; ".join(f"{o.id}: {o.text}" for o in options.values()) or "none"
        if amount >= 0 or len(picks) != -amount:
            raise RuleError(
                f"{match.name} buys one option per point: spend -{len(picks)} for "
                f"{len(picks)} pick{'s' if len(picks) != 1 else ''} (options: {listed})"
            )
        for pick in picks:
            on_roll = next((o for o in match.spends if o.id == pick and o.id not in options), None)
            if on_roll is not None:
                raise RuleError(
                    f"{pick} is +{roll_bonus(on_roll)} to a roll: spend {match.name} on the roll "
                    "as it is made (move ... --prep N) or on a bust that waits (prep N)"
                )
            if pick not in options:
                raise RuleError(f"{match.name} has no option {pick!r}; options: {listed}")
        effects = [e for p in picks for e in options[p].effects]
        weapon = (
            guard_weapon(ruleset, character) if any(e.kind == "damage" for e in effects) else None
        )
        source = dice if dice is not None else TypedDice([])
        after, did = apply_effects(after, ruleset, character.name, effects, source, weapon)
        said = [*said, *(options[p].text for p in picks), *did]
    event = Event(kind="hold", actor=character.name, options=tuple(picks), results=tuple(said))
    return record(state, after, event)


def do_level_up(state: Campaign, ruleset: Ruleset, actor: str | None = None) -> Outcome:
    """Level Up: 6 + 2 × level XP each, several at once; a reroll per level gained."""
    character = find_character(state, actor)
    changed, said = level_up(ruleset, character)
    event = Event(kind="level_up", actor=character.name, results=tuple(said))
    return record(state, put_character(state, changed), event)


def mark_xp(state: Campaign, ruleset: Ruleset, actor: str | None = None) -> Outcome:
    """Mark 1 XP on a character (the active one by default), saying when they can Level Up."""
    character = find_character(state, actor)
    after = attrs.evolve(character, xp=character.xp + 1)
    said = [f"+1 XP ({character.xp} → {after.xp})"]
    if ruleset.xp is not None and ruleset.xp.can_level(after):
        said.append(f"{after.name} can Level Up at home")
    event = Event(kind="mark_xp", actor=character.name, results=tuple(said))
    return record(state, put_character(state, after), event)


def note(state: Campaign, text: str, *, secret: bool = False) -> Outcome:
    """The GM's line in the log: a hard move, a scene; a secret one is for the GM's eyes only
    (the players' view never shows it)."""
    if not text.strip():
        raise RuleError("a note needs some text")
    event = Event(kind="note", text=text.strip(), secret=True if secret else None)
    return record(state, state, event)


def damage(
    state: Campaign,
    ruleset: Ruleset,
    dice: DiceSource,
    *,
    actor: str | None = None,
    advantage: bool = False,
    disadvantage: bool = False,
) -> Outcome:
    """Roll the character's weapon damage; advantage rolls the main die twice."""
    character = find_character(state, actor)
    from hearthroll.core.campaign.resolve import weapon_damage

    said = weapon_damage(ruleset, character, dice, advantage=advantage, disadvantage=disadvantage)
    return record(state, state, Event(kind="damage", actor=character.name, results=(said,)))


# --- a hand edit, undo and redo -------------------------------------------------------------


def hand_edit(before: Campaign, after: Campaign, ruleset: Ruleset | None = None) -> Outcome:
    """What was changed in the state file outside hearthroll, as one undoable `edit` event:
    `before` is the state the events made, `after` the state file as it was found (with the
    same history). With the `ruleset`, momentum the edit left above the max its impacts make
    comes down to it, and the event says so."""
    from hearthroll.core.campaign.deltas import change_words, diff

    if after.history != before.history:
        raise RuleError("a hand edit cannot change the history: repair the campaign")
    changes = diff(attrs.evolve(before, history=History()), attrs.evolve(after, history=History()))
    if not changes:
        raise RuleError("the state file is what the events made: there is no hand edit")
    settled: list[str] = []
    if ruleset is not None:
        from hearthroll.core.games.aftermath import settle

        after, settled = settle(ruleset, after, after, named=True)
    event = Event(kind="edit", results=(*(change_words(d) for d in changes), *settled))
    return record(before, after, event)


def undo_last(state: Campaign, lookup: Callable[[int], Event]) -> Outcome:
    """Undo the last event undo can reach, reading it from the log with `lookup(seq)`."""
    if not state.history.undo:
        raise TurnError("nothing to undo")
    return undo(state, lookup(state.history.undo[-1]))


def redo_last(state: Campaign, lookup: Callable[[int], Event]) -> Outcome:
    """Redo the last undone event, reading it from the log with `lookup(seq)`."""
    if not state.history.redo:
        raise TurnError("nothing to redo")
    return redo(state, lookup(state.history.redo[-1]))


def undo(state: Campaign, target: Event) -> Outcome:
    """Revert the last event undo can reach; `target` is that event, read from the log."""
    from hearthroll.core.campaign.deltas import apply
    from hearthroll.core.campaign.events import reverse

    stack = state.history.undo
    if not stack:
        raise TurnError("nothing to undo")
    if target.seq != stack[-1]:
        raise RuleError(f"undo reverts event {stack[-1]}, not {target.seq}")
    after = apply(state, reverse(target.deltas))
    event = Event(
        kind="undo", target=target.seq, actor=target.actor, results=(f"undid: {summary(target)}",)
    )
    return record(state, after, event)


def redo(state: Campaign, target: Event) -> Outcome:
    """Reapply the last undone event; `target` is that event, read from the log."""
    from hearthroll.core.campaign.deltas import apply

    stack = state.history.redo
    if not stack:
        raise TurnError("nothing to redo")
    if target.seq != stack[-1]:
        raise RuleError(f"redo reapplies event {stack[-1]}, not {target.seq}")
    after = apply(state, target.deltas)
    event = Event(
        kind="redo", target=target.seq, actor=target.actor, results=(f"redid: {summary(target)}",)
    )
    return record(state, after, event)


# --- set: edit a sheet field, validated against the ruleset ---------------------------------

_TRUE = {"true", "yes", "on", "1", "marked"}
_FALSE = {"false", "no", "off", "0", "cleared", "clear"}


def _number(path: str, text: str, low: int | None, high: int | None) -> int:
    value = whole_number(text)
    if value is None:
        raise RuleError(f"{path} is a whole number (digits 0-9), not {describe(text)}")
    if (low is not None and value < low) or (high is not None and value > high):
        span = f"{low if low is not None else '…'} to {high if high is not None else '…'}"
        raise RuleError(f"{path} is {span}, not {value}")
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
    plain: dict[str, object] = {
        "level": c.level,
        "xp": c.xp,
        "rerolls": c.rerolls_left,
        "rerolls_left": c.rerolls_left,
        "armor": c.armor,
        "forward": c.forward,
        "notes": c.notes,
        "template": c.template,
    }
    if field in plain:
        return str(plain[field])
    if field.startswith("max_") and field.removeprefix("max_") in c.meters:
        from hearthroll.core.games.momentum import meter_max

        top = meter_max(ruleset, c, field.removeprefix("max_"))
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
        after = put_character(state, _set_character(character, ruleset, field.lower(), value, path))
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


def _set_character(
    character: Character, ruleset: Ruleset, field: str, value: str, path: str
) -> Character:
    if field in ("level",):
        level = _number(path, value, 1, 99)
        return attrs.evolve(character, level=level, rerolls_left=min(character.rerolls_left, level))
    if field == "xp":
        return attrs.evolve(character, xp=_number(path, value, 0, 9999))
    if field in ("rerolls", "rerolls_left"):
        return attrs.evolve(character, rerolls_left=_number(path, value, 0, character.level))
    if field == "armor":
        return attrs.evolve(character, armor=_number(path, value, 0, 99))
    if field == "forward":
        return attrs.evolve(character, forward=_number(path, value, -9, 9))
    if field == "notes":
        return attrs.evolve(character, notes=value)
    if field == "breaking_point" and _fights(ruleset):
        from hearthroll.core.games.encounter import set_breaking_point

        word = value.strip().lower()
        point = None if word in _FALSE - {"0"} or word == "none" else _number(path, value, 0, 999)
        return set_breaking_point(ruleset, character, point)
    if field == "template":
        known = [t.id for t in ruleset.templates]
        if value not in known:
            raise RuleError(f"{path} is one of {', '.join(known) or 'nothing'}, not {value!r}")
        changed = attrs.evolve(character, template=value)
        from hearthroll.core.games import gear

        for item in character.gear:
            spec = ruleset.gear_item(item.id)
            barred = gear.refusal(ruleset, changed, spec)
            if barred:
                raise RuleError(
                    f"{barred}: drop it first (gear FILE {spec.name!r} --drop --as "
                    f"{character.name}), then set the template"
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
    from hearthroll.core.games.momentum import meter_of  # its max is the impacts': not set

    fields = [
        "level",
        "xp",
        "rerolls",
        "armor",
        "forward",
        "notes",
        "template",
        *(["breaking_point"] if _fights(ruleset) else []),
        *(m.id for m in ruleset.meters),
        *(f"max_{m.id}" for m in ruleset.meters if m is not meter_of(ruleset)),
        *(s.id for s in ruleset.stats),
        *(h.id for h in ruleset.holds),
        *(c.id for c in ruleset.conditions),
    ]
    raise RuleError(
        f"a {ruleset.name} character has no field {field!r}; fields: {', '.join(fields)}"
    )


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
    fields = ["name", "size", "season", *stats, *flags]
    raise RuleError(f"the steading has no field {field!r}; fields: {', '.join(fields)}")


# --- Make a Plan: projects with tick boxes ----------------------------------------------------


def _plans(state: Campaign) -> tuple[Plan, ...]:
    if state.steading is None:
        raise RuleError("plans belong to the steading, and this campaign has none")
    return state.steading.plans


def _with_plans(state: Campaign, plans: tuple[Plan, ...]) -> Campaign:
    assert state.steading is not None
    return attrs.evolve(state, steading=attrs.evolve(state.steading, plans=plans))


def find_plan(state: Campaign, name: str) -> int:
    """The index of the plan with this name (any case)."""
    plans = _plans(state)
    for index, plan in enumerate(plans):
        if plan.name.lower() == name.lower():
            return index
    known = ", ".join(p.name for p in plans) or "none yet"
    raise NotFound(f"no plan {name!r}; plans: {known}")


def add_plan(state: Campaign, name: str, requirements: Sequence[str]) -> Outcome:
    """Make a Plan: write the project down with a tick box per requirement."""
    plans = _plans(state)
    if not name.strip():
        raise RuleError("a plan needs a name")
    if any(p.name.lower() == name.strip().lower() for p in plans):
        raise RuleError(f"there is a plan {name!r} already")
    plan = Plan(name.strip(), tuple(Requirement(r.strip()) for r in requirements if r.strip()))
    event = Event(
        kind="plan",
        text=plan.name,
        results=(f"plan {plan.name}: " + "; ".join(r.text for r in plan.requirements),),
    )
    return record(state, _with_plans(state, (*plans, plan)), event)


def tick(state: Campaign, name: str, number: int, done: bool = True) -> Outcome:
    """Tick (or untick) requirement `number` (from 1) of a plan."""
    index = find_plan(state, name)
    plans = _plans(state)
    plan = plans[index]
    if not 1 <= number <= len(plan.requirements):
        raise RuleError(f"{plan.name} has requirements 1 to {len(plan.requirements)}, not {number}")
    wanted = plan.requirements[number - 1]
    if wanted.done == done:
        raise RuleError(f"{plan.name} #{number} is {'ticked' if done else 'unticked'} already")
    requirements = list(plan.requirements)
    requirements[number - 1] = attrs.evolve(wanted, done=done)
    changed = attrs.evolve(plan, requirements=tuple(requirements))
    mark = "ticked" if done else "unticked"
    words = [f"{plan.name}: {mark} {wanted.text}"]
    if changed.done:
        words.append(f"{plan.name}: every requirement met")
    event = Event(kind="plan", text=plan.name, results=tuple(words))
    return record(state, _with_plans(state, (*plans[:index], changed, *plans[index + 1 :])), event)


def drop_plan(state: Campaign, name: str) -> Outcome:
    """Strike a plan from the list (done, or given up)."""
    index = find_plan(state, name)
    plans = _plans(state)
    event = Event(
        kind="plan", text=plans[index].name, results=(f"plan {plans[index].name} dropped",)
    )
    return record(state, _with_plans(state, (*plans[:index], *plans[index + 1 :])), event)


# --- the party ------------------------------------------------------------------------------


def add_character(
    state: Campaign,
    ruleset: Ruleset,
    name: str,
    template: str = "",
    level: int | None = None,
    fields: Sequence[tuple[str, str]] = (),
) -> Outcome:
    """A new character joins the party, with a fresh sheet shaped by the ruleset, at `level`
    (None: the ruleset's start level); `fields` are (field, value) pairs set on it at once, as
    `set` would (`forceful`, `2`)."""
    from hearthroll.core.campaign.state import new_character, start_level

    name = " ".join(name.split())
    if not name or "." in name:
        raise RuleError("a character needs a name, without dots (they separate `set` paths)")
    if any(n.lower() == name.lower() for n in state.characters):
        raise RuleError(f"there is a {name} in the party already")
    templates = [t.id for t in ruleset.templates]
    if template and template not in templates:
        raise RuleError(
            f"the template is one of {', '.join(templates) or 'none'}, not {template!r}"
        )
    if not template and templates:
        template = templates[0]
    if level is None:
        level = start_level(ruleset)
    if not 1 <= level <= 99:
        raise RuleError(f"the level is 1 to 99, not {level}")
    character = new_character(ruleset, name, template, level)
    for field, value in fields:
        character = _set_character(
            character, ruleset, field.strip().lower(), value, f"{name}.{field.strip()}"
        )
    after = attrs.evolve(
        state,
        characters={**state.characters, name: character},
        active=state.active or name,
    )
    given = ", ".join(f"{k.strip()} {v}" for k, v in fields)
    event = Event(
        kind="join",
        actor=name,
        results=(
            f"{name} joins the party ({template or 'no template'}, level {level}"
            + (f"; {given}" if given else "")
            + ")",
        ),
    )
    return record(state, after, event)
