"""The campaign verbs: new, move, reroll, accept, stop, prep, hold, set, level-up, note,
damage, undo, redo, state, log and repair. Each opens the campaign, makes one event, saves,
prints."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hearthroll.cli.common import (
    EXIT_OK,
    UsageError,
    add_edge,
    add_json,
    cached_catalog,
    load_catalog,
    memo,
    print_json,
)
from hearthroll.core.numbers import whole_number

if TYPE_CHECKING:
    from hearthroll.core.campaign.events import Event, Outcome
    from hearthroll.core.campaign.state import Campaign
    from hearthroll.core.dice.sources import DiceSource
    from hearthroll.core.rules.model import Catalog
    from hearthroll.store.campaigns import CampaignStore


def add_parsers(verbs: Any) -> None:
    """Add the campaign verbs to the command line."""
    new = verbs.add_parser("new", help="create a campaign file")
    new.add_argument("file", type=Path, metavar="FILE")
    new.add_argument("--ruleset", default=None, metavar="R", help="house (default), hack, ...")
    new.add_argument("--demo", action="store_true", help="a ready party and a steading")
    new.add_argument("--name", default="", help="the campaign's name")
    _common(new)
    new.set_defaults(run=run_new)

    move = _verb(verbs, "move", "make a move: roll it, judge it, apply it", run_move)
    move.add_argument(
        "move",
        metavar="MOVE",
        help="the move's id or name, any case; `next`: the move the last roll offers",
    )
    move.add_argument(
        "which",
        nargs="?",
        metavar="WHICH",
        help="after `next`, when several moves are offered: which one (id or name); whose, "
        "where everyone aboard owes one, with --as (a character, or a companion by name)",
    )
    move.add_argument("--as", dest="actor", metavar="NAME", help="the character making it")
    move.add_argument("--at", metavar="FOE", help="the foe a maneuver is made against")
    add_edge(move)
    _dice(move)
    move.add_argument(
        "--pick",
        action="append",
        default=[],
        metavar="OPTION",
        help="an option to pick (repeatable)",
    )
    move.add_argument(
        "--prep",
        type=int,
        metavar="DIE",
        help="spend 1 Preparation: +1 to that kept die (from 1) as the pool is rolled",
    )
    move.add_argument(
        "--value",
        type=int,
        metavar="N",
        help="the number the move asks for (Trade & Barter: the item's Value)",
    )
    move.add_argument(
        "--stat",
        metavar="STAT",
        help="the stat the player rolls with, where the move leaves it to them (Defy Danger)",
    )
    move.add_argument(
        "--input",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="another input the move takes, e.g. --input deal=sell",
    )
    move.add_argument(
        "--roll", action="store_true", help="resist: make an optional roll (a suffer move's)"
    )
    move.add_argument("--asset", metavar="NAME", help="the companion or vehicle it acts on")
    move.add_argument("--track", metavar="NAME", help="the track a loss of progress clears")
    move.add_argument(
        "--let-off",
        action="store_true",
        help="with `next`: let the rest aboard off the move they still owe (a rough ride)",
    )

    reroll = _verb(verbs, "reroll", "spend a reroll on the pending bust", run_reroll)
    _dice(reroll)
    reroll.add_argument(
        "--pick",
        action="append",
        default=None,
        metavar="OPTION",
        help="options for the band the reroll lands on (repeatable)",
    )
    accept = _verb(verbs, "accept", "take the bust: XP for each kept 1, the turn ends", run_accept)
    _effect_dice(accept)
    _verb(verbs, "stop", "end the turn before a bust: rerolls refresh", run_stop)
    prep = _verb(verbs, "prep", "spend 1 Preparation: +1 to one kept die", run_prep)
    prep.add_argument("die", type=int, metavar="DIE_INDEX", help="which kept die, from 1")
    _effect_dice(prep)

    hold = _verb(verbs, "hold", "gain (+N) or spend (-N) a hold", run_hold)
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
    _effect_dice(hold)

    edit = _verb(verbs, "set", "edit a sheet field: NAME.field or steading.field", run_set)
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

    level = _verb(
        verbs, "level-up", "level up with enough XP (several levels at once)", run_level_up
    )
    level.add_argument("--as", dest="actor", metavar="NAME")

    note = _verb(verbs, "note", "the GM's line in the log: a hard move, a scene", run_note)
    note.add_argument("text", nargs="+", metavar="TEXT")
    note.add_argument(
        "--secret",
        action="store_true",
        help="for the GM's eyes only: the players' view never shows it",
    )

    damage = _verb(verbs, "damage", "roll a character's weapon damage", run_damage)
    damage.add_argument("--as", dest="actor", metavar="NAME")
    add_edge(damage)
    _dice(damage)

    join = _verb(verbs, "add", "a new character joins the party", run_add)
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

    plan = _verb(verbs, "plan", "Make a Plan: add a plan, tick its boxes, drop it", run_plan)
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

    _verb(verbs, "undo", "revert the last event", run_undo)
    _verb(verbs, "redo", "reapply the last undone event", run_redo)

    state = verbs.add_parser("state", help="the campaign as it stands")
    state.add_argument("file", type=Path, metavar="FILE")
    _common(state)
    state.set_defaults(run=run_state)

    log = verbs.add_parser("log", help="every event; --markdown or --recap for a recap")
    log.add_argument("file", type=Path, metavar="FILE")
    drawn = log.add_mutually_exclusive_group()
    drawn.add_argument("--markdown", action="store_true", help="the recap, to paste into a chat")
    drawn.add_argument("--recap", action="store_true", help="the recap as plain text")
    log.add_argument("--last", type=int, metavar="N", help="only the last N events")
    log.add_argument("--since", type=int, metavar="SEQ", help="only the events after event SEQ")
    log.add_argument(
        "--last-session",
        action="store_true",
        help="only the last session (it ends after 4 hours without an event)",
    )
    _common(log)
    log.set_defaults(run=run_log)

    repair = verbs.add_parser(
        "repair", help="rebuild the state file from the journal (after showing what changes)"
    )
    repair.add_argument("file", type=Path, metavar="FILE")
    repair.add_argument("--yes", action="store_true", help="do not ask (for a script)")
    _common(repair)
    repair.set_defaults(run=run_repair)


def _common(parser: argparse.ArgumentParser) -> None:
    add_json(parser)
    parser.add_argument(
        "--moves",
        action="append",
        default=[],
        type=Path,
        metavar="FILE",
        help="an extra ruleset file to load (repeatable)",
    )


def _verb(
    verbs: Any, name: str, text: str, run: Callable[[argparse.Namespace], int]
) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = verbs.add_parser(name, help=text)
    parser.add_argument("file", type=Path, metavar="FILE")
    _common(parser)
    parser.set_defaults(run=run)
    return parser


def _dice(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dice", metavar="F,F,...", help="the faces of real dice, in order")
    parser.add_argument("--seed", type=int, help="seed the dice, for a repeatable roll")
    _effect_dice(parser)


def _effect_dice(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--effect-dice",
        metavar="F,F,...",
        help="real dice for what the result rolls (damage, healing)",
    )


# --- plumbing -----------------------------------------------------------------------------


def _catalog(args: argparse.Namespace) -> Catalog:
    return load_catalog(args.moves)


def _open(args: argparse.Namespace) -> CampaignStore:
    """The campaign named on the command line, opened as the app opens it: from the snapshot
    the last opening kept, when the files are exactly as they were then."""
    from hearthroll.store.campaigns import RECENT_WINDOW, CampaignStore

    catalog = cached_catalog(args.moves)
    store = CampaignStore.open(args.file, catalog, recent=RECENT_WINDOW, memo=memo())
    if store.hand_edit is not None:
        from hearthroll.core.campaign.events import summary

        print(
            f"hearthroll: recorded a hand edit of {args.file} as event #{store.hand_edit.seq}: "
            f"{summary(store.hand_edit)} (undo reverts it)",
            file=sys.stderr,
        )
    if store.lagging:
        print(f"hearthroll: warning: {store.lagging}", file=sys.stderr)
    say_damage(store)
    return store


def say_damage(store: CampaignStore) -> None:
    """Every command's lines about damage found earlier in the journal and not yet repaired
    (its damage note): the damage, in check's words, and what to do."""
    if store.files.damage is not None:
        from hearthroll.store.damage_note import warning

        print(f"hearthroll: warning: {warning(store.path, store.files.damage)}", file=sys.stderr)


