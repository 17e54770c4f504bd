"""`hearthroll view`: the players' view of a campaign, read-only, following the GM's play."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from hearthroll.cli.common import add_moves


def add_parsers(verbs: Any) -> None:
    """Add `view` to the command line."""
    view = verbs.add_parser(
        "view",
        help="the players' view: the table read-only, following the GM as they play",
    )
    view.add_argument("file", type=Path, metavar="FILE")
    view.add_argument(
        "--odds", action="store_true", help="show the odds of the next roll (hidden unless given)"
    )
    add_moves(view, "an extra ruleset file to load (repeatable)")
    view.set_defaults(run=run_view)


def run_view(args: argparse.Namespace) -> int:
    """Show the campaign to the players until they quit (a missing or damaged campaign is
    refused before the terminal is taken, exit 2)."""
    from hearthroll.cli.kernel import moves_of
    from hearthroll.store.sources import ruleset_files
    from hearthroll.tui.view import run

    return run(args.file, odds=args.odds, moves=ruleset_files(moves_of(args)))
