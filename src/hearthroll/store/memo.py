"""Startup memos: a value worked out from files, pickled in a cache folder and used again while
those files and the code that read them are unchanged.

A memo is only ever a shortcut. Each is stored under a name with the key it is valid for, and
the key covers everything the value came from (file bytes, hearthroll's own source, the
versions), so a changed input simply misses. A memo that cannot be read, is damaged, or was
written by other code is ignored; one that cannot be written is skipped. Nothing here raises.
"""

from __future__ import annotations

import contextlib
import functools
import os
import pickle
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TypeVar

from hearthroll.store.digests import sha256

T = TypeVar("T")

SUFFIX = ".pickle"
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
    root = Path(hearthroll.__file__).parent
    for package in _CODE_PACKAGES:
        for source in _sources(root / package):
            status = source.stat()
            digest.update(source.relative_to(root).as_posix().encode())
            digest.update(b"%d %d\n" % (status.st_size, status.st_mtime_ns))
    return digest.digest()


def _sources(folder: Path) -> list[Path]:
    """Every `.py` file under `folder`, in a stable order."""
    found: list[Path] = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False) and entry.name != "__pycache__":
                found += _sources(Path(entry.path))
            elif entry.name.endswith(".py"):
                found.append(Path(entry.path))
    return sorted(found)


def key_of(parts: Iterable[bytes]) -> str:
    """One key for a memo, from the bytes its value depends on."""
    digest = sha256()
    for part in parts:
        digest.update(len(part).to_bytes(8, "little"))
        digest.update(part)
    return digest.hexdigest()


class Memo:
    """The memos kept in one folder (created when the first one is written)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

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
        """Store `value` as the memo `name`, valid for `key`; False when it could not be."""
        target = self.path(name)
        temp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        try:
            body = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
            self.folder.mkdir(parents=True, exist_ok=True)
            temp.write_bytes(key.encode() + b"\n" + body)
            os.replace(temp, target)
        except Exception:  # a full disk or an unpicklable value: the memo is only a shortcut
            with contextlib.suppress(OSError):
                temp.unlink(missing_ok=True)
            return False
        return True
