"""Where hearthroll keeps its files: the data folder (campaigns) and the cache folder (memos).

Both the app and the command line find them here, so they share one cache.
"""

from __future__ import annotations

import os
from pathlib import Path

ENV_DATA_DIR = "HEARTHROLL_DATA_DIR"
"""An environment variable that moves the data folder (tests, portable installs)."""


def data_dir(override: Path | None = None) -> Path:
    """The folder for campaigns and the recent list: `override`, the env variable, or the
    platform's user data folder."""
    if override is not None:
        return override
    env = os.environ.get(ENV_DATA_DIR)
    if env:
        return Path(env)
    from platformdirs import user_data_path

    return user_data_path("hearthroll")


def cache_dir(override: Path | None = None) -> Path:
    """Where startup caches go: beside the data when the data folder is moved (tests, portable
    installs), else the platform's user cache folder."""
    if override is not None:
        return override / ".cache"
    env = os.environ.get(ENV_DATA_DIR)
    if env:
        return Path(env) / ".cache"
    from platformdirs import user_cache_path

    return user_cache_path("hearthroll")


def runtime_dirs() -> list[Path]:
    """Where a running `hearthroll serve` says so, in the order tried: beside the data when the
    data folder is moved (tests, portable installs), else the platform's user runtime folder
    (emptied at logout) and, where that cannot be made, a folder in the user data folder."""
    env = os.environ.get(ENV_DATA_DIR)
    if env:
        return [Path(env) / "serving"]
    import warnings

    from platformdirs import user_runtime_path

    with warnings.catch_warnings():  # no XDG_RUNTIME_DIR: platformdirs warns, then falls back
        warnings.simplefilter("ignore")
        runtime = user_runtime_path("hearthroll")
    return [runtime, data_dir() / "serving"]
