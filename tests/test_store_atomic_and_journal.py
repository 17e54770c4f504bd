"""The file layer: atomic rewrites, the sealed event journal, and the campaign's lock and schema."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.store import atomic
from hearthroll.store.atomic import atomic_write, clean_orphans
from hearthroll.store.campaign_files import (
    SCHEMA_VERSION,
    CampaignFiles,
    journal_folder,
    render_state,
    stamp,
)
from hearthroll.store.errors import StateWriteError, StoreError
from hearthroll.store.journal import DEFAULT_SEGMENT_SIZE, Journal, digest_of, render_block

SRC = Path(__file__).resolve().parents[1] / "src"


def no_space(*args: object, **kwargs: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def leftovers(folder: Path) -> list[str]:
    return sorted(name for name in os.listdir(folder) if ".tmp-" in name)


def event(n: int) -> dict[str, Any]:
    return {"kind": "move", "n": n, "who": "Brann", "dice": [3, 6], "deltas": {"hp": [5, 4]}}


def journal_with(folder: Path, events: int, segment_size: int = DEFAULT_SEGMENT_SIZE) -> Journal:
    """A journal in `folder` holding events 1 to `events`."""
    journal = Journal(folder, segment_size)
    for n in range(1, events + 1):
        journal.append(event(n))
    return journal


def header_lines(path: Path) -> list[int]:
    lines = path.read_text().splitlines()
    return [number for number, line in enumerate(lines, 1) if line == "[[events]]"]


# --- atomic rewrite -------------------------------------------------------------------------


def test_atomic_write_replaces_the_content(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    atomic_write(path, b"a = 1\n")
    atomic_write(path, b"a = 2\n")
    assert path.read_bytes() == b"a = 2\n"
    assert leftovers(tmp_path) == []


def test_atomic_write_keeps_the_file_mode(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    path.write_bytes(b"a = 1\n")
    path.chmod(0o640)
    atomic_write(path, b"a = 2\n")
    assert path.stat().st_mode & 0o777 == 0o640


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_full_disk_leaves_the_old_file_byte_identical(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    path = tmp_path / "camp.toml"
    path.write_bytes(b"hp = 5\n")
    monkeypatch.setattr(os, failing, no_space)
    with pytest.raises(StoreError) as caught:
        atomic_write(path, b"hp = 4\n" * 1000)
    message = str(caught.value)
    assert str(path) in message
    assert "no space left on device" in message
    assert "Nothing was lost" in message
    assert path.read_bytes() == b"hp = 5\n"
    assert leftovers(tmp_path) == []


def test_failed_folder_sync_is_reported_after_the_file_is_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "camp.toml"
    monkeypatch.setattr(atomic, "fsync_folder", no_space)
    with pytest.raises(StoreError, match="its folder could not be flushed to disk"):
        atomic_write(path, b"a = 1\n")
    assert path.read_bytes() == b"a = 1\n"


def test_clean_orphans_removes_only_that_files_temp_files(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    path.write_bytes(b"a = 1\n")
    orphans = [tmp_path / ".camp.toml.tmp-1a2b3c4d", tmp_path / ".camp.toml.tmp-deadbeef"]
    others = [tmp_path / ".other.toml.tmp-1a2b3c4d", tmp_path / "camp.toml.bak"]
    for file in orphans + others:
        file.write_bytes(b"half a sa")
    assert clean_orphans(path) == orphans
    assert sorted(os.listdir(tmp_path)) == sorted(p.name for p in [path, *others])
    assert clean_orphans(path) == []


# --- the journal ----------------------------------------------------------------------------


def test_journal_numbers_events_from_one_and_reads_them_back(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "camp.journal")
    assert journal.last_seq == 0
    assert len(journal) == 0
    assert journal.events_after(0) == []
    assert [journal.append(event(n)) for n in (1, 2, 3)] == [1, 2, 3]
    assert journal.events_after(1) == [{"seq": 2, **event(2)}, {"seq": 3, **event(3)}]
    assert journal.last() == [{"seq": 3, **event(3)}]
    reopened = Journal(tmp_path / "camp.journal")
    assert reopened.last_seq == 3
    assert reopened.events_after(0) == journal.events_after(0)


def test_journal_spans_segments_and_reads_only_those_it_needs(tmp_path: Path) -> None:
    folder = tmp_path / "camp.journal"
    journal = journal_with(folder, 10, segment_size=3)
    assert sorted(os.listdir(folder)) == [
        "00000001.toml",
        "00000004.toml",
        "00000007.toml",
        "00000010.toml",
    ]
    assert [e["n"] for e in journal.events_after(2)] == list(range(3, 11))
    assert [e["n"] for e in journal.last(4)] == [7, 8, 9, 10]
    assert [e["seq"] for e in journal.last(100)] == list(range(1, 11))
    assert len(journal) == 10
    # An old segment that is never needed is never read: damage it and ask only for newer events.
    (folder / "00000001.toml").write_bytes(b"not even toml")
    reopened = Journal(folder, segment_size=3)
    assert reopened.last_seq == 10
    assert [e["n"] for e in reopened.events_after(3)] == list(range(4, 11))
    with pytest.raises(StoreError, match=r"00000001\.toml:1: event 1 has no end line"):
        reopened.events_after(0)


def test_reopened_journal_continues_in_a_full_segment_by_starting_a_new_one(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "camp.journal"
    journal_with(folder, 6, segment_size=3)
    assert Journal(folder, segment_size=3).append(event(7)) == 7
    assert (folder / "00000007.toml").exists()
    assert [e["seq"] for e in Journal(folder, segment_size=3).events_after(0)] == list(range(1, 8))


def test_each_segment_is_a_valid_toml_file(tmp_path: Path) -> None:
    folder = tmp_path / "camp.journal"
    journal_with(folder, 5, segment_size=3)
    first = tomllib.loads((folder / "00000001.toml").read_text())
    assert first == {"events": [{"seq": n, **event(n)} for n in (1, 2, 3)]}
    assert "# end 1 " in (folder / "00000001.toml").read_text()


def test_torn_event_cut_mid_block_is_dropped_and_the_file_cut_back(tmp_path: Path) -> None:
    folder = tmp_path / "camp.journal"
    journal_with(folder, 5)
    segment = folder / "00000001.toml"
    good = segment.read_bytes()
    block = render_block(6, event(6))
    segment.write_bytes(good + block[: len(block) // 2])
    reopened = Journal(folder)
    assert reopened.last_seq == 5
    assert reopened.dropped_bytes == len(block) // 2
    assert segment.read_bytes() == good
    assert reopened.quarantined == folder / "00000001.toml.torn-1"
    assert reopened.quarantined.read_bytes() == block[: len(block) // 2]
    assert [e["n"] for e in reopened.events_after(0)] == [1, 2, 3, 4, 5]
    assert reopened.append(event(6)) == 6
    assert segment.read_bytes() == good + block


def test_garbage_without_an_end_line_is_dropped(tmp_path: Path) -> None:
    folder = tmp_path / "camp.journal"
    journal_with(folder, 3)
    segment = folder / "00000001.toml"
    good = segment.read_bytes()
    with segment.open("ab") as file:
        file.write(b'[[events]]\nseq = 4\nkind = "mo\x00\x00\x00\x00')
    reopened = Journal(folder)
    assert reopened.last_seq == 3
    assert segment.read_bytes() == good


def test_torn_last_event_whose_end_line_landed_is_dropped(tmp_path: Path) -> None:
    # A file system may keep the end of an append and lose a page before it (zeros).
    folder = tmp_path / "camp.journal"
    journal_with(folder, 3)
    segment = folder / "00000001.toml"
    good = segment.read_bytes()
    block = bytearray(render_block(4, event(4)))
    block[12:20] = bytes(8)
    segment.write_bytes(good + bytes(block))
    assert Journal(folder).last_seq == 3
    assert segment.read_bytes() == good


def test_torn_first_event_of_a_new_segment_leaves_it_empty_and_reused(tmp_path: Path) -> None:
    folder = tmp_path / "camp.journal"
    journal_with(folder, 4, segment_size=3)
    newest = folder / "00000004.toml"
    newest.write_bytes(newest.read_bytes()[:25])
    reopened = Journal(folder, segment_size=3)
    assert reopened.last_seq == 3
    assert newest.read_bytes() == b""
    assert [e["n"] for e in reopened.last(2)] == [2, 3]
    assert reopened.append(event(4)) == 4
    assert sorted(os.listdir(folder)) == ["00000001.toml", "00000004.toml", "00000004.toml.torn-1"]


def test_damaged_middle_event_is_an_error_naming_file_and_line(tmp_path: Path) -> None:
    folder = tmp_path / "camp.journal"
    journal_with(folder, 3)
    segment = folder / "00000001.toml"
    second = header_lines(segment)[1]
    segment.write_text(segment.read_text().replace("n = 2\n", "n = 7\n"))
    with pytest.raises(StoreError) as caught:
        Journal(folder)
    message = str(caught.value)
    assert f"{segment}:{second}: event 2 does not match its end line" in message
    assert "restore this file from a backup" in message.lower()
    assert "n = 3" in segment.read_text()  # nothing was cut off


def test_damaged_end_line_in_the_middle_is_an_error_not_a_torn_tail(tmp_path: Path) -> None:
    folder = tmp_path / "camp.journal"
    journal_with(folder, 3)
    segment = folder / "00000001.toml"
    second = header_lines(segment)[1]
    segment.write_text(segment.read_text().replace("# end 2 ", "# emd 2 "))
    with pytest.raises(StoreError, match=rf"{segment}:{second}: event 2 has no end line"):
        Journal(folder)
    assert "n = 3" in segment.read_text()


def test_extra_bytes_after_a_damaged_last_event_are_an_error(tmp_path: Path) -> None:
    folder = tmp_path / "camp.journal"
    journal = Journal(folder)
    journal.append(event(1))
    segment = folder / "00000001.toml"
    damaged = segment.read_text().replace("n = 1\n", "n = 9\n")
    segment.write_text(damaged + "hp = 3\n")
    with pytest.raises(StoreError, match="event 1 does not match its end line"):
        Journal(folder)


def test_damaged_older_segment_is_an_error_when_read(tmp_path: Path) -> None:
    folder = tmp_path / "camp.journal"
    journal_with(folder, 5, segment_size=3)
    segment = folder / "00000001.toml"
    segment.write_bytes(segment.read_bytes()[:-10])  # a torn tail, but not in the newest file
    reopened = Journal(folder, segment_size=3)
    with pytest.raises(StoreError, match="newer segments follow this one"):
        reopened.events_after(0)


def test_failed_append_leaves_the_journal_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "camp.journal"
    journal = Journal(folder)
    journal.append(event(1))
    segment = folder / "00000001.toml"
    before = segment.read_bytes()
    monkeypatch.setattr(os, "fsync", no_space)
    with pytest.raises(StoreError) as caught:
        journal.append(event(2))
    assert "no space left on device" in str(caught.value)
    assert "Nothing was lost: the journal still ends at event 1" in str(caught.value)
    assert segment.read_bytes() == before
    monkeypatch.undo()
    assert journal.append(event(2)) == 2
    assert [e["n"] for e in Journal(folder).events_after(0)] == [1, 2]


def test_event_that_toml_cannot_hold_is_refused_before_writing(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "camp.journal")
    with pytest.raises(StoreError, match="event 1 cannot be written as TOML"):
        journal.append({"kind": "move", "target": None})
    with pytest.raises(ValueError, match="own 'seq'"):
        journal.append({"seq": 9})
    assert journal.last_seq == 0
    assert not (tmp_path / "camp.journal").exists()


keys = st.text(min_size=1, max_size=8).filter(lambda k: k != "seq")
scalars = (
    st.integers(-(2**63), 2**63 - 1)
    | st.booleans()
    | st.floats(allow_nan=False)
    | st.text(max_size=20)
    | st.sampled_from(["\n# end 1 00000000\n", "[[events]]\n", "line\nbreak"])
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=3),
    max_leaves=12,
)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.dictionaries(keys, values, max_size=5), min_size=1, max_size=4))
def test_any_toml_event_reads_back_as_written(events: list[dict[str, Any]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        journal = Journal(Path(folder), segment_size=2)
        for item in events:
            journal.append(item)
        expected = [{"seq": n, **item} for n, item in enumerate(events, 1)]
        assert Journal(Path(folder), segment_size=2).events_after(0) == expected


# --- the campaign's files -------------------------------------------------------------------


def test_create_writes_the_state_and_refuses_to_overwrite(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    with CampaignFiles.create(path, {"name": "Hollowmere", "turn": 1}) as files:
        assert files.state == {
            "schema_version": SCHEMA_VERSION,
            "last_event": 0,
            "name": "Hollowmere",
            "turn": 1,
        }
    assert tomllib.loads(path.read_text())["last_event"] == 0
    with pytest.raises(StoreError, match="already exists"):
        CampaignFiles.create(path, {"name": "again"})
    assert tomllib.loads(path.read_text())["name"] == "Hollowmere"


def test_create_makes_the_campaign_folder(tmp_path: Path) -> None:
    path = tmp_path / "campaigns" / "winter" / "camp.toml"
    CampaignFiles.create(path, {"turn": 1}).close()
    assert tomllib.loads(path.read_text())["turn"] == 1


def test_save_journals_the_event_then_rewrites_the_state(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    with CampaignFiles.create(path, {"turn": 1}) as files:
        assert files.save(event(1), {"turn": 2, "last_event": 99}) == 1
        assert files.save(event(2), {"turn": 3}) == 2
    with CampaignFiles.open(path) as files:
        assert files.state == {"schema_version": 1, "last_event": 2, "turn": 3}
        assert files.pending == []
        assert [e["n"] for e in files.journal.last(2)] == [1, 2]
    assert (tmp_path / "camp.journal" / "00000001.toml").exists()


def test_pending_holds_exactly_the_events_past_the_states_last_event(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    with CampaignFiles.create(path, {"turn": 1}) as files:
        for n in range(1, 6):
            files.save(event(n), {"turn": n})
        # A crash between the journal append and the state rewrite, twice over:
        files.journal.append(event(6))
        files.journal.append(event(7))
    with CampaignFiles.open(path) as files:
        assert files.state["last_event"] == 5
        assert files.pending == [{"seq": 6, **event(6)}, {"seq": 7, **event(7)}]


def test_failed_state_rewrite_keeps_the_event_for_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "camp.toml"
    with CampaignFiles.create(path, {"turn": 1}) as files:
        files.save(event(1), {"turn": 2})
        monkeypatch.setattr(os, "replace", no_space)
        with pytest.raises(StateWriteError) as caught:
            files.save(event(2), {"turn": 3})
        assert caught.value.seq == 2
        assert "event 2 is saved in the journal" in str(caught.value)
        assert "no space left on device" in str(caught.value)
        monkeypatch.undo()
    with CampaignFiles.open(path) as files:
        assert files.state["turn"] == 2
        assert [{k: v for k, v in e.items() if k != "digest"} for e in files.pending] == [
            {"seq": 2, **event(2)}
        ]
        assert files.pending[0]["digest"] == digest_of(
            render_state(stamp({"turn": 3}, last_event=2), path)
        )
        assert leftovers(tmp_path) == []


def test_state_that_toml_cannot_hold_is_refused_before_the_journal(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    with CampaignFiles.create(path, {"turn": 1}) as files:
        with pytest.raises(StoreError, match="cannot be written as TOML"):
            files.save(event(1), {"turn": None})
        assert files.journal.last_seq == 0


def test_second_open_in_another_process_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from hearthroll.store.campaign_files import CampaignFiles\n"
        "from hearthroll.store.errors import StoreError\n"
        "try:\n"
        "    CampaignFiles.open(Path(sys.argv[1]))\n"
        "except StoreError as exc:\n"
        "    print(exc)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    with CampaignFiles.create(path, {"turn": 1}):
        held = subprocess.run(
            [sys.executable, "-c", code, str(path)],
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
            env=env,
        )
    assert held.stdout.strip() == (
        f"{path} is open in another hearthroll (lock file {path}.lock); close it there first."
    )
    released = subprocess.run(
        [sys.executable, "-c", code, str(path)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
        env=env,
    )
    assert released.stdout == ""


def test_second_open_in_the_same_process_is_refused_until_closed(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    files = CampaignFiles.create(path, {"turn": 1})
    with pytest.raises(StoreError, match="is open in another hearthroll"):
        CampaignFiles.open(path)
    files.close()
    files.close()
    with pytest.raises(StoreError, match="was closed"):
        files.save(event(1), {"turn": 2})
    with CampaignFiles.open(path) as again:
        assert again.state["turn"] == 1


def test_open_removes_orphaned_temp_files(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    CampaignFiles.create(path, {"turn": 1}).close()
    (tmp_path / ".camp.toml.tmp-0badf00d").write_bytes(b"turn = ")
    with CampaignFiles.open(path):
        assert leftovers(tmp_path) == []


def test_missing_campaign_is_reported(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="there is no campaign at"):
        CampaignFiles.open(tmp_path / "nowhere.toml")


def test_toml_syntax_error_names_file_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    path.write_text("schema_version = 1\nlast_event = 0\nturn = = 2\n")
    with pytest.raises(StoreError, match=rf"^{path}:3:8: invalid value\. Fix the TOML there"):
        CampaignFiles.open(path)


def test_state_that_is_not_utf8_names_the_place(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    path.write_bytes(b'schema_version = 1\nname = "\xff"\n')
    with pytest.raises(StoreError, match=rf"{path}:2:9: the file is not UTF-8 text"):
        CampaignFiles.open(path)


def test_state_larger_than_16_mib_is_refused_before_parsing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "camp.toml"
    with path.open("wb") as file:
        file.truncate(16 * 2**20 + 1)

    def must_not_parse(text: str) -> dict[str, Any]:
        raise AssertionError("parsed a file that is too large")

    monkeypatch.setattr(tomllib, "loads", must_not_parse)
    with pytest.raises(StoreError, match=r"is 16\.0 MiB, larger than a campaign state can be"):
        CampaignFiles.open(path)


def test_state_from_a_newer_hearthroll_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    path.write_text(f"schema_version = {SCHEMA_VERSION + 1}\nlast_event = 0\n")
    with pytest.raises(StoreError, match="was written by a newer hearthroll"):
        CampaignFiles.open(path)
    assert path.read_text().startswith(f"schema_version = {SCHEMA_VERSION + 1}")


@pytest.mark.parametrize(
    ("line", "complaint"),
    [
        ("", "schema_version: missing"),
        ('schema_version = "1"\n', "schema_version: '1' is not a whole number"),
        ("schema_version = true\n", "schema_version: True is not a whole number"),
    ],
)
def test_state_without_a_whole_schema_version_is_refused(
    tmp_path: Path, line: str, complaint: str
) -> None:
    path = tmp_path / "camp.toml"
    path.write_text(line + "last_event = 0\n")
    with pytest.raises(StoreError, match=complaint):
        CampaignFiles.open(path)


def test_older_state_is_migrated_step_by_step(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    path.write_text('schema_version = -1\nlast_event = 0\nhp = 5\nname = "Brann"\n')

    def rename_hp(state: dict[str, Any]) -> dict[str, Any]:
        state["health"] = state.pop("hp")
        return state

    def add_turn(state: dict[str, Any]) -> dict[str, Any]:
        assert state["schema_version"] == 0
        return {**state, "turn": 1}

    with CampaignFiles.open(path, migrations={-1: rename_hp, 0: add_turn}) as files:
        assert files.migrated_from == -1
        assert files.state == {
            "schema_version": SCHEMA_VERSION,
            "last_event": 0,
            "health": 5,
            "name": "Brann",
            "turn": 1,
        }
        files.save(event(1), {**files.state, "turn": 2})
    assert tomllib.loads(path.read_text())["schema_version"] == SCHEMA_VERSION
    with pytest.raises(StoreError, match="0 is too old for this hearthroll to migrate"):
        path.write_text("schema_version = 0\nlast_event = 0\n")
        CampaignFiles.open(path)


def test_state_ahead_of_its_journal_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    with CampaignFiles.create(path, {"turn": 1}) as files:
        files.save(event(1), {"turn": 2})
    text = path.read_text().replace("last_event = 1", "last_event = 4")
    path.write_text(text)
    with pytest.raises(StoreError, match="includes events up to 4, but the journal"):
        CampaignFiles.open(path)
    assert journal_folder(path) == tmp_path / "camp.journal"
