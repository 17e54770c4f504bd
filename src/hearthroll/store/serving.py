"""The note a running `hearthroll serve` keeps while it serves a campaign's view, outside the
campaign's folder, so that the GM's app can say where (and whether) the view is served.

One small JSON file per campaign, named by a hash of the campaign's absolute path, in the user
runtime folder. It is written when the server is listening and removed when it stops; a note
left by a server that died (its process is gone) is ignored. Reading never raises.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Sequence
from pathlib import Path

from attrs import frozen

from hearthroll.core.records import Record
from hearthroll.store.digests import sha256
from hearthroll.store.folders import runtime_dirs


@frozen
class Served(Record):
    """A campaign's view served to browsers, by one `hearthroll serve` process."""

    campaign: Path
    """The campaign's absolute path."""
    pid: int
    """The serving process."""
    host: str
    """The host it listens on, as given (`127.0.0.1`, `0.0.0.0`)."""
    port: int
    addresses: tuple[str, ...]
    """What a player types in a browser: `http://192.168.1.20:8000`, one per address."""
    odds: bool = False
    """Whether the view shows the odds."""

    @property
    def local_only(self) -> bool:
        """Only this machine can reach it."""
        return is_local(self.host)


def is_local(host: str) -> bool:
    """Only this machine can reach a server listening on `host` (a loopback address)."""
    return host in ("localhost", "::1") or host.startswith("127.")


def note_name(campaign: Path) -> str:
    """The note's file name for `campaign`: one per absolute path."""
    key = sha256(str(campaign.resolve()).encode("utf-8")).hexdigest()[:16]
    return f"serve-{key}.json"


def keep(served: Served, folders: Sequence[Path] | None = None) -> Path | None:
    """Write the note (atomically) in the first folder that takes it; None when none does."""
    data = {
        "campaign": str(served.campaign),
        "pid": served.pid,
        "host": served.host,
        "port": served.port,
        "addresses": list(served.addresses),
        "odds": served.odds,
    }
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    for folder in runtime_dirs() if folders is None else folders:
        target = folder / note_name(served.campaign)
        temp = folder / f".{target.name}.{served.pid}.tmp"
        try:
            folder.mkdir(parents=True, exist_ok=True, mode=0o700)
            temp.write_text(text, encoding="utf-8")
            os.replace(temp, target)
        except OSError:
            with contextlib.suppress(OSError):
                temp.unlink()
            continue
        return target
    return None


def drop(note: Path, pid: int) -> None:
    """Remove the note at `note` if it is still the one process `pid` wrote."""
    served = _read(note)
    if served is not None and served.pid == pid:
        with contextlib.suppress(OSError):
            note.unlink()


def find(campaign: Path, folders: Sequence[Path] | None = None) -> Served | None:
    """The server serving `campaign` now, or None (no note, a damaged one, its process gone)."""
    try:
        absolute = campaign.resolve()
        places = runtime_dirs() if folders is None else folders
    except (OSError, RuntimeError, ValueError):
        return None
    for folder in places:
        served = _read(folder / note_name(absolute))
        if served is not None and served.campaign == absolute and alive(served.pid):
            return served
    return None


def alive(pid: int) -> bool:
    """Whether a process `pid` runs (on Windows, where this cannot be asked safely: assumed)."""
    if pid <= 0:
        return False
    if os.name == "nt":  # pragma: no cover - os.kill(pid, 0) would end the process there
        return True
    try:
        os.kill(pid, 0)
    except PermissionError:  # someone else's process: it is there
        return True
    except OSError:
        return False
    return True


def _read(note: Path) -> Served | None:
    try:
        data = json.loads(note.read_text(encoding="utf-8"))
        addresses = data["addresses"]
        served = Served(
            campaign=Path(data["campaign"]),
            pid=data["pid"],
            host=data["host"],
            port=data["port"],
            addresses=tuple(addresses),
            odds=data.get("odds", False),
        )
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError):
        return None
    fields_ok = (
        isinstance(served.pid, int)
        and isinstance(served.port, int)
        and isinstance(served.host, str)
        and isinstance(served.odds, bool)
        and isinstance(addresses, list)
        and all(isinstance(a, str) for a in served.addresses)
    )
    return served if fields_ok else None
