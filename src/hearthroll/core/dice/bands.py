"""Outcome bands: stable ids, and ranges of totals that name a band for `sum` and `table` rolls."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from hearthroll.core.errors import RuleError
from hearthroll.core.records import Record

MISS = "miss"
WEAK = "weak"
STRONG = "strong"
CRITICAL = "critical"
HIT = "hit"
FAIL = "fail"
FUMBLE = "fumble"


@attrs.frozen
class BandRange(Record):
    """One band over a range of totals; `low` None is open below, `high` None open above."""

    id: str
    low: int | None
    high: int | None

    def holds(self, total: int) -> bool:
        """True when `total` falls in this band."""
        return (self.low is None or total >= self.low) and (self.high is None or total <= self.high)


@attrs.frozen
class Bands(Record):
    """An ordered set of band ranges that together cover every total exactly once."""

    ranges: tuple[BandRange, ...]

    def band_for(self, total: int) -> str:
        """The id of the band `total` falls in."""
        for band in self.ranges:
            if band.holds(total):
                return band.id
        raise RuleError(f"no band covers a total of {total}")

    def ids(self) -> tuple[str, ...]:
        """Band ids, in the order given."""
        return tuple(b.id for b in self.ranges)

    def problems(self, lowest: int, highest: int) -> list[str]:
        """Gaps and overlaps among the totals `lowest`..`highest` a roll can make; empty if none."""
        found: list[str] = []
        gap_start: int | None = None
        for total in range(lowest, highest + 1):
            holders = [b.id for b in self.ranges if b.holds(total)]
            if len(holders) > 1:
                found.append(f"total {total} is in more than one band: {', '.join(holders)}")
            if not holders and gap_start is None:
                gap_start = total
            if holders and gap_start is not None:
                found.append(_gap(gap_start, total - 1))
                gap_start = None
        if gap_start is not None:
            found.append(_gap(gap_start, highest))
        return found


def _gap(start: int, end: int) -> str:
    span = str(start) if start == end else f"{start} to {end}"
    return f"no band covers a total of {span}"


def bands(*spec: tuple[str, int | None, int | None]) -> Bands:
    """Build bands from (id, low, high) triples."""
    return Bands(tuple(BandRange(i, lo, hi) for i, lo, hi in spec))


def from_ranges(ranges: Iterable[BandRange]) -> Bands:
    """Build bands from ranges already made."""
    return Bands(tuple(ranges))


# The 2d6 default of reading 14: 13+ / 10–12 / 7–9 / 6−.
SUM_2D6 = bands((MISS, None, 6), (WEAK, 7, 9), (STRONG, 10, 12), (CRITICAL, 13, None))
