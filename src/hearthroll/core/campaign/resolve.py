"""From a move and a roll to what changes: gates, automatic modifiers, options and effects."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from hearthroll.core.campaign.sheets import (
    advance_season,
    change_condition,
    change_flag,
    change_hold,
    change_meter,
    change_steading_stat,
    level_up,
    meter_change,
    put_character,
    spend_ammo,
    use_item,
)
from hearthroll.core.campaign.state import Aboard, Campaign, Character
from hearthroll.core.dice.sources import DiceSource, rolling_for
from hearthroll.core.errors import RuleError
from hearthroll.core.numbers import signed
from hearthroll.core.records import Record
from hearthroll.core.rules.effects import AutoMod, Effect, Gate, Option, OptionList
from hearthroll.core.rules.model import GearItem, Move, Ruleset, TableRow


@attrs.frozen
class Weapon(Record):
    """The weapon a move attacks with, as the gear rules chose it: what it is, where it sits on
    the sheet (for its ammo), what it adds to the roll, and whether it is thrown."""

    spec: GearItem
    index: int | None = None
    """Its place in the sheet's gear; None for bare hands."""
    to_hit: int = 0
    thrown: bool = False
    empty: str = ""
    """The ranged weapon out of ammo that made this a throw ("Bow"), to say so."""


@attrs.frozen
class Context(Record):
    """What gates read: the campaign before the move, the mover, the inputs, the roll's flags."""

    state: Campaign
    actor: Character | None
    inputs: Mapping[str, int | str] = attrs.field(factory=dict)
    match: bool = False
    foe_tags: frozenset[str] = frozenset()
    """What the target foe is (`weapon`, `two_handed`, `huge`...), in an encounter."""
    past_min: tuple[str, ...] = ()
    """Meters a loss of this move went past the floor of (with nowhere left to go)."""
    gear_tags: frozenset[str] | None = None
    """The gear tags the mover can call on now, as the gear rules say; None: every item's."""
    weapon: Weapon | None = None
    """The weapon the move attacks with (None: the move is no attack)."""


def gate_holds(gate: Gate, ctx: Context, ruleset: Ruleset) -> bool:
    """True when every condition the gate names holds in this context."""
    steading = ctx.state.steading
    flags = steading.flags if steading else ()
    if gate.if_flag is not None and gate.if_flag not in flags:
        return False
    if gate.unless_flag is not None and gate.unless_flag in flags:
        return False
    if gate.if_size and (steading is None or steading.size not in gate.if_size):
        return False
    if gate.if_season and (steading is None or steading.season not in gate.if_season):
        return False
    conditions = ctx.actor.conditions if ctx.actor else {}
    if gate.if_condition is not None and gate.if_condition not in conditions:
        return False
    if gate.unless_condition is not None and gate.unless_condition in conditions:
        return False
    if gate.if_at_min is not None and not _at_min(gate.if_at_min, ctx, ruleset):
        return False
    if gate.unless_at_min is not None and _at_min(gate.unless_at_min, ctx, ruleset):
        return False
    if gate.if_gear_tag is not None:
        tags = ctx.gear_tags
        if tags is None:
            held = {i.id for i in ctx.actor.gear} if ctx.actor else set()
            tags = frozenset(t for g in ruleset.gear if g.id in held for t in g.tags)
        if gate.if_gear_tag not in tags:
            return False
    if gate.if_match and not ctx.match:
        return False
    if gate.if_foe_tag is not None and gate.if_foe_tag not in ctx.foe_tags:
        return False
    if gate.if_past_min is not None and gate.if_past_min not in ctx.past_min:
        return False
    return gate.if_chosen is None or gate.if_chosen in {str(v) for v in ctx.inputs.values()}


def _at_min(stat_id: str, ctx: Context, ruleset: Ruleset) -> bool:
    steading = ctx.state.steading
    if steading is not None and stat_id in steading.stats:
        low = ruleset.stat(stat_id).min
        return low is not None and steading.stats[stat_id] <= low
    if ctx.actor is not None and stat_id in ctx.actor.meters:
        return ctx.actor.meters[stat_id] <= ruleset.meter(stat_id).min
    return False


@attrs.frozen
class Edge(Record):
    """The roll's automatic advantage, disadvantage and modifier, each with its reason."""

    advantage: bool = False
    disadvantage: bool = False
    modifier: int = 0
    reasons: tuple[str, ...] = ()


