"""Plays a campaign until it is killed: the subject of the campaign crash test.

Usage: python tests/campaign_crash_writer.py FILE MODE SEED

It opens FILE with the real campaign store (creating the demo campaign if FILE is missing)
and makes one real event after another: RISKY moves with seeded dice, rerolls, accepted busts,
stops, notes, holds. It prints `start N` once open (N: the events the state includes) and
`ack N` each time event N was saved. MODE `naive` is the negative control: the state file is
rewritten in place with a plain open(path, "w") instead of the atomic write.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import RandomDice
from hearthroll.core.errors import HearthrollError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.rules.model import Ruleset
from hearthroll.core.verbs import edits, pool, session
from hearthroll.store import campaign_files
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog

MAX_SECONDS = 30.0
NAIVE_PAUSE = 0.003  # seconds between the naive writer's pieces


def write_in_place(path: Path, data: bytes) -> None:
    """The naive writer: truncate the file and write it in small pieces, no temp, no fsync.

    It pauses between pieces, as a slow disk would, so that most of its time is spent with
    the file half written: a kill at a random moment then almost always lands in that window,
    however busy the machine is."""
    with path.open("w", encoding="utf-8") as file:
        text = data.decode()
        for start in range(0, len(text), 256):
            file.write(text[start : start + 256])
            file.flush()
            time.sleep(NAIVE_PAUSE)


def next_outcome(state: Campaign, ruleset: Ruleset, dice: RandomDice, step: int) -> Outcome:
    """One more event of ordinary play."""
    if state.turn.status == "bust_pending":
        character = state.characters[state.turn.actor or ""]
        if character.rerolls_left and step % 2:
            return pool.reroll(state, ruleset, dice)
        return pool.accept(state, ruleset, dice)
    choice = step % 7
    if choice == 5:
        return edits.note(state, f"the GM's line {step} " + "and the wall is climbed " * 40)
    if choice == 6 and state.turn.actor:
        return pool.stop(state, ruleset)
    actor = list(state.characters)[step % len(state.characters)]
    move = ("clash", "defend", "volley", "take_watch")[step % 4]
    return session.make_move(
        state,
        ruleset,
        move,
        dice,
        actor=actor,
        effect_dice=dice,
        picks=_picks(ruleset, state, move),
    )


def _picks(ruleset: Ruleset, state: Campaign, move: str) -> list[str]:
    return []


def main(argv: list[str]) -> None:
    path, mode, seed = Path(argv[1]), argv[2], int(argv[3])
    if mode == "naive":
        campaign_files.atomic_write = write_in_place  # type: ignore[assignment]
    catalog = load_catalog(with_user=False)
    ruleset = catalog.ruleset("house")
    if path.exists():
        store = CampaignStore.open(path, catalog)
    else:
        store = CampaignStore.create(path, demo_campaign(ruleset), catalog)
    print(f"start {store.state.history.events}", flush=True)
    dice = RandomDice(seed)
    deadline = time.monotonic() + MAX_SECONDS
    step = store.state.history.events
    while time.monotonic() < deadline:
        step += 1
        try:
            outcome = next_outcome(store.state, ruleset, dice, step)
        except HearthrollError:
            continue  # an illegal step in this state: play something else
        event = store.commit(outcome)
        print(f"ack {event.seq}", flush=True)
    store.close()


if __name__ == "__main__":
    main(sys.argv)
