"""Clocks (`core/games/clocks.py`): a threat in 4, 6, 8 or 10 segments, named in plain words,
filled one segment or more at a time and never past full, emptied, drawn as `▰▰▱▱ 2/4`, and
checked as a file holds it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.state import Clock
from hearthroll.core.errors import RuleError
from hearthroll.core.games import clocks


def test_a_new_clock_s_name_is_its_words_with_the_spaces_closed_up() -> None:
    assert clocks.new_clock("  Raiders   strike ", 6) == Clock("Raiders strike", 6, "tension", 0)
    assert clocks.new_clock("Hunger", 8, "campaign") == Clock("Hunger", 8, "campaign", 0)


def test_a_clock_without_a_name_or_of_an_unknown_kind_is_refused() -> None:
    with pytest.raises(RuleError, match=r"^a clock needs a name$"):
        clocks.new_clock("   ", 4)
    with pytest.raises(RuleError, match=r"^a clock is tension or campaign, not 'scheme'$"):
        clocks.new_clock("Storm", 4, "scheme")


def test_a_clock_advances_by_one_or_more_and_stops_at_full() -> None:
    storm = clocks.new_clock("Storm", 4)
    with pytest.raises(RuleError, match=r"^a clock advances by 1 or more segments, not 0$"):
        clocks.advance(storm, 0)
    assert clocks.advance(storm, 9).filled == 4
    assert clocks.full(clocks.advance(storm, 9))
    assert not clocks.full(clocks.advance(storm, 3))


def test_a_full_clock_is_refused_before_the_count_is_read() -> None:
    done = Clock("Storm", 4, filled=4)
    assert clocks.advance_refusal(done) == "Storm is full: it has come to pass"
    with pytest.raises(RuleError, match=r"^Storm is full: it has come to pass$"):
        clocks.advance(done, 0)
    assert clocks.advance_refusal(Clock("Storm", 4, filled=3)) is None


def test_clearing_empties_and_an_empty_clock_has_nothing_to_clear() -> None:
    assert clocks.clear(Clock("Storm", 6, filled=5)) == Clock("Storm", 6)
    with pytest.raises(RuleError, match=r"^Storm is empty: there is nothing to clear$"):
        clocks.clear(Clock("Storm", 6))


def test_a_clock_is_drawn_segment_by_segment_and_its_line_says_full() -> None:
    raiders = Clock("Raiders strike", 6, filled=2)
    assert clocks.show(raiders) == "▰▰▱▱▱▱ 2/6"
    assert clocks.line(raiders) == "Raiders strike (tension) ▰▰▱▱▱▱ 2/6"
    hunger = Clock("Hunger", 4, "campaign", 4)
    assert clocks.line(hunger) == "Hunger (campaign) ▰▰▰▰ 4/4 · full"


def test_a_clock_is_found_by_name_in_any_case_and_replaced_in_its_place() -> None:
    held = (Clock("Storm", 4), Clock("Raiders strike", 6), Clock("Hunger", 8))
    assert clocks.find_clock(held, " raiders  STRIKE") is held[1]
    with pytest.raises(RuleError) as refused:
        clocks.find_clock(held, "Flood")
    assert str(refused.value) == "no clock named 'Flood' (clocks: Storm, Raiders strike, Hunger)"
    with pytest.raises(RuleError, match=r"\(clocks: none yet\)$"):
        clocks.find_clock((), "Flood")
    filled = Clock("raiders STRIKE", 6, filled=3)
    assert clocks.replace(held, filled) == (held[0], filled, held[2])


def test_a_clock_out_of_bounds_names_each_key_that_is_wrong() -> None:
    assert clocks.problems(Clock("X", 5, "doom", 7)) == [
        ("segments", "segments is one of 4, 6, 8, 10, not 5"),
        ("kind", "kind is tension or campaign, not 'doom'"),
        ("filled", "filled is 0 to 5, not 7"),
    ]
    assert clocks.problems(Clock("X", 6, filled=-1)) == [("filled", "filled is 0 to 6, not -1")]


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(clocks.SEGMENTS),
    st.sampled_from(clocks.KINDS),
    st.lists(st.one_of(st.integers(1, 12), st.just(0)), max_size=12),
)
def test_advancing_and_clearing_keep_a_clock_drawn_to_its_segments(
    segments: int, kind: str, steps: list[int]
) -> None:
    """0 in `steps` is a clear; any other number an advance by it."""
    clock = clocks.new_clock("Doom", segments, kind)
    for step in steps:
        if step == 0 and clock.filled:
            clock = clocks.clear(clock)
        elif step and not clocks.full(clock):
            clock = clocks.advance(clock, step)
        assert clocks.problems(clock) == []
        drawn = clocks.show(clock)
        assert len(drawn.split()[0]) == segments
        assert drawn.endswith(f" {clock.filled}/{segments}")
