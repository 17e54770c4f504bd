"""Benchmark: saving one event and opening a campaign, at 100 to 100,000 events in the journal.

Builds each campaign quickly by writing its journal segments directly, then measures the real
path: `CampaignFiles.save` (journal append + fsync, atomic state rewrite + fsyncs) as the median
of the 50 saves that bring it to its size, and `CampaignFiles.open` + `close` as the median of
10 opens. At 1,000 events and up the newest segment is then full (1,000 events), the most an
open has to read. Each is also given as
a ratio to a plain `tomllib.loads` of the state file measured in the same run. Both should stay
flat as the journal grows. Run it with `python benchmarks/campaign_io.py [--dir FOLDER]`; the
folder (by default a temporary one) should be on the disk campaigns live on, since fsync cost
depends on it. Not part of the test suite.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import tempfile
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hearthroll.store.atomic import atomic_write
from hearthroll.store.campaign_files import CampaignFiles, journal_folder, render_state, stamp
from hearthroll.store.journal import DEFAULT_SEGMENT_SIZE, render_block, segment_name

SIZES = (100, 1_000, 10_000, 100_000)
SAVES = 50
OPENS = 10
AIM_SAVE_MS = 5.0
AIM_OPEN_MS = 300.0
HEROES = ("Brann", "Isolde", "Tamsin", "Orrin", "Wynn")


def campaign_state(turn: int) -> dict[str, Any]:
    """A state the size of a real table's: five sheets, a steading and the turn."""
    sheets = {
        name: {
            "level": 3,
            "xp": 7,
            "rerolls": 2,
            "stats": {"str": 2, "dex": 1, "con": 0, "int": -1, "wis": 1, "cha": 0},
            "meters": {"hp": 14, "hp_max": 18, "armor": 1, "load": 4},
            "holds": {"readiness": 1, "preparation": 0},
            "conditions": ["weakened"],
            "gear": [f"{item} of {name}" for item in ("sword", "shield", "rope", "torch")],
            "bonds": [f"{name} owes {other} a debt" for other in HEROES if other != name],
            "notes": f"{name} swore to find the lost bell of Hollowmere. " * 4,
        }
        for name in HEROES
    }
    steading = {
        "name": "Hollowmere",
        "size": "village",
        "season": "autumn",
        "fortunes": 1,
        "stats": {"population": 1, "prosperity": 0, "defenses": 1},
        "flags": ["malcontent"],
        "improvements": ["palisade", "well", "shrine"],
    }
    return {"ruleset": "house", "turn": turn, "characters": sheets, "steading": steading}


def campaign_event(n: int) -> dict[str, Any]:
    """An event the size of a real move: who, what, the dice, the band and the deltas."""
    who = HEROES[n % len(HEROES)]
    return {
        "verb": "move",
        "who": who,
        "move": "clash",
        "pool": 3,
        "dice": [6, 3, 2],
        "kept": [6, 3, 2],
        "band": "strong",
        "choices": ["deal damage", "avoid their attack"],
        "deltas": {f"characters.{who}.meters.hp": [14, 12], "turn.pool": [2, 3]},
        "note": f"{who} climbs the wall at the old mill (event {n})",
    }


def build(path: Path, events: int) -> None:
    """Write a campaign of `events` events straight to disk (no fsync: this is setup)."""
    folder = journal_folder(path)
    folder.mkdir(parents=True)
    for first in range(1, events + 1, DEFAULT_SEGMENT_SIZE):
        last = min(first + DEFAULT_SEGMENT_SIZE - 1, events)
        blocks = b"".join(render_block(n, campaign_event(n)) for n in range(first, last + 1))
        (folder / segment_name(first)).write_bytes(blocks)
    atomic_write(path, render_state(stamp(campaign_state(events), last_event=events), path))


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def measure(path: Path, events: int) -> tuple[float, float, float, int]:
    """Save the last 50 of `events` events, and open the campaign they leave.

    Returns the median ms of a raw parse of the state, of a save and of an open, and the
    state's size in bytes.
    """
    saves = []
    with CampaignFiles.open(path) as files:
        for n in range(events - SAVES + 1, events + 1):
            event, state = campaign_event(n), campaign_state(n)
            saves.append(timed(functools.partial(files.save, event, state)))

    def open_and_close() -> None:
        CampaignFiles.open(path).close()

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
