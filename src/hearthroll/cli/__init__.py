"""The `hearthroll` command: quick rolls, exact odds and the move catalog, on the app's engine."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from hearthroll import __version__
from hearthroll.cli import campaign, dice, moves
from hearthroll.cli.common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, Parser
from hearthroll.core.errors import HearthrollError


def build_parser() -> argparse.ArgumentParser:
    """The whole command line, one subparser per verb."""
    parser = Parser(prog="hearthroll", description="A game master's screen for the terminal.")
    parser.add_argument("--version", action="version", version=f"hearthroll {__version__}")
    verbs = parser.add_subparsers(dest="verb", metavar="COMMAND", parser_class=Parser)
    dice.add_parsers(verbs)
    moves.add_parsers(verbs)
    campaign.add_parsers(verbs)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command and return its exit status; errors are one line, never a traceback."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        run: Callable[[argparse.Namespace], int] | None = getattr(args, "run", None)
        if run is None:
            parser.print_help()
            return EXIT_OK
        return run(args)
    except HearthrollError as error:
        print(f"hearthroll: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as error:  # the last guard: a person never sees a traceback
        if os.environ.get("HEARTHROLL_DEBUG"):
            raise
        print(f"hearthroll: unexpected error: {error!r}", file=sys.stderr)
        return EXIT_PROBLEMS
