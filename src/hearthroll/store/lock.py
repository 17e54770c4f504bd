"""The campaign's lock: an exclusive `flock` on a `.lock` file beside it, waited for a moment
(`WAIT`: a short command finishing its save) and then refused, and the file removed again on
release.

On Unix it is taken with `fcntl.flock` by hand: the same lock `filelock` takes there, so a
hearthroll of either kind sees the other's, for a fraction of `filelock`'s import (about 20 ms
of every command's start). Where `flock` is missing (Windows, or a file system that refuses
it) the lock is `filelock`'s, imported only then.

Removing a lock file is safe only with two rules kept together:

- **Release unlinks only its own file, before it unlocks.** The path is removed while the lock
  is still held, and only if the path still names the very file that is locked (the same
  device and inode as the open descriptor).
- **Taking checks the same, after it locks.** A waiter may have opened the file just before
  the holder removed it and then win its `flock` on a file no longer linked, while a third
  process makes a new file at the path. So once the `flock` succeeds, the taker compares the
  descriptor with the path: the lock is taken only if they are the same file; otherwise it
  closes the stale one and tries again at the path.

Together they keep one invariant: while a process holds the lock, the path names its file, so
any two holders lock the same file and `flock` lets only one of them in.
"""

from __future__ import annotations

import errno
import os
import time
from pathlib import Path
from typing import Protocol

_BUSY = frozenset({errno.EACCES, errno.EAGAIN, errno.EWOULDBLOCK})
_NO_FLOCK = frozenset({errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOTSUP, errno.ENOLCK})

ATTEMPTS = 100
"""How many times taking the lock tries again after locking a file removed under it (each
time means another process has just released it) before saying the campaign is busy."""

WAIT = 1.0
"""Seconds a taker waits for a lock held by another process before saying the campaign is
busy: a short command (a verb saving its event) gives it back well within this, and only a
holder that keeps it (the app, a long batch) is refused."""

POLL = 0.02
"""Seconds between two tries while waiting."""

_HELD: set[tuple[int, int]] = set()
"""The lock files this process holds (device, inode): another opening here is refused at
once, since waiting for itself could not help."""


class Busy(Exception):
    """Another process (or another opening in this one) holds the lock."""


class Lock(Protocol):
    """A lock that is held until released."""

    def release(self) -> None: ...


def _same_file(fd: int, where: Path) -> bool:
    """Whether `where` names the file open at `fd` (False when `where` is gone)."""
    mine = os.fstat(fd)
    try:
        there = os.stat(where)
    except FileNotFoundError:
        return False
    return (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino)


class FlockLock:
    """An exclusive `flock` held on an open descriptor of the lock file `where`."""

    def __init__(self, where: Path, fd: int) -> None:
        self.where = where
        self._fd: int | None = fd
        status = os.fstat(fd)
        self._file = (status.st_dev, status.st_ino)
        _HELD.add(self._file)

    def release(self) -> None:
        """Remove the lock file if the path still names it, then unlock (closing the descriptor
        unlocks); twice is harmless."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        _HELD.discard(self._file)
        try:
            if _same_file(fd, self.where):
                os.unlink(self.where)
        except OSError:
            pass  # a file left behind is harmless: the next taker locks it and removes it
        finally:
            os.close(fd)


class _FileLock:
    """`filelock`'s lock, where `flock` cannot be had."""

    def __init__(self, where: Path, wait: float) -> None:
        import filelock

        self._lock = filelock.FileLock(str(where), timeout=wait, thread_local=False)
        try:
            self._lock.acquire()
        except filelock.Timeout:
            raise Busy(str(where)) from None

    def release(self) -> None:
        self._lock.release()


def take(where: Path, wait: float = WAIT) -> Lock:
    """The lock on the file `where` (created if missing): at once, or as soon as another
    process gives it back within `wait` seconds.

    Raises:
        Busy: it is held elsewhere after `wait` seconds, or in this process (or was released
            under us `ATTEMPTS` times running).
        OSError: the lock file cannot be created or opened.
    """
    try:
        import fcntl
    except ImportError:  # no flock on this platform
        return _FileLock(where, wait)
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0)
    deadline = time.monotonic() + wait
    attempts = 0
    while attempts < ATTEMPTS:
        fd = os.open(where, flags, 0o600)  # private, as the campaign beside it
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            status = os.fstat(fd)
            os.close(fd)
            if exc.errno in _NO_FLOCK:
                return _FileLock(where, wait)
            if exc.errno not in _BUSY:
                raise
            if (status.st_dev, status.st_ino) in _HELD or time.monotonic() >= deadline:
                raise Busy(str(where)) from None
            time.sleep(POLL)  # held by another process: it may be about to give it back
            continue
        except BaseException:
            os.close(fd)
            raise
        if _same_file(fd, where):
            return FlockLock(where, fd)
        os.close(fd)  # its holder removed it as we opened it: lock the file there now
        attempts += 1
    raise Busy(str(where))
