"""The exact changes an event made: leaf by leaf, before and after, so undo can put them back.

A delta's path walks attrs fields by name and dict entries by key:
`("characters", "Brannoc", "xp")`, `("steading", "stats", "fortunes")`. A dict whose keys
changed is one delta holding the whole dict on each side, so order is restored too. Applying
the deltas forward gives the state after the event; applying them backward gives, exactly,
the state before it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

Key = str
Path = tuple[Key, ...]


@attrs.frozen
class Delta:
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
    """`state` with every delta applied (forward: set `after`; backward: set `before`)."""
    ordered = deltas if forward else tuple(reversed(deltas))
    for delta in ordered:
        state = _set(state, delta.path, delta.after if forward else delta.before)
    return state


def _set(node: Any, path: Path, value: Any) -> Any:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(node, dict):
        if head not in node:
            raise KeyError(f"no entry {head!r} to change")
        return {**node, head: _set(node[head], rest, value)}
    if attrs.has(type(node)):
        return attrs.evolve(node, **{head: _set(getattr(node, head), rest, value)})
    raise KeyError(f"cannot follow {head!r} into {type(node).__name__}")
