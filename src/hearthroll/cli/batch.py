"""`hearthroll batch`: a script's commands, one a line, run in one process.

Each line is run exactly as `hearthroll LINE` runs at the shell (its own event, saved, the lock
taken and given back), but Python, the engine and the catalog start once for the whole script
instead of once a command.
"""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from hearthroll.cli.common import EXIT_OK, EXIT_USAGE, UsageError

ALONE = {
    "batch": "a batch runs commands, not another batch",
    "view": "the players' view runs until it is closed: start it on its own",
    "serve": "serving runs until it is stopped: start it on its own",
}
"""Verbs a batch refuses, and why."""

Runner = Callable[[Sequence[str]], int]
"""Runs one command line (its words, without `hearthroll`) and gives its exit status."""


def add_parsers(verbs: Any, top: argparse.ArgumentParser) -> None:
    """Add `batch` to the command line `top`, whose parser runs each line."""
    batch = verbs.add_parser(
        "batch", help="run a script's commands, one a line, in one process (much quicker)"
    )
    batch.add_argument(
        "script",
        nargs="?",
        default="-",
        metavar="SCRIPT",
        help="a file of commands, one a line, each as after `hearthroll` ('-' or none: stdin)",
    )
    batch.add_argument(
        "--keep-going",
        action="store_true",
        help="run every line, even after one fails (the status is the first failure's)",
    )
    batch.add_argument(
        "--echo", action="store_true", help="print each command, after '$ ', before its output"
    )
    batch.set_defaults(run=functools.partial(run_batch, top))


def run_batch(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from hearthroll.cli import app_target, run_command

    lines = _read(args.script)
    name = "stdin" if args.script == "-" else args.script

    def one(words: Sequence[str]) -> int:
        return run_command(parser, words)

    def opens_app(words: Sequence[str]) -> bool:
        return app_target(words, parser) is not None

    return run_lines(
        lines, name, one, opens_app=opens_app, keep_going=args.keep_going, echo=args.echo
    )


def run_lines(
    lines: Sequence[str],
    name: str,
    run: Runner,
    *,
    opens_app: Callable[[Sequence[str]], bool] = lambda words: False,
    keep_going: bool = False,
    echo: bool = False,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Run each line with `run`; stop at the first that fails (unless `keep_going`), saying
    where. The status is the first failure's, or 0."""
    import shlex  # here, not at start-up: every command builds this verb's parser

    out = out or sys.stdout
    err = err or sys.stderr
    first_failure = EXIT_OK
    done = 0
    for number, line in enumerate(lines, start=1):
        where = f"{name}:{number}"
        try:
            words = _words(line, where, opens_app)
        except UsageError as error:
            status = EXIT_USAGE
            print(f"hearthroll: batch: {error}", file=err)
        else:
            if not words:
                continue
            if echo:
                print(f"$ hearthroll {shlex.join(words)}", file=out)
                out.flush()
            status = run(words)
            out.flush()
        if status == EXIT_OK:
            done += 1
            continue
        first_failure = first_failure or status
        if status == 130:  # Ctrl-C: the person wants it to stop
            print(f"hearthroll: batch: interrupted at {where}", file=err)
            return status
        if not keep_going:
            before = "no command" if not done else f"{done} command{'s' if done != 1 else ''}"
            print(
                f"hearthroll: batch: stopped at {where} (exit {status}): {before} done before "
                "it, none after it",
                file=err,
            )
            return status
        print(f"hearthroll: batch: {where} failed (exit {status}); going on", file=err)
    return first_failure


def _words(line: str, where: str, opens_app: Callable[[Sequence[str]], bool]) -> list[str]:
    """The command a line holds, without a leading `hearthroll`; [] for a blank or a comment."""
    import shlex

    try:
        words = shlex.split(line, comments=True)
    except ValueError as error:  # an unclosed quote or a lone backslash
        raise UsageError(f"{where}: {str(error).lower()}; close the quote or escape it") from None
    if words[:1] == ["hearthroll"]:
        words = words[1:]
        if not words:
            raise UsageError(f"{where}: `hearthroll` alone opens the app; a batch runs commands")
    if not words:
        return []
    why = ALONE.get(words[0])
    if why:
        raise UsageError(f"{where}: {words[0]}: {why}")
    if opens_app(words):
        raise UsageError(f"{where}: `hearthroll FILE` opens the app; a batch runs commands")
    return words


def _read(script: str) -> list[str]:
    """The script's lines, from a file or from standard input (`-`)."""
    if script == "-":
        return sys.stdin.read().splitlines()
    path = Path(script)
    try:
        data = path.read_bytes()
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise UsageError(f"cannot read the script {path}: {reason.lower()}") from None
    try:
        return data.decode("utf-8").splitlines()
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise UsageError(f"{path}:{line}: the script is not UTF-8 text; save it as UTF-8") from None
