"""A writer subprocess for the crash tests: its output read as it comes, killed at a random
moment (mostly while it saves, sometimes while it starts up)."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path


class WriterProcess:
    """Runs `script args…`; it prints `ack N` after each save it has made durable."""

    def __init__(self, script: Path, args: Sequence[str], env: Mapping[str, str]) -> None:
        self.lines: list[str] = []
        self.saving = threading.Event()
        self.process = subprocess.Popen(
            [sys.executable, str(script), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=dict(env),
        )
        self.reader = threading.Thread(target=self._read)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if line.endswith("\n"):
                self.lines.append(line.strip())
                if line.startswith("ack "):
                    self.saving.set()

    def kill_after(
        self, rng: random.Random, *, early: float, early_for: float, late_for: float
    ) -> str:
        """SIGKILL it: with chance `early` within `early_for` s of starting, else within
        `late_for` s of its first save. Returns what it wrote to stderr."""
        if rng.random() < early:
            time.sleep(rng.uniform(0.0, early_for))
        else:
            deadline = time.monotonic() + 60
            while not self.saving.wait(0.01) and self.process.poll() is None:
                if time.monotonic() > deadline:
                    break
            time.sleep(rng.uniform(0.0, late_for))
        self.process.kill()
        self.process.wait(timeout=30)
        self.reader.join(timeout=30)
        assert self.process.stderr is not None
        errors = self.process.stderr.read()
        self.process.stderr.close()
        return errors

    def first(self, word: str) -> int | None:
        """The number on its first `word N` line."""
        found = [int(line.split()[1]) for line in self.lines if line.startswith(f"{word} ")]
        return found[0] if found else None

    @property
    def acked(self) -> int:
        """The last event it acknowledged as saved (0 for none)."""
        acks = [int(line.split()[1]) for line in self.lines if line.startswith("ack ")]
        return acks[-1] if acks else 0
