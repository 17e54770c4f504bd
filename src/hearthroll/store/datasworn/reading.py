"""Datasworn packages read together into ruleset files: which ruleset each item joins, what
each id is called in the catalog, what an expansion replaces, and the files themselves.

Starforged's items join the shipped `starforged` ruleset; another standalone package (such
as Ironsworn classic) brings a ruleset of its own (`rules`); an expansion joins the ruleset it
names. Every id starts with `ds_` and the package's id, so none clashes with a shipped one. A
move the ruleset already has by name (the suffer moves hearthroll applies itself) is kept as
hearthroll's, and links to it lead there. An expansion's item that `replaces` another takes
its place and its id; links to the one replaced lead to it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs

from hearthroll.core.records import Record
from hearthroll.core.rules.describe import credit_line
from hearthroll.core.rules.model import Move, Ruleset
from hearthroll.store.converter import KeyPath
from hearthroll.store.datasworn.context import MOVES, Context, Target
from hearthroll.store.datasworn.extras import build_asset, build_foe
from hearthroll.store.datasworn.gains import sheet_meters
from hearthroll.store.datasworn.moves import Built, build_move
from hearthroll.store.datasworn.next_moves import cost_picks
from hearthroll.store.datasworn.package import (
    JsonPath,
    Node,
    Package,
    PackageError,
    json_path,
    nodes,
    plain_id,
    read_package,
)
from hearthroll.store.datasworn.rules import own_ruleset
from hearthroll.store.datasworn.tables import build_table, faults
from hearthroll.store.ruleset_file import JoinedTable, Problem, RulesetFile

STARFORGED = "starforged"
_Key = tuple[str, JsonPath]
"""A node by its package's file and its place there."""


@attrs.frozen
class Read(Record):
    """What reading packages made: their files, the problems that keep a file from being read
    at all (not a package, a version hearthroll does not read), and the warnings `check`
    reports (a table left out, a link that leads nowhere kept as its words)."""

    files: tuple[RulesetFile, ...]
    problems: tuple[Problem, ...] = ()
    warnings: tuple[Problem, ...] = ()
    kept: tuple[str, ...] = ()
    """Moves the ruleset has already by name, kept as hearthroll's own."""
    credits: tuple[str, ...] = ()
    """Each package's credit: its book, authors and licence, and the Datasworn version."""


def read_packages(paths: Sequence[Path], shipped: RulesetFile) -> Read:
    """Read the packages at `paths` together, beside the shipped catalog."""
    packages: list[Package] = []
    problems: list[Problem] = []
    for path in paths:
        try:
            packages.append(read_package(path))
        except PackageError as error:
            problems.append(Problem(str(path), 0, 0, error.where, str(error)))
    return attrs.evolve(
        convert(packages, shipped.rulesets, shipped.moves), problems=tuple(problems)
    )


def ruleset_of(package: Package) -> str:
    """The ruleset a package's items join."""
    return STARFORGED if package.builds_on == STARFORGED else plain_id(package.builds_on)


def convert(
    packages: Sequence[Package], rulesets: Iterable[Ruleset], moves: Iterable[Move]
) -> Read:
    """Convert parsed packages (rulesets first, then expansions) beside these rulesets and
    moves."""
    ordered = sorted(packages, key=lambda p: p.expansion)
    known = {r.id: r for r in rulesets}
    own: dict[str, Ruleset] = {}
    for package in ordered:
        if not package.expansion and ruleset_of(package) not in known:
            own[package.name] = known[ruleset_of(package)] = own_ruleset(package)
    plan = _Plan(known, tuple(moves))
    walked = [(p, list(nodes(p))) for p in ordered]
    for package, found in walked:
        _index_everything(package.doc, plan.targets)
        for node in found:
            plan.name(package, node)
    warnings: list[Problem] = []
    for package, found in walked:
        if package.expansion:
            for node in found:
                warnings += plan.replace(package, node)
    for package, found in walked:  # a table that cannot be rolled is left out, and said
        for node in found:
            if node.kind == "table" and (package.name, node.path) not in plan.skipped:
                wrong = faults(node)
                warnings += [
                    Problem(package.name, 0, 0, where, f"{message}; the table is left out")
                    for where, message in wrong
                ]
                if wrong:
                    plan.drop(package, node)
    files: list[RulesetFile] = []
    for package, found in walked:
        ctx = Context(
            package,
            ruleset_of(package),
            plan.rollable(package),
            plan.targets,
            plan.meters(package),
            *plan.suffer(package),
        )
        files.append(_file(package, found, ctx, plan, own.get(package.name)))
        warnings += ctx.warnings
    credits = tuple(
        f"{credit_line(p.source) if p.source else p.id} (Datasworn {p.doc['datasworn_version']})"
        for p in ordered
    )
    return Read(tuple(files), (), tuple(warnings), tuple(plan.kept), credits)


