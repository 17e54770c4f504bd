"""Rolling a move: a table from its mechanic to the roller that rolls it (as d20's table from
node to handler), and what every roll reads first: the stat, the automatic edge, the adds."""

from __future__ import annotations

from collections.abc import Callable

import attrs

from hearthroll.core.campaign.resolve import Context, automatic_edge
from hearthroll.core.campaign.state import Campaign, Character
from hearthroll.core.dice.mechanics import (
    Roll,
    roll_action,
    roll_d20,
    roll_stat_dice,
    roll_sum,
    score_modifier,
)
from hearthroll.core.dice.sources import DiceSource, rolling_for
from hearthroll.core.errors import RuleError
from hearthroll.core.games import encounter, momentum
from hearthroll.core.numbers import signed
from hearthroll.core.records import Record
from hearthroll.core.rules.model import Move, Ruleset


@attrs.frozen
class Throw(Record):
    """What a roller reads: the dice, the move, the stat's value, the adds and the edge."""

    dice: DiceSource
    move: Move
    ruleset: Ruleset
    character: Character | None
    stat: int
    adds: int
    """Everything added to the roll: the move's modifier, the edge's, Preparation's and,
    where the mechanic takes them, the character's forward and ongoing."""
    advantage: bool
    disadvantage: bool


def _stat_dice(t: Throw) -> Roll:
    """The community roll (readings 9-12): the stat with its edge, Preparation on the die."""
    return roll_stat_dice(
        t.dice, t.stat, advantage=t.advantage, disadvantage=t.disadvantage, bonus=t.adds
    )


def _sum(t: Throw) -> Roll:
    from hearthroll.core.dice.bands import BandRange, Bands
    from hearthroll.core.dice.expr import parse

    needed = parse(t.move.roll.dice or "2d6").dice_needed()
    bands = Bands(tuple(BandRange(b.id, b.low, b.high) for b in t.move.bands))
    return roll_sum(
        t.dice,
        len(needed),
        needed[0],
        modifier=t.stat + t.adds,
        bands=bands,
        advantage=t.advantage,
        disadvantage=t.disadvantage,
    )


def _action(t: Throw) -> Roll:
    now = momentum.value_of(t.ruleset, t.character)
    return roll_action(t.dice, t.stat, adds=t.adds, momentum=now)


def _d20(t: Throw) -> Roll:
    spec = t.move.roll
    assert spec.target is not None
    return roll_d20(
        t.dice,
        modifier=t.stat + t.adds,
        target=spec.target,
        nat20_succeeds=spec.nat20_succeeds,
        fumble_faces=spec.fumble_faces,
    )


def _table(t: Throw) -> Roll:
    from hearthroll.core.dice.bands import BandRange, Bands
    from hearthroll.core.dice.mechanics import roll_table

    if not t.move.roll.table:
        raise RuleError(f"{t.move.name}: a table roll names no table")
    table = t.ruleset.table(t.move.roll.table)
    rows = Bands(tuple(BandRange(r.id, r.low, r.high) for r in table.rows))
    return roll_table(t.dice, table.die, rows)


@attrs.frozen
class Roller(Record):
    """A mechanic's roller, and what of the character's it reads."""

    roll: Callable[[Throw], Roll]
    takes_adds: bool = True
    """The character's forward and ongoing count on it (and are spent by it)."""
    names_stat: bool = True
    """Its modifiers name the stat first (`+2: Forceful`)."""
    words: tuple[tuple[int, str], ...] = ()
    """What each kind of die it rolls is for, by its sides, where it rolls several kinds."""


ROLLERS: dict[str, Roller] = {
    "stat_dice": Roller(_stat_dice, takes_adds=False, names_stat=False, words=((6, "stat dice"),)),
    "sum": Roller(_sum),
    "action": Roller(_action, words=((6, "action die"), (10, "challenge dice"))),
    "d20": Roller(_d20, words=((20, "d20"),)),
    "table": Roller(_table, takes_adds=False, names_stat=False),
}
"""From a move's mechanic to its roller (the pool is the turn's own: `pool_turn.push`)."""


def takes_adds(move: Move) -> bool:
    """Whether the move's roll reads (and spends) the character's forward and ongoing."""
    roller = ROLLERS.get(move.roll.mechanic)
    return roller is not None and roller.takes_adds


