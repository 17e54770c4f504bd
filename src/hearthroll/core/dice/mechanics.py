"""The resolution mechanics of the four rulesets, each a pure function of a DiceSource."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from hearthroll.core.dice.bands import (
    FAIL,
    FUMBLE,
    HIT,
    MISS,
    STRONG,
    SUM_2D6,
    WEAK,
    Bands,
)
from hearthroll.core.dice.sources import DiceSource
from hearthroll.core.errors import RuleError
from hearthroll.core.records import Record

BUST = "bust"
ONLY_ONES = "only_ones"
MATCH = "match"
NAT1 = "nat1"
NAT20 = "nat20"
BURNED = "momentum_burned"
CANCELLED = "action_die_cancelled"


@attrs.frozen
class Roll(Record):
    """A resolved roll: every die rolled (in order), which of them count, the band and flags."""

    mechanic: str
    sides: int
    faces: tuple[int, ...]
    kept_index: tuple[int, ...]
    band: str
    flags: frozenset[str] = frozenset()
    total: int | None = None

    @property
    def kept(self) -> tuple[int, ...]:
        """The faces that count, in roll order."""
        return tuple(self.faces[i] for i in self.kept_index)

    @property
    def dropped(self) -> tuple[int, ...]:
        """The faces rolled and set aside, in roll order."""
        keep = set(self.kept_index)
        return tuple(f for i, f in enumerate(self.faces) if i not in keep)

    def has(self, flag: str) -> bool:
        """True when the roll carries `flag` (bust, only_ones, match, nat1, nat20…)."""
        return flag in self.flags


def net_advantage(advantage: bool, disadvantage: bool) -> int:
    """+1 for advantage, -1 for disadvantage, 0 when both or neither: they cancel."""
    return int(advantage) - int(disadvantage)


def _keep(faces: Sequence[int], keep: int, highest: bool) -> tuple[int, ...]:
    """Indices of the `keep` highest (or lowest) faces; ties keep the earlier die."""
    order = sorted(range(len(faces)), key=lambda i: (-faces[i] if highest else faces[i], i))
    return tuple(sorted(order[:keep]))


# --- pool: the house push-your-luck pool (readings 1-4, 8) ---------------------------------


@attrs.frozen
class PoolRoll(Roll):
    """A pool roll, with its reroll history and any Preparation +1 on its kept dice."""

    boosted: int | None = None
    """The die the last Preparation went on (an index into `faces`); None: none yet."""
    rerolls_spent: int = 0
    history: tuple[tuple[int, ...], ...] = ()
    boosts: int = 0
    """How many points of Preparation went on this roll."""

    @property
    def ones(self) -> int:
        """How many kept dice show 1: the XP a final bust pays."""
        return sum(1 for f in self.kept if f == 1)


def judge_pool(kept: Sequence[int]) -> tuple[str, frozenset[str]]:
    """Reading 3: bust iff a kept 1; only-1s iff every kept die is 1; else a 6 makes it strong."""
    if 1 in kept:
        flags = {BUST}
        if all(f == 1 for f in kept):
            flags.add(ONLY_ONES)
        return MISS, frozenset(flags)
    return (STRONG if 6 in kept else WEAK), frozenset()


def _pool_result(
    faces: tuple[int, ...],
    kept_index: tuple[int, ...],
    *,
    boosted: int | None = None,
    rerolls_spent: int = 0,
    history: tuple[tuple[int, ...], ...] = (),
    boosts: int = 0,
) -> PoolRoll:
    band, flags = judge_pool([faces[i] for i in kept_index])
    return PoolRoll(
        mechanic="pool",
        sides=6,
        faces=faces,
        kept_index=kept_index,
        band=band,
        flags=flags,
        boosted=boosted,
        rerolls_spent=rerolls_spent,
        history=history,
        boosts=max(boosts, int(boosted is not None)),  # a boosted die counts one, at least
    )


def roll_pool(
    dice: DiceSource, size: int, *, advantage: bool = False, disadvantage: bool = False
) -> PoolRoll:
    """Roll `size` d6; advantage adds a die and drops the lowest, disadvantage the highest."""
    if size < 1:
        raise RuleError(f"a pool rolls at least 1 die, not {size}")
    edge = net_advantage(advantage, disadvantage)
    faces = dice.roll(6, size + abs(edge))
    kept = _keep(faces, size, highest=edge >= 0) if edge else tuple(range(size))
    return _pool_result(faces, kept)


def reroll_pool(roll: PoolRoll, dice: DiceSource) -> PoolRoll:
    """Reading 4: reroll every kept 1; other faces stay, and dropped dice stay dropped."""
    if not roll.has(BUST):
        raise RuleError("only a bust can be rerolled")
    ones = [i for i in roll.kept_index if roll.faces[i] == 1]
    new = dice.roll(6, len(ones))
    faces = list(roll.faces)
    for index, face in zip(ones, new, strict=True):
        faces[index] = face
    return _pool_result(
        tuple(faces),
        roll.kept_index,
        boosted=roll.boosted,
        rerolls_spent=roll.rerolls_spent + 1,
        history=(*roll.history, roll.faces),
        boosts=roll.boosts,
    )


def boost_pool(roll: PoolRoll, position: int, bonus: int = 1) -> PoolRoll:
    """Reading 8: Preparation adds `bonus` to one kept die (never past 6), counted in `boosts`.

    `position` counts the kept dice from 1, in the order they were rolled. How many points one
    roll takes is the hold's to say (its `per_roll`): `pool_turn.prepare` asks it.
    """
    if not 1 <= position <= len(roll.kept_index):
        raise RuleError(f"pick a kept die from 1 to {len(roll.kept_index)}, not {position}")
    index = roll.kept_index[position - 1]
    if roll.faces[index] == 6:
        raise RuleError(f"kept die {position} already shows 6; +{bonus} cannot raise it")
    faces = list(roll.faces)
    faces[index] = min(6, faces[index] + bonus)
    return _pool_result(
        tuple(faces),
        roll.kept_index,
        boosted=index,
        rerolls_spent=roll.rerolls_spent,
        history=roll.history,
        boosts=roll.boosts + 1,
    )


# --- stat_dice: the house community roll (readings 9-10) -----------------------------------


def stat_dice_plan(
    stat: int, advantage: bool = False, disadvantage: bool = False
) -> tuple[int, bool]:
    """How many d6 a community roll throws and whether it keeps the highest (reading 9)."""
    edge = net_advantage(advantage, disadvantage)
    if stat <= 0:
        base, highest = 2, False
        if edge > 0:
            return 1, True
        return base + (1 if edge < 0 else 0), highest
    if edge < 0:
        return stat + 1, False
    return stat + (1 if edge > 0 else 0), True


def judge_stat_die(face: int) -> str:
    """Reading 10: 6 is the 10+ outcome, 4–5 the 7–9, 1–3 the 6−."""
    if face >= 6:
        return STRONG
    return WEAK if face >= 4 else MISS


def roll_stat_dice(
    dice: DiceSource,
    stat: int,
    *,
    advantage: bool = False,
    disadvantage: bool = False,
    bonus: int = 0,
) -> Roll:
    """Roll `stat` d6 and keep the highest; at stat 0 or less roll 2d6 and keep the lowest."""
    count, highest = stat_dice_plan(stat, advantage, disadvantage)
    if count > 20:
        raise RuleError(f"a community roll of {count} dice is past any steading's stat")
    faces = dice.roll(6, count)
    kept = _keep(faces, 1, highest)
    total = min(6, faces[kept[0]] + bonus)
    return Roll("stat_dice", 6, faces, kept, judge_stat_die(total), total=total)


# --- sum: NdS + stat + modifiers, banded by total (reading 14) -----------------------------


def roll_sum(
    dice: DiceSource,
    count: int = 2,
    sides: int = 6,
    *,
    modifier: int = 0,
    bands: Bands = SUM_2D6,
    advantage: bool = False,
    disadvantage: bool = False,
) -> Roll:
    """Roll NdS and add the modifier; advantage adds a die and drops the lowest."""
    if count < 1 or sides < 1:
        raise RuleError(f"a sum roll needs at least one die with a side, not {count}d{sides}")
    edge = net_advantage(advantage, disadvantage)
    faces = dice.roll(sides, count + abs(edge))
    kept = _keep(faces, count, highest=edge >= 0) if edge else tuple(range(count))
    total = sum(faces[i] for i in kept) + modifier
    return Roll("sum", sides, faces, kept, bands.band_for(total), total=total)


# --- action: d6 + stat + adds (cap 10) against 2d10 (reading 15) ---------------------------


@attrs.frozen
class ActionRoll(Roll):
    """An action roll: faces are the action die then the two challenge dice."""

    score: int = 0
    adds: int = 0
    """The adds the score counted (before the cap)."""
    uncapped: int = 0
    """The die (unless cancelled), the stat and the adds before the cap: above it, the score
    is the cap."""

    @property
    def action_die(self) -> int:
        """The d6 action die."""
        return self.faces[0]

    @property
    def challenge(self) -> tuple[int, int]:
        """The two d10 challenge dice."""
        return self.faces[1], self.faces[2]


def judge_action(score: int, challenge: tuple[int, int]) -> str:
    """Strong beats both challenge dice, weak beats one, miss neither; ties go to the challenge."""
    beaten = sum(1 for c in challenge if score > c)
    return (MISS, WEAK, STRONG)[beaten]


def cancels(die: int, momentum: int) -> bool:
    """Whether negative momentum equal to the action die cancels it (the die counts 0)."""
    return momentum < 0 and die == -momentum


def _uncapped(die: int, stat: int, adds: int, momentum: int) -> int:
    return (0 if cancels(die, momentum) else die) + stat + adds


def action_score(die: int, stat: int, adds: int, momentum: int, cap: int = 10) -> int:
    """d6 + stat + adds, capped; negative momentum equal to the die cancels the die."""
    return min(cap, _uncapped(die, stat, adds, momentum))


def roll_action(
    dice: DiceSource, stat: int, *, adds: int = 0, momentum: int = 0, cap: int = 10
) -> ActionRoll:
    """Roll the action die and two challenge dice; the one action score meets both."""
    (die,) = dice.roll(6, 1)
    c1, c2 = dice.roll(10, 2)
    uncapped = _uncapped(die, stat, adds, momentum)
    score = min(cap, uncapped)
    flags = {MATCH} if c1 == c2 else set()
    if cancels(die, momentum):
        flags.add(CANCELLED)
    band = judge_action(score, (c1, c2))
    return ActionRoll(
        "action", 6, (die, c1, c2), (0, 1, 2), band, frozenset(flags), score, score, adds, uncapped
    )


def burn_momentum(roll: ActionRoll, momentum: int) -> ActionRoll:
    """Burning momentum replaces the action score with the momentum; the caller resets it."""
    if momentum <= roll.score:
        raise RuleError(f"burning momentum {momentum} would not beat the action score {roll.score}")
    band = judge_action(momentum, roll.challenge)
    return attrs.evolve(
        roll, band=band, score=momentum, total=momentum, flags=roll.flags | {BURNED}
    )


# --- d20: d20 + modifier against a target (reading 16) -------------------------------------


def score_modifier(score: int) -> int:
    """The modifier a score gives: (score - 10) // 2."""
    return (score - 10) // 2


