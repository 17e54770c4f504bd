"""The `oracle` verb: roll on an oracle table or Ask the Oracle, logged in a campaign when one
is named, else only printed; and the list of tables by collection."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hearthroll.cli.common import EXIT_OK, UsageError, load_catalog, print_json
from hearthroll.cli.kernel import add_campaign_options, event_json, read_campaign, with_store

if TYPE_CHECKING:
    from hearthroll.core.campaign.events import Event, Outcome
    from hearthroll.core.dice.sources import DiceSource
    from hearthroll.core.rules.model import Ruleset
    from hearthroll.store.campaigns import CampaignStore

ASK = "ask"
"""The word that makes the rest of the command line the odds of a yes or no question."""


def add_parsers(verbs: Any) -> None:
    """Add `oracle` to the command line."""
    oracle = verbs.add_parser(
        "oracle", help="roll on an oracle table, or Ask the Oracle (logged in a campaign FILE)"
    )
    oracle.add_argument(
        "words",
        nargs="*",
        metavar="[FILE] NAME",
        help="a campaign file to log it in (optional), then the table's id or name, or "
        "`ask ODDS` (almost certain, likely, 50/50, unlikely, small chance)",
    )
    oracle.add_argument(
        "--dice",
        metavar="F,F,...",
        help="the faces of real dice, in the order the rolls are made (a d100's 00 is 100); "
        "hearthroll rolls the ones past them",
    )
    oracle.add_argument("--seed", type=int, help="seed the dice, for a repeatable roll")
    oracle.add_argument(
        "--row",
        metavar="FACE|ID",
        help="pick the row instead of rolling: a face it covers, or its id",
    )
    oracle.add_argument("--odds", metavar="ODDS", help="Ask the Oracle at these odds")
    oracle.add_argument("--list", action="store_true", help="list the tables by collection")
    oracle.add_argument("--ruleset", metavar="R", help="only this ruleset's tables (no FILE)")
    add_campaign_options(oracle)
    oracle.set_defaults(run=run_oracle)


def run_oracle(args: argparse.Namespace) -> int:
    """Roll, ask or list: in the campaign named first, if any."""
    words = list(args.words)
    args.file = Path(words.pop(0)) if words and _names_campaign(words[0]) else None
    if args.file is not None and args.ruleset is not None:
        raise UsageError("a campaign rolls on its own ruleset's tables: drop --ruleset")
    if args.list:
        if words or args.odds or args.row or args.dice:
            raise UsageError("oracle --list takes no NAME, --odds, --row or --dice")
        return _list(args)
    odds, name = _odds(args, words)
    if odds is None and not name:
        raise UsageError("name a table (hearthroll oracle --list names them), or ask ODDS")
    if odds is not None and args.row is not None:
        raise UsageError("Ask the Oracle rolls its d100: --row picks a table's row")
    return _consult(args, name, odds)


def _names_campaign(word: str) -> bool:
    return word.endswith(".toml") or Path(word).is_file()


def _odds(args: argparse.Namespace, words: list[str]) -> tuple[str | None, str]:
    """The odds asked at (`ask likely` or `--odds likely`; None for a table's roll), and the
    table's name."""
    if words[:1] != [ASK]:
        if args.odds is not None and words:
            raise UsageError(f"--odds asks the Oracle: drop {' '.join(words)!r}, or --odds")
        return args.odds, " ".join(words)
    said = " ".join(words[1:])
    if said and args.odds and said != args.odds:
        raise UsageError(f"two odds given: {said!r} and --odds {args.odds!r}")
    if not (said or args.odds):
        from hearthroll.core.verbs.oracle import ODDS

        raise UsageError(f"ask at which odds? {', '.join(ODDS)}")
    return said or args.odds, ""


def _consult(args: argparse.Namespace, name: str, odds: str | None) -> int:
    """Roll or ask: in the campaign, one event saved under its lock; without one, printed."""
    from hearthroll.core.verbs import oracle

    if args.file is not None:

        def verb(store: CampaignStore) -> Outcome:
            dice, typed = _dice(args)
            if odds is not None:
                outcome = oracle.ask_the_oracle(store.state, odds, dice)
            else:
                outcome = oracle.roll_oracle(store.state, store.ruleset, name, dice, args.row)
            _finish(dice, typed)
            return outcome

        return with_store(args, verb)
    dice, typed = _dice(args)
    if odds is not None:
        event = oracle.answer_event(odds, dice)
    else:
        table, ruleset = oracle.find_table(_rulesets(args), name)
        event = oracle.oracle_event(ruleset, table, dice, args.row)
    _finish(dice, typed)
    _print(event, args.json)
    return EXIT_OK


def _dice(args: argparse.Namespace) -> tuple[DiceSource, int]:
    """The dice of the rolls, and how many faces were typed: the typed faces first, in the
    order the rolls are made, then dice hearthroll rolls."""
    from hearthroll.core.dice.sources import AskingDice, RandomDice, parse_faces

    rolled = RandomDice(args.seed)
    if args.dice is None:
        return rolled, 0
    typed = parse_faces(args.dice)
    return AskingDice(typed, then=rolled), len(typed)


def _finish(dice: DiceSource, typed: int) -> None:
    """Refuse typed faces that no roll used."""
    from hearthroll.core.dice.sources import AskingDice
    from hearthroll.core.errors import DiceError

    used = len(dice.faces) if isinstance(dice, AskingDice) else 0
    if used < typed:
        raise DiceError(
            f"too many typed dice: the oracle rolled {used} but {typed} were typed; "
            "nothing was saved"
        )


def _rulesets(args: argparse.Namespace) -> tuple[Ruleset, ...]:
    """The rulesets whose tables are looked in without a campaign: --ruleset's, or all."""
    catalog = load_catalog(args.moves)
    if args.ruleset is None:
        return catalog.rulesets
    return (catalog.ruleset(args.ruleset),)


def _print(event: Event, as_json: bool) -> None:
    if as_json:
        print_json(event_json(event))
        return
    from hearthroll.core.campaign.events import summary

    print(summary(event))


def _list(args: argparse.Namespace) -> int:
    """Every table by ruleset and collection: its name, id and die."""
    from hearthroll.core.verbs.oracle import collections

    if args.file is not None:
        with read_campaign(args) as store:
            rulesets: tuple[Ruleset, ...] = (store.ruleset,)
    else:
        rulesets = _rulesets(args)
    if args.json:
        print_json(
            [
                {"ruleset": r.id, "collection": c, "id": t.id, "name": t.name, "die": t.die}
                for r in rulesets
                for c, tables in collections(r)
                for t in tables
            ]
        )
        return EXIT_OK
    if not any(r.tables for r in rulesets):
        names = ", ".join(r.name for r in rulesets)
        print(f"{names} has no oracle tables; a --moves file's [[tables]] add some")
        return EXIT_OK
    for ruleset in (r for r in rulesets if r.tables):
        print(f"{ruleset.id} ({ruleset.name})")
        for collection, tables in collections(ruleset):
            indent = "    " if collection else "  "
            if collection:
                print(f"  {collection}")
            for table in tables:
                print(f"{indent}{table.name} · d{table.die} · {table.id}")
    return EXIT_OK