def say_unrecorded(store: CampaignStore) -> None:
    """A reader's one line about a hand edit of the state file the journal has not recorded."""
    if store.unrecorded is not None:
        print(
            f"hearthroll: note: {store.path} has a hand edit not yet in its journal "
            f"({store.unrecorded.words()}); shown as the file has it. The next command that "
            f"writes records it as an event; `hearthroll repair {store.path}` puts back the "
            "journal's state.",
            file=sys.stderr,
        )


def _read(args: argparse.Namespace) -> CampaignStore:
    """The campaign named on the command line, read for a verb that only looks: no byte is
    written and no lock taken (the snapshot is used, never kept)."""
    from hearthroll.store.campaigns import RECENT_WINDOW, CampaignStore

    catalog = cached_catalog(args.moves)
    store = CampaignStore.read(args.file, catalog, recent=RECENT_WINDOW, memo=memo())
    say_damage(store)
    say_unrecorded(store)
    return store


def _source(text: str | None, seed: int | None) -> DiceSource:
    from hearthroll.core.dice.sources import RandomDice, TypedDice, parse_faces

    return TypedDice(parse_faces(text)) if text is not None else RandomDice(seed)


def _finish(source: DiceSource) -> None:
    from hearthroll.core.dice.sources import TypedDice

    if isinstance(source, TypedDice):
        source.finish()


