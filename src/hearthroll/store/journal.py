"""The event journal: append-only TOML segments, each event fsynced and sealed by a checksum.

A journal is a folder of segment files named after the number (`seq`) of their first event:
`00000001.toml`, `00001001.toml`, … Each event is one `[[events]]` table followed by an end
line, `# end <seq> <crc32>`, whose checksum covers the table's bytes. A complete segment is
plain TOML (an array of tables and comments), so it can be read by any TOML tool.

Reading and writing are two classes. A `JournalReader` never writes a byte and takes no lock,
so `state`, `log` and `check` work while the app holds the campaign open, or on a full disk; it
reads segment by segment (`segments`, `segment_blocks`, `iter_segments`), only the newest when
opened, and any older one only when asked. A `Journal` is the writer: use it only while holding
the campaign's lock.

A crash while an event was being appended leaves at most that one event *torn* at the end of the
newest segment: bytes after the last sealed event that hold no complete end line. It was never
acknowledged. A reader leaves it where it is and ignores it; the writer moves those bytes to a
quarantine file beside the segment (`00000001.toml.torn-1`) before cutting them off, so nothing
is lost. A complete event whose checksum fails is damage, wherever it is: it is refused with its
file and line, and nothing is changed.

Each event written by this hearthroll records `digest`, a short SHA-256 of the state file it
produced (see `campaign_files.state_digest`); an event without one (from an older hearthroll)
says nothing about the state. Beside each segment, a *checkpoint* (`00000001.checkpoint.toml`)
holds the whole state as a state file at one event (`last_event`): the state before the
segment's first event, written just before the segment is started, or, for a segment started by
an older hearthroll, the state when a writer first opened it. A checkpoint ends in a line that
seals it, `# sealed <digest>`. From a checkpoint and the events after it, the state at any later
event can be rebuilt without reading older segments. A new campaign's journal starts with the
checkpoint of the state `new` wrote (`last_event = 0`), so even that state is known.

A segment this hearthroll starts opens with a header: `journal_format = 2`, then
`checkpoints_from = N` (from segment `N` on, every segment has its checkpoint), then a line
sealing the two, `# header <crc32>`. Its first line is the one promise every hearthroll keeps:
a segment whose format is newer than this one reads (`JOURNAL_FORMAT`) is refused before
anything else in it is read. A segment without a header is format 1 (events with or without
digests, checkpoints where a writer gave them); it is read as it is, never rewritten. A segment
gets a header only once its checkpoint is on disk, so a missing checkpoint of a segment at or
after the newest header's `checkpoints_from` was lost, not never written, and is refused.

Opening reads only the newest segment; `older_damage` reads the others and every checkpoint's
seal (the app does, behind its table), and what it or `check` finds is kept in the folder's
damage note (`damage_note`), which the listing notices. Segments, checkpoints and quarantine
files are created private (0600), the folder 0700.
"""

from __future__ import annotations

import bisect
import contextlib
import itertools
import os
import re
import zlib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, NamedTuple

import tomli_w

