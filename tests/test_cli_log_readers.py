"""`log` reads what it shows: --last and --since open only the newest journal segments, and the
whole log streams one segment at a time in exactly the bytes it printed when read at once."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs
import pytest

from hearthroll.cli import main
from hearthroll.cli.kernel import event_json
from hearthroll.core.campaign.events import Event, replay
from hearthroll.core.campaign.recap import markdown_recap, text_recap
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs.edits import note, redo_last, undo_last
from hearthroll.store import folders
from hearthroll.store.atomic import atomic_write
from hearthroll.store.campaign_files import journal_folder, render_state, stamp
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.codec import campaign_data, event_data
from hearthroll.store.journal import render_block, segment_name
from hearthroll.store.rulesets import load_catalog

SEGMENT = 10
EVENTS = 47  # five segments: 1-10, 11-20, 21-30, 31-40, 41-47
CATALOG = load_catalog(with_user=False)


def default_day(n: int) -> int:
    return 1 + n * 3 // EVENTS


def played(path: Path, day: Callable[[int], int] = default_day) -> list[Event]:
    """A demo campaign of notes over three days, with undos and a redo among them, written in
    journal segments of ten events."""
    state = demo_campaign(CATALOG.ruleset("house"))
    events: list[Event] = []
    for n in range(1, EVENTS + 1):
        if n % 9 == 0:
            outcome = undo_last(state, lambda seq: events[seq - 1])
        elif n in (10, 28):  # just after an undo
            outcome = redo_last(state, lambda seq: events[seq - 1])
        else:
            outcome = note(state, f"scene {n}: the *ford* rises\n\n\nand falls")
        event = attrs.evolve(outcome.event, at=f"2026-03-0{day(n)}T19:{n % 60:02d}:00+00:00")
        events.append(event)
        state = outcome.state
    folder = journal_folder(path)
    folder.mkdir(parents=True)
    for first in range(1, EVENTS + 1, SEGMENT):
        chunk = events[first - 1 : first - 1 + SEGMENT]
        data = b"".join(render_block(e.seq, event_data(e)) for e in chunk)
        (folder / segment_name(first)).write_bytes(data)
    atomic_write(path, render_state(stamp(campaign_data(state), last_event=EVENTS), path))
    return events


@pytest.fixture
def campaign(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(folders.ENV_DATA_DIR, str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    path = tmp_path / "camp.toml"
    played(path)
    return path


@pytest.fixture
def segments_read(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the journal segment files read, in order."""
    read: list[str] = []
    original = Path.read_bytes

    def counting(self: Path) -> bytes:
        if self.parent.suffix == ".journal":
            read.append(self.name)
        return original(self)

    monkeypatch.setattr(Path, "read_bytes", counting)
    return read


