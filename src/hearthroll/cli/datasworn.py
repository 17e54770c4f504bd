"""The `import` verb: Datasworn packages (JSON) written out as one hearthroll ruleset file."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from hearthroll.cli.common import EXIT_OK, EXIT_PROBLEMS, UsageError


def add_parsers(verbs: Any) -> None:
    """Add `import` to the command line."""
    found = verbs.add_parser(
        "import", help="turn Datasworn packages (JSON) into a ruleset file for --moves"
    )
    found.add_argument(
        "files",
        nargs="+",
        type=Path,
        metavar="FILE.json",
        help="a Datasworn package; an expansion with the package it builds on",
    )
    found.add_argument(
        "--out",
        type=Path,
        metavar="FILE.toml",
        help="the ruleset file to write (default: the first FILE, ending .toml)",
    )
    found.add_argument("--force", action="store_true", help="write over --out if it exists")
    found.set_defaults(run=run_import)


def run_import(args: argparse.Namespace) -> int:
    """Read the packages together, check what they make beside the shipped catalog, and write
    it as one ruleset file; a link that leads nowhere is written as its words, and said."""
    from hearthroll.store.atomic import atomic_write
    from hearthroll.store.datasworn import read_packages
    from hearthroll.store.rulesets import RulesetError, build_catalog, dump_text, shipped_file

    paths: list[Path] = args.files
    for path in paths:
        if path.suffix.lower() != ".json":
            raise UsageError(f"{path} is not a Datasworn package (a .json file)")
    out: Path = args.out or paths[0].with_suffix(".toml")
    if out.exists() and not args.force:
        raise UsageError(f"{out} exists already: give another --out, or --force to write over it")
    shipped = shipped_file()
    read = read_packages(paths, shipped)
    problems = list(read.problems)
    if not problems:
        try:
            build_catalog([shipped, *read.files])
        except RulesetError as error:
            problems += error.problems
    if problems:
        for problem in problems:
            print(problem)
        count = len(problems)
        print(f"{count} problem{'s' if count != 1 else ''} found; nothing written", file=sys.stderr)
        return EXIT_PROBLEMS
    for warning in read.warnings:
        print(f"{warning} (written as its words)", file=sys.stderr)
    rulesets = [r for f in read.files for r in f.rulesets]
    moves = [m for f in read.files for m in f.moves]
    tables = [t for f in read.files for t in f.tables]
    head = "".join(f"# {line}\n" for line in _header(read.credits, paths))
    try:
        atomic_write(out, (head + "\n" + dump_text(rulesets, moves, tables)).encode("utf-8"))
    except OSError as error:
        raise UsageError(f"{out} cannot be written: {error.strerror or error}") from None
    assets = sum(1 for m in moves if "asset" in m.tags)
    foes = sum(1 for m in moves if "foe" in m.tags)
    rows = sum(len(t.table.rows) for t in tables)
    joined = sorted({t.ruleset for t in tables} | {m.ruleset for m in moves})
    print(
        f"{out}: {len(moves) - assets - foes} moves, {assets} assets, {foes} foes, "
        f"{len(tables)} tables ({rows} rows) for {', '.join(joined)}"
    )
    if read.kept:
        print(f"kept as hearthroll's own (it applies them): {', '.join(read.kept)}")
    for credit in read.credits:
        print(f"content: {credit}")
    return EXIT_OK


def _header(credits: tuple[str, ...], paths: list[Path]) -> list[str]:
    """The comment at the top of the file written: what it came from and its credit."""
    names = ", ".join(p.name for p in paths)
    return [
        f"Made by `hearthroll import` from the Datasworn package(s) {names}.",
        *(f"Content: {credit}" for credit in credits),
        "Every move and table below keeps its own source and licence.",
    ]
