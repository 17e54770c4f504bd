"""The campaign store: a campaign opened (locked, or only read), its events saved and read back.

The state file holds the campaign (sheets, steading, turn, and the log's bookkeeping under
`[history]`); the journal holds every event with its deltas, the digest of the state file each
one produced, and a checkpoint of the whole state beside each segment (`codec` maps them to
TOML data). A state file that differs from what the events made is a hand edit (`hand_edits`):
a writer records it as one `edit` event (undoable); a reader shows the file as it is and says
so (`unrecorded`). `check` and `repair` are `repair`'s.
"""

from __future__ import annotations

import collections
import contextlib
import functools
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import attrs

from hearthroll.core.campaign.events import Event, Outcome, replay
from hearthroll.core.campaign.state import Campaign
from hearthroll.store import damage_note, snapshots
from hearthroll.store.campaign_files import CampaignFiles, place
from hearthroll.store.codec import (
    campaign_data,
    event_data,
    event_from_data,
    event_time,
    events_of,
    placed,
    read_campaign,
)
from hearthroll.store.errors import StateWriteError, StoreError
from hearthroll.store.hand_edits import HandEdit, find_hand_edit, replay_both
from hearthroll.store.journal import Block
from hearthroll.store.memo import Memo

if TYPE_CHECKING:
    from hearthroll.core.rules.model import Ruleset

RECENT_WINDOW = 40
"""The newest events the app keeps for its log, and the command line opens with too, so that
both keep (and start from) the same snapshot of a campaign."""


def _now() -> str:
    import datetime as dt  # only a command that saves an event needs it

    return dt.datetime.now().astimezone().isoformat(timespec="seconds")


class Rulesets(Protocol):
    """Where opening finds a campaign's ruleset: a `Catalog`, or the catalog's memos read only
    as far as a command needs (`catalog_cache.Cached`)."""

    def ruleset_ids(self) -> Sequence[str]:
        """The ids of the rulesets it holds."""
        ...

    def ruleset(self, ruleset_id: str) -> Ruleset:
        """The ruleset with this id (one of `ruleset_ids`)."""
        ...


