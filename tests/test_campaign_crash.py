"""A campaign played by a process killed at random moments loses no acknowledged event.

`campaign_crash_writer.py` plays the demo campaign with the real store and verbs and prints
`ack N` after each save; it is killed with SIGKILL after a random, seeded delay. After every
kill the campaign opens (repairing from the journal), passes `check`, and holds every
acknowledged event, in order. The same checks catch a writer that rewrites the state file in
place with a plain open(path, "w").
"""

from __future__ import annotations

import os
import random
from pathlib import Path

from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.errors import StoreError
from hearthroll.store.repair import check_campaign
from hearthroll.store.rulesets import load_catalog
from writer_process import WriterProcess

WRITER = Path(__file__).with_name("campaign_crash_writer.py")
KILLS = 50
NAIVE_KILLS = 12
CATALOG = load_catalog(with_user=False)


def writer(path: Path, mode: str, seed: int) -> WriterProcess:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return WriterProcess(WRITER, [str(path), mode, str(seed)], env)


def kill(process: WriterProcess, rng: random.Random) -> str:
    return process.kill_after(rng, early=0.15, early_for=0.3, late_for=0.03)


def verdict(path: Path, acked: int) -> list[str]:
    """What is wrong with the campaign after a kill: empty when nothing is."""
    if not path.exists():
        return [f"no campaign, but event {acked} was acknowledged"] if acked else []
    try:
        with CampaignStore.open(path, CATALOG) as store:
            events = [e.seq for e in store.events()]
            held = store.state.history.events
    except StoreError as error:
        return [f"does not open: {error}"]
    problems = check_campaign(path, CATALOG)
    if held < acked:
        problems.append(f"the campaign holds {held} events but {acked} were acknowledged")
    if events != list(range(1, len(events) + 1)) or len(events) < held:
        problems.append(f"the journal holds {events[:3]}…{events[-3:]} for {held} events")
    return problems


def test_a_killed_campaign_opens_passes_check_and_keeps_every_acknowledged_event(
    tmp_path: Path,
) -> None:
    rng = random.Random(20261129)
    path = tmp_path / "camp.toml"
    held = 0
    for attempt in range(KILLS):
        process = writer(path, "safe", seed=attempt)
        errors = kill(process, rng)
        assert "Traceback" not in errors, errors
        problems = verdict(path, process.acked)
        assert problems == [], (attempt, process.acked, problems)
        if not path.exists():
            continue  # killed before the campaign was created
        with CampaignStore.open(path, CATALOG) as store:
            assert store.state.history.events >= max(held, process.acked)
            held = store.state.history.events
    assert held >= KILLS, "the writer was killed before it played much"


def test_a_plain_in_place_writer_is_caught_by_the_same_checks(tmp_path: Path) -> None:
    rng = random.Random(20261130)
    caught = []
    for attempt in range(NAIVE_KILLS):
        path = tmp_path / f"run{attempt}" / "camp.toml"
        path.parent.mkdir()
        for _ in range(2):  # the first run creates the campaign; the second is killed mid-play
            process = writer(path, "naive", seed=attempt)
            kill(process, rng)
        caught += verdict(path, process.acked)
    assert caught, "no kill caught the in-place rewrite half done"
