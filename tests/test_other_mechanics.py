"""The `sum`, `action`, `d20` and `table` mechanics (readings 14-16) with typed faces."""

import pytest

from hearthroll.core.dice.bands import CRITICAL, FAIL, FUMBLE, HIT, MISS, STRONG, WEAK, bands
from hearthroll.core.dice.mechanics import (
    BURNED,
    CANCELLED,
    MATCH,
    NAT1,
    NAT20,
    burn_momentum,
    roll_action,
    roll_d20,
    roll_sum,
    roll_table,
    score_modifier,
)
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import HearthrollError, RuleError

# sum (reading 14)


@pytest.mark.parametrize(
    ("faces", "mod", "band"),
    [
        ((3, 3), 0, MISS),
        ((3, 3), 1, WEAK),
        ((4, 5), 0, WEAK),
        ((5, 5), 0, STRONG),
        ((6, 6), 0, STRONG),
        ((6, 6), 1, CRITICAL),
        ((1, 1), -3, MISS),
    ],
)
def test_reading14_two_d6_default_bands(faces: tuple[int, int], mod: int, band: str) -> None:
    result = roll_sum(TypedDice(faces), modifier=mod)
    assert result.band == band and result.total == sum(faces) + mod


def test_reading14_take_watch_overrides_the_bands() -> None:
    watch = bands(("miss", None, 6), ("late", 7, 8), ("ready", 9, 9), ("alert", 10, None))
    assert roll_sum(TypedDice((4, 5)), bands=watch).band == "ready"
    assert roll_sum(TypedDice((4, 4)), bands=watch).band == "late"


def test_reading14_advantage_rolls_a_third_die_and_drops_the_lowest() -> None:
    result = roll_sum(TypedDice((2, 6, 5)), advantage=True)
    assert result.kept == (6, 5) and result.dropped == (2,) and result.total == 11


def test_reading14_disadvantage_drops_the_highest() -> None:
    result = roll_sum(TypedDice((2, 6, 5)), disadvantage=True)
    assert result.kept == (2, 5) and result.total == 7


# action (reading 15)


def test_reading15_strong_hit_beats_both_challenge_dice() -> None:
    result = roll_action(TypedDice((4, 3, 5)), 2)
    assert result.score == 6 and result.band == STRONG


def test_reading15_weak_hit_beats_one() -> None:
    assert roll_action(TypedDice((4, 3, 9)), 2).band == WEAK


def test_reading15_ties_go_to_the_challenge_die() -> None:
    assert roll_action(TypedDice((4, 6, 2)), 2).band == WEAK
    assert roll_action(TypedDice((4, 6, 6)), 2).band == MISS


def test_reading15_equal_challenge_dice_are_a_match() -> None:
    result = roll_action(TypedDice((6, 3, 3)), 3)
    assert result.has(MATCH) and result.band == STRONG


def test_reading15_action_score_is_capped_at_ten() -> None:
    result = roll_action(TypedDice((6, 10, 9)), 3, adds=4)
    assert result.score == 10 and result.band == WEAK


def test_reading15_negative_momentum_cancels_an_equal_action_die() -> None:
    result = roll_action(TypedDice((3, 4, 4)), 2, momentum=-3)
    assert result.score == 2 and result.has(CANCELLED) and result.band == MISS
    assert roll_action(TypedDice((4, 4, 4)), 2, momentum=-3).score == 6


def test_reading15_burning_momentum_replaces_the_action_score() -> None:
    result = burn_momentum(roll_action(TypedDice((1, 7, 8)), 1), 9)
    assert result.score == 9 and result.band == STRONG and result.has(BURNED)


def test_reading15_burning_momentum_that_does_not_beat_the_score_is_refused() -> None:
    with pytest.raises(RuleError):
        burn_momentum(roll_action(TypedDice((5, 7, 8)), 2), 4)


# d20 (reading 16)


def test_reading16_meeting_the_target_hits() -> None:
    assert roll_d20(TypedDice((7,)), modifier=2, target=9).band == HIT
    assert roll_d20(TypedDice((6,)), modifier=2, target=9).band == FAIL


def test_reading16_natural_one_is_the_moves_own_miss() -> None:
    result = roll_d20(TypedDice((1,)), modifier=30, target=9)
    assert result.band == FUMBLE and result.has(NAT1)


def test_reading16_natural_twenty_succeeds_only_where_the_move_says() -> None:
    assert roll_d20(TypedDice((20,)), modifier=-12, target=11).band == FAIL
    flee = roll_d20(TypedDice((20,)), modifier=-12, target=11, nat20_succeeds=True)
    assert flee.band == HIT and flee.has(NAT20)


@pytest.mark.parametrize(("score", "mod"), [(10, 0), (11, 0), (12, 1), (9, -1), (8, -1), (3, -4)])
def test_reading16_modifier_from_a_score(score: int, mod: int) -> None:
    assert score_modifier(score) == mod


# table


def test_table_lookup_on_a_d100() -> None:
    harm = bands(
        ("mortal", 1, 10),
        ("dying", 11, 20),
        ("out", 21, 35),
        ("reeling", 36, 50),
        ("standing", 51, 100),
    )
    assert roll_table(TypedDice((35,)), 100, harm).band == "out"
    assert roll_table(TypedDice((100,)), 100, harm).band == "standing"


def test_typed_face_outside_the_die_is_refused() -> None:
    with pytest.raises(HearthrollError, match="d10 has faces 1 to 10"):
        roll_action(TypedDice((3, 11, 2)), 1)


def test_reading16_a_low_miss_can_be_the_moves_own_miss() -> None:
    bash = {"modifier": 0, "target": 11, "fumble_faces": 3}
    assert roll_d20(TypedDice((3,)), **bash).band == FUMBLE  # type: ignore[arg-type]
    assert roll_d20(TypedDice((4,)), **bash).band == FAIL  # type: ignore[arg-type]
    assert roll_d20(TypedDice((3,)), modifier=9, target=11, fumble_faces=3).band == HIT
