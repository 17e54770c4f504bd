"""The campaign as the table plays it: the newest state in memory, the recent log, and the
save queue that puts each event on disk behind the screen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from hearthroll.core.campaign.events import Event, Outcome
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.errors import HearthrollError, RuleError
from hearthroll.core.rules.model import Catalog, Ruleset
from hearthroll.store.campaigns import RECENT_WINDOW
from hearthroll.tui.saver import Saver, SaveStatus

if TYPE_CHECKING:
    from hearthroll.core.rules.search import MoveIndex
    from hearthroll.store.campaigns import CampaignStore, Rulesets
    from hearthroll.store.memo import Memo

QUIT_TIMEOUT = 10.0
"""Seconds closing waits for the save queue to drain before it gives up and says so."""
LOG_WINDOW = 300
"""How many of the newest events the log keeps at hand as play goes on (older ones are read
again when the log is scrolled to its top; undo reaches further through the journal)."""
OPEN_WINDOW = RECENT_WINDOW
"""How many of them are read before the table is first shown."""
PAGE = 100
"""How many older events reaching the top of the log brings in."""


class LiveCampaign:
    """An open campaign: `state` is always the newest; saving follows on its own thread."""

    def __init__(self, store: CampaignStore, events: list[Event]) -> None:
        self.path: Path = store.path
        self.ruleset: Ruleset = store.ruleset
        self.state: Campaign = store.state
        self.events: list[Event] = events
        """The newest events, oldest first: the log as the screen shows it."""
        self.repaired = store.repaired
        self.hand_edit: Event | None = store.hand_edit
        """The `edit` event opening recorded for a hand edit of the state file, if any."""
        self.damage: tuple[str, ...] | None = store.files.damage
        """Damage in the journal where opening does not look, in check's words (None: none
        known): from its damage note, or found by `look_for_damage`."""
        self._store = store
        self._index: MoveIndex | None = None
        self.saver = Saver(store)
        self._closed = False

    @property
    def index(self) -> MoveIndex:
        """The palette's search over this campaign's moves, oracle tables and Ask the Oracle
        (built on first use: `build_index`)."""
        return self._index if self._index is not None else self.build_index()

    def build_index(self) -> MoveIndex:
        """Build the palette's search, unless it is built: about a millisecond, which the app
        spends behind the table once it is on screen."""
        if self._index is None:
            from hearthroll.core.rules.search import MoveIndex, palette_items
            from hearthroll.core.verbs.oracle import ODDS

            self._index = MoveIndex(palette_items(self.ruleset, ODDS))
        return self._index

    def look_for_damage(self) -> tuple[str, ...] | None:
        """Read the journal's older segments and checkpoints for damage (on a worker thread:
        they are never written again) and keep what is found in its damage note; the damage
        known, or None."""
        if self.damage is None:
            self.damage = self._store.older_damage()
        return self.damage

    def listen(self, report: Callable[[SaveStatus], None] | None) -> None:
        """Send save status changes to `report` (called on the save thread)."""
        self.saver.listen(report)

    def commit(self, outcome: Outcome) -> Event:
        """Take the outcome as the new state at once and queue it to be saved."""
        if outcome.event.seq != self.state.history.events + 1:
            raise RuleError(
                f"event {outcome.event.seq} does not follow event {self.state.history.events}"
            )
        self.saver.put(outcome)
        self.state = outcome.state
        self.events.append(outcome.event)
        if len(self.events) > LOG_WINDOW * 2:
            del self.events[:LOG_WINDOW]
        return outcome.event

    def stamped(self, saved: tuple[Event, ...]) -> None:
        """Replace events in the log with their saved copies (which carry the time)."""
        by_seq = {e.seq: e for e in saved}
        if by_seq:
            self.events = [by_seq.get(e.seq, e) for e in self.events]

    def event(self, seq: int) -> Event:
        """One event by number: from the recent log, else read from the journal."""
        for event in reversed(self.events):
            if event.seq == seq:
                return event
        try:
            found: Event = self.saver.call(lambda store: store.event(seq))
            return found
        except HearthrollError:
            raise
        except Exception as error:
            raise RuleError(f"event {seq} cannot be read now: {error}") from None

    @property
    def has_older(self) -> bool:
        """True when the journal holds events before the oldest one at hand."""
        return bool(self.events) and self.events[0].seq > 1

    def older(self, count: int | None = None, timeout: float = 30.0) -> list[Event]:
        """Up to `count` (a PAGE) events before the oldest one at hand, oldest first (read from
        the journal on the save thread; call it from a worker thread)."""
        if not self.has_older:
            return []
        before = self.events[0].seq
        count = count or PAGE

        def read(store: CampaignStore) -> list[Event]:
            from hearthroll.store.codec import event_from_data

            journal = store.files.journal
            start = max(journal.first_seq, before - count)
            blocks = journal.blocks_after(start - 1)
            return [event_from_data(journal.parse(b)) for b in blocks if b.seq < before]

        found: list[Event] = self.saver.call(read, timeout)
        return found

    def prepend(self, older: list[Event]) -> None:
        """Put older events read from the journal before those at hand."""
        if older and self.events and older[-1].seq < self.events[0].seq:
            self.events = older + self.events

    def close(self, timeout: float = 10.0) -> SaveStatus:
        """Save what is queued, stop saving and release the campaign's lock."""
        if self._closed:
            return self.saver.status
        status = self.saver.close(timeout)
        self._closed = True
        self._store.close()
        return status


def open_live(path: Path, catalog: Rulesets, memo: Memo | None = None) -> LiveCampaign:
    """Open (lock, read, repair) the campaign at `path` with its recent log, its ruleset from
    `catalog` (the whole catalog, or its memos read only as far as the ruleset).

    With a `memo`, the snapshot kept when it was last closed is used if the files are
    unchanged since, and a new one is kept when it is closed.
    """
    from hearthroll.store.campaigns import CampaignStore

    store = CampaignStore.open(path, catalog, recent=OPEN_WINDOW, memo=memo)
    return LiveCampaign(store, list(store.recent))


def create_live(
    path: Path, campaign: Campaign, catalog: Catalog, memo: Memo | None = None
) -> LiveCampaign:
    """Create the campaign file at `path` and open it."""
    from hearthroll.store.campaigns import CampaignStore

    store = CampaignStore.create(path, campaign, catalog, recent=OPEN_WINDOW, memo=memo)
    return LiveCampaign(store, [])


def new_table(catalog: Catalog, ruleset_id: str, name: str, demo: bool) -> Campaign:
    """A new campaign: the demo party (house game) or an empty table."""
    from hearthroll.core.games.demo import demo_campaign, new_campaign

    ruleset = catalog.ruleset(ruleset_id)
    if demo:
        return demo_campaign(ruleset, name) if name else demo_campaign(ruleset)
    return new_campaign(ruleset, name)
