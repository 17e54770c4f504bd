"""Exact odds for every mechanic: closed forms and counting over faces, never simulation."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache, lru_cache
from math import comb, floor

import attrs

from hearthroll.core.dice.bands import FAIL, FUMBLE, HIT, MISS, STRONG, SUM_2D6, WEAK, Bands
from hearthroll.core.dice.mechanics import action_score, d20_band
from hearthroll.core.errors import RuleError
from hearthroll.core.records import Record

MAX_POOL = 30
"""The largest pool (kept dice) the odds will count."""
MAX_REROLLS = 100
"""The most rerolls the odds will follow through one roll."""
MAX_STAT = 12
"""The largest stat a community roll may use."""
MAX_SUM_DICE = 10
"""The most dice (before advantage) a `sum` roll may count."""
MAX_SUM_SIDES = 100
"""The most sides a `sum` roll's dice may have."""
MAX_TABLE_SIDES = 10_000
"""The most sides a table's die may have."""

_ZERO = Fraction(0)


@attrs.frozen
class Odds(Record):
    """Exact probabilities of a roll's bands (exclusive, summing to 1) and of its flags."""

    bands: tuple[tuple[str, Fraction], ...]
    """Band id and its probability, in display order."""
    flags: tuple[tuple[str, Fraction], ...] = ()
    """Flag id and its probability; flags may overlap each other and any band."""

    def band(self, id: str) -> Fraction:
        """The probability of band `id`; 0 when the roll has no such band."""
        return dict(self.bands).get(id, _ZERO)

    def flag(self, id: str) -> Fraction:
        """The probability of flag `id`; 0 when the roll has no such flag."""
        return dict(self.flags).get(id, _ZERO)

    def as_json(self) -> dict[str, dict[str, str]]:
        """Bands and flags as `{"bands": {id: "p/q"}, "flags": {id: "p/q"}}`."""
        return {
            "bands": {k: str(p) for k, p in self.bands},
            "flags": {k: str(p) for k, p in self.flags},
        }


EFFICACY_FAIL = "efficacy_fail"
"""A d20 move that failed its efficacy check before its d20 was rolled."""


def percent(p: Fraction) -> str:
    """A probability for display with one decimal: "51.8%".

    Rounds half up, but never shows a possible outcome as "0.0%" nor an uncertain one as
    "100.0%": those read "<0.1%" and ">99.9%".
    """
    tenths = floor(p * 1000 + Fraction(1, 2))
    if tenths == 0 and p > 0:
        return "<0.1%"
    if tenths == 1000 and p < 1:
        return ">99.9%"
    return f"{tenths // 10}.{tenths % 10}%"


