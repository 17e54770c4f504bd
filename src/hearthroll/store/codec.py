"""Campaign state and events as TOML data, and back, each problem placed at its line.

TOML has no null, so a None is left out and a missing key reads back as None.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import UnionType
from typing import Any, Union, get_args, get_origin

import attrs

from hearthroll.core.campaign.deltas import Delta
from hearthroll.core.campaign.events import Event
from hearthroll.core.campaign.state import Campaign
from hearthroll.store.campaign_files import OWN_KEYS, migrate, parse_state
from hearthroll.store.converter import KeyPath, plain, problems_of, show_path, structure
from hearthroll.store.errors import StoreError
from hearthroll.store.journal import DIGEST_KEY, Block, JournalReader
from hearthroll.store.quick_reader import field_types
from hearthroll.store.state_bytes import ABSENT_WHEN_EMPTY
from hearthroll.store.toml_positions import Position, locate, nearest


def campaign_data(campaign: Campaign) -> dict[str, Any]:
    """The campaign as TOML-ready data."""
    data: dict[str, Any] = plain(campaign)
    for sheet in data.get("characters", {}).values():
        for key in ABSENT_WHEN_EMPTY:
            if not sheet.get(key):
                sheet.pop(key, None)
    return data


_LEGACY_ARMOR = {
    "light_armor": 1,
    "medium_armor": 2,
    "heavy_armor": 3,
    "power_armor": 4,
    "shield": 1,
}
"""Armor of the shipped gear, for sheets saved when `armor` held the gear's armor too."""


def _legacy_gear(body: dict[str, Any]) -> dict[str, Any]:
    """Sheets saved before gear had its own entries (a list of ids, the armor typed in): each
    id becomes a worn item, and `armor` keeps only what the gear does not give."""
    characters = body.get("characters")
    if not isinstance(characters, dict):
        return body
    fixed = {}
    for name, sheet in characters.items():
        gear = sheet.get("gear") if isinstance(sheet, dict) else None
        if isinstance(gear, list) and gear and all(isinstance(g, str) for g in gear):
            given = sum(_LEGACY_ARMOR.get(g, 0) for g in gear)
            armor = sheet.get("armor", 0)
            sheet = {**sheet, "gear": [{"id": g} for g in gear]}
            if isinstance(armor, int):
                sheet["armor"] = max(0, armor - given)
        fixed[name] = sheet
    return {**body, "characters": fixed}


def campaign_from_data(data: dict[str, Any], source: str = "campaign") -> Campaign:
    """A campaign from data read back; every problem is reported with its key path."""
    body = _legacy_gear({k: v for k, v in data.items() if k not in OWN_KEYS})
    try:
        campaign: Campaign = structure(body, Campaign)
    except Exception as error:  # cattrs groups every problem in one error
        lines = [f"{source}: {show_path(p) or '(top)'}: {m}" for p, m in problems_of(error)]
        raise StoreError("\n".join(lines)) from None
    return campaign


def read_campaign(path: Path, data: dict[str, Any], raw: bytes | None = None) -> Campaign:
    """The campaign a state file's data (`data`, parsed from its bytes `raw`) holds; every
    problem placed at its line of the file."""
    body = {k: v for k, v in data.items() if k not in OWN_KEYS}
    try:
        campaign: Campaign = structure(body, Campaign)
    except Exception as error:
        raise StoreError("\n".join(placed(path, problems_of(error), raw))) from None
    return campaign


def campaign_of(path: Path, data: bytes) -> tuple[dict[str, Any], Campaign]:
    """A state file's bytes (or a checkpoint's) parsed, brought to the current schema, and
    read as a campaign: its data, and the campaign."""
    raw, _ = migrate(parse_state(path, data), path, None, data)
    return raw, read_campaign(path, raw, data)


def placed(
    path: Path, problems: Sequence[tuple[KeyPath, str]], raw: bytes | None = None
) -> list[str]:
    """Each problem as `path:line:column: key.path: message`, at its key in the file (its
    bytes `raw`, else read now, and only when there is a problem to place); a problem of the
    whole file is at `(top)`."""
    if not problems:
        return []
    positions = _positions(path, raw)
    lines = []
    for key_path, message in problems:
        (line, column), _ = nearest(positions, key_path)
        lines.append(f"{path}:{line}:{column}: {show_path(key_path) or '(top)'}: {message}")
    return lines


def _positions(path: Path, raw: bytes | None) -> dict[KeyPath, Position]:
    try:
        return locate(raw.decode("utf-8") if raw is not None else path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return {}


def type_at(path: Sequence[str]) -> Any:
    """The type of the value a delta path leads to inside a Campaign."""
    return _type_at(tuple(path))


@functools.lru_cache(maxsize=4096)
def _type_at(path: tuple[str, ...]) -> Any:
    current: Any = Campaign
    for part in path:
        current = _strip_none(current)
        if attrs.has(current):
            current = field_types(current)[part]
        elif get_origin(current) is dict:
            current = get_args(current)[1]
        else:
            raise StoreError(f"a delta path runs past a leaf: {'.'.join(path)}")
    return current


def _strip_none(tp: Any) -> Any:
    if get_origin(tp) in (Union, UnionType):
        rest = [a for a in get_args(tp) if a is not type(None)]
        return rest[0] if len(rest) == 1 else tp
    return tp


def event_data(event: Event) -> dict[str, Any]:
    """An event as TOML-ready data (the journal numbers it, so no `seq`)."""
    data: dict[str, Any] = plain(event)
    data.pop("seq", None)
    data["deltas"] = data.pop("deltas", [])  # last, as it always was
    return data


def event_from_data(data: dict[str, Any]) -> Event:
    """An event read back from the journal."""
    body = dict(data)
    body.pop(DIGEST_KEY, None)
    deltas = body.pop("deltas", [])
    event: Event = structure(body, Event)
    built = []
    for raw in deltas:
        path = tuple(raw["path"])
        tp = type_at(path)
        plain = _plain_type(tp)
        before = after = None
        if "before" in raw:
            before = raw["before"]
            if type(before) is not plain:
                before = structure(before, tp)
        if "after" in raw:
            after = raw["after"]
            if type(after) is not plain:
                after = structure(after, tp)
        built.append(Delta(path, before, after))
    return attrs.evolve(event, deltas=tuple(built))


@functools.lru_cache(maxsize=256)
def _plain_type(tp: Any) -> type | None:
    """The type a value of type `tp` is kept as it is read when it is exactly of it (a whole
    number, text, true/false: what the strict converter passes through); None for the rest."""
    tp = _strip_none(tp)
    return tp if tp in (int, str, bool) else None


def events_of(journal: JournalReader, blocks: list[Block]) -> Iterator[Event]:
    """The events of one segment's blocks, oldest first: parsed together when they can be,
    else one by one (an event that cannot be read is then named with its own line)."""
    joined = journal.parse_joined(blocks)
    if joined is not None:
        for data in joined:
            yield event_from_data(data)
        return
    for block in blocks:
        yield event_from_data(journal.parse(block))


_TIME_LINE = re.compile(rb'^at = "([0-9A-Za-z:+.-]*)"$', re.MULTILINE)


def event_time(journal: JournalReader, block: Block) -> str:
    """An event's time (`at`) read off its bytes; parsed when it is not written as hearthroll
    writes it."""
    own = block.data.split(b"\n[", 1)[0]  # its own keys: those before its first sub-table
    found = _TIME_LINE.search(own)
    if found is not None:
        return found.group(1).decode()
    return event_from_data(journal.parse(block)).at
