"""The newest events of a journal are read from the end of an older segment without reading
the events before them: exactly the blocks a whole read of the segment gives, or (when its
end is damaged or torn) the whole read, which names the damage."""

from __future__ import annotations

import functools
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.store.errors import StoreError
from hearthroll.store.journal import Journal, JournalReader, scan_last, scan_segment, segment_name

SEGMENT = 10
EVENTS = 34


def written(folder: Path, checkpoints: bool) -> Journal:
    journal = Journal(folder, SEGMENT)
    for n in range(EVENTS):
        text = f'line {n}: the bridge {"holds" if n % 2 else "creaks"}, "again"'
        event = {"kind": "note", "text": text, "deltas": {"a": [n, n + 1]}}
        journal.append(event, checkpoint=b"x = 1\n" if checkpoints else None)
    return journal


@pytest.mark.parametrize("checkpoints", [False, True])
def test_the_last_events_are_those_a_whole_read_gives(tmp_path: Path, checkpoints: bool) -> None:
    written(tmp_path, checkpoints)
    whole = [b for f in (1, 11, 21, 31) for b in _blocks(tmp_path, f)]
    reader = JournalReader(tmp_path, SEGMENT)
    for n in range(EVENTS + 3):
        assert reader.last_blocks(n) == whole[len(whole) - min(n, EVENTS) :], n


def _blocks(folder: Path, first: int) -> list[object]:
    path = folder / segment_name(first)
    return list(scan_segment(path.read_bytes(), first, path).blocks)


@functools.cache
def second_segment(checkpoints: bool) -> bytes:
    """The bytes of a whole older segment (events 11 to 20), as the journal writes it."""
    with tempfile.TemporaryDirectory() as folder:
        written(Path(folder), checkpoints)
        return (Path(folder) / segment_name(11)).read_bytes()


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_a_damaged_end_is_never_read_as_events(data: st.DataObject) -> None:
    good = second_segment(data.draw(st.booleans()))
    path = Path(segment_name(11))
    whole = scan_segment(good, 11, path).blocks
    k = data.draw(st.integers(1, SEGMENT - 1))
    assert scan_last(good, 11, 21, k, path) == whole[-k:]
    at = data.draw(st.integers(0, len(good) - 1))
    put = data.draw(st.integers(0, 255))
    cut = data.draw(st.booleans())
    damaged = good[:at] if cut else good[:at] + bytes([put]) + good[at + 1 :]
    try:
        found = scan_last(damaged, 11, 21, k, path)
    except StoreError:  # a header the flip made unreadable or newer: refused, as everywhere
        return
    if found is not None:  # the events asked for, as they were, at their lines in the file
        assert [(b.seq, b.data) for b in found] == [(b.seq, b.data) for b in whole[-k:]]
        assert all(damaged.split(b"\n")[b.line - 1] == b"[[events]]" for b in found)
    tail_starts = good.index(whole[-k].data)
    if damaged != good and at >= tail_starts:
        assert found is None  # a change inside the events asked for is always seen


def test_a_damaged_older_segment_end_is_named_by_the_whole_read(tmp_path: Path) -> None:
    written(tmp_path, True)
    path = tmp_path / segment_name(21)
    data = path.read_bytes()
    path.write_bytes(data[:-30] + b"X" + data[-29:])  # inside event 30, the segment's last
    reader = JournalReader(tmp_path, SEGMENT)
    with pytest.raises(StoreError, match=r"00000021\.toml:\d+: event 30 does not match"):
        reader.last_blocks(8)
