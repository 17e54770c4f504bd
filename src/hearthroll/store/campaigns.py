"""Campaigns in and out: the state and its events as TOML, opened, repaired, saved, undone.

The state file holds the campaign (sheets, steading, turn, and the log's bookkeeping under
`[history]`); the journal holds every event with its deltas. TOML has no null, so a None is
left out and a missing key reads back as None.
"""

from __future__ import annotations

import collections
import datetime as dt
import functools
import hashlib
import typing
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import UnionType
from typing import Any, Union, get_args, get_origin

import attrs

from hearthroll.core.campaign.deltas import Delta
from hearthroll.core.campaign.events import Event, Outcome, replay
from hearthroll.core.campaign.state import Asset, Campaign, Track
from hearthroll.core.rules.model import Catalog, Ruleset
from hearthroll.store.campaign_files import CampaignFiles, journal_folder
from hearthroll.store.converter import KeyPath, plain, problems_of, shared, show_path
from hearthroll.store.errors import StateWriteError, StoreError
from hearthroll.store.journal import Block, JournalReader
from hearthroll.store.memo import Memo, code_key, key_of
from hearthroll.store.toml_positions import locate, nearest

_OWN = ("schema_version", "last_event")
_ABSENT_WHEN_EMPTY = ("cooldowns", "efficacy")
"""Sheet fields only some rulesets fill: left out of the file while empty."""

RECENT_WINDOW = 40
"""The newest events the app keeps for its log, and the command line opens with too, so that
both keep (and start from) the same snapshot of a campaign."""


def campaign_data(campaign: Campaign) -> dict[str, Any]:
    """The campaign as TOML-ready data."""
    data: dict[str, Any] = plain(campaign)
    for sheet in data.get("characters", {}).values():
        for key in _ABSENT_WHEN_EMPTY:
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
    deltas = body.pop("deltas", [])
    event: Event = shared().structure(body, Event)
    built = []
    for raw in deltas:
        path = tuple(raw["path"])
        tp = type_at(path)
        before = shared().structure(raw["before"], tp) if "before" in raw else None
        after = shared().structure(raw["after"], tp) if "after" in raw else None
        built.append(Delta(path, before, after))
    return attrs.evolve(event, deltas=tuple(built))


def _now() -> str:
    return dt.datetime.now().astimezone().isoformat(timespec="seconds")


@attrs.frozen
class Snapshot:
    """What opening a campaign read: its state and its newest events, kept as a memo."""

    state: Campaign
    events: tuple[Event, ...]


