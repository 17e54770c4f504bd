"""The `check`, `moves` and `show` verbs: validate ruleset files, find a move, read its card."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hearthroll.cli.common import (
    EXIT_HAND_EDIT,
    EXIT_OK,
    EXIT_PROBLEMS,
    UsageError,
    add_json,
    add_moves,
    load_catalog,
    print_json,
)

if TYPE_CHECKING:
    from hearthroll.core.rules.model import Catalog, Move, Ruleset, Table
    from hearthroll.store.repair import CampaignCheck
    from hearthroll.store.ruleset_file import Problem


def add_parsers(verbs: Any) -> None:
    """Add `check`, `moves` and `show` to the command line."""
    check = verbs.add_parser(
        "check", help="validate ruleset files (and Datasworn .json); report every problem"
    )
    check.add_argument("files", nargs="+", type=Path, metavar="FILE")
    check.set_defaults(run=run_check)

    find = verbs.add_parser("moves", help="find moves by name, tag or trigger (typos welcome)")
    find.add_argument("query", nargs="*", metavar="QUERY", help="words to look for")
    _add_catalog_options(find)
    find.add_argument("--limit", type=int, default=20, metavar="N", help="at most N (default 20)")
    add_json(find)
    find.set_defaults(run=run_moves)

    show = verbs.add_parser(
        "show", help="show a move's card: trigger, roll, bands, options (or a table's rows)"
    )
    show.add_argument(
        "move", nargs="+", metavar="MOVE", help="a move's id or name, any case (or a table's)"
    )
    _add_catalog_options(show)
    add_json(show)
    show.set_defaults(run=run_show)


def _add_catalog_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ruleset", metavar="R", help="only this ruleset (house, hack, ...)")
    add_moves(parser, "an extra ruleset file to load beside the shipped moves (repeatable)")


def load(args: argparse.Namespace) -> Catalog:
    """The catalog: shipped moves, the user's folder, and any --moves files."""
    catalog = load_catalog(args.moves)
    if args.ruleset is not None:
        known = [r.id for r in catalog.rulesets]
        if args.ruleset not in known:
            raise UsageError(f"unknown ruleset {args.ruleset!r}; known: {', '.join(known)}")
    return catalog


# --- check --------------------------------------------------------------------------------


def _proof(report: CampaignCheck, path: Path) -> str:
    """What `check` proved of a sound campaign, in words."""
    if report.hand_edit:
        return (
            "the state file has a hand edit the journal has not recorded yet (warning): the "
            "next command that writes records it as an edit event, or "
            f"`hearthroll repair {path}` puts back the journal's state"
        )
    if report.proven_from is None:
        return (
            "its journal has no checkpoint (an older hearthroll wrote it), so the state was not "
            "replayed; the next command that writes gives it one"
        )
    if report.proven_from == 0:
        return "the state is the journal's replay (from the checkpoint before its first event)"
    last = report.proven_from
    return (
        f"the state is the journal's replay (from the checkpoint before event {last + 1}); "
        f"events 1 to {last} were read but not replayed, as no checkpoint comes before them "
        "(an older hearthroll wrote them, or repair started the checkpoints again)"
    )


def run_check(args: argparse.Namespace) -> int:
    """Check ruleset files together (with the shipped catalog for what they build on)."""
    from hearthroll.store.campaigns import is_campaign_file
    from hearthroll.store.repair import check_report
    from hearthroll.store.ruleset_file import RulesetFile
    from hearthroll.store.rulesets import RulesetError, build_catalog, read_each, shipped_file
    from hearthroll.store.sources import is_bestiary

    files: list[RulesetFile] = []
    problems: list[Problem] = []
    campaigns = [p for p in args.files if is_campaign_file(p)]
    if campaigns:
        bad = edited = 0
        for path in campaigns:
            from hearthroll.cli.progress import ProgressBar

            catalog_for = _campaign_catalog(path)
            if isinstance(catalog_for, str):
                print(catalog_for)
                bad += 1
                continue
            bar = ProgressBar(f"checking {path}")
            try:
                report = check_report(path, catalog_for, bar)
            finally:
                bar.close()
            for line in report.problems:
                print(line)
            if not report.problems:
                for line in report.hand_edit:
                    print(f"{line} (a hand edit)")
                print(f"{path}: ok: a campaign; {_proof(report, path)}")
            bad += len(report.problems)
            edited += bool(report.hand_edit) and not report.problems
        rest = [p for p in args.files if p not in campaigns]
        if not rest:
            return EXIT_PROBLEMS if bad else EXIT_HAND_EDIT if edited else EXIT_OK
        args.files = rest
    bestiaries = [p for p in args.files if is_bestiary(p)]
    if bestiaries:
        problems += _check_bestiaries(bestiaries)
        args.files = [p for p in args.files if p not in bestiaries]
        if not args.files and not problems:
            return EXIT_OK
    read, unread = read_each(args.files, warnings=True)  # a lost link is reported too
    files += read
    problems += unread
    catalog = None
    if files:  # the files that parsed are still checked together, so every problem shows
        shipped = shipped_file()
        own = {r.id for f in files for r in f.rulesets}
        base = [] if own & {r.id for r in shipped.rulesets} else [shipped]
        try:
            catalog = build_catalog([*base, *files])
        except RulesetError as error:
            problems.extend(error.problems)
    if problems or catalog is None:
        for problem in problems:
            print(problem)
        count = len(problems)
        print(f"{count} problem{'s' if count != 1 else ''} found", file=sys.stderr)
        return EXIT_PROBLEMS
    mine = {r.id for f in files for r in f.rulesets}
    checked_moves = sum(len(f.moves) for f in files)
    tables = sum(len(r.tables) for f in files for r in f.rulesets) + sum(
        len(f.tables) for f in files
    )
    names = ", ".join(str(p) for p in args.files)
    print(
        f"{names}: ok: {len(mine)} ruleset{'s' if len(mine) != 1 else ''}, "
        f"{checked_moves} move{'s' if checked_moves != 1 else ''}, "
        f"{tables} table{'s' if tables != 1 else ''} "
        f"({len(catalog.moves())} moves in the catalog they join)"
    )
    return EXIT_OK


