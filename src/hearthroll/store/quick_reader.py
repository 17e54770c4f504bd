"""Plain data read into the model's classes without cattrs: what `converter.structure` tries
first.

It reads exactly what the strict converter reads, to equal values, and refuses (`Refused`)
anything it is not sure the converter reads so, without saying why: the caller then asks the
converter, which names every problem. A refusal costs only time. It knows the forms the models
use (an attrs class, text, a whole number, true/false, a tuple, a table of text keys, a
literal, any of these or None, anything at all) and refuses any other.

Not needing cattrs, a start that reads move files or a campaign imports none of it and compiles
none of the code cattrs writes for each class (the most of reading a file on a cold start).
"""

from __future__ import annotations

import functools
import sys
import typing
from collections.abc import Callable
from types import CodeType, NoneType, UnionType
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

import attrs

T = TypeVar("T")
Read = Callable[[Any], Any]
"""Reads one value as its type, or raises."""


class Refused(Exception):
    """A value this reader does not read (the converter is asked instead)."""


def in_full(kind: type) -> Read | None:
    """How a value of `kind` written in a shorter form is written out in full before it is
    read, for the classes a file may write so (None for the rest): an item as its id alone (a
    journal written before gear had its own entries), a row's `follow` as one move's id."""
    return _IN_FULL.get(f"{kind.__module__}:{kind.__qualname__}")


def _item_in_full(value: object) -> object:
    return {"id": value} if type(value) is str else value


def _row_in_full(value: object) -> object:
    if isinstance(value, dict) and type(value.get("follow")) is str:
        return {**value, "follow": [value["follow"]]}
    return value


_IN_FULL: dict[str, Read] = {
    "hearthroll.core.campaign.state:Item": _item_in_full,
    "hearthroll.core.rules.model:TableRow": _row_in_full,
}
"""By class (named, so that reading rulesets need not import the campaign's classes)."""


def read(value: object, kind: type[T]) -> T:
    """`value` as a `kind`, exactly as the strict converter makes it; Refused when it is not
    plainly one."""
    found: T = reader(kind)(value)
    return found


_READERS: dict[object, Read] = {}


def reader(kind: object) -> Read:
    """The function that reads a value as `kind` (made on first use, then kept; two threads
    that make it at once make the same)."""
    found = _READERS.get(kind)
    if found is None:
        found = _READERS[kind] = _made(kind)
    return found


def _made(kind: Any) -> Read:
    if kind is str or kind is int or kind is bool:
        return _exactly(kind)
    if kind is Any:
        return _as_it_is
    origin, args = get_origin(kind), get_args(kind)
    if origin is Literal and args and all(type(a) is type(args[0]) for a in args):
        return _one_of(args)
    if origin in (Union, UnionType) and len(args) == 2 and NoneType in args:
        return _or_none(next(a for a in args if a is not NoneType))
    if origin is tuple and args and args[0] is not Any:
        return _tuple_of(args[0])
    if origin is dict and len(args) == 2 and args[1] is not Any:
        return _table_of(args[0], args[1])
    if isinstance(kind, type) and attrs.has(kind) and not getattr(kind, "__parameters__", ()):
        return _Fields(kind, in_full(kind))
    return _refused


def _refused(value: object) -> object:
    raise Refused


def _as_it_is(value: object) -> object:
    return value


def _exactly(kind: type) -> Read:
    def exactly(value: object) -> object:
        if type(value) is not kind:
            raise Refused
        return value

    return exactly


def _one_of(choices: tuple[object, ...]) -> Read:
    kind = type(choices[0])

    def one_of(value: object) -> object:
        if type(value) is not kind or value not in choices:
            raise Refused
        return value

    return one_of


def _or_none(kind: object) -> Read:
    read_one = reader(kind)

    def or_none(value: object) -> object:
        return None if value is None else read_one(value)

    return or_none


def _tuple_of(kind: object) -> Read:
    each = reader(kind)

    def tuple_of(value: object) -> object:
        if type(value) is not list:
            raise Refused
        return tuple([each(item) for item in value])

    return tuple_of


def _table_of(key: object, kind: object) -> Read:
    keys, each = reader(key), reader(kind)

    def table_of(value: object) -> object:
        if type(value) is not dict:
            raise Refused
        return {keys(k): each(v) for k, v in value.items()}

    return table_of


class _Fields:
    """Reads a table as an attrs class: only its own keys, each read as its field's type, every
    field without a default given (the converter with `forbid_extra_keys`)."""

    def __init__(self, kind: type, written_out: Read | None) -> None:
        self.kind = kind
        self.written_out = written_out
        self.by_key: dict[str, tuple[str, Read]] | None = None
        """Each key: the argument it sets and how its value is read (worked out when first
        used: a class's fields may hold the class itself)."""
        self.required: frozenset[str] = frozenset()

    def __call__(self, value: object) -> object:
        if self.written_out is not None:
            value = self.written_out(value)
        if type(value) is not dict:
            raise Refused
        by_key = self.by_key or self._fields()
        made = {}
        for key, item in value.items():
            field = by_key.get(key)
            if field is None:
                raise Refused
            made[field[0]] = field[1](item)
        if not self.required <= value.keys():
            raise Refused
        return self.kind(**made)

    def _fields(self) -> dict[str, tuple[str, Read]]:
        hints = field_types(self.kind)
        by_key, required = {}, set()
        for field in attrs.fields(self.kind):
            if not field.init:
                continue
            by_key[field.name] = (field.alias or field.name, reader(hints[field.name]))
            if field.default is attrs.NOTHING:
                required.add(field.name)
        self.required = frozenset(required)
        self.by_key = by_key
        return by_key


_ANNOTATIONS: dict[str, CodeType] = {}
"""Each annotation's text, compiled (`str | None` is written on dozens of fields)."""


@functools.cache
def field_types(kind: type) -> dict[str, Any]:
    """The type of each field of the attrs class `kind`, as `typing.get_type_hints` resolves
    it (and the converter with it), each annotation's text compiled once for every class that
    writes it rather than once a field each time it is asked."""
    fields = attrs.fields(kind)
    if any(field.inherited for field in fields):  # written in another module, maybe
        return typing.get_type_hints(kind)
    names, local = vars(sys.modules[kind.__module__]), dict(vars(kind))
    found: dict[str, Any] = {}
    for field in fields:
        written = field.type
        if isinstance(written, str):
            code = _ANNOTATIONS.get(written)
            if code is None:
                code = _ANNOTATIONS[written] = compile(written, "<annotation>", "eval")
            written = eval(code, names, local)  # the class's own annotation, as typing does
        found[field.name] = written
    return found
