"""The command line run as a person runs it: a new process, its output and exit code kept."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`hearthroll ARGS…` in a new process (in `cwd`, if given)."""
    return subprocess.run(
        [sys.executable, "-m", "hearthroll", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