def _check_bestiaries(paths: list[Path]) -> list[Problem]:
    """Check bestiary files with the shipped foes (a name both give is a problem); say each
    sound file's foes, and return the problems."""
    from hearthroll.store.bestiary import BestiaryError, bestiary_for, read_bestiary

    try:
        bestiary_for(paths, with_user=False)
    except BestiaryError as error:
        return list(error.problems)
    for path in paths:
        count = len(read_bestiary(path).foes)
        print(f"{path}: ok: a bestiary, {count} foe{'s' if count != 1 else ''}")
    return []


def _campaign_catalog(path: Path) -> Catalog | str:
    """The catalog a campaign is checked with (its own move files with the rest); else what
    keeps them from loading, in words."""
    from hearthroll.store.campaign_moves import blamed, recorded_files
    from hearthroll.store.errors import StoreError
    from hearthroll.store.rulesets import RulesetError

    try:
        own = recorded_files(path)
    except StoreError as error:
        return str(error)
    try:
        return load_catalog([r.path for r in own])
    except RulesetError as error:
        return f"{error}\n{blamed(path, own, error.problems)}"


# --- moves --------------------------------------------------------------------------------


def run_moves(args: argparse.Namespace) -> int:
    """List matching moves, best first; with no query, every move grouped by ruleset."""
    catalog = load(args)
    everything = catalog.moves()
    query = " ".join(args.query)
    if query:
        from hearthroll.core.rules.search import catalog_index

        index = catalog_index(catalog)
        hits = index.search(query, ruleset=args.ruleset, limit=max(1, args.limit))
        found = [everything[h.index] for h in hits]
    else:
        found = [m for m in everything if args.ruleset in (None, m.ruleset)]
    if args.json:
        print_json([_summary(m) for m in found])
        return EXIT_OK
    if not found:
        print(f"no move matches {query!r}", file=sys.stderr)
        return EXIT_PROBLEMS
    from hearthroll.cli.card import print_move_list

    print_move_list(found, grouped=not query)
    return EXIT_OK


def _summary(move: Move) -> dict[str, object]:
    return {
        "id": move.id,
        "name": move.name,
        "ruleset": move.ruleset,
        "trigger": move.trigger,
        "tags": list(move.tags),
        "aliases": list(move.aliases),
        "mechanic": move.roll.mechanic,
    }


# --- show ---------------------------------------------------------------------------------


def run_show(args: argparse.Namespace) -> int:
    """Print one move's card; a table's, where no move has the name but a table does."""
    catalog = load(args)
    from hearthroll.core.errors import NotFound
    from hearthroll.core.rules.search import find_move

    moves = [m for m in catalog.moves() if args.ruleset in (None, m.ruleset)]
    where = f" in ruleset {args.ruleset!r}" if args.ruleset else ""
    wanted = " ".join(args.move)
    try:
        move = find_move(moves, wanted, where=where)
    except NotFound:
        found = _table(catalog, wanted, args.ruleset)
        if found is None:
            raise
        return _show_table(args, *found)
    if args.json:
        from hearthroll.store.rulesets import unstructure_move

        print_json(unstructure_move(move))
        return EXIT_OK
    from hearthroll.cli.card import print_card

    print_card(move, catalog.ruleset(move.ruleset))
    hint = _combat_track(move)
    if hint:
        print(hint)
    return EXIT_OK


def _combat_track(move: Move) -> str:
    """For a foe's card (a Datasworn foe, tagged `foe` and its rank): how to fight it on a
    combat track. Empty for anything else."""
    if "foe" not in move.tags:
        return ""
    import shlex

    from hearthroll.store.datasworn.extras import RANKS

    rank = next((r for r in RANKS.values() if r in move.tags), "")
    if not rank:
        return ""
    command = shlex.join(["hearthroll", "track", "FILE", "new", move.name])
    return f"To fight it: {command} --rank {rank} --kind combat"


def _table(catalog: Catalog, wanted: str, ruleset: str | None) -> tuple[Table, Ruleset] | None:
    """The one table with this id or name (any case); None for none, NotFound for several."""
    from hearthroll.core.errors import NotFound

    key = " ".join(wanted.lower().replace("_", " ").split())
    found = [
        (t, r)
        for r in catalog.rulesets
        if ruleset in (None, r.id)
        for t in r.tables
        if key in (t.id.replace("_", " "), " ".join(t.name.lower().split()))
    ]
    if len(found) > 1:
        named = ", ".join(f"{t.id} ({r.id})" for t, r in found)
        raise NotFound(f"{wanted!r} names several tables: {named}; name one by its id")
    return found[0] if found else None


def _show_table(args: argparse.Namespace, table: Table, ruleset: Ruleset) -> int:
    if args.json:
        from hearthroll.store.rulesets import unstructure_table

        print_json(unstructure_table(table))
        return EXIT_OK
    from hearthroll.cli.card import print_table_card

    print_table_card(table, ruleset)
    return EXIT_OK
