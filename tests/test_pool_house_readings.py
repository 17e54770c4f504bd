"""The house pool, pinned reading by reading (DESIGN readings 1-8) with typed faces."""

import pytest

from hearthroll.core.dice.bands import MISS, STRONG, WEAK
from hearthroll.core.dice.mechanics import BUST, ONLY_ONES, roll_pool
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import HearthrollError, TurnError
from hearthroll.core.games import pool_turn as T


def dice(*faces: int) -> TypedDice:
    return TypedDice(faces)


# Reading 1


def test_reading1_nth_risky_move_rolls_n_dice() -> None:
    turn = T.start(level=1, rerolls_left=1)
    turn = T.push(turn, dice(4))
    assert turn.last is not None and len(turn.last.faces) == 1
    turn = T.push(turn, dice(4, 5))
    assert turn.last is not None and len(turn.last.faces) == 2
    turn = T.push(turn, dice(2, 3, 6))
    assert turn.last is not None and turn.last.faces == (2, 3, 6)
    assert turn.next_pool == 4


def test_reading1_pool_resets_after_a_stop() -> None:
    turn = T.push(T.start(2, 2), dice(5))
    turn = T.stop(turn)
    assert turn.pushes == 0 and turn.next_pool == 1


# Reading 2


def test_reading2_advantage_rolls_one_more_and_drops_the_lowest() -> None:
    roll = roll_pool(dice(1, 4, 5), 2, advantage=True)
    assert roll.kept == (4, 5) and roll.dropped == (1,)
    assert roll.band == WEAK


def test_reading2_disadvantage_rolls_one_more_and_drops_the_highest() -> None:
    roll = roll_pool(dice(6, 4, 1), 2, disadvantage=True)
    assert roll.kept == (4, 1) and roll.dropped == (6,)
    assert roll.band == MISS


def test_reading2_advantage_and_disadvantage_cancel() -> None:
    roll = roll_pool(dice(1, 6), 2, advantage=True, disadvantage=True)
    assert roll.faces == (1, 6) and roll.dropped == ()
    assert roll.band == MISS


# Reading 3


def test_reading3_any_kept_one_is_a_bust() -> None:
    roll = roll_pool(dice(6, 1, 6), 3)
    assert roll.band == MISS and roll.has(BUST) and not roll.has(ONLY_ONES)


def test_reading3_every_kept_die_a_one_is_only_ones() -> None:
    roll = roll_pool(dice(1, 1), 2)
    assert roll.has(BUST) and roll.has(ONLY_ONES)
    assert roll_pool(dice(1), 1).has(ONLY_ONES)


def test_reading3_only_ones_looks_at_kept_dice_only() -> None:
    roll = roll_pool(dice(1, 1, 5), 2, disadvantage=True)
    assert roll.kept == (1, 1) and roll.has(ONLY_ONES)


def test_reading3_a_kept_six_is_success_with_a_six() -> None:
    assert roll_pool(dice(2, 6), 2).band == STRONG
    assert roll_pool(dice(2, 5), 2).band == WEAK


def test_reading3_a_dropped_six_does_not_count() -> None:
    roll = roll_pool(dice(6, 3, 2), 2, disadvantage=True)
    assert roll.kept == (3, 2) and roll.band == WEAK


# Reading 4


def test_reading4_reroll_rerolls_only_the_kept_ones() -> None:
    turn = T.push(T.push(T.start(2, 2), dice(5)), dice(1, 6))
    assert turn.status == "bust_pending"
    turn = T.reroll(turn, dice(3))
    assert turn.last is not None
    assert turn.last.faces == (3, 6) and turn.last.band == STRONG
    assert turn.rerolls_left == 1 and turn.status == "open"


def test_reading4_dropped_dice_stay_dropped_on_a_reroll() -> None:
    turn = T.start(1, 1)
    turn = T.push(turn, dice(1, 1), disadvantage=True)
    assert turn.last is not None and turn.last.kept_index == (0,)
    turn = T.reroll(turn, dice(4))
    assert turn.last is not None
    assert turn.last.faces == (4, 1) and turn.last.kept == (4,) and turn.last.band == WEAK


def test_reading4_bust_saved_by_second_reroll() -> None:
    turn = T.push(T.start(2, 2), dice(1))
    turn = T.reroll(turn, dice(1))
    assert turn.status == "bust_pending" and turn.rerolls_left == 1
    turn = T.reroll(turn, dice(6))
    assert turn.status == "open" and turn.rerolls_left == 0
    assert turn.last is not None and turn.last.rerolls_spent == 2
    assert turn.last.history == ((1,), (1,))


def test_reading4_rerolls_per_roll_cap_refuses_a_second_reroll() -> None:
    turn = T.push(T.start(3, 3, rerolls_per_roll=1), dice(1))
    turn = T.reroll(turn, dice(1))
    assert not turn.can_reroll
    with pytest.raises(TurnError, match="accept the bust"):
        T.reroll(turn, dice(6))


