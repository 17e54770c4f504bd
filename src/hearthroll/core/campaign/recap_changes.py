"""A session's changes, field by field: each from its value when the session began (or it came
in) to its last, a dict that gained or lost keys cut into a change a key, and those back where
they started left out."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import attrs

from hearthroll.core.campaign.deltas import Path, diff, evolve

if TYPE_CHECKING:
    from hearthroll.core.rules.model import Ruleset


class _Absent:
    """The side of a change where a dict's key is not there."""

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT = _Absent()
"""A hold never gained, a mark not made, a foe not (or no longer) in the fight."""

_TOLD_WHOLE = ("conditions", "foes")
"""Keyed fields told as a whole ("Bandit and Ogre leave the fight", "Disarmed marked; Down
cleared"): the keys of one that changed are gathered back into it."""


def fields(path: Path, before: object, after: object) -> Iterator[tuple[Path, object, object]]:
    """A change cut into the fields it changed: a dict that gained or lost keys (the whole dict
    on each side of its delta) as one change a key, `ABSENT` on the side it is not."""
    if not (isinstance(before, dict) and isinstance(after, dict)):
        yield path, before, after
        return
    for key in {**before, **after}:
        was, now = before.get(key, ABSENT), after.get(key, ABSENT)
        if was is ABSENT or now is ABSENT:  # the key came or went: one change
            yield (*path, str(key)), was, now
            continue
        for delta in diff(was, now, (*path, str(key))):
            yield from fields(tuple(str(p) for p in delta.path), delta.before, delta.after)


def at(value: object, path: Path) -> object:
    """What `value` holds at `path`; `ABSENT` where there is nothing there."""
    for key in path:
        if isinstance(value, dict):
            value = value.get(key, ABSENT)
        elif attrs.has(type(value)):
            value = getattr(value, key, ABSENT)
        else:
            return ABSENT
    return value


def put(value: object, path: Path, new: object) -> object:
    """`value` with `new` at `path` (a dict's key dropped where `new` is `ABSENT`)."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        inner = put(value.get(head, ABSENT), rest, new)
        if inner is ABSENT:
            return {k: v for k, v in value.items() if k != head}
        return {**value, head: inner}
    if attrs.has(type(value)) and hasattr(value, head):
        return evolve(value, **{head: put(getattr(value, head), rest, new)})
    return value


def _reading(path: Path, value: object, ruleset: Ruleset | None) -> object:
    """A field's value as its sheet reads it: a hold or a cooldown not there is 0, an
    efficacy not there is the ruleset's start, anything else not there is nothing."""
    if value is not ABSENT:
        return value
    field = path[-2] if len(path) > 1 else ""
    if field in ("holds", "cooldowns"):
        return 0
    if field == "efficacy" and ruleset is not None and ruleset.efficacy is not None:
        return ruleset.efficacy.start
    return None


def told_changes(
    changes: dict[Path, tuple[object, object]], ruleset: Ruleset | None
) -> dict[Path, tuple[object, object]]:
    """The fields the Changed line tells, in the order they first changed, each as (its value
    at the session's start, at its end): those back where they started left out, the keys of
    a field told whole gathered back into it."""
    told: dict[Path, tuple[object, object]] = {}
    wholes: dict[Path, tuple[dict[str, object], dict[str, object]]] = {}
    for path, (start, end) in changes.items():
        was, now = _reading(path, start, ruleset), _reading(path, end, ruleset)
        if was == now:
            continue
        if len(path) > 1 and path[-2] in _TOLD_WHOLE:
            whole = told[path[:-1]] = wholes.setdefault(path[:-1], ({}, {}))
            for side, value in zip(whole, (start, end), strict=True):
                if value is not ABSENT:
                    side[path[-1]] = value
        else:
            told[path] = (was, now)
    return told


def owner_of(path: tuple[str, ...]) -> str:
    """Whose part a changed field belongs in: a character's name, "steading" or "other"."""
    if path[0] == "characters" and len(path) > 1:
        return path[1]
    return "steading" if path[0] == "steading" else "other"
