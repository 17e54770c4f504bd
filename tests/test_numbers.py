"""Whole numbers as people type them (`core/numbers.py`): ASCII digits with a sign, at most 15
of them; a long text quoted short; a modifier written with its sign."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearthroll.core.numbers import MAX_DIGITS, describe, signed, whole_number


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("12", 12),
        ("+3", 3),
        ("-4", -4),
        ("−2", -2),
        (" 7 \n", 7),
        ("007", 7),
        ("-0", 0),
        ("9" * MAX_DIGITS, int("9" * MAX_DIGITS)),
    ],
)
def test_a_typed_whole_number_is_read(text: str, number: int) -> None:
    assert whole_number(text) == number


@pytest.mark.parametrize(
    "text",
    ["", " ", "３", "²", "1.5", "1e3", "--1", "+-1", "1 2", "0x10", "1_000", "9" * 16, "ten"],
)
def test_what_is_not_a_plain_whole_number_is_none(text: str) -> None:
    assert whole_number(text) is None


def test_a_short_text_is_quoted_whole() -> None:
    assert describe("x" * 40) == repr("x" * 40)
    assert describe("3d") == "'3d'"


def test_a_long_text_is_cut_to_twenty_characters_and_its_length() -> None:
    text = "abcdefghij" * 5
    assert describe(text) == "'abcdefghijabcdefghij'… (50 characters)"


@pytest.mark.parametrize(("amount", "written"), [(2, "+2"), (0, "+0"), (-1, "−1"), (-12, "−12")])
def test_a_modifier_is_written_with_its_sign_and_a_typographic_minus(
    amount: int, written: str
) -> None:
    assert signed(amount) == written


@given(st.integers(-(10**MAX_DIGITS) + 1, 10**MAX_DIGITS - 1))
def test_every_number_read_back_from_its_digits_and_from_its_signed_form(number: int) -> None:
    assert whole_number(str(number)) == number
    assert whole_number(signed(number)) == number


@given(st.integers(10**MAX_DIGITS, 10**40))
def test_more_than_fifteen_digits_are_refused_whatever_the_sign(number: int) -> None:
    assert whole_number(str(number)) is None
    assert whole_number(f"-{number}") is None
