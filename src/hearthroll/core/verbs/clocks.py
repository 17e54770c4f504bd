"""The clock verbs, in every game: a new clock, advanced by hand or rolled to advance (Ask the
Oracle at the odds the GM names; a yes fills a segment), emptied, or struck. Each is a `clock`
event; a clock that fills says so."""

from __future__ import annotations

import attrs

from hearthroll.core.campaign.events import Event, Outcome, record
from hearthroll.core.campaign.state import Campaign, Clock
from hearthroll.core.dice.sources import DiceSource
from hearthroll.core.errors import RuleError
from hearthroll.core.games import clocks
from hearthroll.core.verbs import oracle
from hearthroll.core.verbs.oracle import is_match


def _event(
    state: Campaign, after: tuple[Clock, ...], words: tuple[str, ...], face: int | None = None
) -> Outcome:
    """The `clock` event (with the d100's face when the clock was rolled to advance)."""
    event = Event(kind="clock", results=words)
    if face is not None:
        event = attrs.evolve(event, dice=(face,), total=face, match=is_match(face))
    return record(state, attrs.evolve(state, clocks=after or None), event)


def new_clock(state: Campaign, name: str, segments: int, kind: str = "tension") -> Outcome:
    """A new, empty clock; a second of the same name is refused."""
    clock = clocks.new_clock(name, segments, kind)
    held = state.clocks or ()
    if any(c.name.lower() == clock.name.lower() for c in held):
        raise RuleError(f"there is a clock named {clock.name} already")
    return _event(state, (*held, clock), (f"new clock: {clocks.line(clock)}",))


def _filled(before: Clock, after: Clock) -> str:
    said = f"{after.name}: {clocks.show(before)} → {clocks.show(after)}"
    return said + f"; the clock is full: {after.name} comes to pass" if clocks.full(after) else said


def advance_clock(state: Campaign, name: str, times: int = 1) -> Outcome:
    """Fill `times` more segments of a clock (a full one is refused)."""
    held = state.clocks or ()
    clock = clocks.find_clock(held, name)
    advanced = clocks.advance(clock, times)
    return _event(state, clocks.replace(held, advanced), (_filled(clock, advanced),))


def roll_clock(state: Campaign, name: str, odds: str, dice: DiceSource) -> Outcome:
    """Roll to advance a clock: Ask the Oracle at `odds`; a yes fills a segment."""
    held = state.clocks or ()
    clock = clocks.find_clock(held, name)
    why = clocks.advance_refusal(clock)
    if why is not None:
        raise RuleError(why)
    answer = oracle.ask(odds, dice)
    advanced = clocks.advance(clock) if answer.yes else clock
    said = _filled(clock, advanced) if answer.yes else f"{clock.name} holds at {clocks.show(clock)}"
    return _event(state, clocks.replace(held, advanced), (answer.words(), said), answer.face)


def clear_clock(state: Campaign, name: str) -> Outcome:
    """Empty a clock (the threat averted, or begun again)."""
    held = state.clocks or ()
    clock = clocks.find_clock(held, name)
    cleared = clocks.clear(clock)
    return _event(
        state, clocks.replace(held, cleared), (f"{clock.name} is cleared: {clocks.show(cleared)}",)
    )


def drop_clock(state: Campaign, name: str) -> Outcome:
    """Strike a clock from the campaign."""
    held = state.clocks or ()
    clock = clocks.find_clock(held, name)
    rest = tuple(c for c in held if c is not clock)
    return _event(state, rest, (f"{clock.name} is struck",))
