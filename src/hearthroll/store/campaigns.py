"""Campaigns in and out: the state and its events as TOML, opened, repaired, saved, undone.

The state file holds the campaign (sheets, steading, turn, and the log's bookkeeping under
`[history]`); the journal holds every event with its deltas, the digest of the state file each
one produced, and a checkpoint of the whole state beside each segment. TOML has no null, so a
None is left out and a missing key reads back as None.

Opening compares the state file with the digest its last event recorded. When they differ,
the state the events made is rebuilt from the newest checkpoint and the events after it (the
newest segment only), and compared: a state file that validates but differs is a *hand edit*.
A writer records it as one `edit` event (undoable); a reader shows the file as it is and says
so (`unrecorded`). `check_campaign` replays the whole journal from its checkpoints, compares
the state each event makes with the digest its record holds, and names every difference;
damage it finds where opening does not look is kept in the journal's damage note until the
journal is sound again. `repair` rebuilds the state file from the journal.
"""

from __future__ import annotations

import collections
import contextlib
import functools
import re
import typing
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from types import UnionType
from typing import TYPE_CHECKING, Any, Protocol, Union, get_args, get_origin

import attrs

from hearthroll.core.campaign.deltas import Delta, change_words, diff, value_words
from hearthroll.core.campaign.events import Event, Outcome, replay
from hearthroll.core.campaign.state import Campaign, History
from hearthroll.store import damage_note
from hearthroll.store.campaign_files import (
    CampaignFiles,
    migrate,
    parse_state,
    place,
    render_state,
    stamp,
)
from hearthroll.store.converter import KeyPath, plain, problems_of, shared, show_path
from hearthroll.store.digests import sha256
from hearthroll.store.errors import StateWriteError, StoreError
from hearthroll.store.journal import DIGEST_KEY, Block, JournalReader, digest_of, recorded_digest
from hearthroll.store.memo import Memo, code_key, key_of
from hearthroll.store.state_bytes import ABSENT_WHEN_EMPTY, StateBytes
from hearthroll.store.toml_positions import locate, nearest

if TYPE_CHECKING:
    from hearthroll.core.rules.model import Catalog, Ruleset

_OWN = ("schema_version", "last_event")

RECENT_WINDOW = 40
"""The newest events the app keeps for its log, and the command line opens with too, so that
both keep (and start from) the same snapshot of a campaign."""


def campaign_data(campaign: Campaign) -> dict[str, Any]:
    """The campaign as TOML-ready data."""
    data: dict[str, Any] = plain(campaign)
    for sheet in data.get("characters", {}).values():
        for key in ABSENT_WHEN_EMPTY:
            if not sheet.get(key):
                sheet.pop(key, None)
    return data


_LEGACY_ARMOR = {
    "light_armor": 1,
    "medium_armor": 2,
    "heavy_armor": 3,
    "power_armor": 4,
    "shield": 1,
}
"""Armor of the shipped gear, for sheets saved when `armor` held the gear's armor too."""


def _legacy_gear(body: dict[str, Any]) -> dict[str, Any]:
    """Sheets saved before gear had its own entries (a list of ids, the armor typed in): each
    id becomes a worn item, and `armor` keeps only what the gear does not give."""
    characters = body.get("characters")
    if not isinstance(characters, dict):
        return body
    fixed = {}
    for name, sheet in characters.items():
        gear = sheet.get("gear") if isinstance(sheet, dict) else None
        if isinstance(gear, list) and gear and all(isinstance(g, str) for g in gear):
            given = sum(_LEGACY_ARMOR.get(g, 0) for g in gear)
            armor = sheet.get("armor", 0)
            sheet = {**sheet, "gear": [{"id": g} for g in gear]}
            if isinstance(armor, int):
                sheet["armor"] = max(0, armor - given)
        fixed[name] = sheet
    return {**body, "characters": fixed}


