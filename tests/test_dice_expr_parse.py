"""Reading dice expressions (`core/dice/expr_parse.py`): the tree a text makes, its canonical
spelling, its program in postfix order, the dice it draws, and every refusal in its own words."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearthroll.core.dice.expr_parse import (
    MAX_DEPTH,
    BinaryOp,
    Dice,
    Name,
    Negate,
    Number,
    Parens,
    parse,
    parse_fresh,
)
from hearthroll.core.errors import ExprError


def test_damage_expression_reads_into_its_tree_with_columns() -> None:
    expr = parse("1d4 + 3")
    assert expr.root == BinaryOp("+", Dice(1, 4, None, 1), Number(3))
    assert isinstance(expr.root, BinaryOp)
    assert expr.root.column == 5
    assert isinstance(expr.root.right, Number)
    assert expr.root.right.column == 7


def test_products_bind_tighter_than_sums_and_division_is_its_own_step() -> None:
    expr = parse("1+str/3")
    assert expr.root == BinaryOp("+", Number(1), BinaryOp("/", Name("str"), Number(3)))


def test_brackets_and_minus_signs_are_kept_as_written() -> None:
    expr = parse("-(dex*2)")
    assert expr.root == Negate(Parens(BinaryOp("*", Name("dex"), Number(2))))
    assert expr.text == "-(dex*2)"


def test_spelling_is_canonical_whatever_the_spacing_and_case() -> None:
    typed = parse("D6 + 4D6KH3 - STR / 3")
    assert typed.text == "1d6+4d6kh3-str/3"
    assert typed == parse("1d6+4d6kh3-str/3")
    assert typed.source == "D6 + 4D6KH3 - STR / 3"


def test_keep_without_a_count_keeps_one_die() -> None:
    assert parse("4d6kh").dice() == (Dice(4, 6, "kh", 1),)
    assert parse("2d20kl").text == "2d20kl1"


def test_program_lists_operands_before_their_operator() -> None:
    expr = parse("1d4+3+str/3--(dex*2)")
    assert expr.program == (
        ("dice", 0),
        ("number", 3),
        ("+", 4),
        ("name", "str"),
        ("number", 3),
        ("/", 10),
        ("+", 6),
        ("name", "dex"),
        ("number", 2),
        ("*", 18),
        ("negate", 0),
        ("-", 12),
    )


def test_names_are_listed_once_in_the_order_first_used() -> None:
    expr = parse("str/3+dex/4+str/2")
    assert expr.names() == ("str", "dex")
    assert [leaf.name for leaf in expr.name_leaves()] == ["str", "dex", "str"]
    assert list(expr.leaves()) == [
        Name("str"),
        Number(3),
        Name("dex"),
        Number(4),
        Name("str"),
        Number(2),
    ]


def test_a_word_starting_with_d_and_a_letter_is_a_name() -> None:
    assert parse("dex").root == Name("dex")


@pytest.mark.parametrize(
    ("advantage", "disadvantage", "needed"),
    [
        (False, False, (6, 6, 4)),
        (True, False, (6, 6, 6, 6, 4)),
        (False, True, (6, 6, 6, 6, 4)),
        (True, True, (6, 6, 4)),
    ],
)
def test_advantage_or_disadvantage_draws_the_first_group_twice(
    advantage: bool, disadvantage: bool, needed: tuple[int, ...]
) -> None:
    assert parse("2d6+1d4").dice_needed(advantage=advantage, disadvantage=disadvantage) == needed


def test_a_text_is_parsed_once_and_kept_but_fresh_parsing_reads_it_anew() -> None:
    assert parse("2d4+1") is parse("2d4+1")
    fresh = parse_fresh("2d4+1")
    assert fresh is not parse("2d4+1")
    assert fresh == parse("2d4+1")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("   ", "the expression is empty: write one such as 2d6+1"),
        ("2d", "\"2d\": '2d' needs its number of sides after 'd', as in 2d6, at column 1"),
        (
            "d8x",
            "\"d8x\": 'd8x' at column 1: a die may be followed only by kh or kl and how many "
            "dice to keep, as in 4d6kh3",
        ),
        ("3x", "\"3x\": '3x' is not a number, a die or a name at column 1"),
        ("0d6", '"0d6": 0d6 at column 1 rolls 0 dice; a group rolls 1 to 100'),
        ("101d6", '"101d6": 101d6 at column 1 rolls 101 dice; a group rolls 1 to 100'),
        ("1d0", '"1d0": 1d0 at column 1: a die needs at least 1 side'),
        ("1d1001", '"1d1001": 1d1001 at column 1: a die has at most 1000 sides, not 1001'),
        ("4d6kh5", '"4d6kh5": 4d6kh5 at column 1 keeps 5 of 4 dice; keep 1 to 4'),
        ("(1+2", "\"(1+2\": the '(' at column 1 is never closed"),
        ("1+2)", "\"1+2)\": the ')' at column 4 has no '(' to close"),
        ("1 2", '"1 2": expected an operator (+ - * /) at column 3'),
        ("1+", '"1+": expected a number, a die or a name at column 3'),
        ("2d6!", "\"2d6!\": unexpected character '!' at column 4"),
        ("1234567", '"1234567": 1234567 has more than 6 digits at column 1'),
        (
            "100d6+100d6+100d6",
            '"100d6+100d6+100d6": more than 200 dice in all; the group that passes the limit '
            "is at column 13",
        ),
    ],
)
def test_a_broken_expression_is_refused_naming_what_and_where(text: str, message: str) -> None:
    with pytest.raises(ExprError) as refused:
        parse(text)
    assert str(refused.value) == message


def test_text_past_the_length_limit_is_refused_before_it_is_read() -> None:
    with pytest.raises(ExprError, match=r"^the expression is 501 characters long; the limit is"):
        parse("1" * 501)


def test_nesting_past_the_depth_limit_is_refused_at_the_sign_that_passes_it() -> None:
    assert parse("-" * MAX_DEPTH + "1").text == "-" * MAX_DEPTH + "1"
    with pytest.raises(ExprError, match=r"nest more than 32 deep at column 33$"):
        parse("-" * (MAX_DEPTH + 1) + "1")


def test_more_than_a_hundred_terms_are_refused_at_the_first_past_the_limit() -> None:
    assert len(list(parse("+".join(["1"] * 100)).leaves())) == 100
    with pytest.raises(ExprError, match=r"more than 100 numbers, dice and names; .* column 201$"):
        parse("+".join(["1"] * 101))


_LEAF = st.one_of(
    st.integers(0, 999).map(str),
    st.sampled_from(["str", "dex", "Forceful", "WIS"]),
    st.tuples(
        st.integers(1, 3), st.sampled_from([4, 6, 20]), st.sampled_from(["", "kh", "kl"])
    ).map(lambda d: f"{d[0]}d{d[1]}{d[2]}"),
)


def _expressions(depth: int) -> st.SearchStrategy[str]:
    """Texts the grammar reads, nested at most `depth` deep (well within every bound)."""
    if depth == 0:
        return _LEAF
    inner = _expressions(depth - 1)
    return st.one_of(
        _LEAF,
        st.tuples(inner, st.sampled_from(["+", "-", "*", "/", " + ", " - "]), inner).map("".join),
        inner.map(lambda e: f"({e})"),
        inner.map(lambda e: f"-{e}"),
    )


@given(_expressions(5))
def test_the_canonical_spelling_reads_back_to_the_same_tree(text: str) -> None:
    expr = parse_fresh(text)
    again = parse_fresh(expr.text)
    assert again == expr
    assert again.text == expr.text
    assert [step[0] for step in again.program] == [step[0] for step in expr.program]
