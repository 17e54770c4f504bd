"""Dice sources: seeded dice, the GM's typed faces, and the checks on what was typed."""

import pytest

from hearthroll.core.dice.sources import (
    AskingDice,
    RandomDice,
    TypedDice,
    check_faces,
    left_over,
    parse_faces,
)
from hearthroll.core.errors import DiceError


def test_typed_dice_hand_out_faces_in_order() -> None:
    source = TypedDice([3, 1, 6])
    assert source.roll(6, 2) == (3, 1)
    assert source.roll(6) == (6,)
    source.finish()


def test_typed_dice_refuse_a_face_outside_the_die() -> None:
    with pytest.raises(DiceError, match="typed die 2 shows 7, but a d6 has faces 1 to 6"):
        TypedDice([3, 7]).roll(6, 2)


def test_typed_dice_refuse_too_few_faces() -> None:
    with pytest.raises(DiceError, match=r"needs 3 but 2 were typed \(d6 3, d6 4, then 1 more d6\)"):
        TypedDice([3, 4]).roll(6, 3)


def test_too_few_typed_dice_say_which_die_each_face_went_to_and_what_comes_next() -> None:
    source = TypedDice([5])
    assert source.roll(100) == (5,)  # an efficacy check first, then the d20
    with pytest.raises(DiceError, match=r"needs 2 but 1 was typed \(d100 5, then 1 more d20\)"):
        source.roll(20)
    with pytest.raises(DiceError, match=r"needs 2 but 0 were typed \(2 more d6\)"):
        TypedDice([]).roll(6, 2)


def test_typed_dice_refuse_leftover_faces() -> None:
    source = TypedDice([3, 4, 5])
    source.roll(6, 2)
    with pytest.raises(DiceError, match="used 2 but 3 were typed"):
        source.finish()


def test_check_faces_names_the_dice_needed_and_the_faces_typed() -> None:
    with pytest.raises(DiceError, match=r"needs 3 dice \(d6, d6, d4\); 2 typed: 3,4"):
        check_faces((3, 4), (6, 6, 4))
    with pytest.raises(DiceError, match="die 3 is a d4, so it shows 1 to 4, not 5"):
        check_faces((3, 4, 5), (6, 6, 4))
    check_faces((6, 6, 4), (6, 6, 4))


@pytest.mark.parametrize("text", ["3,1,6", "3 1 6", " 3, 1 ,6 "])
def test_parse_faces_reads_commas_and_spaces(text: str) -> None:
    assert parse_faces(text) == (3, 1, 6)


@pytest.mark.parametrize("text", ["", "3,x", "3.5", ",,"])
def test_parse_faces_refuses_what_is_not_a_face(text: str) -> None:
    with pytest.raises(DiceError):
        parse_faces(text)


def test_random_dice_stay_on_the_die() -> None:
    faces = RandomDice(1).roll(20, 500)
    assert min(faces) == 1 and max(faces) == 20
    with pytest.raises(DiceError):
        RandomDice(1).roll(0)


@pytest.mark.parametrize("typed", ["00", "0"])
def test_a_d100_typed_as_00_is_100_everywhere_faces_are_typed(typed: str) -> None:
    faces = parse_faces(f"{typed},15")
    assert TypedDice(faces).roll(100) == (100,)
    assert AskingDice(faces).roll(100) == (100,)
    check_faces(faces, (100, 20))
    behind = AskingDice((), TypedDice(faces))
    assert behind.roll(100) == (100,)
    assert behind.faces == [100]


@pytest.mark.parametrize("sides", [6, 10, 20])
def test_a_0_on_any_other_die_is_refused(sides: int) -> None:
    with pytest.raises(DiceError, match=f"shows 0, but a d{sides} has faces 1 to {sides}"):
        TypedDice([0]).roll(sides)
    with pytest.raises(DiceError, match=f"a d{sides}: it shows 1 to {sides}, not 0"):
        AskingDice([0]).roll(sides)


def test_a_face_typed_for_a_die_not_needed_is_taken_only_where_one_was_typed() -> None:
    typed = TypedDice([90, 15])
    typed.roll(100)
    assert left_over(typed, 20) == 15
    typed.finish()
    behind = AskingDice((), TypedDice([90, 15]))
    behind.roll(100)
    assert left_over(behind, 20) == 15
    assert behind.faces == [90, 15]  # resolved again, the same faces come out
    given = AskingDice([90, 15])
    given.roll(100)
    assert left_over(given, 20) == 15
    assert left_over(AskingDice([90]), 20) is None  # nothing asked for a die not needed
    assert left_over(RandomDice(1), 20) is None  # nothing rolled for it
    assert left_over(TypedDice([90, 25]), 20) is None  # 25 is no d20's: left to be refused
