"""How the whole test run is set up, so that it runs alike however it is started.

Startup memos go to a folder of the run's own, never the user's cache: every command a test
runs, in the test's process or a child, reads and writes the memos there. No command starts a
warm process (`HEARTHROLL_WARM=0`): one would outlive the run. The warm process's own tests
start theirs and stop it.

Where the environment forbids bytecode files (`PYTHONDONTWRITEBYTECODE`), the processes the run
starts (`python -m hearthroll`, writers, servers, the xdist workers) keep theirs in a folder of
the run's own instead (`PYTHONPYCACHEPREFIX`), so that each module is compiled once a run and
not once a process; nothing is written beside the sources either way.

`-n auto` starts two workers a core: a test of the app spends about half its time waiting for
the app to be idle (the Pilot's 20 ms looks at its CPU time), and a worker whose test waits on
a command leaves its core to the command's process. `PYTEST_XDIST_AUTO_NUM_WORKERS` still
decides when it is set.

The tests that take longest run first, so that none is left to start at the end of a parallel
run while the other workers stand idle.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

_CACHE = "XDG_CACHE_HOME"
_WARM = "HEARTHROLL_WARM"
_NO_BYTECODE = "PYTHONDONTWRITEBYTECODE"
_BYTECODE_FOLDER = "PYTHONPYCACHEPREFIX"
_saved = pytest.StashKey[dict[str, str | None]]()
_made = pytest.StashKey[list[str]]()

WORKERS_A_CORE = 2
"""How many xdist workers `-n auto` starts for each core this process may run on."""

LONGEST_FIRST = (
    "test_tui_never_crashes.py::test_two_thousand_random_keys_and_fifty_resizes_never_crash",
    "test_campaign_crash.py::test_a_killed_campaign_opens_passes_check_and_keeps_every_acknowledged_event",
    "test_campaign_crash.py::test_a_plain_in_place_writer_is_caught_by_the_same_checks",
    "test_crash_safety.py::test_killed_writer_never_loses_an_acknowledged_event",
    "test_moves_both_ways.py",
    "test_tui_tmux_hack.py",
    "test_serve_browser.py",
)
"""Tests (one test, or a file of them) that take five seconds or more each, longest first."""


def pytest_configure(config: pytest.Config) -> None:
    names = (_CACHE, _WARM, _NO_BYTECODE, _BYTECODE_FOLDER)
    config.stash[_saved] = {name: os.environ.get(name) for name in names}
    made = [tempfile.mkdtemp(prefix="hearthroll-tests-cache-")]
    os.environ[_CACHE] = made[0]
    os.environ[_WARM] = "0"
    if os.environ.get(_NO_BYTECODE) and not os.environ.get(_BYTECODE_FOLDER):
        made.append(tempfile.mkdtemp(prefix="hearthroll-tests-bytecode-"))
        os.environ[_BYTECODE_FOLDER] = made[-1]
        del os.environ[_NO_BYTECODE]
    config.stash[_made] = made


def pytest_unconfigure(config: pytest.Config) -> None:
    for name, saved in config.stash.get(_saved, {}).items():
        if saved is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = saved
    for folder in config.stash.get(_made, []):
        shutil.rmtree(folder, ignore_errors=True)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    def cost(item: pytest.Item) -> int:
        file, _, test = item.nodeid.partition("::")
        where = f"{os.path.basename(file)}::{test}"
        for rank, prefix in enumerate(LONGEST_FIRST):
            if where.startswith((f"{prefix}::", f"{prefix}[")) or where == prefix:
                return rank
        return len(LONGEST_FIRST)

    items.sort(key=cost)  # a stable sort: the rest keep their order


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int | None:
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return WORKERS_A_CORE * cores


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data folder of the test's own (`HEARTHROLL_DATA_DIR`): no user folder is touched."""
    folder = tmp_path / "data"
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def data_dir(data: Path) -> Path:
    """The same folder, by the name the app's tests give it."""
    return data
