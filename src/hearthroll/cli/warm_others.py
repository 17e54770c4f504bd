"""The other warm processes in the cache folder: each one's lock says whether it still runs,
its pid and its Python. A new warm process retires those of older code, and `hearthroll warm
stop` stops them all (a hung one is killed)."""

from __future__ import annotations

import contextlib
import fcntl
import os
import signal
import sys
import time

GRACE = 3.0
"""Seconds `hearthroll warm stop` gives a warm process to stop before it is killed."""


def retire_others(folder: str, place: str) -> None:
    """Remove the sockets of warm processes that are gone (a lock no one holds marks one), and
    stop those of this same Python with other code: this install's older sources."""
    for lock, pid, python in locks(folder):
        if lock == f"{place}.lock":
            continue
        if pid is None:
            _clear(lock)
        elif pid and python == sys.executable:
            _ask_to_stop(pid)


def _clear(lock: str) -> None:
    """Remove a warm process's lock and socket, left behind by a process that is gone."""
    for path in (lock.removesuffix(".lock"), lock):
        with contextlib.suppress(OSError):
            os.unlink(path)


def _ask_to_stop(pid: int) -> None:
    """SIGTERM to a warm process, and SIGCONT so that one stopped (`kill -STOP`) gets it."""
    for number in (signal.SIGTERM, signal.SIGCONT):
        with contextlib.suppress(OSError):
            os.kill(pid, number)


def stop_all(folder: str, grace: float = GRACE) -> tuple[int, int]:
    """Stop every warm process with a socket in `folder`: asked first, killed if it is still
    there after `grace` seconds (hung); the sockets they leave are removed. How many were
    stopped, and how many of them had to be killed."""
    running = {lock: pid for lock, pid, _python in locks(folder) if pid}
    for pid in running.values():
        _ask_to_stop(pid)
    left = _still_running(folder, running, grace)
    for pid in left.values():
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    _still_running(folder, left, grace)
    for lock, holder, _python in locks(folder):
        if holder is None:
            _clear(lock)
    return len(running), len(left)


def _still_running(folder: str, running: dict[str, int], seconds: float) -> dict[str, int]:
    """Those of `running` (lock: pid) that still hold their lock after up to `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        held = {lock: pid for lock, pid, _python in locks(folder) if pid}
        left = {lock: pid for lock, pid in running.items() if held.get(lock) == pid}
        if not left or time.monotonic() >= deadline:
            return left
        time.sleep(0.05)


def locks(folder: str) -> list[tuple[str, int | None, str]]:
    """Each warm process's lock in `folder`, with the pid of the process that holds it (None:
    the process is gone) and the Python it runs."""
    found: list[tuple[str, int | None, str]] = []
    with contextlib.suppress(OSError), os.scandir(folder) as entries:
        for entry in entries:
            if not entry.name.endswith(".lock"):
                continue
            try:
                held = os.open(entry.path, os.O_RDWR)
            except OSError:
                continue
            try:
                fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:  # held: the warm process runs, and wrote its pid there
                pid, _, python = os.pread(held, 4096, 0).decode(errors="replace").partition("\n")
                found.append((entry.path, int(pid) if pid.isdigit() else 0, python.strip()))
            else:
                found.append((entry.path, None, ""))
            finally:
                os.close(held)
    return found
