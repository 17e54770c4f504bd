"""Nothing saved is ever destroyed: readers change no byte, damage is refused, tears are kept."""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from hearthroll.cli import main
from hearthroll.store.campaign_files import CampaignFiles, journal_folder
from hearthroll.store.journal import Journal, JournalReader, render_block

Files = dict[str, tuple[bytes, int]]


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(tmp_path / "data"))


def cli(*args: str) -> int:
    return main(list(args))


def campaign_with_notes(folder: Path, notes: int = 5) -> Path:
    path = folder / "table" / "p.toml"
    assert cli("new", str(path), "--demo") == 0
    for n in range(1, notes + 1):
        assert cli("note", str(path), f"the bridge creaks, time {n}") == 0
    return path


def everything(folder: Path) -> Files:
    """Every file under `folder`, with its bytes and its modification time."""
    found: Files = {}
    for root, _, names in os.walk(folder):
        for name in names:
            file = Path(root) / name
            found[str(file.relative_to(folder))] = (file.read_bytes(), file.stat().st_mtime_ns)
    return found


def flip_in_fifth_note(path: Path) -> None:
    segment = journal_folder(path) / "00000001.toml"
    data = bytearray(segment.read_bytes())
    at = data.index(b"time 5")
    data[at] ^= 0x01  # "time" -> "uime"
    segment.write_bytes(bytes(data))


def tear_a_sixth_event(path: Path) -> None:
    segment = journal_folder(path) / "00000001.toml"
    block = render_block(6, {"kind": "note", "text": "never acknowledged"})
    with segment.open("ab") as file:
        file.write(block[: len(block) // 2])


def state_behind_by_one(path: Path) -> None:
    """The state file as a crash between the journal append and the rewrite leaves it."""
    before = path.read_bytes()
    assert cli("note", str(path), "one more") == 0
    path.write_bytes(before)


def test_a_damaged_complete_last_event_is_refused_and_nothing_is_cut(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = campaign_with_notes(tmp_path)
    flip_in_fifth_note(path)
    before = everything(path.parent)
    capsys.readouterr()
    for verb in (("state",), ("log",), ("note", "and again")):
        assert cli(verb[0], str(path), *verb[1:]) == 2
        message = capsys.readouterr().err
        segment = journal_folder(path) / "00000001.toml"
        assert f"{segment}:" in message
        assert "event 5 does not match its end line" in message
        assert "Nothing was changed" in message and "restore this file from a backup" in message
    assert everything(path.parent) == before


def test_a_torn_tail_is_left_alone_by_readers_and_quarantined_by_a_writer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = campaign_with_notes(tmp_path)
    tear_a_sixth_event(path)
    segment = journal_folder(path) / "00000001.toml"
    torn = segment.read_bytes()
    assert cli("state", str(path)) == 0
    assert segment.read_bytes() == torn
    assert cli("note", str(path), "the sixth, for real") == 0
    kept = journal_folder(path) / "00000001.toml.torn-1"
    assert torn.endswith(kept.read_bytes())
    assert segment.read_bytes().startswith(torn[: len(torn) - len(kept.read_bytes())])
    capsys.readouterr()
    assert cli("log", str(path)) == 0
    assert "the sixth, for real" in capsys.readouterr().out


def test_an_unsealed_event_the_state_says_was_saved_is_damage_not_a_tear(tmp_path: Path) -> None:
    path = campaign_with_notes(tmp_path)
    segment = journal_folder(path) / "00000001.toml"
    data = segment.read_bytes()
    segment.write_bytes(data[:-3])  # the end line of event 5, which the state includes
    with pytest.raises(Exception, match="the state file says event 5 was saved"):
        CampaignFiles.open(path)
    assert segment.read_bytes() == data[:-3]


def hand_edit(path: Path, old: str = "xp = 3", new: str = "xp = 2") -> None:
    """Brannoc's XP changed in the state file by hand (the journal is not told)."""
    text = path.read_text()
    at = text.index(f"\n{old}\n", text.index("[characters.Brannoc]")) + 1
    path.write_text(text[:at] + new + text[at + len(old) :])


def history_edit(path: Path) -> None:
    """The undo stack changed by hand: refused, as hearthroll's own bookkeeping."""
    text = path.read_text()
    assert "undo = [\n    1,\n" in text
    path.write_text(text.replace("undo = [\n    1,\n", "undo = [\n    2,\n", 1))


def behind_and_edited(path: Path) -> None:
    state_behind_by_one(path)
    hand_edit(path)


def checkpoint_gone_and_edited(path: Path) -> None:
    (journal_folder(path) / "00000001.checkpoint.toml").unlink()
    hand_edit(path)


DAMAGE: dict[str, Callable[[Path], None]] = {
    "healthy": lambda path: None,
    "torn tail": tear_a_sixth_event,
    "damaged last event": flip_in_fifth_note,
    "state behind the journal": state_behind_by_one,
    "state file not TOML": lambda path: path.write_bytes(path.read_bytes() + b"[[[\n"),
    "hand edit": hand_edit,
    "hand edit that does not validate": lambda path: hand_edit(path, "xp = 3", "xp = -3"),
    "hand edit of the history": history_edit,
    "hand edit and state behind the journal": lambda path: behind_and_edited(path),
    "checkpoint gone, hand edit": lambda path: checkpoint_gone_and_edited(path),
}
READERS = {
    "state": ("state", "{p}"),
    "state --json": ("state", "{p}", "--json"),
    "log": ("log", "{p}"),
    "log --last 2": ("log", "{p}", "--last", "2"),
    "log --markdown": ("log", "{p}", "--markdown"),
    "check": ("check", "{p}"),
    "show": ("show", "gather information"),
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_readers_change_no_byte_and_no_mtime(tmp_path: Path, damage: str) -> None:
    path = campaign_with_notes(tmp_path)
    DAMAGE[damage](path)
    before = everything(path.parent)
    for reader in READERS.values():
        cli(*(part.format(p=path) for part in reader))
        assert everything(path.parent) == before, reader


def test_readers_work_while_a_writer_holds_the_campaign_and_the_disk_is_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = campaign_with_notes(tmp_path)
    state_behind_by_one(path)
    real_open = os.open

    def full_disk(file: object, flags: int, *args: object, **kwargs: object) -> int:
        if flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_open(file, flags, *args, **kwargs)  # type: ignore[arg-type]

    with CampaignFiles.open(path):  # the app has it open, and holds the lock
        monkeypatch.setattr(os, "open", full_disk)
        capsys.readouterr()
        assert cli("state", str(path), "--json") == 0
        assert '"events": 6' in capsys.readouterr().out
        assert cli("log", str(path), "--last", "1") == 0
        assert "one more" in capsys.readouterr().out
        assert cli("check", str(path)) == 0


def test_the_reader_reads_segment_by_segment_only_when_asked(tmp_path: Path) -> None:
    folder = tmp_path / "camp.journal"
    journal = Journal(folder, segment_size=3)
    for n in range(1, 8):
        journal.append({"kind": "note", "text": f"n{n}"})
    reader = JournalReader(folder, segment_size=3)
    assert reader.segments == (1, 4, 7)
    (folder / "00000001.toml").write_bytes(b"damaged")
    assert [b.seq for b in reader.segment_blocks(-1)] == [7]
    assert [[b.seq for b in blocks] for blocks in reader.iter_segments(after=4)] == [[5, 6], [7]]
    assert [b.seq for b in reader.last_blocks(4)] == [4, 5, 6, 7]
    with pytest.raises(Exception, match=r"00000001\.toml"):
        reader.blocks_after(0)
