"""Where hearthroll keeps its files: the data folder (campaigns) and the cache folder (memos).

Both the app and the command line find them here, so they share one cache.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # the launcher reads `cache_root` first: typing and pathlib cost it 18 ms
if TYPE_CHECKING:
    from pathlib import Path

ENV_DATA_DIR = "HEARTHROLL_DATA_DIR"
"""An environment variable that moves the data folder (tests, portable installs)."""

APP = "hearthroll"

_XDG = {
    "config": ("XDG_CONFIG_HOME", ".config"),
    "cache": ("XDG_CACHE_HOME", ".cache"),
    "data": ("XDG_DATA_HOME", ".local/share"),
}


def user_path(kind: str) -> Path:
    """hearthroll's user `kind` folder ("config", "cache" or "data"), as `platformdirs` finds it.

    On Linux with an absolute HOME this is the XDG rule, worked out here: importing
    `platformdirs` costs every command about 7 ms. Elsewhere, and for a HOME that is not an
    absolute path, `platformdirs` decides.
    """
    from pathlib import Path

    found = _xdg(kind)
    if found is not None:
        return Path(found)
    import platformdirs

    finder = {
        "config": platformdirs.user_config_path,
        "cache": platformdirs.user_cache_path,
        "data": platformdirs.user_data_path,
    }[kind]
    return finder(APP)


def _xdg(kind: str) -> str | None:
    """The XDG folder of `kind` for hearthroll on Linux with an absolute HOME; else None."""
    variable, default = _XDG[kind]
    home = os.environ.get("HOME", "")
    if not (sys.platform.startswith("linux") and os.path.isabs(home)):
        return None
    base = os.environ.get(variable, "")
    return os.path.join(base if os.path.isabs(base) else os.path.join(home, default), APP)


def cache_root() -> str | None:
    """The cache folder `cache_dir` names, worked out from the environment alone; None where
    only `platformdirs` knows it (not Linux, or no absolute HOME)."""
    env = os.environ.get(ENV_DATA_DIR)
    if env:
        return os.path.join(env, ".cache")
    return _xdg("cache")


def data_dir(override: Path | None = None) -> Path:
    """The folder for campaigns and the recent list: `override`, the env variable, or the
    platform's user data folder."""
    if override is not None:
        return override
    env = os.environ.get(ENV_DATA_DIR)
    if env:
        from pathlib import Path

        return Path(env)
    return user_path("data")


def cache_dir(override: Path | None = None) -> Path:
    """Where startup caches go: beside the data when the data folder is moved (tests, portable
    installs), else the platform's user cache folder."""
    if override is not None:
        return override / ".cache"
    from pathlib import Path

    root = cache_root()
    return Path(root) if root is not None else user_path("cache")


def runtime_dirs() -> list[Path]:
    """Where a running `hearthroll serve` says so, in the order tried: beside the data when the
    data folder is moved (tests, portable installs), else the platform's user runtime folder
    (emptied at logout) and, where that cannot be made, a folder in the user data folder."""
    env = os.environ.get(ENV_DATA_DIR)
    if env:
        from pathlib import Path

        return [Path(env) / "serving"]
    import warnings

    from platformdirs import user_runtime_path

    with warnings.catch_warnings():  # no XDG_RUNTIME_DIR: platformdirs warns, then falls back
        warnings.simplefilter("ignore")
        runtime = user_runtime_path(APP)
    return [runtime, data_dir() / "serving"]
