"""Atomic file replacement: a file is either its old bytes or its new ones, never a mix.

What hearthroll creates is private by default: files 0600, folders 0700 (the umask can only
take more away). A file replaced keeps the mode it had.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from pathlib import Path

from hearthroll.store.errors import StoreError

PRIVATE_FILE = 0o600
"""The mode of a file hearthroll creates (one it replaces keeps its own)."""
PRIVATE_FOLDER = 0o700
"""The mode of a folder hearthroll creates."""

TEMP_MARKER = ".tmp-"
"""Between the file's name and the random suffix of its temp files: `.NAME.toml.tmp-1a2b3c4d`."""


def temp_prefix(path: Path) -> str:
    """The name every temp file of `path` starts with."""
    return f".{path.name}{TEMP_MARKER}"


def os_reason(exc: OSError) -> str:
    """The operating system's reason for `exc` in lower case, e.g. "no space left on device"."""
    text = os.strerror(exc.errno) if exc.errno else (exc.strerror or str(exc) or repr(exc))
    return text[:1].lower() + text[1:]


def fsync_file(fd: int) -> None:
    """Flush a file's data to the disk itself (on macOS past the drive's own cache too)."""
    if sys.platform == "darwin":  # pragma: no cover - platform specific
        import fcntl

        try:
            fcntl.fcntl(fd, fcntl.F_FULLFSYNC)
            return
        except OSError:
            pass
    os.fsync(fd)


def fsync_folder(folder: Path) -> None:
    """Make a rename or a new file in `folder` durable (a no-op where folders cannot be synced)."""
    if os.name == "nt":  # pragma: no cover - Windows has no folder fsync
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    except OSError as exc:
        if exc.errno != errno.EINVAL:  # some file systems cannot sync a folder at all
            raise
    finally:
        os.close(fd)


def make_folder(folder: Path, *, flush: bool = True) -> bool:
    """Create `folder` and each missing folder above it, every one private (0700), and (with
    `flush`) flush each creation to the disk; False when it was there already.

    Raises:
        OSError: one could not be created.
    """
    missing: list[Path] = []
    probe = folder
    while not probe.is_dir():
        missing.append(probe)
        if probe.parent == probe:
            break
        probe = probe.parent
    for made in reversed(missing):
        try:
            made.mkdir(mode=PRIVATE_FOLDER)
        except FileExistsError:
            if not made.is_dir():
                raise
            continue
        if flush:
            fsync_folder(made.parent)
    return bool(missing)


def write_all(fd: int, data: bytes) -> None:
    """Write every byte of `data` to `fd` (a single `os.write` may write fewer)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def open_first_free(path: Path, mark: str) -> tuple[int, Path]:
    """Create the first free `NAME<mark>N` beside `path` for writing, never an existing file:
    its descriptor and path, the file private (0600). Any other failure to create it raises the
    OSError (its filename is the file tried)."""
    number = 1
    while True:
        kept = path.with_name(f"{path.name}{mark}{number}")
        try:
            fd = os.open(kept, _NEW_FILE, PRIVATE_FILE)
        except FileExistsError:
            number += 1
            continue
        return fd, kept


def atomic_write(path: Path, data: bytes) -> None:
    """Replace `path` with `data` so that a crash at any moment leaves the old or the new file.

    The bytes go to a temp file in the same folder, which is flushed to disk and renamed over
    `path`; then the folder is synced so the rename itself survives a power cut. If anything
    fails, `path` keeps its old bytes, the temp file is removed and a `StoreError` says why.

    A new file is private (0600); a file replaced keeps its mode.
    """
    folder = path.parent
    temp = folder / f"{temp_prefix(path)}{os.urandom(4).hex()}"  # as secrets.token_hex(4)
    try:
        mode: int | None = os.stat(path).st_mode & 0o7777
    except OSError:
        mode = None
    existed = mode is not None
    try:
        fd = os.open(temp, _NEW_FILE, PRIVATE_FILE)
        try:
            if mode is not None:
                _chmod(fd, temp, mode)
            write_all(fd, data)
            fsync_file(fd)
        finally:
            os.close(fd)
        os.replace(temp, path)
    except OSError as exc:
        _remove_quietly(temp)
        kept = (
            "Nothing was lost: the file still holds what it held before this save."
            if existed
            else "Nothing was written: the file was not created."
        )
        fix = (
            f"Make the folder {folder} first, or save somewhere else"
            if not os.path.isdir(folder)
            else "Free some disk space or fix the folder's permissions, then try again"
        )
        raise StoreError(f"could not save {path}: {os_reason(exc)}. {kept} {fix}.") from exc
    try:
        fsync_folder(folder)
    except OSError as exc:
        raise StoreError(
            f"saved {path}, but its folder could not be flushed to disk: {os_reason(exc)}. "
            "The save may not survive a power cut; check the disk, then save again."
        ) from exc


def clean_orphans(path: Path) -> list[Path]:
    """Remove the temp files an interrupted save of `path` left behind, and return them.

    Call it only while holding the campaign's lock: another process's save in progress would
    look like an orphan.
    """
    prefix = temp_prefix(path)
    try:
        names = os.listdir(path.parent)
    except FileNotFoundError:
        return []
    removed = []
    for name in sorted(names):
        if name.startswith(prefix):
            orphan = path.parent / name
            try:
                orphan.unlink()
            except FileNotFoundError:
                continue
            except OSError as exc:
                raise StoreError(
                    f"could not remove {orphan}, left over from an interrupted save of "
                    f"{path.name}: {os_reason(exc)}. Delete it by hand; {path.name} is not "
                    "affected."
                ) from exc
            removed.append(orphan)
    return removed


_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)


def _chmod(fd: int, path: Path, mode: int) -> None:
    """Give the open file `fd` (at `path`) the mode `mode`."""
    if hasattr(os, "fchmod"):
        os.fchmod(fd, mode)
    else:  # pragma: no cover - Windows
        os.chmod(path, mode)


def _remove_quietly(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()
