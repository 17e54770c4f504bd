"""Where the warm process listens, and for which code: a socket in the cache folder named by a
digest of Python, the installed packages and hearthroll's sources (see `hearthroll.launch`).

It imports the standard library's built-in modules alone: the command line reads it first.
"""

from __future__ import annotations

import os
import sys

ENV_WARM = "HEARTHROLL_WARM"
"""`0` (or `off`, `no`): every command runs in its own process, and no warm process is started."""

PID, STATUS = b"P", b"S"
"""The warm process's replies: its child's pid (so a Ctrl-C reaches it), then the exit status."""


def wanted() -> bool:
    """Whether the warm process may be used: not turned off, and a system that can fork and
    pass a terminal to another process."""
    if os.environ.get(ENV_WARM, "").strip().lower() in ("0", "off", "no", "false"):
        return False
    return hasattr(os, "fork") and sys.platform != "win32"


def fingerprint() -> str:
    """What the warm process must share with this one to run its commands: the Python, the
    site-packages folders (a package installed or removed changes them) and every source
    file of hearthroll, by path, size and modification time."""
    import hearthroll
    from hearthroll.store.stamps import stamps

    parts = [sys.executable, sys.version, hearthroll.__version__]
    for folder in sys.path:
        if folder.endswith("site-packages"):
            try:
                parts.append(f"{folder} {os.stat(folder).st_mtime_ns}")
            except OSError:
                continue
    root = os.path.dirname(hearthroll.__file__)
    parts += (f"{path} {size} {mtime}" for path, size, mtime in sorted(stamps(root)))
    return "\n".join(parts)


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


def private(folder: str) -> bool:
    """Whether `folder` is this user's own and nobody else may write in it."""
    status = os.stat(folder)
    return status.st_uid == os.getuid() and not status.st_mode & 0o022
