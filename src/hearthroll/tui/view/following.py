"""Following the campaign the GM plays in another process: a cheap look every poll, a read
only when the files changed, and the last good view kept through whatever cannot be read."""

from __future__ import annotations

import time
from pathlib import Path

from hearthroll.core.campaign.events import Event
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.errors import HearthrollError
from hearthroll.core.rules.model import Catalog, Ruleset
from hearthroll.store.follow import Look, Watch, look

POLL = 0.25
"""Seconds between looks at the campaign's files (a `stat` or three each)."""
WINDOW = 200
"""How many of the newest events the view keeps (undo reaches about as far)."""
PATIENCE = 5.0
"""Seconds a campaign may stay unreadable (a state file half-written by hand, say) before the
status line says so; until then the last good view simply stays."""


HAND_EDIT = "the state file has a hand edit not yet in the journal (shown as it is)"
"""The line the view says, without the edit's fields (they may be the GM's to know)."""
DAMAGED = "the journal is damaged (found earlier): `hearthroll check` says where"
"""The line the view says while the journal has a damage note (the damage is the GM's)."""


def _trouble(look: Look) -> str | None:
    """What the view says of the files it reads well: damage, or an unrecorded hand edit."""
    return DAMAGED if look.damaged else HAND_EDIT if look.unrecorded else None


class Following:
    """The newest good view of a campaign and what, if anything, keeps it from being newer."""

    def __init__(self, path: Path, catalog: Catalog, first: Look) -> None:
        self.path = path
        self.catalog = catalog
        self.watch = Watch(path)
        self.state: Campaign = first.state
        self.ruleset: Ruleset = first.ruleset
        self.events: list[Event] = list(first.events)
        self.last_seq = first.last_seq
        self.trouble: str | None = _trouble(first)
        """What the status line says while the view cannot follow, or that the state file has
        an unrecorded hand edit (None: it follows)."""
        self._failing_since: float | None = None
        self.reads = 0
        """How many reads have been taken since opening (each one after a change was seen)."""

    @classmethod
    def open(cls, path: Path, catalog: Catalog) -> Following:
        """Start following the campaign at `path` (read now: a missing or damaged campaign is
        refused here, with the message `state` gives)."""
        watch = Watch(path)
        watch.changed()  # before the read: a save during it is seen at the first poll
        following = cls(path, catalog, look(path, catalog, recent=WINDOW))
        following.watch = watch
        return following

    def due(self) -> bool:
        """Whether the files changed since the last look (or a failed read waits to be retried)."""
        changed = self.watch.changed()
        return changed or (self._failing_since is not None and self.watch.present)

    def read(self) -> Look | str:
        """Read what changed (on a worker thread): the look, or why it could not be read."""
        try:
            found = look(self.path, self.catalog, after=max(0, self.last_seq - 1), recent=WINDOW)
            if self._same_campaign(found) and self._went_back(found):
                found = look(self.path, self.catalog, recent=WINDOW)  # its newest, afresh
            return found
        except HearthrollError as error:
            return str(error)
        except Exception as error:  # a file caught half-way in any other shape: wait it out
            return f"{type(error).__name__}: {error}"

    def take(self, found: Look | str) -> bool:
        """Take a read's result (on the screen's thread); True when the view changed."""
        self.reads += 1
        if isinstance(found, str):
            return self._failed(found)
        if not self._same_campaign(found):
            return self._say(
                f"{self.path.name} now holds another campaign: the last view of "
                f"{self.state.name or self.path.stem} stays until it is back"
            )
        self._failing_since = None
        self.trouble = _trouble(found)
        if self._went_back(found):  # a copy restored from before: its own log, whole
            self.events = list(found.events)
        else:
            first = found.events[0].seq if found.events else found.last_seq + 1
            kept = [e for e in self.events if e.seq < first]
            self.events = (kept + list(found.events))[-WINDOW:]
        self.state, self.ruleset, self.last_seq = found.state, found.ruleset, found.last_seq
        return True

    def _same_campaign(self, found: Look) -> bool:
        """The files still hold the campaign being followed: the same ruleset and name (a
        copy of it restored from earlier is still it)."""
        return found.ruleset.id == self.ruleset.id and found.state.name == self.state.name

    def _went_back(self, found: Look) -> bool:
        """The campaign's log is no longer the one seen: shorter, or the newest events seen
        are other events (a copy restored from before, played on since)."""
        if found.last_seq < self.last_seq:
            return True
        mine = {e.seq: e for e in self.events[-3:]}
        return any(
            event.seq in mine
            and (event.kind, event.at) != (mine[event.seq].kind, mine[event.seq].at)
            for event in found.events
        )

    def _failed(self, why: str) -> bool:
        if not self.path.exists():
            self._failing_since = None
            return self._say(f"{self.path.name} was removed: the last view stays until it is back")
        now = time.monotonic()
        if self._failing_since is None:
            self._failing_since = now
        if now - self._failing_since < PATIENCE:
            return False  # a save half-way (or a hand edit): wait it out, silently
        first_line = why.splitlines()[0] if why else "unreadable"
        return self._say(f"{self.path.name} cannot be read now ({first_line}): the last view stays")

    def _say(self, words: str) -> bool:
        changed = words != self.trouble
        self.trouble = words
        return changed