def roll_d20(
    dice: DiceSource,
    *,
    modifier: int = 0,
    target: int,
    nat20_succeeds: bool = False,
    fumble_faces: int = 1,
) -> Roll:
    """A natural 1 is the move's own miss; otherwise meet the target to hit.

    A miss with a die of 2 to `fumble_faces` is the move's own miss too (Bash: 1-3). With
    `fumble_faces` 0 no face has a miss of its own: a natural 1 is judged by its total like
    any other face (flee, break off).
    """
    (face,) = dice.roll(20, 1)
    total = face + modifier
    flags = frozenset({NAT1} if face == 1 else {NAT20} if face == 20 else set())
    return Roll(
        "d20",
        20,
        (face,),
        (0,),
        d20_band(face, total, target, nat20_succeeds, fumble_faces),
        flags,
        total,
    )


def d20_band(face: int, total: int, target: int, nat20_succeeds: bool, fumble_faces: int) -> str:
    """Reading 16: the band a d20 face and its total make against the target."""
    if face == 1 and fumble_faces >= 1:
        return FUMBLE
    if total >= target or (nat20_succeeds and face == 20):
        return HIT
    return FUMBLE if face <= fumble_faces else FAIL


# --- table: a ranged lookup on any die ----------------------------------------------------


def roll_table(dice: DiceSource, sides: int, bands: Bands) -> Roll:
    """Roll one d`sides` and name the row (band) its face falls in."""
    (face,) = dice.roll(sides, 1)
    return Roll("table", sides, (face,), (0,), bands.band_for(face), total=face)
