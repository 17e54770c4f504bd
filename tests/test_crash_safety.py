"""Crash safety: a writer killed at random moments never loses an acknowledged event.

`crash_writer.py` saves events in a loop and prints `ack N` after each save returns; it is
killed (SIGKILL on POSIX) after a random, seeded delay, and after every kill the campaign
must open, parse, and hold every acknowledged event exactly once, in order. The same checks run
against a naive writer that rewrites the state file in place must catch it out.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

from hearthroll.store.campaign_files import CampaignFiles
from hearthroll.store.errors import StoreError
from writer_process import WriterProcess

WRITER = Path(__file__).with_name("crash_writer.py")
SRC = Path(__file__).resolve().parents[1] / "src"
SAFE_KILLS = 60
NAIVE_KILLS = 15
SEGMENT_SIZE = 7
"""Small, so that kills also land while a new segment file is being started."""


def run(folder: Path, mode: str) -> WriterProcess:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    return WriterProcess(WRITER, [str(folder), mode, str(SEGMENT_SIZE)], env)


def kill(process: WriterProcess, rng: random.Random) -> None:
    """Kill the writer at a random moment: mostly while saving, sometimes while it opens."""
    errors = process.kill_after(rng, early=0.2, early_for=0.15, late_for=0.1)
    assert "Traceback" not in errors, errors


class Verdict:
    """What the checks found after one kill."""

    def __init__(self) -> None:
        self.problems: list[tuple[str, str]] = []
        self.events = 0

    def fail(self, kind: str, text: str) -> None:
        self.problems.append((kind, text))


def check(folder: Path, acked: int) -> Verdict:
    """Open the campaign as hearthroll would and check every acknowledged event is there."""
    verdict = Verdict()
    path = folder / "campaign.toml"
    if not path.exists():
        if acked:
            verdict.fail("state", f"no state file, but event {acked} was acknowledged")
        return verdict
    try:
        files = CampaignFiles.open(path)
    except StoreError as exc:
        verdict.fail("state", f"the campaign does not open: {exc}")
        return verdict
    with files:
        state, pending = files.state, files.pending
        if state["last_event"] + len(pending) < acked:
            verdict.fail("behind", f"state and journal stop before acknowledged event {acked}")
        if state["counter"] != state["last_event"]:
            verdict.fail("state", f"counter {state['counter']} for {state['last_event']} events")
        events = files.journal.events_after(0)
        numbers = [event["n"] for event in events]
        verdict.events = len(events)
        if numbers != list(range(1, len(events) + 1)) or len(events) < acked:
            verdict.fail("journal", f"journal holds {numbers[:3]}…{numbers[-3:]}, acked {acked}")
        if [event["seq"] for event in events] != numbers:
            verdict.fail("journal", "event numbers and seq differ")
        if [event["n"] for event in pending] != numbers[state["last_event"] :]:
            verdict.fail("journal", "pending is not the journal's tail past last_event")
    return verdict


def test_killed_writer_never_loses_an_acknowledged_event(tmp_path: Path) -> None:
    rng = random.Random(20240601)
    events = 0
    kills = 0
    for _ in range(SAFE_KILLS):
        process = run(tmp_path, "safe")
        kill(process, rng)
        kills += 1
        start = process.first("start")
        if start is not None:
            assert start == events, "the writer did not continue where the campaign stood"
        verdict = check(tmp_path, process.acked)
        assert verdict.problems == [], (kills, process.acked, verdict.problems)
        assert verdict.events >= max(process.acked, events)
        events = verdict.events
    assert kills >= 50
    assert events >= SAFE_KILLS // 2, "the writer was killed before it saved much"


def test_naive_writer_is_caught_by_the_same_checks(tmp_path: Path) -> None:
    rng = random.Random(20240602)
    caught = []
    for attempt in range(NAIVE_KILLS):
        folder = tmp_path / f"run{attempt}"
        folder.mkdir()
        process = run(folder, "naive")
        kill(process, rng)
        verdict = check(folder, process.acked)
        caught += [kind for kind, _ in verdict.problems if kind in ("state", "behind")]
    assert caught, "no kill caught the in-place rewrite half done"
