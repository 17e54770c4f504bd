"""A Datasworn oracle table as a hearthroll table: its die, its rows with their text columns,
the rolls a row makes on other tables, where it is found and its credit.

A row the die cannot land on (`min` null: a header, or a result this table leaves out) is
not a row of the table. A row that rolls on other tables by itself (`oracle_rolls` with
`auto`) rolls on each as its effects, as often as it says; one that only suggests a roll says
so in its words. A table that cannot be rolled (its rows leave a face out or put one in two
rows, its dice are not one die) is left out, and `faults` says why.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import attrs

from hearthroll.core.records import Record
from hearthroll.core.rules.effects import Effect
from hearthroll.core.rules.model import Table, TableRow
from hearthroll.store.converter import KeyPath
from hearthroll.store.datasworn.context import Context
from hearthroll.store.datasworn.package import Node
from hearthroll.store.datasworn.words import slug

_DIE = re.compile(r"^\s*1d(\d+)\s*$")
COLUMNS = ("text2", "text3")
"""A row's text columns after its first."""


@attrs.frozen
class BuiltTable(Record):
    """A converted table and where each of its keys came from in the package."""

    table: Table
    origins: dict[KeyPath, str]


def faults(node: Node) -> list[tuple[str, str]]:
    """Why the table of `node` cannot be rolled, each with its place in the file: dice that
    are not one die, a row's range that is not two whole numbers on the die, faces no row
    covers, faces in several rows. None: it can be."""
    die = _die(node.data.get("dice"))
    if die is None:
        message = f"rolls {node.data.get('dice')!r}: a table is rolled with one die, such as 1d100"
        return [(f"{node.where}.dice", message)]
    found: list[tuple[str, str]] = []
    count = [0] * (die + 2)
    for index, raw in enumerate(_raw_rows(node)):
        low, high = _span(raw)
        if low is None:
            continue
        if type(low) is not int or type(high) is not int or not 1 <= low <= high <= die:
            where = f"{node.where}.{node.rows_at}.{index}"
            found.append((where, f"a row's range {low!r} to {high!r} is not on the d{die}"))
            continue
        for face in range(low, high + 1):
            count[face] += 1
    where = f"{node.where}.{node.rows_at}"
    found += [
        (where, f"no row covers {_faces(run)}") for run in _runs(count, die, lambda c: c == 0)
    ]
    found += [
        (where, f"{_faces(run)} {'is' if run[0] == run[1] else 'are'} in several rows")
        for run in _runs(count, die, lambda c: c > 1)
    ]
    return found


def _die(dice: object) -> int | None:
    found = _DIE.match(dice) if isinstance(dice, str) else None
    return int(found.group(1)) if found and int(found.group(1)) >= 1 else None


def _raw_rows(node: Node) -> list[object]:
    rows = node.data.get("rows")
    return rows if isinstance(rows, list) else []


def _span(raw: object) -> tuple[object, object]:
    """A row's range as written (`roll.min`/`roll.max`, or `min`/`max`); (None, None) for a
    row the die never lands on."""
    if not isinstance(raw, dict):
        return None, None
    span = raw.get("roll") if "roll" in raw else raw
    if not isinstance(span, dict) or span.get("min") is None:
        return None, None
    return span.get("min"), span.get("max")


