"""What a folder of Python sources looks like to Python's own bytecode cache: each file's
path, size and modification time.

It imports `os` alone: the command line reads it before anything else is loaded.
"""

from __future__ import annotations

import os


def stamps(folder: str, prefix: str = "") -> list[tuple[str, int, int]]:
    """Every `.py` file under `folder`: its path (from `prefix`), size and modification time,
    in no particular order (`__pycache__` folders skipped)."""
    found: list[tuple[str, int, int]] = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.name != "__pycache__":
                    found += stamps(entry.path, f"{prefix}{entry.name}/")
            elif entry.name.endswith(".py"):
                status = entry.stat()
                found.append((prefix + entry.name, status.st_size, status.st_mtime_ns))
    return found
