"""The parts a sheet is made of (`core/games/sections.py`): a line's label, words, value, top
and warning; a section's id, heading, lines, JSON fields and bars; both frozen values."""

from __future__ import annotations

import attrs
import pytest

from hearthroll.core.games.sections import Line, Section


def test_a_line_has_no_number_no_top_and_no_warning_unless_given() -> None:
    line = Line("Readiness", "2")
    assert (line.value, line.top, line.warn) == (None, None, False)


def test_a_line_with_a_value_and_a_top_is_a_bar_line() -> None:
    line = Line("HP", "0 / 10", 0, 10, warn=True)
    assert (line.label, line.text, line.value, line.top, line.warn) == ("HP", "0 / 10", 0, 10, True)


def test_a_section_has_no_lines_no_fields_and_no_bars_unless_given() -> None:
    section = Section("holds", "holds")
    assert section.lines == ()
    assert section.data == {}
    assert section.bars is False


def test_each_section_gets_fields_of_its_own() -> None:
    first, second = Section("a", "A"), Section("b", "B")
    assert first.data is not second.data


def test_sections_with_the_same_parts_are_equal() -> None:
    lines = (Line("HP", "7 / 10", 7, 10),)
    assert Section("meters", "meters", lines, {"hp": 7}, bars=True) == Section(
        "meters", "meters", lines, {"hp": 7}, bars=True
    )
    assert Section("meters", "meters", lines, {"hp": 7}) != Section(
        "meters", "meters", lines, {"hp": 6}
    )


def test_a_line_and_a_section_cannot_be_changed_in_place() -> None:
    line = Line("HP", "7")
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        line.text = "8"  # type: ignore[misc]
    section = Section("meters", "meters", (line,))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        section.bars = True  # type: ignore[misc]
    assert attrs.evolve(line, text="8") == Line("HP", "8")
