"""A progress bar for the command line's long reads: drawn on a terminal, after a second."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

DELAY = 1.0
"""Seconds of work before the bar is drawn: a quick check shows nothing."""
WIDTH = 30


class ProgressBar:
    """Reports `done` of `total` on one line of stderr, redrawn in place, and wiped at the end.

    Nothing is drawn when the stream is not a terminal (a pipe, a file, a test), nor before
    the work has taken `delay` seconds.
    """

    def __init__(
        self,
        label: str,
        stream: TextIO | None = None,
        clock: Callable[[], float] = time.monotonic,
        delay: float = DELAY,
    ) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.clock = clock
        self.delay = delay
        self.started = clock()
        self._shown = 0
        self._live = self.stream.isatty()

    def __call__(self, done: int, total: int) -> None:
        """Show that `done` of `total` items are through."""
        if not self._live or self.clock() - self.started < self.delay:
            return
        share = done / total if total else 1.0
        filled = round(WIDTH * share)
        line = (
            f"{self.label} [{'#' * filled}{'-' * (WIDTH - filled)}] {share:4.0%} "
            f"({done:,} of {total:,} events)"
        )
        self.stream.write("\r" + line.ljust(self._shown))
        self.stream.flush()
        self._shown = len(line)

    def close(self) -> None:
        """Wipe the bar, if it was drawn, so the report starts on a clean line."""
        if self._shown:
            self.stream.write("\r" + " " * self._shown + "\r")
            self.stream.flush()
            self._shown = 0
