"""A segment's events parsed as one document read exactly as they read one block at a time;
blocks that might not (a hand edit) are read one by one, and their problems named as before."""

from __future__ import annotations

import tempfile
import tomllib
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.store.journal import AOT_HEADER, Block, Journal, JournalReader

texts = st.text(st.characters(exclude_categories=("Cs",)), max_size=8)
values = st.recursive(
    st.booleans() | st.integers(-(2**40), 2**40) | texts,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3),
    max_leaves=10,
)
events = st.dictionaries(texts.filter(lambda k: k != "seq"), values, max_size=5)


@settings(deadline=None, max_examples=60)
@given(st.lists(events, min_size=1, max_size=6))
def test_joined_events_read_as_each_block_reads(saved: list[dict[str, object]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        journal = Journal(Path(folder) / "j", segment_size=4)
        for event in saved:
            journal.append(event)
        reader = JournalReader(Path(folder) / "j", segment_size=4)
        for blocks in reader.iter_segments(0):
            assert reader.parse_joined(blocks) == [reader.parse(b) for b in blocks]


def block(seq: int, text: str) -> Block:
    return Block(seq, text.encode(), 1)


def test_blocks_that_do_not_open_with_their_header_are_read_one_by_one(tmp_path: Path) -> None:
    first = block(1, f'{AOT_HEADER}seq = 1\nkind = "note"\n[events.more]\nx = 1\n')
    second = block(2, f'y = 2\n{AOT_HEADER}seq = 2\nkind = "note"\n')
    reader = JournalReader(tmp_path / "j")
    # joined, `y` would land in the first event's table: so they are not joined
    assert "y" in tomllib.loads((first.data + second.data).decode())["events"][0]["more"]
    assert reader.parse_joined([first, second]) is None
    assert reader.parse_joined([first]) == [{"seq": 1, "kind": "note", "more": {"x": 1}}]


def test_blocks_joined_wrong_are_read_one_by_one(tmp_path: Path) -> None:
    reader = JournalReader(tmp_path / "j")
    one = block(1, f'{AOT_HEADER}seq = 1\nkind = "note"\n')
    two = block(2, f'{AOT_HEADER}seq = 2\nkind = "note"\n')
    assert reader.parse_joined([one, two]) == [
        {"seq": 1, "kind": "note"},
        {"seq": 2, "kind": "note"},
    ]
    assert reader.parse_joined([one, block(2, f"{AOT_HEADER}seq = 3\n")]) is None  # misnumbered
    assert (
        reader.parse_joined([one, block(2, f"{AOT_HEADER}seq = 2\n{AOT_HEADER}seq = 3\n")]) is None
    )
    assert reader.parse_joined([one, block(2, f"{AOT_HEADER}seq = 2\n[other]\n")]) is None
    assert reader.parse_joined([one, block(2, f'{AOT_HEADER}seq = 2\nkind = "no\n')]) is None
    assert reader.parse_joined([one, Block(2, AOT_HEADER.encode() + b"\xff\n", 1)]) is None
