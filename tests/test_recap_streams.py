"""The whole log's recap is made without holding its events: for any log (dated, undated,
pauses anywhere, undos), it is the recap made from each session held whole."""

from __future__ import annotations

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.events import Event
from hearthroll.core.campaign.recap import recap_sessions, session_recap, split_sessions
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs.edits import note, undo_last
from hearthroll.store.rulesets import load_catalog

HOUSE = load_catalog(with_user=False).ruleset("house")

# Each step: an hour offset from the event before (None: undated), and whether it is an undo.
STEPS = st.lists(
    st.tuples(st.one_of(st.none(), st.sampled_from([0, 1, 3, 4, 5, 30])), st.booleans()),
    max_size=30,
)


def played(steps: list[tuple[int | None, bool]]) -> list[Event]:
    state = demo_campaign(HOUSE)
    events: list[Event] = []
    hours = 0
    for n, (offset, undo) in enumerate(steps, start=1):
        if undo and state.history.undo:
            outcome = undo_last(state, lambda seq: events[seq - 1])
        else:
            outcome = note(state, f"scene {n}")
        at = ""
        if offset is not None:
            hours += offset
            at = f"2026-03-{1 + hours // 24:02d}T{hours % 24:02d}:00:00+00:00"
        events.append(attrs.evolve(outcome.event, at=at))
        state = outcome.state
    return events


@settings(max_examples=200, deadline=None)
@given(STEPS, st.sets(st.integers(1, 30)))
def test_the_streamed_recap_is_each_session_s_recap(
    steps: list[tuple[int | None, bool]], undone: set[int]
) -> None:
    events = played(steps)
    held = [session_recap(s, HOUSE, "Millbrook", undone) for s in split_sessions(events)]
    assert list(recap_sessions(iter(events), HOUSE, "Millbrook", undone)) == [
        s for s in held if s.events
    ]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(["", "a", "\n", "b\n\n\nc", "\n\n", "- x", "d\n"]), max_size=20),
    st.integers(1, 4),
)
def test_a_session_s_lines_are_drawn_a_few_at_a_time_as_they_are_at_once(
    lines: list[str], batch: int
) -> None:
    from hearthroll.core.campaign.recap_draw import _line_chunks, _lines

    assert "".join(_line_chunks(iter(lines), batch)) == _lines(lines)
