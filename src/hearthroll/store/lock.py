"""The campaign's lock: an exclusive `flock` on a `.lock` file beside it, taken at once or not.

On Unix it is taken with `fcntl.flock` by hand: the same lock `filelock` takes there, so a
hearthroll of either kind sees the other's, for a fraction of `filelock`'s import (about 20 ms
of every command's start). Where `flock` is missing (Windows, or a file system that refuses
it) the lock is `filelock`'s, imported only then.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Protocol

_BUSY = frozenset({errno.EACCES, errno.EAGAIN, errno.EWOULDBLOCK})
_NO_FLOCK = frozenset({errno.ENOSYS, errno.EOPNOTSUPP, errno.ENOTSUP, errno.ENOLCK})


class Busy(Exception):
    """Another process (or another opening in this one) holds the lock."""


class Lock(Protocol):
    """A lock that is held until released."""

    def release(self) -> None: ...


class FlockLock:
    """An exclusive `flock` held on an open descriptor of the lock file until `release()`."""

    def __init__(self, fd: int) -> None:
        self._fd: int | None = fd

    def release(self) -> None:
        """Release the lock (closing the descriptor releases it); twice is harmless. The file
        stays, so everyone locks the same one."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)


class _FileLock:
    """`filelock`'s lock, where `flock` cannot be had."""

    def __init__(self, where: Path) -> None:
        import filelock

        self._lock = filelock.FileLock(str(where), timeout=0, thread_local=False)
        try:
            self._lock.acquire()
        except filelock.Timeout:
            raise Busy(str(where)) from None

    def release(self) -> None:
        self._lock.release()


def take(where: Path) -> Lock:
    """The lock on the file `where` (created if missing), taken at once.

    Raises:
        Busy: it is held elsewhere.
        OSError: the lock file cannot be created or opened.
    """
    try:
        import fcntl
    except ImportError:  # no flock on this platform
        return _FileLock(where)
    fd = os.open(where, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        os.close(fd)
        if exc.errno in _BUSY:
            raise Busy(str(where)) from None
        if exc.errno in _NO_FLOCK:
            return _FileLock(where)
        raise
    except BaseException:
        os.close(fd)
        raise
    return FlockLock(fd)