def _index_everything(doc: object, targets: dict[str, Target]) -> None:
    """Every id in the document, as words at least: a link to a truth or an atlas entry reads
    as its name (the catalog keeps no copy of them), and leads somewhere."""
    stack: list[Any] = [doc]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found = item.get("_id")
            if isinstance(found, str) and found not in targets:
                name = item.get("name") or item.get("label") or found.rsplit("/", 1)[-1]
                targets[found] = Target("other", "", str(name).replace("_", " "))
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


class _Plan:
    """The catalog's id and name for every item, and what is left out."""

    def __init__(self, rulesets: dict[str, Ruleset], shipped: tuple[Move, ...]) -> None:
        self.rulesets = rulesets
        self.targets: dict[str, Target] = {}
        self.by_key: dict[_Key, Target] = {}
        self.skipped: set[_Key] = set()
        self.kept: list[str] = []
        self.shipped = {(m.ruleset, m.name.casefold()): m for m in shipped}
        self.move_ids = {m.id for m in shipped}
        self.table_ids = {r.id: {t.id for t in r.tables} for r in rulesets.values()}
        self.names: dict[str, set[str]] = {}
        for move in shipped:
            self.names.setdefault(move.ruleset, set()).add(move.name.casefold())

    def rollable(self, package: Package) -> frozenset[str]:
        """The stats and meters the package's ruleset rolls with."""
        ruleset = self.rulesets.get(ruleset_of(package))
        if ruleset is None:
            return frozenset()
        return frozenset({s.id for s in ruleset.stats} | {m.id for m in ruleset.meters})

    def suffer(self, package: Package) -> tuple[tuple[str, ...], dict[str, dict[int, str]]]:
        """The ruleset's own suffer moves, and the pick a cost starts each of its moves on."""
        ruleset = ruleset_of(package)
        own = [m for m in self.shipped.values() if m.ruleset == ruleset]
        return tuple(m.id for m in own if "suffer" in m.tags), cost_picks(own)

    def meters(self, package: Package) -> dict[str, str]:
        """The sheet's meters an outcome may say to take or suffer, by id and by name."""
        ruleset = self.rulesets.get(ruleset_of(package))
        return sheet_meters(ruleset.meters) if ruleset is not None else {}

    def name(self, package: Package, node: Node) -> None:
        """Give the node its catalog id and name, or keep the ruleset's own move."""
        key = (package.name, node.path)
        ruleset = ruleset_of(package)
        if node.kind == "collection":
            target = Target("collection", "", node.name, node.path, package.name)
        elif node.kind == "table":
            taken = self.table_ids.setdefault(ruleset, set())
            target = Target("table", _unique(node.id, taken), node.name, node.path, package.name)
        else:
            same = self.shipped.get((ruleset, node.name.casefold()))
            if same is not None and node.kind == "move":
                self.skipped.add(key)
                self.kept.append(same.name)
                target = Target("move", same.id, same.name, node.path, package.name)
            else:
                move_id = _unique(node.id, self.move_ids)
                name = self._new_name(ruleset, node)
                target = Target(node.kind, move_id, name, node.path, package.name)
        self.by_key[key] = target
        if node.datasworn_id:
            self.targets[node.datasworn_id] = target

    def _new_name(self, ruleset: str, node: Node) -> str:
        taken = self.names.setdefault(ruleset, set())
        name = node.name
        if name.casefold() in taken:
            place = node.collection.rsplit(" / ", 1)[-1].removesuffix(" Moves")
            name = f"{node.name} ({place})" if place else node.name
        base, count = name, 2
        while name.casefold() in taken:
            name, count = f"{base} {count}", count + 1
        taken.add(name.casefold())
        return name

    def replace(self, package: Package, node: Node) -> list[Problem]:
        """An expansion's item takes the place of each item it `replaces`."""
        raw = node.data.get("replaces")
        wanted = [raw] if isinstance(raw, str) else [r for r in raw or () if isinstance(r, str)]
        key = (package.name, node.path)
        warnings: list[Problem] = []
        for replaced in wanted:
            old = self.targets.get(replaced)
            where = f"{node.where}.replaces"
            if old is None or old.kind == "other" or not old.package:
                message = f"replaces {replaced}, which is not among the packages read: read it "
                message += "together with the package it builds on"
                warnings.append(Problem(package.name, 0, 0, where, message))
                continue
            if old.kind != node.kind:
                message = f"replaces {replaced}, which is a {old.kind}, not a {node.kind}"
                warnings.append(Problem(package.name, 0, 0, where, message))
                continue
            old_key = (old.package, old.path)
            if node.kind == "collection":
                self._drop_within(old)
            elif old_key in self.skipped:  # a move the ruleset keeps as its own
                message = f"replaces {replaced}, which hearthroll keeps as its own move; "
                warnings.append(Problem(package.name, 0, 0, where, message + "it joins beside it"))
                continue
            self.skipped.add(old_key)
            mine = self.by_key[key]
            same = node.name.casefold() == old.name.split(" (")[0].casefold()
            named = old.name if same else mine.name
            taken = attrs.evolve(mine, id=old.id or mine.id, name=named)
            self.by_key[key] = taken
            for datasworn_id, target in self.targets.items():
                if target == old or (node.datasworn_id and datasworn_id == node.datasworn_id):
                    self.targets[datasworn_id] = taken
        return warnings

    def drop(self, package: Package, node: Node) -> None:
        """Leave an item out; links to it read as its words."""
        key = (package.name, node.path)
        self.skipped.add(key)
        left = self.by_key[key]
        for datasworn_id, target in self.targets.items():
            if target == left:
                self.targets[datasworn_id] = Target("other", "", left.name)

    def _drop_within(self, collection: Target) -> None:
        """A replaced collection's items are left out; links to them read as their words."""
        for key, target in list(self.by_key.items()):
            package, path = key
            if package == collection.package and path[: len(collection.path)] == collection.path:
                self.skipped.add(key)
                for datasworn_id, found in self.targets.items():
                    if found == target:
                        self.targets[datasworn_id] = Target("other", "", target.name)


