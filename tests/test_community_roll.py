"""The house community roll (stat dice), pinned by readings 9 and 10 with typed faces."""

import pytest

from hearthroll.core.dice.bands import MISS, STRONG, WEAK
from hearthroll.core.dice.mechanics import roll_stat_dice, stat_dice_plan
from hearthroll.core.dice.sources import TypedDice


def roll(stat: int, *faces: int, adv: bool = False, dis: bool = False, bonus: int = 0):  # type: ignore[no-untyped-def]
    source = TypedDice(faces)
    result = roll_stat_dice(source, stat, advantage=adv, disadvantage=dis, bonus=bonus)
    source.finish()  # the roll used exactly the typed dice
    return result


def test_reading9_roll_stat_dice_and_keep_the_highest() -> None:
    result = roll(3, 2, 5, 4)
    assert result.kept == (5,) and result.dropped == (2, 4) and result.band == WEAK


def test_reading9_stat_zero_rolls_two_and_keeps_the_lowest() -> None:
    result = roll(0, 6, 3)
    assert result.kept == (3,) and result.band == MISS


def test_reading9_negative_stat_is_treated_like_zero() -> None:
    assert roll(-1, 6, 6).band == STRONG
    assert stat_dice_plan(-2) == (2, False)


def test_reading9_advantage_adds_a_die() -> None:
    assert roll(2, 1, 2, 6, adv=True).kept == (6,)


def test_reading9_advantage_at_zero_rolls_one_die() -> None:
    result = roll(0, 5, adv=True)
    assert result.faces == (5,) and result.kept == (5,) and result.band == WEAK


def test_reading9_disadvantage_adds_a_die_and_keeps_the_lowest() -> None:
    result = roll(2, 6, 6, 3, dis=True)
    assert result.kept == (3,) and result.band == MISS


def test_reading9_disadvantage_at_zero_rolls_three_and_keeps_the_lowest() -> None:
    result = roll(0, 6, 5, 4, dis=True)
    assert result.kept == (4,) and result.band == WEAK


def test_reading9_advantage_and_disadvantage_cancel() -> None:
    assert roll(2, 1, 6, adv=True, dis=True).kept == (6,)


@pytest.mark.parametrize(
    ("face", "band"), [(1, MISS), (3, MISS), (4, WEAK), (5, WEAK), (6, STRONG)]
)
def test_reading10_bands_are_six_four_to_five_one_to_three(face: int, band: str) -> None:
    assert roll(1, face).band == band


def test_reading8_preparation_adds_one_to_the_kept_die() -> None:
    result = roll(1, 5, bonus=1)
    assert result.total == 6 and result.band == STRONG
    assert roll(1, 6, bonus=1).total == 6
