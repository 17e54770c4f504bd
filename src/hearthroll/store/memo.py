"""Startup memos: a value worked out from files, pickled in a cache folder and used again while
those files and the code that read them are unchanged.

A memo is only ever a shortcut. Each is stored under a name with the key it is valid for, and
the key covers everything the value came from (file bytes, hearthroll's own source, the
versions), so a changed input simply misses. A memo that cannot be read, is damaged, or was
written by other code is ignored; one that cannot be written is skipped. Nothing here raises.

Most memos are one of a family, named `family-key…` (one campaign's snapshot, the catalog with
one set of extra files): the folder keeps the `KEPT` of them written most lately, so it never
grows with every campaign and script ever opened. The shared memos (the usual catalog, named
without a `-` before their first dot) are always kept.
"""

from __future__ import annotations

import contextlib
import functools
import os
import pickle
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TypeVar

from hearthroll.store.digests import sha256
from hearthroll.store.stamps import stamps

T = TypeVar("T")

SUFFIX = ".pickle"
KEPT = 128
"""How many memos of a family (all families together) a folder keeps: each is only a shortcut,
made again the next time it is wanted."""
STALE_TEMP = 3600.0
"""Seconds after which a temp file is a crashed writer's leftover (a write takes milliseconds)."""
_CODE_PACKAGES = ("core", "store")


@functools.cache
def code_key() -> bytes:
    """A digest of what shapes a loaded value: hearthroll's version, Python's, and the source of
    the engine and the store (the classes that are pickled and the code that builds them).

    Each source file counts by its path, size and modification time, as Python's own bytecode
    cache knows a changed source: reading every byte of them cost more than the rest of
    opening a campaign from its snapshot.
    """
    import hearthroll

    digest = sha256(f"{hearthroll.__version__} {sys.version}".encode())
    root = os.path.dirname(hearthroll.__file__)
    for package in _CODE_PACKAGES:
        for path, size, mtime in sorted(stamps(os.path.join(root, package), f"{package}/")):
            digest.update(path.encode())
            digest.update(b"%d %d\n" % (size, mtime))
    return digest.digest()


def key_of(parts: Iterable[bytes]) -> str:
    """One key for a memo, from the bytes its value depends on."""
    digest = sha256()
    for part in parts:
        digest.update(len(part).to_bytes(8, "little"))
        digest.update(part)
    return digest.hexdigest()


class Memo:
    """The memos kept in one folder (created when the first one is written)."""

    def __init__(self, folder: Path, *, kept: int = KEPT) -> None:
        self.folder = folder
        self.kept = kept

    def path(self, name: str) -> Path:
        """The file the memo `name` is kept in."""
        return self.folder / f"{name}{SUFFIX}"

    def get(self, name: str, key: str, kind: type[T]) -> T | None:
        """The memo `name` if it was stored for `key` and holds a `kind`; else None."""
        try:
            data = self.path(name).read_bytes()
        except OSError:
            return None
        stored, _, body = data.partition(b"\n")
        if stored != key.encode():
            return None
        with contextlib.suppress(Exception):  # a damaged or foreign memo is just not used
            value = pickle.loads(body)
            if isinstance(value, kind):
                return value
        return None

    def put(self, name: str, key: str, value: object) -> bool:
        """Store `value` as the memo `name`, valid for `key`; False when it could not be.

        A new memo of a family first makes room: see `prune`."""
        target = self.path(name)
        temp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        try:
            body = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
            self.folder.mkdir(parents=True, exist_ok=True)
            new = of_family(target.name) and not target.exists()
            temp.write_bytes(key.encode() + b"\n" + body)
            os.replace(temp, target)
        except Exception:  # a full disk or an unpicklable value: the memo is only a shortcut
            with contextlib.suppress(OSError):
                temp.unlink(missing_ok=True)
            return False
        if new:
            self.prune()
        return True

    def prune(self) -> int:
        """Remove the memos of families beyond the `kept` written most lately, and temp files
        left by a writer that stopped over `STALE_TEMP` seconds ago; how many went.

        Another process may be reading or removing the same files: a file gone already is
        simply not counted, and a reader finds no memo and works the value out.
        """
        family: list[tuple[int, str]] = []
        stale: list[str] = []
        now = time.time_ns()
        with contextlib.suppress(OSError), os.scandir(self.folder) as entries:
            for entry in entries:
                with contextlib.suppress(OSError):
                    if entry.name.startswith(".") and entry.name.endswith(".tmp"):
                        age = now - entry.stat(follow_symlinks=False).st_mtime_ns
                        if age > STALE_TEMP * 1e9:
                            stale.append(entry.path)
                    elif of_family(entry.name) and entry.is_file(follow_symlinks=False):
                        family.append((entry.stat(follow_symlinks=False).st_mtime_ns, entry.path))
        family.sort(reverse=True)
        gone = 0
        for path in stale + [path for _, path in family[self.kept :]]:
            with contextlib.suppress(OSError):
                os.unlink(path)
                gone += 1
        return gone


def of_family(filename: str) -> bool:
    """Whether the memo file `filename` is one of a family (`campaign-…`, `catalog-…`), which
    `Memo.prune` may remove, rather than a shared memo it always keeps."""
    return filename.endswith(SUFFIX) and "-" in filename.partition(".")[0]
