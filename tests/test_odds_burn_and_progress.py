"""Exact odds of the action roll with burning momentum, and of the progress roll."""

from __future__ import annotations

from fractions import Fraction

import icepool
import pytest

from hearthroll.core.dice.odds import action_burn_odds, action_odds, progress_odds

BANDS = ("miss", "weak", "strong")


def _counted(stat: int, adds: int, momentum: int) -> dict[str, Fraction]:
    """Every (action die, challenge, challenge), burning whenever that improves the band."""
    ways = dict.fromkeys(BANDS, 0)
    for die in range(1, 7):
        counted = 0 if momentum < 0 and die == -momentum else die
        score = min(10, counted + stat + adds)
        for c1 in range(1, 11):
            for c2 in range(1, 11):
                beaten = (score > c1) + (score > c2)
                if momentum > 0 and score < momentum:
                    beaten = max(beaten, (momentum > c1) + (momentum > c2))
                ways[BANDS[beaten]] += 1
    return {band: Fraction(n, 600) for band, n in ways.items()}


@pytest.mark.parametrize("stat", range(5))
@pytest.mark.parametrize("adds", range(4))
def test_burn_odds_match_exhaustive_counting(stat: int, adds: int) -> None:
    for momentum in range(-6, 11):
        odds = action_burn_odds(stat, adds=adds, momentum=momentum)
        assert dict(odds.bands) == _counted(stat, adds, momentum)


def _icepool_burn(stat: int, adds: int, momentum: int) -> dict[str, Fraction]:
    def band(die: int, c1: int, c2: int) -> int:
        counted = 0 if momentum < 0 and die == -momentum else die
        score = min(10, counted + stat + adds)
        beaten = (score > c1) + (score > c2)
        if momentum > 0 and score < momentum:
            beaten = max(beaten, (momentum > c1) + (momentum > c2))
        return beaten

    dist = icepool.map(band, icepool.d6, icepool.d10, icepool.d10)
    total = dist.denominator()
    return {BANDS[k]: Fraction(dist.quantity(k), total) for k in range(3)}


@pytest.mark.parametrize("momentum", [-6, -3, 0, 3, 7, 10])
def test_burn_odds_match_icepool(momentum: int) -> None:
    for stat in range(5):
        for adds in range(4):
            odds = action_burn_odds(stat, adds=adds, momentum=momentum)
            assert dict(odds.bands) == _icepool_burn(stat, adds, momentum)


def test_burning_never_worsens_the_odds() -> None:
    for momentum in range(-6, 11):
        plain = action_odds(2, adds=1, momentum=momentum)
        burned = action_burn_odds(2, adds=1, momentum=momentum)
        assert burned.band("strong") >= plain.band("strong")
        assert burned.band("miss") <= plain.band("miss")


@pytest.mark.parametrize("boxes", range(11))
def test_progress_odds_match_icepool(boxes: int) -> None:
    dist = icepool.map(lambda a, b: (boxes > a) + (boxes > b), icepool.d10, icepool.d10)
    odds = progress_odds(boxes)
    for k, band in enumerate(BANDS):
        assert odds.band(band) == Fraction(dist.quantity(k), 100)