def _reason(auto: AutoMod, ctx: Context) -> str:
    steading = ctx.state.steading
    if auto.if_size and steading:
        return steading.size
    if auto.if_season and steading:
        return steading.season
    if auto.if_flag:
        return auto.if_flag
    if auto.if_condition:
        return auto.if_condition
    if auto.if_gear_tag:
        return auto.if_gear_tag.replace("_", " ")
    if auto.from_input:
        return f"{auto.from_input} {ctx.inputs.get(auto.from_input, 0)}"
    return "the move"


def automatic_edge(move: Move, ctx: Context, ruleset: Ruleset) -> Edge:
    """Readings 11-13 as data: every automatic modifier of the move that applies now."""
    edge = Edge()
    for auto in move.roll.auto:
        if not gate_holds(auto, ctx, ruleset):
            continue
        reason = _reason(auto, ctx)
        if auto.kind == "advantage":
            edge = attrs.evolve(
                edge, advantage=True, reasons=(*edge.reasons, f"advantage: {reason}")
            )
        elif auto.kind == "disadvantage":
            edge = attrs.evolve(
                edge, disadvantage=True, reasons=(*edge.reasons, f"disadvantage: {reason}")
            )
        elif auto.kind == "modifier":
            amount = auto.value
            if auto.from_input is not None:
                raw = ctx.inputs.get(auto.from_input, 0)
                if not isinstance(raw, int):
                    raise RuleError(f"{auto.from_input} must be a number, not {raw!r}")
                amount += auto.times * raw
            if auto.from_gear == "to_hit" and ctx.weapon is not None:
                amount += auto.times * ctx.weapon.to_hit
                reason = ctx.weapon.spec.name.lower()
            if amount:
                edge = attrs.evolve(
                    edge,
                    modifier=edge.modifier + amount,
                    reasons=(*edge.reasons, f"{signed(amount)}: {reason}"),
                )
    return edge


def offered(
    move: Move, band: str | None, ctx: Context, ruleset: Ruleset, when: str = "after"
) -> list[OptionList]:
    """The option lists the move offers now: on this band, at this time, gates holding, each
    with only the items whose own gate holds (no "shake it off" for the already wounded)."""
    return [
        items_holding(options, ctx, ruleset)
        for options in move.options
        if options.when == when
        and (not options.on or (band is not None and band in options.on))
        and gate_holds(options, ctx, ruleset)
    ]


def offered_in_turn(
    move: Move, band: str | None, picks: Sequence[str], ctx: Context, ruleset: Ruleset
) -> list[OptionList]:
    """The band's option lists, each gate read on the sheet the picks of the lists before it
    leave (reading 26: "−1 health more" that takes health to 0 offers what 0 health offers).

    Only the picks' meter and condition effects are looked ahead (they roll no dice)."""
    lists: list[OptionList] = []
    now = ctx
    for options in move.options:
        if options.when != "after" or (options.on and (band is None or band not in options.on)):
            continue
        if not gate_holds(options, now, ruleset):
            continue
        shown = items_holding(options, now, ruleset)
        lists.append(shown)
        effects = [
            e
            for o in shown.items
            if o.id in picks
            for e in o.effects
            if e.kind in ("meter", "condition")
        ]
        if effects and now.actor is not None:
            name = now.actor.name
            ahead = apply_live(now.state, ruleset, name, effects, _NoDice(), now).state
            now = attrs.evolve(now, state=ahead, actor=ahead.characters.get(name))
    return lists


class _NoDice:
    """Dice for a look ahead that rolls none (meter and condition effects only)."""

    def roll(self, sides: int, count: int = 1) -> tuple[int, ...]:
        raise RuleError("a look ahead at the picks rolls no dice")


def items_holding(options: OptionList, ctx: Context, ruleset: Ruleset) -> OptionList:
    """The list with only the items whose own gate holds; it asks for no more picks than it
    has items left."""
    kept = tuple(o for o in options.items if gate_holds(o, ctx, ruleset))
    if len(kept) == len(options.items):
        return options
    return attrs.evolve(options, items=kept, pick=min(options.pick, len(kept)))


