"""What converting one package needs to know of every package read with it: where each
Datasworn id now leads, the stats its ruleset rolls, and the problems found on the way."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import attrs

from hearthroll.core.records import Record
from hearthroll.store.datasworn.package import JsonPath, Package
from hearthroll.store.datasworn.words import Words, plain
from hearthroll.store.ruleset_file import Problem

MOVES: frozenset[str] = frozenset({"move", "asset", "asset_move", "foe"})
"""The kinds that become moves of the catalog (an asset and a foe are read as moves)."""


@attrs.frozen
class Target(Record):
    """What a Datasworn id leads to in the catalog."""

    kind: str
    """A `Kind`, or `other` for an item the catalog keeps no copy of (a truth, an atlas
    entry): a link to it reads as its words."""
    id: str
    """The hearthroll id; empty for a collection or anything else not in the catalog."""
    name: str
    path: JsonPath = ()
    package: str = ""


@attrs.define
class Context(Record):
    """One package's conversion: its file, its target ruleset's rollable ids, every id of the
    packages read together, and the words lost on the way (a link that leads nowhere)."""

    __hash__ = None  # type: ignore[assignment]  # mutable, as attrs makes it

    package: Package
    ruleset: str
    rollable: frozenset[str]
    targets: dict[str, Target]
    meters: Mapping[str, str] = attrs.field(factory=dict)
    """The meters of the sheet an outcome's gain may name, by id and by name (`gains.py`)."""
    suffer: tuple[str, ...] = ()
    """The ruleset's suffer moves, which "make a suffer move" offers (`next_moves.py`)."""
    cost_picks: Mapping[str, Mapping[int, str]] = attrs.field(factory=dict)
    """For each move of the ruleset, the pick a cost of N starts it on (`next_moves.py`)."""
    warnings: list[Problem] = attrs.field(factory=list)

    def target(self, datasworn_id: str) -> Target | None:
        """Where an id leads; None when no package read names it."""
        return self.targets.get(datasworn_id)

    def words(self, markdown: object, where: str) -> Words:
        """Markdown at `where` made plain; a link or marker that leads nowhere is a warning
        (it stays as its words)."""
        if not isinstance(markdown, str):
            return Words("")
        found = plain(markdown, self._name_of)
        for link in found.links:
            if link.target not in self.targets:
                self.warn(where, f"{link.words!r} links to {link.target}, which leads nowhere")
        return found

    def refs(self, words: Iterable[Words], own: str = "") -> list[str]:
        """The catalog ids of the moves and tables these words link to, each once."""
        found: list[str] = []
        for text in words:
            for link in text.links:
                target = self.targets.get(link.target)
                if target is None or not target.id or target.id == own:
                    continue
                if (target.kind in MOVES or target.kind == "table") and target.id not in found:
                    found.append(target.id)
        return found

    def warn(self, where: str, message: str) -> None:
        """Words lost or a link that leads nowhere: the content still loads."""
        self.warnings.append(Problem(self.package.name, 0, 0, where, message))

    def _name_of(self, datasworn_id: str) -> str | None:
        target = self.targets.get(datasworn_id)
        return target.name if target is not None else None