def _finish_effect(source: DiceSource) -> None:
    """Refuse `--effect-dice` faces that nothing rolled, as `--dice` refuses its extras: these
    are the effect dice (damage, healing, a stun), named so the GM knows which list to cut."""
    from hearthroll.core.dice.sources import TypedDice
    from hearthroll.core.errors import DiceError

    if not isinstance(source, TypedDice) or not source.remaining:
        return
    used, left = source.used, source.remaining
    raise DiceError(
        f"too many typed effect dice (--effect-dice, the damage and stun dice): the result "
        f"rolled {used} but {used + len(left)} {'was' if used + len(left) == 1 else 'were'} "
        f"typed; drop {','.join(map(str, left))}"
    )


def _with_store(args: argparse.Namespace, verb: Callable[[CampaignStore], Outcome]) -> int:
    from hearthroll.core.campaign import events
    from hearthroll.store.errors import StateWriteError

    with _open(args) as store:
        outcome = verb(store)
        try:
            event = store.commit(outcome)
        except StateWriteError as error:
            # Saved: the event is in the journal. Only the state file lags, and catches up at
            # the next opening; a script must not run the command again.
            event = error.event if isinstance(error.event, events.Event) else outcome.event
            _print_event(event, store, args.json)
            print(f"hearthroll: warning: {error}", file=sys.stderr)
            return EXIT_OK
        _print_event(event, store, args.json)
    return EXIT_OK


def _with_effect_dice(
    args: argparse.Namespace, verb: Callable[[CampaignStore, DiceSource], Outcome]
) -> int:
    """A verb that rolls effect dice alone (a bust's, Preparation's, a hold's option): its
    `--effect-dice` handed in, the faces it left unrolled refused."""

    def run(store: CampaignStore) -> Outcome:
        effect = _typed(args)[1]
        outcome = verb(store, effect)
        _finish_effect(effect)
        return outcome

    return _with_store(args, run)


def _typed(args: argparse.Namespace) -> tuple[DiceSource, DiceSource]:
    dice = _source(getattr(args, "dice", None), getattr(args, "seed", None))
    effect = _source(getattr(args, "effect_dice", None), None)
    return dice, effect