def _runs(count: list[int], die: int, wanted: Callable[[int], bool]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for face in range(1, die + 1):
        if not wanted(count[face]):
            continue
        if runs and runs[-1][1] == face - 1:
            runs[-1] = (runs[-1][0], face)
        else:
            runs.append((face, face))
    return runs


def _faces(run: tuple[int, int]) -> str:
    low, high = run
    return f"face {low}" if low == high else f"faces {low} to {high}"


def build_table(node: Node, ctx: Context) -> BuiltTable | None:
    """The table of `node`, which `faults` finds none in (None for one it does)."""
    data = node.data
    die = _die(data.get("dice"))
    if die is None or faults(node):
        return None
    labels = data.get("column_labels")
    labels = labels if isinstance(labels, dict) else {}
    origins: dict[KeyPath, str] = {(): node.where, ("rows",): f"{node.where}.{node.rows_at}"}
    rows: list[TableRow] = []
    for index, raw in enumerate(_raw_rows(node)):
        where = f"{node.where}.{node.rows_at}.{index}"
        low, high = _span(raw)
        if not isinstance(raw, dict) or type(low) is not int or type(high) is not int:
            continue  # a row the die never lands on (`faults` has seen the rest are sound)
        origins[("rows", len(rows))] = where
        rows.append(_row(raw, where, low, high, labels, node, ctx, {r.id for r in rows}))
    table = Table(
        id=node.id,
        name=node.name,
        die=die,
        rows=tuple(rows),
        text=_about(data, node, ctx),
        collection=node.collection,
        source=node.source,
    )
    return BuiltTable(table, origins)


def _about(data: dict[str, Any], node: Node, ctx: Context) -> str:
    """The table's own words: its summary or description, and what a match means."""
    parts = [
        ctx.words(data.get(key), f"{node.where}.{key}").text for key in ("summary", "description")
    ]
    match = data.get("match")
    if isinstance(match, dict):
        said = ctx.words(match.get("text"), f"{node.where}.match.text").text
        parts.append(f"On a match (11, 22, … 100): {said.removeprefix('On a match, ')}")
    return "\n\n".join(dict.fromkeys(p for p in parts if p))


def _row(
    raw: dict[str, Any],
    where: str,
    low: int,
    high: int,
    labels: dict[str, Any],
    node: Node,
    ctx: Context,
    taken: set[str],
) -> TableRow:
    said = ctx.words(raw.get("text"), f"{where}.text")
    texts = [said]
    text = said.text
    for column in COLUMNS:
        if raw.get(column):
            more = ctx.words(raw[column], f"{where}.{column}")
            texts.append(more)
            label = labels.get(column)
            text += f"; {label}: {more.text}" if isinstance(label, str) else f"; {more.text}"
    effects, words = _rolls(raw.get("oracle_rolls"), f"{where}.oracle_rolls", node, ctx)
    if words:
        text = f"{text} ({'; '.join(words)})" if text else "; ".join(words)
    base = slug(said.text) or f"r{low}"
    row_id, n = base, 2
    while row_id in taken:
        row_id, n = f"{base}_{n}", n + 1
    return TableRow(
        id=row_id,
        low=low,
        high=high,
        text=text or f"{low}–{high}",
        refs=tuple(ctx.refs(texts, own=node.id)),
        effects=tuple(effects),
    )


def _rolls(raw: object, where: str, node: Node, ctx: Context) -> tuple[list[Effect], list[str]]:
    """The rolls a row makes by itself, as effects (its words say them already); and words for
    the ones it only suggests, or that lead nowhere."""
    effects: list[Effect] = []
    words: list[str] = []
    for index, roll in enumerate(raw if isinstance(raw, list) else ()):
        if not isinstance(roll, dict):
            continue
        times = roll.get("number_of_rolls")
        times = times if type(times) is int and times > 0 else 1
        named = roll.get("oracle")
        if named is None:
            table_id, name = node.id, "this table"
        else:
            target = ctx.target(str(named))
            if target is None or target.kind != "table":
                ctx.warn(f"{where}.{index}.oracle", f"rolls on {named}, which leads nowhere")
                words.append(f"roll on {str(named).rsplit('/', 1)[-1].replace('_', ' ')}")
                continue
            table_id, name = target.id, target.name
        count = "" if times == 1 else (" twice" if times == 2 else f" {times} times")
        if roll.get("auto") is False:
            words.append(f"you may roll{count} on {name}")
            continue
        effects += [Effect(kind="table", table=table_id)] * times
    return effects, words
