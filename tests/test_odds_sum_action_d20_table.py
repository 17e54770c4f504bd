"""Exact odds of sum, action, d20 and table rolls, the Odds value, and percent for display."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearthroll.core.dice.bands import SUM_2D6, Bands, bands
from hearthroll.core.dice.odds import (
    action_odds,
    d20_odds,
    percent,
    sum_odds,
    table_odds,
)
from hearthroll.core.errors import RuleError

TILTS = {"plain": (False, False), "advantage": (True, False), "disadvantage": (False, True)}


def _icepool_sum(
    count: int, sides: int, modifier: int, tilt: str, spec: Bands
) -> dict[str, Fraction]:
    die = icepool.Die(range(1, sides + 1))
    if tilt == "plain":
        total = die.pool(count).sum()
    elif tilt == "advantage":
        total = die.pool(count + 1).highest(count).sum()
    else:
        total = die.pool(count + 1).lowest(count).sum()
    banded = (total + modifier).map(spec.band_for)
    return {band: banded.probability(band) for band in spec.ids()}


# --- sum --------------------------------------------------------------------------------------


def test_sum_2d6_bands_are_6_down_7_to_9_10_to_12_and_13_up() -> None:
    odds = sum_odds(2, 6)
    assert [band for band, _ in odds.bands] == ["miss", "weak", "strong", "critical"]
    assert odds.band("miss") == Fraction(15, 36)
    assert odds.band("weak") == Fraction(15, 36)
    assert odds.band("strong") == Fraction(6, 36)
    assert odds.band("critical") == 0


def test_sum_2d6_plus_1_reaches_13_on_boxcars() -> None:
    assert sum_odds(2, 6, modifier=1).band("critical") == Fraction(1, 36)


def test_sum_advantage_and_disadvantage_cancel() -> None:
    assert sum_odds(2, 6, advantage=True, disadvantage=True) == sum_odds(2, 6)


@pytest.mark.parametrize("tilt", TILTS)
@pytest.mark.parametrize("modifier", range(-3, 5))
def test_sum_2d6_matches_icepool(modifier: int, tilt: str) -> None:
    advantage, disadvantage = TILTS[tilt]
    odds = sum_odds(2, 6, modifier=modifier, advantage=advantage, disadvantage=disadvantage)
    assert dict(odds.bands) == _icepool_sum(2, 6, modifier, tilt, SUM_2D6)


TAKE_WATCH_LIKE = bands(("bad", None, 5), ("so_so", 6, 8), ("good", 9, 10), ("great", 11, None))
D20_CHECK = bands(("fail", None, 11), ("hit", 12, None))


@pytest.mark.parametrize("tilt", TILTS)
@pytest.mark.parametrize(
    ("count", "sides", "modifier", "spec"),
    [
        (3, 4, 0, TAKE_WATCH_LIKE),
        (3, 4, -1, TAKE_WATCH_LIKE),
        (1, 20, 2, D20_CHECK),
        (1, 20, -3, D20_CHECK),
        (4, 10, 0, bands(("low", None, 15), ("high", 16, None))),
    ],
)
def test_sum_of_other_dice_with_their_own_bands_matches_icepool(
    count: int, sides: int, modifier: int, spec: Bands, tilt: str
) -> None:
    advantage, disadvantage = TILTS[tilt]
    odds = sum_odds(
        count,
        sides,
        modifier=modifier,
        bands=spec,
        advantage=advantage,
        disadvantage=disadvantage,
    )
    assert dict(odds.bands) == _icepool_sum(count, sides, modifier, tilt, spec)


@pytest.mark.parametrize("tilt", TILTS)
@pytest.mark.parametrize(("count", "sides"), [(1, 20), (3, 8), (10, 7), (2, 1), (1, 100)])
def test_sum_every_kept_total_matches_icepool(count: int, sides: int, tilt: str) -> None:
    one_band_per_total = bands(*((str(t), t, t) for t in range(count, count * sides + 1)))
    advantage, disadvantage = TILTS[tilt]
    odds = sum_odds(
        count, sides, bands=one_band_per_total, advantage=advantage, disadvantage=disadvantage
    )
    assert dict(odds.bands) == _icepool_sum(count, sides, 0, tilt, one_band_per_total)


def test_sum_lists_every_band_even_the_impossible_ones() -> None:
    odds = sum_odds(1, 4, bands=TAKE_WATCH_LIKE)
    assert [band for band, _ in odds.bands] == ["bad", "so_so", "good", "great"]
    assert odds.band("great") == 0


@given(
    st.integers(min_value=1, max_value=6),
    st.sampled_from([1, 2, 4, 6, 8, 10, 12, 20]),
    st.integers(min_value=-10, max_value=10),
    st.booleans(),
    st.booleans(),
)
def test_sum_bands_sum_to_exactly_one(
    count: int, sides: int, modifier: int, advantage: bool, disadvantage: bool
) -> None:
    odds = sum_odds(count, sides, modifier=modifier, advantage=advantage, disadvantage=disadvantage)
    assert sum(p for _, p in odds.bands) == 1


@pytest.mark.parametrize(("count", "sides"), [(2, 0), (0, 6), (-1, 6), (2, -6)])
def test_sum_of_no_dice_or_dice_without_sides_is_refused(count: int, sides: int) -> None:
    with pytest.raises(RuleError):
        sum_odds(count, sides)


# --- action -----------------------------------------------------------------------------------


def _icepool_action(stat: int, adds: int, momentum: int) -> dict[str, Fraction]:
    def roll(action: int, first: int, second: int) -> tuple[str, bool]:
        counted = 0 if momentum < 0 and action == -momentum else action
        score = min(10, counted + stat + adds)
        beaten = (score > first) + (score > second)
        return ("miss", "weak", "strong")[beaten], first == second

    joint = icepool.map(roll, icepool.d6, icepool.d10, icepool.d10)
    result = {
        band: sum((joint.probability((band, m)) for m in (False, True)), Fraction())
        for band in ("miss", "weak", "strong")
    }
    result["match"] = joint.map(lambda r: r[1]).probability(True)
    result["strong_match"] = joint.probability(("strong", True))
    result["miss_match"] = joint.probability(("miss", True))
    return result


def test_action_stat_2_against_two_d10_by_hand() -> None:
    # Scores 3..8, each 1/6, beat b = 2..7 of a d10's faces:
    # strong = sum(b^2)/600, miss = sum((10-b)^2)/600, a match below the score = sum(b)/600.
    odds = action_odds(2)
    assert odds.band("strong") == Fraction(4 + 9 + 16 + 25 + 36 + 49, 600)
    assert odds.band("miss") == Fraction(64 + 49 + 36 + 25 + 16 + 9, 600)
    assert odds.band("weak") == Fraction(131, 300)
    assert odds.flag("match") == Fraction(1, 10)
    assert odds.flag("strong_match") == Fraction(2 + 3 + 4 + 5 + 6 + 7, 600)
    assert odds.flag("miss_match") == Fraction(8 + 7 + 6 + 5 + 4 + 3, 600)


def test_action_score_is_capped_at_10_and_never_beats_a_10() -> None:
    odds = action_odds(9, adds=5)
    assert odds.band("strong") == Fraction(81, 100)
    assert action_odds(9, adds=5, cap=11).band("strong") == 1


def test_action_negative_momentum_cancels_a_matching_action_die() -> None:
    # stat 4, momentum -6: a 6 on the action die counts as 0, so the scores are 5..9 and 4.
    odds = action_odds(4, momentum=-6)
    assert odds.band("strong") == Fraction(16 + 25 + 36 + 49 + 64 + 9, 600)
    assert odds.band("strong") < action_odds(4).band("strong")


def test_action_negative_momentum_leaves_other_action_dice_alone() -> None:
    assert action_odds(2, momentum=-1) != action_odds(2)
    assert action_odds(2, momentum=3) == action_odds(2)


def test_action_bands_come_in_display_order() -> None:
    assert [band for band, _ in action_odds(1).bands] == ["miss", "weak", "strong"]


@pytest.mark.parametrize("momentum", [0, -1, -2, -3, -4, -5, -6])
@pytest.mark.parametrize("adds", range(4))
@pytest.mark.parametrize("stat", range(1, 5))
def test_action_shares_one_action_die_across_both_challenge_dice_as_icepool_does(
    stat: int, adds: int, momentum: int
) -> None:
    odds = action_odds(stat, adds=adds, momentum=momentum)
    assert {**dict(odds.bands), **dict(odds.flags)} == _icepool_action(stat, adds, momentum)


@given(
    st.integers(min_value=0, max_value=5),
    st.integers(min_value=0, max_value=5),
    st.integers(min_value=-6, max_value=10),
)
def test_action_bands_sum_to_exactly_one(stat: int, adds: int, momentum: int) -> None:
    odds = action_odds(stat, adds=adds, momentum=momentum)
    assert sum(p for _, p in odds.bands) == 1
    assert odds.flag("strong_match") + odds.flag("miss_match") <= odds.flag("match")


def test_action_momentum_outside_minus_6_to_10_is_refused() -> None:
    with pytest.raises(RuleError):
        action_odds(2, momentum=-7)
    with pytest.raises(RuleError):
        action_odds(2, momentum=11)


# --- d20 --------------------------------------------------------------------------------------


def _icepool_d20(
    modifier: int, target: int, nat20_succeeds: bool, fumble_faces: int = 1
) -> dict[str, Fraction]:
    def judge(face: int) -> str:
        if face == 1 and fumble_faces:
            return "fumble"
        if nat20_succeeds and face == 20:
            return "hit"
        if face + modifier >= target:
            return "hit"
        return "fumble" if face <= fumble_faces else "fail"

    banded = icepool.d20.map(judge)
    return {band: banded.probability(band) for band in ("fumble", "fail", "hit")}


def test_d20_natural_20_succeeds_even_when_nothing_else_can() -> None:
    odds = d20_odds(modifier=-10, target=15, nat20_succeeds=True)
    assert odds.band("hit") == Fraction(1, 20)
    assert d20_odds(modifier=-10, target=15).band("hit") == 0


def test_d20_natural_1_fumbles_even_when_it_would_hit() -> None:
    odds = d20_odds(modifier=30, target=5)
    assert odds.band("fumble") == Fraction(1, 20)
    assert odds.band("hit") == Fraction(19, 20)
    assert odds.band("fail") == 0


def test_d20_with_no_fumble_faces_reads_a_natural_1_by_its_total() -> None:
    odds = d20_odds(modifier=16, target=11, nat20_succeeds=True, fumble_faces=0)
    assert odds.band("hit") == 1
    assert odds.band("fumble") == 0


def test_d20_reports_natural_1_and_20() -> None:
    odds = d20_odds(modifier=0, target=10)
    assert [band for band, _ in odds.bands] == ["fumble", "fail", "hit"]
    assert odds.flag("nat20") == odds.flag("nat1") == Fraction(1, 20)


@pytest.mark.parametrize("nat20_succeeds", [False, True])
@pytest.mark.parametrize("target", range(5, 21))
@pytest.mark.parametrize("modifier", range(-2, 6))
def test_d20_matches_icepool(modifier: int, target: int, nat20_succeeds: bool) -> None:
    odds = d20_odds(modifier=modifier, target=target, nat20_succeeds=nat20_succeeds)
    assert dict(odds.bands) == _icepool_d20(modifier, target, nat20_succeeds)


@pytest.mark.parametrize("fumble_faces", [0, 1, 2, 3])
@pytest.mark.parametrize("target", [9, 11, 12, 14])
@pytest.mark.parametrize("modifier", [-1, 0, 2, 9])
def test_d20_low_misses_that_fumble_match_icepool(
    modifier: int, target: int, fumble_faces: int
) -> None:
    odds = d20_odds(modifier=modifier, target=target, fumble_faces=fumble_faces)
    assert dict(odds.bands) == _icepool_d20(modifier, target, False, fumble_faces)


# --- table ------------------------------------------------------------------------------------


def test_table_rows_on_a_d100() -> None:
    rows = [(1, 10), (11, 50), (51, 100)]
    assert table_odds(100, rows) == (Fraction(1, 10), Fraction(2, 5), Fraction(1, 2))


def test_table_rows_are_clipped_to_the_die() -> None:
    assert table_odds(6, [(0, 2), (5, 9), (7, 8), (4, 3)]) == (
        Fraction(1, 3),
        Fraction(1, 3),
        Fraction(0),
        Fraction(0),
    )


def test_table_rows_match_icepool() -> None:
    rows = [(1, 3), (4, 12), (13, 19), (20, 20)]
    expected = tuple(
        icepool.d20.map(lambda f, lo=lo, hi=hi: lo <= f <= hi).probability(True) for lo, hi in rows
    )
    assert table_odds(20, rows) == expected


def test_table_die_without_sides_is_refused() -> None:
    with pytest.raises(RuleError):
        table_odds(0, [(1, 1)])


# --- Odds and percent -------------------------------------------------------------------------


def test_odds_band_absent_is_zero() -> None:
    odds = sum_odds(2, 6)
    assert odds.band("fumble") == 0
    assert odds.flag("match") == 0


def test_odds_as_json_gives_each_probability_in_lowest_terms() -> None:
    assert d20_odds(modifier=0, target=11).as_json() == {
        "bands": {"fumble": "1/20", "fail": "9/20", "hit": "1/2"},
        "flags": {"nat20": "1/20", "nat1": "1/20"},
    }
    assert sum_odds(2, 6).as_json()["bands"]["critical"] == "0"


@pytest.mark.parametrize(
    ("p", "shown"),
    [
        (Fraction(671, 1296), "51.8%"),
        (Fraction(0), "0.0%"),
        (Fraction(1), "100.0%"),
        (Fraction(1, 2), "50.0%"),
        (Fraction(1, 6), "16.7%"),
        (Fraction(1, 2000), "0.1%"),
        (Fraction(1, 3000), "<0.1%"),
        (Fraction(2999, 3000), ">99.9%"),
    ],
)
def test_percent_shows_one_decimal(p: Fraction, shown: str) -> None:
    assert percent(p) == shown


def test_odds_module_never_imports_icepool() -> None:
    code = "import sys, hearthroll.core.dice.odds; print('icepool' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
