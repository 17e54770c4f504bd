"""The character the table looked at last in each campaign, kept between runs in the data
folder."""

from __future__ import annotations

import json
import os
from collections.abc import Collection
from pathlib import Path

LOOKED_AT = "looked-at.json"
"""The file in the data folder: each campaign's path, and the character looked at last."""
KEPT = 50
"""The campaigns it keeps, newest first."""


def _read(folder: Path) -> dict[str, str]:
    try:
        found = json.loads((folder / LOOKED_AT).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return {}
    if not isinstance(found, dict):
        return {}
    return {k: v for k, v in found.items() if isinstance(k, str) and isinstance(v, str)}


def looked_at(folder: Path, campaign: Path) -> str | None:
    """The character looked at last in `campaign`, if one was kept."""
    return _read(folder).get(str(campaign.resolve()))


def keep_looked_at(folder: Path, campaign: Path, name: str) -> bool:
    """Keep `name` as the character looked at in `campaign`; False when it cannot be written."""
    key = str(campaign.resolve())
    kept = {key: name, **{k: v for k, v in _read(folder).items() if k != key}}
    temp = folder / f".{LOOKED_AT}.tmp"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        temp.write_text(json.dumps(dict(list(kept.items())[:KEPT])), encoding="utf-8")
        os.replace(temp, folder / LOOKED_AT)
    except OSError:
        return False
    return True


def opening(
    folder: object, campaign: Path, characters: Collection[str], last: str | None
) -> str | None:
    """The character to look at as `campaign` opens: the one looked at when it was last left,
    else the last to move (`last`), else the first; `folder` is the data folder, if any."""
    kept = looked_at(folder, campaign) if isinstance(folder, Path) else None
    if kept in characters:
        return kept
    return last or next(iter(characters), None)


def leave(folder: object, campaign: Path, name: str | None) -> None:
    """Keep `name` as looked at in `campaign`, for the next time it opens (into the data folder
    `folder`, if there is one and someone is looked at)."""
    if isinstance(folder, Path) and name is not None:
        keep_looked_at(folder, campaign, name)
