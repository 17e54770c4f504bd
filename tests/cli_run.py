"""The command line run as a person runs it: a new process, its output and exit code kept."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path


def run_cli(
    *args: str, cwd: Path | None = None, env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """`hearthroll ARGS…` in a new process (in `cwd`, with `env` added to the environment)."""
    return subprocess.run(
        [sys.executable, "-m", "hearthroll", *args],
        cwd=cwd,
        env={**os.environ, **env} if env else None,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def end_process(process: subprocess.Popen[bytes]) -> None:
    """Stop a process a test started, politely first: terminated, then killed after 30 s."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
