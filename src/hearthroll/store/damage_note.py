"""The note that remembers damage found in a campaign's journal, until the journal is sound.

Opening reads only the newest segment, so damage in an older one (or an event changed with its
checksum made again to fit, which only a replay tells) is found by `check`, or by the app
looking at the older segments behind the table. What was found is kept in a small file in the
journal folder, `damage-found.txt`: every later command sees it in the folder's listing (no
extra read when it is not there) and says so, until a `check` that finds the journal sound, or
a `repair` that does, removes it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from pathlib import Path

from hearthroll.store.atomic import atomic_write, fsync_folder, os_reason, temp_prefix
from hearthroll.store.errors import StoreError

NAME = "damage-found.txt"
"""The note's file name, in the journal folder."""
TEMP_PREFIX = temp_prefix(Path(NAME))
"""How the temp files of its atomic writes begin."""

_HEAD = "# hearthroll found this damage in the journal; it is said until the journal is sound.\n"
_MOST_BYTES = 64 * 1024
"""A note is read up to this many bytes (it holds a few lines)."""
_MOST_LINES = 20
"""The lines a note keeps."""


def note_path(folder: Path) -> Path:
    """The damage note of the journal in `folder`."""
    return folder / NAME


def remember(folder: Path, lines: Sequence[str]) -> None:
    """Keep `lines` (check's words for the damage) as the journal's damage note, replacing any.

    Raises:
        StoreError: it could not be written (the damage is still said where it was found).
    """
    kept = list(lines[:_MOST_LINES])
    if len(lines) > len(kept):
        kept.append(f"… and {len(lines) - len(kept)} more: run `hearthroll check` to see them all")
    if read(folder) == tuple(kept):
        return  # the same words already: nothing to write
    atomic_write(note_path(folder), (_HEAD + "".join(f"{line}\n" for line in kept)).encode())


def forget(folder: Path) -> bool:
    """Remove the journal's damage note; False when there was none.

    Raises:
        StoreError: it is there and could not be removed.
    """
    path = note_path(folder)
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise StoreError(
            f"cannot remove {path}: {os_reason(exc)}. The journal is sound; delete the file by "
            "hand."
        ) from exc
    with contextlib.suppress(OSError):
        fsync_folder(folder)
    return True


def read(folder: Path) -> tuple[str, ...] | None:
    """The lines of the journal's damage note; None when there is none."""
    path = note_path(folder)
    try:
        with path.open("rb") as file:
            data = file.read(_MOST_BYTES)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return (
            f"{path}: the damage note cannot be read ({os_reason(exc)}); `hearthroll check` "
            "says what is damaged, and removes the note once the journal is sound",
        )
    text = data.decode("utf-8", errors="replace")
    lines = tuple(line for line in text.splitlines() if line and not line.startswith("#"))
    return lines or (f"{path}: damage was found in this journal; `hearthroll check` says where",)


def warning(state_file: Path, lines: Sequence[str]) -> str:
    """What a command says about the damage a note holds: the damage, then what to do."""
    shown = "".join(f"\n  {line}" for line in lines)
    return (
        f"the journal of {state_file} is damaged (found earlier, and not repaired):{shown}\n"
        "  The newest segment, where events are saved, is sound. Restore the damaged file from "
        f"a backup, then run `hearthroll check {state_file}`: once it finds the journal sound, "
        "this warning stops."
    )


def one_line(lines: Sequence[str]) -> str:
    """The damage in one line, for the app's top line."""
    more = f" (and {len(lines) - 1} more)" if len(lines) > 1 else ""
    return f"journal damaged: {lines[0]}{more} — run `hearthroll check` for what to do"
