"""A quick reader for the TOML hearthroll writes: the journal's events and the state file.

`tomllib` reads any TOML a character at a time; the journal's segments and the state file are
always the same narrow shape, the one `tomli_w` writes: one `key = value` a line, table
headers on their own lines, arrays one item a line. `loads` reads that shape a line at a time,
several times faster, and gives exactly what `tomllib.loads` gives. Anything else (a hand
edit, a date, a value split in an unusual way, any doubt at all) makes it give up and return
None, and the caller reads the text with `tomllib`, which also names the problem, if there is
one.
"""

from __future__ import annotations

import re
from typing import Any

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_KEY_PART = re.compile(r'[A-Za-z0-9_-]+|"(?:[^"\\\x00-\x08\x0a-\x1f\x7f]|\\.)*"')
_INT = re.compile(r"-?(?:0|[1-9][0-9]*)")
_FLOAT = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_ESCAPE = re.compile(r"\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))", re.DOTALL)
_SIMPLE_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")
_INLINE_KEY = re.compile(r"([A-Za-z0-9_-]+) = ")
_INLINE_SCALAR = re.compile(r'"(?:[^"\\\x00-\x08\x0a-\x1f\x7f]|\\.)*"|[^ ,"{}\[\]]+')
_PLAIN_STRING = re.compile(r'"([^"\\\x00-\x08\x0a-\x1f\x7f]*)"')
"""A basic string without an escape: its text is what is between the quotes."""


_UNREAD = object()


class _GiveUp(Exception):
    """The text is not in the journal's own shape: read it with tomllib."""


def loads(text: str) -> dict[str, Any] | None:
    """The TOML document `text`, as `tomllib.loads` reads it; None when it is not in the
    shape the journal writes (read it with `tomllib` then)."""
    try:
        return _Reader(text.split("\n")).document()
    except _GiveUp:
        return None


def read(text: str) -> dict[str, Any]:
    """The TOML document `text`: read by `loads` in the shape hearthroll writes, else by
    `tomllib`, whose `TOMLDecodeError` (a `ValueError`) names what is wrong."""
    document = loads(text)
    if document is None:
        import tomllib

        document = tomllib.loads(text)
    return document


class _Reader:
    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self.at = 0
        self.scalars: dict[str, Any] = {}
        """Each text, number and true/false met, read: they recur, and are never changed."""
        self.tables: set[int] = set()
        """The ids of the tables and arrays of tables that headers made: a header may lead
        only through those (not through a value: an inline table, an array)."""

    def document(self) -> dict[str, Any]:
        root: dict[str, Any] = {}
        self.tables.add(id(root))
        table = root
        lines = self.lines
        keys: dict[str, str] = {}  # each key's text, read (the same few keys recur)
        scalars = self.scalars
        headers: dict[str, list[str]] = {}
        end = len(lines)
        while self.at < end:
            line = lines[self.at]
            self.at += 1
            if not line or line[0] == "#":
                continue
            if line[0] == "[":
                parts = headers.get(line)
                if parts is None:
                    parts = headers[line] = _header_parts(line)
                table = self._table(root, parts, line[1] == "[")
                continue
            written, _, rest = line.partition(" = ")
            key = keys.get(written)
            if key is None:
                key = keys[written] = _key(written)
            if key in table or not rest:
                raise _GiveUp
            value = scalars.get(rest, _UNREAD)
            if value is _UNREAD:
                value = self._value(rest, 0)
            table[key] = value
        return root

    def _table(self, root: dict[str, Any], parts: list[str], many: bool) -> dict[str, Any]:
        """The table a header opens: `[a.b]` (a new table) or `[[a.b]]` (the next of an
        array of tables)."""
        tables = self.tables
        node = root
        for part in parts[:-1]:
            found = node.get(part)
            if found is None:
                found = node[part] = {}
                tables.add(id(found))
            if id(found) not in tables:
                raise _GiveUp  # a value, not a table
            node = found[-1] if isinstance(found, list) else found
        last = parts[-1]
        found = node.get(last)
        table: dict[str, Any] = {}
        tables.add(id(table))
        if many:
            if found is None:
                found = node[last] = []
                tables.add(id(found))
            elif not isinstance(found, list) or id(found) not in tables:
                raise _GiveUp
            found.append(table)
            return table
        if found is not None:
            raise _GiveUp  # whether a table may be opened again, tomllib decides
        node[last] = table
        return table

    def _value(self, text: str, depth: int) -> Any:
        first = text[:1]
        if first == "[":
            if text == "[]":
                return []
            if text != "[":
                raise _GiveUp
            return self._array(depth + 1)
        if first == "{":
            return _inline(text)
        value = _scalar(text)
        self.scalars[text] = value
        return value

    def _array(self, depth: int) -> list[Any]:
        """The items of an array whose `[` ended the line before, one a line, each indented
        four spaces a level and followed by a comma, up to its `]`."""
        lines = self.lines
        closing = " " * (4 * (depth - 1)) + "]"
        indent = " " * (4 * depth)
        items: list[Any] = []
        while self.at < len(lines):
            line = lines[self.at]
            self.at += 1
            if line == closing or line == closing + ",":
                if (line == closing) != (depth == 1) or not items:
                    raise _GiveUp  # a nested array is an item, so a comma follows it
                return items
            if not line.startswith(indent) or line[len(indent) : len(indent) + 1] == " ":
                raise _GiveUp
            item = line[len(indent) :]
            if item == "[":
                items.append(self._array(depth + 1))
                continue
            if not item.endswith(","):
                raise _GiveUp
            value = self.scalars.get(item[:-1], _UNREAD)
            items.append(self._value(item[:-1], depth) if value is _UNREAD else value)
        raise _GiveUp


