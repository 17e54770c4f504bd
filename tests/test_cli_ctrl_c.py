"""Ctrl-C at any moment of a command, from the launcher's first line to the last: exit 130 and
one line, never a traceback through hearthroll's code and never a hang.

Each example starts a command and sends SIGINT after a delay Hypothesis picks. A SIGINT that
lands while Python itself is still starting (before any of hearthroll's code runs) ends it in
Python's own way: that traceback goes through no file of hearthroll's, and is allowed.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_run import run_cli

OURS = re.compile(r'File "[^"]*[\\/]hearthroll[\\/][^"]*"')
"""A traceback's line for a file of hearthroll's package (not the `hearthroll` script)."""
SCRIPT = Path(sys.executable).with_name("hearthroll")
WAIT = 60.0


@pytest.fixture(scope="module")
def data() -> Iterator[Path]:
    """A data folder with a short path (a warm process's socket may live in it), and a demo
    campaign in it."""
    folder = Path(tempfile.mkdtemp(prefix="hc-", dir="/tmp"))
    done = run_cli("new", str(folder / "camp.toml"), "--demo", env=_env(folder, "0"))
    assert done.returncode == 0, done.stderr
    yield folder
    run_cli("warm", "stop", env=_env(folder, "1"))
    shutil.rmtree(folder, ignore_errors=True)


def _env(data: Path, warm: str) -> dict[str, str]:
    return {**os.environ, "HEARTHROLL_DATA_DIR": str(data), "HEARTHROLL_WARM": warm}


def interrupted(command: list[str], env: dict[str, str], delay: float) -> tuple[int, str]:
    """`command` sent Ctrl-C after `delay` seconds: its exit status and standard error."""
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    try:
        _, err = process.communicate(timeout=WAIT)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise AssertionError(f"{command} hung after Ctrl-C at {delay:.3f} s") from None
    return process.returncode, err


def assert_ended_well(status: int, err: str) -> None:
    """Done, or interrupted with one line (exit 130, or ended by the signal itself, which the
    shell shows as 130 too); or ended by Python before any of hearthroll's code ran."""
    assert not OURS.search(err), (status, err)
    line = "hearthroll: interrupted\n"
    if status == 130 or err == line:
        assert (status, err) in ((130, line), (-signal.SIGINT, line))
    elif status != 0:
        assert "hearthroll:" not in err, (status, err)  # Python's start-up, before hearthroll


@pytest.mark.parametrize("warm", ["0", "1"], ids=["alone", "warm"])
@settings(max_examples=8, deadline=None)
@given(delay=st.integers(0, 100))
def test_ctrl_c_at_any_moment_of_a_reader(data: Path, warm: str, delay: int) -> None:
    command = [sys.executable, "-m", "hearthroll", "state", str(data / "camp.toml")]
    assert_ended_well(*interrupted(command, _env(data, warm), delay / 1000))


@pytest.mark.skipif(not SCRIPT.exists(), reason="the hearthroll script is not installed")
@settings(max_examples=8, deadline=None)
@given(delay=st.integers(0, 100))
def test_ctrl_c_at_any_moment_of_the_version(data: Path, delay: int) -> None:
    assert_ended_well(*interrupted([str(SCRIPT), "--version"], _env(data, "0"), delay / 1000))