def test_reading4_reroll_with_none_left_is_an_error() -> None:
    turn = T.push(T.start(1, 0), dice(1))
    with pytest.raises(TurnError, match="no rerolls left"):
        T.reroll(turn, dice(6))


def test_reading4_reroll_when_not_bust_is_an_error() -> None:
    turn = T.push(T.start(1, 1), dice(4))
    with pytest.raises(TurnError, match="only on a bust"):
        T.reroll(turn, dice(6))


def test_reading4_a_spent_reroll_is_gone_even_when_it_saves_the_bust() -> None:
    turn = T.reroll(T.push(T.start(1, 1), dice(1)), dice(5))
    assert turn.rerolls_left == 0
    assert T.push(turn, dice(3, 3)).rerolls_left == 0


# Reading 5


def test_reading5_final_bust_pays_xp_equal_to_kept_ones() -> None:
    turn = T.push(T.push(T.start(1, 0), dice(4)), dice(1, 1))
    turn, xp = T.accept(turn)
    assert xp == 2 and turn.status == "busted"


def test_reading5_dropped_ones_pay_no_xp() -> None:
    turn = T.push(T.start(1, 0), dice(1, 1, 5), disadvantage=True)
    assert turn.last is not None and turn.last.kept == (1,)
    _, xp = T.accept(turn)
    assert xp == 1


def test_reading5_final_bust_keeps_rerolls_unrefreshed() -> None:
    turn = T.reroll(T.push(T.start(3, 3), dice(1)), dice(1))
    turn, xp = T.accept(turn)
    assert xp == 1 and turn.rerolls_left == 2
    assert T.next_turn(turn).rerolls_left == 2


def test_reading5_push_after_a_final_bust_is_an_error() -> None:
    turn, _ = T.accept(T.push(T.start(1, 0), dice(1)))
    with pytest.raises(TurnError, match="ended with a bust"):
        T.push(turn, dice(4, 4))


def test_reading5_a_bust_must_be_settled_before_the_next_push() -> None:
    turn = T.push(T.start(1, 1), dice(1))
    with pytest.raises(TurnError, match="reroll it or accept it"):
        T.push(turn, dice(3, 3))


def test_reading5_accept_with_no_bust_is_an_error() -> None:
    with pytest.raises(TurnError, match="no bust to accept"):
        T.accept(T.push(T.start(1, 1), dice(2)))


# Reading 6


def test_reading6_stop_refreshes_rerolls_to_level() -> None:
    turn = T.reroll(T.push(T.start(3, 3), dice(1)), dice(4))
    assert turn.rerolls_left == 2
    turn = T.stop(turn)
    assert turn.rerolls_left == 3 and turn.status == "open" and turn.last is None


def test_reading6_a_bust_cannot_be_stopped() -> None:
    turn = T.push(T.start(1, 1), dice(1))
    with pytest.raises(TurnError):
        T.stop(turn)


# Reading 7


def test_reading7_a_level_gained_adds_one_reroll_at_once() -> None:
    turn = T.level_up(T.start(2, 1), 2)
    assert turn.level == 4 and turn.rerolls_left == 3
    assert T.stop(turn).rerolls_left == 4


# Reading 8


def test_reading8_preparation_adds_one_to_a_kept_die_of_choice() -> None:
    turn = T.push(T.push(T.start(1, 1), dice(3)), dice(5, 2))
    turn = T.prepare(turn, 1)
    assert turn.last is not None and turn.last.kept == (6, 2) and turn.last.band == STRONG


def test_reading8_preparation_can_lift_a_kept_one_out_of_a_bust() -> None:
    turn = T.push(T.push(T.start(1, 0), dice(4)), dice(1, 4))
    assert turn.status == "bust_pending"
    turn = T.prepare(turn, 1)
    assert turn.status == "open" and turn.last is not None and turn.last.kept == (2, 4)


def test_reading8_preparation_once_per_roll() -> None:
    turn = T.prepare(T.push(T.push(T.start(1, 1), dice(3)), dice(3, 4)), 1)
    with pytest.raises(HearthrollError, match="once per roll"):
        T.prepare(turn, 2)


def test_reading8_preparation_cannot_raise_a_six() -> None:
    turn = T.push(T.start(1, 1), dice(6))
    with pytest.raises(HearthrollError, match="already shows 6"):
        T.prepare(turn, 1)


def test_reading8_preparation_counts_kept_dice_only() -> None:
    turn = T.push(T.start(1, 1), dice(2, 5), advantage=True)
    assert turn.last is not None and turn.last.kept == (5,)
    with pytest.raises(HearthrollError, match="from 1 to 1"):
        T.prepare(turn, 2)
