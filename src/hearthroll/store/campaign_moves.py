"""A campaign's own move files: written in its state file (`moves`, paths from its folder),
found again before its catalog is loaded, and blamed by name when one is gone or broken.

They are read off the state file's bytes before the campaign is opened, since the catalog the
campaign is opened with is made from them. A state file with no `moves` line is not parsed here.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path, PurePath
from typing import TYPE_CHECKING

import attrs

from hearthroll.core.records import Record
from hearthroll.store.campaign_files import parse_state, place
from hearthroll.store.converter import show_path
from hearthroll.store.errors import StoreError

if TYPE_CHECKING:
    from hearthroll.store.ruleset_file import Problem

KEY = "moves"
_LINE = re.compile(rb"^moves[ \t]*=", re.MULTILINE)
_HEADER = re.compile(rb"^[ \t]*\[", re.MULTILINE)


@attrs.frozen
class Recorded(Record):
    """One file the campaign names: as written there, where it is, and its place in the list."""

    written: str
    path: Path
    index: int


def recorded_files(campaign: Path) -> list[Recorded]:
    """The move files the campaign at `campaign` names, each checked to be there; StoreError
    names every one that is not, with the fix. A campaign that cannot be read names none (opening
    it says why)."""
    try:
        data = campaign.read_bytes()
    except OSError:
        return []
    raw = _listed(campaign, data)
    if raw is None:
        return []
    if not isinstance(raw, list) or not all(isinstance(item, str) for item in raw):
        raise StoreError(
            f"{place(campaign, (KEY,), data)}: {KEY}: expected a list of file names, as "
            f'`{KEY} = ["extra.toml"]` (paths from the campaign\'s folder); nothing was changed'
        )
    found = [Recorded(text, _beside(campaign, text), index) for index, text in enumerate(raw)]
    gone = [
        f"{place(campaign, (KEY, r.index), data)}: {show_path((KEY, r.index))}: {r.written!r} "
        f"is not there ({r.path}). Put the file back, or remove {r.written!r} from the list; "
        "nothing was changed"
        for r in found
        if not r.path.is_file()
    ]
    if gone:
        raise StoreError("\n".join(gone))
    return found


def recorded(campaign: Path) -> list[Path]:
    """The paths of the move files the campaign names (see `recorded_files`)."""
    return [r.path for r in recorded_files(campaign)]


def with_typed(campaign: Path, typed: Sequence[Path]) -> list[Path]:
    """The campaign's own move files, then those typed for this run, each file once."""
    return unique([*recorded(campaign), *typed])


def unique(paths: Iterable[Path]) -> list[Path]:
    """`paths` in order, each file once (however it is spelled)."""
    seen: set[str] = set()
    kept: list[Path] = []
    for path in paths:
        key = os.path.normcase(os.path.abspath(path))
        if key not in seen:
            seen.add(key)
            kept.append(path)
    return kept


def written(campaign: Path, files: Sequence[Path]) -> tuple[str, ...]:
    """`files` as the campaign at `campaign` writes them: from its folder, `/` between parts
    (an absolute path where none leads there, as onto another drive)."""
    folder = os.path.abspath(campaign.parent)
    names: list[str] = []
    for path in unique(files):
        full = os.path.abspath(path)
        try:
            names.append(PurePath(os.path.relpath(full, folder)).as_posix())
        except ValueError:
            names.append(PurePath(full).as_posix())
    return tuple(names)


def blamed(campaign: Path, files: Sequence[Recorded], problems: Sequence[Problem]) -> str:
    """Lines that tie problems in the campaign's own move files to its list: which entry each
    broken file is, and the fix. Empty when none of the problems is in one of them."""
    broken = {str(p.file) for p in problems}
    lines: list[str] = []
    for entry in files:
        if str(entry.path) in broken:
            lines.append(
                f"{place(campaign, (KEY, entry.index))}: {show_path((KEY, entry.index))}: "
                f"{entry.written!r} is this campaign's own move file and cannot be loaded (its "
                f"problems are above). Fix the file, or remove {entry.written!r} from the list; "
                "nothing was changed"
            )
    return "\n".join(lines)


def explained(campaign: Path, error: StoreError) -> StoreError:
    """`error`, and where it comes from a problem in one of the campaign's own move files, the
    lines that tie it to its place in the campaign's list (`blamed`)."""
    problems = getattr(error, "problems", None)  # a RulesetError's, checked and placed
    if not problems:
        return error
    try:
        tied = blamed(campaign, recorded_files(campaign), problems)
    except StoreError:
        return error
    return StoreError(f"{error}\n{tied}") if tied else error


def _listed(campaign: Path, data: bytes) -> object:
    """The value of the state file's top-level `moves` key (None: it has none), from its own
    lines where they read as TOML alone (the file is parsed whole only where they do not)."""
    header = _HEADER.search(data)
    head = data[: header.start()] if header is not None else data
    found = _LINE.search(head)  # top-level keys come before the first table
    if found is None:
        return None
    end = head.find(b"]", found.end())
    try:
        if end < 0:
            raise StoreError("not a list")
        return parse_state(campaign, head[found.start() : end + 1]).get(KEY)
    except StoreError:  # not written as hearthroll writes it: the whole file says what it is
        return parse_state(campaign, data).get(KEY)


def _beside(campaign: Path, written: str) -> Path:
    path = Path(written).expanduser()
    return path if path.is_absolute() else campaign.parent / path