def choose(lists: Sequence[OptionList], picks: Sequence[str], move: Move) -> list[Option]:
    """The options picked from the lists offered, checked against what each list allows."""
    chosen: list[Option] = []
    remaining = list(picks)
    for options in lists:
        mine = [o for o in options.items if o.id in remaining]
        for option in mine:
            remaining.remove(option.id)
        if len(mine) > options.pick:
            ids = ", ".join(o.id for o in options.items)
            raise RuleError(
                f"{move.name}: pick {'up to ' if options.up_to else ''}{options.pick} of {ids}; "
                f"got {len(mine)}"
            )
        chosen.extend(mine)
    if remaining:
        known = sorted({o.id for lst in lists for o in lst.items})
        listed = ", ".join(known) if known else "none now"
        raise RuleError(
            f"{move.name} has no option {remaining[0]!r} to pick here; options: {listed}"
        )
    return chosen


def missing_picks(lists: Sequence[OptionList], chosen: Sequence[Option]) -> list[str]:
    """Lists still short of picks, in words, so the GM knows what to choose."""
    ids = {o.id for o in chosen}
    short = []
    for options in lists:
        have = sum(1 for o in options.items if o.id in ids)
        if have < options.pick and not options.up_to:
            items = ", ".join(o.id for o in options.items)
            short.append(f"pick {options.pick - have} of: {items}")
    return short


def effects_in_order(move: Move, band: str | None, chosen: Sequence[Option]) -> list[Effect]:
    """The move's effects on this band, less those an option waives, then the chosen options'
    effects; their gates are left to be read as each lands (`apply_live` with a context)."""
    waived = {e.effect for o in chosen for e in o.effects if e.kind == "waive"}
    found = [
        e
        for e in move.effects
        if (not e.on or (band is not None and band in e.on)) and e.id not in waived
    ]
    return found + [e for o in chosen for e in o.effects if e.kind != "waive"]


def effects_for(
    move: Move, band: str | None, chosen: Sequence[Option], ctx: Context, ruleset: Ruleset
) -> list[Effect]:
    """The move's effects on this band whose gates hold, less those an option waives, plus the
    chosen options' effects."""
    waived = {e.effect for o in chosen for e in o.effects if e.kind == "waive"}
    found = [
        e
        for e in move.effects
        if (not e.on or (band is not None and band in e.on))
        and e.id not in waived
        and gate_holds(e, ctx, ruleset)
    ]
    found += [
        e for o in chosen for e in o.effects if e.kind != "waive" and gate_holds(e, ctx, ruleset)
    ]
    return found


def apply_effects(
    state: Campaign,
    ruleset: Ruleset,
    actor: str | None,
    effects: Sequence[Effect],
    dice: DiceSource,
    weapon: Weapon | None = None,
) -> tuple[Campaign, list[str]]:
    """Apply effects in order; returns the new state and what each did, in words. Damage is
    the `weapon`'s (the move's attack), else the character's best."""
    applied = apply_live(state, ruleset, actor, effects, dice, weapon=weapon)
    return applied.state, list(applied.words)


@attrs.frozen
class Applied(Record):
    """Effects applied: the state, the words, and what is left for the verb to settle."""

    state: Campaign
    words: tuple[str, ...] = ()
    dropped: tuple[tuple[str, int], ...] = ()
    """Losses past a floor nothing could take (meter, amount)."""
    follow: tuple[str, ...] = ()
    """Moves offered next: `move_id` or `move_id:preset`, or words for a move not in the catalog."""
    deferred: tuple[Effect, ...] = ()
    """Effects a game module applies (progress on a track)."""


TABLE_DEPTH = 8
"""How many tables deep a roll on a table may lead (a row rolling on a table, whose row rolls
on another, …); a deeper roll is said and not made."""


