"""One ruleset file as read: its rulesets, moves and joined tables, and problems placed in it."""

from __future__ import annotations

import attrs

from hearthroll.core.records import Record
from hearthroll.core.rules.model import Move, Ruleset, Table
from hearthroll.store.converter import KeyPath, show_path
from hearthroll.store.toml_positions import Position, locate, nearest


@attrs.frozen
class Problem(Record):
    """One thing wrong in a file, with where it is."""

    file: str
    line: int
    column: int
    path: str
    message: str

    def __str__(self) -> str:
        where = f"{self.path}: " if self.path else ""
        if self.line == 0:  # a place with no line: a key path in a JSON file
            return f"{self.file}: {where}{self.message}"
        return f"{self.file}:{self.line}:{self.column}: {where}{self.message}"


@attrs.frozen
class JoinedTable(Record):
    """A table written at the top of a file (`[[tables]]`), joining the ruleset it names as a
    `[[moves]]` entry does: how a file adds oracles to a ruleset another file defines."""

    ruleset: str
    table: Table


@attrs.frozen
class RulesetFile(Record):
    """One file's rulesets, moves and joined tables, with the positions of its keys for later
    messages."""

    name: str
    rulesets: tuple[Ruleset, ...]
    moves: tuple[Move, ...]
    text: str = attrs.field(eq=False, repr=False)
    _positions: dict[KeyPath, Position] = attrs.field(factory=dict, eq=False, repr=False)
    tables: tuple[JoinedTable, ...] = ()
    origins: dict[KeyPath, str] = attrs.field(factory=dict, eq=False, repr=False)
    """For a file read from another format (a Datasworn package): the place in that file each
    key was made from, so a problem names it there (`moves.adventure.contents.face_danger`)."""

    @property
    def positions(self) -> dict[KeyPath, Position]:
        """Where each key is written; worked out only when a problem needs a place."""
        if not self._positions and self.text:
            self._positions.update(locate(self.text))
        return self._positions

    def problem(self, path: KeyPath, message: str) -> Problem:
        """A problem at `path` in this file (or at its nearest written parent)."""
        if self.origins:
            for end in range(len(path), -1, -1):
                if path[:end] in self.origins:
                    return Problem(self.name, 0, 0, self.origins[path[:end]], message)
            return Problem(self.name, 0, 0, "", message)
        (line, column), _ = nearest(self.positions, path)
        return Problem(self.name, line, column, show_path(path), message)