from hearthroll.store import damage_note, journal_toml
from hearthroll.store.atomic import (
    PRIVATE_FILE,
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
from hearthroll.store.errors import StoreError

DEFAULT_SEGMENT_SIZE = 1000
"""Events per segment file unless the journal is told otherwise."""

SEGMENT_NAME = re.compile(r"^(\d+)\.toml$")
END_LINE = b"# end "
TABLE_HEADER = "[events]\n"
AOT_HEADER = "[[events]]\n"
CHECKPOINT_SUFFIX = ".checkpoint.toml"
SEAL = b"# sealed "
DIGEST_KEY = "digest"
"""The key of an event's record that holds the digest of the state it produced."""
_DIGEST_LINE = re.compile(rb'^digest = "([0-9a-f]{1,64})"$', re.MULTILINE)
CHECKPOINT_NAME = re.compile(r"^(\d+)\.checkpoint\.toml$")

JOURNAL_FORMAT = 2
"""The newest journal format this hearthroll reads, and the one it writes."""
FORMAT_KEY = b"journal_format = "
_FORMAT_LINE = re.compile(rb"journal_format = (\d{1,9})\n")
_HEADER = re.compile(
    rb"journal_format = 2\ncheckpoints_from = ([1-9]\d{0,11})\n# header ([0-9a-f]{8})\n"
)


class Header(NamedTuple):
    """What a segment's header says (format 1, `checkpoints_from` None: it has none)."""

    format: int
    checkpoints_from: int | None
    size: int
    """Its bytes (0 without a header)."""
    lines: int


NO_HEADER = Header(1, None, 0, 0)


def render_header(checkpoints_from: int) -> bytes:
    """The header of a segment this hearthroll starts."""
    body = b"journal_format = %d\ncheckpoints_from = %d\n" % (JOURNAL_FORMAT, checkpoints_from)
    return body + b"# header %08x\n" % zlib.crc32(body)


def read_header(data: bytes, path: Path) -> Header:
    """The header a segment's bytes open with (`NO_HEADER` when they open with no header).

    Raises:
        StoreError: the segment was written by a newer hearthroll, or its header is damaged.
    """
    if not data.startswith(FORMAT_KEY):
        return NO_HEADER
    line = _FORMAT_LINE.match(data)
    if line is not None and int(line.group(1)) > JOURNAL_FORMAT:
        raise StoreError(
            f"{path}:1: journal_format: this journal was written by a newer hearthroll (journal "
            f"format {int(line.group(1))}, this one reads up to {JOURNAL_FORMAT}): upgrade "
            "hearthroll to open it. Nothing was changed."
        )
    found = _HEADER.match(data)
    if found is None or found.group(2) != b"%08x" % zlib.crc32(data[: found.start(2) - 9]):
        # (`found.start(2) - 9`: where `# header ` begins, the end of the lines it seals)
        raise StoreError(
            f"{path}:1: the segment's header is damaged: it is not `journal_format = "
            f"{JOURNAL_FORMAT}`, `checkpoints_from = N` and `# header` with their checksum. "
            "Nothing was changed. Restore this file from a backup."
        )
    return Header(JOURNAL_FORMAT, int(found.group(1)), found.end(), 3)


def digest_of(data: bytes) -> str:
    """The short digest hearthroll records for a state file's bytes: 16 hex digits of SHA-256."""
    return sha256(data).hexdigest()[:16]


def checkpoint_name(first_seq: int) -> str:
    """The file name of the checkpoint of the segment whose first event is `first_seq`."""
    return f"{first_seq:08d}{CHECKPOINT_SUFFIX}"


def seal(data: bytes) -> bytes:
    """A checkpoint's bytes: the state file's bytes and the line that seals them."""
    return data + SEAL + digest_of(data).encode() + b"\n"


def recorded_digest(block: Block) -> str | None:
    """The digest of the state an event produced, as its record holds it (None: not recorded).

    Read from the event's own keys only (those before its first sub-table), without parsing it.
    """
    own = block.data.split(b"\n[", 1)[0]
    found = _DIGEST_LINE.search(own)
    return found.group(1).decode() if found else None


class Block(NamedTuple):
    """One sealed event as stored: its table's bytes (without the end line) and where it is."""

    seq: int
    data: bytes
    line: int
    """The line of its `[[events]]` header in the segment file, counting from 1."""


def segment_name(first_seq: int) -> str:
    """The file name of the segment whose first event is `first_seq`."""
    return f"{first_seq:08d}.toml"


def render_block(seq: int, event: Mapping[str, Any]) -> bytes:
    """Event number `seq` as it is appended: an `[[events]]` table, then the end line sealing it.

    Raises:
        ValueError: the event has its own `seq` key (the journal numbers events itself).
        StoreError: the event holds a value TOML cannot store (such as None).
    """
    if "seq" in event:
        raise ValueError("an event must not carry its own 'seq'; the journal numbers events")
    try:
        text = tomli_w.dumps({"events": {"seq": seq, **event}})
    except (TypeError, ValueError) as exc:
        raise StoreError(
            f"event {seq} cannot be written as TOML: {exc}. Every value must be text, a "
            "number, true/false, a date, or a list or table of those (no None)."
        ) from exc
    # `seq` is a plain value, so tomli_w always opens the table with `[events]`; the sub-tables
    # it writes (`[events.deltas]`, `[[events.dice]]`) belong to the newest `[[events]]` entry.
    data = (AOT_HEADER + text.removeprefix(TABLE_HEADER)).encode()
    return data + end_line(seq, data)


def end_line(seq: int, data: bytes) -> bytes:
    """The line that seals event `seq` whose table is `data`."""
    return b"%s%d %08x\n" % (END_LINE, seq, zlib.crc32(data))


class Scan(NamedTuple):
    """What reading one segment file found."""

    blocks: list[Block]
    sealed_size: int
    """Bytes from the start of the file to the end of its last sealed event."""
    lines: int
    """Lines in those bytes."""
    damage: str | None
    """Why the bytes after `sealed_size` are not a sealed event, if any follow."""
    torn: bool
    """True when those bytes can only be one event cut short by a crash (never acknowledged)."""
    unsealed: int = 0
    """How many bytes follow the last sealed event."""
    header: Header = NO_HEADER


def scan_last(data: bytes, first_seq: int, end_seq: int, k: int, path: Path) -> list[Block] | None:
    """The last `k` sealed events of a whole segment that holds events `first_seq` to
    `end_seq - 1`, found from the file's end without reading the events before them; None
    when its end is not that (damage, a tear), for `scan_segment` to read and name.

    Only the events asked for are checked against their end lines, as a reader of them needs;
    `check` and the whole-log readers read every event of every segment.
    """
    count = end_seq - first_seq
    if not 0 < k < count or not data.endswith(b"\n"):
        return None
    ends: list[tuple[int, int]] = []  # each end line's start and the end of its line
    stop = len(data)
    for _ in range(k + 1):  # the events asked for, and the end line before the first of them
        at = data.rfind(b"\n" + END_LINE, 0, stop - 1)
        if at == -1:
            return None
        eol = data.find(b"\n", at + 1) + 1
        if (eol != stop) if not ends else (eol > stop):
            return None  # the last end line ends the file; each one before, before its event
        ends.append((at + 1, eol))
        stop = at + 1
    read_header(data, path)  # a newer hearthroll's segment is refused, as everywhere
    before = ends.pop()[1]  # where the first event asked for begins
    blocks: list[Block] = []
    lines = data.count(b"\n", 0, before)
    seq = end_seq - k
    for mark, stop in reversed(ends):
        body = data[before:mark]
        if not body.startswith(AOT_HEADER.encode()) or data[mark:stop] != end_line(seq, body):
            return None
        blocks.append(Block(seq, body, lines + 1))
        lines += body.count(b"\n") + 1
        before, seq = stop, seq + 1
    return blocks if before == len(data) else None


def scan_segment(data: bytes, first_seq: int, path: Path | None = None) -> Scan:
    """Split a segment's bytes into its header, its sealed events and whatever follows the
    last of them.

    Raises:
        StoreError: the segment was written by a newer hearthroll, or its header is damaged.
    """
    header = read_header(data, path or Path(segment_name(first_seq)))
    blocks: list[Block] = []
    start = header.size
    lines = header.lines
    while True:
        at = data.find(b"\n" + END_LINE, start)
        if at == -1:
            break
        mark = at + 1
        eol = data.find(b"\n", mark)
        if eol == -1:
            break
        seq = first_seq + len(blocks)
        body = data[start:mark]
        if data[mark : eol + 1] != end_line(seq, body):
            break
        blocks.append(Block(seq, body, lines + 1))
        lines += body.count(b"\n") + 1
        start = eol + 1
    rest = data[start:]
    if not rest:
        return Scan(blocks, start, lines, None, torn=False, header=header)
    seq = first_seq + len(blocks)
    following = rest.find(b"\n" + AOT_HEADER.encode())
    own = rest if following == -1 else rest[: following + 1]
    at = own.find(b"\n" + END_LINE)
    eol = own.find(b"\n", at + 1) if at != -1 else -1
    if eol == -1:
        why = f"event {seq} has no end line"
    else:
        why = f"event {seq} does not match its end line (wrong checksum or number)"
    # A crash tears only the last append: one event with nothing after it, and either without a
    # complete end line (the last thing written) or holding NUL bytes, the mark of a page the
    # disk never wrote (hearthroll's TOML never holds a NUL). Any other event that fails its
    # checksum was changed after it was saved: damage, not a tear.
    torn = following == -1 and (eol == -1 or b"\x00" in own)
    return Scan(blocks, start, lines, why, torn, len(rest), header)


class JournalReader:
    """The events of one campaign, in order, numbered 1, 2, … by `seq`, read without writing.

    Opening reads only the newest segment. A torn last event there is left on disk and ignored
    (`torn_bytes` says how long it is); damage anywhere is a `StoreError` naming file and line.
    """

    def __init__(
        self, folder: Path, segment_size: int = DEFAULT_SEGMENT_SIZE, *, acknowledged: int = 0
    ) -> None:
        """Read the journal in `folder`.

        Args:
            acknowledged: the newest event known to have been saved (the state file's
                `last_event`): an unsealed event at or below it cannot be a torn append, so it
                is reported as damage.
        """
        if segment_size < 1:
            raise ValueError(f"segment_size must be at least 1, not {segment_size}")
        self.folder = folder
        self.segment_size = segment_size
        self.torn_bytes = 0
        """Bytes of a torn last event after the newest sealed one (0 when there is none)."""
        self.header = NO_HEADER
        """The newest segment's header."""
        self.damage_noted = False
        """True when the folder's listing held a damage note (`damage_note`)."""
        self.note_temps = False
        """True when it held a temp file an interrupted write of the note left."""
        self._checkpoints: set[int] = set()
        self._firsts = self._list_segments()
        self._tail: list[Block] = []
        self._tail_size = 0
        self._tail_lines = 0
        self._last_seq = 0
        if self._firsts:
            self._open_newest(acknowledged)

    @property
    def last_seq(self) -> int:
        """The number of the newest event, 0 for an empty journal."""
        return self._last_seq

    @property
    def first_seq(self) -> int:
        """The number of the oldest event the journal holds (1 unless old segments were moved)."""
        return self._firsts[0] if self._firsts else 1

    @property
    def segments(self) -> tuple[int, ...]:
        """The first event number of each segment, oldest first."""
        return tuple(self._firsts)

    def __len__(self) -> int:
        return self._last_seq - self.first_seq + 1

    def segment_path(self, first_seq: int) -> Path:
        """The segment file whose first event is `first_seq`."""
        return self.folder / segment_name(first_seq)

    def segment_blocks(self, index: int) -> list[Block]:
        """The sealed events of segment number `index` (0 is the oldest, -1 the newest).

        The newest is held since opening; an older one is read now, and must be whole.
        """
        index = range(len(self._firsts))[index]
        if index == len(self._firsts) - 1:
            return list(self._tail)
        return self._read_sealed(index)

    def iter_segments(self, after: int = 0) -> Iterator[list[Block]]:
        """The events numbered above `after`, one segment's worth at a time, oldest first.

        Each segment file is read only when its turn comes, so a caller that stops early (or
        starts late) reads only the segments it uses.
        """
        if after >= self._last_seq:
            return
        wanted = max(after, 0) + 1
        if wanted < self.first_seq:
            raise self.missing_events(wanted)
        first = bisect.bisect_right(self._firsts, wanted) - 1
        for index in range(first, len(self._firsts)):
            yield [b for b in self.segment_blocks(index) if b.seq >= wanted]

    def events_after(self, seq: int) -> list[dict[str, Any]]:
        """Every event numbered above `seq`, oldest first; reads only the segments holding them."""
        return [self.parse(block) for block in self.blocks_after(seq)]

    def blocks_after(self, seq: int) -> list[Block]:
        """The sealed bytes of every event numbered above `seq`, oldest first."""
        return [block for blocks in self.iter_segments(seq) for block in blocks]

    def last(self, n: int = 1) -> list[dict[str, Any]]:
        """The newest `n` events, oldest first (fewer if the journal holds fewer)."""
        return [self.parse(block) for block in self.last_blocks(n)]

    @property
    def newest_held(self) -> int:
        """How many events the newest segment holds (read already, when the journal opened)."""
        return len(self._tail)

    def last_blocks(self, n: int) -> list[Block]:
        """The sealed bytes of the newest `n` events, oldest first: of an older segment, only
        its last events are read (from its end), as many as are still wanted."""
        need = min(n, self._last_seq - self.first_seq + 1)
        found: list[Block] = []
        for index in reversed(range(len(self._firsts))):
            if len(found) >= need:
                break
            want = need - len(found)
            blocks = self._tail if index == len(self._firsts) - 1 else self._last_of(index, want)
            found = list(blocks[-want:]) + found
        return found

    def tails(self, index: int, k: int) -> Iterator[list[Block]]:
        """Ever longer runs of the newest events of segment number `index`, oldest first: its
        last `k` events, then four times as many, and so on up to all of them; for a reader
        that walks back until it finds what it wants (where the last session begins). An older
        segment's file is read once, and its end only, until the whole of it is asked for."""
        index = range(len(self._firsts))[index]
        if index == len(self._firsts) - 1:
            held = self._tail
            while k < len(held):
                yield held[-k:]
                k *= 4
            yield list(held)
            return
        first, end = self._firsts[index], self._firsts[index + 1]
        path = self.segment_path(first)
        data = self._read(path)
        while k < end - first:
            found = scan_last(data, first, end, k, path)
            if found is None:
                break
            yield found
            k *= 4
        yield self._sealed(first, end, data)

    def _last_of(self, index: int, k: int) -> list[Block]:
        """The last `k` events of older segment number `index` (all of it, read whole, when
        its end cannot be read so)."""
        first = self._firsts[index]
        end = self._firsts[index + 1]
        path = self.segment_path(first)
        found = scan_last(self._read(path), first, end, k, path)
        return found if found is not None else self._read_sealed(index)

    def checkpoint_path(self, first_seq: int) -> Path:
        """The checkpoint file of the segment whose first event is `first_seq`."""
        return self.folder / checkpoint_name(first_seq)

    def missing_events(self, wanted: int = 1) -> StoreError:
        """The refusal for a journal whose older segments are gone (it starts after `wanted`)."""
        return StoreError(
            f"{self.folder}: the journal starts at event {self.first_seq}, so events "
            f"{wanted} to {self.first_seq - 1} are missing. Put the journal's older segment "
            "files back in the folder."
        )

    def has_checkpoint(self, first_seq: int) -> bool:
        """True when the journal folder held the checkpoint of segment `first_seq` when it was
        listed (or this writer wrote it since)."""
        return first_seq in self._checkpoints

    def missing_checkpoints(self) -> list[int]:
        """The segments that must have a checkpoint and have none: from the newest header's
        `checkpoints_from` on (a hearthroll writes a segment's header only once its checkpoint
        is on disk, so such a checkpoint was lost). Known from the folder's listing alone."""
        since = self.header.checkpoints_from
        if since is None:
            return []
        return [
            first for first in self._firsts if first >= since and not self.has_checkpoint(first)
        ]

    def missing_error(self, state_file: Path) -> StoreError | None:
        """The refusal for the missing checkpoints, if any (see `missing_checkpoints`)."""
        missing = self.missing_checkpoints()
        if not missing:
            return None
        names = ", ".join(str(self.checkpoint_path(first)) for first in missing)
        one = len(missing) == 1
        return StoreError(
            f"{names}: {'this checkpoint is' if one else 'these checkpoints are'} missing. The "
            f"journal keeps a checkpoint beside every segment from event "
            f"{self.header.checkpoints_from} on (its newest segment says so), and without "
            f"{'it' if one else 'them'} a hand edit of the state file cannot be told. Nothing "
            f"was changed. Put {'it' if one else 'them'} back from a backup, or run "
            f"`hearthroll repair {state_file}` to rebuild {'it' if one else 'them'} from the "
            "journal."
        )

    def older_damage(self) -> list[str]:
        """Damage in what opening does not read, in `check`'s words ([] when there is none):
        each segment before the newest (every event sealed by its end line, and numbered on to
        the next segment's first), and the seal of every checkpoint. Writes nothing; reads one
        file at a time, and may run on a thread of its own while the writer appends (the
        segments it reads are never appended to again)."""
        firsts = tuple(self._firsts)
        found: list[str] = []
        for first, end in itertools.pairwise(firsts):
            try:
                self._sealed(first, end)
            except StoreError as error:
                found += str(error).splitlines()
        for first in sorted(set(self._checkpoints)):
            try:
                self.checkpoint(first)
            except StoreError as error:
                found += str(error).splitlines()
        return found

    def checkpoint(self, first_seq: int) -> bytes | None:
        """The state file's bytes the checkpoint of segment `first_seq` holds (its seal checked
        and taken off); None when the segment has none.

        Raises:
            StoreError: the checkpoint cannot be read, or its seal does not match its bytes.
        """
        path = self.checkpoint_path(first_seq)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise StoreError(
                f"cannot read the checkpoint {path}: {os_reason(exc)}. Check that it is readable."
            ) from exc
        at = data.rfind(SEAL)
        body = data[: max(at, 0)]
        if at < 0 or data[at:] != SEAL + digest_of(body).encode() + b"\n":
            lines = body.count(b"\n") + 1
            raise StoreError(
                f"{path}:{lines}: the checkpoint does not match its seal (`# sealed` and the "
                "digest of the lines above it): it was changed or cut short. Nothing was changed. "
                "Restore it from a backup, or delete it: the campaign then opens without it."
            )
        return body

    def parse(self, block: Block) -> dict[str, Any]:
        """The event a block of this journal holds."""
        first = self._firsts[bisect.bisect_right(self._firsts, block.seq) - 1]
        return parse_block(block, self.segment_path(first))

    def parse_joined(self, blocks: list[Block]) -> list[dict[str, Any]] | None:
        """The events of consecutive blocks of one segment, parsed as one TOML document (as a
        reader of the whole file would), much quicker than one block at a time; None when
        they must be parsed one by one (`parse`), so that a problem is reported with its
        own block's line.

        Each block opens with its own `[[events]]` header, so joined they read exactly as
        they read apart; blocks that do not (a hand edit), or that do not read as one event
        each, numbered as they are, give None.
        """
        header = AOT_HEADER.encode()
        if not all(block.data.startswith(header) for block in blocks):
            return None
        try:
            document = journal_toml.read(b"".join(b.data for b in blocks).decode("utf-8"))
        except ValueError:  # TOML and UTF-8 errors
            return None
        found = document.get("events")
        if len(document) != 1 or not isinstance(found, list) or len(found) != len(blocks):
            return None
        if any(event.get("seq") != block.seq for event, block in zip(found, blocks, strict=True)):
            return None
        return found

    def _list_segments(self) -> list[int]:
        try:
            names = os.listdir(self.folder)
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise StoreError(
                f"cannot read the journal folder {self.folder}: {os_reason(exc)}. "
                "Check its permissions."
            ) from exc
        firsts: dict[int, str] = {}
        for name in names:
            match = SEGMENT_NAME.match(name)
            if not match:
                kept = CHECKPOINT_NAME.match(name)
                if kept:
                    self._checkpoints.add(int(kept.group(1)))
                elif name == damage_note.NAME:
                    self.damage_noted = True
                elif name.startswith(damage_note.TEMP_PREFIX):
                    self.note_temps = True
                continue
            first = int(match.group(1))
            if first < 1 or first in firsts:
                other = f" and {firsts[first]}" if first in firsts else ""
                raise StoreError(
                    f"{self.folder / name}{other}: segment file names must be distinct event "
                    "numbers of 1 or more. Remove or rename the stray file."
                )
            firsts[first] = name
        return sorted(firsts)

    def _read(self, path: Path) -> bytes:
        try:
            return path.read_bytes()
        except OSError as exc:
            raise StoreError(
                f"cannot read the journal segment {path}: {os_reason(exc)}. "
                "Check that the file is there and readable."
            ) from exc

    def _open_newest(self, acknowledged: int) -> None:
        first = self._firsts[-1]
        path = self.segment_path(first)
        scan = scan_segment(self._read(path), first, path)
        self.header = scan.header
        if scan.damage and not scan.torn:
            raise damaged(path, scan, "it is a complete event, changed since it was saved")
        if scan.damage and first + len(scan.blocks) <= acknowledged:
            raise damaged(path, scan, f"the state file says event {acknowledged} was saved")
        self.torn_bytes = scan.unsealed
        self._tail = scan.blocks
        self._tail_size = scan.sealed_size
        self._tail_lines = scan.lines
        self._last_seq = first + len(scan.blocks) - 1
        if not scan.blocks and len(self._firsts) > 1:
            # An empty newest segment says nothing of its own: check the one before ends where
            # this one begins.
            self._read_sealed(len(self._firsts) - 2)

    def _read_sealed(self, index: int) -> list[Block]:
        """The events of an older segment, which must be whole: it is never appended to again."""
        first = self._firsts[index]
        end = self._firsts[index + 1] if index + 1 < len(self._firsts) else self._last_seq + 1
        return self._sealed(first, end)

    def _sealed(self, first: int, end: int, data: bytes | None = None) -> list[Block]:
        """The events of the segment holding events `first` to `end - 1` (its bytes `data`,
        else read now), which must be whole."""
        path = self.segment_path(first)
        scan = scan_segment(self._read(path) if data is None else data, first, path)
        if scan.damage:
            raise damaged(path, scan, "newer segments follow this one")
        if first + len(scan.blocks) != end:
            raise StoreError(
                f"{path}: holds events {first} to {first + len(scan.blocks) - 1}, but the next "
                f"segment starts at event {end}, so events are missing. Restore the journal "
                "folder from a backup."
            )
        return scan.blocks


class Journal(JournalReader):
    """The journal opened for writing: use one per folder at a time, while holding the
    campaign's lock (which `CampaignFiles` takes), from one thread.

    Opening moves a torn last event to a quarantine file and cuts it off the segment.
    """

    def __init__(
        self, folder: Path, segment_size: int = DEFAULT_SEGMENT_SIZE, *, acknowledged: int = 0
    ) -> None:
        super().__init__(folder, segment_size, acknowledged=acknowledged)
        self._broken: str | None = None
        self.quarantined: Path | None = None
        """Where opening kept the bytes of a torn last event (None when there were none)."""
        if self.torn_bytes:
            self.quarantined = self._quarantine_tail()

    @property
    def dropped_bytes(self) -> int:
        """Bytes of a torn last event that opening moved to quarantine (0 when there were none)."""
        return self.torn_bytes if self.quarantined else 0

    def starts_segment(self) -> bool:
        """True when the next event starts a new segment (and so wants its checkpoint)."""
        return not self._firsts or self._last_seq + 1 - self._firsts[-1] >= self.segment_size

    def append(self, event: Mapping[str, Any], checkpoint: bytes | None = None) -> int:
        """Write `event` as the next event, flushed to disk before returning its `seq`.

        When it starts a new segment, `checkpoint` (the state file's bytes before the event)
        is written beside it first, if it can be. If writing the event fails, the journal is
        left as it was (the event is not in it) and a `StoreError` says why.
        """
        if self._broken:
            raise StoreError(self._broken)
        seq = self._last_seq + 1
        block = render_block(seq, event)
        if self.starts_segment():
            kept = False
            if checkpoint is not None:
                # A checkpoint only spares a replay: if it cannot be written now (a full disk),
                # the event is still saved in a segment without a header (which promises no
                # checkpoint), and the next writer to open gives the segment one.
                with contextlib.suppress(StoreError):
                    self.write_checkpoint(seq, checkpoint)
                    kept = True
            self.start_segment(seq, with_header=kept)
        path = self.segment_path(self._firsts[-1])
        try:
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
        except OSError as exc:
            raise self._append_error(seq, path, exc) from exc
        try:
            write_all(fd, block)
            fsync_file(fd)
        except OSError as exc:
            self._cut_back(fd, path)
            raise self._append_error(seq, path, exc) from exc
        finally:
            os.close(fd)
        body = block[: block.rindex(END_LINE)]
        self._tail.append(Block(seq, body, self._tail_lines + 1))
        self._tail_size += len(block)
        self._tail_lines += block.count(b"\n")
        self._last_seq = seq
        return seq

    def write_checkpoint(self, first_seq: int, data: bytes) -> None:
        """Keep the state file's bytes `data` as the checkpoint of segment `first_seq`
        (replaced atomically, flushed to disk)."""
        try:
            make_folder(self.folder)
        except OSError as exc:
            raise self._append_error(first_seq, self.folder, exc) from exc
        path = self.checkpoint_path(first_seq)
        clean_orphans(path)
        atomic_write(path, seal(data))
        self._checkpoints.add(first_seq)

    def start_segment(self, first_seq: int, *, with_header: bool) -> None:
        """Start the segment whose first event is `first_seq` (the next event's number), empty;
        with a header when its checkpoint is on disk (if the header cannot be written, without
        one: it then promises no checkpoint). An empty newest segment so numbered is replaced."""
        path = self.segment_path(first_seq)
        header = render_header(self._checkpoints_from(first_seq)) if with_header else b""
        try:
            make_folder(self.folder)
        except OSError as exc:
            raise self._append_error(first_seq, path, exc) from exc
        if header:
            clean_orphans(path)
            try:
                atomic_write(path, header)
            except StoreError:
                header = b""
        if not header:
            try:
                fd = os.open(
                    path, os.O_WRONLY | os.O_CREAT | getattr(os, "O_BINARY", 0), PRIVATE_FILE
                )
                os.close(fd)
                fsync_folder(self.folder)
            except OSError as exc:
                raise self._append_error(first_seq, path, exc) from exc
        if not self._firsts or self._firsts[-1] != first_seq:
            self._firsts.append(first_seq)
        # What is on disk now (a header whose folder sync failed is there all the same).
        self.header = read_header(self._read(path), path)
        self._tail = []
        self._tail_size = self.header.size
        self._tail_lines = self.header.lines

    def _checkpoints_from(self, first_seq: int) -> int:
        """Where the trailing run of segments with a checkpoint begins, up to `first_seq`'s."""
        since = first_seq
        for first in reversed([f for f in self._firsts if f < first_seq]):
            if not self.has_checkpoint(first):
                break
            since = first
        return since

    def _cut_back(self, fd: int, path: Path) -> None:
        """Remove whatever part of this writer's own failed append reached the file.

        The cut need not reach the disk now: until the next append is flushed, a crash can only
        leave the failed event as a torn tail, which the next writer quarantines.
        """
        try:
            os.ftruncate(fd, self._tail_size)
        except OSError as exc:
            self._broken = (
                f"{path} may end in a half-written event ({os_reason(exc)}). Close the campaign "
                "and open it again: opening sets that event aside and keeps every one before it."
            )

    def _quarantine_tail(self) -> Path:
        """Copy the torn tail of the newest segment to a quarantine file, then cut it off."""
        path = self.segment_path(self._firsts[-1])
        try:
            with path.open("r+b") as file:
                file.seek(self._tail_size)
                torn = file.read()
                kept = quarantine(path, torn)
                file.truncate(self._tail_size)
                file.flush()
                fsync_file(file.fileno())
                return kept
        except OSError as exc:
            raise StoreError(
                f"{path} ends in a half-written event, and it could not be set aside: "
                f"{os_reason(exc)}. Nothing was changed; free some disk space or check the "
                "file's permissions, and open the campaign again."
            ) from exc

    def _append_error(self, seq: int, path: Path, exc: OSError) -> StoreError:
        return StoreError(
            f"could not save event {seq} to {path}: {os_reason(exc)}. Nothing was lost: the "
            f"journal still ends at event {seq - 1}. Free some disk space or fix the folder's "
            "permissions, then try again."
        )


QUARANTINE_MARK = ".torn-"
"""Between a segment's name and the number of one of its quarantine files."""


def quarantine(segment: Path, data: bytes) -> Path:
    """Keep `data`, cut from `segment`, in a new file beside it, flushed to disk; return it."""
    fd, kept = open_first_free(segment, QUARANTINE_MARK)
    try:
        write_all(fd, data)
        fsync_file(fd)
    finally:
        os.close(fd)
    fsync_folder(segment.parent)
    return kept


def parse_block(block: Block, path: Path) -> dict[str, Any]:
    """The event a sealed block holds, as a dict with its `seq`."""
    try:
        tables = journal_toml.read(block.data.decode("utf-8"))["events"]
        event: dict[str, Any] = tables[0]
        if len(tables) != 1 or event.get("seq") != block.seq:
            raise ValueError(f"expected one event numbered {block.seq}")
    except (ValueError, KeyError, IndexError, TypeError) as exc:  # TOML and UTF-8 errors too
        raise StoreError(
            f"{path}:{block.line}: journal event {block.seq} cannot be read: {exc}. "
            "Restore the file from a backup."
        ) from exc
    return event


def damaged(path: Path, scan: Scan, why_not_torn: str) -> StoreError:
    """The error for damage that cannot be a half-written last event."""
    return StoreError(
        f"{path}:{scan.lines + 1}: {scan.damage}; it is not a half-written last event "
        f"({why_not_torn}), and hearthroll never drops a saved event on its own. Nothing was "
        "changed. To recover, restore this file from a backup, or undo the edit that changed "
        "it: the campaign opens again once every event matches its end line."
    )
