"""The bestiary files in: the shipped `foes.toml`, the user's own and those a campaign names,
read, structured strictly, checked and joined, every problem named `file:line:col: key.path:
what is wrong`."""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hearthroll.core.games.encounter.bestiary import Bestiary, KnownFoe, problems
from hearthroll.store.converter import KeyPath, problems_of, show_path, structure
from hearthroll.store.errors import StoreError
from hearthroll.store.ruleset_file import Problem
from hearthroll.store.toml_positions import Position, locate, nearest

FOES = "foes.toml"
SCHEMA_VERSION = 1
MAX_BYTES = 1024 * 1024
"""A bestiary larger than this is refused before it is parsed."""
_TOP_KEYS = ("schema_version", "foes")


class BestiaryError(StoreError):
    """A bestiary file with problems; `problems` lists them all."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def shipped_foes_path() -> Path:
    """The shipped bestiary, inside the installed package beside the move catalog."""
    import hearthroll

    return Path(hearthroll.__file__).parent / "data" / FOES


def shipped_bestiary() -> Bestiary:
    """The foes installed with the package."""
    return read_bestiary(shipped_foes_path(), FOES)


def read_bestiary(path: Path, name: str | None = None) -> Bestiary:
    """Read a bestiary file, raising BestiaryError with every problem it has."""
    label = name or str(path)
    return parse_bestiary(_text(path, label), label)


def bestiary_for(
    extra: Sequence[Path] = (), *, user_folder: Path | None = None, with_user: bool = True
) -> Bestiary:
    """The foes a campaign can call on: the shipped ones, then the user's own `foes.toml` in
    the folder their move files are read from (`sources.user_moves_dir`), then each bestiary
    among `extra` (the campaign's own move files and `--moves`: a `.toml` file with a top-level
    `[[foes]]`). BestiaryError names every problem of every file, and a foe that two files
    call by the same name (or plural), naming both."""
    from hearthroll.store.sources import USER_FOES, is_bestiary, user_moves_dir

    files = [(shipped_foes_path(), f"{FOES} (shipped with hearthroll)")]
    if with_user:
        own = (user_folder or user_moves_dir()) / USER_FOES
        if own.is_file():
            files.append((own, str(own)))
    files += [(p, str(p)) for p in extra if is_bestiary(p)]
    found: list[Problem] = []
    read: list[tuple[str, str, Bestiary]] = []
    for path, label in files:
        try:
            text = _text(path, label)
            read.append((label, text, parse_bestiary(text, label)))
        except BestiaryError as error:
            found += error.problems
    found += _clashes(read)
    if found:
        raise BestiaryError(found)
    return Bestiary(tuple(foe for _, _, bestiary in read for foe in bestiary.foes))


def _clashes(read: Sequence[tuple[str, str, Bestiary]]) -> list[Problem]:
    """Each foe called (by name or plural) what a foe of another file is called already."""
    seen: dict[tuple[str, str], tuple[str, str]] = {}
    found: list[Problem] = []
    for label, text, bestiary in read:
        mine: dict[tuple[str, str], tuple[str, str]] = {}
        for index, foe in enumerate(bestiary.foes):
            for key, word in (("name", foe.name), ("plural", foe.many)):
                folded = (foe.ruleset, " ".join(word.lower().split()))
                other = seen.get(folded)
                if other is not None:
                    where, called = other
                    message = (
                        f"{word!r} names the {foe.ruleset} foe {called!r} of {where} already: "
                        "rename one of them, or leave one file out"
                    )
                    found.append(_placed(label, locate(text), ("foes", index, key), message))
                    break
                mine.setdefault(folded, (label, foe.name))
        seen.update(mine)
    return found


def _text(path: Path, label: str) -> str:
    """A bestiary file's text; BestiaryError says why it cannot be read."""
    try:
        if path.stat().st_size > MAX_BYTES:
            raise BestiaryError([_at_top(label, f"larger than {MAX_BYTES // 1024} KiB")])
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise BestiaryError([_at_top(label, f"not UTF-8 text ({error.reason})")]) from None
    except OSError as error:
        reason = error.strerror or str(error)
        raise BestiaryError([_at_top(label, f"cannot be read: {reason}")]) from None


def parse_bestiary(text: str, name: str) -> Bestiary:
    """The foes written in `text`, checked; BestiaryError names every problem."""
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BestiaryError([_syntax_problem(name, error)]) from None
    found = _check_top(document)
    foes: list[KnownFoe] = []
    raw = document.get("foes", [])
    if type(raw) is not list:
        found.append((("foes",), "expected a list of [[foes]] tables"))
        raw = []
    for index, item in enumerate(raw):
        try:
            foes.append(structure(item, KnownFoe))
        except Exception as error:  # cattrs groups every problem of the entry in one error
            found += [(("foes", index, *path), message) for path, message in problems_of(error)]
    if not found:
        found += problems(tuple(foes))
    if found:
        positions = locate(text)
        raise BestiaryError([_placed(name, positions, p, m) for p, m in found])
    return Bestiary(tuple(foes))


def _check_top(document: dict[str, Any]) -> list[tuple[KeyPath, str]]:
    found: list[tuple[KeyPath, str]] = [
        ((key,), f"unknown key {key!r}; a bestiary holds {', '.join(_TOP_KEYS)}")
        for key in document
        if key not in _TOP_KEYS
    ]
    version = document.get("schema_version")
    if version is None:
        fix = f"add schema_version = {SCHEMA_VERSION} at the top"
        found.append(((), f"schema_version is missing; {fix}"))
    elif type(version) is not int:
        found.append((("schema_version",), "expected a whole number"))
    elif not 1 <= version <= SCHEMA_VERSION:
        newer = f"newer than this hearthroll reads ({SCHEMA_VERSION}); upgrade hearthroll"
        why = newer if version > SCHEMA_VERSION else "must be 1 or more"
        found.append((("schema_version",), why))
    return found


def _placed(name: str, positions: dict[KeyPath, Position], path: KeyPath, message: str) -> Problem:
    (line, column), _ = nearest(positions, path)
    return Problem(name, line, column, show_path(path), message)


def _at_top(name: str, message: str) -> Problem:
    return Problem(name, 1, 1, "", message)


def _syntax_problem(name: str, error: tomllib.TOMLDecodeError) -> Problem:
    message = str(error)
    line, column = 1, 1
    head, _, tail = message.rpartition(" (at line ")
    numbers = tail.rstrip(")").split(", column ")
    if head and len(numbers) == 2 and all(n.isdigit() for n in numbers):
        line, column, message = int(numbers[0]), int(numbers[1]), head
    message = message.removesuffix(" (at end of document)")
    return Problem(name, line, column, "", f"TOML syntax: {message}")
