"""The GM's edits of a campaign: hold, set, level-up, note, add, plan, undo and redo. Each makes
one event, saves and prints it."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from hearthroll.cli.common import UsageError
from hearthroll.cli.dice_flags import add_effect_dice, with_effect_dice
from hearthroll.cli.kernel import add_verb, with_store
from hearthroll.core.numbers import whole_number

if TYPE_CHECKING:
    from hearthroll.core.campaign.events import Outcome
    from hearthroll.core.dice.sources import DiceSource
    from hearthroll.store.campaigns import CampaignStore


def add_parsers(verbs: Any) -> None:
    """Add the edits to the command line."""
    _add_hold(verbs)
    edit = add_verb(verbs, "set", "edit a sheet field: NAME.field or steading.field", run_set)
    edit.add_argument("path", metavar="PATH")
    edit.add_argument(
        "value",
        metavar="VALUE",
        help="the new value; for a number +2 / -3 change it by that much, =-2 sets it to -2",
    )
    edit.add_argument(
        "--rolls",
        type=int,
        metavar="N",
        help="with NAME.ongoing: how many rolls the penalty lasts",
    )
    level = add_verb(
        verbs, "level-up", "level up with enough XP (several levels at once)", run_level_up
    )
    level.add_argument("--as", dest="actor", metavar="NAME")
    note = add_verb(verbs, "note", "the GM's line in the log: a hard move, a scene", run_note)
    note.add_argument("text", nargs="+", metavar="TEXT")
    note.add_argument(
        "--secret",
        action="store_true",
        help="for the GM's eyes only: the players' view never shows it",
    )
    _add_character(verbs)
    _add_plan(verbs)
    add_verb(verbs, "undo", "revert the last event", run_undo)
    add_verb(verbs, "redo", "reapply the last undone event", run_redo)


def _add_hold(verbs: Any) -> None:
    hold = add_verb(verbs, "hold", "gain (+N) or spend (-N) a hold", run_hold)
    hold.add_argument("hold", metavar="NAME", help="preparation, readiness, ...")
    hold.add_argument("amount", metavar="±N", help="+3 gains three, -1 spends one")
    hold.add_argument("--as", dest="actor", metavar="NAME")
    hold.add_argument(
        "--pick",
        action="append",
        default=[],
        metavar="OPTION",
        help="what a point spent buys (Readiness: one of Defend's options), once a point",
    )
    hold.add_argument(
        "--ally", metavar="NAME", help="who takes what an option gives an ally (+1 forward)"
    )
    add_effect_dice(hold)


def _add_character(verbs: Any) -> None:
    join = add_verb(verbs, "add", "a new character joins the party", run_add)
    join.add_argument("name", metavar="NAME")
    join.add_argument("--template", default="", metavar="T", help="human, ogre, automaton, ...")
    join.add_argument(
        "--level", type=int, metavar="N", help="the level to start at (default: the ruleset's)"
    )
    join.add_argument(
        "--set",
        dest="fields",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="a field of the new sheet, e.g. --set forceful=2 (repeatable)",
    )


def _add_plan(verbs: Any) -> None:
    plan = add_verb(verbs, "plan", "Make a Plan: add a plan, tick its boxes, drop it", run_plan)
    plan.add_argument("name", metavar="NAME", help="the plan's name")
    plan.add_argument(
        "--req",
        action="append",
        default=[],
        metavar="TEXT",
        help="a requirement of a new plan (repeatable)",
    )
    plan.add_argument("--tick", type=int, metavar="N", help="tick requirement N")
    plan.add_argument("--untick", type=int, metavar="N", help="untick requirement N")
    plan.add_argument("--drop", action="store_true", help="strike the plan")


def run_hold(args: argparse.Namespace) -> int:
    """Gain or spend a hold."""
    from hearthroll.core.verbs.edits import hold

    amount = whole_number(args.amount)
    if amount is None:
        raise UsageError(f"the amount is a signed whole number like +2 or -1, not {args.amount!r}")

    def spend(store: CampaignStore, effect: DiceSource) -> Outcome:
        state, ruleset = store.state, store.ruleset
        return hold(state, ruleset, args.hold, amount, args.actor, args.pick, effect, args.ally)

    return with_effect_dice(args, spend)


def run_set(args: argparse.Namespace) -> int:
    """Edit a field."""
    from hearthroll.core.verbs.fields import set_field

    owner, _, field = args.path.partition(".")
    if field.lower() == "ongoing" and args.rolls is not None:
        return _set_ongoing(args, owner)
    if args.rolls is not None:
        raise UsageError("--rolls goes with NAME.ongoing only")
    return with_store(args, lambda s: set_field(s.state, s.ruleset, args.path, args.value))


def _set_ongoing(args: argparse.Namespace, owner: str) -> int:
    """NAME.ongoing N --rolls R (the same as `set NAME.ongoing "N R"`)."""
    from hearthroll.core.verbs.sheet import ongoing

    text = args.value.replace("−", "-")
    if not text.lstrip("+-").isdigit():
        raise UsageError(f"an ongoing penalty is a signed number like -1, not {args.value!r}")
    amount = int(text)
    return with_store(args, lambda s: ongoing(s.state, s.ruleset, amount, args.rolls, owner))


def run_level_up(args: argparse.Namespace) -> int:
    """Level up."""
    from hearthroll.core.verbs.edits import do_level_up

    return with_store(args, lambda s: do_level_up(s.state, s.ruleset, args.actor))


def run_note(args: argparse.Namespace) -> int:
    """Add the GM's note."""
    from hearthroll.core.verbs.edits import note

    return with_store(args, lambda s: note(s.state, " ".join(args.text), secret=args.secret))


def run_add(args: argparse.Namespace) -> int:
    """Add a character to the party."""
    from hearthroll.core.verbs.edits import add_character

    fields = []
    for pair in args.fields:
        field, eq, value = pair.partition("=")
        if not eq or not field.strip():
            raise UsageError(f"--set takes FIELD=VALUE, like forceful=2; not {pair!r}")
        fields.append((field.strip(), value.strip()))
    return with_store(
        args,
        lambda s: add_character(s.state, s.ruleset, args.name, args.template, args.level, fields),
    )


def run_plan(args: argparse.Namespace) -> int:
    """Add, tick, untick or drop a plan."""
    from hearthroll.core.verbs import edits

    def verb(store: CampaignStore) -> Outcome:
        if args.drop:
            return edits.drop_plan(store.state, args.name)
        if args.tick is not None:
            return edits.tick(store.state, args.name, args.tick, True)
        if args.untick is not None:
            return edits.tick(store.state, args.name, args.untick, False)
        if not args.req:
            raise UsageError("a new plan needs at least one --req TEXT (or --tick/--drop)")
        return edits.add_plan(store.state, args.name, args.req)

    return with_store(args, verb)


def run_undo(args: argparse.Namespace) -> int:
    """Undo the last event."""
    from hearthroll.core.verbs.edits import undo_last

    return with_store(args, lambda s: undo_last(s.state, s.event))


def run_redo(args: argparse.Namespace) -> int:
    """Redo the last undone event."""
    from hearthroll.core.verbs.edits import redo_last

    return with_store(args, lambda s: redo_last(s.state, s.event))