def apply_live(
    state: Campaign,
    ruleset: Ruleset,
    actor: str | None,
    effects: Sequence[Effect],
    dice: DiceSource,
    ctx: Context | None = None,
    weapon: Weapon | None = None,
    depth: int = 0,
) -> Applied:
    """Apply effects in order. With `ctx`, each effect's gate is read as it lands, on the state
    the effects before it left (reading 26: checks read the state after the harm). A table row
    that rolls on tables (an oracle's "roll twice") rolls them, `TABLE_DEPTH` rolls deep at
    most, so no table can roll on itself for ever."""
    words: list[str] = []
    dropped: list[tuple[str, int]] = []
    follow: list[str] = []
    deferred: list[Effect] = []
    for effect in effects:
        if ctx is not None:
            now = attrs.evolve(
                ctx,
                state=state,
                actor=state.characters.get(actor) if actor is not None else None,
            )
            if not gate_holds(effect, now, ruleset):
                continue
        if effect.kind == "progress":
            deferred.append(effect)
            continue
        if effect.kind == "table" and effect.table:
            table = ruleset.table(effect.table)
            if depth >= TABLE_DEPTH:
                words.append(f"{table.name}: not rolled, {TABLE_DEPTH} tables deep already")
                continue
            (face,) = rolling_for(dice, f"d{table.die} on the {table.name} table").roll(
                table.die, 1
            )
            row = table.row_for(face)
            words.append(f"{table.name} d{table.die} = {face}: {row.text}")
            follow.extend(row_follow(ruleset, row.follow, row.preset))
            state = all_aboard(state, ruleset, row)
            if row.effects:
                landed = apply_live(
                    state, ruleset, actor, row.effects, dice, ctx, weapon, depth + 1
                )
                state = landed.state
                words.extend(landed.words)
                dropped.extend(landed.dropped)
                follow.extend(landed.follow)
            continue
        if effect.kind == "follow" and effect.move:
            follow.append(f"{effect.move}:{effect.preset}" if effect.preset else effect.move)
        state, said, lost = _apply(state, ruleset, actor, effect, dice, weapon)
        words.extend(said)
        dropped.extend(lost)
    return Applied(state, tuple(words), tuple(dropped), tuple(follow), tuple(deferred))


def row_follow(ruleset: Ruleset, follow: Sequence[str], preset: str | None) -> list[str]:
    """Reading 32: a table row's next moves as offers (`id:preset`), or their names as words."""
    known = {m.id for m in ruleset.moves}
    return [f"{f}:{preset}" if preset and f in known else f for f in follow]


def all_aboard(state: Campaign, ruleset: Ruleset, row: TableRow) -> Campaign:
    """Reading 32: a row that sends everyone aboard to one of its moves (the rough ride) leaves
    every character and every companion owing one; which of the moves each can make is read
    where the offer is made (`games/aboard.py`). A row that sends no one leaves the campaign."""
    if not row.aboard:
        return state
    known = {m.id for m in ruleset.moves}
    offers = tuple(
        f for f in row_follow(ruleset, row.follow, row.preset) if f.partition(":")[0] in known
    )
    companions = [
        f"{c.name}.{a.name}"
        for c in state.characters.values()
        for a in c.assets or ()
        if a.kind == "companion"
    ]
    return attrs.evolve(state, aboard=Aboard(offers, (*state.characters, *companions)))


def _apply(
    state: Campaign,
    ruleset: Ruleset,
    actor: str | None,
    effect: Effect,
    dice: DiceSource,
    weapon: Weapon | None = None,
) -> tuple[Campaign, list[str], list[tuple[str, int]]]:
    if effect.kind == "meter" and effect.meter:
        lost: list[tuple[str, int]] = []
        words: list[str] = []
        targets = _subjects(state, actor, effect.subject)
        for name in targets:
            change = meter_change(
                ruleset, state.characters[name], effect.meter, effect.amount, effect.mode or "add"
            )
            state = put_character(state, change.character)
            lost.extend(change.dropped)
            words += [f"{name}: {w}" if len(targets) > 1 else w for w in change.words]
        return state, words, lost
    state, said = _apply_one(state, ruleset, actor, effect, dice, weapon)
    return state, said, []


