"""A Datasworn move as a hearthroll move: its trigger and words, how it rolls, its three
bands with their option lists, the tables it names, and its credit.

How it rolls: an action roll rolls `action` with the stats its trigger offers (a stat, a
condition meter, a companion's health or a vehicle's integrity, where the ruleset has them):
one stat, or a choice the player makes (`player_choice`) or the higher one (`highest`).
Where the trigger's options are values instead (a connection's rank), the GM gives the value
and it is added. A progress roll and a legacy roll are made on their track, so the move
itself rolls nothing; a move without a roll that has one table of its own rolls it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import attrs

from hearthroll.core.records import Record
from hearthroll.core.rules.effects import AutoMod, Effect, Option, OptionList
from hearthroll.core.rules.model import BandText, Input, Move, RollSpec
from hearthroll.store.converter import KeyPath
from hearthroll.store.datasworn.context import Context
from hearthroll.store.datasworn.gains import band_gains, option_gains
from hearthroll.store.datasworn.next_moves import band_follows
from hearthroll.store.datasworn.package import Node, plain_id
from hearthroll.store.datasworn.words import Words, bullets, capitalised, paragraphs, slug

OUTCOMES = (
    ("strong_hit", "strong", "Strong hit"),
    ("weak_hit", "weak", "Weak hit"),
    ("miss", "miss", "Miss"),
)
"""Datasworn's outcomes, as the band id and label each becomes."""
CONTROLS = {"health": "companion_health", "integrity": "integrity"}
"""An asset's control a roll may use, as the meter the ruleset keeps it in."""
_LEAD = re.compile(r"^On an? (?:strong hit|weak hit|miss), ", re.IGNORECASE)
_CHOOSE = re.compile(r"\bchoose (one|two|three)\b", re.IGNORECASE)
_COUNTS = {"one": 1, "two": 2, "three": 3}
_OUTCOME_START = re.compile(r"^On an? (?:__)?(?:strong hit|weak hit|hit|miss)(?![a-z])", re.I)
PROGRESS_WORDS = (
    "A progress roll: roll the challenge dice against the track's filled boxes (no action "
    "die, no momentum burned)."
)
LEGACY_WORDS = "A legacy roll: roll the challenge dice against the legacy track's filled boxes."


@attrs.frozen
class Built(Record):
    """A converted item and where each of its keys came from in the package."""

    move: Move
    origins: dict[KeyPath, str]


NO_ROLL = RollSpec()


@attrs.frozen
class _Roll(Record):
    spec: RollSpec = NO_ROLL
    inputs: tuple[Input, ...] = ()
    words: str = ""


def build_move(
    node: Node, ctx: Context, name: str, own_tables: list[str], listed: list[str]
) -> Built:
    """The move of `node`, named `name`; `own_tables` are the tables it holds itself (one of
    them is rolled by a move without a roll), `listed` every table it names."""
    data = node.data
    where = node.where
    trigger = data.get("trigger")
    said = ctx.words(
        trigger.get("text") if isinstance(trigger, dict) else None, f"{where}.trigger.text"
    )
    markdown = data.get("text") if isinstance(data.get("text"), str) else ""
    if isinstance(data.get("outcomes"), dict):  # its bands hold the outcomes' words
        markdown = _brief(str(markdown))
    full = ctx.words(markdown, f"{where}.text")
    origins: dict[KeyPath, str] = {(): where, ("roll",): f"{where}.trigger"}
    roll = _roll(node, ctx)
    bands, options, gains, texts = _bands(node, ctx, origins, picks=roll.spec.mechanic != "none")
    text = "\n\n".join(t for t in (full.text, roll.words) if t)
    refs = ctx.refs([said, full, *texts], own=node.id)
    refs += [t for t in listed if t not in refs]
    for index in range(len(refs)):
        origins[("refs", index)] = f"{where}.text"
    effects = gains
    if data.get("roll_type") == "no_roll" and len(own_tables) == 1:
        effects = (Effect(kind="table", table=own_tables[0]),)
        origins[("effects", 0)] = f"{where}.oracles"
    tags = ["datasworn", plain_id(str(node.path[1]))]
    if node.kind == "asset_move":
        tags = ["datasworn", "asset_move", plain_id(node.collection)]
    kind = data.get("roll_type")
    if isinstance(kind, str) and kind not in ("action_roll", "no_roll"):
        tags.append(kind)
    move = Move(
        id=node.id,
        name=name,
        ruleset=ctx.ruleset,
        trigger=said.text or name,
        text=text,
        tags=tuple(dict.fromkeys(t for t in tags if t)),
        roll=roll.spec,
        inputs=roll.inputs,
        bands=tuple(bands),
        options=tuple(options),
        effects=effects,
        refs=tuple(refs),
        source=node.source,
    )
    return Built(move, origins)


def _brief(text: str) -> str:
    """The move's words before its outcomes (which its bands hold)."""
    kept: list[str] = []
    for paragraph in paragraphs(text):
        if _OUTCOME_START.match(paragraph):
            break
        kept.append(paragraph)
    return "\n\n".join(kept) or text


