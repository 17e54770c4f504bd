"""The `roll` and `odds` verbs: dice expressions and exact odds of every mechanic."""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hearthroll.cli.common import EXIT_OK, Parser, UsageError, add_edge, add_json, print_json
from hearthroll.core.numbers import signed

if TYPE_CHECKING:
    from hearthroll.core.dice.odds import Odds


def add_parsers(verbs: Any) -> None:
    """Add `roll` and `odds` to the command line."""
    roll = verbs.add_parser("roll", help="roll a dice expression such as 2d4+1 or 4d6kh3")
    roll.add_argument("expr", metavar="EXPR", help="the expression, e.g. '1d4+3+str/3'")
    roll.add_argument(
        "--dice", type=str, metavar="F,F,...", help="the faces of real dice, in order"
    )
    roll.add_argument("--seed", type=int, help="seed the dice, for a repeatable roll")
    roll.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=N",
        help="a named value the expression uses, e.g. --set str=12 (repeatable)",
    )
    add_edge(roll)
    add_json(roll)
    roll.set_defaults(run=_run_roll)

    odds = verbs.add_parser("odds", help="exact odds of a roll's bands")
    kinds = odds.add_subparsers(dest="kind", metavar="MECHANIC", parser_class=Parser)
    kinds.required = True

    pool = kinds.add_parser("pool", help="the house pool of N d6")
    pool.add_argument("n", type=int, metavar="N", help="pool size (the n-th RISKY move)")
    pool.add_argument("--rerolls", type=int, default=0, metavar="K", help="rerolls to spend")
    add_edge(pool)
    add_json(pool)
    pool.set_defaults(run=_run_odds_pool)

    stat = kinds.add_parser("stat-dice", help="the community roll on a steading stat")
    stat.add_argument("stat", type=int, metavar="S", help="the steading stat")
    stat.add_argument("--bonus", type=int, default=0, choices=(0, 1), help="Preparation +1")
    add_edge(stat)
    add_json(stat)
    stat.set_defaults(run=_run_odds_stat)

    total = kinds.add_parser("sum", help="NdS + modifier with the 2d6 bands")
    total.add_argument("dice", metavar="NdS", help="the dice, e.g. 2d6")
    total.add_argument("--mod", type=int, default=0, metavar="M", help="stat + modifiers")
    add_edge(total)
    add_json(total)
    total.set_defaults(run=_run_odds_sum)

    action = kinds.add_parser("action", help="d6 + stat + adds against 2d10")
    action.add_argument("--stat", type=int, required=True, metavar="S")
    action.add_argument("--adds", type=int, default=0, metavar="A")
    action.add_argument("--momentum", type=int, default=0, metavar="M", help="negative cancels")
    add_json(action)
    action.set_defaults(run=_run_odds_action)

    d20 = kinds.add_parser("d20", help="d20 + modifier against a target")
    d20.add_argument("--mod", type=int, default=0, metavar="M")
    d20.add_argument("--target", type=int, required=True, metavar="T")
    d20.add_argument("--nat20", action="store_true", help="a natural 20 always succeeds")
    d20.add_argument(
        "--efficacy",
        type=int,
        metavar="E",
        help="a d100 ≤ E is needed first (a maneuver below 80 efficacy)",
    )
    add_json(d20)
    d20.set_defaults(run=_run_odds_d20)


# --- roll ---------------------------------------------------------------------------------

_NAME_VALUE = re.compile(r"^([a-z_][a-z0-9_]*)=(-?\d{1,6})$", re.IGNORECASE | re.ASCII)


def _named_values(pairs: Sequence[str]) -> dict[str, int]:
    values: dict[str, int] = {}
    for pair in pairs:
        match = _NAME_VALUE.match(pair.strip())
        if not match:
            raise UsageError(f"--set takes NAME=NUMBER, e.g. --set str=12; got {pair!r}")
        values[match.group(1).lower()] = int(match.group(2))
    return values


def _run_roll(args: argparse.Namespace) -> int:
    from hearthroll.core.dice.expr import parse, render, roll_expr
    from hearthroll.core.dice.sources import (
        DiceSource,
        RandomDice,
        TypedDice,
        check_faces,
        parse_faces,
    )

    expr = parse(args.expr)
    names = _named_values(args.set)
    source: DiceSource
    if args.dice is not None:
        faces = parse_faces(args.dice)
        check_faces(faces, expr.dice_needed(advantage=args.adv, disadvantage=args.dis))
        source = TypedDice(faces)
    else:
        source = RandomDice(args.seed)
    result = roll_expr(expr, source, names, advantage=args.adv, disadvantage=args.dis)
    if args.json:
        print_json(
            {
                "expr": result.text,
                "dice": list(result.rolled),
                "kept": list(result.kept),
                "dropped": list(result.dropped),
                "total": result.total,
            }
        )
    else:
        print(render(result))
    return EXIT_OK


# --- odds ---------------------------------------------------------------------------------

