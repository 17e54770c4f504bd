"""A writer racing others for one campaign: the subject of the lock race test.

Usage: python tests/lock_racer.py FILE NAME COUNT

It writes COUNT notes (`NAME 1`, `NAME 2`…), each in its own opening of FILE as a command
does: open (taking the lock), save one event, close (releasing it). A refusal because another
writer holds the campaign is tried again. While it holds the lock it keeps a marker file made
with O_EXCL beside the campaign, so two holders at once fail loudly. It prints `ack NAME I`
after each note is saved.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from hearthroll.core.verbs.edits import note
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.errors import StoreError
from hearthroll.store.rulesets import load_catalog


def main(argv: list[str]) -> None:
    path, name, count = Path(argv[1]), argv[2], int(argv[3])
    marker = path.with_name("inside")
    catalog = load_catalog(with_user=False)
    written = 0
    while written < count:
        try:
            store = CampaignStore.open(path, catalog)
        except StoreError as exc:
            if "open in another hearthroll" not in str(exc):
                raise
            time.sleep(0.001)  # another writer has it: try again
            continue
        try:
            inside = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)  # alone, or it raises
            os.close(inside)
            store.commit(note(store.state, f"{name} {written + 1}"))
            os.unlink(marker)
        finally:
            store.close()
        written += 1
        print(f"ack {name} {written}", flush=True)


if __name__ == "__main__":
    main(sys.argv)
