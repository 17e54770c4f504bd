"""A campaign on disk: its state file, its journal beside it, and the lock that guards both.

`NAME.toml` holds the campaign's state (small, rewritten atomically after every event) and
`NAME.journal/` its events. Every save appends the event to the journal and flushes it to disk
*before* rewriting the state, and the state records the last event it includes
(`last_event`). So after a crash at any moment, opening finds the state at most one save
behind the journal, and hands back the events the caller must replay (`pending`).

The state's shape belongs to the caller; this module owns only its `schema_version` and
`last_event` keys.

Each event's record holds the digest of the state file written after it (`digest_of` its
bytes), so opening knows at once whether the state file is still exactly what the events made
(`matches`); when it is not, the caller rebuilds that state from the newest checkpoint and
the events after it, and compares. A new campaign's journal starts with the checkpoint of its
first state (`last_event = 0`), which is what that state is compared with.

Damage found in the journal where opening does not look (an older segment, a checkpoint) is
remembered in its damage note (`damage_note`); opening hands its words back in `damage`.

The files are private: created 0600 (the folders hearthroll creates, 0700), and a file replaced
keeps the mode it had.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from types import TracebackType
from typing import Any, Self

import tomli_w

from hearthroll.store import damage_note, journal_toml
from hearthroll.store.atomic import (
    atomic_write,
    clean_orphans,
    fsync_file,
    fsync_folder,
    make_folder,
    open_first_free,
    os_reason,
    write_all,
)
from hearthroll.store.digests import sha256
from hearthroll.store.errors import StateWriteError, StoreError
from hearthroll.store.journal import (
    DEFAULT_SEGMENT_SIZE,
    DIGEST_KEY,
    Journal,
    JournalReader,
    digest_of,
    recorded_digest,
)
from hearthroll.store.lock import Busy, Lock, take
from hearthroll.store.toml_positions import MAX_NESTING, locate, nearest, too_deep

SCHEMA_VERSION = 1
"""The campaign file format this hearthroll writes."""

MAX_STATE_BYTES = 16 * 1024 * 1024
"""A state file larger than this is refused before it is parsed."""

Migration = Callable[[dict[str, Any]], dict[str, Any]]
"""Turns a state of schema version `v` into one of version `v + 1`."""

MIGRATIONS: dict[int, Migration] = {}
"""`{old_version: migration}`; each is applied in turn until the state is current."""

OWN_KEYS = ("schema_version", "last_event")

KeyPath = tuple[str | int, ...]
"""Where a value stands in a TOML document: `("characters", "Brannoc", "xp")`."""


def lock_path(path: Path) -> Path:
    """The lock file that guards the campaign `path`."""
    return path.with_name(path.name + ".lock")


def journal_folder(path: Path) -> Path:
    """The journal folder of the campaign `path`: `NAME.journal` beside `NAME.toml`."""
    return path.with_suffix(".journal")


class CampaignFiles:
    """An open campaign: it holds the lock until `close()` (or the end of a `with` block).

    Open one with `CampaignFiles.open(path)` or `CampaignFiles.create(path, state)`. Save from
    one thread at a time.
    """

    def __init__(self, path: Path, journal: JournalReader, lock: Lock | None) -> None:
        self.path = path
        self.journal = journal
        self._lock: Lock | None = lock
        self.state: dict[str, Any] = {}
        """The state as read when the campaign was opened (or as created)."""
        self.pending: list[dict[str, Any]] = []
        """Events saved after that state was written, oldest first: replay them onto it."""
        self.migrated_from: int | None = None
        """The schema version the state file had, if it was migrated on opening."""
        self.state_digest: bytes | None = None
        """A digest of the state file's bytes as last read or written here; None when a write
        may have failed and what is on disk is not known."""
        self.recorded: str | None = None
        """The digest the journal recorded for the state at the state file's `last_event`
        (None: not recorded, by an older hearthroll, or no event yet)."""
        self.matches: bool | None = None
        """Whether the state file's bytes are exactly those the journal recorded when it was
        read: None when the journal recorded nothing to compare with."""
        self.damage: tuple[str, ...] | None = (
            damage_note.read(journal.folder) if journal.damage_noted else None
        )
        """Damage found earlier in the journal where opening does not look, in `check`'s
        words, until the journal is found sound again (None: none is known)."""

    @classmethod
    def open(
        cls,
        path: Path,
        *,
        segment_size: int = DEFAULT_SEGMENT_SIZE,
        migrations: Mapping[int, Migration] | None = None,
    ) -> Self:
        """Lock the campaign at `path` and read its state and the events it has not caught up on.

        Raises:
            StoreError: the campaign is open elsewhere, missing, unreadable, damaged, or was
                written by a newer hearthroll.
        """
        lock = acquire(path)
        try:
            clean_orphans(path)
            if not path.exists():
                raise StoreError(
                    f"there is no campaign at {path}. Check the name and the folder, or create "
                    "a new campaign there."
                )
            files = cls._read(path, segment_size, migrations, Journal, lock)
            if files.journal.note_temps:  # a check or an app cut short writing the note
                clean_orphans(damage_note.note_path(files.journal.folder))
        except BaseException:
            lock.release()
            raise
        return files

    @classmethod
    def read(
        cls,
        path: Path,
        *,
        segment_size: int = DEFAULT_SEGMENT_SIZE,
        migrations: Mapping[int, Migration] | None = None,
    ) -> Self:
        """Read the campaign at `path` without writing a byte or taking the lock.

        It works while another process holds the campaign open, and on a full disk: a torn last
        event is ignored, not cut, and the events the state has not caught up on are handed
        back in `pending` for the caller to replay in memory. Saving is refused.
        """
        if not path.exists():
            raise StoreError(
                f"there is no campaign at {path}. Check the name and the folder, or create "
                "a new campaign there."
            )
        return cls._read(path, segment_size, migrations, JournalReader, None)

    @classmethod
    def _read(
        cls,
        path: Path,
        segment_size: int,
        migrations: Mapping[int, Migration] | None,
        kind: type[JournalReader],
        lock: Lock | None,
    ) -> Self:
        # The state is read before the journal: a writer appends to the journal before it
        # replaces the state, so the journal read after it is never behind it.
        data = read_state_bytes(path)
        state, old_version = migrate(parse_state(path, data), path, migrations, data)
        last_event = state["last_event"]
        journal = kind(journal_folder(path), segment_size, acknowledged=last_event)
        if journal.last_seq < last_event:
            raise StoreError(
                f"{place(path, ('last_event',), data)}: last_event: the state includes events up "
                f"to {last_event}, but the "
                f"journal {journal.folder} ends at event {journal.last_seq}. Restore the "
                "journal folder from a backup."
            )
        if journal.first_seq > 1:  # known from the folder's listing: as `check` says
            raise journal.missing_events()
        missing = journal.missing_error(path)
        if missing is not None:
            raise missing
        files = cls(path, journal, lock)
        files.state = state
        files.state_digest = digest(data)
        files.pending = journal.events_after(last_event)
        files.migrated_from = old_version
        files.recorded = digest_at(journal, last_event)
        if files.recorded is not None:
            files.matches = digest_of(data) == files.recorded
        return files

    @classmethod
    def open_journal(cls, path: Path, *, segment_size: int = DEFAULT_SEGMENT_SIZE) -> Self:
        """Lock the campaign at `path` and open its journal for writing, whatever its state
        file holds (for `repair`, which rebuilds that file from the journal).

        `state` is empty; an unsealed last event is damage if the state file (when it can be
        read) says it was saved, else a torn write, set aside in quarantine as opening does.
        """
        lock = acquire(path)
        try:
            clean_orphans(path)
            acknowledged = 0
            try:
                found = read_state(path).get("last_event")
                acknowledged = found if type(found) is int and found > 0 else 0
            except StoreError:
                pass
            journal = Journal(journal_folder(path), segment_size, acknowledged=acknowledged)
            if not journal.segments:
                raise StoreError(
                    f"{journal.folder} holds no events, so there is nothing to rebuild "
                    f"{path.name} from."
                )
        except BaseException:
            lock.release()
            raise
        return cls(path, journal, lock)

    @classmethod
    def create(
        cls,
        path: Path,
        state: Mapping[str, Any],
        *,
        segment_size: int = DEFAULT_SEGMENT_SIZE,
    ) -> Self:
        """Start a new campaign at `path` with `state`; refuses to replace an existing one.

        The folder is created if it does not exist yet.
        """
        try:
            make_folder(path.parent, flush=False)  # a full disk is told by the first save
        except OSError as exc:
            raise StoreError(
                f"cannot create the folder {path.parent} for a new campaign: {os_reason(exc)}. "
                "Choose a folder you can write to."
            ) from exc
        lock = acquire(path)
        try:
            clean_orphans(path)
            journal = journal_folder(path)
            for existing in (path, journal):
                if existing.exists():
                    raise StoreError(
                        f"{existing} already exists, so a new campaign cannot be created at "
                        f"{path}. Open it instead, or choose another name."
                    )
            first = stamp(state, last_event=0)
            data = render_state(first, path)
            atomic_write(path, data)
            files = cls(path, Journal(journal, segment_size), lock)
            files.state = first
            files.state_digest = digest(data)
            files.recorded = digest_of(data) if files.start_journal(data) else None
        except BaseException:
            lock.release()
            raise
        return files

    def save(
        self,
        event: Mapping[str, Any],
        state: Mapping[str, Any],
        before: Callable[[], Mapping[str, Any]] | None = None,
    ) -> int:
        """Record `event` and the `state` that results from it; return the event's number.

        The event's record gets the digest of the new state file. When the event starts a new
        journal segment, `before()` (the state before the event) is its checkpoint.

        The event is flushed to the journal first, then the state file is replaced. If the
        journal append fails, nothing changed on disk (`StoreError`). If only the state file
        could not be replaced, the event is safe and the state catches up at the next save or
        open (`StateWriteError`, a `StoreError`): do not save that event again.
        """
        journal = self._writer()
        seq = journal.last_seq + 1
        data = render_state(stamp(state, last_event=seq), self.path)
        checkpoint = None
        if before is not None and journal.starts_segment():
            checkpoint = render_state(stamp(before(), last_event=seq - 1), self.path)
        journal.append({**event, DIGEST_KEY: digest_of(data)}, checkpoint)
        self.state_digest = None
        try:
            atomic_write(self.path, data)
        except StoreError as exc:
            cause = exc.__cause__
            reason = os_reason(cause) if isinstance(cause, OSError) else str(exc)
            raise StateWriteError(
                f"event {seq} is saved in the journal, but {self.path} could not be rewritten: "
                f"{reason}. Nothing was lost: the campaign catches up from the journal at the "
                "next save, or the next time it is opened. Free some disk space or fix the "
                "folder's permissions.",
                seq,
            ) from exc
        self.state_digest = digest(data)
        return seq

    def save_state_only(self, state: Mapping[str, Any]) -> None:
        """Rewrite the state after a repair: it now includes every event in the journal."""
        seq = self._writer().last_seq
        data = render_state(stamp(state, last_event=seq), self.path)
        self.state_digest = None
        atomic_write(self.path, data)
        self.state_digest = digest(data)

    def start_journal(self, data: bytes) -> bool:
        """Start the journal of a campaign with no event yet: the checkpoint of its state (the
        state file's bytes `data`, at `last_event = 0`), then its first segment, empty, with
        its header. False when they could not be written now (a full disk): the campaign is
        saved all the same, and the next writer to open it tries again."""
        journal = self._writer()
        try:
            journal.write_checkpoint(1, data)
            journal.start_segment(1, with_header=True)
        except StoreError:
            return False
        return True

    def keep_checkpoint(self, state: Callable[[], Mapping[str, Any]]) -> bool:
        """Give the newest segment a checkpoint of `state()` (the state at the journal's last
        event) if it has none, as a segment started by an older hearthroll has not; a journal
        with no event and no checkpoint (a campaign an older hearthroll created) is started
        as a new one is. False when it has one, or it could not be written now (a full disk:
        the next opening tries again).

        Such a checkpoint proves only what follows it: the state file is taken as it is now
        (a change made to it before cannot be told), and the events before it are not
        replayed by `check`.
        """
        journal = self._writer()
        if not journal.segments and journal.last_seq == 0:
            if journal.has_checkpoint(1):
                return False
            return self.start_journal(render_state(stamp(state(), last_event=0), self.path))
        if not journal.segments or journal.has_checkpoint(journal.segments[-1]):
            return False
        data = render_state(stamp(state(), last_event=journal.last_seq), self.path)
        try:
            journal.write_checkpoint(journal.segments[-1], data)
        except StoreError:
            return False
        return True

    def write_checkpoint(self, first: int, state: Mapping[str, Any]) -> None:
        """Write the checkpoint of segment `first`: `state`, the state before its first event."""
        data = render_state(stamp(state, last_event=first - 1), self.path)
        self._writer().write_checkpoint(first, data)

    def restart_checkpoints(self, state: Mapping[str, Any]) -> None:
        """Start the journal's checkpoints again (for `repair`, when some are lost): `state`,
        the state at the journal's last event, is the checkpoint of a new segment that begins
        at the next event (an empty newest segment that begins there is replaced)."""
        journal = self._writer()
        seq = journal.last_seq + 1
        journal.write_checkpoint(seq, render_state(stamp(state, last_event=seq - 1), self.path))
        journal.start_segment(seq, with_header=True)

    def replace_state(self, state: Mapping[str, Any]) -> Path | None:
        """Write `state` (the state at the journal's last event) over the state file, keeping
        the old file first as `NAME.toml.before-repair-N`; return where it was kept (None when
        there was no state file)."""
        journal = self._writer()
        data = render_state(stamp(state, last_event=journal.last_seq), self.path)
        kept = keep_aside(self.path, BEFORE_REPAIR)
        self.state_digest = None
        atomic_write(self.path, data)
        self.state_digest = digest(data)
        return kept

    def _writer(self) -> Journal:
        """The journal to append to: only while the lock is held."""
        if not isinstance(self.journal, Journal):
            raise StoreError(f"{self.path} was opened only to read; open it to save.")
        if self._lock is None:
            raise StoreError(f"{self.path} was closed; open it again to save.")
        return self.journal

    @property
    def is_open(self) -> bool:
        """True until `close()`: the lock is held and saving is allowed."""
        return self._lock is not None

    def close(self) -> None:
        """Release the lock; saving is refused from then on. Closing twice is harmless."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def digest_at(journal: JournalReader, seq: int) -> str | None:
    """The digest the journal recorded for the state after event `seq` (None: none recorded);
    for the state before any event, that of the first segment's checkpoint, which a new
    campaign's journal starts with."""
    if seq == 0:
        return first_digest(journal)
    if seq < max(journal.first_seq, 1) or seq > journal.last_seq:
        return None
    for blocks in journal.iter_segments(seq - 1):
        return recorded_digest(blocks[0]) if blocks else None
    return None


_LAST_EVENT_LINE = re.compile(rb"^last_event = (\d+)$", re.MULTILINE)


def first_digest(journal: JournalReader) -> str | None:
    """The digest of the state before event 1, from the first segment's checkpoint (None: it
    has none, or it holds a later state, as one an older hearthroll's journal was given)."""
    if not journal.has_checkpoint(1):
        return None
    data = journal.checkpoint(1)
    if data is None:
        return None
    head = _LAST_EVENT_LINE.search(data, 0, 4096)
    return digest_of(data) if head is not None and head.group(1) == b"0" else None


BEFORE_REPAIR = ".before-repair-"
"""Between a state file's name and the number of a copy `repair` kept of it."""


def keep_aside(path: Path, mark: str) -> Path | None:
    """Copy `path` to the first free `NAME<mark>N` beside it, flushed to disk; None when
    `path` does not exist. Never replaces a file."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StoreError(f"cannot read {path}: {os_reason(exc)}; nothing was changed.") from exc
    try:
        fd, kept = open_first_free(path, mark)
    except OSError as exc:
        raise StoreError(
            f"cannot keep a copy of {path} as {exc.filename}: {os_reason(exc)}; "
            "nothing was changed."
        ) from exc
    try:
        write_all(fd, data)
        fsync_file(fd)
    except OSError as exc:
        os.close(fd)
        kept.unlink(missing_ok=True)
        raise StoreError(
            f"cannot keep a copy of {path} as {kept}: {os_reason(exc)}; nothing was changed. "
            "Free some disk space and try again."
        ) from exc
    os.close(fd)
    fsync_folder(path.parent)
    return kept


def digest(data: bytes) -> bytes:
    """A digest of a state file's bytes (to know them again without parsing them)."""
    return sha256(data).digest()


def acquire(path: Path) -> Lock:
    """Take the campaign's lock at once, or explain who holds it."""
    where = lock_path(path)
    try:
        lock = take(where)
    except Busy:
        raise StoreError(
            f"{path} is open in another hearthroll (lock file {where}); close it there first."
        ) from None
    except OSError as exc:
        raise StoreError(
            f"cannot lock {path}: the lock file {where} cannot be created ({os_reason(exc)}). "
            "Check the folder's permissions."
        ) from exc
    return lock


def stamp(state: Mapping[str, Any], *, last_event: int) -> dict[str, Any]:
    """`state` with the keys this module owns set, and placed first in the file."""
    rest = {key: value for key, value in state.items() if key not in OWN_KEYS}
    return {"schema_version": SCHEMA_VERSION, "last_event": last_event, **rest}


def render_state(state: Mapping[str, Any], path: Path) -> bytes:
    """The bytes of a state file; refuses a state TOML cannot hold before anything is written."""
    try:
        return tomli_w.dumps(state).encode()
    except (TypeError, ValueError) as exc:
        raise StoreError(
            f"the state for {path} cannot be written as TOML: {exc}. Every value must be "
            "text, a number, true/false, a date, or a list or table of those (no None). "
            "Nothing was saved."
        ) from exc


TOML_POSITION = re.compile(r"\s*\(at line (\d+), column (\d+)\)$")
TOML_AT_END = re.compile(r"\s*\(at end of document\)$")


def end_of(text: str) -> tuple[int, int]:
    """The line and column just after the last character of `text` (where a TOML reader that
    ran out of text stopped)."""
    return text.count("\n") + 1, len(text) - (text.rfind("\n") + 1) + 1


def place(path: Path, key_path: KeyPath, data: bytes | None = None) -> str:
    """`path:line:col` of the key `key_path` in the file (its bytes `data`, else read now): of
    its nearest table when the key is missing, or 1:1 (the top) when that is missing too."""
    try:
        text = data.decode("utf-8") if data is not None else path.read_text(encoding="utf-8")
        positions = locate(text)
    except (OSError, UnicodeDecodeError):
        positions = {}
    (line, column), _ = nearest(positions, key_path)
    return f"{path}:{line}:{column}"


def read_state(path: Path) -> dict[str, Any]:
    """Parse the state file, refusing one that is too large, not UTF-8 or not TOML."""
    return parse_state(path, read_state_bytes(path))


def read_state_bytes(path: Path) -> bytes:
    """The state file's bytes, refusing a file too large to be a campaign."""
    try:
        size = path.stat().st_size
        if size > MAX_STATE_BYTES:
            raise StoreError(
                f"{path} is {size / 2**20:.1f} MiB, larger than a campaign state can be "
                f"({MAX_STATE_BYTES // 2**20} MiB); it is probably not a hearthroll campaign. "
                "Check the file name."
            )
        return path.read_bytes()
    except OSError as exc:
        raise StoreError(
            f"cannot read {path}: {os_reason(exc)}. Check that the file is there and readable."
        ) from exc


def parse_state(path: Path, data: bytes) -> dict[str, Any]:
    """The state file's bytes as TOML, refusing bytes that are not UTF-8 or not TOML.

    The shape hearthroll writes is read by the journal's quick reader (it also keeps `tomllib`'s
    import off every command that opens a campaign); anything else, a hand edit or damage, by
    `tomllib`, which names what is wrong.
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise StoreError(
            f"{path}:{line}:{column}: the file is not UTF-8 text. Save it as UTF-8 or restore "
            "it from a backup."
        ) from None
    deep = too_deep(text)
    if deep is not None:
        raise StoreError(
            f"{path}:{deep[0]}:{deep[1]}: arrays or tables nest deeper than {MAX_NESTING} "
            "levels here; no campaign needs that. Fix the file there, or restore it from a backup."
        )
    try:
        return journal_toml.read(text)
    except ValueError as exc:  # tomllib's TOMLDecodeError
        message = str(exc)
        found = TOML_POSITION.search(message)
        ended = found is None and TOML_AT_END.search(message)
        if found is not None:
            where = f"{path}:{found.group(1)}:{found.group(2)}"
            what = message[: found.start()]
        elif ended:
            line, column = end_of(text)
            where = f"{path}:{line}:{column}"
            what = message[: ended.start()] + " at the end of the file"
        else:
            where, what = str(path), message
        raise StoreError(
            f"{where}: {what[:1].lower() + what[1:]}. Fix the TOML there, or restore the file "
            "from a backup."
        ) from None


def migrate(
    state: dict[str, Any],
    path: Path,
    migrations: Mapping[int, Migration] | None,
    data: bytes | None = None,
) -> tuple[dict[str, Any], int | None]:
    """Bring `state` (read from the file `path`, whose bytes are `data`) to `SCHEMA_VERSION`;
    return it and the version it had if it was older."""
    version = state.get("schema_version")
    if type(version) is not int:
        found = "missing" if version is None else f"{version!r} is not a whole number"
        raise StoreError(
            f"{place(path, ('schema_version',), data)}: schema_version: {found}. A hearthroll "
            f"campaign starts with `schema_version = {SCHEMA_VERSION}`; check that this is a "
            "campaign file."
        )
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"{place(path, ('schema_version',), data)}: schema_version: {version} was written "
            f"by a newer hearthroll (this one reads up to {SCHEMA_VERSION}). Upgrade hearthroll "
            "to open it."
        )
    steps = MIGRATIONS if migrations is None else migrations
    old = version if version < SCHEMA_VERSION else None
    while version < SCHEMA_VERSION:
        step = steps.get(version)
        if step is None:
            raise StoreError(
                f"{place(path, ('schema_version',), data)}: schema_version: {version} is too old "
                "for this hearthroll to migrate. Open it with an older release first, or restore "
                "a newer backup."
            )
        state = step(state)
        version += 1
        state["schema_version"] = version
    last_event = state.get("last_event")
    if type(last_event) is not int or last_event < 0:
        found = "missing" if last_event is None else f"{last_event!r} is not a whole number ≥ 0"
        raise StoreError(
            f"{place(path, ('last_event',), data)}: last_event: {found}. It counts the events "
            "the state includes; restore the file from a backup."
        )
    return state, old
