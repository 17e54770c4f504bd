"""The pool turn as pure transitions: push, reroll, accept the bust, stop (readings 1-8)."""

from __future__ import annotations

from typing import Literal

import attrs

from hearthroll.core.campaign.state import TurnState
from hearthroll.core.dice.mechanics import BUST, PoolRoll, boost_pool, reroll_pool, roll_pool
from hearthroll.core.dice.sources import DiceSource
from hearthroll.core.errors import BustWaits, RuleError, TurnError
from hearthroll.core.games import holds
from hearthroll.core.games.stage import Attempt
from hearthroll.core.records import Record
from hearthroll.core.rules.model import Ruleset

TurnStatus = Literal["open", "bust_pending", "busted"]


@attrs.frozen
class Turn(Record):
    """One character's turn: how many RISKY moves so far, the last roll, and the rerolls left.

    `status` is `open` while the character may push or stop, `bust_pending` while a bust
    waits to be rerolled or accepted, and `busted` once a bust is final and the turn is over.
    """

    level: int
    rerolls_left: int
    pushes: int = 0
    last: PoolRoll | None = None
    status: TurnStatus = "open"
    rerolls_per_roll: int | None = None

    @property
    def next_pool(self) -> int:
        """Reading 1: the n-th RISKY move of a turn rolls n dice."""
        return self.pushes + 1

    @property
    def can_reroll(self) -> bool:
        """True when a pending bust may be rerolled: rerolls left, per-roll cap not reached."""
        return why_no_reroll(self) is None


def why_no_reroll(turn: Turn, who: str = "") -> str | None:
    """Readings 4-5: why the turn's bust cannot be rerolled now (no bust waits, no rerolls
    left, the roll has had the rerolls the ruleset allows it); None when it can."""
    if turn.status != "bust_pending" or turn.last is None:
        return "there is no bust to reroll: a reroll is spent only on a bust"
    if turn.rerolls_left < 1:
        return f"{who or 'the character'} has no rerolls left: accept the bust"
    cap = turn.rerolls_per_roll
    if cap is not None and turn.last.rerolls_spent >= cap:
        return f"this roll has had its {cap} reroll{'s' if cap != 1 else ''}: accept the bust"
    return None


def could_lift(turn: Turn, held: int, spend: holds.RollHold | None) -> bool:
    """Reading 8: whether the points the character holds of the hold spent on a roll
    (Preparation) could still lift every kept 1 of the waiting bust: a point on each 1, at
    most the points the roll may still take."""
    if spend is None or spend.bonus < 1 or turn.last is None:
        return False
    points = held
    if spend.per_roll is not None:
        points = min(points, spend.per_roll - turn.last.boosts)
    return 0 < turn.last.ones <= points


def bust_stands(turn: Turn, held: int, spend: holds.RollHold | None) -> bool:
    """Reading 5: a bust that no reroll can save (none left, or the roll has had the rerolls
    the ruleset allows it) and no Preparation held could lift is final at once: nothing is
    left to wait for, so it is taken as it is rolled."""
    return (
        turn.status == "bust_pending" and not turn.can_reroll and not could_lift(turn, held, spend)
    )


def plays_pool(ruleset: Ruleset) -> bool:
    """Whether the ruleset's characters roll the pool, so a campaign has a pool turn to show."""
    return any(m.roll.mechanic == "pool" for m in ruleset.moves)


def start(level: int, rerolls_left: int, rerolls_per_roll: int | None = None) -> Turn:
    """A fresh turn with an empty pool."""
    return Turn(level=level, rerolls_left=rerolls_left, rerolls_per_roll=rerolls_per_roll)


def push(
    turn: Turn, dice: DiceSource, *, advantage: bool = False, disadvantage: bool = False
) -> Turn:
    """Make a RISKY move: roll the next pool. A bust waits for a reroll or to be accepted."""
    if turn.status == "bust_pending":
        raise TurnError("a bust is waiting: reroll it or accept it before the next RISKY move")
    if turn.status == "busted":
        raise TurnError("this turn ended with a bust; the next RISKY move starts a new turn")
    roll = roll_pool(dice, turn.next_pool, advantage=advantage, disadvantage=disadvantage)
    status: TurnStatus = "bust_pending" if roll.has(BUST) else "open"
    return attrs.evolve(turn, pushes=turn.pushes + 1, last=roll, status=status)


