"""Following a campaign another process plays: a cheap look at whether its files changed, and
a read of what changed, never writing a byte or taking the lock.

What it hands back are plain values (the state, the ruleset, events): nothing that can save.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NamedTuple

from hearthroll.core.campaign.events import Event
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.rules.model import Catalog, Ruleset
from hearthroll.store.campaign_files import journal_folder
from hearthroll.store.journal import SEGMENT_NAME

FileStamp = tuple[int, int, int]
"""A file's inode, size and modification time (ns): any save changes one of them."""


def _stat(path: Path) -> FileStamp | None:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return (found.st_ino, found.st_size, found.st_mtime_ns)


class Watch:
    """Whether a campaign's files changed since the last look: a `stat` of the state file, of
    the journal folder and of its newest segment (the folder is listed again only when it
    changed, so a look costs the same however long the journal grows)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.folder = journal_folder(path)
        self._folder: FileStamp | None = None
        self._newest: Path | None = None
        self._seen: tuple[object, ...] | None = None

    @property
    def present(self) -> bool:
        """True when the state file is there (as of the last look)."""
        return self._seen is not None and self._seen[0] is not None

    def changed(self) -> bool:
        """True when anything changed since the last call (the first call: True)."""
        folder = _stat(self.folder)
        if folder != self._folder:
            self._folder = folder
            self._newest = self._newest_segment()
        now = (_stat(self.path), folder, _stat(self._newest) if self._newest else None)
        if now == self._seen:
            return False
        self._seen = now
        return True

    def _newest_segment(self) -> Path | None:
        try:
            names = os.listdir(self.folder)
        except OSError:
            return None
        firsts = [int(m.group(1)) for m in map(SEGMENT_NAME.match, names) if m]
        return self.folder / f"{max(firsts):08d}.toml" if firsts else None


class Look(NamedTuple):
    """What one read of a campaign found."""

    state: Campaign
    ruleset: Ruleset
    events: tuple[Event, ...]
    """Events after the one asked for (or the newest `recent` ones), oldest first."""
    last_seq: int
    """The newest saved event (0 before the first)."""
    unrecorded: bool = False
    """The state file has a hand edit the journal has not recorded yet (shown as it is)."""
    damaged: bool = False
    """The journal has damage found earlier and not repaired (its damage note)."""


def look(path: Path, catalog: Catalog, *, after: int = 0, recent: int = 200) -> Look:
    """Read the campaign at `path` without writing or locking: its state (with any events the
    state file has not caught up on, replayed in memory) and the events after event `after`
    (the newest `recent` when `after` is 0, behind them by more than `recent`, or past the
    journal's end). A torn last event is ignored, as every reader ignores it.

    Raises:
        HearthrollError: the campaign is missing, unreadable or damaged (as `state` says).
    """
    from hearthroll.store.campaigns import CampaignStore

    store = CampaignStore.read(path, catalog)
    try:
        last = store.files.journal.last_seq
        if after <= 0 or after > last or last - after > recent:
            events = store.last_events(recent)
        else:
            events = list(store.events_after(after))
        return Look(
            store.state,
            store.ruleset,
            tuple(events),
            last,
            store.unrecorded is not None,
            store.files.damage is not None,
        )
    finally:
        store.close()
