"""The `clock` verb, in every game: list, new, advance, roll (to advance: Ask the Oracle at the
odds given), clear and drop."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hearthroll.cli.common import EXIT_OK, UsageError, print_json
from hearthroll.cli.dice_flags import dice_source, finish_dice
from hearthroll.cli.kernel import add_campaign_options, read_campaign, with_store

if TYPE_CHECKING:
    from hearthroll.core.campaign.events import Outcome
    from hearthroll.store.campaigns import CampaignStore

ACTIONS = ("list", "new", "advance", "roll", "clear", "drop")


def add_parsers(verbs: Any) -> None:
    """Add `clock` to the command line."""
    clock = verbs.add_parser("clock", help="clocks: list, new, advance, roll, clear, drop")
    clock.add_argument("file", type=Path, metavar="FILE")
    clock.add_argument("action", choices=ACTIONS)
    clock.add_argument("name", metavar="NAME", nargs="?", help="the clock (not for list)")
    clock.add_argument("--segments", type=int, metavar="N", help="a new clock's: 4, 6, 8 or 10")
    clock.add_argument("--kind", default="tension", metavar="K", help="tension or campaign")
    clock.add_argument("--times", type=int, default=1, metavar="N", help="segments at once")
    clock.add_argument(
        "--odds", metavar="ODDS", help="roll: almost certain, likely, 50/50, unlikely, small chance"
    )
    clock.add_argument("--dice", metavar="F", help="roll: the d100's face, typed (00 is 100)")
    clock.add_argument("--seed", type=int, help="seed the dice")
    add_campaign_options(clock)
    clock.set_defaults(run=run_clock)


def run_clock(args: argparse.Namespace) -> int:
    """One of the clock verbs."""
    from hearthroll.core.verbs import clocks

    if args.action == "list":
        return _list_clocks(args)
    if args.name is None:
        raise UsageError(f"clock {args.action} needs the clock's NAME")

    def verb(store: CampaignStore) -> Outcome:
        state = store.state
        if args.action == "new":
            if args.segments is None:
                raise UsageError("a new clock needs --segments (4, 6, 8 or 10)")
            return clocks.new_clock(state, args.name, args.segments, args.kind)
        if args.action == "advance":
            return clocks.advance_clock(state, args.name, args.times)
        if args.action == "clear":
            return clocks.clear_clock(state, args.name)
        if args.action == "drop":
            return clocks.drop_clock(state, args.name)
        if args.odds is None:
            raise UsageError("clock roll needs --odds (almost certain, likely, 50/50, ...)")
        dice = dice_source(args.dice, args.seed)
        outcome = clocks.roll_clock(state, args.name, args.odds, dice)
        finish_dice(dice)
        return outcome

    return with_store(args, verb)


def _list_clocks(args: argparse.Namespace) -> int:
    """The campaign's clocks, one a line, read without a write."""
    from hearthroll.core.games.clocks import line

    if args.name is not None:
        raise UsageError("clock list takes no NAME: it lists every clock")
    with read_campaign(args) as store:
        held = store.state.clocks or ()
        if args.json:
            print_json({"clocks": [clock_json(c) for c in held]})
        else:
            print("\n".join(line(c) for c in held) if held else "no clocks yet")
    return EXIT_OK


def clock_json(clock: Any) -> dict[str, object]:
    """A clock as `clock list --json` and `state --json` print it."""
    return {
        "name": clock.name,
        "segments": clock.segments,
        "kind": clock.kind,
        "filled": clock.filled,
    }