def _check_range(name: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise RuleError(f"{name} must be from {low} to {high}, not {value}")


def _tilt(advantage: bool, disadvantage: bool) -> int:
    """+1 for advantage, -1 for disadvantage, 0 for neither or both (they cancel)."""
    return int(advantage) - int(disadvantage)


# --- pool -------------------------------------------------------------------------------------

# A pool's state after a roll: (kept dice showing 1, whether a kept die other than those shows 6).
_PoolState = tuple[int, bool]


def pool_odds(
    n: int,
    *,
    advantage: bool = False,
    disadvantage: bool = False,
    rerolls: int = 0,
    rerolls_per_roll: int | None = None,
) -> Odds:
    """Odds of the house pool of `n` dice, spending up to `rerolls` rerolls while busting.

    Bands: `miss` (a final bust), `weak` (success with no 6), `strong` (success with a 6).
    Flag `only_ones`: the final roll is a bust with every kept die showing 1.
    """
    _check_range("the number of dice in a pool", n, 1, MAX_POOL)
    _check_range("rerolls", rerolls, 0, MAX_REROLLS)
    spend = rerolls
    if rerolls_per_roll is not None:
        _check_range("rerolls per roll", rerolls_per_roll, 0, MAX_REROLLS)
        spend = min(spend, rerolls_per_roll)
    return _pool_odds(n, _tilt(advantage, disadvantage), spend)


@cache
def _pool_odds(n: int, tilt: int, spend: int) -> Odds:
    # Ways are counted over a denominator that grows by 6**n with each reroll spent, as if
    # every kept die were rolled again; the states carried are the busting ones only.
    denominator = 6 ** (n if tilt == 0 else n + 1)
    busting: dict[_PoolState, int] = {}
    weak = strong = 0
    for (ones, six), ways in _pool_first_roll(n, tilt).items():
        if ones:
            busting[(ones, six)] = ways
        elif six:
            strong = ways
        else:
            weak = ways
    for _ in range(spend):
        if not busting:
            break
        again = 6**n
        denominator *= again
        weak *= again
        strong *= again
        after: dict[_PoolState, int] = {}
        for (ones, six), ways in busting.items():
            for (new_ones, new_six), more in _reroll_ways(n, ones, six).items():
                if new_ones:
                    state = (new_ones, new_six)
                    after[state] = after.get(state, 0) + ways * more
                elif new_six:
                    strong += ways * more
                else:
                    weak += ways * more
        busting = after
    miss = sum(busting.values())
    only_ones = busting.get((n, False), 0)
    return Odds(
        bands=(
            (MISS, Fraction(miss, denominator)),
            (WEAK, Fraction(weak, denominator)),
            (STRONG, Fraction(strong, denominator)),
        ),
        flags=(("only_ones", Fraction(only_ones, denominator)),),
    )


@cache
def _pool_first_roll(n: int, tilt: int) -> dict[_PoolState, int]:
    """Ways the first roll leaves each state, counted over (1s, 6s, others) among the dice rolled.

    Out of 6**n rolls, or 6**(n+1) with advantage or disadvantage.
    """
    rolled = n if tilt == 0 else n + 1
    states: dict[_PoolState, int] = {}
    for ones in range(rolled + 1):
        for sixes in range(rolled - ones + 1):
            middles = rolled - ones - sixes
            ways = comb(rolled, ones) * comb(rolled - ones, sixes) * 4**middles
            state = _keep(ones, sixes, middles, tilt)
            states[state] = states.get(state, 0) + ways
    return states


def _keep(ones: int, sixes: int, middles: int, tilt: int) -> _PoolState:
    """The kept dice's state once the lowest (tilt +1) or the highest (tilt -1) die is dropped."""
    if tilt > 0:
        if ones:
            return ones - 1, sixes > 0
        return 0, sixes > 0  # a middle or, if every die is 6, one of several 6s is dropped
    if tilt < 0:
        if sixes:
            return ones, sixes > 1
        if middles:
            return ones, False
        return ones - 1, False
    return ones, sixes > 0


@cache
def _reroll_ways(n: int, ones: int, six: bool) -> dict[_PoolState, int]:
    """Ways a reroll of `ones` kept 1s (of n kept dice) leaves each state, out of 6**n.

    The other kept dice keep their faces, so a 6 among them (`six`) stays.
    """
    scale = 6 ** (n - ones)
    outcomes: dict[_PoolState, int] = {}
    for new_ones in range(ones + 1):
        rest = ones - new_ones
        base = comb(ones, new_ones) * scale
        no_six, with_six = base * 4**rest, base * (5**rest - 4**rest)
        if six:
            outcomes[(new_ones, True)] = no_six + with_six
        else:
            outcomes[(new_ones, False)] = no_six
            if with_six:
                outcomes[(new_ones, True)] = with_six
    return outcomes


# --- stat dice --------------------------------------------------------------------------------


def stat_dice_odds(
    stat: int, *, advantage: bool = False, disadvantage: bool = False, bonus: int = 0
) -> Odds:
    """Odds of the community roll on `stat`, with `bonus` (a Preparation +1) added to the kept die.

    Bands by the kept die (capped at 6): 6 `strong`, 4–5 `weak`, 1–3 `miss`.
    """
    if stat > MAX_STAT:
        raise RuleError(f"a community roll's stat must be at most {MAX_STAT}, not {stat}")
    _check_range("a bonus to the kept die", bonus, 0, 5)
    return _stat_dice_odds(max(stat, 0), _tilt(advantage, disadvantage), bonus)


@cache
def _stat_dice_odds(stat: int, tilt: int, bonus: int) -> Odds:
    faces = _kept_die(stat, tilt)
    totals = [_ZERO] * 7
    for face, p in enumerate(faces):
        totals[min(6, face + bonus)] += p
    return Odds(
        bands=(
            (MISS, totals[1] + totals[2] + totals[3]),
            (WEAK, totals[4] + totals[5]),
            (STRONG, totals[6]),
        )
    )


def _kept_die(stat: int, tilt: int) -> list[Fraction]:
    """Probability of each face 0..6 (0 never) of the die the community roll keeps."""
    if stat == 0:
        dice, highest = {1: (1, True), 0: (2, False), -1: (3, False)}[tilt]
    elif tilt < 0:
        dice, highest = stat + 1, False
    else:
        dice, highest = stat + tilt, True
    if highest:  # P(kept <= x) = (x/6)^dice
        at_most = [Fraction(x**dice, 6**dice) for x in range(7)]
    else:  # P(kept <= x) = 1 - ((6-x)/6)^dice
        at_most = [1 - Fraction((6 - x) ** dice, 6**dice) for x in range(7)]
    return [_ZERO] + [at_most[x] - at_most[x - 1] for x in range(1, 7)]


# --- sum --------------------------------------------------------------------------------------


def sum_odds(
    count: int,
    sides: int,
    *,
    modifier: int = 0,
    bands: Bands = SUM_2D6,
    advantage: bool = False,
    disadvantage: bool = False,
) -> Odds:
    """Odds of `count`d`sides` + `modifier`, banded by total; every band of `bands` is listed."""
    _check_range("the number of dice in a sum", count, 1, MAX_SUM_DICE)
    _check_range("a die's sides", sides, 1, MAX_SUM_SIDES)
    return _sum_odds(count, sides, modifier, bands, _tilt(advantage, disadvantage))


@lru_cache(maxsize=1024)
def _sum_odds(count: int, sides: int, modifier: int, bands: Bands, tilt: int) -> Odds:
    ways = _kept_sum_ways(count, sides, tilt)
    total_ways = sides ** (count if tilt == 0 else count + 1)
    by_band = dict.fromkeys(bands.ids(), 0)
    for kept, n in ways.items():
        band = bands.band_for(kept + modifier)
        by_band[band] += n
    return Odds(bands=tuple((b, Fraction(n, total_ways)) for b, n in by_band.items()))


@lru_cache(maxsize=256)
def _kept_sum_ways(count: int, sides: int, tilt: int) -> dict[int, int]:
    """Ways to make each kept total: all dice, or count+1 dice less the lowest / highest.

    Counts are coefficients of polynomials in x (x^t for a kept total t), each polynomial
    evaluated at a power of two wide enough that no coefficient spills into the next, so
    Python's integer arithmetic multiplies them. Rolls whose lowest die is exactly v are
    (x^v + ... + x^S)^N - (x^(v+1) + ... + x^S)^N; dropping that die divides by x^v.
    """
    rolled = count if tilt == 0 else count + 1
    width = -(-(rolled * sides.bit_length() + 1) // 8)  # bytes per coefficient
    bits = 8 * width
    one = (1).to_bytes(width, "little")

    def power(m: int) -> int:
        """(x + ... + x^m)^rolled, evaluated."""
        evaluated: int = (int.from_bytes(one * m, "little") << bits) ** rolled
        return evaluated

    if tilt == 0:
        encoded = power(sides)
    else:
        # Rolls with every die in v..S are x^(rolled*(v-1)) (x + ... + x^(S-v+1))^rolled.
        powers = [power(m) for m in range(sides + 1)]
        encoded = 0
        for v in range(1, sides + 1):
            if tilt > 0:  # the lowest die is exactly v
                exact = powers[sides - v + 1] - (powers[sides - v] << (bits * rolled))
                shift = rolled * (v - 1) - v  # only -1, at v = 1 (every term has x^rolled)
                encoded += exact << (bits * shift) if shift >= 0 else exact >> bits
            else:  # the highest die is exactly v
                encoded += (powers[v] - powers[v - 1]) >> (bits * v)
    raw = encoded.to_bytes(-(-encoded.bit_length() // bits) * width, "little")
    ways: dict[int, int] = {}
    for total in range(len(raw) // width):
        n = int.from_bytes(raw[total * width : (total + 1) * width], "little")
        if n:
            ways[total] = n
    return ways


# --- action -----------------------------------------------------------------------------------


def action_odds(stat: int, *, adds: int = 0, momentum: int = 0, cap: int = 10) -> Odds:
    """Odds of an action roll: min(cap, d6 + stat + adds) against two d10 challenge dice.

    With negative momentum, an action die equal to -momentum counts as 0. Bands: `miss`,
    `weak`, `strong`; flags `match` (challenge dice equal), `strong_match`, `miss_match`.
    """
    _check_range("momentum", momentum, -6, 10)
    return _action_odds(stat + adds, momentum, cap)


@cache
def _action_odds(base: int, momentum: int, cap: int) -> Odds:
    # Counted over the 6 * 10 * 10 equally likely (action die, challenge die, challenge die).
    miss = weak = strong = strong_match = miss_match = 0
    for die in range(1, 7):
        score = action_score(die, base, 0, momentum, cap)
        below = max(0, min(10, score - 1))  # challenge faces the score beats
        above = 10 - below
        strong += below * below
        weak += 2 * below * above
        miss += above * above
        strong_match += below
        miss_match += above
    return Odds(
        bands=(
            (MISS, Fraction(miss, 600)),
            (WEAK, Fraction(weak, 600)),
            (STRONG, Fraction(strong, 600)),
        ),
        flags=(
            ("match", Fraction(1, 10)),
            ("strong_match", Fraction(strong_match, 600)),
            ("miss_match", Fraction(miss_match, 600)),
        ),
    )


def action_burn_odds(stat: int, *, adds: int = 0, momentum: int = 0, cap: int = 10) -> Odds:
    """Odds of an action roll when momentum is burned whenever that improves the band
    (reading 27: positive momentum above the action score replaces it)."""
    _check_range("momentum", momentum, -6, 10)
    return _action_burn_odds(stat + adds, momentum, cap)


@cache
def _action_burn_odds(base: int, momentum: int, cap: int) -> Odds:
    ways = {MISS: 0, WEAK: 0, STRONG: 0}
    order = (MISS, WEAK, STRONG)
    for die in range(1, 7):
        score = action_score(die, base, 0, momentum, cap)
        for c1 in range(1, 11):
            for c2 in range(1, 11):
                beaten = (score > c1) + (score > c2)
                if momentum > 0 and momentum > score:
                    beaten = max(beaten, (momentum > c1) + (momentum > c2))
                ways[order[beaten]] += 1
    return Odds(bands=tuple((band, Fraction(ways[band], 600)) for band in order))


def progress_odds(boxes: int) -> Odds:
    """Odds of a progress roll: full boxes (0-10) against two d10; ties go to the dice."""
    _check_range("boxes", boxes, 0, 10)
    below = max(0, boxes - 1)
    above = 10 - below
    return Odds(
        bands=(
            (MISS, Fraction(above * above, 100)),
            (WEAK, Fraction(2 * below * above, 100)),
            (STRONG, Fraction(below * below, 100)),
        ),
        flags=(("match", Fraction(1, 10)),),
    )


# --- d20 --------------------------------------------------------------------------------------


def d20_odds(
    *,
    modifier: int,
    target: int,
    nat20_succeeds: bool = False,
    fumble_faces: int = 1,
    efficacy: int | None = None,
    efficacy_die: int = 100,
) -> Odds:
    """Odds of d20 + `modifier` against `target`: a natural 1 is a `fumble`, else `hit` or `fail`.

    With `nat20_succeeds`, a natural 20 always hits; a miss on a die of 2 to `fumble_faces`
    is a fumble too; with `fumble_faces` 0 there is no fumble (a natural 1 is read by its
    total). With `efficacy`, the d20 is rolled only when d`efficacy_die` ≤ efficacy
    comes first (reading 16); otherwise the band is `efficacy_fail`. Flags: `nat20`, `nat1`.
    """
    judged = [
        d20_band(die, die + modifier, target, nat20_succeeds, fumble_faces) for die in range(1, 21)
    ]
    hits, fumbles = judged.count(HIT), judged.count(FUMBLE)
    if efficacy is None:
        checked = Fraction(1)
    else:
        _check_range("the efficacy die's sides", efficacy_die, 1, MAX_TABLE_SIDES)
        checked = Fraction(max(0, min(efficacy, efficacy_die)), efficacy_die)
    bands: tuple[tuple[str, Fraction], ...] = (
        (FUMBLE, checked * Fraction(fumbles, 20)),
        (FAIL, checked * Fraction(20 - hits - fumbles, 20)),
        (HIT, checked * Fraction(hits, 20)),
    )
    if efficacy is not None:
        bands = ((EFFICACY_FAIL, 1 - checked), *bands)
    return Odds(
        bands=bands,
        flags=(("nat20", checked / 20), ("nat1", checked / 20)),
    )


# --- table ------------------------------------------------------------------------------------


def table_odds(sides: int, rows: Sequence[tuple[int, int]]) -> tuple[Fraction, ...]:
    """The probability of each (low, high) row on a d`sides`, the row clipped to 1..`sides`."""
    _check_range("a die's sides", sides, 1, MAX_TABLE_SIDES)
    return tuple(Fraction(max(0, min(high, sides) - max(low, 1) + 1), sides) for low, high in rows)