def campaign_from_data(data: dict[str, Any], source: str = "campaign") -> Campaign:
    """A campaign from data read back; every problem is reported with its key path."""
    body = _legacy_gear({k: v for k, v in data.items() if k not in _OWN})
    try:
        campaign: Campaign = shared().structure(body, Campaign)
    except Exception as error:  # cattrs groups every problem in one error
        lines = [f"{source}: {show_path(p) or '(top)'}: {m}" for p, m in problems_of(error)]
        raise StoreError("\n".join(lines)) from None
    return campaign


def type_at(path: Sequence[str]) -> Any:
    """The type of the value a delta path leads to inside a Campaign."""
    return _type_at(tuple(path))


@functools.lru_cache(maxsize=4096)
def _type_at(path: tuple[str, ...]) -> Any:
    current: Any = Campaign
    for part in path:
        current = _strip_none(current)
        if attrs.has(current):
            current = typing.get_type_hints(current)[part]
        elif get_origin(current) is dict:
            current = get_args(current)[1]
        else:
            raise StoreError(f"a delta path runs past a leaf: {'.'.join(path)}")
    return current


def _strip_none(tp: Any) -> Any:
    if get_origin(tp) in (Union, UnionType):
        rest = [a for a in get_args(tp) if a is not type(None)]
        return rest[0] if len(rest) == 1 else tp
    return tp


def event_data(event: Event) -> dict[str, Any]:
    """An event as TOML-ready data (the journal numbers it, so no `seq`)."""
    data: dict[str, Any] = plain(event)
    data.pop("seq", None)
    data["deltas"] = data.pop("deltas", [])  # last, as it always was
    return data


def event_from_data(data: dict[str, Any]) -> Event:
    """An event read back from the journal."""
    body = dict(data)
    body.pop(DIGEST_KEY, None)
    deltas = body.pop("deltas", [])
    event: Event = shared().structure(body, Event)
    built = []
    converter = shared()
    for raw in deltas:
        path = tuple(raw["path"])
        tp = type_at(path)
        plain = _plain_type(tp)
        before = after = None
        if "before" in raw:
            before = raw["before"]
            if type(before) is not plain:
                before = converter.structure(before, tp)
        if "after" in raw:
            after = raw["after"]
            if type(after) is not plain:
                after = converter.structure(after, tp)
        built.append(Delta(path, before, after))
    return attrs.evolve(event, deltas=tuple(built))


@functools.lru_cache(maxsize=256)
def _plain_type(tp: Any) -> type | None:
    """The type a value of type `tp` is kept as it is read when it is exactly of it (a whole
    number, text, true/false: what the strict converter passes through); None for the rest."""
    tp = _strip_none(tp)
    return tp if tp in (int, str, bool) else None


def _now() -> str:
    import datetime as dt  # only a command that saves an event needs it

    return dt.datetime.now().astimezone().isoformat(timespec="seconds")


@attrs.frozen
class HandEdit:
    """A state file that validates but is not what the events made: what changed outside
    hearthroll, leaf by leaf (`before`: as the events made it; `after`: as the file has it)."""

    made: Campaign
    """The state the events made (at the state file's `last_event`)."""
    found: Campaign
    """The state file as it is."""
    changes: tuple[Delta, ...]

    def words(self) -> str:
        """`Brannoc.xp 0 → 2, Brannoc.level 1 → 9`."""
        return ", ".join(change_words(d) for d in self.changes)


