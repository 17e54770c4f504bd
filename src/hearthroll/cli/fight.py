"""The encounter verbs: foe, round, encounter and practice. Each makes one event and saves."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hearthroll.cli.common import EXIT_OK, UsageError, print_json
from hearthroll.cli.kernel import add_campaign_options, add_verb, read_campaign, with_store

if TYPE_CHECKING:
    from hearthroll.core.campaign.events import Outcome
    from hearthroll.core.campaign.state import Campaign
    from hearthroll.core.games.encounter.bestiary import KnownFoe
    from hearthroll.core.rules.model import Ruleset
    from hearthroll.store.campaigns import CampaignStore


def add_parsers(verbs: Any) -> None:
    """Add the encounter verbs to the command line."""
    foe = verbs.add_parser(
        "foe", help="add a foe to the encounter (opening it), drop it, or re-arm it"
    )
    foe.add_argument("file", type=Path, nargs="?", metavar="FILE")
    foe.add_argument(
        "name",
        nargs="?",
        metavar="NAME",
        help="the foe's name; without scores, a foe the bestiary knows (wolf, '2 wolves')",
    )
    add_campaign_options(foe)
    foe.set_defaults(run=run_foe)
    foe.add_argument("--list", action="store_true", help="list the foes the bestiary knows")
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
    """Add, drop, re-arm or retarget a foe; or list the bestiary."""
    if args.list:
        if args.name is not None:
            raise UsageError("foe --list takes no NAME: it lists every foe the bestiary knows")
        return _list_bestiary(args)
    if args.file is None or args.name is None:
        raise UsageError("foe needs FILE and NAME (or --list)")
    return with_store(args, lambda store: _foe_verb(store, args))


def _foe_verb(store: CampaignStore, args: argparse.Namespace) -> Outcome:
    """The encounter verb the foe's flags name."""
    from hearthroll.core.verbs import fight

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
    scores = {"--str": args.str_score, "--dex": args.dex_score, "--health": args.health}
    if all(value is None for value in scores.values()):
        from hearthroll.store.bestiary import bestiary_for
        from hearthroll.store.campaign_moves import with_typed

        if args.armor or args.weapon != "none" or args.shield or args.huge:
            raise UsageError(
                "a foe the bestiary knows comes as it is written there: give --str, --dex "
                "and --health too for one of your own"
            )
        return fight.add_known_foes(
            state,
            store.ruleset,
            bestiary_for(with_typed(args.file, args.moves)),
            args.name,
            attacking=args.attacking,
        )
    missing = [flag for flag, value in scores.items() if value is None]
    if missing:
        raise UsageError(
            f"a new foe needs {', '.join(missing)} (e.g. --str 14 --dex 12 --health 20), "
            "or none of them for a foe the bestiary knows"
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


def _list_bestiary(args: argparse.Namespace) -> int:
    """The foes the bestiary knows: the shipped ones, the user's own and those of the files
    given; with a FILE, those of the campaign's files too, and only its ruleset's."""
    from hearthroll.store.bestiary import bestiary_for
    from hearthroll.store.campaign_moves import with_typed

    if args.file is None:
        foes = bestiary_for(args.moves).foes
    else:
        with read_campaign(args) as store:
            every = bestiary_for(with_typed(args.file, args.moves)).foes
            foes = tuple(f for f in every if f.ruleset == store.ruleset.id)
    if args.json:
        print_json([_known_json(f) for f in foes])
        return EXIT_OK
    for ruleset in dict.fromkeys(f.ruleset for f in foes):
        print(ruleset)
        for foe in (f for f in foes if f.ruleset == ruleset):
            print(f"  {_known_line(foe)}")
    if not foes:
        print("the bestiary knows no foes here")
    return EXIT_OK


def _known_line(known: KnownFoe) -> str:
    """ "Wolf (Wolves): Str 12 Dex 15, health 12/12", as a foe of its kind joins."""
    from hearthroll.core.games.encounter.foes import foe_line, make_foe

    foe = make_foe(
        known.name,
        known.scores,
        known.health,
        armor=known.armor,
        weapon=known.weapon,
        shield=known.shield,
        huge=known.huge,
    )
    return f"{known.name} ({known.many}): {foe_line(foe)}"


def _known_json(known: KnownFoe) -> dict[str, object]:
    return {
        "name": known.name,
        "plural": known.many,
        "ruleset": known.ruleset,
        **known.scores,
        "health": known.health,
        "armor": known.armor,
        "weapon": known.weapon,
        "shield": known.shield,
        "huge": known.huge,
    }


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