def _keeping(
    args: argparse.Namespace, roll: Callable[[DiceSource, DiceSource], Outcome]
) -> Outcome:
    """Make a roll; when it is refused for want of picks, say the faces the random dice showed
    and how to keep them, so that the roll stands and is not simply rolled again."""
    from hearthroll.core.dice.sources import RandomDice, RecordingDice
    from hearthroll.core.verbs.picking import PicksNeeded

    dice, effect = _typed(args)
    seen = [RecordingDice(d) if isinstance(d, RandomDice) else d for d in (dice, effect)]
    try:
        outcome = roll(seen[0], seen[1])
    except PicksNeeded as error:
        keep = [
            f"{flag} {','.join(map(str, source.faces))}"
            for flag, source in zip(("--dice", "--effect-dice"), seen, strict=True)
            if isinstance(source, RecordingDice) and source.faces
        ]
        if not keep:
            raise
        raise PicksNeeded(
            f"{error}. To keep the roll made, run it again with {' '.join(keep)} and the picks.",
            error.lists,
        ) from None
    _finish(dice)
    _finish_effect(effect)
    return outcome


# --- verbs ----------------------------------------------------------------------------------


def run_new(args: argparse.Namespace) -> int:
    """Create a campaign, empty or with the demo party."""
    from hearthroll.core.games.demo import demo_campaign, new_campaign
    from hearthroll.store.campaigns import RECENT_WINDOW, CampaignStore

    catalog = _catalog(args)
    ruleset = catalog.ruleset(args.ruleset) if args.ruleset else catalog.default
    name = args.name or args.file.stem
    campaign = (
        demo_campaign(ruleset, args.name or None) if args.demo else new_campaign(ruleset, name)
    )
    with CampaignStore.create(
        args.file, campaign, catalog, recent=RECENT_WINDOW, memo=memo()
    ) as store:
        if args.json:
            print_json(state_json(store))
        else:
            who = ", ".join(campaign.characters) or "no characters yet"
            print(f"created {args.file}: {ruleset.name}, {who}")
    return EXIT_OK


def _inputs(
    args: argparse.Namespace, store: CampaignStore, wanted: str | None = None
) -> dict[str, int | str]:
    from hearthroll.core.rules.search import find_move

    move = find_move(store.ruleset.moves, wanted or args.move)
    inputs: dict[str, int | str] = {}
    for pair in args.input:
        key, eq, value = pair.partition("=")
        if not eq:
            raise UsageError(f"--input takes NAME=VALUE, not {pair!r}")
        number = whole_number(value)
        inputs[key.strip()] = number if number is not None else value.strip()
    if args.stat is not None:
        inputs["stat"] = args.stat
    if args.value is not None:
        numeric = [i.id for i in move.inputs if not i.choices]
        if not numeric:
            raise UsageError(f"{move.name} takes no number; drop --value")
        inputs[numeric[0]] = args.value
    return inputs


