"""A Datasworn rules package read from its JSON: which shape it is, what it builds on, and
every move, oracle table, asset and foe in it with its place in the file.

Both shapes in use are read: 0.0.x (ids such as `starforged/moves/adventure/face_danger`,
row ranges as `min`/`max`) and 0.1.x (`move:starforged/adventure/face_danger`, `roll.min`/
`roll.max`, a move's own tables inside it). The shape is told by `datasworn_version`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import attrs

from hearthroll.core.records import Record
from hearthroll.core.rules.model import Source

MAX_BYTES = 32 * 1024 * 1024
"""A package larger than this is refused before it is parsed (Starforged's is 2 MB)."""
SHAPES = {"0.0": "0.0", "0.1": "0.1"}
"""The versions read, by their major.minor."""
Kind = Literal["move", "table", "asset", "asset_move", "foe", "collection"]
JsonPath = tuple[str | int, ...]
_SKIPPED = frozenset({"contents", "collections", "oracles", "abilities", "moves", "options"})
"""Keys of a place in the file that say what holds an item, not which item it is."""
_PREFIX = {"asset": "asset", "asset_move": "asset", "foe": "foe", "truths": "truth"}
"""What the ids of each kind of item (or of the items in a part of the file) start with."""


class PackageError(Exception):
    """A file that is not a Datasworn package hearthroll reads; the message says why."""

    def __init__(self, message: str, where: str = "") -> None:
        super().__init__(message)
        self.where = where


@attrs.frozen
class Node(Record):
    """One item of a package: what it is, where it is, and what hearthroll calls it."""

    kind: Kind
    path: JsonPath
    data: dict[str, Any] = attrs.field(eq=False, repr=False)
    id: str
    """Its hearthroll id (`ds_starforged_adventure_face_danger`); a collection has none."""
    name: str
    collection: str
    """The names of the collections it is found under, outermost first, joined by " / "."""
    source: Source | None
    owner: str = ""
    """For a move's own table or an asset's move: the id of the item it belongs to."""
    rows_at: str = "rows"
    """Where a table's rows are in the file, below it (a truth's are its `options`)."""

    @property
    def where(self) -> str:
        """Its place in the file, as a JSON path: `moves.adventure.contents.face_danger`."""
        return json_path(self.path)

    @property
    def datasworn_id(self) -> str:
        """The id the package gives it (what links and rolls name); empty when it has none."""
        found = self.data.get("_id")
        return found if isinstance(found, str) else ""


@attrs.frozen
class Package(Record):
    """A parsed package and what it is."""

    name: str
    """The file, as messages name it."""
    doc: dict[str, Any] = attrs.field(eq=False, repr=False)
    id: str
    shape: str
    """`0.0` or `0.1`."""
    expansion: bool
    builds_on: str
    """The ruleset it is for: its own id for a ruleset package, `ruleset` for an expansion."""
    source: Source | None = attrs.field(eq=False)
    """The package's own credit: what an item without a `_source` of its own is credited to."""

    @property
    def prefix(self) -> str:
        """What every hearthroll id made from this package starts with."""
        return f"ds_{plain_id(self.id)}"


def json_path(path: JsonPath) -> str:
    """A place in a JSON file as people write it: `oracles.core.contents.action.rows.3`."""
    return ".".join(str(p) for p in path)


def plain_id(text: str) -> str:
    """`text` as a hearthroll id: lower case letters, digits and `_`."""
    return "_".join(re.findall(r"[a-z0-9]+", text.lower()))


def read_package(path: Path) -> Package:
    """Parse the package at `path`; PackageError says why a file cannot be read."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise PackageError(f"file is larger than {MAX_BYTES // (1024 * 1024)} MiB")
        doc = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as error:
        raise PackageError(f"not UTF-8 text ({error.reason})") from None
    except json.JSONDecodeError as error:
        raise PackageError(f"JSON syntax: {error.msg} at line {error.lineno}") from None
    except RecursionError:
        raise PackageError("JSON nests too deeply to be read") from None
    except OSError as error:
        raise PackageError(f"cannot be read: {error.strerror or error}") from None
    return package_of(str(path), doc)


def package_of(name: str, doc: object) -> Package:
    """What the parsed JSON `doc` is: PackageError unless it is a Datasworn package of a shape
    hearthroll reads."""
    if not isinstance(doc, dict) or "datasworn_version" not in doc:
        raise PackageError("not a Datasworn package: it has no datasworn_version")
    version = doc["datasworn_version"]
    shape = SHAPES.get(".".join(str(version).split(".")[:2]))
    if shape is None:
        raise PackageError(
            f"Datasworn {version} is a version hearthroll does not read (it reads 0.0.x and "
            "0.1.x); look for the package in one of those",
            "datasworn_version",
        )
    kind = doc.get("type") or doc.get("package_type")
    package_id = doc.get("_id")
    if kind not in ("ruleset", "expansion") or not isinstance(package_id, str) or not package_id:
        raise PackageError("a package is a ruleset or an expansion, with an _id", "type")
    builds_on = package_id
    if kind == "expansion":
        builds_on = doc.get("ruleset", "")
        if not isinstance(builds_on, str) or not builds_on:
            raise PackageError("an expansion names the ruleset it builds on", "ruleset")
    return Package(name, doc, package_id, shape, kind == "expansion", builds_on, source_of(doc))


def source_of(data: dict[str, Any], inherited: Source | None = None) -> Source | None:
    """An item's credit from its `_source` (a package's from its own fields), else the one it
    inherits."""
    raw = data.get("_source", data if "title" in data and "authors" in data else None)
    if not isinstance(raw, dict) or not isinstance(raw.get("title"), str):
        return inherited
    authors = tuple(
        a["name"]
        for a in raw.get("authors") or ()
        if isinstance(a, dict) and isinstance(a.get("name"), str)
    )
    page = raw.get("page")
    licence = raw.get("license")
    licence = licence if isinstance(licence, str) else ""
    url = raw.get("url")
    return Source(
        title=raw["title"],
        authors=authors,
        page=page if type(page) is int else None,
        url=url if isinstance(url, str) else "",
        license=licence_name(licence),
        license_url=licence if licence.startswith("http") else "",
    )


def licence_name(licence: str) -> str:
    """A licence's short name from its address: `…/licenses/by/4.0` → `CC BY 4.0`."""
    found = re.search(r"creativecommons\.org/licenses/([a-z-]+)/([\d.]+)", licence)
    if found:
        return f"CC {found.group(1).upper()} {found.group(2)}"
    return "" if licence.startswith("http") else licence


