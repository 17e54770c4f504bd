"""The `hearthroll` command: quick rolls, exact odds and the move catalog, on the app's engine."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from hearthroll import __version__
from hearthroll.cli import (
    batch,
    campaign,
    clock,
    datasworn,
    dice,
    edits,
    fight,
    log,
    move,
    moves,
    oracle,
    players,
    pool,
    serve,
    sheet_verbs,
    starforged,
    warm,
)
from hearthroll.cli.common import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, Parser
from hearthroll.core.errors import HearthrollError


def build_parser() -> argparse.ArgumentParser:
    """The whole command line, one subparser per verb."""
    parser = Parser(prog="hearthroll", description="A game master's screen for the terminal.")
    parser.add_argument("--version", action="version", version=f"hearthroll {__version__}")
    verbs = parser.add_subparsers(dest="verb", metavar="COMMAND", parser_class=Parser)
    dice.add_parsers(verbs)
    moves.add_parsers(verbs)
    datasworn.add_parsers(verbs)
    campaign.add_parsers(verbs)
    move.add_parsers(verbs)
    pool.add_parsers(verbs)
    edits.add_parsers(verbs)
    log.add_parsers(verbs)
    fight.add_parsers(verbs)
    starforged.add_parsers(verbs)
    oracle.add_parsers(verbs)
    clock.add_parsers(verbs)
    sheet_verbs.add_parsers(verbs)
    players.add_parsers(verbs)
    serve.add_parsers(verbs)
    warm.add_parsers(verbs)
    batch.add_parsers(verbs, parser)
    parser.verb_names = set(verbs.choices)  # type: ignore[attr-defined]
    return parser


def app_target(argv: Sequence[str], parser: argparse.ArgumentParser) -> list[str] | None:
    """`hearthroll` alone or `hearthroll FILE`, either with `--moves FILE` options, opens the
    app: argv as it is; None when argv names a verb."""
    if not argv:
        return []
    verbs: set[str] = getattr(parser, "verb_names", set())
    first = argv[0]
    named = not first.startswith("-")
    if named and (first in verbs or not (first.endswith(".toml") or os.path.exists(first))):
        return None
    if _moves_options(argv[1:] if named else argv) is None:
        return None
    return list(argv)


def _moves_options(words: Sequence[str]) -> list[str] | None:
    """The files of `--moves FILE` (or `--moves=FILE`) options, when `words` are only those."""
    found: list[str] = []
    at = 0
    while at < len(words):
        word = words[at]
        if word.startswith("--moves=") and len(word) > len("--moves="):
            found.append(word.removeprefix("--moves="))
            at += 1
        elif word == "--moves" and at + 1 < len(words):
            found.append(words[at + 1])
            at += 2
        else:
            return None
    return found


def open_app(target: list[str]) -> int:
    """Open the Textual app on a campaign (the last one, or the demo, when none is named),
    with the move files `--moves` names beside the campaign's own."""
    from pathlib import Path

    from hearthroll.tui import run

    named = bool(target) and not target[0].startswith("-")
    moves = [Path(m) for m in _moves_options(target[1:] if named else target) or ()]
    status: int = run(Path(target[0]) if named else None, moves=moves)
    return status


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command and return its exit status; errors are one line, never a traceback."""
    return run_command(build_parser(), list(sys.argv[1:] if argv is None else argv), app=True)


def run_command(parser: argparse.ArgumentParser, argv: Sequence[str], *, app: bool = False) -> int:
    """Run the verb `argv` names with `parser` and return its exit status; with `app`, no verb
    (or a campaign file alone) opens the app. `batch` runs each of its lines here."""
    try:
        target = app_target(argv, parser) if app else None
        if target is not None:
            return open_app(target)
        args = parser.parse_args(argv)
        run: Callable[[argparse.Namespace], int] | None = getattr(args, "run", None)
        if run is None:
            parser.print_help()
            return EXIT_OK
        return run(args)
    except SystemExit as exit:  # --help and --version end here
        if exit.code is None or isinstance(exit.code, int):
            return exit.code or EXIT_OK
        print(f"hearthroll: {exit.code}", file=sys.stderr)
        return EXIT_USAGE
    except HearthrollError as error:
        print(f"hearthroll: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as error:  # the last guard: a person never sees a traceback
        if isinstance(error.__cause__, KeyboardInterrupt):  # Ctrl-C that Python wrapped (in a
            return 130  # class's `__set_name__`, while a module loads)
        if os.environ.get("HEARTHROLL_DEBUG"):
            raise
        print(f"hearthroll: unexpected error: {error!r}", file=sys.stderr)
        return EXIT_PROBLEMS