class CampaignStore:
    """An open campaign: its state, its ruleset, and the files that keep them."""

    def __init__(
        self,
        files: CampaignFiles,
        state: Campaign,
        ruleset: Ruleset | Callable[[], Ruleset],
        recent: Sequence[Event] = (),
        window: int = 0,
        memo: Memo | None = None,
    ) -> None:
        self.files = files
        self.state = state
        self._ruleset = ruleset
        """The ruleset, or how to get it when first asked for (a verb that never needs it,
        `note` or `undo`, never reads it)."""
        self.repaired = 0
        """How many saved events opening had to replay onto the state file."""
        self.recent: collections.deque[Event] = collections.deque(recent, maxlen=window)
        """The newest events (up to the window asked for when opening), oldest first."""
        self.memo = memo
        """Where closing keeps a snapshot for the next opening to start from."""
        self.hand_edit: Event | None = None
        """The `edit` event opening recorded for a hand edit of the state file (writers)."""
        self.unrecorded: HandEdit | None = None
        """A hand edit of the state file that reading found and did not record (readers)."""
        self.lagging: str | None = None
        """Why the state file lags behind the journal after opening (a full disk), if it does."""

    @property
    def path(self) -> Path:
        """The campaign's state file."""
        return self.files.path

    @property
    def ruleset(self) -> Ruleset:
        """The campaign's ruleset."""
        if callable(self._ruleset):
            self._ruleset = self._ruleset()
        return self._ruleset

    @classmethod
    def open(
        cls, path: Path, catalog: Rulesets, *, recent: int = 0, memo: Memo | None = None
    ) -> CampaignStore:
        """Lock, read and repair the campaign at `path`, with its `recent` newest events.

        With a `memo`, a snapshot kept when this campaign was last closed is used instead of
        parsing the files, if their bytes are exactly as they were then; closing keeps a new one.
        """
        return cls._load(CampaignFiles.open(path), catalog, recent, memo)

    @classmethod
    def read(
        cls,
        path: Path,
        catalog: Rulesets,
        *,
        recent: int = 0,
        memo: Memo | None = None,
        within_newest: bool = False,
    ) -> CampaignStore:
        """Read the campaign at `path` without writing a byte or taking the lock.

        Events the state file has not caught up on are replayed in memory only; `commit` is
        refused. A `memo`'s snapshot is used if it fits, never kept. For the verbs that only
        look: `state`, `log`, `check`. `within_newest`: the `recent` events (and the snapshot)
        only if the newest segment holds them all, else none, so that no older segment is read.
        """
        files = CampaignFiles.read(path)
        held = files.journal
        if within_newest and held.newest_held < min(recent, held.last_seq - held.first_seq + 1):
            recent, memo = 0, None
        return cls._load(files, catalog, recent, memo)

    @classmethod
    def _load(
        cls, files: CampaignFiles, catalog: Rulesets, recent: int, memo: Memo | None
    ) -> CampaignStore:
        path = files.path
        try:
            blocks = files.journal.last_blocks(recent)
            snapshot = snapshots.kept(memo, files, blocks) if memo is not None else None
            if snapshot is not None:
                state, events = snapshot.state, list(snapshot.events)
            else:
                state = read_campaign(path, files.state)
                events = [event_from_data(files.journal.parse(b)) for b in blocks]
            known = known_ruleset(catalog, state.ruleset, path)
            # read when first asked for: the snapshot's sheets were checked when it was kept
            ruleset: Ruleset | Callable[[], Ruleset] = functools.partial(catalog.ruleset, known)
            if snapshot is None:
                ruleset = catalog.ruleset(known)
                problems = refused_sheets(path, state, ruleset)
                if problems:
                    raise StoreError("\n".join(problems))
            pending = [event_from_data(e) for e in files.pending]
            if state.history.events != files.state["last_event"]:
                raise StoreError(
                    f"{place(path, ('history', 'events'))}: history.events: "
                    f"{state.history.events}, but last_event is {files.state['last_event']}: the "
                    "two count the same events; restore the file from a backup"
                )
            edit = find_hand_edit(path, files.journal, state) if files.matches is False else None
            if edit is None:
                store = cls(files, replay(state, pending), ruleset, events, recent, memo)
                if pending and files.is_open:
                    files.save_state_only(campaign_data(store.state))
            else:
                made, found = replay_both(path, edit, pending)
                store = cls(files, made if files.is_open else found, ruleset, events, recent, memo)
                if files.is_open:
                    store._record_hand_edit(found)
                else:
                    store.unrecorded = attrs.evolve(edit, made=made, found=found)
            store.repaired = len(pending)
            if files.is_open:
                files.keep_checkpoint(lambda: campaign_data(store.state))
        except BaseException:
            files.close()
            raise
        return store

    @classmethod
    def create(
        cls,
        path: Path,
        campaign: Campaign,
        catalog: Rulesets,
        *,
        recent: int = 0,
        memo: Memo | None = None,
    ) -> CampaignStore:
        """A new campaign file at `path` (refusing to replace one)."""
        ruleset = catalog.ruleset(known_ruleset(catalog, campaign.ruleset, path))
        files = CampaignFiles.create(path, campaign_data(campaign))
        return cls(files, campaign, ruleset, (), recent, memo)

    def _record_hand_edit(self, found: Campaign) -> None:
        """Record the state file as found as one `edit` event over the state the events made."""
        from hearthroll.core.verbs.edits import hand_edit

        try:
            self.hand_edit = self.commit(hand_edit(self.state, found, self.ruleset))
        except StateWriteError as error:  # saved in the journal; the state file catches up
            self.hand_edit = error.event if isinstance(error.event, Event) else None
            self.lagging = str(error)

    def commit(self, outcome: Outcome) -> Event:
        """Save the outcome's event and state; the store's state moves on only if it saved."""
        event = attrs.evolve(outcome.event, at=outcome.event.at or _now())
        expected = self.files.journal.last_seq + 1
        if event.seq != expected:
            raise StoreError(f"event {event.seq} does not follow the journal's {expected - 1}")
        before = self.state
        try:
            self.files.save(
                event_data(event), campaign_data(outcome.state), lambda: campaign_data(before)
            )
        except StateWriteError as error:
            # The event is saved (in the journal): the store moves on, and the caller is told
            # that the state file catches up at the next save or opening.
            self.state = outcome.state
            self.recent.append(event)
            error.event = event
            raise
        self.state = outcome.state
        self.recent.append(event)
        return event

    def event(self, seq: int) -> Event:
        """One saved event by number: from the newest events held, else read from the journal."""
        for event in reversed(self.recent):
            if event.seq == seq:
                return event
        found = self.files.journal.events_after(seq - 1)
        if not found or found[0].get("seq") != seq:
            raise StoreError(f"event {seq} is not in the journal of {self.path}")
        return event_from_data(found[0])

    def events(self) -> Iterator[Event]:
        """Every saved event, oldest first, read one journal segment at a time."""
        return self.events_after(0)

    def events_after(self, seq: int) -> Iterator[Event]:
        """The saved events numbered above `seq`, oldest first: only the segments holding them
        are read, one at a time, so memory does not grow with the log."""
        journal = self.files.journal
        for blocks in journal.iter_segments(seq):
            yield from events_of(journal, blocks)

    def last_events(self, n: int) -> list[Event]:
        """The newest `n` saved events, oldest first: those the store holds already (its
        window of recent events, from the snapshot when it fitted), else only the newest
        segments are read."""
        held = list(self.recent)
        whole = len(held) < (self.recent.maxlen or 0)  # the window holds every event there is
        if n <= len(held) or (whole and [e.seq for e in held] == list(range(1, len(held) + 1))):
            return held[-n:] if n else []
        journal = self.files.journal
        return [event_from_data(journal.parse(block)) for block in journal.last_blocks(n)]

    def last_session(self, after: int = 0) -> list[Event]:
        """The events of the last session (numbered above `after`), oldest first.

        Where it begins is found from the newest events back, by their times alone (read off
        each event's bytes, not parsed), in ever longer runs of the newest events of a segment
        (`JournalReader.tails`), a segment at a time, until one holds the pause that begins it;
        only the session's own events are parsed, and no segment before the one where it
        begins is opened (that one is, to see the pause that begins it).
        """
        from hearthroll.core.campaign.recap import last_session

        journal = self.files.journal
        held: list[Block] = []
        times: list[Event] = []
        """Each held event's time, as an event (the session's rule reads only that)."""
        for index in reversed(range(len(journal.segments))):
            for blocks in journal.tails(index, SESSION_WINDOW):
                fresh = [b for b in blocks if b.seq > after]
                looked = [Event("note", seq=b.seq, at=event_time(journal, b)) for b in fresh]
                looked += times
                session = last_session(looked)
                if len(session) < len(looked) or len(fresh) < len(blocks):
                    chosen = (fresh + held)[len(looked) - len(session) :]
                    return list(events_of(journal, chosen))
            held, times = fresh + held, looked
        return list(events_of(journal, held))

    def older_damage(self) -> tuple[str, ...] | None:
        """Damage in what opening does not read (the older segments, the checkpoints' seals),
        in check's words, kept in the journal's damage note; None when there is none. The
        damage the note held already, if it has one, without reading anything. It reads a file
        at a time and writes only the note, so it may run on a thread of its own while the
        store saves."""
        if self.files.damage is not None:
            return self.files.damage
        found = self.files.journal.older_damage()
        if not found:
            return None
        with contextlib.suppress(StoreError):  # said all the same
            damage_note.remember(self.files.journal.folder, found)
        return tuple(found)

    def undone(self) -> set[int]:
        """The events an undo still stands against, over the whole journal.

        Read one segment at a time; only an event whose bytes name an undo or a redo is parsed.
        """
        journal = self.files.journal
        found: set[int] = set()
        for blocks in journal.iter_segments(0):
            for block in blocks:
                if b'"undo"' not in block.data and b'"redo"' not in block.data:
                    continue
                event = event_from_data(journal.parse(block))
                if event.kind == "undo" and event.target is not None:
                    found.add(event.target)
                elif event.kind == "redo" and event.target is not None:
                    found.discard(event.target)
        return found

    def close(self) -> None:
        """Keep a snapshot for the next opening (with a memo), then release the lock."""
        if self.memo is not None and self.files.is_open:
            self.keep_snapshot(self.memo)
        self.files.close()

    def keep_snapshot(self, memo: Memo) -> bool:
        """Keep the state and newest events as the snapshot of the files as they are now.

        Skipped (False) when what is on disk is not known to be exactly them: a state write
        that failed, or recent events that do not line up with the journal's newest.
        """
        try:
            blocks = self.files.journal.last_blocks(self.recent.maxlen or 0)
        except (StoreError, OSError):  # a journal that cannot be read now: no snapshot
            return False
        if [e.seq for e in self.recent] != [b.seq for b in blocks]:
            return False
        return snapshots.keep(memo, self.files, blocks, self.state, tuple(self.recent))

    def __enter__(self) -> CampaignStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


SESSION_WINDOW = 64
"""The newest events of a segment looked at first for the pause that begins the last session
(then four times as many, and so on)."""


def known_ruleset(catalog: Rulesets, ruleset_id: str, path: Path) -> str:
    """`ruleset_id`, if the catalog holds that ruleset."""
    known = catalog.ruleset_ids()
    if ruleset_id not in known:
        raise StoreError(
            f"{place(path, ('ruleset',))}: ruleset: {ruleset_id!r} is not a ruleset this "
            f"hearthroll knows ({', '.join(known)}); load its file with --moves"
        )
    return ruleset_id


def refused_sheets(path: Path, state: Campaign, ruleset: Ruleset) -> list[str]:
    """What opening refuses on the campaign's sheets (`games/bounds.problems`: what the ruleset
    does not have or is out of its bounds), each placed in the file."""
    from hearthroll.core.games.bounds import problems

    return placed(path, problems(state, ruleset))


def is_campaign_file(path: Path) -> bool:
    """True when a TOML file looks like a campaign (it names a ruleset and has no moves)."""
    try:
        head = path.read_text(encoding="utf-8")[:4096]
    except (OSError, UnicodeDecodeError):
        return False
    return "last_event" in head and "[[moves]]" not in head
