"""Startup memos: a value worked out from files, kept as plain data in a cache folder and used
again while those files and the code that read them are unchanged.

A memo is only ever a shortcut. Each is stored under a name with the key it is valid for, and
the key covers everything the value came from (file bytes, the bytes of hearthroll's own
source, the versions), so a changed input simply misses. Nothing here raises: a memo that
cannot be read, is damaged, or was written by other code is worked out again, and one that
cannot be written is skipped.

A memo holds data, never code: JSON read back only as the hearthroll classes it names
(`memo_data`). And it is trusted only where nobody else could have written it: the folder must
belong to this user and be writable by no one else, and so must each file; otherwise the cache
is not used, and one line on stderr says why and how to fix it. hearthroll makes the folders
it needs private (0700) and each memo readable by this user alone (0600).

Most memos are one of a family, named `family-key…` (one campaign's snapshot, the catalog with
one set of extra files): the folder keeps the `KEPT` of them written most lately, so it never
grows with every campaign and script ever opened. The shared memos (the usual catalog, named
without a `-` before their first dot) are always kept.
"""

from __future__ import annotations

import contextlib
import functools
import os
import stat
import sys
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TypeVar

from hearthroll.store import memo_data
from hearthroll.store.digests import sha256

T = TypeVar("T")
Parted = tuple[T, dict[str, Callable[[], object]]]
"""A memo's value and, for each of its parts, the function that decodes it."""

SUFFIX = ".json"
OLD_SUFFIXES = (".pickle",)
"""Memos an older hearthroll kept: never read, and removed by `Memo.prune`."""
KEPT = 128
"""How many memos of a family (all families together) a folder keeps: each is only a shortcut,
made again the next time it is wanted."""
STALE_TEMP = 3600.0
"""Seconds after which a temp file is a crashed writer's leftover (a write takes milliseconds)."""
FOLDER_MODE = 0o700
FILE_MODE = 0o600
_SHARED_BITS = 0o022
"""Mode bits that let the group or others write."""
_CODE_PACKAGES = ("core", "store")
CODE = "code"
"""The memo of `code_key`: the digest of the sources' bytes, for what the file system says of
them."""
_FLAGS = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
"""Open a memo file itself, never a link planted in its place; not inherited; no newline
translation (Windows)."""


@functools.cache
def code_key() -> bytes:
    """A digest of what shapes a loaded value: hearthroll's version, Python's, and the bytes of
    the source of the engine and the store (the classes memos hold and the code that builds
    them).

    By content, not by size and time: a source copied in with its size and time kept is new
    code. Reading and hashing the sources costs about 2 ms, so a process first asks the cache
    folder's `code` memo, kept under the digest of what the file system says of each source
    (`stamps.status_digest`, which changes whenever a source's bytes may have), and reads them
    only when that misses. Raises OSError when a source cannot be read.
    """
    import hearthroll
    from hearthroll.store import stamps
    from hearthroll.store.folders import cache_root

    root = os.path.dirname(hearthroll.__file__)
    folders = [(os.path.join(root, p), f"{p}/") for p in _CODE_PACKAGES]
    seed = f"{hearthroll.__version__} {sys.version}".encode()
    where = cache_root() if os.name == "posix" else None
    if where is None:
        return stamps.content_digest(folders, seed)
    memo = Memo(Path(where))
    status = stamps.status_digest(folders, seed).hex()
    found = memo.get(CODE, status, str)
    if found is not None and len(found) == 64:
        with contextlib.suppress(ValueError):
            return bytes.fromhex(found)
    digest = stamps.content_digest(folders, seed)
    memo.put(CODE, status, digest.hex())
    return digest


def key_of(parts: Iterable[bytes]) -> str:
    """One key for a memo, from the bytes its value depends on."""
    digest = sha256()
    for part in parts:
        digest.update(len(part).to_bytes(8, "little"))
        digest.update(part)
    return digest.hexdigest()


