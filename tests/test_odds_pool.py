"""Exact odds of the house push-your-luck pool, against icepool and against brute force."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearthroll.core.dice.odds import Odds, percent, pool_odds
from hearthroll.core.errors import RuleError

FACES = range(1, 7)
TILTS = {"plain": (False, False), "advantage": (True, False), "disadvantage": (False, True)}


def _judge(kept: tuple[int, ...]) -> str:
    if 1 in kept:
        return "miss"
    return "strong" if 6 in kept else "weak"


def _keep(faces: tuple[int, ...], tilt: str) -> tuple[int, ...]:
    ordered = tuple(sorted(faces))
    if tilt == "advantage":
        return ordered[1:]
    if tilt == "disadvantage":
        return ordered[:-1]
    return ordered


@cache
def _settle(kept: tuple[int, ...], rerolls: int) -> dict[str, Fraction]:
    """Final outcomes of sorted kept faces, rerolling every 1 while busting and rerolls last."""
    ones = kept.count(1)
    if not ones or not rerolls:
        outcome = {_judge(kept): Fraction(1)}
        if ones == len(kept):
            outcome["only_ones"] = Fraction(1)
        return outcome
    others = kept[ones:]
    total: dict[str, Fraction] = {}
    for fresh in product(FACES, repeat=ones):
        for key, p in _settle(tuple(sorted(others + fresh)), rerolls - 1).items():
            total[key] = total.get(key, Fraction()) + p / 6**ones
    return total


def _brute_force(n: int, tilt: str, rerolls: int) -> dict[str, Fraction]:
    """Every face of every die rolled, then every face of every reroll."""
    rolled = n if tilt == "plain" else n + 1
    kept_counts = Counter(_keep(faces, tilt) for faces in product(FACES, repeat=rolled))
    result: dict[str, Fraction] = dict.fromkeys(("miss", "weak", "strong", "only_ones"), Fraction())
    for kept, ways in kept_counts.items():
        for key, p in _settle(kept, rerolls).items():
            result[key] += Fraction(ways, 6**rolled) * p
    return result


def _icepool_pool(n: int, tilt: str) -> dict[str, Fraction]:
    pool = icepool.d6.pool(n if tilt == "plain" else n + 1)
    if tilt == "advantage":
        pool = pool.highest(n)
    elif tilt == "disadvantage":
        pool = pool.lowest(n)
    kept = pool.expand()
    bands = kept.map(_judge)
    only_ones = kept.map(lambda faces: all(f == 1 for f in faces))
    return {
        "miss": bands.probability("miss"),
        "weak": bands.probability("weak"),
        "strong": bands.probability("strong"),
        "only_ones": only_ones.probability(True),
    }


def _as_dict(odds: Odds) -> dict[str, Fraction]:
    return {**dict(odds.bands), "only_ones": odds.flag("only_ones")}


# --- pinned values ----------------------------------------------------------------------------


def test_pool_of_four_busts_671_in_1296() -> None:
    assert pool_odds(4).band("miss") == Fraction(671, 1296)


def test_pool_of_one_is_strong_on_a_6_and_weak_on_2_to_5() -> None:
    odds = pool_odds(1)
    assert odds.band("strong") == Fraction(1, 6)
    assert odds.band("weak") == Fraction(4, 6)
    assert odds.band("miss") == Fraction(1, 6)


def test_pool_of_one_bust_is_always_only_ones() -> None:
    assert pool_odds(1).flag("only_ones") == Fraction(1, 6)


def test_pool_of_four_one_reroll_reads_as_the_tray_shows_it() -> None:
    assert percent(pool_odds(4).band("miss")) == "51.8%"
    assert percent(pool_odds(4, rerolls=1).band("miss")) == "10.7%"


def test_pool_bands_come_in_display_order() -> None:
    assert [band for band, _ in pool_odds(3).bands] == ["miss", "weak", "strong"]


def test_pool_advantage_and_disadvantage_cancel() -> None:
    assert pool_odds(5, advantage=True, disadvantage=True) == pool_odds(5)


def test_pool_rerolls_per_roll_caps_the_rerolls_spent() -> None:
    assert pool_odds(4, rerolls=3, rerolls_per_roll=1) == pool_odds(4, rerolls=1)
    assert pool_odds(4, rerolls=3, rerolls_per_roll=0) == pool_odds(4)
    assert pool_odds(4, rerolls=1, rerolls_per_roll=5) == pool_odds(4, rerolls=1)


def test_pool_single_reroll_of_one_die_saves_five_in_six() -> None:
    assert pool_odds(1, rerolls=1).band("miss") == Fraction(1, 36)


# --- oracles ----------------------------------------------------------------------------------


@pytest.mark.parametrize("tilt", TILTS)
@pytest.mark.parametrize("n", range(1, 9))
def test_pool_matches_icepool(n: int, tilt: str) -> None:
    advantage, disadvantage = TILTS[tilt]
    odds = pool_odds(n, advantage=advantage, disadvantage=disadvantage)
    assert _as_dict(odds) == _icepool_pool(n, tilt)


@pytest.mark.parametrize("tilt", TILTS)
@pytest.mark.parametrize("n", range(1, 6))
def test_pool_matches_every_face_enumerated(n: int, tilt: str) -> None:
    advantage, disadvantage = TILTS[tilt]
    odds = pool_odds(n, advantage=advantage, disadvantage=disadvantage)
    assert _as_dict(odds) == _brute_force(n, tilt, 0)


@pytest.mark.parametrize("rerolls", range(3))
@pytest.mark.parametrize("tilt", TILTS)
@pytest.mark.parametrize("n", range(1, 5))
def test_pool_rerolls_of_kept_ones_match_every_face_enumerated(
    n: int, tilt: str, rerolls: int
) -> None:
    advantage, disadvantage = TILTS[tilt]
    odds = pool_odds(n, advantage=advantage, disadvantage=disadvantage, rerolls=rerolls)
    assert _as_dict(odds) == _brute_force(n, tilt, rerolls)


# --- properties -------------------------------------------------------------------------------

pools = st.integers(min_value=1, max_value=12)
rerolls = st.integers(min_value=0, max_value=6)
tilts = st.sampled_from(list(TILTS.values()))


@given(pools, rerolls, tilts)
def test_pool_bands_sum_to_exactly_one(n: int, spend: int, tilt: tuple[bool, bool]) -> None:
    odds = pool_odds(n, advantage=tilt[0], disadvantage=tilt[1], rerolls=spend)
    assert sum(p for _, p in odds.bands) == 1
    assert all(0 <= p <= 1 for _, p in odds.bands)
    assert 0 <= odds.flag("only_ones") <= odds.band("miss")


@given(pools, rerolls, tilts)
def test_pool_bust_grows_with_every_die_pushed(n: int, spend: int, tilt: tuple[bool, bool]) -> None:
    def miss(dice: int) -> Fraction:
        return pool_odds(dice, advantage=tilt[0], disadvantage=tilt[1], rerolls=spend).band("miss")

    assert miss(n) <= miss(n + 1)


@given(pools, rerolls, tilts)
def test_pool_bust_shrinks_with_every_reroll(n: int, spend: int, tilt: tuple[bool, bool]) -> None:
    def miss(spent: int) -> Fraction:
        return pool_odds(n, advantage=tilt[0], disadvantage=tilt[1], rerolls=spent).band("miss")

    assert miss(spend + 1) <= miss(spend)


@given(pools, rerolls)
def test_pool_advantage_never_raises_the_bust_and_disadvantage_never_lowers_it(
    n: int, spend: int
) -> None:
    plain = pool_odds(n, rerolls=spend).band("miss")
    assert pool_odds(n, advantage=True, rerolls=spend).band("miss") <= plain
    assert pool_odds(n, disadvantage=True, rerolls=spend).band("miss") >= plain


# --- errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [0, -1])
def test_pool_of_no_dice_is_refused(n: int) -> None:
    with pytest.raises(RuleError):
        pool_odds(n)


def test_pool_negative_rerolls_are_refused() -> None:
    with pytest.raises(RuleError):
        pool_odds(3, rerolls=-1)
    with pytest.raises(RuleError):
        pool_odds(3, rerolls=1, rerolls_per_roll=-1)
