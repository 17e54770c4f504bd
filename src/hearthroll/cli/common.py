"""What every verb of the command line shares: exit codes, the one-line parser, JSON output."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from hearthroll.core.errors import HearthrollError
from hearthroll.core.numbers import MAX_DIGITS, describe, whole_number

if TYPE_CHECKING:
    from hearthroll.core.rules.model import Catalog
    from hearthroll.store.catalog_cache import Cached
    from hearthroll.store.memo import Memo

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_USAGE = 2
EXIT_HAND_EDIT = 3
"""`check`: sound, but the state file has a hand edit the journal has not recorded yet."""


class UsageError(HearthrollError):
    """A command line that cannot be run as written."""


def typed_whole_number(text: str) -> int:
    """An argument's whole number: ASCII digits with an optional sign, as everywhere else."""
    value = whole_number(text)
    if value is None:
        raise argparse.ArgumentTypeError(
            f"{describe(text)} is not a whole number (digits 0-9, at most {MAX_DIGITS})"
        )
    return value


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit 2, never a usage dump.

    Every `type=int` argument is read by `typed_whole_number`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.register("type", int, typed_whole_number)

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")


def add_edge(parser: argparse.ArgumentParser) -> None:
    """--adv and --dis; both together cancel."""
    parser.add_argument("--adv", action="store_true", help="roll with advantage")
    parser.add_argument("--dis", action="store_true", help="roll with disadvantage")


def add_json(parser: argparse.ArgumentParser) -> None:
    """--json: machine-readable output."""
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


def add_moves(parser: argparse.ArgumentParser, text: str) -> None:
    """--moves FILE, repeatable: the extra ruleset files to load (`text` says what for)."""
    parser.add_argument(
        "--moves", action="append", default=[], type=Path, metavar="FILE", help=text
    )


def print_json(data: object) -> None:
    """One JSON document on stdout."""
    print(json.dumps(data, ensure_ascii=False))


def memo() -> Memo:
    """The memos of the cache folder the app uses too: the checked catalog, campaign snapshots."""
    from hearthroll.store.folders import cache_dir
    from hearthroll.store.memo import Memo

    return Memo(cache_dir())


def load_catalog(extra: Sequence[Path] = ()) -> Catalog:
    """The checked catalog (with `extra` ruleset files; a bestiary among them is left to the
    foes), from the cache the app uses too."""
    from hearthroll.store import catalog_cache
    from hearthroll.store.sources import ruleset_files

    return catalog_cache.load(memo(), ruleset_files(extra))


def cached_catalog(extra: Sequence[Path] = ()) -> Cached:
    """The same catalog, read from its cache only as far as the command needs: opening a
    campaign asks only whether its ruleset is known, and a verb that needs the ruleset reads
    that one alone."""
    from hearthroll.store.catalog_cache import Cached
    from hearthroll.store.sources import ruleset_files

    return Cached(memo(), ruleset_files(extra))
