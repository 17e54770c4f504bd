"""`move` makes a move (found by id, name or the search the app's palette uses) and `damage`
rolls a weapon's damage: each rolls, judges, applies, saves and prints one event."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from hearthroll.cli.common import UsageError, add_edge
from hearthroll.cli.dice_flags import (
    add_dice,
    finish_dice,
    finish_effect,
    roll_keeping_faces,
    sources,
)
from hearthroll.cli.kernel import add_verb, with_store
from hearthroll.core.numbers import whole_number

if TYPE_CHECKING:
    from hearthroll.core.campaign.events import Outcome
    from hearthroll.core.dice.sources import DiceSource
    from hearthroll.core.verbs.asking import MoveRequest
    from hearthroll.store.campaigns import CampaignStore


def add_parsers(verbs: Any) -> None:
    """Add `move` and `damage` to the command line."""
    move = add_verb(verbs, "move", "make a move: roll it, judge it, apply it", run_move)
    _add_move_arguments(move)
    damage = add_verb(verbs, "damage", "roll a character's weapon damage", run_damage)
    damage.add_argument("--as", dest="actor", metavar="NAME")
    add_edge(damage)
    add_dice(damage)


def _add_move_arguments(move: argparse.ArgumentParser) -> None:
    """MOVE and WHICH, who makes it and against whom, its dice, and the answers it may ask."""
    move.add_argument(
        "move",
        metavar="MOVE",
        help="the move's id or name, any case, or words that find it as `moves` does (a typo, "
        "a player's words); `next`: the move the last roll offers",
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
    add_dice(move)
    _add_answers(move)


def _add_answers(move: argparse.ArgumentParser) -> None:
    """The flags that answer what a move asks: picks, Preparation, a value, a stat, inputs, a
    resisted roll, the asset and the track."""
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
    move.add_argument(
        "--track", metavar="NAME", help="the track the move marks progress on, or clears it from"
    )
    move.add_argument(
        "--let-off",
        action="store_true",
        help="with `next`: let the rest aboard off the move they still owe (a rough ride)",
    )


def run_move(args: argparse.Namespace) -> int:
    """Make a move (`next`: the one the last roll offers, with its preset)."""
    from hearthroll.core.dice.sources import AskingDice, TypedDice
    from hearthroll.core.verbs.asking import Asked, resolve
    from hearthroll.core.verbs.offers import NEXT, let_off

    if args.let_off:
        if args.move.strip().lower() != NEXT or args.which is not None:
            raise UsageError("--let-off goes with `next` alone: move FILE next --let-off")
        return with_store(args, lambda store: let_off(store.state))

    def verb(store: CampaignStore) -> Outcome:
        request = _request(args, store)

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

        return roll_keeping_faces(args, roll)

    rolled: list[tuple[str, tuple[int, ...]]] = []
    code = with_store(args, verb)
    if rolled and not args.json:
        said = "; ".join(f"{what}: {','.join(map(str, faces))}" for what, faces in rolled)
        print(f"rolled by hearthroll (no --effect-dice): {said}")
    return code


def _request(args: argparse.Namespace, store: CampaignStore) -> MoveRequest:
    """The move the command line asks for (`next`: the one the last roll offers, its actor,
    asset and picks), with every answer its flags give."""
    from hearthroll.core.verbs.asking import MoveRequest
    from hearthroll.core.verbs.offers import NEXT, next_move

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
    else:
        wanted = _found(args, store)
    return MoveRequest.answered(
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


def _found(args: argparse.Namespace, store: CampaignStore) -> str:
    """The move MOVE names: its id, name or alias; else the move the palette's search ranks
    clearly first, said in a line (`hakc → Hack and Slash`; on stderr with --json)."""
    from hearthroll.core.rules.search import exact_move, search_move

    moves = store.ruleset.moves
    if exact_move(moves, args.move) is not None:
        return str(args.move)
    move = search_move(moves, args.move)
    print(f"{args.move} → {move.name}", file=sys.stderr if args.json else sys.stdout)
    return move.id


def _inputs(args: argparse.Namespace, store: CampaignStore, wanted: str) -> dict[str, int | str]:
    """The move's inputs from --input, --stat and --value (its one number)."""
    from hearthroll.core.rules.search import find_move

    move = find_move(store.ruleset.moves, wanted)
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


def run_damage(args: argparse.Namespace) -> int:
    """Roll weapon damage."""
    from hearthroll.core.verbs.edits import damage

    def verb(store: CampaignStore) -> Outcome:
        dice, effect = sources(args)
        outcome = damage(
            store.state,
            store.ruleset,
            dice,
            actor=args.actor,
            advantage=args.adv,
            disadvantage=args.dis,
        )
        finish_dice(dice)
        finish_effect(effect)
        return outcome

    return with_store(args, verb)
