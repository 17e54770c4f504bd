"""Ruleset files in: read, structure strictly, check, and join them into one Catalog.

Every problem is reported at once as `file:line:col: key.path: message`; nothing here ever
lets a traceback through. The shipped catalog is read from the package's folder; users add
their own files with `--moves FILE` and in the `moves` folder of their config directory
(`sources` finds them). A Datasworn package (`.json`) is read by `store.datasworn` into the
same shape, its problems named by their place in the JSON.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from hearthroll.core.rules.model import Catalog, Move, Ruleset, Table
from hearthroll.store.converter import problems_of, shared, structure
from hearthroll.store.errors import StoreError
from hearthroll.store.ruleset_file import JoinedTable, Problem, RulesetFile
from hearthroll.store.sources import SHIPPED, shipped_path, user_files
from hearthroll.store.toml_positions import MAX_NESTING, too_deep

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

SCHEMA_VERSION = 1
MAX_BYTES = 4 * 1024 * 1024
"""A ruleset file larger than this is refused before it is parsed."""
_TOP_KEYS = frozenset({"schema_version", "rulesets", "moves", "tables"})


class RulesetError(StoreError):
    """Ruleset files with problems; `problems` lists them all."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def _syntax_problem(name: str, error: tomllib.TOMLDecodeError) -> Problem:
    message = str(error)
    line, column = 1, 1
    if "(at line " in message:
        head, _, tail = message.rpartition(" (at line ")
        numbers = tail.rstrip(")").split(", column ")
        if len(numbers) == 2 and all(n.isdigit() for n in numbers):
            line, column = int(numbers[0]), int(numbers[1])
            message = head
    elif message.endswith("(at end of document)"):
        message = message.removesuffix(" (at end of document)")
    return Problem(name, line, column, "", f"TOML syntax: {message}")


