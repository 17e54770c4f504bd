"""Properties of the engine over every face: Hypothesis, and exhaustive small pools."""

import itertools

from hypothesis import given
from hypothesis import strategies as st

from hearthroll.core.dice.bands import MISS, STRONG, WEAK
from hearthroll.core.dice.mechanics import (
    BUST,
    ONLY_ONES,
    roll_action,
    roll_pool,
    roll_stat_dice,
    roll_sum,
)
from hearthroll.core.dice.sources import RandomDice, TypedDice
from hearthroll.core.games import pool_turn as T

RANK = {MISS: 0, WEAK: 1, STRONG: 2, "critical": 3}
faces6 = st.integers(1, 6)


@st.composite
def pool_case(draw: st.DrawFn) -> tuple[int, bool, bool, tuple[int, ...]]:
    size = draw(st.integers(1, 8))
    adv, dis = draw(st.booleans()), draw(st.booleans())
    extra = 1 if adv != dis else 0
    faces = tuple(draw(st.lists(faces6, min_size=size + extra, max_size=size + extra)))
    return size, adv, dis, faces


@given(pool_case())
def test_pool_bust_iff_a_kept_one(case: tuple[int, bool, bool, tuple[int, ...]]) -> None:
    size, adv, dis, faces = case
    roll = roll_pool(TypedDice(faces), size, advantage=adv, disadvantage=dis)
    assert len(roll.kept) == size
    assert roll.has(BUST) == (1 in roll.kept)
    assert roll.has(ONLY_ONES) == all(f == 1 for f in roll.kept)


@given(pool_case())
def test_typed_pool_reproduces_its_faces(case: tuple[int, bool, bool, tuple[int, ...]]) -> None:
    size, adv, dis, faces = case
    roll = roll_pool(TypedDice(faces), size, advantage=adv, disadvantage=dis)
    assert roll.faces == faces
    assert sorted(roll.kept + roll.dropped) == sorted(faces)


@given(pool_case(), st.data())
def test_pool_band_is_monotone_in_the_faces(
    case: tuple[int, bool, bool, tuple[int, ...]], data: st.DataObject
) -> None:
    size, adv, dis, faces = case
    index = data.draw(st.integers(0, len(faces) - 1))
    higher = data.draw(st.integers(faces[index], 6))
    raised = (*faces[:index], higher, *faces[index + 1 :])
    low = roll_pool(TypedDice(faces), size, advantage=adv, disadvantage=dis)
    high = roll_pool(TypedDice(raised), size, advantage=adv, disadvantage=dis)
    assert RANK[high.band] >= RANK[low.band]


@given(st.integers(-2, 6), st.booleans(), st.booleans(), st.data())
def test_stat_dice_band_is_monotone_in_the_faces(
    stat: int, adv: bool, dis: bool, data: st.DataObject
) -> None:
    probe = TypedDice([6] * 12)
    roll_stat_dice(probe, stat, advantage=adv, disadvantage=dis)
    faces = tuple(data.draw(st.lists(faces6, min_size=probe.used, max_size=probe.used)))
    index = data.draw(st.integers(0, len(faces) - 1))
    raised = (*faces[:index], data.draw(st.integers(faces[index], 6)), *faces[index + 1 :])
    low = roll_stat_dice(TypedDice(faces), stat, advantage=adv, disadvantage=dis)
    high = roll_stat_dice(TypedDice(raised), stat, advantage=adv, disadvantage=dis)
    assert RANK[high.band] >= RANK[low.band]
    assert low.faces == faces


@given(st.lists(faces6, min_size=2, max_size=2), st.integers(-3, 4), st.integers(0, 1))
def test_sum_band_is_monotone_in_the_faces(faces: list[int], mod: int, index: int) -> None:
    raised = list(faces)
    raised[index] = 6
    low, high = roll_sum(TypedDice(faces), modifier=mod), roll_sum(TypedDice(raised), modifier=mod)
    assert RANK[high.band] >= RANK[low.band]


@given(faces6, st.integers(1, 10), st.integers(1, 10), st.integers(0, 3), st.integers(0, 3))
def test_action_band_is_monotone_in_the_action_die(
    die: int, c1: int, c2: int, stat: int, adds: int
) -> None:
    low = roll_action(TypedDice((die, c1, c2)), stat, adds=adds)
    high = roll_action(TypedDice((6, c1, c2)), stat, adds=adds)
    assert RANK[high.band] >= RANK[low.band]


@given(pool_case())
def test_xp_equals_the_kept_ones_of_the_final_bust(
    case: tuple[int, bool, bool, tuple[int, ...]],
) -> None:
    size, adv, dis, faces = case
    turn = T.Turn(level=1, rerolls_left=0, pushes=size - 1)
    turn = T.push(turn, TypedDice(faces), advantage=adv, disadvantage=dis)
    assert turn.last is not None
    if turn.status == "bust_pending":
        _, xp = T.accept(turn)
        assert xp == sum(1 for f in turn.last.kept if f == 1) > 0
    else:
        assert 1 not in turn.last.kept


@given(st.integers(0, 2**32), st.integers(1, 8))
def test_random_dice_are_repeatable_from_a_seed(seed: int, size: int) -> None:
    first = roll_pool(RandomDice(seed), size)
    again = roll_pool(RandomDice(seed), size)
    assert first == again
    assert all(1 <= f <= 6 for f in first.faces)


def test_every_face_combination_of_small_pools_is_judged_by_reading3() -> None:
    for size in range(1, 5):
        for faces in itertools.product(range(1, 7), repeat=size):
            band = roll_pool(TypedDice(faces), size).band
            expected = MISS if 1 in faces else STRONG if 6 in faces else WEAK
            assert band == expected, faces