_LABELS = {
    "miss": "miss",
    "weak": "weak hit",
    "strong": "strong hit",
    "critical": "critical",
    "hit": "hit",
    "fail": "fail",
    "fumble": "fumble (natural 1)",
    "efficacy_fail": "efficacy check fails (no d20)",
}
POOL_LABELS = {"miss": "bust", "weak": "success, no 6", "strong": "success with a 6"}
STAT_DICE_LABELS = {"miss": "1–3 (6−)", "weak": "4–5 (7–9)", "strong": "6 (10+)"}
SUM_LABELS = {"miss": "6−", "weak": "7–9", "strong": "10–12", "critical": "13+"}


def _print_odds(title: str, odds: Odds, as_json: bool, labels: dict[str, str] | None = None) -> int:
    from hearthroll.core.dice.odds import percent

    if as_json:
        print_json(odds.as_json())
        return EXIT_OK
    names = {**_LABELS, **(labels or {})}
    rows = [(names.get(band, band), p) for band, p in odds.bands]
    rows += [(f"  {flag.replace('_', ' ')}", p) for flag, p in odds.flags]
    width = max(len(label) for label, _ in rows)
    fwidth = max(len(str(p)) for _, p in rows)
    print(title)
    for label, p in rows:
        print(f"  {label:<{width}}  {percent(p):>6}  {p!s:>{fwidth}}")
    return EXIT_OK


def _edge_words(args: argparse.Namespace) -> str:
    if args.adv and not args.dis:
        return " with advantage"
    if args.dis and not args.adv:
        return " with disadvantage"
    return ""


def _run_odds_pool(args: argparse.Namespace) -> int:
    from hearthroll.core.dice.odds import pool_odds

    if args.rerolls < 0:
        raise UsageError(f"--rerolls is 0 or more, not {args.rerolls}")
    odds = pool_odds(args.n, advantage=args.adv, disadvantage=args.dis, rerolls=args.rerolls)
    spent = f", spending up to {args.rerolls} reroll(s)" if args.rerolls else ""
    title = f"pool of {args.n}d6{_edge_words(args)}{spent}"
    return _print_odds(title, odds, args.json, POOL_LABELS)


def _run_odds_stat(args: argparse.Namespace) -> int:
    from hearthroll.core.dice.odds import MAX_STAT, stat_dice_odds

    if not -MAX_STAT <= args.stat <= MAX_STAT:
        raise UsageError(
            f"a community roll's stat must be from {-MAX_STAT} to {MAX_STAT}, not {args.stat} "
            "(any stat of 0 or less rolls 2d6 and keeps the lowest)"
        )
    odds = stat_dice_odds(args.stat, advantage=args.adv, disadvantage=args.dis, bonus=args.bonus)
    title = f"community roll at {signed(args.stat)}{_edge_words(args)}"
    return _print_odds(title, odds, args.json, STAT_DICE_LABELS)


_NDS = re.compile(r"^(\d{0,3})d(\d{1,4})$", re.IGNORECASE | re.ASCII)


def _run_odds_sum(args: argparse.Namespace) -> int:
    from hearthroll.core.dice.odds import sum_odds

    match = _NDS.match(args.dice.strip())
    if not match:
        raise UsageError(f"give the dice as NdS, e.g. 2d6; got {args.dice!r}")
    count, sides = int(match.group(1) or 1), int(match.group(2))
    if not 1 <= count <= 20 or not 2 <= sides <= 100:
        raise UsageError(f"odds for sums take 1 to 20 dice of 2 to 100 sides; got {args.dice}")
    odds = sum_odds(count, sides, modifier=args.mod, advantage=args.adv, disadvantage=args.dis)
    title = f"{count}d{sides}{args.mod:+d}{_edge_words(args)}"
    labels = SUM_LABELS if (count, sides) == (2, 6) else None
    return _print_odds(title, odds, args.json, labels)


def _run_odds_action(args: argparse.Namespace) -> int:
    from hearthroll.core.dice.odds import action_burn_odds, action_odds, percent

    odds = action_odds(args.stat, adds=args.adds, momentum=args.momentum)
    burned = action_burn_odds(args.stat, adds=args.adds, momentum=args.momentum)
    title = f"action roll d6{args.stat:+d}{args.adds:+d} against 2d10"
    if args.json:
        print_json({**odds.as_json(), "burn": {k: str(p) for k, p in burned.bands}})
        return EXIT_OK
    _print_odds(title, odds, False)
    if burned.bands != odds.bands:
        shown = ", ".join(f"{_LABELS.get(k, k)} {percent(p)}" for k, p in burned.bands)
        print(f"  burning momentum {signed(args.momentum)} when it helps: {shown}")
    return EXIT_OK


def _run_odds_d20(args: argparse.Namespace) -> int:
    from hearthroll.core.dice.odds import d20_odds

    if args.efficacy is not None and not 0 <= args.efficacy <= 100:
        from hearthroll.cli.common import UsageError

        raise UsageError(f"--efficacy is 0 to 100, not {args.efficacy}")
    odds = d20_odds(
        modifier=args.mod, target=args.target, nat20_succeeds=args.nat20, efficacy=args.efficacy
    )
    title = f"d20{args.mod:+d} against {args.target}"
    if args.efficacy is not None:
        title += f", after d100 ≤ {args.efficacy}"
    return _print_odds(title, odds, args.json)
