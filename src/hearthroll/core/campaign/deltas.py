"""The exact changes an event made: leaf by leaf, before and after, so undo can put them back.

A delta's path walks attrs fields by name and dict entries by key:
`("characters", "Brannoc", "xp")`, `("steading", "stats", "fortunes")`. A dict whose keys
changed is one delta holding the whole dict on each side, so order is restored too. Applying
the deltas forward gives the state after the event; applying them backward gives, exactly,
the state before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import attrs

from hearthroll.core.records import Record

Key = str
_T = TypeVar("_T")
Path = tuple[Key, ...]


@attrs.frozen
class Delta(Record):
    """One leaf that changed: where, what it was, what it became."""

    path: Path
    before: Any
    after: Any


def diff(before: Any, after: Any, path: Path = ()) -> tuple[Delta, ...]:
    """Every leaf change from `before` to `after`, descending into attrs objects and dicts."""
    if before is after or before == after:
        return ()
    if attrs.has(type(before)) and type(before) is type(after):
        found: list[Delta] = []
        for field in attrs.fields(type(before)):
            found.extend(
                diff(getattr(before, field.name), getattr(after, field.name), (*path, field.name))
            )
        return tuple(found)
    if isinstance(before, dict) and isinstance(after, dict) and list(before) == list(after):
        found = []
        for key in before:
            found.extend(diff(before[key], after[key], (*path, key)))
        return tuple(found)
    # A dict that gained, lost or reordered keys is one leaf, so undo restores its order too.
    return (Delta(path, before, after),)


def apply(state: Any, deltas: Sequence[Delta], *, forward: bool = True) -> Any:
    """`state` with every delta applied (forward: set `after`; backward: set `before`).

    On an attrs object, the deltas under each of its fields are applied in order to that
    field, and the object is made once with all of them.
    """
    ordered = deltas if forward else tuple(reversed(deltas))
    if not attrs.has(type(state)) or any(not delta.path for delta in ordered):
        for delta in ordered:
            state = _set(state, delta.path, delta.after if forward else delta.before)
        return state
    changes: dict[str, Any] = {}
    for delta in ordered:
        head, rest = delta.path[0], delta.path[1:]
        now = changes[head] if head in changes else getattr(state, head)
        changes[head] = _set(now, rest, delta.after if forward else delta.before)
    return evolve(state, **changes) if changes else state


def _set(node: Any, path: Path, value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(node, dict):
        if head not in node:
            raise KeyError(f"no entry {head!r} to change")
        return {**node, head: _set(node[head], rest, value)}
    if attrs.has(type(node)):
        return evolve(node, **{head: _set(getattr(node, head), rest, value)})
    raise KeyError(f"cannot follow {head!r} into {type(node).__name__}")


_INIT_NAMES: dict[type, tuple[tuple[str, str], ...]] = {}


def evolve(inst: _T, **changes: Any) -> _T:
    """`attrs.evolve`, with each class's fields looked up once (replaying a long journal
    evolves the state several times an event)."""
    cls: Any = type(inst)
    names = _INIT_NAMES.get(cls)
    if names is None:
        names = _INIT_NAMES[cls] = tuple((a.name, a.alias) for a in attrs.fields(cls) if a.init)
    for name, alias in names:
        if alias not in changes:
            changes[alias] = getattr(inst, name)
    made: _T = cls(**changes)
    return made


def change_words(delta: Delta) -> str:
    """A delta as a GM reads it: `Brannoc.xp 0 → 2`, `steading.stats.fortunes 1 → 3`.

    The path is the state file's key path, without the `characters.` that every sheet's
    starts with.
    """
    path = delta.path
    if path[:1] == ("characters",) and len(path) > 1:
        path = path[1:]
    where = ".".join(path) or "(the state)"
    return f"{where} {value_words(delta.before)} → {value_words(delta.after)}"


def value_words(value: Any, room: int = 60) -> str:
    """A value in a few words: numbers and text as they are, lists and sheets shortened."""
    if value is None:
        words = "none"
    elif isinstance(value, bool):
        words = "true" if value else "false"
    elif isinstance(value, int | str):
        words = str(value) if not isinstance(value, str) or value else '""'
    elif isinstance(value, tuple | list):
        words = "[" + ", ".join(value_words(v, room) for v in value) + "]"
    elif isinstance(value, dict):
        words = "{" + ", ".join(f"{k} = {value_words(v, room)}" for k, v in value.items()) + "}"
    elif attrs.has(type(value)):
        named = next((getattr(value, k) for k in ("id", "name") if hasattr(value, k)), None)
        words = str(named) if named is not None else type(value).__name__.lower()
    else:
        words = str(value)
    return words if len(words) <= room else words[: room - 1] + "…"