@attrs.frozen
class Snapshot:
    """What opening a campaign read: its state and its newest events, kept as a memo."""

    state: Campaign
    events: tuple[Event, ...]


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
            key = _snapshot_key(files, blocks) if memo is not None else None
            snapshot = memo.get(_snapshot_name(path), key, Snapshot) if memo and key else None
            if snapshot is not None:
                state, events = snapshot.state, list(snapshot.events)
            else:
                state = _read_campaign(path, files.state)
                events = [event_from_data(files.journal.parse(b)) for b in blocks]
            known = _known(catalog, state.ruleset, path)
            # read when first asked for: the snapshot's sheets were checked when it was kept
            ruleset: Ruleset | Callable[[], Ruleset] = functools.partial(catalog.ruleset, known)
            if snapshot is None:
                ruleset = catalog.ruleset(known)
                problems = _check_sheets(path, files.state, state, ruleset)
                if problems:
                    raise StoreError("\n".join(problems))
            pending = [event_from_data(e) for e in files.pending]
            if state.history.events != files.state["last_event"]:
                raise StoreError(
                    f"{place(path, ('history', 'events'))}: history.events: "
                    f"{state.history.events}, but last_event is {files.state['last_event']}: the "
                    "two count the same events; restore the file from a backup"
                )
            edit = _hand_edit(path, files.journal, state) if files.matches is False else None
            if edit is None:
                store = cls(files, replay(state, pending), ruleset, events, recent, memo)
                if pending and files.is_open:
                    files.save_state_only(campaign_data(store.state))
            else:
                made, found = _replay_both(path, edit, pending)
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
        ruleset = catalog.ruleset(_known(catalog, campaign.ruleset, path))
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
            yield from _events_of(journal, blocks)

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
                looked = [Event("note", seq=b.seq, at=_time_of(journal, b)) for b in fresh]
                looked += times
                session = last_session(looked)
                if len(session) < len(looked) or len(fresh) < len(blocks):
                    chosen = (fresh + held)[len(looked) - len(session) :]
                    return list(_events_of(journal, chosen))
            held, times = fresh + held, looked
        return list(_events_of(journal, held))

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
        key = _snapshot_key(self.files, blocks)
        if key is None:
            return False
        return memo.put(_snapshot_name(self.path), key, Snapshot(self.state, tuple(self.recent)))

    def __enter__(self) -> CampaignStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


SESSION_WINDOW = 64
"""The newest events of a segment looked at first for the pause that begins the last session
(then four times as many, and so on)."""
_TIME_LINE = re.compile(rb'^at = "([0-9A-Za-z:+.-]*)"$', re.MULTILINE)


def _time_of(journal: JournalReader, block: Block) -> str:
    """An event's time (`at`) read off its bytes; parsed when it is not written as hearthroll
    writes it."""
    own = block.data.split(b"\n[", 1)[0]  # its own keys: those before its first sub-table
    found = _TIME_LINE.search(own)
    if found is not None:
        return found.group(1).decode()
    return event_from_data(journal.parse(block)).at


def _events_of(journal: JournalReader, blocks: list[Block]) -> Iterator[Event]:
    """The events of one segment's blocks, oldest first: parsed together when they can be,
    else one by one (an event that cannot be read is then named with its own line)."""
    joined = journal.parse_joined(blocks)
    if joined is not None:
        for data in joined:
            yield event_from_data(data)
        return
    for block in blocks:
        yield event_from_data(journal.parse(block))


def _snapshot_name(path: Path) -> str:
    where = str(path.resolve()).encode()
    return "campaign-" + sha256(where).hexdigest()[:20]


def _snapshot_key(files: CampaignFiles, blocks: Sequence[Block]) -> str | None:
    """The snapshot's key for the files as they are; None when it cannot be known."""
    if files.state_digest is None:
        return None
    try:
        parts = [code_key(), files.state_digest]
    except OSError:  # the package's source cannot be read: no snapshots then
        return None
    for block in blocks:
        parts += [str(block.seq).encode(), block.data]
    return key_of(parts)


def _game(state: Campaign) -> Campaign:
    return attrs.evolve(state, history=History())


def state_at(journal: JournalReader, seq: int) -> Campaign | None:
    """The state the events made at event `seq`: the newest checkpoint at or before it, with
    the events after it replayed. None when no checkpoint is that old (a journal written by an
    older hearthroll). Reads only the segments from that checkpoint's on.

    Raises:
        StoreError: a checkpoint or an event is damaged, or an event cannot be replayed.
    """
    # A new campaign's journal whose first segment could not be started yet has its checkpoint.
    for first in reversed(journal.segments or (1,)):
        if first > seq + 1:
            continue
        base = checkpoint_state(journal, first)
        if base is None or base.history.events > seq:
            continue
        events = []
        for blocks in journal.iter_segments(base.history.events):
            events += [event_from_data(journal.parse(b)) for b in blocks if b.seq <= seq]
            if blocks and blocks[-1].seq >= seq:
                break
        return _replayed(journal, base, events)
    return None


