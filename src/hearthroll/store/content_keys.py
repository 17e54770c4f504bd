"""What a memo's key covers of a file it was made from: the file's bytes, or, for a big one
(a Datasworn package of megabytes), the digest of its bytes, kept as a memo of its own.

Hashing a package of 1.4 MB takes milliseconds, every command that opens a campaign naming it:
more than the rest of opening. So its content digest is kept under what the file system says
of the file (size, inode, modification and change times), as `memo.code_key` keeps the
sources' digest: writing the file, or copying another over it, sets its change time, which no
copy can keep, and the digest is then worked out again from the bytes. POSIX only: elsewhere
a file's bytes are hashed every time.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from hearthroll.store.digests import sha256

if TYPE_CHECKING:
    from hearthroll.store.digests import Hash
    from hearthroll.store.memo import Memo

BIG = 256 * 1024
"""A file larger than this is covered by its content digest, not its bytes."""
FAMILY = "content"


def covered(path: Path, memo: Memo) -> bytes:
    """What a memo key covers of the file `path`: its bytes when it is small, else the digest
    of its bytes (from its memo while the file system says the file is as it was). Raises
    OSError when the file cannot be read."""
    status = path.stat()
    if status.st_size <= BIG:
        return path.read_bytes()
    if os.name != "posix":
        return _digest(path.read_bytes())
    said = f"{status.st_size} {status.st_ino} {status.st_mtime_ns} {status.st_ctime_ns}"
    name = f"{FAMILY}-{sha256(os.fsencode(os.path.abspath(path))).hexdigest()[:20]}"
    found = memo.get(name, said, str)
    if found is not None:
        return found.encode()
    digest = _digest(path.read_bytes())
    if path.stat() == status:  # unchanged while it was read
        memo.put(name, said, digest.decode())
    return digest


def _digest(data: bytes) -> bytes:
    """The content digest of `data`, as text bytes (with its size, so no two sizes share one)."""
    digest = _blake2b()
    digest.update(data)
    return f"{len(data)}:{digest.hexdigest()}".encode()


def _blake2b() -> Hash:
    """A BLAKE2b hash object, from CPython's small built-in module where it has one (about
    three times as quick as its small SHA-256 on a big file, without `hashlib`'s start-up)."""
    try:
        from _blake2 import blake2b
    except ImportError:  # a Python built without it
        from hashlib import blake2b
    return blake2b(digest_size=32)