class CampaignStore:
    """An open campaign: its state, its ruleset, and the files that keep them."""

    def __init__(
        self,
        files: CampaignFiles,
        state: Campaign,
        ruleset: Ruleset,
        recent: Sequence[Event] = (),
        window: int = 0,
        memo: Memo | None = None,
    ) -> None:
        self.files = files
        self.state = state
        self.ruleset = ruleset
        self.repaired = 0
        """How many saved events opening had to replay onto the state file."""
        self.recent: collections.deque[Event] = collections.deque(recent, maxlen=window)
        """The newest events (up to the window asked for when opening), oldest first."""
        self.memo = memo
        """Where closing keeps a snapshot for the next opening to start from."""

    @property
    def path(self) -> Path:
        """The campaign's state file."""
        return self.files.path

    @classmethod
    def open(
        cls, path: Path, catalog: Catalog, *, recent: int = 0, memo: Memo | None = None
    ) -> CampaignStore:
        """Lock, read and repair the campaign at `path`, with its `recent` newest events.

        With a `memo`, a snapshot kept when this campaign was last closed is used instead of
        parsing the files, if their bytes are exactly as they were then; closing keeps a new one.
        """
        return cls._load(CampaignFiles.open(path), catalog, recent, memo)

    @classmethod
    def read(
        cls, path: Path, catalog: Catalog, *, recent: int = 0, memo: Memo | None = None
    ) -> CampaignStore:
        """Read the campaign at `path` without writing a byte or taking the lock.

        Events the state file has not caught up on are replayed in memory only; `commit` is
        refused. A `memo`'s snapshot is used if it fits, never kept. For the verbs that only
        look: `state`, `log`, `check`.
        """
        return cls._load(CampaignFiles.read(path), catalog, recent, memo)

    @classmethod
    def _load(
        cls, files: CampaignFiles, catalog: Catalog, recent: int, memo: Memo | None
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
            ruleset = _ruleset(catalog, state.ruleset, path)
            if snapshot is None:
                problems = _check_sheets(path, files.state, state, ruleset)
                if problems:
                    raise StoreError("\n".join(problems))
            pending = [event_from_data(e) for e in files.pending]
            if state.history.events != files.state["last_event"]:
                raise StoreError(
                    f"{path}: history.events is {state.history.events} but last_event is "
                    f"{files.state['last_event']}; restore the file from a backup"
                )
            store = cls(files, replay(state, pending), ruleset, events, recent, memo)
            store.repaired = len(pending)
            if pending and files.is_open:
                files.save_state_only(campaign_data(store.state))
        except BaseException:
            files.close()
            raise
        return store

    @classmethod
    def create(
        cls,
        path: Path,
        campaign: Campaign,
        catalog: Catalog,
        *,
        recent: int = 0,
        memo: Memo | None = None,
    ) -> CampaignStore:
        """A new campaign file at `path` (refusing to replace one)."""
        ruleset = _ruleset(catalog, campaign.ruleset, path)
        files = CampaignFiles.create(path, campaign_data(campaign))
        return cls(files, campaign, ruleset, (), recent, memo)

    def commit(self, outcome: Outcome) -> Event:
        """Save the outcome's event and state; the store's state moves on only if it saved."""
        event = attrs.evolve(outcome.event, at=outcome.event.at or _now())
        expected = self.files.journal.last_seq + 1
        if event.seq != expected:
            raise StoreError(f"event {event.seq} does not follow the journal's {expected - 1}")
        try:
            self.files.save(event_data(event), campaign_data(outcome.state))
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
        """The newest `n` saved events, oldest first: only the newest segments are read."""
        journal = self.files.journal
        return [event_from_data(journal.parse(block)) for block in journal.last_blocks(n)]

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
    return "campaign-" + hashlib.sha256(where).hexdigest()[:20]


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


def _ruleset(catalog: Catalog, ruleset_id: str, path: Path) -> Ruleset:
    known = [r.id for r in catalog.rulesets]
    if ruleset_id not in known:
        raise StoreError(
            f"{path}: ruleset: {ruleset_id!r} is not a ruleset this hearthroll knows "
            f"({', '.join(known)}); load its file with --moves"
        )
    return catalog.ruleset(ruleset_id)


def _read_campaign(path: Path, data: dict[str, Any]) -> Campaign:
    body = {k: v for k, v in data.items() if k not in _OWN}
    try:
        campaign: Campaign = shared().structure(body, Campaign)
    except Exception as error:
        raise StoreError(_positioned(path, error)) from None
    return campaign


def _positioned(path: Path, error: BaseException) -> str:
    try:
        positions = locate(path.read_text(encoding="utf-8"))
    except OSError:
        positions = {}
    lines = []
    for key_path, message in problems_of(error):
        full: KeyPath = key_path
        (line, column), _ = nearest(positions, full)
        lines.append(f"{path}:{line}:{column}: {show_path(full) or '(top)'}: {message}")
    return "\n".join(lines)


def check_campaign(
    path: Path, catalog: Catalog, progress: Callable[[int, int], None] | None = None
) -> list[str]:
    """Problems in a campaign file and its journal, each positioned; empty when it is sound.

    It refuses whatever opening the campaign refuses (it reads it the same way, writing
    nothing), then reads every event of the journal and checks the sheets against the ruleset.
    The journal is read one segment at a time; after each, `progress(events read, events)`.
    """
    try:
        store = CampaignStore.read(path, catalog)
    except StoreError as error:
        return str(error).splitlines()
    problems: list[str] = []
    try:
        journal = store.files.journal
        for blocks in journal.iter_segments(0):  # one segment at a time: memory stays flat
            for _ in _events_of(journal, blocks):
                pass
            if progress is not None and blocks:
                progress(blocks[-1].seq, journal.last_seq)
    except StoreError as error:
        problems += str(error).splitlines()
    except Exception as error:  # an event that does not structure: name it in words
        problems.append(f"{journal_folder(path)}: an event cannot be read: {error}")
    return problems


def _check_sheets(path: Path, data: dict[str, Any], state: Campaign, ruleset: Ruleset) -> list[str]:
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

    problems = []
    holds = {h.id for h in ruleset.holds}
    conditions = {c.id for c in ruleset.conditions}
    meters = {m.id for m in ruleset.meters}
    for name, character in state.characters.items():
        base: KeyPath = ("characters", name)
        for hold in character.holds:
            if hold not in holds:
                problems.append(at((*base, "holds", hold), f"unknown hold {hold!r}"))
        for condition in character.conditions:
            if condition not in conditions:
                problems.append(
                    at((*base, "conditions", condition), f"unknown condition {condition!r}")
                )
        for meter, value in character.meters.items():
            if meter not in meters:
                problems.append(at((*base, "meters", meter), f"unknown meter {meter!r}"))
                continue
            low = ruleset.meter(meter).min
            high = character.maxima.get(meter, ruleset.meter(meter).max)
            if value < low or (high is not None and value > high):
                problems.append(at((*base, "meters", meter), f"{value} is outside {low} to {high}"))
        if character.level < 1 or character.xp < 0 or character.rerolls_left < 0:
            problems.append(at(base, "level is at least 1; XP and rerolls are not negative"))
        problems += _check_assets(at, base, character.assets or ())
    problems += _check_tracks(at, state.tracks or ())
    steading = state.steading
    spec = ruleset.steading
    if steading is not None and spec is not None:
        if steading.size not in spec.sizes:
            problems.append(at(("steading", "size"), f"size is one of {', '.join(spec.sizes)}"))
        if steading.season not in spec.seasons:
            problems.append(
                at(("steading", "season"), f"season is one of {', '.join(spec.seasons)}")
            )
        flags = {f.id for f in spec.flags}
        for flag in steading.flags:
            if flag not in flags:
                problems.append(at(("steading", "flags"), f"unknown flag {flag!r}"))
        for stat_id, value in steading.stats.items():
            stat = next((s for s in spec.stats if s.id == stat_id), None)
            if stat is None:
                problems.append(at(("steading", "stats", stat_id), f"unknown stat {stat_id!r}"))
            elif (stat.min is not None and value < stat.min) or (
                stat.max is not None and value > stat.max
            ):
                problems.append(at(("steading", "stats", stat_id), f"{value} is out of bounds"))
    return problems


def _check_assets(
    at: Callable[[KeyPath, str], str], base: KeyPath, assets: Sequence[Asset]
) -> list[str]:
    from hearthroll.core.games.assets import LIMITS, VEHICLE_TYPES

    problems = []
    for asset in assets:
        where: KeyPath = (*base, "assets")
        if asset.kind not in LIMITS:
            problems.append(at(where, f"{asset.name}: an asset is a companion or a vehicle"))
            continue
        low, high = LIMITS[asset.kind]
        if not low <= asset.max <= high:
            problems.append(at(where, f"{asset.name}: a {asset.kind}'s max is {low} to {high}"))
        if not 0 <= asset.value <= asset.max:
            problems.append(at(where, f"{asset.name}: {asset.value} is outside 0 to {asset.max}"))
        if asset.kind == "vehicle" and asset.type not in VEHICLE_TYPES:
            problems.append(
                at(where, f"{asset.name}: a vehicle's type is one of {', '.join(VEHICLE_TYPES)}")
            )
    return problems


def _check_tracks(at: Callable[[KeyPath, str], str], tracks: Sequence[Track]) -> list[str]:
    from hearthroll.core.games.progress import FULL, KINDS, RANKS

    problems = []
    for track in tracks:
        if track.rank not in RANKS:
            problems.append(at(("tracks",), f"{track.name}: rank is one of {', '.join(RANKS)}"))
        if track.kind not in KINDS:
            problems.append(at(("tracks",), f"{track.name}: kind is one of {', '.join(KINDS)}"))
        if not 0 <= track.ticks <= FULL:
            problems.append(
                at(("tracks",), f"{track.name}: ticks are 0 to {FULL}, not {track.ticks}")
            )
    return problems


def is_campaign_file(path: Path) -> bool:
    """True when a TOML file looks like a campaign (it names a ruleset and has no moves)."""
    try:
        head = path.read_text(encoding="utf-8")[:4096]
    except (OSError, UnicodeDecodeError):
        return False
    return "last_event" in head and "[[moves]]" not in head