def run_move(args: argparse.Namespace) -> int:
    """Make a move (`next`: the one the last roll offers, with its preset)."""
    from hearthroll.core.dice.sources import AskingDice, TypedDice
    from hearthroll.core.verbs.asking import Asked, MoveRequest, resolve
    from hearthroll.core.verbs.offers import NEXT, let_off, next_move

    if args.let_off:
        if args.move.strip().lower() != NEXT or args.which is not None:
            raise UsageError("--let-off goes with `next` alone: move FILE next --let-off")
        return _with_store(args, lambda store: let_off(store.state))

    def verb(store: CampaignStore) -> Outcome:
        wanted, picks, actor, asset = args.move, args.pick, args.actor, args.asset
        if wanted.strip().lower() == NEXT:
            recent = store.events_after(max(0, store.state.history.events - 50))
            offer, picks = next_move(
                list(recent), store.ruleset, picks, args.which, state=store.state, actor=actor
            )
            wanted = offer.move
            actor, asset = offer.actor or actor, asset or offer.asset
        elif args.which is not None:
            raise UsageError(
                f"WHICH ({args.which!r}) goes after `next` only; name one move, quoted if it "
                'has spaces: move FILE "endure harm"'
            )
        request = MoveRequest.answered(
            wanted,
            actor=actor,
            advantage=args.adv,
            disadvantage=args.dis,
            picks=tuple(picks),
            inputs=_inputs(args, store, wanted),
            boost=args.prep,
            at=args.at,
            resist=args.roll,
            asset=asset,
            track=args.track,
        )

        def roll(dice: DiceSource, effect: DiceSource) -> Outcome:
            if isinstance(dice, TypedDice) and not isinstance(effect, TypedDice):
                effect = AskingDice((), effect)  # typed, and the rest rolled here: said so
            made = resolve(store.state, store.ruleset, request, dice, effect)
            if isinstance(made, Asked):
                raise made.refusal()
            _unrolled(dice, made, store, args.roll)
            if isinstance(effect, AskingDice):
                rolled.extend(effect.rolled)
            return made

        return _keeping(args, roll)

    rolled: list[tuple[str, tuple[int, ...]]] = []
    code = _with_store(args, verb)
    if rolled and not args.json:
        said = "; ".join(f"{what}: {','.join(map(str, faces))}" for what, faces in rolled)
        print(f"rolled by hearthroll (no --effect-dice): {said}")
    return code


def _unrolled(dice: DiceSource, outcome: Outcome, store: CampaignStore, resisted: bool) -> None:
    """Typed dice for a suffer move that made no roll: the roll waits for 0 or `--roll`."""
    from hearthroll.core.dice.sources import TypedDice

    event = outcome.event
    if not isinstance(dice, TypedDice) or dice.used or not dice.remaining or event.dice:
        return
    move = store.ruleset.move(event.move) if event.move else None
    if move is None or not move.roll.optional or resisted:
        return
    raise UsageError(
        f"{move.name} made no roll, so the typed dice went unused: above 0 the roll is made "
        "only with --roll (to resist); add --roll, or drop --dice"
    )


def run_reroll(args: argparse.Namespace) -> int:
    """Reroll the pending bust."""
    from hearthroll.core.verbs.pool import reroll

    return _with_store(
        args,
        lambda s: _keeping(args, lambda d, e: reroll(s.state, s.ruleset, d, e, args.pick)),
    )


def run_accept(args: argparse.Namespace) -> int:
    """Accept the bust."""
    from hearthroll.core.verbs.pool import accept

    return _with_effect_dice(args, lambda s, effect: accept(s.state, s.ruleset, effect))


def run_stop(args: argparse.Namespace) -> int:
    """Stop the turn."""
    from hearthroll.core.verbs.pool import stop

    return _with_store(args, lambda s: stop(s.state, s.ruleset))


def run_prep(args: argparse.Namespace) -> int:
    """Spend Preparation on the last roll."""
    from hearthroll.core.verbs.pool import prep

    return _with_effect_dice(args, lambda s, effect: prep(s.state, s.ruleset, args.die, effect))


def run_hold(args: argparse.Namespace) -> int:
    """Gain or spend a hold."""
    from hearthroll.core.verbs.edits import hold

    amount = whole_number(args.amount)
    if amount is None:
        raise UsageError(f"the amount is a signed whole number like +2 or -1, not {args.amount!r}")

    def spend(store: CampaignStore, effect: DiceSource) -> Outcome:
        return hold(store.state, store.ruleset, args.hold, amount, args.actor, args.pick, effect)

    return _with_effect_dice(args, spend)


def run_set(args: argparse.Namespace) -> int:
    """Edit a field."""
    from hearthroll.core.verbs.fields import set_field

    owner, _, field = args.path.partition(".")
    if field.lower() == "ongoing" and args.rolls is not None:
        return _set_ongoing(args, owner)
    if args.rolls is not None:
        raise UsageError("--rolls goes with NAME.ongoing only")
    return _with_store(args, lambda s: set_field(s.state, s.ruleset, args.path, args.value))


