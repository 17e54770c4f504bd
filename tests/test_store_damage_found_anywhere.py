"""Damage wherever it is: `check` replays every event against the digest it recorded, the app
reads the older segments behind the table, and damage once found is remembered in the
journal's damage note, so that every later command says so until the journal is sound."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hearthroll.cli import main
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import edits
from hearthroll.store import damage_note
from hearthroll.store.campaign_files import CampaignFiles, journal_folder
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.codec import campaign_data
from hearthroll.store.journal import end_line, scan_segment, segment_name
from hearthroll.store.repair import check_report
from hearthroll.store.rulesets import load_catalog
from test_tui_helpers import settle, shown

CATALOG = load_catalog(with_user=False)
HOUSE = CATALOG.ruleset("house")


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(tmp_path / "data"))


def played(folder: Path, events: int = 80, segment_size: int = 10) -> Path:
    """The demo campaign with Brannoc's XP set to 1, 2, 3, 0, 1, … by `events` events, in
    segments of `segment_size` (1, 11, … 71 for 80 events of 10: the readers' window of 40
    newest events starts in the segment of event 41)."""
    path = folder / "p.toml"
    start = demo_campaign(HOUSE)
    files = CampaignFiles.create(path, campaign_data(start), segment_size=segment_size)
    with CampaignStore(files, start, HOUSE) as store:
        for n in range(1, events + 1):
            store.commit(edits.set_field(store.state, HOUSE, "Brannoc.xp", str(n % 4)))
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def middle(path: Path) -> Path:
    """The segment of events 21 to 30."""
    return journal_folder(path) / segment_name(21)


def flip_in_middle_segment(path: Path) -> bytes:
    """Event 25 changed (in the middle segment); the segment's bytes before it."""
    segment = middle(path)
    data = segment.read_bytes()
    at = data.index(b'kind = "set"', data.index(b"seq = 25"))
    segment.write_bytes(data[:at] + b"kind = 'set'" + data[at + 12 :])
    return data


def edit_sealed_again(path: Path, seq: int, old: bytes, new: bytes) -> None:
    """Change event `seq` of the middle segment and seal it again with a checksum that fits,
    as a careful hand (or a tool) might: only the digests can tell."""
    segment = middle(path)
    data = segment.read_bytes()
    scan = scan_segment(data, 21, segment)
    block = next(b for b in scan.blocks if b.seq == seq)
    at = data.index(block.data)
    ended = data.index(b"\n", at + len(block.data)) + 1
    body = block.data.replace(old, new, 1)
    assert body != block.data
    segment.write_bytes(data[:at] + body + end_line(seq, body) + data[ended:])