def nodes(package: Package) -> Iterator[Node]:
    """Every move, oracle table, asset, asset move, foe and collection of the package, and
    each truth as a table of its options, in the file's order (the atlas and delve sites are
    not read)."""
    doc = package.doc
    for key, category in _items(doc.get("moves")):
        yield from _collection(package, ("moves", key), category, "", _move)
    for key, collection in _items(doc.get("oracles")):
        yield from _collection(package, ("oracles", key), collection, "", _table)
    for key, collection in _items(doc.get("assets")):
        yield from _asset_collection(package, ("assets", key), collection)
    for key, collection in _items(doc.get("npcs")):
        yield from _collection(package, ("npcs", key), collection, "", _foe)
    for key, truth in _items(doc.get("truths")):
        yield from _truth(package, ("truths", key), truth)


def entries(raw: object) -> list[tuple[str, dict[str, Any]]]:
    """A JSON object's entries whose values are objects, in order (none for anything else)."""
    if not isinstance(raw, dict):
        return []
    return [(str(k), v) for k, v in raw.items() if isinstance(v, dict)]


def _items(raw: object) -> Iterator[tuple[str, dict[str, Any]]]:
    """A dictionary's entries that are JSON objects."""
    if isinstance(raw, dict):
        for key, value in raw.items():
            if isinstance(value, dict):
                yield str(key), value


def _name(data: dict[str, Any], key: str) -> str:
    name = data.get("name")
    return name if isinstance(name, str) and name else key.replace("_", " ").title()


def _node(
    package: Package,
    kind: Kind,
    path: JsonPath,
    data: dict[str, Any],
    collection: str,
    source: Source | None,
    owner: str = "",
) -> Node:
    parts: list[str] = [_PREFIX.get(kind) or _PREFIX.get(str(path[0]), "")]
    for part in path[1:]:
        if isinstance(part, int) or part in _SKIPPED:
            continue
        cleaned = plain_id(part)
        if cleaned and parts[-1] != cleaned:
            parts.append(cleaned)
    hid = "" if kind == "collection" else "_".join([package.prefix, *(p for p in parts if p)])
    name = _name(data, str(path[-1]))
    return Node(kind, path, data, hid, name, collection, source, owner)


def _within(collection: str, name: str) -> str:
    return f"{collection} / {name}" if collection else name


