"""The whole test run keeps its startup memos in a folder of its own, never the user's cache:
every command a test runs, in the test's process or a child, reads and writes the memos there."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

_CACHE = "XDG_CACHE_HOME"
_saved = pytest.StashKey[str | None]()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_saved] = os.environ.get(_CACHE)
    os.environ[_CACHE] = tempfile.mkdtemp(prefix="hearthroll-tests-cache-")


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = os.environ.get(_CACHE)
    saved = config.stash.get(_saved, None)
    if saved is None:
        os.environ.pop(_CACHE, None)
    else:
        os.environ[_CACHE] = saved
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
