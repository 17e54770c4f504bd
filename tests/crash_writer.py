"""Saves events in a loop until it is killed: the subject of the crash-safety test.

Usage: python tests/crash_writer.py DIR MODE [SEGMENT_SIZE]

MODE `safe` opens (or creates) `DIR/campaign.toml` with `CampaignFiles`, replays what the
journal holds past the state, and saves one event after another. MODE `naive` journals the
events the same way but rewrites the state file in place, as a negative control: it opens it
with `open(path, "wb")` and writes the state into it chunk by chunk as it is rendered (no temp
file, no fsync).

It prints `start N` once the campaign is open (N: the events its state includes) and
`ack N` each time a save of event N has returned.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import tomli_w

from hearthroll.store.campaign_files import SCHEMA_VERSION, CampaignFiles
from hearthroll.store.journal import Journal

PADDING = "the hearth burns low and the wall is climbed " * 1100
"""About 50 KB, so that writing the state takes long enough to be interrupted."""

MAX_SECONDS = 30.0
"""A writer nobody kills stops by itself."""

CAMPAIGN = "campaign.toml"


def initial_state() -> dict[str, Any]:
    return {"counter": 0, "items": [], "padding": PADDING}


def apply(state: dict[str, Any], event: dict[str, Any]) -> None:
    """The campaign's one rule: count the event and remember the last 20 items."""
    state["counter"] = event["n"]
    state["items"] = [*state["items"], f"item {event['n']}"][-20:]


def run_safe(folder: Path, segment_size: int) -> None:
    path = folder / CAMPAIGN
    if path.exists():
        files = CampaignFiles.open(path, segment_size=segment_size)
        state = files.state
        for event in files.pending:
            apply(state, event)
    else:
        files = CampaignFiles.create(path, initial_state(), segment_size=segment_size)
        state = files.state
    print(f"start {state['counter']}", flush=True)
    n = state["counter"]
    deadline = time.monotonic() + MAX_SECONDS
    while time.monotonic() < deadline:
        n += 1
        event = {"kind": "tick", "n": n}
        apply(state, event)
        files.save(event, state)
        print(f"ack {n}", flush=True)
    files.close()


def write_in_place(path: Path, state: dict[str, Any]) -> None:
    """Truncate the state file and write the state into it chunk by chunk as it is rendered."""
    with path.open("wb") as file:
        tomli_w.dump(state, file)


def run_naive(folder: Path, segment_size: int) -> None:
    path = folder / CAMPAIGN
    journal = Journal(folder / "campaign.journal", segment_size)
    state = {"schema_version": SCHEMA_VERSION, "last_event": 0, **initial_state()}
    write_in_place(path, state)
    print("start 0", flush=True)
    n = 0
    deadline = time.monotonic() + MAX_SECONDS
    while time.monotonic() < deadline:
        n += 1
        event = {"kind": "tick", "n": n}
        apply(state, event)
        state["last_event"] = journal.append(event)
        write_in_place(path, state)
        print(f"ack {n}", flush=True)


def main(argv: list[str]) -> None:
    folder, mode = Path(argv[1]), argv[2]
    segment_size = int(argv[3]) if len(argv) > 3 else 1000
    {"safe": run_safe, "naive": run_naive}[mode](folder, segment_size)


if __name__ == "__main__":
    main(sys.argv)