def parse_text(
    text: str, name: str, document: dict[str, Any] | None = None
) -> tuple[RulesetFile | None, list[Problem]]:
    """Parse and structure one file's text (`document`: its TOML already parsed, as the
    shipped catalog's is); on problems the file is None."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        return None, [Problem(name, 1, 1, "", f"file is larger than {MAX_BYTES // 1024} KiB")]
    if document is None:
        deep = too_deep(text)
        if deep is not None:
            message = (
                f"arrays or tables nest deeper than {MAX_NESTING} levels; no move file needs that"
            )
            return None, [Problem(name, deep[0], deep[1], "", message)]
        try:
            document = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            return None, [_syntax_problem(name, error)]
    shell = RulesetFile(name, (), (), text)
    problems = _check_top(document, shell)
    if any(p.path == "schema_version" for p in problems):
        return None, problems  # a file of another schema is not read further
    rulesets = _structure_list(document.get("rulesets", []), "rulesets", Ruleset, shell, problems)
    moves = _structure_list(document.get("moves", []), "moves", Move, shell, problems)
    tables = _structure_tables(document.get("tables", []), shell, problems)
    if problems:
        return None, problems
    return RulesetFile(name, tuple(rulesets), tuple(moves), text, tables=tuple(tables)), []


def _check_top(document: dict[str, Any], shell: RulesetFile) -> list[Problem]:
    problems = [
        shell.problem((key,), f"unknown key {key!r}; a ruleset file holds {_top_keys()}")
        for key in document
        if key not in _TOP_KEYS
    ]
    version = document.get("schema_version")
    if version is None:
        problems.append(
            shell.problem(
                (), f"schema_version is missing; add schema_version = {SCHEMA_VERSION} at the top"
            )
        )
    elif type(version) is not int:
        problems.append(shell.problem(("schema_version",), "expected a whole number"))
    elif version > SCHEMA_VERSION:
        problems.append(
            shell.problem(
                ("schema_version",),
                f"written for schema {version}, newer than this hearthroll reads "
                f"({SCHEMA_VERSION}); upgrade hearthroll",
            )
        )
    elif version < 1:
        problems.append(shell.problem(("schema_version",), "must be 1 or more"))
    return problems


def _top_keys() -> str:
    return ", ".join(sorted(_TOP_KEYS))


def _structure_list(
    raw: object, key: str, cls: type[Any], shell: RulesetFile, problems: list[Problem]
) -> list[Any]:
    if type(raw) is not list:
        problems.append(shell.problem((key,), f"expected a list of [[{key}]] tables"))
        return []
    built: list[Any] = []
    for index, item in enumerate(raw):
        try:
            built.append(structure(item, cls))
        except Exception as error:  # cattrs groups every problem of the item in one error
            problems.extend(
                shell.problem((key, index, *path), message) for path, message in problems_of(error)
            )
    return built


def _structure_tables(
    raw: object, shell: RulesetFile, problems: list[Problem]
) -> list[JoinedTable]:
    """The `[[tables]]` at the top of a file: each a table with the `ruleset` it joins."""
    if type(raw) is not list:
        problems.append(shell.problem(("tables",), "expected a list of [[tables]] tables"))
        return []
    built: list[JoinedTable] = []
    for index, item in enumerate(raw):
        if type(item) is not dict:
            problems.append(shell.problem(("tables", index), "expected a table"))
            continue
        fields = dict(item)
        ruleset = fields.pop("ruleset", None)
        if type(ruleset) is not str:
            message = 'names the ruleset it joins: add ruleset = "..."'
            problems.append(shell.problem(("tables", index, "ruleset"), message))
        try:
            table = structure(fields, Table)
        except Exception as error:  # cattrs groups every problem of the item in one error
            problems.extend(
                shell.problem(("tables", index, *where), message)
                for where, message in problems_of(error)
            )
            continue
        if type(ruleset) is str:
            built.append(JoinedTable(ruleset, table))
    return built


def read_file(
    path: Path | Traversable,
    name: str | None = None,
    ahead: Callable[[str], dict[str, Any] | None] | None = None,
) -> RulesetFile:
    """Read one ruleset file, raising RulesetError with every problem it has; a `.json` file
    is read as a Datasworn package. `ahead` gives the file's TOML document parsed ahead of
    time, if it has one for this text (the shipped catalog's)."""
    if isinstance(path, Path) and path.suffix.lower() == ".json":
        return read_files([path])[0]
    label = name or str(path)
    try:
        size = path.stat().st_size if isinstance(path, Path) else None
        if size is not None and size > MAX_BYTES:
            raise RulesetError(
                [Problem(label, 1, 1, "", f"file is larger than {MAX_BYTES // 1024} KiB")]
            )
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise RulesetError([Problem(label, 1, 1, "", f"not UTF-8 text ({error.reason})")]) from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise RulesetError([Problem(label, 1, 1, "", f"cannot be read: {reason}")]) from None
    parsed, problems = parse_text(text, label, ahead(text) if ahead is not None else None)
    if parsed is None:
        raise RulesetError(problems)
    return parsed


def shipped_file() -> RulesetFile:
    """The catalog installed with the package (its TOML parsed ahead, when it is the text the
    package was made with: `shipped_document`)."""
    from hearthroll.store.shipped_document import parsed

    return read_file(shipped_path(), SHIPPED, ahead=parsed)


def read_files(paths: Sequence[Path]) -> list[RulesetFile]:
    """Read ruleset files, raising RulesetError with every problem they have. Datasworn
    packages (`.json`) are read together, so an expansion's `replaces` finds what it replaces
    in the package it builds on; a problem that only loses words (a link that leads nowhere,
    shown as its words) is left to `check`."""
    files, problems = read_each(paths)
    if problems:
        raise RulesetError(problems)
    return files


def read_each(
    paths: Sequence[Path], *, warnings: bool = False
) -> tuple[list[RulesetFile], list[Problem]]:
    """The files that read and every problem of those that did not (with `warnings`, also
    what only loses words: `check` says it)."""
    files: list[RulesetFile] = []
    problems: list[Problem] = []
    packages = [p for p in paths if p.suffix.lower() == ".json"]
    for path in paths:
        if path in packages:
            continue
        try:
            files.append(read_file(path))
        except RulesetError as error:
            problems.extend(error.problems)
    if packages:
        from hearthroll.store.datasworn import read_packages

        read = read_packages(packages, shipped_file())
        problems += [*read.problems, *(read.warnings if warnings else ())]
        files.extend(read.files)
    return files, problems


def build_catalog(files: Iterable[RulesetFile]) -> Catalog:
    """Join files into one Catalog, after checking them together; RulesetError lists it all.
    A file's `[[tables]]` join the ruleset each names."""
    files = tuple(files)
    check_files(files)
    return joined_catalog(files)


def check_files(files: Sequence[RulesetFile], only: str | None = None) -> None:
    """Check files together (with `only`, as far as that ruleset needs: its own checks and the
    ids every ruleset shares); RulesetError lists every problem."""
    from hearthroll.store.checks import check_catalog

    problems = check_catalog(files, only)
    if problems:
        raise RulesetError(problems)


def joined_catalog(files: Iterable[RulesetFile]) -> Catalog:
    """Join files into one Catalog, unchecked (`check_files` checks them): each file's
    `[[tables]]` join the ruleset each names."""
    files = tuple(files)
    joined: dict[str, list[Table]] = {}
    for file in files:
        for entry in file.tables:
            joined.setdefault(entry.ruleset, []).append(entry.table)
    rulesets = [
        attrs.evolve(r, tables=(*r.tables, *joined[r.id])) if r.id in joined else r
        for f in files
        for r in f.rulesets
    ]
    moves = [m for f in files for m in f.moves]
    return Catalog.from_parts(rulesets, moves)


def catalog_files(
    extra: Sequence[Path] = (), *, user_folder: Path | None = None, with_user: bool = True
) -> list[RulesetFile]:
    """The shipped catalog, the user's folder and `extra` files, read (not checked together);
    RulesetError lists every problem of those that do not read."""
    paths = [*(user_files(user_folder) if with_user else []), *extra]
    return [shipped_file(), *read_files(paths)]


def load_catalog(
    extra: Sequence[Path] = (), *, user_folder: Path | None = None, with_user: bool = True
) -> Catalog:
    """The shipped catalog, the user's folder and `extra` files, checked and joined."""
    return build_catalog(catalog_files(extra, user_folder=user_folder, with_user=with_user))


def unstructure_move(move: Move) -> dict[str, Any]:
    """A move as plain data (the shape of its TOML), for JSON output."""
    data: dict[str, Any] = shared().unstructure(move)
    return data


def unstructure_table(table: Table) -> dict[str, Any]:
    """A table as plain data (the shape of its TOML), for JSON output."""
    data: dict[str, Any] = _written(table)
    return data


def dump_text(
    rulesets: Sequence[Ruleset] = (),
    moves: Sequence[Move] = (),
    tables: Sequence[JoinedTable] = (),
) -> str:
    """A ruleset file's text for these rulesets, moves and joined tables (what `parse_text`
    reads back)."""
    import tomli_w

    document: dict[str, Any] = {"schema_version": SCHEMA_VERSION}
    if rulesets:
        document["rulesets"] = [_written(r) for r in rulesets]
    if moves:
        document["moves"] = [_written(m) for m in moves]
    if tables:
        document["tables"] = [{"ruleset": t.ruleset, **_written(t.table)} for t in tables]
    return tomli_w.dumps(document)


def _written(value: Any) -> Any:
    """A model as the plain data of its TOML: every key left at its default left out."""
    if attrs.has(type(value)):
        table: dict[str, Any] = {}
        for field in attrs.fields(type(value)):
            item = getattr(value, field.name)
            default: Any = field.default
            if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
                default = attrs.NOTHING if default.takes_self else default.factory()
            if not field.init or item is None:
                continue
            if default is not attrs.NOTHING and type(item) is type(default) and item == default:
                continue
            table[field.alias or field.name] = _written(item)
        return table
    if isinstance(value, (tuple, list)):
        return [_written(v) for v in value]
    return value