def _apply_one(
    state: Campaign,
    ruleset: Ruleset,
    actor: str | None,
    effect: Effect,
    dice: DiceSource,
    weapon: Weapon | None = None,
) -> tuple[Campaign, list[str]]:
    kind = effect.kind
    steading = state.steading
    if kind == "steading" and steading is not None and effect.stat:
        change = change_steading_stat(
            ruleset, steading, effect.stat, effect.amount, effect.mode or "add"
        )
        return attrs.evolve(state, steading=change.steading), list(change.words)
    if kind == "flag" and steading is not None and effect.flag:
        new, flagged = change_flag(ruleset, steading, effect.flag, effect.mode != "clear")
        return attrs.evolve(state, steading=new), flagged
    if kind == "season" and steading is not None:
        new, turned = advance_season(ruleset, steading)
        return attrs.evolve(state, steading=new), turned
    if kind == "follow":
        return state, []  # the verb says "next: <the move's name>"
    targets = _subjects(state, actor, effect.subject)
    words: list[str] = []
    for name in targets:
        character = state.characters[name]
        said: list[str] = []
        if kind == "hold" and effect.hold:
            character, said = change_hold(
                ruleset, character, effect.hold, effect.amount, effect.mode or "gain"
            )
        elif kind == "condition" and effect.condition:
            character, said = change_condition(
                ruleset, character, effect.condition, effect.mode != "clear", effect.rounds
            )
        elif kind == "xp":
            character = attrs.evolve(character, xp=character.xp + effect.amount)
            said = [f"XP +{effect.amount}"]
        elif kind == "level":
            character, said = level_up(ruleset, character)
        elif kind == "forward":
            character = attrs.evolve(character, forward=character.forward + effect.amount)
            said = [f"+{effect.amount} forward"]
        elif kind == "heal" and effect.dice:
            character, said = _heal(ruleset, character, effect.dice, dice)
        elif kind == "use" and effect.gear and effect.gear in {i.id for i in character.gear}:
            character, used = use_item(ruleset, character, effect.gear)
            said = [used]
        elif kind == "ammo" and weapon is not None and weapon.index is not None:
            character, spent = spend_ammo(ruleset, character, weapon.index)
            said = [spent]
        state = put_character(state, character)
        words += [f"{name}: {w}" if len(targets) > 1 else w for w in said]
    if kind == "damage" and actor is not None:
        character = state.characters[actor]
        words.append(
            weapon_damage(
                ruleset,
                character,
                dice,
                half=effect.half,
                extra=effect.amount,
                expr=effect.dice,
                weapon=weapon,
            )
        )
    return state, words


def _subjects(state: Campaign, actor: str | None, subject: str) -> list[str]:
    if subject == "party":
        return list(state.characters)
    if subject == "self" and actor is not None and actor in state.characters:
        return [actor]
    return []


def _heal(
    ruleset: Ruleset, character: Character, text: str, dice: DiceSource
) -> tuple[Character, list[str]]:
    from hearthroll.core.dice.expr import render, roll_expr

    rolled = roll_expr(text, rolling_for(dice, f"healing {text}"))
    meter = "hp" if "hp" in character.meters else next(iter(character.meters), None)
    if meter is None:
        return character, [f"heal {render(rolled)}"]
    character, said = change_meter(ruleset, character, meter, rolled.total)
    return character, [f"heals {render(rolled)}", *said]


def weapon_damage(
    ruleset: Ruleset,
    character: Character,
    dice: DiceSource,
    *,
    half: bool = False,
    advantage: bool = False,
    disadvantage: bool = False,
    extra: int = 0,
    expr: str = "",
    weapon: Weapon | None = None,
) -> str:
    """Roll the damage of `weapon` (else the character's best wielded one, bare hands without
    one), or of `expr` when a move names its own dice; `extra` is added (a move's −1), then
    `half` halves it."""
    sweep = ""
    if expr:
        name = "damage"
    elif weapon is not None:
        name = f"damage {'thrown ' if weapon.thrown else ''}with {weapon.spec.name}"
        if weapon.empty:
            name += f" ({weapon.empty} has no ammo)"
        expr = weapon.spec.damage
        if "sweep" in weapon.spec.tags and not weapon.thrown:
            sweep = " (it can strike every foe close around)"
    else:
        held = {i.id for i in character.gear if i.worn}
        weapons = [g for g in ruleset.gear if g.id in held and g.damage]
        if not weapons:
            weapons = [g for g in ruleset.gear if g.damage and "unarmed" in (g.id, *g.tags)]
        if not weapons:
            return f"deal your damage {signed(extra)}" if extra else "deal your damage"
        best = max(weapons, key=lambda g: _average(g.damage))
        name, expr = f"damage with {best.name}", best.damage
    from hearthroll.core.dice.expr import render, roll_expr

    rolling_for(dice, name)
    rolled = roll_expr(expr, dice, advantage=advantage, disadvantage=disadvantage)
    said = f"{name}: {render(rolled)}"
    total = max(0, rolled.total + extra)
    if extra:
        said += f" {'+' if extra > 0 else '−'} {abs(extra)} = {total}"
    if half:
        total //= 2
        said += f", halved to {total}"
    return said + sweep


def _average(text: str) -> float:
    from hearthroll.core.dice.expr import parse

    needed = parse(text).dice_needed()
    return sum((s + 1) / 2 for s in needed)
