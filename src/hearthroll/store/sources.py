"""Where ruleset files come from: the catalog shipped in the package and the user's folder.

Kept apart from `rulesets` (which parses and checks) so that finding the files, as the
catalog cache does on every start, imports nothing heavy.
"""

from __future__ import annotations

from pathlib import Path

SHIPPED = "moves.toml"


def shipped_path() -> Path:
    """The shipped catalog's file, inside the installed package."""
    import hearthroll

    return Path(hearthroll.__file__).parent / "data" / SHIPPED


def user_moves_dir() -> Path:
    """The folder whose *.toml files (and Datasworn *.json packages) are loaded beside the
    shipped catalog."""
    from hearthroll.store.folders import user_path

    return user_path("config") / "moves"


def user_files(folder: Path | None = None) -> list[Path]:
    """The user's own ruleset files and Datasworn packages, in name order."""
    folder = folder or user_moves_dir()
    if not folder.is_dir():
        return []
    return sorted([*folder.glob("*.toml"), *folder.glob("*.json")])