def _set_ongoing(args: argparse.Namespace, owner: str) -> int:
    """NAME.ongoing N --rolls R (the same as `set NAME.ongoing "N R"`)."""
    from hearthroll.core.verbs.sheet import ongoing

    text = args.value.replace("−", "-")
    if not text.lstrip("+-").isdigit():
        raise UsageError(f"an ongoing penalty is a signed number like -1, not {args.value!r}")
    amount = int(text)
    return _with_store(args, lambda s: ongoing(s.state, s.ruleset, amount, args.rolls, owner))


def run_level_up(args: argparse.Namespace) -> int:
    """Level up."""
    from hearthroll.core.verbs.edits import do_level_up

    return _with_store(args, lambda s: do_level_up(s.state, s.ruleset, args.actor))


def run_note(args: argparse.Namespace) -> int:
    """Add the GM's note."""
    from hearthroll.core.verbs.edits import note

    return _with_store(args, lambda s: note(s.state, " ".join(args.text), secret=args.secret))


def run_damage(args: argparse.Namespace) -> int:
    """Roll weapon damage."""
    from hearthroll.core.verbs.edits import damage

    def verb(store: CampaignStore) -> Outcome:
        dice, effect = _typed(args)
        outcome = damage(
            store.state,
            store.ruleset,
            dice,
            actor=args.actor,
            advantage=args.adv,
            disadvantage=args.dis,
        )
        _finish(dice)
        _finish_effect(effect)
        return outcome

    return _with_store(args, verb)


