"""How a record (a class made with `attrs`) writes itself out: `Stat(id='iron', min=0, ...)`,
as attrs would write it.

attrs writes the source of a `__repr__` for every class it makes and compiles it as the class
is built; across the records the app imports before its first frame, that compiling took a
fifth of the start. So each record says `__repr__ = record_repr` in its body (attrs then makes none)
and they all share this one function, which reads the fields as it goes.
"""

from __future__ import annotations

import threading
from typing import Any

_writing = threading.local()
"""The ids of the records being written out on this thread (a record inside itself shows as
`...`)."""


def record_repr(self: object) -> str:
    """`Class(field=value, ...)` with every field attrs would show, in order."""
    busy: set[int] = getattr(_writing, "ids", None) or set()
    _writing.ids = busy
    if id(self) in busy:
        return "..."
    busy.add(id(self))
    try:
        fields: tuple[Any, ...] = getattr(type(self), "__attrs_attrs__", ())
        parts = []
        for field in fields:
            if not field.repr:
                continue
            value = getattr(self, field.name, None)
            text = field.repr(value) if callable(field.repr) else repr(value)
            parts.append(f"{field.name}={text}")
        name = type(self).__qualname__.rsplit(">.", 1)[-1]
        return f"{name}({', '.join(parts)})"
    finally:
        busy.discard(id(self))
