"""Plain words for a move's roll, bands and effects, shared by the command line and the app."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from hearthroll.core.numbers import signed

if TYPE_CHECKING:
    from hearthroll.core.rules.effects import AutoMod, Effect, Gate, OptionList
    from hearthroll.core.rules.model import Move, Ruleset, Source

BAND_WORDS = {
    "pool": {"miss": "bust", "weak": "success, no 6", "strong": "success with a 6"},
    "stat_dice": {"miss": "1–3 (6−)", "weak": "4–5 (7–9)", "strong": "6 (10+)"},
    "action": {"miss": "miss", "weak": "weak hit", "strong": "strong hit"},
    "d20": {"hit": "hit", "fail": "miss", "fumble": "natural 1"},
}


def rolled_words(mechanic: str, band: str, kept: Sequence[int]) -> str:
    """The band in the mechanic's words, as the roll fell: a d20's own miss is a "natural 1"
    only on a 1; on a low die that misses (Trip's 2) it is a miss, its label says which."""
    if mechanic == "d20" and band == "fumble" and tuple(kept) != (1,):
        return BAND_WORDS["d20"]["fail"]
    return BAND_WORDS.get(mechanic, {}).get(band, "")


MECHANIC_WORDS = {
    "pool": "push-your-luck pool",
    "stat_dice": "community roll",
    "sum": "dice + stat",
    "action": "action roll",
    "d20": "d20 check",
    "table": "table roll",
    "expr": "dice",
    "none": "no roll",
}


def names(ruleset: Ruleset | None) -> dict[str, str]:
    """Every id of the ruleset with its name: stats, meters, conditions, holds, tables, gear,
    moves, steading stats and flags (the first of the same id wins)."""
    if ruleset is None:
        return {}
    found: dict[str, str] = {}
    groups: list[Iterable[tuple[str, str]]] = [
        ((x.id, x.name) for x in ruleset.stats),
        ((x.id, x.name) for x in ruleset.meters),
        ((x.id, x.name) for x in ruleset.conditions),
        ((x.id, x.name) for x in ruleset.holds),
        ((x.id, x.name) for x in ruleset.tables),
        ((x.id, x.name) for x in ruleset.gear),
        ((x.id, x.name) for x in ruleset.moves),
    ]
    if ruleset.steading is not None:
        groups.append((x.id, x.name) for x in ruleset.steading.stats)
        groups.append((x.id, x.name) for x in ruleset.steading.flags)
    for group in groups:
        for key, name in group:
            found.setdefault(key, name)
    return found


def word(ruleset: Ruleset | None, key: str) -> str:
    """The ruleset's name for `key`, else the id read as words ("out_of_action" →
    "out of action")."""
    return names(ruleset).get(key) or key.replace("_", " ")


def _name(ruleset: Ruleset, stat_id: str) -> str:
    return word(ruleset, stat_id)


def join_phrases(phrases: Iterable[str], sep: str = "; ") -> str:
    """Phrases joined once: no empty ones, and no stop left before the separator ("holds.;")."""
    kept = [p.strip() for p in phrases if p and p.strip()]
    return sep.join(p.rstrip(".;,") if i < len(kept) - 1 else p for i, p in enumerate(kept))


def value_words(value: object, ruleset: Ruleset | None = None) -> str:
    """A recorded value as words: ids by their names, lists joined, marks as yes / no,
    nothing as "—" (never a Python repr)."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return word(ruleset, value) if value and " " not in value else value or "—"
    if isinstance(value, (tuple, list, set, frozenset)):
        return ", ".join(value_words(v, ruleset) for v in value) or "none"
    if isinstance(value, dict):
        pairs = value.items()
        return (
            ", ".join(f"{value_words(k, ruleset)} {value_words(v, ruleset)}" for k, v in pairs)
            or "none"
        )
    if attrs.has(type(value)):
        for name in ("name", "text"):
            if isinstance(getattr(value, name, None), str):
                return str(getattr(value, name))
        item = getattr(value, "id", None)
        if isinstance(item, str):  # an item on a sheet: its gear's name
            return word(ruleset, item)
        return _fields_words(value, ruleset)
    return str(value)


def _fields_words(value: Any, ruleset: Ruleset | None) -> str:
    """A record without a name as its fields that are not their defaults: `actor Kael, move
    Endure Harm, die 4, …`."""
    parts = []
    for field in attrs.fields(type(value)):
        got = getattr(value, field.name)
        default = field.default
        if default is not attrs.NOTHING and not hasattr(default, "factory") and got == default:
            continue
        parts.append(f"{field.name.replace('_', ' ')} {value_words(got, ruleset)}")
    return ", ".join(parts) or "—"


def option_text(move: Move | None, option_id: str) -> str:
    """An option's own words on the move, else its id read as words."""
    if move is not None:
        for options in move.options:
            for item in options.items:
                if item.id == option_id:
                    return item.text
    return option_id.replace("_", " ")


def credit_line(source: Source) -> str:
    """Where an item's words come from, as its card credits them: "Ironsworn: Starforged
    Rulebook p. 147, by Shawn Tomkin; CC BY 4.0 (https://creativecommons.org/...)"."""
    text = source.title + (f" p. {source.page}" if source.page is not None else "")
    if source.authors:
        text += ", by " + " and ".join(source.authors)
    licence = " ".join(p for p in (source.license, f"({source.license_url})") if p != "()")
    return f"{text}; {licence}" if licence else text


def roll_line(move: Move, ruleset: Ruleset) -> str:
    """One line saying how the move rolls, e.g. "roll 2d6 + Forceful"."""
    roll = move.roll
    stats = [_name(ruleset, s) for s in (roll.stat_choice or ((roll.stat,) if roll.stat else ()))]
    plus = ""
    if stats:
        joined = " or ".join(stats)
        plus = f" + {joined}" + (
            f" (the {roll.choose} of them)"
            if len(stats) > 1 and roll.choose == "highest"
            else " (the player's pick)"
            if len(stats) > 1
            else ""
        )
    if roll.modifier:
        plus += f" {signed(roll.modifier)}"
    mechanic = roll.mechanic
    if mechanic == "pool":
        text = "RISKY: push your luck, the n-th RISKY move of the turn rolls n d6"
    elif mechanic == "stat_dice":
        text = f"community roll: {' or '.join(stats) or 'the stat'} in d6, keep the highest"
    elif mechanic == "sum":
        text = f"roll {roll.dice or '2d6'}{plus}"
    elif mechanic == "action":
        text = f"action roll: d6{plus} against 2d10"
    elif mechanic == "d20":
        text = f"roll d20{plus}, {roll.target} or more"
        if roll.nat20_succeeds:
            text += "; a natural 20 always succeeds"
    elif mechanic == "table":
        table = [t for t in ruleset.tables if t.id == roll.table]
        die = f"d{table[0].die}" if table else "the die"
        text = f"roll {die} on {table[0].name if table else roll.table}"
    else:
        text = "no roll"
    if roll.optional:
        text += " (only if you choose to, or when forced)"
    autos = [auto_line(a, ruleset) for a in roll.auto]
    return text + ("; " + "; ".join(autos) if autos else "")


def gate_words(gate: Gate, ruleset: Ruleset | None = None) -> str:
    """When a gated thing applies, in words ("" when always): "unless Malcontent"."""

    def w(key: str) -> str:
        return word(ruleset, key)

    parts: list[str] = []
    if gate.if_flag:
        parts.append(f"when {w(gate.if_flag)}")
    if gate.unless_flag:
        parts.append(f"unless {w(gate.unless_flag)}")
    if gate.if_size:
        parts.append(f"in a {' or '.join(gate.if_size)}")
    if gate.if_season:
        parts.append(f"in {' or '.join(gate.if_season)}")
    if gate.if_condition:
        parts.append(f"while {w(gate.if_condition)}")
    if gate.unless_condition:
        parts.append(f"unless {w(gate.unless_condition)}")
    if gate.if_at_min:
        parts.append(f"when {w(gate.if_at_min)} is at its lowest")
    if gate.unless_at_min:
        parts.append(f"when {w(gate.unless_at_min)} is above its lowest")
    if gate.if_gear_tag:
        parts.append(f"with {gate.if_gear_tag.replace('_', ' ')} gear")
    if gate.if_match:
        parts.append("on a match")
    if gate.if_chosen:
        parts.append(f"if {gate.if_chosen.replace('_', ' ')} was chosen")
    if gate.if_foe_tag:
        parts.append(f"against a {gate.if_foe_tag.replace('_', '-')} foe")
    return " and ".join(parts)


def auto_line(auto: AutoMod, ruleset: Ruleset | None = None) -> str:
    """An automatic modifier in words: "disadvantage in a hamlet"."""
    what: str = auto.kind
    if auto.kind not in ("advantage", "disadvantage"):
        sources = [
            s
            for s in (auto.from_input, auto.from_gear, auto.from_foe, auto.from_diff)
            if s is not None
        ]
        amount = f"{signed(auto.value)}" if auto.value or not sources else ""
        if sources:
            sign = "-" if auto.times < 0 else "+"
            scale = f"{abs(auto.times)}x " if abs(auto.times) != 1 else ""
            source = word(ruleset, sources[0])
            if sources[0] == auto.from_gear:
                source = f"the wielded weapon's {source}"
            amount += f" {sign}{scale}{source}".strip()
        what = f"{amount.strip()} {'to the target' if auto.kind == 'target' else ''}".strip()
    when = gate_words(auto, ruleset)
    return f"{what} {when}".strip()


SUBJECTS = {"foe": "the foe", "ally": "an ally", "party": "everyone"}


def effect_line(effect: Effect, ruleset: Ruleset | None = None) -> str:
    """An effect in words: "Readiness +3", "mark Diminished", "roll on Endure Harm"."""
    kind = effect.kind
    amount = f"{signed(effect.amount)}" if effect.amount else ""
    key = (
        effect.meter
        or effect.hold
        or effect.condition
        or effect.flag
        or effect.stat
        or effect.table
        or effect.gear
        or effect.move
        or ""
    )
    target = word(ruleset, key) if key else ""
    mode = effect.mode or ""
    if kind in ("meter", "steading", "hold"):
        if mode == "set":
            text = f"{target} set to {signed(effect.amount)}"
        elif mode == "fill":
            text = f"{target} filled to its top"
        elif mode in ("spend", "lose"):
            text = f"{mode} {abs(effect.amount) if effect.amount else 'all'} {target}"
        else:
            text = f"{target} {amount or '+0'}"
    elif kind == "flag" and mode == "hold":
        text = f"mark {target} (the picks last while it stands)"
    elif kind in ("condition", "flag"):
        text = f"{mode or 'mark'} {target}"
        if effect.rounds:
            text += f" for {effect.rounds} round{'s' if effect.rounds != 1 else ''}"
    elif kind == "xp":
        text = f"mark {effect.amount} XP"
    elif kind == "level":
        text = "level up"
    elif kind == "season":
        text = "the season turns"
    elif kind == "table":
        text = f"roll on {target}"
    elif kind in ("heal", "damage"):
        text = f"{kind} {effect.dice or 'weapon damage'}{' ' + amount if amount else ''}"
        if effect.half:
            text += " (half)"
    elif kind == "forward":
        text = f"{amount or '+0'} forward to the next roll"
    elif kind == "bonus":
        text = f"{amount or '+0'} to this roll"
    elif kind == "follow":
        text = f"make {target}" + (f", {effect.preset}" if effect.preset else "")
    elif kind == "waive":
        text = f"skip {(effect.effect or 'an effect').replace('_', ' ')}"
    elif kind == "use":
        text = f"use {target}"
    elif kind == "ammo":
        text = "ammo −1"
    elif kind == "flee":
        text = "get away from the fight"
    elif kind == "break_off":
        text = "stop fighting: the foe turns on another or stops"
    elif kind == "redirect":
        text = "the foe attacks the rescuer instead"
    else:
        text = f"{kind} {target} {amount}".strip()
    if effect.subject != "self" and kind not in ("flee", "break_off", "redirect"):
        text += f" ({SUBJECTS.get(effect.subject, effect.subject)})"
    return " ".join(f"{text} {gate_words(effect, ruleset)}".split())


def span_words(low: int | None, high: int | None) -> str:
    """A band's range as the rules print it: "7–9" (an en dash), "10+", "6−" (a minus sign),
    "5" for one face; "" for no range."""
    if low is None and high is None:
        return ""
    if high is None:
        return f"{low}+"
    if low is None:
        return f"{high}−"
    return f"{low}" if low == high else f"{low}–{high}"


PBTA_BANDS = {"miss": "6−", "weak": "7–9", "strong": "10+"}
"""The 2d6 band a community roll's result stands for."""


def band_words(mechanic: str, band: str, label: str = "") -> str:
    """A rolled band as the log says it: a community roll's label with the band it stands for
    ("4–5 (7–9)", "6 (10+)"), else the move's label or the band read as words."""
    words = label or band.replace("_", " ")
    if mechanic == "stat_dice" and band in PBTA_BANDS:
        return f"{words} ({PBTA_BANDS[band]})"
    return words


def options_heading(options: OptionList, move: Move) -> str:
    """ "On a weak result, the GM picks 1:"."""
    words = BAND_WORDS.get(move.roll.mechanic, {})
    labels = {b.id: b.label for b in move.bands}
    on = " or ".join(labels.get(b) or words.get(b, b) for b in options.on)
    who = {
        "player": "you pick",
        "gm": "the GM picks",
        "roller": "whoever rolls picks",
        "position": "you pick from strength, else the GM picks",
    }[options.who]
    count = f"{'up to ' if options.up_to else ''}{options.pick}"
    head = options.label or (f"On {on}" if on else "Options")
    when = "before the roll, " if options.when == "before" else ""
    return f"{head}: {when}{who} {count}"