def log(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    capsys.readouterr()
    assert main(["log", *args]) == 0
    return capsys.readouterr().out


def whole_log(path: Path) -> list[Event]:
    with CampaignStore.open(path, CATALOG) as store:
        return list(store.events())


def test_log_last_reads_only_the_newest_segments(
    campaign: Path, capsys: pytest.CaptureFixture[str], segments_read: list[str]
) -> None:
    shown = log(capsys, str(campaign), "--last", "5")
    assert segments_read == ["00000041.toml"]
    numbers = [line.split()[0] for line in shown.splitlines() if line.startswith("#")]
    assert numbers == [f"#{n}" for n in range(43, 48)]
    segments_read.clear()
    shown = log(capsys, str(campaign), "--last", "12", "--json")
    assert segments_read == ["00000041.toml", "00000031.toml"]  # the newest, then one more
    assert [e["seq"] for e in json.loads(shown)] == list(range(36, 48))


def test_log_since_reads_only_the_segments_after_it(
    campaign: Path, capsys: pytest.CaptureFixture[str], segments_read: list[str]
) -> None:
    shown = log(capsys, str(campaign), "--since", "33", "--json")
    assert sorted(segments_read) == ["00000031.toml", "00000041.toml"]
    assert [e["seq"] for e in json.loads(shown)] == list(range(34, 48))
    segments_read.clear()
    assert log(capsys, str(campaign), "--since", "47") == ""
    assert segments_read == ["00000041.toml"]  # the newest, read on opening


def test_the_streamed_json_is_the_whole_log_byte_for_byte(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    events = whole_log(campaign)
    at_once = json.dumps([event_json(e) for e in events], ensure_ascii=False) + "\n"
    assert log(capsys, str(campaign), "--json") == at_once


def test_the_streamed_text_is_the_whole_log_byte_for_byte(
    campaign: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from hearthroll.core.campaign.events import standing, summary

    events = whole_log(campaign)
    undone = {e.seq for e in events if e.kind not in ("undo", "redo")}
    undone -= {e.seq for e in standing(events)}
    assert undone  # the log has an undo that still stands
    at_once = "".join(
        f"#{e.seq:<4} {e.at[:16].replace('T', ' ')}  {summary(e)}"
        + ("  (undone)" if e.seq in undone else "")
        + "\n"
        for e in events
    )
    assert log(capsys, str(campaign)) == at_once


def recap_at_once(events: Sequence[Event], draw: str = "markdown") -> str:
    """The recap as it is made from the whole log held at once."""
    house = CATALOG.ruleset("house")
    if draw == "markdown":
        return markdown_recap("Millbrook", events, house, "Millbrook")
    return text_recap("Millbrook", events, house, "Millbrook")


@pytest.mark.parametrize("draw", ["markdown", "recap"])
def test_the_streamed_recap_is_the_whole_recap_byte_for_byte(
    campaign: Path, capsys: pytest.CaptureFixture[str], draw: str
) -> None:
    events = whole_log(campaign)
    assert any(e.kind == "undo" for e in events) and any(e.kind == "redo" for e in events)
    assert len({e.at[:10] for e in events}) > 1
    shown = log(capsys, str(campaign), f"--{draw}")
    assert shown == recap_at_once(events, draw)
    assert len(re.findall(r"^(## )?2026-03-0\d 19:\d\d – ", shown, re.M)) == 4  # 4 evenings
    window = log(capsys, str(campaign), f"--{draw}", "--last", "20")
    assert window == recap_at_once(events[-20:], draw)


def test_log_last_session_reads_the_newest_segments_back_to_the_session_s_start(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    segments_read: list[str],
) -> None:
    monkeypatch.setenv(folders.ENV_DATA_DIR, str(tmp_path / "data"))
    campaign = tmp_path / "camp.toml"
    played(campaign, day=lambda n: 1 if n <= 31 else 2)  # tonight: events 32 to 47
    segments_read.clear()
    shown = log(capsys, str(campaign), "--last-session", "--json")
    assert [e["seq"] for e in json.loads(shown)] == list(range(32, 48))
    assert segments_read == ["00000041.toml", "00000031.toml"]  # 1-30 never opened
    segments_read.clear()
    recap = log(capsys, str(campaign), "--markdown", "--last-session")
    assert segments_read == ["00000041.toml", "00000031.toml"]
    assert recap == recap_at_once(whole_log(campaign)[31:])
    assert "scene 32:" in recap and "scene 31:" not in recap


def test_a_session_that_begins_a_segment_reads_one_segment_more_to_see_the_pause(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    segments_read: list[str],
) -> None:
    monkeypatch.setenv(folders.ENV_DATA_DIR, str(tmp_path / "data"))
    path = tmp_path / "camp.toml"
    played(path, day=lambda n: 1 if n <= 40 else 2)  # tonight begins at event 41, a segment's first
    read = segments_read
    read.clear()
    shown = log(capsys, str(path), "--last-session", "--json")
    assert [e["seq"] for e in json.loads(shown)] == list(range(41, 48))
    assert read == ["00000041.toml", "00000031.toml"]
    read.clear()
    shown = log(capsys, str(path), "--last-session", "--since", "44", "--json")
    assert [e["seq"] for e in json.loads(shown)] == [45, 46, 47]
    assert read == ["00000041.toml"]


def test_an_empty_log_streams_as_it_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(folders.ENV_DATA_DIR, str(tmp_path / "data"))
    path = tmp_path / "empty.toml"
    CampaignStore.create(path, demo_campaign(CATALOG.ruleset("house")), CATALOG).close()
    assert log(capsys, str(path), "--json") == "[]\n"
    assert log(capsys, str(path), "--markdown") == recap_at_once([])
    assert (
        log(capsys, str(path), "--markdown") == "# Millbrook: recap\n\nNothing has happened yet.\n"
    )
    assert log(capsys, str(path)) == ""


def with_checkpoints(path: Path) -> None:
    """Give the played campaign what this hearthroll writes beside its events: a checkpoint
    before each segment, and the state's digest on the last event."""
    from hearthroll.store.journal import DIGEST_KEY, Journal, digest_of

    state = demo_campaign(CATALOG.ruleset("house"))
    folder = journal_folder(path)
    events = whole_log(path)
    writer = Journal(folder, SEGMENT)
    data = path.read_bytes()
    for first in range(1, EVENTS + 1, SEGMENT):
        writer.write_checkpoint(
            first, render_state(stamp(campaign_data(state), last_event=first - 1), path)
        )
        for event in events[first - 1 : first - 1 + SEGMENT]:
            state = replay(state, [event])
    last = events[-1]
    segment = folder / segment_name(41)
    blocks = b"".join(
        render_block(
            e.seq, {**event_data(e), DIGEST_KEY: digest_of(data)} if e is last else event_data(e)
        )
        for e in events[40:]
    )
    segment.write_bytes(blocks)
    assert state == CampaignStore.read(path, CATALOG).state


def test_readers_of_a_journal_with_checkpoints_read_only_the_newest_segment(
    campaign: Path, capsys: pytest.CaptureFixture[str], segments_read: list[str]
) -> None:
    with_checkpoints(campaign)
    segments_read.clear()
    log(capsys, str(campaign), "--last", "5")
    assert segments_read == ["00000041.toml"]  # no checkpoint: the state file is as recorded
    segments_read.clear()
    log(capsys, str(campaign), "--since", "44", "--json")
    assert segments_read == ["00000041.toml"]
    text = campaign.read_text(encoding="utf-8")
    campaign.write_text(text.replace('name = "Millbrook"', 'name = "Millford"', 1), "utf-8")
    segments_read.clear()
    log(capsys, str(campaign), "--last", "5")  # a hand edit: told by the newest checkpoint
    assert segments_read == ["00000041.toml", "00000041.checkpoint.toml"]
