"""Datasworn assets and foes, read as moves without a roll that the GM finds and reads like
any move: an asset's abilities (● marked at the start, ○ to earn), its meters and boxes; a
foe's rank, nature, features, drives, tactics and variants. Tags `asset` and `foe` find them.
"""

from __future__ import annotations

import shlex
from typing import Any

from hearthroll.core.games.assets import LIMITS
from hearthroll.core.rules.model import Move
from hearthroll.store.converter import KeyPath
from hearthroll.store.datasworn.context import Context
from hearthroll.store.datasworn.moves import Built
from hearthroll.store.datasworn.package import Node, entries, plain_id
from hearthroll.store.datasworn.words import Words

SHEET_ASSETS = {
    "companion": ("companion", ""),
    "command_vehicle": ("vehicle", "command"),
    "support_vehicle": ("vehicle", "support"),
}
"""The asset categories a sheet keeps, as the kind of asset and the vehicle's type."""
RANKS = {1: "troublesome", 2: "dangerous", 3: "formidable", 4: "extreme", 5: "epic"}
"""A foe's rank, by the number Datasworn gives it."""


def build_asset(node: Node, ctx: Context, name: str) -> Built:
    """An asset as a move to read: its abilities, meters and boxes."""
    data = node.data
    where = node.where
    texts: list[Words] = []
    lines: list[str] = []
    for index, ability in enumerate(data.get("abilities") or ()):
        if not isinstance(ability, dict):
            continue
        said = ctx.words(ability.get("text"), f"{where}.abilities.{index}.text")
        texts.append(said)
        mark = "●" if ability.get("enabled") else "○"
        lines.append(f"{mark} {said.text}")
    lines += _controls(data.get("controls"))
    lines += [
        f"{_label(option, key)}: (write it in)"
        for key, option in entries(data.get("options"))
        if option.get("field_type") == "text"
    ]
    requirement = ctx.words(data.get("requirement"), f"{where}.requirement")
    texts.append(requirement)
    category = str(data.get("category") or node.collection)
    lines += _to_take(name, plain_id(category), data.get("controls"))
    trigger = requirement.text or f"{name}: a {category.lower()} asset."
    move = Move(
        id=node.id,
        name=name,
        ruleset=ctx.ruleset,
        trigger=trigger,
        text="\n".join(lines),
        tags=("datasworn", "asset", plain_id(category)),
        refs=tuple(ctx.refs(texts, own=node.id)),
        source=node.source,
    )
    origins: dict[KeyPath, str] = {(): where}
    origins.update({("refs", i): f"{where}.abilities" for i in range(len(move.refs))})
    return Built(move, origins)


def _label(field: dict[str, Any], key: str) -> str:
    label = field.get("label")
    return (label if isinstance(label, str) else key.replace("_", " ")).capitalize()


def _controls(raw: object) -> list[str]:
    """An asset's meters ("Health 0–4") and boxes to mark, with the boxes inside a meter."""
    lines: list[str] = []
    for key, control in entries(raw):
        kind = control.get("field_type")
        if kind == "condition_meter":
            low, high = control.get("min", 0), control.get("max")
            lines.append(f"{_label(control, key)}: {low}–{high}")
        elif kind in ("checkbox", "card_flip"):
            lines.append(f"{_label(control, key)}: a box to mark")
        lines += [f"  {line}" for line in _controls(control.get("controls"))]
    return lines


def _to_take(name: str, category: str, controls: object) -> list[str]:
    """For a companion or a vehicle whose one meter the sheet keeps (health, integrity): how it
    joins a character's sheet, at the table and in the shell. Nothing for any other asset."""
    kind, kept = SHEET_ASSETS.get(category, ("", ""))
    meters = [
        control.get("max")
        for _, control in entries(controls)
        if control.get("field_type") == "condition_meter"
    ]
    if not kind or len(meters) != 1 or type(meters[0]) is not int:
        return []
    low, high = LIMITS[kind]
    if not low <= meters[0] <= high:
        return []
    top = meters[0]
    typed = f" {kept}" if kept else ""
    shell = ["hearthroll", "asset", "FILE", kind, name, "--max", str(top)]
    shell += ["--type", kept] if kept else []
    return [f"To take it: C, then {kind} {name} / {top}{typed}; or {shlex.join(shell)}"]


def build_foe(node: Node, ctx: Context, name: str) -> Built:
    """A foe as a move to read: its rank, nature and summary, then what it is and does."""
    data = node.data
    where = node.where
    rank = _rank(data.get("rank"))
    _check_foe(node, ctx, name, rank)
    nature = str(data.get("nature") or "")
    summary = ctx.words(data.get("summary"), f"{where}.summary").text
    about = ", ".join(p for p in (rank, nature.lower()) if p)
    trigger = f"A foe ({about})" + (f": {summary}" if summary else "") + "."
    texts: list[Words] = []
    lines: list[str] = []
    for key in ("features", "drives", "tactics"):
        found = [
            ctx.words(item, f"{where}.{key}.{i}")
            for i, item in enumerate(data.get(key) or ())
            if isinstance(item, str)
        ]
        texts += found
        if found:
            lines.append(f"{key.capitalize()}: " + "; ".join(w.text for w in found) + ".")
    description = ctx.words(data.get("description"), f"{where}.description")
    texts.append(description)
    if description.text:
        lines.append(description.text)
    for key, variant in entries(data.get("variants")):
        said = ctx.words(variant.get("description"), f"{where}.variants.{key}.description")
        texts.append(said)
        level = _rank(variant.get("rank"))
        title = str(variant.get("name") or key.replace("_", " "))
        lines.append(f"Variant: {title}" + (f" ({level})" if level else "") + f". {said.text}")
    starter = ctx.words(data.get("quest_starter"), f"{where}.quest_starter")
    texts.append(starter)
    if starter.text:
        lines.append(f"Quest starter: {starter.text}")
    move = Move(
        id=node.id,
        name=name,
        ruleset=ctx.ruleset,
        trigger=trigger,
        text="\n\n".join(lines),
        tags=tuple(dict.fromkeys(t for t in ("datasworn", "foe", rank, plain_id(nature)) if t)),
        refs=tuple(ctx.refs(texts, own=node.id)),
        source=node.source,
    )
    origins: dict[KeyPath, str] = {(): where}
    origins.update({("refs", i): where for i in range(len(move.refs))})
    return Built(move, origins)


def _check_foe(node: Node, ctx: Context, name: str, rank: str) -> None:
    """A foe with no name, or a rank that is not one of the five, is said (`check`); it still
    loads, called by its key and with no rank."""
    given = node.data.get("name")
    if not isinstance(given, str) or not given.strip():
        ctx.warn(f"{node.where}.name", f"the foe has no name; it is shown as {name!r}")
    if not rank:
        ranks = ", ".join(f"{n} ({word})" for n, word in RANKS.items())
        found = node.data.get("rank")
        said = "has no rank" if found is None else f"has rank {found!r}"
        ctx.warn(f"{node.where}.rank", f"the foe {said}; a rank is one of {ranks}")


def _rank(value: object) -> str:
    """A rank's name from its number; empty for anything else."""
    return RANKS.get(value, "") if type(value) is int else ""