def roll_move(
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    character: Character | None,
    ctx: Context,
    dice: DiceSource,
    advantage: bool,
    disadvantage: bool,
    prepared: int = 0,
    picked_stat: str | None = None,
) -> tuple[Roll | None, list[str]]:
    """Roll the move as its mechanic says; the roll and the reasons for its modifiers."""
    spec = move.roll
    if spec.mechanic == "none":
        return None, []
    roller = ROLLERS.get(spec.mechanic)
    if roller is None:
        raise RuleError(f"{move.name}: cannot roll mechanic {spec.mechanic!r}")
    used = rolled_stat(state, character, ruleset, move, picked_stat)
    _say_roll(dice, ruleset, move, roller, used)
    edge = automatic_edge(move, ctx, ruleset)
    reasons = list(edge.reasons)
    reasons += [
        f"{w}: the GM" for w, on in (("advantage", advantage), ("disadvantage", disadvantage)) if on
    ]
    adv, dis = advantage or edge.advantage, disadvantage or edge.disadvantage
    if adv and dis:
        reasons.append("advantage and disadvantage cancel")
    stat = used[1] if used is not None else 0
    if used is not None and roller.names_stat:
        reasons.insert(0, f"{signed(stat)}: {_stat_name(ruleset, used[0])}")
    if not roller.takes_adds:  # a community roll: its edge on the stat, Preparation on the die
        throw = Throw(dice, move, ruleset, character, stat + edge.modifier, prepared, adv, dis)
        return roller.roll(throw), reasons
    adds = spec.modifier + edge.modifier + prepared + _character_adds(character, reasons)
    return roller.roll(Throw(dice, move, ruleset, character, stat, adds, adv, dis)), reasons


def _character_adds(character: Character | None, reasons: list[str]) -> int:
    """The character's forward and ongoing penalty (reading 24), each said in `reasons`."""
    if character is None:
        return 0
    adds = 0
    if character.forward:
        adds += character.forward
        reasons.append(f"+{character.forward} forward")
    if character.ongoing is not None:
        left = character.ongoing.rolls - 1
        adds += character.ongoing.amount
        reasons.append(f"{signed(character.ongoing.amount)}: ongoing ({left} left)")
    return adds


def _stat_name(ruleset: Ruleset, stat_id: str) -> str:
    named = next((s.name for s in ruleset.stats if s.id == stat_id), None)
    if named is None:
        named = next((m.name for m in ruleset.meters if m.id == stat_id), stat_id)
    return named


def _say_roll(
    dice: DiceSource,
    ruleset: Ruleset,
    move: Move,
    roller: Roller,
    used: tuple[str, int] | None,
) -> None:
    """Name the roll's dice for a source that asks for them (a community roll's by its stat:
    `Muster: Population dice`)."""
    spec = move.roll
    if spec.mechanic == "table" and spec.table:
        table = ruleset.table(spec.table)
        rolling_for(dice, f"{move.name}: d{table.die} on the {table.name} table")
        return
    words = {sides: f"{move.name}: {w}" for sides, w in roller.words}
    if not roller.names_stat and used is not None:
        name = _stat_name(ruleset, used[0])
        name = name[:1].upper() + name[1:]
        words = {sides: f"{move.name}: {name} dice" for sides in words}
    rolling_for(dice, f"{move.name}: the roll", words)


def stat_value(state: Campaign, character: Character | None, ruleset: Ruleset, stat_id: str) -> int:
    """A stat's value as a roll reads it: the steading's, a meter, or a stat (a score as its
    modifier, where the ruleset says so)."""
    steading = state.steading
    if steading is not None and stat_id in steading.stats:
        return steading.stats[stat_id]
    if character is not None:
        if stat_id in character.meters:
            return character.meters[stat_id]
        if stat_id in character.stats:
            value = character.stats[stat_id]
            return score_modifier(value) if ruleset.stat(stat_id).modifier == "score" else value
    raise RuleError(f"no value for {stat_id!r} on the sheet")


def rolled_stat(
    state: Campaign,
    character: Character | None,
    ruleset: Ruleset,
    move: Move,
    picked_stat: str | None = None,
) -> tuple[str, int] | None:
    """The stat a roll uses and its value: the one the player picked, else the first highest
    of the move's choice ("+health or +iron, whichever is higher"), read from this sheet."""
    spec = move.roll
    stats = (
        (picked_stat,) if picked_stat else spec.stat_choice or ((spec.stat,) if spec.stat else ())
    )
    if not stats:
        return None
    values = [stat_value(state, character, ruleset, s) for s in stats]
    best = max(values)
    return stats[values.index(best)], best


EDGED = frozenset({"pool", "stat_dice", "sum", "d20"})
"""The mechanics the GM's advantage and disadvantage change (a die more, the better or the
worse kept); an action roll, a table roll and a move without dice have none."""


def takes_edge(move: Move) -> bool:
    """Whether the GM's advantage or disadvantage applies to `move` (a maneuver's modifiers
    are its own, reading 33)."""
    return move.roll.mechanic in EDGED and not _maneuvering(move)


def _maneuvering(move: Move) -> bool:
    """A maneuver, or a roll that follows one (Bash's stun roll): the rules of maneuvers know
    no advantage."""
    return encounter.is_maneuver(move) or "maneuver" in move.tags


def no_edge(move: Move) -> str:
    """Why the GM's advantage or disadvantage does not apply to `move`."""
    if _maneuvering(move):
        return "a maneuver's modifiers are its own"
    if move.roll.mechanic == "action":
        return "an action roll has no advantage (its adds come from the move and its picks)"
    if move.roll.mechanic == "none":
        return "it makes no roll"
    return f"a {move.roll.mechanic} roll has no advantage"