def reroll(turn: Turn, dice: DiceSource) -> Turn:
    """Reading 4: spend a reroll on the pending bust, rerolling every kept 1."""
    why = why_no_reroll(turn)
    if why is not None:
        raise TurnError(why)
    assert turn.last is not None
    roll = reroll_pool(turn.last, dice)
    status: TurnStatus = "bust_pending" if roll.has(BUST) else "open"
    return attrs.evolve(turn, last=roll, status=status, rerolls_left=turn.rerolls_left - 1)


def accept(turn: Turn) -> tuple[Turn, int]:
    """Reading 5: take the bust. XP equals the kept 1s; the turn ends; rerolls do not refresh."""
    if turn.status != "bust_pending" or turn.last is None:
        raise TurnError("there is no bust to accept")
    return attrs.evolve(turn, status="busted"), turn.last.ones


def pool_for(turn: TurnState, actor: str | None) -> int:
    """Reading 1: the dice in `actor`'s next RISKY move: one more than the pushes of the turn
    they have going, else 1 (a turn of their own starts; a turn ended by a bust starts again)."""
    if actor is not None and turn.actor == actor and turn.status != "busted":
        return turn.pushes + 1
    return 1


def stop_refusal(status: str) -> str | None:
    """Reading 6: why a turn in this status cannot be stopped (a bust waits, or it ended with
    one), or None."""
    if status == "bust_pending":
        return "a bust is waiting: reroll it or accept it; a bust cannot be stopped"
    if status == "busted":
        return "this turn already ended with a bust; rerolls refresh only on a stop"
    return None


def stop(turn: Turn) -> Turn:
    """Reading 6: end the turn before a bust; rerolls refresh to level and the pool resets."""
    why = stop_refusal(turn.status)
    if why is not None:
        raise TurnError(why)
    return start(turn.level, turn.level, turn.rerolls_per_roll)


def next_turn(turn: Turn) -> Turn:
    """After a final bust, the character's next turn: an empty pool, rerolls as they were."""
    if turn.status == "bust_pending":
        raise TurnError("a bust is waiting: reroll it or accept it first")
    return start(turn.level, turn.rerolls_left, turn.rerolls_per_roll)


def prepare(turn: Turn, position: int, ruleset: Ruleset | None = None) -> Turn:
    """Reading 8: spend a point of the ruleset's hold spent on a roll (Preparation) for its
    bonus on one kept die of the last roll, at most its `per_roll` points a roll. Without the
    ruleset, reading 8's own Preparation: +1, once a roll."""
    if turn.last is None or turn.status == "busted":
        raise TurnError("there is no roll to add +1 to")
    name, bonus = "Preparation", 1  # reading 8 as written, when no ruleset is given
    per_roll: int | None = 1
    if ruleset is not None:
        spent = holds.on_roll(ruleset)
        if spent is None:
            raise RuleError(f"{ruleset.name} has no hold that is spent on a roll")
        name, bonus, per_roll = spent.hold.name, spent.bonus, spent.per_roll
    done = turn.last.boosts
    if per_roll is not None and done >= per_roll:
        raise RuleError(
            f"{name}: at most {per_roll} a roll"
            + (" (once per roll)" if per_roll == 1 else "")
            + f", and this roll has had {done}"
        )
    roll = boost_pool(turn.last, position, bonus)
    status: TurnStatus = "bust_pending" if roll.has(BUST) else "open"
    return attrs.evolve(turn, last=roll, status=status)


def level_up(turn: Turn, levels: int = 1) -> Turn:
    """Reading 7: a level gained adds one reroll at once."""
    return attrs.evolve(turn, level=turn.level + levels, rerolls_left=turn.rerolls_left + levels)


def refuse_while_a_bust_waits(status: str, actor: str | None) -> None:
    """Nothing else rolls while a bust waits (readings 4-5): the community's rolls and any other
    move wait until the bust is rerolled or accepted."""
    if status == "bust_pending" and actor is not None:
        raise BustWaits(actor)


def check(attempt: Attempt) -> None:
    """The check stage: nothing else rolls while a bust waits."""
    if attempt.move.roll.mechanic != "none":
        turn = attempt.state.turn
        refuse_while_a_bust_waits(turn.status, turn.actor)
