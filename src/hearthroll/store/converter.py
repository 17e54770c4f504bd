"""A strict cattrs converter: no silent coercion ("2" is not 2, 2.7 is not 2, "ab" is not a list).

Structuring errors come back as `(key path, message)` pairs, walked out of cattrs' exception
groups, so the caller can put a line and column on each. cattrs itself is imported when the
converter is first made, so a module can import this one without paying for it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, TypeVar, get_args, get_origin

from hearthroll.store.quick_reader import in_full, read

if TYPE_CHECKING:
    import cattrs

KeyPath = tuple[str | int, ...]
T = TypeVar("T")


def _kind(value: object) -> str:
    names = {
        bool: "true/false",
        int: "a whole number",
        float: "a decimal number",
        str: "text",
        list: "a list",
        dict: "a table",
    }
    return names.get(type(value), type(value).__name__)


def _strict(expected: type, words: str) -> Callable[[object, type], object]:
    def hook(value: object, _: type) -> object:
        if type(value) is not expected:
            raise TypeError(f"expected {words}, got {_kind(value)} {value!r}")
        return value

    return hook


def _is_tuple(t: Any) -> bool:
    return get_origin(t) is tuple


def _is_literal(t: Any) -> bool:
    return get_origin(t) is Literal


def make_converter() -> cattrs.Converter:
    """A converter that refuses every coercion and every unknown key, whose errors name every
    problem with its key path."""
    import cattrs
    from cattrs.cols import homogenous_tuple_structure_factory

    converter = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    converter.register_structure_hook(int, _strict(int, "a whole number"))
    converter.register_structure_hook(str, _strict(str, "text"))
    converter.register_structure_hook(bool, _strict(bool, "true or false"))

    def tuple_factory(t: Any) -> Callable[[object, type], object]:
        base = homogenous_tuple_structure_factory(t, converter)

        def hook(value: object, target: type) -> object:
            if type(value) is not list:
                raise TypeError(f"expected a list, got {_kind(value)} {value!r}")
            return base(value, target)

        return hook

    def literal_hook(value: object, t: Any) -> object:
        choices = get_args(t)
        if value not in choices or type(value) is not type(choices[0]):
            listed = ", ".join(repr(c) for c in choices)
            raise ValueError(f"must be one of {listed}, not {value!r}")
        return value

    def generated(kind: type) -> Callable[[object, type], object]:
        """The hook cattrs writes for the attrs class `kind`, written on first use: after
        every strict hook is registered (so its fields use them), and only by a command that
        reads a `kind` (each costs a compile)."""
        made: list[Callable[[Any, Any], object]] = []

        def hook(value: object, target: type) -> object:
            if not made:
                made.append(converter.gen_structure_attrs_fromdict(kind))
            return made[0](value, target)

        return hook

    from hearthroll.core.campaign.state import Item
    from hearthroll.core.rules.model import TableRow

    for kind in (Item, TableRow):  # a shorter form written out in full, then read
        written_out, base = in_full(kind), generated(kind)
        converter.register_structure_hook(kind, functools.partial(_then, written_out, base))
    converter.register_structure_hook_factory(_is_tuple, tuple_factory)
    converter.register_structure_hook_func(_is_literal, literal_hook)
    return converter


def _then(
    written_out: Callable[[object], object] | None,
    base: Callable[[object, type], object],
    value: object,
    target: type,
) -> object:
    return base(written_out(value) if written_out else value, target)


def problems_of(exc: BaseException, path: KeyPath = ()) -> list[tuple[KeyPath, str]]:
    """Every (key path, message) inside a cattrs structuring error."""
    from cattrs.errors import (
        ClassValidationError,
        ForbiddenExtraKeysError,
        IterableValidationError,
    )

    found: list[tuple[KeyPath, str]] = []
    if isinstance(exc, IterableValidationError):
        with_notes, without = exc.group_exceptions()
        for sub, note in with_notes:
            index = note.index
            found.extend(problems_of(sub, (*path, index if isinstance(index, int) else str(index))))
        found.extend(p for sub in without for p in problems_of(sub, path))
    elif isinstance(exc, ClassValidationError):
        attr_notes, rest = exc.group_exceptions()
        for sub, attr_note in attr_notes:
            found.extend(problems_of(sub, (*path, attr_note.name)))
        found.extend(p for sub in rest for p in problems_of(sub, path))
    elif isinstance(exc, ForbiddenExtraKeysError):
        for key in sorted(exc.extra_fields):
            found.append(((*path, key), f"unknown key {key!r}; check its spelling"))
    elif isinstance(exc, KeyError):
        found.append((path, "is required but missing"))
    elif isinstance(exc, (TypeError, ValueError, AttributeError)):
        message = str(exc)
        if "has no attribute 'items'" in message or "mapping" in message:
            message = "expected a table"
        elif "object is not iterable" in message:
            message = "expected a list or a table"
        elif _INTERNALS.search(message):
            message = "is not the kind of value expected here (check it against a fresh file)"
        found.append((path, message))
    elif isinstance(exc, RecursionError):
        found.append((path, "nests too deeply to be read"))
    else:
        found.append((path, "cannot be read (check it against a fresh file)"))
    return found


_INTERNALS = re.compile(
    r"object|not supported between|unhashable|positional argument|__|NoneType|\bint\(\)|"
    r"invalid literal|Error\b"
)


def show_path(path: KeyPath) -> str:
    """A key path as people write it: `moves[3].roll.stat`."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def structure(value: object, kind: type[T]) -> T:
    """`value` as a `kind`, as the `shared` converter makes it; when it cannot be, the error
    `shared` raises, which names every problem with its key path.

    `quick_reader` reads it first, without cattrs: it reads exactly what `shared` reads, to
    equal values, so cattrs is imported, and its code for each class written and compiled
    (the most of reading a file on a cold start), only for a value with a problem.
    """
    try:
        return read(value, kind)
    except Exception:  # read again, to name every problem
        found: T = shared().structure(value, kind)
        return found


@functools.cache
def shared() -> cattrs.Converter:
    """The one strict converter the file layer uses, made on first use."""
    return make_converter()


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def plain(value: Any) -> Any:
    """A model as TOML-ready data, with every None left out: exactly what the converter's
    `unstructure` and then `drop_none` give, without importing cattrs (saving an event is
    the only work of most commands, and cattrs would be most of their start).

    An attrs instance becomes a table of its fields in order, a tuple or list a list, a dict
    a table with text keys; anything else is kept as it is.
    """
    kind = type(value)
    if kind is str or kind is int or kind is bool:
        return value
    names = _FIELD_NAMES.get(kind)
    if names is None and hasattr(kind, "__attrs_attrs__"):
        names = _FIELD_NAMES[kind] = tuple(f.name for f in kind.__attrs_attrs__ if f.init)
    if names is not None:
        found = {}
        for name in names:
            item = getattr(value, name)
            if item is not None:
                found[name] = plain(item)
        return found
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def drop_none(value: Any) -> Any:
    """Plain data with every None left out (TOML has no null; a missing key reads as None)."""
    if isinstance(value, dict):
        return {str(k): drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, (list, tuple)):
        return [drop_none(v) for v in value]
    return value