def checkpoint_state(journal: JournalReader, first: int) -> Campaign | None:
    """The state the checkpoint of segment `first` holds (None: it has none)."""
    data = journal.checkpoint(first)
    if data is None:
        return None
    where = journal.checkpoint_path(first)
    raw, _ = migrate(parse_state(where, data), where, None, data)
    state = _read_campaign(where, raw, data)
    if state.history.events != raw["last_event"]:
        raise StoreError(
            f"{place(where, ('history', 'events'), data)}: history.events: "
            f"{state.history.events}, but last_event is {raw['last_event']}: the two count the "
            "same events; restore the checkpoint from a backup, or delete it"
        )
    return state


def _replayed(journal: JournalReader, state: Campaign, events: Sequence[Event]) -> Campaign:
    try:
        return replay(state, events)
    except (ValueError, KeyError, TypeError) as error:
        raise StoreError(
            f"{journal.folder}: the events cannot be replayed onto the checkpoint before them "
            f"({error}); restore the journal folder from a backup"
        ) from None


def _hand_edit(path: Path, journal: JournalReader, state: Campaign) -> HandEdit | None:
    """What the state file changed of the state the events made; None when nothing did. A
    changed history is refused: it is hearthroll's own; so is a state file that differs from
    the digest the journal recorded when no checkpoint is left to tell what changed."""
    made = state_at(journal, state.history.events)
    if made is None:
        raise StoreError(
            f"{path}: the state file is not what the journal recorded after event "
            f"{state.history.events} (its digest differs), and no checkpoint in "
            f"{journal.folder} holds the state at or before it, so what changed cannot be told. "
            f"Nothing was changed. Put the journal's checkpoint files back from a backup; or, "
            f"to keep the state file as it is, run `hearthroll repair {path}`: it shows what it "
            "cannot check and asks before it writes."
        )
    if made == state:
        return None
    if made.history != state.history:
        at = _position(path, ("history",))
        changes = "; ".join(
            f"{change_words(d)}" for d in diff(made.history, state.history, ("history",))
        )
        raise StoreError(
            f"{path}:{at}: history: differs from what the journal made ({changes}); the history "
            f"is hearthroll's bookkeeping of undo and redo, not a hand edit. Put it back as it "
            f"was, or run `hearthroll repair {path}` to rebuild the state from the journal."
        )
    return HandEdit(made, state, diff(_game(made), _game(state)))


def _replay_both(path: Path, edit: HandEdit, pending: Sequence[Event]) -> tuple[Campaign, Campaign]:
    """The state the events made and the hand-edited one, each with the events the state file
    has not caught up on replayed onto it."""
    if not pending:
        return edit.made, edit.found
    try:
        return replay(edit.made, pending), replay(edit.found, pending)
    except (ValueError, KeyError, TypeError):
        raise StoreError(
            f"{path}: the state file was edited by hand ({edit.words()}) while it was behind "
            f"the journal, and the events after it do not fit the edit. Run `hearthroll repair "
            f"{path}` to rebuild the state from the journal, then make the edit again."
        ) from None


