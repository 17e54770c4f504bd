"""`hearthroll serve` run as a person runs it, in its own process, for the serve tests."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from hearthroll.store import serving

WAIT = 90.0
"""Seconds to wait for anything the server or a view does (the machine may be busy)."""


def free_port() -> int:
    """A local port no one listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def folder_files(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under `folder`: its bytes and its mtime in nanoseconds."""
    return {
        str(path.relative_to(folder)): (path.read_bytes(), path.stat().st_mtime_ns)
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


class Served:
    """A running `hearthroll serve` and what it printed."""

    def __init__(self, process: subprocess.Popen[str], campaign: Path, data: Path) -> None:
        self.process = process
        self.campaign = campaign
        self.data = data

    @property
    def note(self) -> serving.Served | None:
        """The serving note the GM's app reads, as it reads it."""
        return serving.find(self.campaign, [self.data / "serving"])

    def wait_listening(self) -> serving.Served:
        """The note, once the server has written it (it listens by then)."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            note = self.note
            if note is not None:
                return note
            if self.process.poll() is not None:
                out, err = self.process.communicate()
                raise AssertionError(f"serve exited {self.process.returncode}: {out}{err}")
            time.sleep(0.1)
        raise AssertionError("serve never said it was listening")

    def interrupt(self) -> tuple[int, str, str]:
        """Ctrl+C, as a person presses it: the exit status, stdout and stderr."""
        self.process.send_signal(signal.SIGINT)
        out, err = self.process.communicate(timeout=WAIT)
        return self.process.returncode, out, err


@contextlib.contextmanager
def serve(campaign: Path, data: Path, *args: str) -> Iterator[Served]:
    """`hearthroll serve CAMPAIGN ARGS` with its notes and caches in `data`, stopped after."""
    process = subprocess.Popen(
        [sys.executable, "-m", "hearthroll", "serve", str(campaign), *args],
        env={**os.environ, "HEARTHROLL_DATA_DIR": str(data)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    served = Served(process, campaign, data)
    try:
        yield served
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.communicate(timeout=WAIT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.communicate()
