"""Where ruleset files come from: the catalog shipped in the package and the user's folder.

Kept apart from `rulesets` (which parses and checks) so that finding the files, as the
catalog cache does on every start, imports nothing heavy.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

SHIPPED = "moves.toml"
USER_FOES = "foes.toml"
"""The user's own bestiary, in the moves folder: read beside the shipped foes, not as moves."""
_FOES_TABLE = re.compile(rb"^[ \t]*\[\[[ \t]*foes[ \t]*\]\]", re.MULTILINE)


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
    """The user's own ruleset files and Datasworn packages, in name order (their `foes.toml`
    is the bestiary's)."""
    folder = folder or user_moves_dir()
    if not folder.is_dir():
        return []
    found = [*folder.glob("*.toml"), *folder.glob("*.json")]
    return sorted(p for p in found if p.name != USER_FOES)


def is_bestiary(path: Path) -> bool:
    """Whether a file named with `--moves` is a bestiary: a `.toml` file with a top-level
    `[[foes]]` table. One that cannot be read is not (loading it says why)."""
    if path.suffix.lower() != ".toml":
        return False
    try:
        return _FOES_TABLE.search(path.read_bytes()) is not None
    except OSError:
        return False


def ruleset_files(paths: Iterable[Path]) -> list[Path]:
    """The files among `paths` that hold moves, tables or rulesets (not the bestiaries)."""
    return [p for p in paths if not is_bestiary(p)]
