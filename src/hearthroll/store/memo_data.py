"""A memo's value as JSON: plain data, read back only as the hearthroll classes it names.

Nothing read back from a memo can run code. The file holds JSON alone: text, numbers, true and
false, null, lists and tables. A table standing for one of hearthroll's frozen values carries
`"!": n`, the place of its class in the list of class names written on the line before; each
name must be an attrs class of the engine or the store (`hearthroll.core.…`,
`hearthroll.store.…`), found by its module and name, and is made by calling it with the
table's fields, as a TOML file's values are. Lists come back as tuples (the models hold no
lists). A field left at its default is not written.

`dumps` refuses (NotData) a value that is not such plain data, and `loads` refuses anything it
did not write; the memo is then simply not kept or not used.

A value may be kept with parts beside it (`dumps_parted`): each part on a line of its own after
the value, decoded only when it is first asked for, so that reading a big ruleset's head (its
sheets) does not build its thousands of table rows.
"""

from __future__ import annotations

import functools
import importlib
import json
import sys
from collections.abc import Callable, Mapping
from typing import Any

import attrs

TAG = "!"
"""The key of a table that stands for a value of a class: the place of its class name."""
_PACKAGES = ("hearthroll.core.", "hearthroll.store.")
"""Where the classes a memo may name live."""


class NotData(ValueError):
    """A value a memo cannot hold, or text that is not a memo this module wrote."""


Field = tuple[str, str, object]
"""An attrs field a memo writes: its name, the argument that sets it, and its default
(`attrs.NOTHING` when it has none that can be compared)."""
_FIELDS: dict[type, tuple[Field, ...]] = {}


def dumps(value: object) -> bytes:
    """`value` as a memo's bytes: the class names on one line, the value on the next."""
    classes: dict[type, int] = {}
    body = _line(_plain(value, classes))
    names = json.dumps([f"{kind.__module__}:{kind.__qualname__}" for kind in classes])
    return f"{names}\n{body}".encode()


def loads(data: bytes) -> object:
    """The value `dumps` wrote as `data`; NotData (or the JSON error) for anything else."""
    names, newline, body = data.partition(b"\n")
    if not newline:
        raise NotData("a memo holds its class names, then its value")
    return _decoded(body, _classes(names))


def dumps_parted(value: object, parts: Mapping[str, object]) -> bytes:
    """`value` and its named `parts` as a memo's bytes: the class names, the value, the parts'
    names, then each part on a line of its own."""
    classes: dict[type, int] = {}
    lines = [_line(_plain(value, classes)), _line(list(parts))]
    lines += [_line(_plain(part, classes)) for part in parts.values()]
    names = json.dumps([f"{kind.__module__}:{kind.__qualname__}" for kind in classes])
    return "\n".join([names, *lines]).encode()


def loads_parted(data: bytes) -> tuple[object, dict[str, Callable[[], object]]]:
    """The value `dumps_parted` wrote as `data`, and for each part the function that decodes it
    (NotData, or the JSON error, when called on a part that is not what was written)."""
    ends = [data.find(b"\n")]
    for _ in range(2):
        ends.append(data.find(b"\n", ends[-1] + 1))
    if min(ends) < 0:
        raise NotData("a memo with parts holds its class names, its value and its parts' names")
    classes = _classes(data[: ends[0]])
    value = data[ends[0] + 1 : ends[1]]
    listed = json.loads(data[ends[1] + 1 : ends[2]])
    if type(listed) is not list or not all(type(name) is str for name in listed):
        raise NotData("a memo's parts are named, as text, on the line after its value")
    parts: dict[str, Callable[[], object]] = {}
    start = ends[2] + 1
    for name in listed:  # each part's line is sliced out only when it is decoded
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end
        parts[name] = functools.partial(_decoded_slice, data, start, end, classes)
        start = end + 1
    if start != len(data) + 1:
        raise NotData("a memo holds one line for each part it names")
    return _decoded(value, classes), parts


def _decoded_slice(data: bytes, start: int, end: int, classes: list[type]) -> object:
    return _decoded(data[start:end], classes)


def _line(plain: object) -> str:
    return json.dumps(plain, separators=(",", ":"))


def _classes(names: bytes) -> list[type]:
    listed = json.loads(names)
    if type(listed) is not list:
        raise NotData("a memo's first line lists class names")
    return [_class(name) for name in listed]


def _decoded(line: bytes, classes: list[type]) -> object:
    value = json.loads(line, object_hook=_maker(classes))
    return _tuple(value) if type(value) is list else value


def _plain(value: object, classes: dict[type, int]) -> object:
    kind = type(value)
    if value is None or kind is str or kind is int or kind is bool or kind is float:
        return value
    if kind is tuple or kind is list:
        return [_plain(item, classes) for item in value]  # type: ignore[attr-defined]
    if kind is dict:
        table: dict[str, object] = {}
        for key, item in value.items():  # type: ignore[attr-defined]
            if type(key) is not str or key == TAG:
                raise NotData(f"a table's key {key!r} cannot be written")
            table[key] = _plain(item, classes)
        return table
    table = {TAG: classes.setdefault(kind, len(classes))}
    for name, argument, default in _fields(kind):
        item = getattr(value, name)
        if type(item) is not type(default) or item != default:
            table[argument] = _plain(item, classes)
    return table


def _fields(kind: type) -> tuple[Field, ...]:
    """The fields a memo writes of a `kind`; NotData for a class no memo may name."""
    found = _FIELDS.get(kind)
    if found is None:
        if not (attrs.has(kind) and kind.__module__.startswith(_PACKAGES)):
            raise NotData(f"a {kind.__name__} is not plain data")
        found = _FIELDS[kind] = tuple(
            (field.name, field.alias or field.name, _default(field))
            for field in attrs.fields(kind)
            if field.init
        )
    return found


def _default(field: attrs.Attribute[Any]) -> object:
    default: Any = field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        return attrs.NOTHING if default.takes_self else default.factory()
    return default


def _class(name: object) -> type:
    """The class a memo names: an attrs class of the engine or the store, and nothing else."""
    if type(name) is not str:
        raise NotData("a class name is text")
    module_name, _, qualname = name.partition(":")
    parts = qualname.split(".")
    if not (
        module_name.startswith(_PACKAGES)
        and all(_plain_name(part) for part in (*module_name.split("."), *parts))
    ):
        raise NotData(f"{name!r} is not a class a memo may name")
    found: object = sys.modules.get(module_name) or importlib.import_module(module_name)
    for part in parts:
        found = getattr(found, part, None)
    if not (
        isinstance(found, type)
        and attrs.has(found)
        and found.__module__ == module_name
        and found.__qualname__ == qualname
    ):
        raise NotData(f"{name!r} is not a class a memo may name")
    return found


def _plain_name(part: str) -> bool:
    """A part of a module's or a class's name: a name, not a dunder (`__init__`, `__class__`)."""
    return part.isidentifier() and not part.startswith("__")


def _maker(classes: list[type]) -> Callable[[dict[str, Any]], object]:
    """The hook that turns each JSON table back into what it stands for."""
    count = len(classes)

    def make(table: dict[str, Any]) -> object:
        for key, item in table.items():
            if type(item) is list:
                table[key] = _tuple(item)
        if TAG not in table:
            return table
        place = table.pop(TAG)
        if type(place) is not int or not 0 <= place < count:
            raise NotData(f"{place!r} names no class")
        return classes[place](**table)

    return make


def _tuple(items: list[Any]) -> tuple[Any, ...]:
    return tuple(_tuple(item) if type(item) is list else item for item in items)
