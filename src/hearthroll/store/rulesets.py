"""Ruleset files in: read, structure strictly, check, and join them into one Catalog.

Every problem is reported at once as `file:line:col: key.path: message`; nothing here ever
lets a traceback through. The shipped catalog is read with `importlib.resources`; users add
their own files with `--moves FILE` and in the `moves` folder of their config directory
(`sources` finds them).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import attrs

from hearthroll.core.rules.model import Catalog, Move, Ruleset
from hearthroll.store.converter import KeyPath, drop_none, problems_of, shared, show_path
from hearthroll.store.errors import StoreError
from hearthroll.store.sources import SHIPPED, user_files
from hearthroll.store.toml_positions import MAX_NESTING, Position, locate, nearest, too_deep

SCHEMA_VERSION = 1
MAX_BYTES = 4 * 1024 * 1024
"""A ruleset file larger than this is refused before it is parsed."""
_TOP_KEYS = frozenset({"schema_version", "rulesets", "moves"})


@attrs.frozen
class Problem:
    """One thing wrong in a file, with where it is."""

    file: str
    line: int
    column: int
    path: str
    message: str

    def __str__(self) -> str:
        where = f"{self.path}: " if self.path else ""
        return f"{self.file}:{self.line}:{self.column}: {where}{self.message}"


class RulesetError(StoreError):
    """Ruleset files with problems; `problems` lists them all."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


@attrs.frozen
class RulesetFile:
    """One file's rulesets and moves, with the positions of its keys for later messages."""

    name: str
    rulesets: tuple[Ruleset, ...]
    moves: tuple[Move, ...]
    text: str = attrs.field(eq=False, repr=False)
    _positions: dict[KeyPath, Position] = attrs.field(factory=dict, eq=False, repr=False)

    @property
    def positions(self) -> dict[KeyPath, Position]:
        """Where each key is written; worked out only when a problem needs a place."""
        if not self._positions and self.text:
            self._positions.update(locate(self.text))
        return self._positions

    def problem(self, path: KeyPath, message: str) -> Problem:
        """A problem at `path` in this file (or at its nearest written parent)."""
        (line, column), _ = nearest(self.positions, path)
        return Problem(self.name, line, column, show_path(path), message)


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


def parse_text(text: str, name: str) -> tuple[RulesetFile | None, list[Problem]]:
    """Parse and structure one file's text; on problems the file is None."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        return None, [Problem(name, 1, 1, "", f"file is larger than {MAX_BYTES // 1024} KiB")]
    deep = too_deep(text)
    if deep is not None:
        message = f"arrays or tables nest deeper than {MAX_NESTING} levels; no move file needs that"
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
    if problems:
        return None, problems
    return RulesetFile(name, tuple(rulesets), tuple(moves), text), []


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
            built.append(shared().structure(item, cls))
        except Exception as error:  # cattrs groups every problem of the item in one error
            problems.extend(
                shell.problem((key, index, *path), message) for path, message in problems_of(error)
            )
    return built


def read_file(path: Path | resources.abc.Traversable, name: str | None = None) -> RulesetFile:
    """Read one ruleset file, raising RulesetError with every problem it has."""
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
    parsed, problems = parse_text(text, label)
    if parsed is None:
        raise RulesetError(problems)
    return parsed


def shipped_file() -> RulesetFile:
    """The catalog installed with the package."""
    return read_file(resources.files("hearthroll").joinpath("data", SHIPPED), SHIPPED)


def build_catalog(files: Iterable[RulesetFile]) -> Catalog:
    """Join files into one Catalog, after checking them together; RulesetError lists it all."""
    from hearthroll.store.checks import check_catalog

    files = tuple(files)
    problems = check_catalog(files)
    if problems:
        raise RulesetError(problems)
    rulesets = [r for f in files for r in f.rulesets]
    moves = [m for f in files for m in f.moves]
    return Catalog.from_parts(rulesets, moves)


def load_catalog(
    extra: Sequence[Path] = (), *, user_folder: Path | None = None, with_user: bool = True
) -> Catalog:
    """The shipped catalog, the user's folder and `extra` files, checked and joined."""
    paths = [*(user_files(user_folder) if with_user else []), *extra]
    files: list[RulesetFile] = [shipped_file()]
    problems: list[Problem] = []
    for path in paths:
        try:
            files.append(read_file(path))
        except RulesetError as error:
            problems.extend(error.problems)
    if problems:
        raise RulesetError(problems)
    return build_catalog(files)


def unstructure_move(move: Move) -> dict[str, Any]:
    """A move as plain data (the shape of its TOML), for JSON output."""
    data: dict[str, Any] = shared().unstructure(move)
    return data


def dump_text(rulesets: Sequence[Ruleset] = (), moves: Sequence[Move] = ()) -> str:
    """A ruleset file's text for these rulesets and moves (what `parse_text` reads back)."""
    import tomli_w

    document: dict[str, Any] = {"schema_version": SCHEMA_VERSION}
    if rulesets:
        document["rulesets"] = [drop_none(shared().unstructure(r)) for r in rulesets]
    if moves:
        document["moves"] = [drop_none(shared().unstructure(m)) for m in moves]
    return tomli_w.dumps(document)
