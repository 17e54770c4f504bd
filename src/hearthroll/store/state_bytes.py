"""The state file's bytes at each event of a replay, each part rendered again only when it
changed: what lets `check` compare every event's recorded digest at little cost.

A state file is `tomli_w`'s rendering of the campaign (`campaign_data`, with `schema_version`
and `last_event` first). `tomli_w` writes a table as its header (when it has plain values, or
nothing else), its plain values a line each, then each sub-table after an empty line; a
sub-table's text depends only on its own data and its key path, and a plain value's line only
on its key and value. So each table's text is kept with the object it was rendered from, and
used again while the replay leaves that object as it is (replaying an event makes new objects
only along the paths it changes). Lines of plain values come from `tomli_w` itself, one value
at a time, except arrays of whole numbers (the undo stack), written here as it writes them.
The bytes are exactly `render_state(stamp(campaign_data(state), last_event=n))`; a test holds
them to it, and `check` renders a state whole before it says its digest differs.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

import tomli_w

from hearthroll.store.campaign_files import SCHEMA_VERSION
from hearthroll.store.converter import plain

ABSENT_WHEN_EMPTY = ("cooldowns", "efficacy")
"""Sheet fields only some rulesets fill: left out of the file while empty."""

KeyPath = tuple[str, ...]
_OWN = ("schema_version", "last_event")
_SHEETS: KeyPath = ("characters",)
_INDENT = "    "
_ITEM = f",\n{_INDENT}"
_MOST_TEXTS = 4096
_INTS = {int}


class StateBytes:
    """Renders the state file of one campaign after event after event, keeping each table's
    text (and each plain value's line) until its value is another object."""

    def __init__(self) -> None:
        import hashlib  # OpenSSL's SHA-256: several times quicker than `digests`' on a state

        self._sha256 = hashlib.sha256
        self._tables: dict[KeyPath, tuple[object, list[tuple[str, Any]], str]] = {}
        self._lines: dict[tuple[KeyPath, str], tuple[object, str]] = {}
        self._headers: dict[KeyPath, str] = {}
        self._prefixes: dict[str, str] = {}
        self._texts: dict[tuple[str, str], str] = {}
        """The line of each key and text met (names, ids, a few words: they recur)."""

    def render(self, state: object, last_event: int) -> bytes:
        """The state file's bytes for the campaign `state` at event `last_event`."""
        own = [f"schema_version = {SCHEMA_VERSION}\n", f"last_event = {last_event}\n"]
        items = [(k, v) for k, v in _items(state, ()) if k not in _OWN]
        return self._table((), items, own).encode()

    def digest(self, state: object, last_event: int) -> str:
        """The digest a writer records for the state file of `state` at event `last_event`
        (`journal.digest_of` its bytes)."""
        return self._sha256(self.render(state, last_event)).hexdigest()[:16]

    def _node(self, path: KeyPath, value: object) -> str:
        """The text of the table `value` at `path`: kept while it is the same object, or a
        dict with the same keys and values in the same order (a sheet's dicts are copied
        whenever the sheet is made again; an attrs object is made again only when it
        changed)."""
        kept = self._tables.get(path)
        if kept is not None and kept[0] is value:
            return kept[2]
        items = _items(value, path)
        if kept is not None and type(value) is dict and _plain_values(items) and kept[1] == items:
            self._tables[path] = (value, items, kept[2])
            return kept[2]
        text = self._table(path, items, [])
        self._tables[path] = (value, items, text)
        return text

    def _table(self, path: KeyPath, items: list[tuple[str, Any]], lines: list[str]) -> str:
        """A table as `tomli_w.gen_table_chunks` writes it."""
        tables: list[str] = []
        for key, value in items:
            kind = type(value)
            if kind is int:  # the most common line, written here at once
                lines.append(f"{self._prefix(key)}{value}\n")
                continue
            if _is_table(kind):
                tables.append(self._node((*path, key), value))
                continue
            text = self._line(path, key, value)
            (tables if text.startswith("[") else lines).append(text)
        parts = []
        if path and (lines or not tables):
            parts.append(self._header(path))
        parts += lines
        for text in tables:
            if parts:
                parts.append("\n")
            parts.append(text)
        return "".join(parts)

    def _line(self, path: KeyPath, key: str, value: object) -> str:
        """A plain value's line; or, for an array of tables, their text at `path.key`."""
        kind = type(value)
        if kind is int:
            return f"{self._prefix(key)}{value}\n"
        if kind is bool:
            return f"{self._prefix(key)}{'true' if value else 'false'}\n"
        if kind is str and isinstance(value, str):
            line = self._texts.get((key, value))
            if line is None:
                if len(self._texts) > _MOST_TEXTS:
                    self._texts.clear()
                line = self._texts[(key, value)] = tomli_w.dumps({key: value})
            return line
        kept = self._lines.get((path, key))
        if kept is not None and kept[0] is value:
            return kept[1]
        if isinstance(value, tuple | list) and value and set(map(type, value)) == _INTS:
            # as tomli_w writes an array: an item a line, each indented and followed by a comma
            text = f"{self._prefix(key)}[\n{_INDENT}{_ITEM.join(map(str, value))},\n]\n"
        else:
            text = tomli_w.dumps({key: plain(value)})
            if text.startswith("["):  # an array of tables: its text depends on its path
                text = tomli_w.dumps(_nest((*path, key), plain(value)))
        self._lines[(path, key)] = (value, text)
        return text

    def _prefix(self, key: str) -> str:
        """`key = `, the key written as `tomli_w` writes it."""
        prefix = self._prefixes.get(key)
        if prefix is None:
            prefix = self._prefixes[key] = tomli_w.dumps({key: 0})[:-2]
        return prefix

    def _header(self, path: KeyPath) -> str:
        """`[a.b]`, its keys written as `tomli_w` writes them."""
        header = self._headers.get(path)
        if header is None:
            header = self._headers[path] = tomli_w.dumps(_nest(path, {}))
        return header


def sheet_data(sheet: Any) -> dict[str, Any]:
    """A character's sheet as TOML-ready data (the fields some rulesets never fill left out
    while empty)."""
    data: dict[str, Any] = plain(sheet)
    for key in ABSENT_WHEN_EMPTY:
        if not data.get(key):
            data.pop(key, None)
    return data


def _plain_values(items: list[tuple[str, Any]]) -> bool:
    """True when every value is a number, text or true/false (quick to compare: a sheet's
    counts and marks, not the sheets themselves)."""
    return all(type(value) in _PLAIN for _, value in items)


_PLAIN = frozenset((int, str, bool))


def _is_table(kind: type) -> bool:
    """True for the kinds of value `plain` makes a table: attrs classes and dicts."""
    table = _TABLE_KINDS.get(kind)
    if table is None:
        table = _TABLE_KINDS[kind] = issubclass(kind, dict) or hasattr(kind, "__attrs_attrs__")
    return table


_TABLE_KINDS: dict[type, bool] = {}


def _items(value: object, path: KeyPath) -> list[tuple[str, Any]]:
    """A table's keys and values as `plain` gives them (None left out), a sheet's fields
    that stay empty left out too."""
    if isinstance(value, dict):
        return [(str(k), v) for k, v in value.items() if v is not None]
    names, values = _fields(type(value))
    found = [(k, v) for k, v in zip(names, values(value), strict=True) if v is not None]
    if len(path) == 2 and path[:1] == _SHEETS:
        found = [(k, v) for k, v in found if k not in ABSENT_WHEN_EMPTY or plain(v)]
    return found


def _nest(path: KeyPath, value: object) -> dict[str, Any]:
    """`value` under the keys of `path`: `{"a": {"b": value}}`."""
    nested: Any = value
    for key in reversed(path):
        nested = {key: nested}
    result: dict[str, Any] = nested
    return result


_FIELDS: dict[type, tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]] = {}


def _fields(kind: type) -> tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]:
    """An attrs class's fields as `plain` writes them (those set by its `__init__`, in order),
    and a getter of all their values at once."""
    found = _FIELDS.get(kind)
    if found is None:
        names = tuple(f.name for f in kind.__attrs_attrs__ if f.init)  # type: ignore[attr-defined]
        values: Callable[[Any], tuple[Any, ...]]
        if len(names) > 1:
            values = operator.attrgetter(*names)
        else:  # attrgetter of one name gives the value itself, not a tuple
            values = lambda value: tuple(getattr(value, name) for name in names)  # noqa: E731
        found = _FIELDS[kind] = (names, values)
    return found
