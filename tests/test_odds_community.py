"""Exact odds of the community roll (stat dice), against icepool and against brute force."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearthroll.core.dice.odds import stat_dice_odds
from hearthroll.core.errors import RuleError

TILTS = {"plain": (False, False), "advantage": (True, False), "disadvantage": (False, True)}


def _dice(stat: int, tilt: str) -> tuple[int, bool]:
    """How many d6 the community rolls, and whether it keeps the highest (else the lowest)."""
    if stat <= 0:
        return {"plain": (2, False), "advantage": (1, True), "disadvantage": (3, False)}[tilt]
    if tilt == "disadvantage":
        return stat + 1, False
    return (stat + 1 if tilt == "advantage" else stat), True


def _band(face: int) -> str:
    return "strong" if face == 6 else "weak" if face >= 4 else "miss"


def _brute_force(stat: int, tilt: str, bonus: int) -> dict[str, Fraction]:
    count, highest = _dice(stat, tilt)
    keep = max if highest else min
    bands = Counter(
        _band(min(6, keep(faces) + bonus)) for faces in product(range(1, 7), repeat=count)
    )
    return {band: Fraction(bands[band], 6**count) for band in ("miss", "weak", "strong")}


def _icepool(stat: int, tilt: str, bonus: int) -> dict[str, Fraction]:
    count, highest = _dice(stat, tilt)
    pool = icepool.d6.pool(count)
    kept = (pool.highest(1) if highest else pool.lowest(1)).sum()
    bands = kept.map(lambda face: _band(min(6, face + bonus)))
    return {band: bands.probability(band) for band in ("miss", "weak", "strong")}


def test_community_roll_at_stat_0_keeps_the_lower_of_2d6_strong_1_in_36() -> None:
    odds = stat_dice_odds(0)
    assert odds.band("strong") == Fraction(1, 36)
    assert odds.band("miss") == Fraction(27, 36)


def test_community_roll_at_stat_1_is_one_plain_die() -> None:
    odds = stat_dice_odds(1)
    assert dict(odds.bands) == {
        "miss": Fraction(1, 2),
        "weak": Fraction(1, 3),
        "strong": Fraction(1, 6),
    }


def test_community_roll_below_0_rolls_as_at_0() -> None:
    assert stat_dice_odds(-2) == stat_dice_odds(0)
    assert stat_dice_odds(-1, advantage=True) == stat_dice_odds(0, advantage=True)


def test_community_roll_with_advantage_at_0_is_one_die() -> None:
    assert stat_dice_odds(0, advantage=True) == stat_dice_odds(1)


def test_community_roll_advantage_and_disadvantage_cancel() -> None:
    assert stat_dice_odds(3, advantage=True, disadvantage=True) == stat_dice_odds(3)


def test_community_roll_preparation_turns_a_5_into_a_6() -> None:
    assert stat_dice_odds(1, bonus=1).band("strong") == Fraction(2, 6)
    assert stat_dice_odds(1, bonus=1).band("miss") == Fraction(2, 6)


def test_community_roll_bands_come_in_display_order() -> None:
    assert [band for band, _ in stat_dice_odds(2).bands] == ["miss", "weak", "strong"]


@pytest.mark.parametrize("bonus", [0, 1])
@pytest.mark.parametrize("tilt", TILTS)
@pytest.mark.parametrize("stat", range(-2, 6))
def test_community_roll_matches_icepool(stat: int, tilt: str, bonus: int) -> None:
    advantage, disadvantage = TILTS[tilt]
    odds = stat_dice_odds(stat, advantage=advantage, disadvantage=disadvantage, bonus=bonus)
    assert dict(odds.bands) == _icepool(stat, tilt, bonus)


@pytest.mark.parametrize("bonus", [0, 1])
@pytest.mark.parametrize("tilt", TILTS)
@pytest.mark.parametrize("stat", range(-2, 6))
def test_community_roll_matches_every_face_enumerated(stat: int, tilt: str, bonus: int) -> None:
    advantage, disadvantage = TILTS[tilt]
    odds = stat_dice_odds(stat, advantage=advantage, disadvantage=disadvantage, bonus=bonus)
    assert dict(odds.bands) == _brute_force(stat, tilt, bonus)


@given(
    st.integers(min_value=-5, max_value=12),
    st.booleans(),
    st.booleans(),
    st.integers(min_value=0, max_value=1),
)
def test_community_roll_bands_sum_to_exactly_one(
    stat: int, advantage: bool, disadvantage: bool, bonus: int
) -> None:
    odds = stat_dice_odds(stat, advantage=advantage, disadvantage=disadvantage, bonus=bonus)
    assert sum(p for _, p in odds.bands) == 1


@given(st.integers(min_value=0, max_value=11))
def test_community_roll_higher_stat_never_raises_the_miss(stat: int) -> None:
    assert stat_dice_odds(stat + 1).band("miss") <= stat_dice_odds(stat).band("miss")


def test_community_roll_stat_above_12_is_refused() -> None:
    with pytest.raises(RuleError):
        stat_dice_odds(13)


def test_community_roll_negative_bonus_is_refused() -> None:
    with pytest.raises(RuleError):
        stat_dice_odds(2, bonus=-1)