def run_add(args: argparse.Namespace) -> int:
    """Add a character to the party."""
    from hearthroll.core.verbs.edits import add_character

    fields = []
    for pair in args.fields:
        field, eq, value = pair.partition("=")
        if not eq or not field.strip():
            raise UsageError(f"--set takes FIELD=VALUE, like forceful=2; not {pair!r}")
        fields.append((field.strip(), value.strip()))
    return _with_store(
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

    return _with_store(args, verb)


def run_undo(args: argparse.Namespace) -> int:
    """Undo the last event."""
    from hearthroll.core.verbs.edits import undo_last

    return _with_store(args, lambda s: undo_last(s.state, s.event))


def run_redo(args: argparse.Namespace) -> int:
    """Redo the last undone event."""
    from hearthroll.core.verbs.edits import redo_last

    return _with_store(args, lambda s: redo_last(s.state, s.event))


def run_state(args: argparse.Namespace) -> int:
    """Print the campaign."""
    with _read(args) as store:
        if args.json:
            print_json(state_json(store))
        else:
            from hearthroll.cli.fight import print_encounter
            from hearthroll.cli.sheets import print_state

            print_state(store.state, store.ruleset)
            print_encounter(store.state, store.ruleset)
    return EXIT_OK


def run_log(args: argparse.Namespace) -> int:
    """Print the log: only the newest segments for --last, --since and --last-session, and the
    whole log one journal segment at a time, so neither time nor memory grows with what is not
    shown. --markdown and --recap draw the same recap, in Markdown or as plain text."""
    from hearthroll.core.campaign import recap
    from hearthroll.core.campaign.events import standing, summary
    from hearthroll.store.campaigns import RECENT_WINDOW, CampaignStore

    # Read without a lock or a write. `--last` up to the snapshot's window of newest events is
    # served by the snapshot when it fits and the newest segment holds the window (no older one
    # is opened): its state and events, without parsing a line.
    window = RECENT_WINDOW if args.last and args.since is None and not args.last_session else 0
    kept = memo() if window else None
    with CampaignStore.read(
        args.file, cached_catalog(args.moves), recent=window, memo=kept, within_newest=True
    ) as store:
        say_damage(store)
        say_unrecorded(store)
        whole = not args.last and args.since is None and not args.last_session
        events: Iterable[Event]
        if args.last_session:  # the events since the last pause of 4 hours
            session = store.last_session(args.since or 0)
            events = session[-args.last :] if args.last else session
        elif args.last:
            events = store.last_events(args.last)
            if args.since is not None:
                events = [e for e in events if e.seq > args.since]
        else:
            events = store.events_after(args.since or 0)
        out = sys.stdout
        if args.json:
            out.write("[")
            for at, event in enumerate(events):
                out.write(", " if at else "")
                out.write(json.dumps(event_json(event), ensure_ascii=False))
            out.write("]\n")
        elif args.markdown or args.recap:
            if whole:
                undone = store.undone()
            else:
                events = list(events)
                undone = {e.seq for e in events} - {e.seq for e in standing(events)}
            state = store.state
            steading = state.steading.name if state.steading is not None else ""
            sessions = recap.recap_sessions(events, store.ruleset, steading, undone)
            draw = recap.markdown_chunks if args.markdown else recap.text_chunks
            for chunk in draw(state.name or store.path.stem, sessions):
                out.write(chunk)
        else:
            for event in events:
                when = event.at[:16].replace("T", " ")
                out.write(f"#{event.seq:<4} {when}  {summary(event)}\n")
    return EXIT_OK


def run_repair(args: argparse.Namespace) -> int:
    """Rebuild the state file (and any missing checkpoint) from the journal, after showing what
    differs and asking."""
    from hearthroll.store.campaigns import RepairPlan

    with RepairPlan(args.file, _catalog(args)) as plan:
        events = plan.rebuilt.history.events
        if plan.damage:
            print(
                f"the journal of {args.file} is still damaged, and repair cannot rebuild a saved "
                "event (every command says so until it is sound):"
            )
            for line in plan.damage:
                print(f"  {line}")
            print(
                "  Restore the damaged files from a backup, then run `hearthroll check "
                f"{args.file}`."
            )
            if not plan.changes and not plan.notes:
                raise UsageError(f"not repaired: the journal of {args.file} is as it was")
        if not plan.changes and not plan.notes:
            print(f"{args.file}: the state file is already what its {events} events make")
            return EXIT_OK
        if plan.changes and plan.readable:
            print(f"rebuilding {args.file} from its journal ({events} events) changes:")
        elif plan.changes:
            print(f"{args.file} cannot be read; it is rebuilt from its journal ({events} events):")
        for line in plan.changes:
            print(f"  {line}")
        if plan.notes:
            print(f"repairing the journal of {args.file}:")
        for line in plan.notes:
            print(f"  {line}")
        if not args.yes:
            if not sys.stdin.isatty():
                raise UsageError("repair asks before it writes; say --yes to repair without asking")
            question = "Rebuild the state file from the journal?" if not plan.notes else "Repair?"
            answer = input(f"{question} [y/N] ")
            if answer.strip().lower() not in ("y", "yes"):
                raise UsageError(f"not repaired: {args.file} is as it was")
        kept = plan.apply()
        where = f"; the old file is kept as {kept}" if kept is not None else ""
        what = (
            "the journal checks its state file from now on"
            if plan.adopted
            else "its state is the journal's again"
        )
        print(f"repaired {args.file}: {what}{where}")
    return EXIT_OK


# --- output ---------------------------------------------------------------------------------


def event_json(event: Event) -> dict[str, object]:
    """An event as the JSON the verbs print."""
    from hearthroll.store.campaigns import event_data

    deltas = event_data(event)["deltas"]
    for raw in deltas:
        raw["path"] = ".".join(raw["path"])
        raw.setdefault("before", None)
        raw.setdefault("after", None)
    return {
        "event": event.kind,
        "seq": event.seq,
        "at": event.at,
        "move": event.move,
        "move_name": event.move_name,
        "actor": event.actor,
        "mechanic": event.mechanic,
        "dice": list(event.dice),
        "kept": list(event.kept),
        "dropped": list(event.dropped),
        "band": event.band,
        "label": event.label,
        "bust": event.bust,
        "only_ones": event.only_ones,
        "match": event.match,
        "pending": event.pending,
        "xp_gained": event.xp_gained,
        "rerolls_left": event.rerolls_left,
        "pool": event.pool,
        "total": event.total,
        "text": event.text,
        "options": list(event.options),
        "modifiers": list(event.modifiers),
        "results": list(event.results),
        "line": event.line,
        "follow": list(event.follow),
        "target": event.target,
        **({"secret": True} if event.secret else {}),
        "deltas": deltas,
    }


def state_json(store: CampaignStore) -> dict[str, object]:
    """The campaign as the JSON `state --json` prints."""
    from hearthroll.core.games.pool_turn import plays_pool, pool_for
    from hearthroll.core.games.progress import keeps_tracks
    from hearthroll.core.games.sheet import character_sheet

    state = store.state
    steading = state.steading
    characters = [character_sheet(store.ruleset, c).data() for c in state.characters.values()]
    steading_json: dict[str, object] | None = None
    if steading is not None:
        steading_json = {
            "name": steading.name,
            "size": steading.size,
            "season": steading.season,
            **{k: v for k, v in steading.stats.items()},
            "flags": list(steading.flags),
            "muster": list(steading.muster),
            "plans": [
                {
                    "name": p.name,
                    "requirements": [{"text": r.text, "done": r.done} for r in p.requirements],
                }
                for p in steading.plans
            ],
        }
    turn = state.turn
    fights = _encounter_json(store)
    return {
        **fights,
        "ruleset": state.ruleset,
        "name": state.name,
        "active": state.active,
        "characters": characters,
        **({"steading": steading_json} if steading_json is not None else {}),
        **(
            {
                "turn": {
                    "actor": turn.actor,
                    "pool": turn.pushes,
                    "next_pool": pool_for(turn, turn.actor),
                    "status": turn.status,
                    "pending_bust": turn.status == "bust_pending",
                    "move": turn.move,
                    "dice": list(turn.last.faces) if turn.last else [],
                }
            }
            if plays_pool(store.ruleset)
            else {}
        ),
        **({"tracks": tracks_json(state)} if keeps_tracks(state, store.ruleset) else {}),
        "events": state.history.events,
        "can_undo": bool(state.history.undo),
        "can_redo": bool(state.history.redo),
    }


def tracks_json(state: Campaign) -> list[dict[str, object]]:
    """The campaign's progress tracks as `state --json` and `track FILE list --json` print
    them."""
    from hearthroll.core.games.progress import boxes

    return [
        {"name": t.name, "kind": t.kind, "rank": t.rank, "ticks": t.ticks, "boxes": boxes(t)}
        for t in state.tracks or ()
    ]


def _encounter_json(store: CampaignStore) -> dict[str, object]:
    """The encounter (None when no fight is on), where the ruleset fights."""
    from hearthroll.core.verbs.fight import has_encounters

    if not has_encounters(store.ruleset):
        return {}
    fight = store.state.encounter
    if fight is None:
        return {"encounter": None}
    foes = [
        {
            "name": f.name,
            **dict(f.stats),
            "meters": dict(f.meters),
            "maxima": dict(f.maxima),
            "armor": f.armor,
            "weapon": f.weapon,
            "shield": f.shield,
            "huge": f.huge,
            "conditions": dict(f.conditions),
            "attacking": f.attacking,
        }
        for f in fight.foes.values()
    ]
    return {
        "encounter": {
            "round": fight.round,
            "foes": foes,
            "acted": dict(fight.acted),
            "fled": list(fight.fled),
            "no_way_out": fight.no_way_out,
        }
    }


def _print_event(event: Event, store: CampaignStore, as_json: bool) -> None:
    if as_json:
        print_json(event_json(event))
        return
    from hearthroll.core.campaign.events import summary

    print(f"#{event.seq} {summary(event)}")
    rolled = event.kind in ("move", "reroll", "accept", "prep", "burn")
    if event.line and rolled:
        print(f"  {event.line}")
    if event.text and event.band and not event.pending:
        print(f"  {event.text}")
    for line in event.modifiers:
        print(f"  ({line})")
    if rolled and event.total is not None and event.mechanic not in ("pool", "stat_dice"):
        print(f"  total {event.total}")
    for line in event.results if rolled or event.kind in ("undo", "redo") else ():
        print(f"  {line}")