def _header_parts(line: str) -> list[str]:
    """The keys of a header line, `[a.b]` or `[[a.b]]`."""
    if line.startswith("[["):
        if not line.endswith("]]"):
            raise _GiveUp
        return _dotted(line[2:-2])
    if not line.endswith("]") or line.endswith("]]"):
        raise _GiveUp
    return _dotted(line[1:-1])


def _key(text: str) -> str:
    if _BARE_KEY.fullmatch(text):
        return text
    if text[:1] == '"':
        return _string(text)
    raise _GiveUp


def _dotted(text: str) -> list[str]:
    parts = []
    at = 0
    while True:
        match = _KEY_PART.match(text, at)
        if match is None:
            raise _GiveUp
        part = match.group()
        parts.append(_string(part) if part[0] == '"' else part)
        at = match.end()
        if at == len(text):
            return parts
        if text[at] != ".":
            raise _GiveUp
        at += 1


def _string(text: str) -> str:
    """A basic string, its quotes included and nothing after them."""
    if len(text) < 2 or text[-1] != '"':
        raise _GiveUp
    body = text[1:-1]
    if "\\" not in body:
        if '"' in body or _CONTROL.search(body):
            raise _GiveUp
        return body
    if _CONTROL.search(body):
        raise _GiveUp
    rest = _ESCAPE.sub("", body)
    if '"' in rest or "\\" in rest:
        raise _GiveUp  # a quote that no backslash escapes, or a backslash escaping nothing
    return _ESCAPE.sub(_unescape, body)


def _unescape(match: re.Match[str]) -> str:
    short, long, simple = match.groups()
    if simple is not None:
        try:
            return _SIMPLE_ESCAPES[simple]
        except KeyError:
            raise _GiveUp from None
    code = int(short or long, 16)
    if 0xD800 <= code <= 0xDFFF or code > 0x10FFFF:
        raise _GiveUp
    return chr(code)


def _scalar(text: str) -> Any:
    """A string, a number, true or false, written as `tomli_w` writes it."""
    first = text[:1]
    if first == '"':
        plain = _PLAIN_STRING.fullmatch(text)
        return plain.group(1) if plain else _string(text)
    if text == "true" or text == "false":
        return text == "true"
    if _INT.fullmatch(text):
        return int(text)
    if ("." in text or "e" in text or "E" in text) and _FLOAT.fullmatch(text):
        return float(text)
    raise _GiveUp


def _inline(text: str) -> Any:
    """An inline table, as `tomli_w` writes a table inside an array: `{ key = value, ... }`
    of bare keys, scalars, `[]` and inline tables like it, on one line, read here; any other,
    by tomllib itself."""
    try:
        table, at = _inline_at(text, 0)
        if at == len(text):
            return table
    except _GiveUp:
        pass
    import tomllib

    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        raise _GiveUp from None


def _inline_at(text: str, at: int) -> tuple[dict[str, Any], int]:
    """The inline table that starts at `at`, and where it ends."""
    if text.startswith("{}", at):
        return {}, at + 2
    if not text.startswith("{ ", at):
        raise _GiveUp
    at += 2
    table: dict[str, Any] = {}
    while True:
        key = _INLINE_KEY.match(text, at)
        if key is None or key.group(1) in table:
            raise _GiveUp
        at = key.end()
        value: Any
        if text.startswith("{", at):
            value, at = _inline_at(text, at)
        elif text.startswith("[]", at):
            value, at = [], at + 2
        else:
            token = _INLINE_SCALAR.match(text, at)
            if token is None:
                raise _GiveUp
            value, at = _scalar(token.group()), token.end()
        table[key.group(1)] = value
        if text.startswith(", ", at):
            at += 2
        elif text.startswith(" }", at):
            return table, at + 2
        else:
            raise _GiveUp
