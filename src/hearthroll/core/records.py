"""The base of every record (a class made with `attrs`): how it writes itself out, compares
and hashes, as attrs would.

attrs writes the source of a `__repr__`, an `__eq__` and a `__hash__` for every class it
makes, and compiles them as the class is built; across the records the app imports before
its first frame, that compiling took about a third of hearthroll's own start. A record that
subclasses `Record` gets the three shared functions below in its own namespace as the class
is made, so attrs, which leaves alone what a class defines itself, makes none; they read the
fields as they go. attrs still makes each `__init__`.

A mutable record (`attrs.define`) says `__hash__ = None` in its body, as attrs would make it.
"""

from __future__ import annotations

import operator
import threading
from collections.abc import Callable
from typing import Any

_writing = threading.local()
"""The ids of the records being written out on this thread (a record inside itself shows as
`...`)."""


class Record:
    """The base of a record: `class Stat(Record)` under `@attrs.frozen`."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        shared = {"__repr__": record_repr, "__eq__": record_eq, "__hash__": record_hash}
        for name, method in shared.items():
            if name not in cls.__dict__:  # the class's own (or attrs' copy of it) stands
                setattr(cls, name, method)


def record_repr(self: object) -> str:
    """`Class(field=value, ...)` with every field attrs would show, in order."""
    busy: set[int] = getattr(_writing, "ids", None) or set()
    _writing.ids = busy
    if id(self) in busy:
        return "..."
    busy.add(id(self))
    try:
        parts = []
        for field in _fields(type(self)):
            if not field.repr:
                continue
            value = getattr(self, field.name, None)
            text = field.repr(value) if callable(field.repr) else repr(value)
            parts.append(f"{field.name}={text}")
        name = type(self).__qualname__.rsplit(">.", 1)[-1]
        return f"{name}({', '.join(parts)})"
    finally:
        busy.discard(id(self))


def record_eq(self: object, other: object) -> bool:
    """Equal when of the same class with equal fields (those attrs compares)."""
    if other.__class__ is not self.__class__:
        other_kind: bool = NotImplemented  # Python then asks `other`
        return other_kind
    compared = _compared(type(self))
    return bool(compared(self) == compared(other))


def record_hash(self: object) -> int:
    """The hash of the class and the fields attrs hashes."""
    return hash((type(self), _hashed(type(self))(self)))


Key = Callable[[object], tuple[Any, ...]]

_compared_by: dict[type, Key] = {}
_hashed_by: dict[type, Key] = {}


def _fields(cls: type) -> tuple[Any, ...]:
    fields: tuple[Any, ...] = getattr(cls, "__attrs_attrs__", ())
    return fields


def _compared(cls: type) -> Key:
    found = _compared_by.get(cls)
    if found is None:
        found = _compared_by[cls] = _key([f.name for f in _fields(cls) if f.eq])
    return found


def _hashed(cls: type) -> Key:
    found = _hashed_by.get(cls)
    if found is None:
        names = [f.name for f in _fields(cls) if (f.eq if f.hash is None else f.hash)]
        found = _hashed_by[cls] = _key(names)
    return found


def _key(names: list[str]) -> Key:
    """The fields `names` of a record, as one tuple (read at C speed)."""
    if len(names) > 1:
        many: Key = operator.attrgetter(*names)
        return many
    if names:
        one = operator.attrgetter(names[0])
        return lambda record: (one(record),)
    return lambda record: ()