def _bands(
    node: Node, ctx: Context, origins: dict[KeyPath, str], *, picks: bool
) -> tuple[list[BandText], list[OptionList], tuple[Effect, ...], list[Words]]:
    """The outcomes as bands, each choice over plain bullets as an option list where the move
    rolls (`picks`), and the gains the bands and options state outright (`gains.py`); a
    progress roll's choices and gains stay words, as its bands are read, not rolled."""
    outcomes = node.data.get("outcomes")
    if not isinstance(outcomes, dict):
        return [], [], (), []
    bands: list[BandText] = []
    lists: list[OptionList] = []
    effects: list[Effect] = []
    texts: list[Words] = []
    for key, band_id, label in OUTCOMES:
        outcome = outcomes.get(key)
        if not isinstance(outcome, dict):
            continue
        where = f"{node.where}.outcomes.{key}"
        said = ctx.words(outcome.get("text"), f"{where}.text")
        texts.append(said)
        text = _LEAD.sub("", said.text, count=1)
        text = capitalised(text) if text != said.text else text
        if picks:
            found = band_gains(text, band_id, ctx.meters)
            found += band_follows(text, said.links, band_id, ctx)
            for effect in found:
                origins[("effects", len(effects))] = f"{where}.text"
                effects.append(effect)
        match = outcome.get("match")
        if isinstance(match, dict):
            extra = ctx.words(match.get("text"), f"{where}.match.text")
            texts.append(extra)
            text += f"\n\nWith a match: {extra.text}"
        text, options = _option_list(text, band_id, ctx.meters) if picks else (text, None)
        origins[("bands", len(bands))] = where
        bands.append(BandText(band_id, label, text))
        if options is not None:
            origins[("options", len(lists))] = where
            lists.append(options)
    return bands, lists, tuple(effects), texts


def _option_list(text: str, band: str, meters: Mapping[str, str]) -> tuple[str, OptionList | None]:
    """A band's "choose one" (or two, three) over plain bullets, as an option list (an option
    that states one gain does it when picked); the words stay as they are when the bullets are
    not plain, or the choice is not the band's last paragraph."""
    parts = paragraphs(text)
    if len(parts) < 2:
        return text, None
    items = bullets(parts[-1])
    asked = _CHOOSE.findall(parts[-2])
    others = [p for p in parts[:-1] if bullets(p) is not None]
    if items is None or len(asked) != 1 or others:
        return text, None
    pick = _COUNTS[asked[0].lower()]
    if pick > len(items) or any(not item for item in items):
        return text, None
    options: list[Option] = []
    for item in items:
        base = slug(item) or f"option_{len(options) + 1}"
        option_id, n = base, 2
        while any(o.id == option_id for o in options):
            option_id, n = f"{base}_{n}", n + 1
        options.append(Option(id=option_id, text=item, effects=option_gains(item, meters)))
    return "\n\n".join(parts[:-1]), OptionList(on=(band,), pick=pick, items=tuple(options))


def _roll(node: Node, ctx: Context) -> _Roll:
    kind = node.data.get("roll_type")
    if kind == "progress_roll":
        return _Roll(words=PROGRESS_WORDS)
    if kind == "special_track":
        return _Roll(words=LEGACY_WORDS)
    if kind != "action_roll":
        return _Roll()
    stats: list[str] = []
    methods: set[str] = set()
    values: list[tuple[str, int]] = []
    others: list[str] = []
    trigger = node.data.get("trigger")
    conditions = trigger.get("conditions") if isinstance(trigger, dict) else None
    for condition in conditions if isinstance(conditions, list) else ():
        if not isinstance(condition, dict):
            continue
        for option in condition.get("roll_options") or ():
            if not isinstance(option, dict):
                continue
            found = _rolled(option, ctx.rollable)
            if isinstance(found, tuple):
                values.append(found)
            elif found in ctx.rollable:
                stats.append(found)
                methods.add(str(condition.get("method")))
            else:
                others.append(found)
    stats = list(dict.fromkeys(stats))
    if stats:
        if len(stats) == 1:
            return _Roll(RollSpec(mechanic="action", stat=stats[0]))
        if methods == {"highest"}:
            return _Roll(RollSpec(mechanic="action", stat_choice=tuple(stats), choose="highest"))
        return _Roll(RollSpec(mechanic="action", stat_choice=tuple(stats), choose="player"))
    if values or others:
        return _given_value(values, others)
    return _Roll(RollSpec(mechanic="action"))


def _rolled(option: dict[str, Any], rollable: frozenset[str]) -> str | tuple[str, int]:
    """What a roll option adds: a stat or meter id, a (label, value) the GM chooses between,
    or words naming something the ruleset does not keep."""
    using = option.get("using")
    if using == "custom":
        value = option.get("value")
        return (str(option.get("label", "")), value if type(value) is int else 0)
    key = {
        "stat": option.get("stat"),
        "condition_meter": option.get("condition_meter"),
        "asset_control": CONTROLS.get(str(option.get("control")), option.get("control")),
    }.get(str(using))
    if isinstance(key, str) and key in rollable:
        return key
    named = key or option.get("control") or option.get("option") or using
    return str(named).replace("_", " ")


def _given_value(values: list[tuple[str, int]], others: list[str]) -> _Roll:
    """A roll whose add the GM gives: one of the trigger's values, or what the sheet keeps
    nowhere (an asset's ammo)."""
    if values:
        numbers = [v for _, v in values]
        words = ", ".join(f"{label} {value}" for label, value in values)
        low, high = min(numbers), max(numbers)
        spec = Input("value", "Value", text=words, min=low, max=high, default=low)
    else:
        named = " or ".join(dict.fromkeys(others))
        spec = Input("value", capitalised(named), text=f"the {named} rolled", min=0, max=10)
    auto = (AutoMod(kind="modifier", from_input="value"),)
    return _Roll(RollSpec(mechanic="action", auto=auto), (spec,))
