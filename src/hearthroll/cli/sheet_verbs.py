"""The sheet verbs of the command line: gear, hurt, heal and use. Each opens the campaign,
makes one event, saves and prints it."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from hearthroll.cli.common import UsageError
from hearthroll.cli.dice_flags import finish_dice, finish_effect, sources
from hearthroll.cli.kernel import add_verb, with_store

if TYPE_CHECKING:
    from hearthroll.core.campaign.events import Outcome
    from hearthroll.store.campaigns import CampaignStore


def add_parsers(verbs: Any) -> None:
    """Add gear, hurt, heal and use to the command line."""
    kit = add_verb(
        verbs, "gear", "give an item (worn or wielded), or drop, wear, carry it", run_gear
    )
    kit.add_argument("item", metavar="ITEM", help="the item's id or name: big_weapon, 'heavy bow'")
    kit.add_argument("--as", dest="actor", metavar="NAME", help="whose sheet")
    how = kit.add_mutually_exclusive_group()
    how.add_argument("--carried", action="store_true", help="give it only carried, not worn")
    how.add_argument("--drop", action="store_true", help="take it off the sheet")
    how.add_argument("--wear", action="store_true", help="wear or wield a carried one")
    how.add_argument("--carry", action="store_true", help="stow a worn one: only carried")

    hurt = add_verb(verbs, "hurt", "damage taken: armor first, HP never below 0", run_hurt)
    hurt.add_argument("amount", type=int, metavar="N")
    hurt.add_argument("--as", dest="actor", metavar="NAME", help="who takes it")
    hurt.add_argument("--ignore-armor", action="store_true", help="damage that ignores armor")
    hurt.add_argument("--falling", action="store_true", help="falling damage")
    hurt.add_argument("--foe", metavar="FOE", help="a foe of the encounter takes it instead")

    heal = add_verb(verbs, "heal", "HP given back, never past the maximum", run_heal)
    heal.add_argument("amount", type=int, metavar="N")
    heal.add_argument("--as", dest="actor", metavar="NAME", help="who is healed")
    heal.add_argument("--foe", metavar="FOE", help="a foe of the encounter is healed instead")

    use = add_verb(verbs, "use", "use an item: a potion, a kit, Adventuring Gear", run_use)
    use.add_argument("item", metavar="ITEM")
    use.add_argument("--as", dest="actor", metavar="NAME", help="who uses it")
    use.add_argument("--dice", metavar="F,F,...", help="the faces of real dice it heals with")
    use.add_argument("--seed", type=int, help="seed the dice, for a repeatable roll")


def run_gear(args: argparse.Namespace) -> int:
    """Give, drop, wear or stow an item."""
    from hearthroll.core.verbs.sheet import give_gear

    action = (
        "drop"
        if args.drop
        else "wear"
        if args.wear
        else "stow"
        if args.carry
        else "carry"
        if args.carried
        else "give"
    )
    return with_store(args, lambda s: give_gear(s.state, s.ruleset, args.item, action, args.actor))


def run_hurt(args: argparse.Namespace) -> int:
    """Damage taken."""
    from hearthroll.core.verbs.sheet import hurt

    if args.foe is not None:
        from hearthroll.core.verbs.fight import hurt_foe

        if args.actor is not None or args.falling:
            raise UsageError("--foe takes the blow instead of a character: drop --as and --falling")
        return with_store(
            args, lambda s: hurt_foe(s.state, args.foe, args.amount, ignore_armor=args.ignore_armor)
        )
    return with_store(
        args,
        lambda s: hurt(
            s.state,
            s.ruleset,
            args.amount,
            args.actor,
            ignore_armor=args.ignore_armor,
            falling=args.falling,
        ),
    )


def run_heal(args: argparse.Namespace) -> int:
    """HP given back."""
    from hearthroll.core.verbs.sheet import heal

    if args.foe is not None:
        from hearthroll.core.verbs.fight import heal_foe

        if args.actor is not None:
            raise UsageError("--foe is healed instead of a character: drop --as")
        return with_store(args, lambda s: heal_foe(s.state, args.foe, args.amount))
    return with_store(args, lambda s: heal(s.state, s.ruleset, args.amount, args.actor))


def run_use(args: argparse.Namespace) -> int:
    """Use an item."""
    from hearthroll.core.verbs.sheet import use

    def verb(store: CampaignStore) -> Outcome:
        dice, effect = sources(args)
        outcome = use(store.state, store.ruleset, args.item, dice, args.actor)
        finish_dice(dice)
        finish_effect(effect)
        return outcome

    return with_store(args, verb)