class Memo:
    """The memos kept in one folder (created, private, when the first one is written)."""

    def __init__(self, folder: Path, *, kept: int = KEPT) -> None:
        self.folder = folder
        self.kept = kept
        self._trusted: bool | None = None
        """Whether the folder may be used: None until it has been looked at."""

    def path(self, name: str) -> Path:
        """The file the memo `name` is kept in."""
        return self.folder / f"{name}{SUFFIX}"

    def holds(self, name: str) -> bool:
        """Whether a memo `name` is kept at all, for whatever key: a key that costs something
        to work out (the code's digest) need not be when none is (on the first start after an
        upgrade, or once the cache folder is emptied)."""
        return self._usable() and os.path.isfile(self.path(name))

    def _body(self, name: str, key: str) -> bytes | None:
        """What the memo `name` holds, if it was stored for `key`."""
        data = self._read(name)
        if data is None:
            return None
        stored, _, body = data.partition(b"\n")
        return body if stored == key.encode() else None

    def get(self, name: str, key: str, kind: type[T]) -> T | None:
        """The memo `name` if it was stored for `key` and holds a `kind`; else None."""
        body = self._body(name, key)
        if body is None:
            return None
        with contextlib.suppress(Exception):  # a damaged or foreign memo is just not used
            value = memo_data.loads(body)
            if isinstance(value, kind):
                return value
        return None

    def get_parted(self, name: str, key: str, kind: type[T]) -> Parted[T] | None:
        """The memo `name` kept with parts (`put_parted`) if it was stored for `key` and its
        value is a `kind`: the value, and for each part the function that decodes it (which
        raises on a damaged part); else None."""
        body = self._body(name, key)
        if body is None:
            return None
        with contextlib.suppress(Exception):  # a damaged or foreign memo is just not used
            value, parts = memo_data.loads_parted(body)
            if isinstance(value, kind):
                return value, parts
        return None

    def put(self, name: str, key: str, value: object) -> bool:
        """Store `value` as the memo `name`, valid for `key`; False when it could not be (a
        value that is not plain data, a folder that is not private, a full disk).

        A new memo makes room after it: see `prune`."""
        try:
            body = memo_data.dumps(value)
        except Exception:  # not plain data (or nested past what JSON writes): no memo
            return False
        return self._write(name, key, body)

    def put_parted(self, name: str, key: str, value: object, parts: Mapping[str, object]) -> bool:
        """Store `value` with its named `parts` as the memo `name`, valid for `key`: each part
        is decoded only when `get_parted`'s caller asks for it. False as `put` says it."""
        try:
            body = memo_data.dumps_parted(value, parts)
        except Exception:  # not plain data (or nested past what JSON writes): no memo
            return False
        return self._write(name, key, body)

    def _write(self, name: str, key: str, body: bytes) -> bool:
        """Write a memo's bytes in its file, atomically; False when it could not be."""
        if not self._writable():
            return False
        target = self.path(name)
        temp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        try:
            new = not target.exists()
            with contextlib.suppress(FileNotFoundError):
                os.unlink(temp)  # left by a crashed writer with this process's id
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _FLAGS, FILE_MODE)
            try:
                data = memoryview(key.encode() + b"\n" + body)
                while data:
                    data = data[os.write(fd, data) :]
            finally:
                os.close(fd)
            os.replace(temp, target)
        except OSError:  # a full disk, a folder gone: the memo is only a shortcut
            with contextlib.suppress(OSError):
                os.unlink(temp)
            return False
        if new:
            self.prune()
        return True

    def _read(self, name: str) -> bytes | None:
        """The bytes of the memo `name`; None when there are none, or none to trust."""
        if not self._usable():
            return None
        path = self.path(name)
        try:
            fd = os.open(path, os.O_RDONLY | _FLAGS | getattr(os, "O_NONBLOCK", 0))
        except OSError:
            return None
        try:
            why = _distrust(os.fstat(fd), "file", path)
            if why is not None:
                _warn(why)
                return None
            chunks = []
            while chunk := os.read(fd, 1 << 20):
                chunks.append(chunk)
            return b"".join(chunks)
        except OSError:
            return None
        finally:
            os.close(fd)

    def _usable(self) -> bool:
        """Whether the folder is there and may be trusted (said once on stderr when it may
        not); a folder not made yet is looked at again when a memo is written."""
        if self._trusted is None:
            try:
                status = os.stat(self.folder)
            except OSError:
                return False
            why = _distrust(status, "folder", self.folder)
            if why is not None:
                _warn(why)
            self._trusted = why is None
        return self._trusted

    def _writable(self) -> bool:
        """Whether a memo may be written: the folder made (private) if it is not there yet,
        and trusted."""
        if self._trusted is None and not self.folder.exists():
            with contextlib.suppress(OSError):
                make_private_folders(self.folder)
        return self._usable()

    def prune(self) -> int:
        """Remove the memos of families beyond the `kept` written most lately, memos an older
        hearthroll kept, and temp files left by a writer that stopped over `STALE_TEMP` seconds
        ago; how many went.

        Another process may be reading or removing the same files: a file gone already is
        simply not counted, and a reader finds no memo and works the value out.
        """
        family: list[tuple[int, str]] = []
        gone_by: list[str] = []
        now = time.time_ns()
        with contextlib.suppress(OSError), os.scandir(self.folder) as entries:
            for entry in entries:
                with contextlib.suppress(OSError):
                    if entry.name.startswith(".") and entry.name.endswith(".tmp"):
                        age = now - entry.stat(follow_symlinks=False).st_mtime_ns
                        if age > STALE_TEMP * 1e9:
                            gone_by.append(entry.path)
                    elif entry.name.endswith(OLD_SUFFIXES):
                        gone_by.append(entry.path)
                    elif of_family(entry.name) and entry.is_file(follow_symlinks=False):
                        family.append((entry.stat(follow_symlinks=False).st_mtime_ns, entry.path))
        family.sort(reverse=True)
        gone = 0
        for path in gone_by + [path for _, path in family[self.kept :]]:
            with contextlib.suppress(OSError):
                os.unlink(path)
                gone += 1
        return gone


