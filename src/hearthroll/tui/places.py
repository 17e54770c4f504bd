"""Where campaigns live: the data folder, the recent list, and names for new campaign files."""

from __future__ import annotations

import os
import re
from pathlib import Path

from hearthroll.store.folders import ENV_DATA_DIR as ENV_DATA_DIR
from hearthroll.store.folders import cache_dir as cache_dir
from hearthroll.store.folders import data_dir as data_dir

RECENT = "recent.txt"
"""The file in the data folder listing recently opened campaigns, newest first."""
DEMO = "demo.toml"
"""The demo campaign a first run creates in the data folder."""
MAX_RECENT = 20


def recent(folder: Path) -> list[Path]:
    """Campaigns opened lately, newest first (files that vanished are left in)."""
    try:
        text = (folder / RECENT).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    return [Path(line) for line in text.splitlines() if line.strip()]


def remember(folder: Path, path: Path) -> bool:
    """Put `path` first in the recent list; False when the list cannot be written."""
    path = path.resolve()
    paths = [path, *(p for p in recent(folder) if p != path)][:MAX_RECENT]
    target = folder / RECENT
    temp = folder / f".{RECENT}.tmp"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        temp.write_text("".join(f"{p}\n" for p in paths), encoding="utf-8")
        os.replace(temp, target)
    except OSError:
        return False
    return True


THEME = "theme.txt"
"""The Textual theme last chosen (Ctrl+K), kept between runs."""


def chosen_theme(folder: Path) -> str | None:
    """The theme chosen last time, if one was."""
    try:
        return (folder / THEME).read_text(encoding="utf-8").strip() or None
    except (OSError, UnicodeDecodeError):
        return None


def keep_theme(folder: Path, theme: str) -> bool:
    """Remember `theme` for the next run; False when it cannot be written."""
    temp = folder / f".{THEME}.tmp"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        temp.write_text(f"{theme}\n", encoding="utf-8")
        os.replace(temp, folder / THEME)
    except OSError:
        return False
    return True


def last_used(folder: Path) -> Path | None:
    """The newest campaign in the recent list that is still there."""
    return next((p for p in recent(folder) if p.is_file()), None)


def campaigns(folder: Path) -> list[Path]:
    """Campaign files to offer: the recent ones that still exist, then the data folder's."""
    from hearthroll.store.campaigns import is_campaign_file

    found: list[Path] = []
    for path in recent(folder):
        if path.is_file() and path not in found:
            found.append(path)
    try:
        local = sorted(folder.glob("*.toml"))
    except OSError:
        local = []
    for path in local:
        path = path.resolve()
        if path not in found and is_campaign_file(path):
            found.append(path)
    return found


def file_for(folder: Path, name: str) -> Path:
    """The file a new campaign called `name` gets in `folder`: "Red Hollow" → red-hollow.toml."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "campaign"
    return folder / f"{slug}.toml"