def test_damage_in_an_older_segment_once_found_is_said_by_every_command_until_check_is_sound(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = played(tmp_path)
    before = flip_in_middle_segment(path)
    code, out, _ = run(capsys, "check", str(path))
    assert code == 1
    assert re.search(rf"^{re.escape(str(middle(path)))}:\d+: event 25 does not match", out, re.M)
    assert damage_note.note_path(journal_folder(path)).exists()
    for reader in (("state",), ("log", "--last", "2"), ("log", "--since", "70")):
        code, _, err = run(capsys, reader[0], str(path), *reader[1:])
        assert code == 0, err
        assert f"the journal of {path} is damaged" in err, reader
        assert f"{middle(path)}:" in err and "event 25 does not match" in err
        assert f"hearthroll check {path}" in err
    code, out, err = run(capsys, "note", str(path), "the ford is watched")
    assert code == 0 and out.startswith("#81 ")  # saved in the newest segment, which is sound
    assert f"{middle(path)}:" in err and "event 25 does not match" in err
    middle(path).write_bytes(before)  # restored from a backup
    assert "is damaged" in run(capsys, "state", str(path))[2]  # until check says it is sound
    assert run(capsys, "check", str(path))[0] == 0
    assert not damage_note.note_path(journal_folder(path)).exists()
    assert "damaged" not in run(capsys, "state", str(path))[2]


def test_an_event_sealed_again_after_an_edit_is_named_by_its_digest(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = played(tmp_path)
    edit_sealed_again(path, 25, b"after = 1", b"after = 3")
    assert run(capsys, "state", str(path))[0] == 0  # opening reads only the newest segment
    problems = check_report(path, CATALOG).problems
    assert re.match(
        rf"{re.escape(str(middle(path)))}:\d+: event 25: the state its replay makes does not "
        r"match the digest its record holds \(digest [0-9a-f]{16}; the replay's is [0-9a-f]{16}\)",
        problems[0],
    ), problems
    assert len(problems) == 1, problems  # one edit is named once
    code, _, err = run(capsys, "state", str(path))
    assert code == 0 and "event 25: the state its replay makes" in err


def test_a_writer_says_damage_found_by_check_and_saves_in_the_sound_newest_segment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = played(tmp_path)
    edit_sealed_again(path, 24, b"after = 0", b"after = 2")
    assert run(capsys, "check", str(path))[0] == 1
    code, out, err = run(capsys, "set", str(path), "Wren.xp", "2")
    assert code == 0 and out.startswith("#81 ")
    assert "hearthroll: warning: the journal of" in err and "event 24: the state" in err


def test_repair_removes_the_note_only_once_the_journal_is_sound(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = played(tmp_path)
    before = flip_in_middle_segment(path)
    run(capsys, "check", str(path))
    note = damage_note.note_path(journal_folder(path))
    code, out, err = run(capsys, "repair", str(path), "--yes")
    assert code == 2 and "is still damaged" in out and "event 25 does not match" in out
    assert "not repaired" in err and note.exists()
    middle(path).write_bytes(before)
    code, out, _ = run(capsys, "repair", str(path), "--yes")
    assert code == 0 and "the damage it notes is gone" in out
    assert not note.exists()
    assert "damaged" not in run(capsys, "state", str(path))[2]


def test_a_checkpoint_changed_and_sealed_again_is_remembered_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = played(tmp_path)
    checkpoint = journal_folder(path) / "00000021.checkpoint.toml"
    checkpoint.write_bytes(checkpoint.read_bytes() + b"junk")
    assert run(capsys, "check", str(path))[0] == 1
    code, _, err = run(capsys, "log", str(path), "--last", "1")
    assert code == 0 and f"{checkpoint}:" in err and "does not match its seal" in err


async def test_the_app_finds_damage_in_an_older_segment_and_says_it_on_the_top_line(
    tmp_path: Path,
) -> None:
    from hearthroll.tui import build

    path = played(tmp_path)
    flip_in_middle_segment(path)
    app = build(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(160, 40)) as pilot:
        for _ in range(100):
            await settle(pilot, app)
            if "journal damaged" in shown(app, "#status"):
                break
        line = shown(app, "#status")
        assert "journal damaged:" in line and "event 25 does not match" in line
    lines = damage_note.read(journal_folder(path))
    assert lines is not None and "event 25 does not match its end line" in lines[0]


async def test_the_app_says_damage_its_note_holds_from_the_first_frame(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from hearthroll.tui import build

    path = played(tmp_path)
    flip_in_middle_segment(path)
    run(capsys, "check", str(path))
    app = build(path, data_dir=tmp_path / "data")
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        assert "journal damaged:" in shown(app, "#status")


def test_the_players_view_says_the_journal_is_damaged_without_the_gm_s_details(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from hearthroll.store.follow import look
    from hearthroll.tui.view.following import DAMAGED, Following

    path = played(tmp_path)
    assert not look(path, CATALOG).damaged
    checkpoint = journal_folder(path) / "00000021.checkpoint.toml"
    checkpoint.write_bytes(checkpoint.read_bytes() + b"junk")
    run(capsys, "check", str(path))
    following = Following.open(path, CATALOG)
    assert following.trouble == DAMAGED