Leaf = Callable[[Package, JsonPath, dict[str, Any], str, Source | None], Iterator[Node]]
"""What a collection's contents are read as: each item's nodes, from its path, its data, the
collection it is in and the source it inherits."""


def _collection(
    package: Package, path: JsonPath, data: dict[str, Any], collection: str, leaf: Leaf
) -> Iterator[Node]:
    """A collection (of moves, tables or foes), its contents each read by `leaf`, and the
    collections inside it, each named within this one."""
    source = source_of(data, package.source)
    here = _node(package, "collection", path, data, collection, source)
    yield here
    inside = _within(collection, here.name)
    for key, item in _items(data.get("contents")):
        yield from leaf(package, (*path, "contents", key), item, inside, source)
    for key, sub in _items(data.get("collections")):
        yield from _collection(package, (*path, "collections", key), sub, inside, leaf)


def _move(
    package: Package,
    path: JsonPath,
    data: dict[str, Any],
    collection: str,
    inherited: Source | None,
    kind: Kind = "move",
    owner: str = "",
) -> Iterator[Node]:
    source = source_of(data, inherited)
    move = _node(package, kind, path, data, collection, source, owner)
    yield move
    for key, table in _items(data.get("oracles")):  # 0.1.x: a move's own tables
        own = _node(
            package, "table", (*path, "oracles", key), table, move.name, source, owner=move.id
        )
        yield attrs.evolve(own, id=f"{own.id}_table") if own.id == move.id else own


def _table(
    package: Package,
    path: JsonPath,
    data: dict[str, Any],
    collection: str,
    inherited: Source | None,
) -> Iterator[Node]:
    yield _node(package, "table", path, data, collection, source_of(data, inherited))


def _foe(
    package: Package,
    path: JsonPath,
    data: dict[str, Any],
    collection: str,
    inherited: Source | None,
) -> Iterator[Node]:
    yield _node(package, "foe", path, data, collection, source_of(data, inherited))


def _asset_collection(package: Package, path: JsonPath, data: dict[str, Any]) -> Iterator[Node]:
    source = source_of(data, package.source)
    here = _node(package, "collection", path, data, "", source)
    yield here
    for key, asset_data in _items(data.get("contents")):
        asset = _node(
            package,
            "asset",
            (*path, "contents", key),
            asset_data,
            here.name,
            source_of(asset_data, source),
        )
        yield asset
        for index, ability in enumerate(asset_data.get("abilities") or ()):
            if not isinstance(ability, dict):
                continue
            for move_key, move in _items(ability.get("moves")):
                where = (*asset.path, "abilities", index, "moves", move_key)
                yield from _move(
                    package, where, move, asset.name, asset.source, "asset_move", asset.id
                )


def _truth(package: Package, path: JsonPath, data: dict[str, Any]) -> Iterator[Node]:
    """A truth as a table of its options (each its summary and words), and the tables an
    option rolls on (a row of the truth rolls them too)."""
    source = source_of(data, package.source)
    truth_id = data.get("_id") if isinstance(data.get("_id"), str) else ""
    name = _name(data, str(path[-1]))
    rows: list[dict[str, Any]] = []
    inner: list[Node] = []
    for index, option in enumerate(data.get("options") or ()):
        if not isinstance(option, dict):
            continue
        rolls: list[dict[str, Any]] = []
        for key, table in _items(option.get("oracles")):  # 0.1.x: named, with ids
            where = (*path, "options", index, "oracles", key)
            inner.append(_node(package, "table", where, table, f"Truths / {name}", source))
            rolls.append({"oracle": table.get("_id"), "auto": True})
        if isinstance(option.get("table"), dict):  # 0.0.x: unnamed, found by place
            table_id = f"{truth_id}/{index}"
            table = {**option["table"], "_id": table_id, "name": f"{name} {index + 1}"}
            where = (*path, "options", index, "table")
            inner.append(_node(package, "table", where, table, f"Truths / {name}", source))
            rolls.append({"oracle": table_id, "auto": True})
        words = [
            w for w in (option.get("summary"), option.get("description")) if isinstance(w, str)
        ]
        span = {k: option[k] for k in ("roll", "min", "max") if k in option}
        rows.append({**span, "text": "\n\n".join(words), "oracle_rolls": rolls})
    table = {**data, "rows": rows, "oracle_type": "truth"}
    yield attrs.evolve(_node(package, "table", path, table, "Truths", source), rows_at="options")
    yield from inner
