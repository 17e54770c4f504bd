"""The whole test run keeps its startup memos in a folder of its own, never the user's cache:
every command a test runs, in the test's process or a child, reads and writes the memos there.
And no command starts a warm process (`HEARTHROLL_WARM=0`): one would outlive the run. The
warm process's own tests start theirs and stop it."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

_CACHE = "XDG_CACHE_HOME"
_WARM = "HEARTHROLL_WARM"
_saved = pytest.StashKey[dict[str, str | None]]()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_saved] = {name: os.environ.get(name) for name in (_CACHE, _WARM)}
    os.environ[_CACHE] = tempfile.mkdtemp(prefix="hearthroll-tests-cache-")
    os.environ[_WARM] = "0"


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = os.environ.get(_CACHE)
    for name, saved in config.stash.get(_saved, {}).items():
        if saved is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = saved
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
