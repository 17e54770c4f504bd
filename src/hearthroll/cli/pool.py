"""The pool turn's verbs: reroll, accept, stop and prep, each on the bust or the roll that waits."""

from __future__ import annotations

import argparse
from typing import Any

from hearthroll.cli.dice_flags import (
    add_dice,
    add_effect_dice,
    roll_keeping_faces,
    with_effect_dice,
)
from hearthroll.cli.kernel import add_verb, with_store


def add_parsers(verbs: Any) -> None:
    """Add reroll, accept, stop and prep to the command line."""
    reroll = add_verb(verbs, "reroll", "spend a reroll on the pending bust", run_reroll)
    add_dice(reroll)
    reroll.add_argument(
        "--pick",
        action="append",
        default=None,
        metavar="OPTION",
        help="options for the band the reroll lands on (repeatable)",
    )
    accept = add_verb(
        verbs, "accept", "take the bust: XP for each kept 1, the turn ends", run_accept
    )
    add_effect_dice(accept)
    add_verb(verbs, "stop", "end the turn before a bust: rerolls refresh", run_stop)
    prep = add_verb(verbs, "prep", "spend 1 Preparation: +1 to one kept die", run_prep)
    prep.add_argument("die", type=int, metavar="DIE_INDEX", help="which kept die, from 1")
    add_effect_dice(prep)


def run_reroll(args: argparse.Namespace) -> int:
    """Reroll the pending bust."""
    from hearthroll.core.verbs.pool import reroll

    return with_store(
        args,
        lambda s: roll_keeping_faces(
            args, lambda d, e: reroll(s.state, s.ruleset, d, e, args.pick)
        ),
    )


def run_accept(args: argparse.Namespace) -> int:
    """Accept the bust."""
    from hearthroll.core.verbs.pool import accept

    return with_effect_dice(args, lambda s, effect: accept(s.state, s.ruleset, effect))


def run_stop(args: argparse.Namespace) -> int:
    """Stop the turn."""
    from hearthroll.core.verbs.pool import stop

    return with_store(args, lambda s: stop(s.state, s.ruleset))


def run_prep(args: argparse.Namespace) -> int:
    """Spend Preparation on the last roll."""
    from hearthroll.core.verbs.pool import prep

    return with_effect_dice(args, lambda s, effect: prep(s.state, s.ruleset, args.die, effect))
