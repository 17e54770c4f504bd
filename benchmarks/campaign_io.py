"""Benchmark: saving one event and opening a campaign, at 100 to 100,000 events in the journal.

Builds each campaign from real play (the demo party's moves, seeded dice, evenings of 60
events a week apart) by writing its journal segments directly, then measures the real path: a
verb plus `CampaignStore.commit` (journal append + fsync, atomic state rewrite + fsyncs) as the
median of the 50 saves that bring it to its size, and `CampaignStore.open` + `close` as the
median of 10 opens. At 1,000 events and up the newest segment is then full (1,000 events), the
most an open has to read.
Each is also given as a ratio to a plain `tomllib.loads` of the state file measured in the same
run. Both should stay flat as the journal grows. Run it with `python benchmarks/campaign_io.py
[--dir FOLDER]`; the folder (by default a temporary one) should be on the disk campaigns live
on, since fsync cost depends on it. Not part of the test suite.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import tomllib
from collections.abc import Callable
from datetime import datetime, timedelta, timezone
from pathlib import Path

import attrs

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import RandomDice
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import pool, session
from hearthroll.store.atomic import atomic_write
from hearthroll.store.campaign_files import journal_folder, render_state, stamp
from hearthroll.store.campaigns import CampaignStore, campaign_data, event_data
from hearthroll.store.journal import (
    DEFAULT_SEGMENT_SIZE,
    DIGEST_KEY,
    Journal,
    render_block,
    render_header,
    segment_name,
)
from hearthroll.store.rulesets import load_catalog
from hearthroll.store.state_bytes import StateBytes

SIZES = (100, 1_000, 10_000, 100_000)
SAVES = 50
OPENS = 10
AIM_SAVE_MS = 5.0
AIM_OPEN_MS = 300.0
CATALOG = load_catalog(with_user=False)
HOUSE = CATALOG.ruleset("house")
SESSION_EVENTS = 60
"""The events of one evening of play in a built campaign."""
FIRST_EVENING = datetime(2026, 1, 6, 19, 0, tzinfo=timezone(timedelta(hours=1)))


def played_at(n: int) -> str:
    """When event `n` of a built campaign was played: evenings of `SESSION_EVENTS` events a
    week apart, an event every two minutes."""
    week, turn = divmod(n - 1, SESSION_EVENTS)
    when = FIRST_EVENING + timedelta(weeks=week, minutes=2 * turn)
    return when.isoformat(timespec="seconds")


def play(state: Campaign, n: int) -> Outcome:
    """One real event of play: a RISKY move with seeded dice, or a stop every fourth."""
    if state.turn.status == "bust_pending":
        return pool.accept(state, HOUSE, RandomDice(n))
    if n % 4 == 0 and state.turn.actor and state.turn.status == "open":
        return pool.stop(state, HOUSE)
    actor = list(state.characters)[n % len(state.characters)]
    return session.make_move(
        state, HOUSE, ("clash", "defend", "defy_danger")[n % 3], RandomDice(n), actor=actor
    )


def build(path: Path, events: int) -> None:
    """Write a campaign of `events` real events straight to disk (no fsync but the
    checkpoints': this is setup), as hearthroll keeps it: every segment with its header and
    its checkpoint (the state before its first event), and every event with its time
    (`played_at`) and the digest of the state file it produced."""
    state = demo_campaign(HOUSE)
    folder = journal_folder(path)
    folder.mkdir(parents=True)
    writer = Journal(folder)
    files = StateBytes()
    blocks: list[bytes] = []
    first = 1
    for n in range(1, events + 1):
        if n == first:
            before = render_state(stamp(campaign_data(state), last_event=n - 1), path)
            writer.write_checkpoint(first, before)
        outcome = play(state, n)
        state = outcome.state
        event = event_data(attrs.evolve(outcome.event, at=played_at(n)))
        event[DIGEST_KEY] = files.digest(state, n)
        blocks.append(render_block(n, event))
        if len(blocks) == DEFAULT_SEGMENT_SIZE or n == events:
            (folder / segment_name(first)).write_bytes(render_header(1) + b"".join(blocks))
            blocks, first = [], n + 1
    data = render_state(stamp(campaign_data(state), last_event=events), path)
    atomic_write(path, data)


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def measure(path: Path, events: int) -> tuple[float, float, float, int]:
    """Play and save the last 50 of `events` events, and open the campaign they leave.

    Returns the median ms of a raw parse of the state, of a save (the engine's verb and
    `CampaignStore.commit`) and of an open (`CampaignStore.open`: lock, read, check, repair),
    and the state's size in bytes.
    """
    saves = []
    with CampaignStore.open(path, CATALOG) as store:
        for n in range(events - SAVES + 1, events + 1):
            saves.append(timed(lambda n=n: store.commit(play(store.state, n))))

    def open_and_close() -> None:
        CampaignStore.open(path, CATALOG).close()

    opens = [timed(open_and_close) for _ in range(OPENS)]
    text = path.read_text()
    raw = median_ms([timed(lambda: tomllib.loads(text)) for _ in range(SAVES)])
    return raw, median_ms(saves), median_ms(opens), len(text.encode())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", type=Path, help="where to build the campaigns (a temp folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir, prefix="hearthroll-bench-") as root:
        rows = []
        for events in SIZES:
            path = Path(root) / f"campaign-{events}.toml"
            build_start = time.perf_counter()
            build(path, events - SAVES)
            built = time.perf_counter() - build_start
            raw, save, opened, size = measure(path, events)
            rows.append((events, size, raw, save, opened, built))
    print(f"state file ~{rows[0][1] / 1024:.1f} KiB; segments of {DEFAULT_SEGMENT_SIZE} events")
    print(
        f"{'events':>8} | {'loads ms':>8} | {'save ms':>8} | {'save/loads':>10} | "
        f"{'open ms':>8} | {'open/loads':>10} | {'build s':>7}"
    )
    print("-" * 80)
    for events, _, raw, save, opened, built in rows:
        print(
            f"{events:>8,} | {raw:8.3f} | {save:8.3f} | {save / raw:10.1f} | "
            f"{opened:8.3f} | {opened / raw:10.1f} | {built:7.1f}"
        )
    _, _, _, save, opened, _ = rows[-1]
    verdict = "met" if save <= AIM_SAVE_MS and opened <= AIM_OPEN_MS else "MISSED"
    print(
        f"aim at {SIZES[-1]:,} events: save <= {AIM_SAVE_MS} ms, open <= {AIM_OPEN_MS} ms: "
        f"{verdict}"
    )


if __name__ == "__main__":
    main()