def of_family(filename: str) -> bool:
    """Whether the memo file `filename` is one of a family (`campaign-…`, `catalog-…`), which
    `Memo.prune` may remove, rather than a shared memo it always keeps."""
    return filename.endswith(SUFFIX) and "-" in filename.partition(".")[0]


def make_private_folders(folder: Path) -> None:
    """Make `folder` and each missing folder above it, each readable by this user alone."""
    missing = []
    while not folder.exists() and folder.parent != folder:
        missing.append(folder)
        folder = folder.parent
    for made in reversed(missing):
        with contextlib.suppress(FileExistsError):  # another process made it first
            made.mkdir(mode=FOLDER_MODE)


def _distrust(status: os.stat_result, what: str, path: Path) -> str | None:
    """Why the cache `what` (folder or file) at `path` may not be trusted, and what to do, in
    words for the user; None when it may: this user's own, and writable by nobody else.

    Where Python knows no user ids (Windows), a mode says nothing of this: trusted."""
    if not hasattr(os, "geteuid"):
        return None
    owner, mode = status.st_uid, status.st_mode & 0o777
    if what == "file" and not stat.S_ISREG(status.st_mode):
        wrong = "it is not a plain file"
    elif owner != os.geteuid():
        wrong = f"it belongs to another user (uid {owner})"
    elif mode & _SHARED_BITS:
        wrong = f"other users can write in it (mode {mode:o})"
    else:
        return None
    if what == "file":
        fix = "hearthroll writes its own in its place"
    elif owner != os.geteuid():
        fix = "remove it, and hearthroll makes its own (it starts slower until then)"
    else:
        fix = f"make it private with `chmod 700 {path}` (hearthroll starts slower until then)"
    return f"not using the cache {what} {path}: {wrong}; {fix}"


_warned: list[str] = []


def _warn(line: str) -> None:
    """Say on stderr why the cache is not used: once a process."""
    if not _warned:
        _warned.append(line)
        with contextlib.suppress(OSError, ValueError):  # no stderr to say it on
            print(f"hearthroll: {line}", file=sys.stderr)