def _unique(wanted: str, taken: set[str]) -> str:
    found, count = wanted, 2
    while found in taken:
        found, count = f"{wanted}_{count}", count + 1
    taken.add(found)
    return found


def _file(
    package: Package, found: list[Node], ctx: Context, plan: _Plan, ruleset: Ruleset | None
) -> RulesetFile:
    """One package's ruleset file, every key of it placed in the package."""
    origins: dict[KeyPath, str] = {(): ""}
    rulesets: tuple[Ruleset, ...] = ()
    if ruleset is not None:
        rulesets = (ruleset,)
        origins[("rulesets", 0)] = "rules"
    owned = _owned_tables(package, found, plan)
    moves: list[Move] = []
    tables: list[JoinedTable] = []
    for node in found:
        key = (package.name, node.path)
        if key in plan.skipped or node.kind == "collection":
            continue
        target = plan.by_key[key]
        named = attrs.evolve(node, id=target.id)
        if node.kind == "table":
            built = build_table(named, ctx)
            if built is not None:
                for path, where in built.origins.items():
                    origins[("tables", len(tables), *path)] = where
                tables.append(JoinedTable(ctx.ruleset, built.table))
            continue
        made: Built
        if node.kind == "asset":
            made = build_asset(named, ctx, target.name)
        elif node.kind == "foe":
            made = build_foe(named, ctx, target.name)
        else:
            own, listed = owned.get(node.path, ([], []))
            made = build_move(named, ctx, target.name, own, listed)
        for path, where in made.origins.items():
            origins[("moves", len(moves), *path)] = where
        moves.append(made.move)
    return RulesetFile(
        package.name, rulesets, tuple(moves), "", tables=tuple(tables), origins=origins
    )


def _owned_tables(
    package: Package, found: list[Node], plan: _Plan
) -> dict[JsonPath, tuple[list[str], list[str]]]:
    """For each move: the catalog ids of the tables it holds itself, and of every table it
    names. A 0.1.x move holds its tables; a 0.0.x move names them, and holds those kept in the
    oracles' "moves" collection."""
    held: dict[str, list[str]] = {}
    for node in found:
        key = (package.name, node.path)
        if node.kind == "table" and node.owner and key not in plan.skipped:
            held.setdefault(node.owner, []).append(plan.by_key[key].id)
    owned: dict[JsonPath, tuple[list[str], list[str]]] = {}
    for node in found:
        if node.kind not in MOVES:
            continue
        own = list(held.get(node.id, []))
        listed = list(own)
        named_tables = node.data.get("oracles")
        for named in named_tables if isinstance(named_tables, list) else ():
            target = plan.targets.get(named) if isinstance(named, str) else None
            if target is None or target.kind != "table" or target.id in listed:
                continue
            listed.append(target.id)
            if target.path[:2] == ("oracles", "moves"):
                own.append(target.id)
        owned[node.path] = (own, listed)
    return owned


__all__ = ["STARFORGED", "Read", "convert", "json_path", "read_packages", "ruleset_of"]
