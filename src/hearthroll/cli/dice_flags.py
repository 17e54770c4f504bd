"""The campaign verbs' dice: --dice, --seed and --effect-dice read into dice sources, and every
typed face held to being rolled."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING

from hearthroll.cli.kernel import with_store

if TYPE_CHECKING:
    from hearthroll.core.campaign.events import Outcome
    from hearthroll.core.dice.sources import DiceSource
    from hearthroll.store.campaigns import CampaignStore


def add_dice(parser: argparse.ArgumentParser) -> None:
    """--dice and --seed for the roll, and --effect-dice for what its result rolls."""
    parser.add_argument("--dice", metavar="F,F,...", help="the faces of real dice, in order")
    parser.add_argument("--seed", type=int, help="seed the dice, for a repeatable roll")
    add_effect_dice(parser)


def add_effect_dice(parser: argparse.ArgumentParser) -> None:
    """--effect-dice: real dice for the damage or healing a result rolls."""
    parser.add_argument(
        "--effect-dice",
        metavar="F,F,...",
        help="real dice for what the result rolls (damage, healing)",
    )


def dice_source(text: str | None, seed: int | None) -> DiceSource:
    """The typed faces `text` names, or random dice (seeded with `seed`) when none are typed."""
    from hearthroll.core.dice.sources import RandomDice, TypedDice, parse_faces

    return TypedDice(parse_faces(text)) if text is not None else RandomDice(seed)


def sources(args: argparse.Namespace) -> tuple[DiceSource, DiceSource]:
    """The roll's dice (--dice or --seed) and the effect dice (--effect-dice) of a command."""
    dice = dice_source(getattr(args, "dice", None), getattr(args, "seed", None))
    effect = dice_source(getattr(args, "effect_dice", None), None)
    return dice, effect


def finish_dice(source: DiceSource) -> None:
    """Refuse the `--dice` faces that nothing rolled."""
    from hearthroll.core.dice.sources import TypedDice

    if isinstance(source, TypedDice):
        source.finish()


def finish_effect(source: DiceSource) -> None:
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


def with_effect_dice(
    args: argparse.Namespace, verb: Callable[[CampaignStore, DiceSource], Outcome]
) -> int:
    """A verb that rolls effect dice alone (a bust's, Preparation's, a hold's option): its
    `--effect-dice` handed in, the faces it left unrolled refused."""

    def run(store: CampaignStore) -> Outcome:
        effect = sources(args)[1]
        outcome = verb(store, effect)
        finish_effect(effect)
        return outcome

    return with_store(args, run)


def roll_keeping_faces(
    args: argparse.Namespace, roll: Callable[[DiceSource, DiceSource], Outcome]
) -> Outcome:
    """Make a roll; when it is refused for want of picks, say the faces the random dice showed
    and how to keep them, so that the roll stands and is not simply rolled again."""
    from hearthroll.core.dice.sources import RandomDice, RecordingDice
    from hearthroll.core.verbs.picking import PicksNeeded

    dice, effect = sources(args)
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
    finish_dice(dice)
    finish_effect(effect)
    return outcome
