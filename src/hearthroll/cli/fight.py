"""The encounter verbs: foe, round, encounter and practice. Each makes one event and saves."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from hearthroll.cli.common import UsageError
from hearthroll.cli.kernel import add_verb, with_store

if TYPE_CHECKING:
    from hearthroll.core.campaign.events import Outcome
    from hearthroll.core.campaign.state import Campaign
    from hearthroll.core.rules.model import Ruleset
    from hearthroll.store.campaigns import CampaignStore


def add_parsers(verbs: Any) -> None:
    """Add the encounter verbs to the command line."""
    foe = add_verb(
        verbs, "foe", "add a foe to the encounter (opening it), drop it, or re-arm it", run_foe
    )
    foe.add_argument("name", metavar="NAME", help="the foe's name")
    foe.add_argument("--str", dest="str_score", type=int, metavar="N", help="its Strength score")
    foe.add_argument("--dex", dest="dex_score", type=int, metavar="N", help="its Dexterity score")
    foe.add_argument("--health", type=int, metavar="N", help="its health")
    foe.add_argument("--armor", type=int, default=0, metavar="N", help="its armor (default 0)")
    foe.add_argument(
        "--weapon", choices=("none", "one", "two"), default="none", help="what it wields"
    )
    foe.add_argument("--shield", action="store_true", help="it carries a shield")
    foe.add_argument("--huge", action="store_true", help="too big to trip")
    foe.add_argument("--attacking", metavar="NAME", help="the character it fights")
    foe.add_argument("--stop", action="store_true", help="it stops attacking anyone")
    foe.add_argument("--drop", action="store_true", help="it leaves the encounter")
    foe.add_argument("--hurt", type=int, metavar="N", help="a blow of N: its armor takes its share")
    foe.add_argument("--ignore-armor", action="store_true", help="with --hurt: armor is no help")
    foe.add_argument("--heal", type=int, metavar="N", help="N health back, up to its start")
    foe.add_argument(
        "--wield", action="store_true", help="a disarmed foe takes its weapon back (its turn)"
    )

    wield = add_verb(
        verbs, "wield", "a disarmed character takes their weapon back (their turn)", run_wield
    )
    wield.add_argument("--as", dest="actor", metavar="NAME", help="the character")

    add_verb(verbs, "round", "end the round: cooldowns and timed conditions tick", run_round)

    fight = add_verb(
        verbs, "encounter", "end the encounter, or mark it with no way out", run_encounter
    )
    fight.add_argument("--end", action="store_true", help="the fight is over")
    fight.add_argument("--no-way-out", action="store_true", help="no one can flee or break off")
    fight.add_argument("--way-out", action="store_true", help="a way out opens again")

    practice = add_verb(
        verbs, "practice", "train a maneuver: efficacy + 5 (or --by N)", run_practice
    )
    practice.add_argument("move", metavar="MOVE", help="the maneuver's id or name")
    practice.add_argument("--as", dest="actor", metavar="NAME", help="the character training")
    practice.add_argument("--by", type=int, metavar="N", help="another amount the GM gives")


_WEAPONS = {"none": "none", "one": "one_handed", "two": "two_handed"}


def run_foe(args: argparse.Namespace) -> int:
    """Add, drop, re-arm or retarget a foe."""
    from hearthroll.core.verbs import fight

    def verb(store: CampaignStore) -> Outcome:
        state = store.state
        if args.drop:
            return fight.drop_foe(state, args.name)
        if args.wield:
            return fight.wield(state, args.name)
        if args.hurt is not None:
            return fight.hurt_foe(state, args.name, args.hurt, ignore_armor=args.ignore_armor)
        if args.heal is not None:
            return fight.heal_foe(state, args.name, args.heal)
        known = state.encounter is not None and any(
            n.lower() == args.name.lower() for n in state.encounter.foes
        )
        if known and (args.attacking or args.stop):
            return fight.retarget(state, args.name, None if args.stop else args.attacking)
        missing = [
            flag
            for flag, value in (
                ("--str", args.str_score),
                ("--dex", args.dex_score),
                ("--health", args.health),
            )
            if value is None
        ]
        if missing:
            raise UsageError(
                f"a new foe needs {', '.join(missing)} (e.g. --str 14 --dex 12 --health 20)"
            )
        return fight.add_foe(
            state,
            store.ruleset,
            args.name,
            {"str": args.str_score, "dex": args.dex_score},
            args.health,
            armor=args.armor,
            weapon=_WEAPONS[args.weapon],
            shield=args.shield,
            huge=args.huge,
            attacking=args.attacking,
        )

    return with_store(args, verb)


def run_wield(args: argparse.Namespace) -> int:
    """A disarmed character wields their weapon again."""
    from hearthroll.core.verbs.fight import wield_again

    return with_store(args, lambda s: wield_again(s.state, s.ruleset, args.actor))


def run_round(args: argparse.Namespace) -> int:
    """End the round."""
    from hearthroll.core.verbs.fight import end_round

    return with_store(args, lambda s: end_round(s.state, s.ruleset))


def run_encounter(args: argparse.Namespace) -> int:
    """End the encounter, or close or open its way out."""
    from hearthroll.core.verbs import fight

    chosen = [
        f
        for f, on in (
            ("--end", args.end),
            ("--no-way-out", args.no_way_out),
            ("--way-out", args.way_out),
        )
        if on
    ]
    if len(chosen) != 1:
        raise UsageError("give one of --end, --no-way-out or --way-out")

    def verb(store: CampaignStore) -> Outcome:
        if args.end:
            return fight.end_encounter(store.state, store.ruleset)
        return fight.no_way_out(store.state, args.no_way_out)

    return with_store(args, verb)


def run_practice(args: argparse.Namespace) -> int:
    """Practise a maneuver."""
    from hearthroll.core.verbs.fight import practice

    return with_store(args, lambda s: practice(s.state, s.ruleset, args.move, args.actor, args.by))


def print_encounter(state: Campaign, ruleset: Ruleset) -> None:
    """The encounter under `hearthroll state`: the round, each foe, who acted or fled."""
    from hearthroll.core.games.encounter import foe_line

    fight = state.encounter
    if fight is None:
        return
    way = " · no way out" if fight.no_way_out else ""
    print(f"encounter: round {fight.round}{way}")
    for foe in fight.foes.values():
        print(f"  {foe.name}: {foe_line(foe)}")
    if fight.acted:
        print(f"  acted this round: {', '.join(fight.acted)}")
    if fight.fled:
        print(f"  fled: {', '.join(fight.fled)}")
