"""Clocks: a threat or a scheme in 4, 6, 8 or 10 segments, filled one at a time; a full clock
has come to pass. Tension clocks fill as the GM says; a campaign clock is rolled to advance
(Ask the Oracle at the odds the GM gives; a yes fills a segment)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from hearthroll.core.campaign.state import Clock
from hearthroll.core.errors import RuleError

SEGMENTS = (4, 6, 8, 10)
KINDS = ("tension", "campaign")


def new_clock(name: str, segments: int, kind: str = "tension") -> Clock:
    """A new, empty clock; a name, size or kind the rules do not know is refused."""
    name = " ".join(name.split())
    if not name:
        raise RuleError("a clock needs a name")
    if segments not in SEGMENTS:
        raise RuleError(f"a clock has {', '.join(map(str, SEGMENTS))} segments, not {segments}")
    if kind not in KINDS:
        raise RuleError(f"a clock is {' or '.join(KINDS)}, not {kind!r}")
    return Clock(name, segments, kind)


def full(clock: Clock) -> bool:
    """Whether every segment is filled: what the clock counts down to has come."""
    return clock.filled >= clock.segments


def advance_refusal(clock: Clock) -> str | None:
    """Why the clock cannot advance (it is full), or None."""
    return f"{clock.name} is full: it has come to pass" if full(clock) else None


def advance(clock: Clock, times: int = 1) -> Clock:
    """The clock with `times` more segments filled (never past full)."""
    why = advance_refusal(clock)
    if why is not None:
        raise RuleError(why)
    if times < 1:
        raise RuleError(f"a clock advances by 1 or more segments, not {times}")
    return attrs.evolve(clock, filled=min(clock.segments, clock.filled + times))


def clear(clock: Clock) -> Clock:
    """The clock emptied (the threat averted, or begun again)."""
    if clock.filled == 0:
        raise RuleError(f"{clock.name} is empty: there is nothing to clear")
    return attrs.evolve(clock, filled=0)


def show(clock: Clock) -> str:
    """ "▰▰▱▱▱▱ 2/6"."""
    return (
        "▰" * clock.filled
        + "▱" * (clock.segments - clock.filled)
        + f" {clock.filled}/{clock.segments}"
    )


def line(clock: Clock) -> str:
    """ "Raiders strike (tension) ▰▰▱▱▱▱ 2/6", and "full" when it is."""
    said = f"{clock.name} ({clock.kind}) {show(clock)}"
    return said + " · full" if full(clock) else said


def find_clock(clocks: Sequence[Clock], name: str) -> Clock:
    """The clock of this name (any case); refused naming the clocks there are."""
    for clock in clocks:
        if clock.name.lower() == " ".join(name.split()).lower():
            return clock
    known = ", ".join(c.name for c in clocks) or "none yet"
    raise RuleError(f"no clock named {name!r} (clocks: {known})")


def replace(clocks: Sequence[Clock], clock: Clock) -> tuple[Clock, ...]:
    """The clocks with `clock` in place of the one of its name."""
    return tuple(clock if c.name.lower() == clock.name.lower() else c for c in clocks)


def problems(clock: Clock) -> list[tuple[str, str]]:
    """What is wrong with a clock as a file holds it: (its key, why)."""
    found = []
    if clock.segments not in SEGMENTS:
        found.append(
            (
                "segments",
                f"segments is one of {', '.join(map(str, SEGMENTS))}, not {clock.segments}",
            )
        )
    if clock.kind not in KINDS:
        found.append(("kind", f"kind is {' or '.join(KINDS)}, not {clock.kind!r}"))
    if not 0 <= clock.filled <= clock.segments:
        found.append(("filled", f"filled is 0 to {clock.segments}, not {clock.filled}"))
    return found
