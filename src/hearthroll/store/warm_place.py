"""Where the warm process listens, for which code, and whether a folder there may be trusted: a
socket in a private cache folder, named by a digest of Python, the installed packages and the
bytes of hearthroll's sources (see `hearthroll.launch`).

It imports the standard library's built-in modules alone: the command line reads it first.
"""

from __future__ import annotations

import os
import sys

ENV_WARM = "HEARTHROLL_WARM"
"""`0` (or `off`, `no`): every command runs in its own process, and no warm process is started."""

PID, STATUS, GO = b"P", b"S", b"G"
"""The warm process's replies, its child's pid (so a Ctrl-C reaches it) then the exit status;
and the caller's go-ahead between them: the child runs the command only once the caller knows
its pid and still waits for it."""

PATIENCE = 2.0
"""Seconds a caller waits for a warm process to answer (its child's pid) before it runs the
command itself: a stopped or hung warm process is passed by."""

CREDENTIALS = 12
"""The size of Linux's `struct ucred` (pid, uid, gid: `struct.calcsize('3i')`), which
`SO_PEERCRED` answers with."""


def turned_off() -> bool:
    """Whether the user turned the warm process off (`HEARTHROLL_WARM=0`)."""
    return os.environ.get(ENV_WARM, "").strip().lower() in ("0", "off", "no", "false")


def possible() -> bool:
    """Whether this system can fork, pass a terminal to another process and say which user is
    at a socket's other end (Linux)."""
    return hasattr(os, "fork") and sys.platform.startswith("linux")


def wanted() -> bool:
    """Whether the warm process may be used: not turned off, and `possible`."""
    return not turned_off() and possible()


def fingerprint() -> str:
    """What the warm process must share with this one to run its commands: the Python, the
    site-packages folders (a package installed or removed changes them) and the bytes of
    every source file of hearthroll."""
    import hearthroll

    parts = [sys.executable, sys.version, hearthroll.__version__]
    for folder in sys.path:
        if folder.endswith("site-packages"):
            try:
                parts.append(f"{folder} {os.stat(folder).st_mtime_ns}")
            except OSError:
                continue
    root = os.path.dirname(hearthroll.__file__)
    parts += (f"{path} {size} {check:08x}" for path, size, check in sorted(sources(root)))
    return "\n".join(parts)


def sources(folder: str, prefix: str = "") -> list[tuple[str, int, int]]:
    """Every `.py` file under `folder` (`__pycache__` skipped): its path from `prefix`, its size
    and a CRC-32 of its bytes, in no particular order. A file that cannot be read counts with
    size -1, so it differs from any file that can. Reading them all takes about a millisecond
    (into one buffer, without the `io` layers)."""
    buffer = bytearray(1 << 18)
    found: list[tuple[str, int, int]] = []
    _sources(folder, prefix, buffer, found)
    return found


def _sources(
    folder: str, prefix: str, buffer: bytearray, found: list[tuple[str, int, int]]
) -> None:
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.name != "__pycache__":
                    _sources(entry.path, f"{prefix}{entry.name}/", buffer, found)
            elif entry.name.endswith(".py"):
                try:
                    size, check = _check(entry.path, buffer)
                except OSError:
                    size, check = -1, 0
                found.append((prefix + entry.name, size, check))


def _check(path: str, buffer: bytearray) -> tuple[int, int]:
    """A file's size and the CRC-32 of its bytes, read through `buffer`."""
    import zlib

    if not hasattr(os, "readv"):  # Windows
        with open(path, "rb") as source:
            data = source.read()
        return len(data), zlib.crc32(data)
    view = memoryview(buffer)
    size = check = 0
    fd = os.open(path, os.O_RDONLY)
    try:
        while read := os.readv(fd, [buffer]):
            check = zlib.crc32(view[:read], check)
            size += read
    finally:
        os.close(fd)
    return size, check


def socket_path(code: str | None = None) -> str | None:
    """Where the warm process for this code listens: a socket in the cache folder's `warm`,
    named by a digest of `fingerprint`; None when no folder can be named without importing
    `platformdirs`, or the path is too long for a socket."""
    import zlib

    from hearthroll.store.folders import cache_root

    root = cache_root()
    if root is None:
        return None
    data = (code if code is not None else fingerprint()).encode("utf-8", "surrogatepass")
    name = f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}.sock"
    place = os.path.join(root, "warm", name)
    return place if len(place.encode()) < 100 else None  # sun_path holds 104 bytes on macOS


def distrust(folder: str) -> str | None:
    """Why the folder `folder` may not hold a warm process's socket, in words for the user
    (another user's, or open to others); None when it may: this user's own, and private.

    Raises:
        OSError: the folder cannot be looked at (it does not exist).
    """
    status = os.stat(folder)
    if status.st_uid != os.geteuid():
        return f"its folder {folder} belongs to another user (uid {status.st_uid})"
    if status.st_mode & 0o077:
        mode = status.st_mode & 0o777
        return f"its folder {folder} is open to other users (mode {mode:o}; chmod 700 it)"
    return None


def private(folder: str) -> bool:
    """Whether `folder` is this user's own and nobody else may read or write in it."""
    try:
        return distrust(folder) is None
    except OSError:
        return False


def peer_uid(credentials: bytes) -> int:
    """The user id in the `SO_PEERCRED` answer `credentials` (pid, uid, gid)."""
    return int.from_bytes(credentials[4:8], sys.byteorder, signed=True)
