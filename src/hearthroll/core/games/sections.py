"""The parts a sheet is made of: sections of lines, each with its words and its JSON fields."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from hearthroll.core.records import Record


@attrs.frozen
class Line(Record):
    """One entry of a section: a label and its value in words, with its number where it has
    one (and its maximum, for a bar)."""

    label: str
    text: str
    value: int | None = None
    top: int | None = None
    warn: bool = False
    """Something the table should see at once (HP 0, no ammo, Last Breath waiting)."""


@attrs.frozen
class Section(Record):
    """A part of the sheet: its id, its heading, its lines, and its fields for JSON."""

    id: str
    title: str
    lines: tuple[Line, ...] = ()
    data: Mapping[str, object] = attrs.field(factory=dict)
    bars: bool = False
    """Draw each line with a value and a top as a bar (the app's HP bar)."""
