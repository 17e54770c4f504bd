"""What a folder of Python sources holds: a digest of every file's bytes, and a cheaper one of
what the file system says of each file, which changes whenever its bytes may have.

It reads the files with `os` alone and hashes them with CPython's small BLAKE2 module, not
`hashlib` (which loads OpenSSL: milliseconds of every command).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hearthroll.store.digests import Hash

Folders = list[tuple[str, str]]
"""Folders of sources, each with the prefix its files' paths are named from."""


def sources(folder: str, prefix: str = "") -> list[tuple[str, os.DirEntry[str]]]:
    """Every `.py` file under `folder`: its path from `prefix` and its entry, in order of the
    first (`__pycache__` folders skipped)."""
    found: list[tuple[str, os.DirEntry[str]]] = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.name != "__pycache__":
                    found += sources(entry.path, f"{prefix}{entry.name}/")
            elif entry.name.endswith(".py"):
                found.append((prefix + entry.name, entry))
    return sorted(found, key=lambda found: found[0])


def content_digest(folders: Folders, seed: bytes = b"") -> bytes:
    """A digest of `seed` and of every `.py` file in `folders`: its path and its bytes.

    A file copied over another with its size and time kept (`cp -p`, an unpacked archive)
    changes it, as any change of a byte does; touching a file does not. The engine's and the
    store's sources take about 2 ms to read and hash. Raises OSError when a file cannot be read.
    """
    digest = _blake2b()
    digest.update(seed)
    for folder, prefix in folders:
        for path, entry in sources(folder, prefix):
            data = _read(entry.path)
            digest.update(b"%s\0%d\0" % (path.encode("utf-8", "surrogateescape"), len(data)))
            digest.update(data)
    return digest.digest()


def status_digest(folders: Folders, seed: bytes = b"") -> bytes:
    """A digest of `seed` and of what the file system says of every `.py` file in `folders`:
    its path, size, inode, and modification and change times.

    Whatever changes a file's bytes changes this too: writing a file, or copying one in, sets
    its change time (which, unlike the modification time, no copy can keep); so while it is
    the same, so is `content_digest`. About a tenth of its cost. POSIX only: Windows keeps a
    file's creation time where POSIX keeps its change time.
    """
    digest = _blake2b()
    digest.update(seed)
    for folder, prefix in folders:
        for path, entry in sources(folder, prefix):
            status = entry.stat()
            digest.update(
                b"%s\0%d %d %d %d\n"
                % (
                    path.encode("utf-8", "surrogateescape"),
                    status.st_size,
                    status.st_ino,
                    status.st_mtime_ns,
                    status.st_ctime_ns,
                )
            )
    return digest.digest()


def _read(path: str) -> bytes:
    """A file's bytes, read without the `io` layers (a source is read whole, once)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0))
    try:
        chunks = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _blake2b() -> Hash:
    """A BLAKE2b hash object, from CPython's small built-in module where it has one."""
    try:
        from _blake2 import blake2b
    except ImportError:  # a Python built without it
        from hashlib import blake2b
    return blake2b(digest_size=32)