def _position(path: Path, key_path: KeyPath) -> str:
    try:
        positions = locate(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        positions = {}
    (line, column), _ = nearest(positions, key_path)
    return f"{line}:{column}"


def _known(catalog: Rulesets, ruleset_id: str, path: Path) -> str:
    """`ruleset_id`, if the catalog holds that ruleset."""
    known = catalog.ruleset_ids()
    if ruleset_id not in known:
        raise StoreError(
            f"{place(path, ('ruleset',))}: ruleset: {ruleset_id!r} is not a ruleset this "
            f"hearthroll knows ({', '.join(known)}); load its file with --moves"
        )
    return ruleset_id


def _read_campaign(path: Path, data: dict[str, Any], raw: bytes | None = None) -> Campaign:
    body = {k: v for k, v in data.items() if k not in _OWN}
    try:
        campaign: Campaign = shared().structure(body, Campaign)
    except Exception as error:
        raise StoreError(_positioned(path, error, raw)) from None
    return campaign


def _positioned(path: Path, error: BaseException, raw: bytes | None = None) -> str:
    try:
        text = raw.decode("utf-8") if raw is not None else path.read_text(encoding="utf-8")
        positions = locate(text)
    except (OSError, UnicodeDecodeError):
        positions = {}
    lines = []
    for key_path, message in problems_of(error):
        full: KeyPath = key_path
        (line, column), _ = nearest(positions, full)
        lines.append(f"{path}:{line}:{column}: {show_path(full) or '(top)'}: {message}")
    return "\n".join(lines)


@attrs.frozen
class CampaignCheck:
    """What `check` found in a campaign."""

    problems: list[str]
    """Each positioned; empty when the campaign is sound."""
    hand_edit: list[str]
    """Each field where the state file differs from the journal's replay and still validates:
    a hand edit not yet recorded (positioned, with both values)."""
    proven_from: int | None
    """The event from whose checkpoint the replay started (0: the first event's); None when
    the journal has no checkpoint (an older hearthroll wrote it) and nothing was replayed."""


def check_campaign(
    path: Path, catalog: Catalog, progress: Callable[[int, int], None] | None = None
) -> list[str]:
    """Problems in a campaign file and its journal, each positioned; empty when it is sound.

    See `check_report`; an unrecorded hand edit is not a problem here.
    """
    return check_report(path, catalog, progress).problems


def check_report(
    path: Path, catalog: Catalog, progress: Callable[[int, int], None] | None = None
) -> CampaignCheck:
    """Check a campaign file and its journal, writing nothing but the journal's damage note.

    It refuses whatever opening the campaign refuses (it reads it the same way), then reads
    every event of the journal and replays it from the checkpoints: the state each event makes
    must have the digest its record holds, each checkpoint must equal the replay of the events
    before it, and the state file the replay of them all. A state file that differs but
    validates is a hand edit (named field by field); a difference in the history is a problem.
    The journal is read one segment at a time; after each, `progress(events read, events)`.

    Damage found in the journal is kept in its damage note, so that every command says so; a
    journal found sound loses its note.
    """
    try:
        store = CampaignStore.read(path, catalog)
    except StoreError as error:
        return CampaignCheck(str(error).splitlines(), [], None)
    journal = store.files.journal
    damage, replayed, start = check_journal(journal, progress)
    problems = list(damage)
    edits: list[str] = []
    if replayed is not None and not problems:
        for delta, line in _difference_lines(path, store.state, replayed):
            if delta.path[:1] == ("history",):
                problems.append(line)
            else:
                edits.append(line)
    problems += _above_max(path, store.state, store.ruleset)
    with contextlib.suppress(StoreError):  # a folder that cannot be written: said all the same
        if damage:
            damage_note.remember(journal.folder, damage)
        elif store.files.damage is not None:
            damage_note.forget(journal.folder)
    return CampaignCheck(problems, edits, start)


def check_journal(
    journal: JournalReader, progress: Callable[[int, int], None] | None = None
) -> tuple[list[str], Campaign | None, int | None]:
    """What is wrong in the journal (check's words: [] when it is sound), the state its
    replay ends at, and the event whose checkpoint the replay started from (see
    `CampaignCheck.proven_from`)."""
    problems: list[str] = []
    replayed: Campaign | None = None
    start: int | None = None
    try:
        replayed, start = _replay_journal(journal, problems, progress)
    except StoreError as error:
        problems += str(error).splitlines()
    except Exception as error:  # an event that does not structure: name it in words
        problems.append(f"{journal.folder}: an event cannot be read: {error}")
    return problems, replayed, start


class _Replay:
    """The journal's replay, event by event, from the first checkpoint on: each event's state
    compared with the digest its record holds, each later checkpoint with the replay when it
    is met."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        self.state: Campaign | None = None
        self.start: int | None = None
        """The event whose checkpoint the replay started from."""
        self.comparing = True
        """False after a digest differed, until a checkpoint puts the replay right again."""
        self.files = StateBytes()

    def meet(self, checkpoint: Campaign, where: Path) -> None:
        """The replay goes on from `checkpoint`, after naming where it differs from it."""
        self.state = _meet(self.state, checkpoint, where, self.problems)
        self.start = checkpoint.history.events if self.start is None else self.start
        self.comparing = True

    def play(self, segment: Path, block: Block, event: Event) -> None:
        """Replay one event and compare the state it makes with its recorded digest."""
        if self.state is None:
            return
        try:
            self.state = replay(self.state, [event])
        except (ValueError, KeyError, TypeError) as error:
            self.problems.append(
                f"{segment}:{block.line}: event {block.seq} cannot be replayed onto the state "
                f"before it: {error}"
            )
            self.state = None
            return
        recorded = recorded_digest(block) if self.comparing else None
        if recorded is None or self.files.digest(self.state, block.seq) == recorded:
            return
        # rendered whole, as a writer renders it, before the event is said to differ
        data = render_state(stamp(campaign_data(self.state), last_event=block.seq), segment)
        found = digest_of(data)
        if found == recorded:
            return
        self.problems.append(
            f"{segment}:{block.line}: event {block.seq}: the state its replay makes does not "
            f"match the digest its record holds (digest {recorded}; the replay's is {found}): "
            "this event, or one before it, was changed after it was saved, with its end line's "
            "checksum made again to fit. Nothing was changed. Restore this file from a backup "
            "(the events after it are compared again from the next checkpoint on)."
        )
        self.comparing = False


def _replay_journal(
    journal: JournalReader,
    problems: list[str],
    progress: Callable[[int, int], None] | None,
) -> tuple[Campaign | None, int | None]:
    """Every event structured and replayed from the first checkpoint on (see `_Replay`);
    differences go to `problems`."""
    run = _Replay(problems)
    segments: Iterable[tuple[int, list[Block]]]
    if journal.last_seq:
        segments = zip(journal.segments, journal.iter_segments(0), strict=False)
    else:  # no event yet: the checkpoint of the state the campaign was created with
        segments = [(first, []) for first in journal.segments or (1,)]
    for first, blocks in segments:
        where = journal.checkpoint_path(first)
        segment = journal.segment_path(first)
        try:
            checkpoint = checkpoint_state(journal, first)
        except StoreError as error:
            problems += str(error).splitlines()
            checkpoint = None

        for block, event in zip(blocks, _events_of(journal, blocks), strict=True):
            if checkpoint is not None and checkpoint.history.events == block.seq - 1:
                run.meet(checkpoint, where)
                checkpoint = None
            run.play(segment, block, event)
        if checkpoint is not None:
            last = blocks[-1].seq if blocks else first - 1
            if checkpoint.history.events == last:
                run.meet(checkpoint, where)
            else:
                problems.append(
                    f"{place(where, ('last_event',))}: last_event: {checkpoint.history.events} "
                    f"is not an event of its segment (events {first} to {last}); restore it from "
                    "a backup, or delete it"
                )
        if progress is not None and blocks:
            progress(blocks[-1].seq, journal.last_seq)
    return run.state, run.start


def _meet(
    replayed: Campaign | None, checkpoint: Campaign, where: Path, problems: list[str]
) -> Campaign:
    """The replay goes on from `checkpoint`, after naming where it differs from it."""
    for delta in diff(replayed, checkpoint) if replayed is not None else ():
        problems.append(
            f"{where}: {'.'.join(delta.path)}: the checkpoint has {value_words(delta.after)}, "
            f"the replay of the events before it has {value_words(delta.before)}"
        )
    return checkpoint


def _difference_lines(path: Path, found: Campaign, replayed: Campaign) -> list[tuple[Delta, str]]:
    """Every leaf where the state file (`found`) differs from the journal's replay, positioned:
    `p.toml:12:1: characters.Brannoc.xp: the state file has 2, the journal's replay has 0`."""
    try:
        positions = locate(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        positions = {}
    found_lines = []
    for delta in diff(replayed, found):
        (line, column), _ = nearest(positions, delta.path)
        found_lines.append(
            (
                delta,
                f"{path}:{line}:{column}: {'.'.join(delta.path)}: the state file has "
                f"{value_words(delta.after)}, the journal's replay has {value_words(delta.before)}",
            )
        )
    return found_lines


class RepairPlan:
    """`repair`: the campaign locked, its state rebuilt from the journal, and what that would
    change in the state file and the journal's checkpoints; nothing is written until
    `apply()`.

    A missing checkpoint is rebuilt from an older checkpoint and the events between. One that
    cannot be (no older checkpoint holds the state before it) is lost: the journal then starts
    its checkpoints again, with one of the state now, so that later hand edits are known. When
    no checkpoint is left to rebuild the state from, the state file is kept as it is (if it
    reads and validates), saying whether the digest the journal recorded vouches for it.

    When the journal has a damage note, the journal is checked as `check` checks it: found
    sound (its damaged files restored from a backup), the note goes; else `damage` says what
    is still wrong (a saved event is never rebuilt: it can only be restored).
    """

    def __init__(self, path: Path, catalog: Catalog) -> None:
        self.files = CampaignFiles.open_journal(path)
        try:
            journal = self.files.journal
            self.path = path
            self.readable = True
            """False when the state file cannot be read at all (`changes` then says why)."""
            self.checkpoints: list[tuple[int, Campaign]] = []
            """The missing checkpoints rebuilt: (segment, the state before its first event)."""
            self.lost = [f for f in journal.missing_checkpoints() if not self._rebuild(f)]
            """The missing checkpoints that cannot be rebuilt."""
            self.notes: list[str] = [
                f"{journal.checkpoint_path(first)}: rebuilt from the checkpoint before it and "
                "the events after that one"
                for first, _ in self.checkpoints
            ]
            """What rebuilding changes besides the state file's fields, line by line."""
            rebuilt = state_at(journal, journal.last_seq)
            self.adopted = rebuilt is None
            """True when no checkpoint could rebuild the state: the state file is kept."""
            if rebuilt is None:
                rebuilt = self._adopt(path, catalog)
            self.rebase = self.adopted or bool(self.lost)
            """True when the journal starts its checkpoints again at the next event."""
            for first in self.lost:
                self.notes.append(
                    f"{journal.checkpoint_path(first)}: cannot be rebuilt (no older checkpoint "
                    f"holds the state before event {first}); the journal starts its checkpoints "
                    f"again after event {journal.last_seq}, so `check` no longer replays the "
                    "events before that"
                )
            _known(catalog, rebuilt.ruleset, path)
            self.rebuilt = rebuilt
            self.changes = [] if self.adopted else self._changes(path)
            """What rebuilding changes in the state file, line by line (or why it cannot be
            read)."""
            self.damage: list[str] = []
            """What is still damaged in the journal, when it has a damage note."""
            if self.files.damage is not None:
                self.damage = check_journal(journal)[0]
                if not self.damage:
                    self.notes.append(
                        f"{damage_note.note_path(journal.folder)}: the damage it notes is gone "
                        "(every event reads and replays as recorded): the note is removed"
                    )
        except BaseException:
            self.files.close()
            raise

    def _rebuild(self, first: int) -> bool:
        before = state_at(self.files.journal, first - 1)
        if before is None:
            return False
        self.checkpoints.append((first, before))
        return True

    def _adopt(self, path: Path, catalog: Catalog) -> Campaign:
        """The state file as it is, when it reads and validates (else refused)."""
        from hearthroll.store.campaign_files import digest_at, read_state_bytes
        from hearthroll.store.journal import digest_of

        journal = self.files.journal
        try:
            data = read_state_bytes(path)
            raw, _ = migrate(parse_state(path, data), path, None, data)
            found = _read_campaign(path, raw, data)
            ruleset = catalog.ruleset(_known(catalog, found.ruleset, path))
            problems = _check_sheets(path, raw, found, ruleset)
            if found.history.events != raw["last_event"] or raw["last_event"] > journal.last_seq:
                problems.append(
                    f"{place(path, ('last_event',), data)}: last_event: {raw['last_event']} "
                    f"does not fit: the journal ends at event {journal.last_seq}, and "
                    f"history.events is {found.history.events}"
                )
            if problems:
                raise StoreError("\n".join(problems))
            pending = [event_from_data(e) for e in journal.events_after(found.history.events)]
            state = _replayed(journal, found, pending)
        except StoreError as error:
            raise StoreError(
                f"{journal.folder} has no checkpoint at or before event {journal.last_seq}, so "
                f"the state cannot be rebuilt from it, and {path.name} cannot be kept as it is:\n"
                f"{error}\nRestore the state file or the journal's checkpoints from a backup."
            ) from None
        vouched = digest_at(journal, raw["last_event"]) == digest_of(data)
        self.notes.append(
            f"{path}: no checkpoint holds the state at or before event {journal.last_seq}, so it "
            "cannot be rebuilt; the state file is kept as it is, "
            + (
                f"and it is exactly what the journal recorded after event {raw['last_event']} "
                "(its digest matches)"
                if vouched
                else "though it cannot be checked against the journal (a hand edit made to it "
                "cannot be told)"
            )
        )
        return state

    def _changes(self, path: Path) -> list[str]:
        """What rebuilding changes, line by line (the refusal, if the file cannot be read)."""
        from hearthroll.store.campaign_files import read_state_bytes

        try:
            data = read_state_bytes(path)
            raw, _ = migrate(parse_state(path, data), path, None, data)
            found = _read_campaign(path, raw, data)
        except StoreError as error:
            self.readable = False
            return str(error).splitlines()
        lines = [line for _, line in _difference_lines(path, found, self.rebuilt)]
        if not lines and raw["last_event"] != self.rebuilt.history.events:
            lines.append(
                f"{place(path, ('last_event',), data)}: last_event: {raw['last_event']} → "
                f"{self.rebuilt.history.events}"
            )
        return lines

    def apply(self) -> Path | None:
        """Write the rebuilt checkpoints, then the rebuilt state (atomically, keeping the old
        file as `NAME.toml.before-repair-N`) if it changes, then start the checkpoints again
        if some are lost; return where the old state file was kept (None: not replaced)."""
        files = self.files
        for first, state in self.checkpoints:
            files.write_checkpoint(first, campaign_data(state))
        kept = files.replace_state(campaign_data(self.rebuilt)) if self.changes else None
        if self.rebase:
            files.restart_checkpoints(campaign_data(self.rebuilt))
        if files.damage is not None and not self.damage:
            damage_note.forget(files.journal.folder)
        return kept

    def close(self) -> None:
        """Release the lock."""
        self.files.close()

    def __enter__(self) -> RepairPlan:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _positioner(path: Path) -> Callable[[KeyPath, str], str]:
    """A message placed at a key of the file: `path:line:column: key.path: message` (the file
    read once, when the first problem is placed)."""
    positions: dict[Any, Any] | None = None

    def at(key_path: KeyPath, message: str) -> str:
        nonlocal positions
        if positions is None:
            try:
                positions = locate(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError):
                positions = {}
        (line, column), _ = nearest(positions, key_path)
        return f"{path}:{line}:{column}: {show_path(key_path)}: {message}"

    return at


def _check_sheets(path: Path, data: dict[str, Any], state: Campaign, ruleset: Ruleset) -> list[str]:
    """The sheets against the ruleset and the bounds `set` keeps (`games/bounds.py`), each
    problem placed in the file."""
    from hearthroll.core.games.bounds import problems

    at = _positioner(path)
    return [at(where, said) for where, said in problems(state, ruleset)]


def _above_max(path: Path, state: Campaign, ruleset: Ruleset) -> list[str]:
    """Momentum above the max its impacts make: the sheet opens, but `check` names it."""
    from hearthroll.core.games.momentum import above_max

    at = _positioner(path)
    return [at(where, said) for where, said in above_max(state, ruleset)]


def is_campaign_file(path: Path) -> bool:
    """True when a TOML file looks like a campaign (it names a ruleset and has no moves)."""
    try:
        head = path.read_text(encoding="utf-8")[:4096]
    except (OSError, UnicodeDecodeError):
        return False
    return "last_event" in head and "[[moves]]" not in head
