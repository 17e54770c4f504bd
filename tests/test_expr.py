"""Dice expressions for damage and healing: exact typed rolls, every bound, and properties."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest
from hypothesis import given, reject
from hypothesis import strategies as st

from hearthroll.core.dice.expr import DiceGroup, ExprRoll, parse, parse_fresh, render, roll_expr
from hearthroll.core.dice.sources import RandomDice, TypedDice, check_faces
from hearthroll.core.errors import ExprError

STATS = {"str": 12, "dex": 9, "forceful": 2, "wis": -1}


def typed(
    text: str,
    faces: list[int],
    names: Mapping[str, int] = STATS,
    *,
    advantage: bool = False,
    disadvantage: bool = False,
) -> ExprRoll:
    """Roll with typed faces, after checking them the way a caller would."""
    expr = parse(text)
    check_faces(faces, expr.dice_needed(advantage=advantage, disadvantage=disadvantage))
    dice = TypedDice(faces)
    roll = roll_expr(expr, dice, names, advantage=advantage, disadvantage=disadvantage)
    dice.finish()
    return roll


# --- exact rolls -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "faces", "total", "kept", "dropped"),
    [
        ("2d4+1", [3, 4], 8, (3, 4), ()),
        ("1d4+3+str/3+dex/4", [2], 2 + 3 + 4 + 2, (2,), ()),
        ("1d6+4+str/2", [5], 5 + 4 + 6, (5,), ()),
        ("1d3+1", [2], 3, (2,), ()),
        ("2d3+1", [1, 3], 5, (1, 3), ()),
        ("1d10-1", [1], 0, (1,), ()),
        ("(1d6+2)*2", [6], 16, (6,), ()),
        ("d20", [17], 17, (17,), ()),
        ("4d6kh3", [1, 5, 3, 6], 14, (5, 3, 6), (1,)),
    ],
    ids=lambda value: value if isinstance(value, str) else None,
)
def test_damage_expression_totals_its_typed_faces(
    text: str, faces: list[int], total: int, kept: tuple[int, ...], dropped: tuple[int, ...]
) -> None:
    roll = typed(text, faces)
    assert roll.total == total
    assert roll.rolled == tuple(faces)
    assert roll.kept == kept
    assert roll.dropped == dropped


def test_keep_highest_drops_the_lowest_faces() -> None:
    roll = typed("4d6kh3", [1, 5, 3, 6])
    (group,) = roll.groups
    assert group == DiceGroup(
        count=4, sides=6, faces=(1, 5, 3, 6), kept=(1, 2, 3), keep="kh", keep_count=3
    )
    assert group.kept_faces == (5, 3, 6)
    assert group.dropped_faces == (1,)
    assert group.total == 14


def test_keep_lowest_drops_the_highest_faces() -> None:
    assert typed("2d20kl1", [4, 9]).dropped == (9,)
    roll = typed("3d6kl2", [6, 2, 4])
    assert (roll.total, roll.kept, roll.dropped) == (6, (2, 4), (6,))


def test_bare_keep_keeps_one_die() -> None:
    assert typed("2d20kh", [7, 15]).total == 15
    assert typed("2d20KL", [7, 15]).total == 7


def test_equal_faces_keep_the_earlier_dice() -> None:
    (group,) = typed("3d6kh2", [4, 4, 4]).groups
    assert group.kept == (0, 1)
    assert group.dropped_faces == (4,)


def test_division_floors_toward_negative_infinity() -> None:
    assert typed("-7/2", []).total == -4
    assert typed("7/-2", []).total == -4
    assert typed("7/2", []).total == 3


def test_unary_minus_negates_a_die_or_a_bracket() -> None:
    assert typed("-1d4", [3]).total == -3
    assert typed("-(2)", []).total == -2
    assert typed("--2", []).total == 2
    assert typed("1d6*-2", [4]).total == -8


@pytest.mark.parametrize(
    ("text", "total"),
    [
        ("1+2*3", 7),
        ("(1+2)*3", 9),
        ("10-4-3", 3),
        ("24/4/2", 3),
        ("2*3/4", 1),
        ("2+10/3*3", 11),
        ("-2*3+1", -5),
    ],
)
def test_multiplication_and_division_bind_tighter_and_all_lean_left(text: str, total: int) -> None:
    assert typed(text, []).total == total


def test_names_are_supplied_by_the_caller_in_any_case() -> None:
    assert typed("1d6+STR", [1], {"str": 3}).total == 4
    assert typed("1d6+str", [1], {"Str": 3}).total == 4
    roll = typed("forceful+dex+forceful", [], STATS)
    assert roll.total == 13
    assert roll.values == (("forceful", 2), ("dex", 9))


def test_expression_reads_back_in_canonical_spelling() -> None:
    assert parse(" 2D4 + 1 ").text == "2d4+1"
    assert parse("d20").text == "1d20"
    assert parse("4d6KH").text == "4d6kh1"
    assert parse("( 1d6 + Str ) * 2").text == "(1d6+str)*2"
    assert parse(" 2D4 + 1 ") == parse("2d4+1")
    assert parse("1d4+str+dex+str").names() == ("str", "dex")


def test_dice_needed_lists_every_die_left_to_right() -> None:
    assert parse("2d6+1d8-d4").dice_needed() == (6, 6, 8, 4)
    assert parse("4d6kh3").dice_needed() == (6, 6, 6, 6)
    assert parse("3+str").dice_needed() == ()


# --- advantage and disadvantage ----------------------------------------------------------


def test_advantage_keeps_the_higher_copy_of_the_main_die() -> None:
    assert parse("1d6+2").dice_needed(advantage=True) == (6, 6)
    roll = typed("1d6+2", [2, 5], advantage=True)
    assert (roll.total, roll.rolled, roll.kept, roll.dropped) == (7, (2, 5), (5,), (2,))
    assert roll.advantage and not roll.disadvantage
    assert typed("1d6+2", [5, 2], advantage=True).dropped == (2,)


def test_disadvantage_keeps_the_lower_copy_of_the_main_die() -> None:
    roll = typed("1d6+2", [2, 5], disadvantage=True)
    assert (roll.total, roll.kept, roll.dropped) == (4, (2,), (5,))
    assert roll.disadvantage and not roll.advantage


def test_advantage_draws_the_whole_group_twice_and_drops_a_whole_copy() -> None:
    assert parse("2d4+1").dice_needed(advantage=True) == (4, 4, 4, 4)
    roll = typed("2d4+1", [1, 2, 3, 4], advantage=True)
    assert (roll.total, roll.kept, roll.dropped) == (8, (3, 4), (1, 2))
    (group,) = roll.groups
    assert (group.copies, group.kept) == (2, (2, 3))
    roll = typed("2d4+1", [1, 2, 3, 4], disadvantage=True)
    assert (roll.total, roll.kept, roll.dropped) == (4, (1, 2), (3, 4))


def test_tied_copies_keep_the_first() -> None:
    assert typed("2d4+1", [1, 4, 2, 3], advantage=True).kept == (1, 4)
    assert typed("2d4+1", [1, 4, 2, 3], disadvantage=True).kept == (1, 4)


def test_advantage_compares_copies_after_keep_highest() -> None:
    # first copy keeps 6+5 = 11, second keeps 4+4 = 8 although its faces sum higher
    roll = typed("3d6kh2", [6, 5, 1, 4, 4, 4], advantage=True)
    assert (roll.total, roll.kept, roll.dropped) == (11, (6, 5), (1, 4, 4, 4))


def test_advantage_doubles_only_the_first_group() -> None:
    assert parse("1d6+1d4").dice_needed(advantage=True) == (6, 6, 4)
    roll = typed("1d6+1d4", [2, 5, 3], advantage=True)
    assert (roll.total, roll.dropped) == (8, (2,))


def test_advantage_and_disadvantage_cancel() -> None:
    assert parse("1d6+2").dice_needed(advantage=True, disadvantage=True) == (6,)
    roll = typed("1d6+2", [3], advantage=True, disadvantage=True)
    assert roll.total == 5
    assert not roll.advantage and not roll.disadvantage


def test_advantage_without_dice_rolls_as_is() -> None:
    roll = typed("3+str", [], advantage=True)
    assert roll.total == 15
    assert roll.rolled == ()
    assert not roll.advantage


# --- render ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "faces", "flags", "line"),
    [
        ("2d4+1", [3, 4], {}, "2d4+1 = [3, 4]+1 = 8"),
        ("4d6kh3", [1, 5, 3, 6], {}, "4d6kh3 = [~1~, 5, 3, 6] = 14"),
        ("1d4+3+str/3+dex/4", [2], {}, "1d4+3+str/3+dex/4 = [2]+3+12/3+9/4 = 11"),
        ("(1d6+2)*2", [5], {}, "(1d6+2)*2 = ([5]+2)*2 = 14"),
        ("1d6+2", [2, 5], {"advantage": True}, "1d6+2 with advantage = [~2~ | 5]+2 = 7"),
        (
            "2d4+1",
            [1, 2, 3, 4],
            {"disadvantage": True},
            "2d4+1 with disadvantage = [1, 2 | ~3~, ~4~]+1 = 4",
        ),
        ("3 + 4", [], {}, "3+4 = 7"),
    ],
)
def test_render_shows_faces_with_dropped_dice_struck(
    text: str, faces: list[int], flags: dict[str, bool], line: str
) -> None:
    assert render(typed(text, faces, STATS, **flags)) == line


# --- refusals ----------------------------------------------------------------------------

NESTED_PARENS = "(" * 10_000 + "1" + ")" * 10_000
FIVE_THOUSAND_TERMS = "+".join(["1"] * 5_000)

REFUSED = [
    ("1000000d6", "a group rolls 1 to 100"),
    ("0d6", "a group rolls 1 to 100"),
    ("1d0", "a die needs at least 1 side"),
    ("1d1001", "at most 1000 sides"),
    ("100d6+100d6+1d6", "more than 200 dice"),
    ("2d6kh3", "keeps 3 of 2 dice"),
    ("4d6kl0", "keep 1 to 4"),
    ("1234567", "more than 6 digits"),
    (NESTED_PARENS, "the limit is 500"),
    ("(" * 33 + "1" + ")" * 33, "nest more than 32 deep at column 33"),
    ("-" * 33 + "1", "nest more than 32 deep"),
    (FIVE_THOUSAND_TERMS, "the limit is 500"),
    ("+".join(["1"] * 101), "more than 100 numbers, dice and names"),
    ("1" + "+1" * 250, "501 characters long; the limit is 500"),
    ("2d", "needs its number of sides"),
    ("d", "needs its number of sides"),
    ("+", "expected a number, a die or a name at column 1"),
    ("2d6+", "expected a number, a die or a name at column 5"),
    ("2x3", "'2x3' is not a number, a die or a name"),
    ("4d6k3", "only by kh or kl"),
    ("", "empty"),
    ("   ", "empty"),
    (")(", "expected a number, a die or a name at column 1"),
    ("(1", "the '(' at column 1 is never closed"),
    ("1)", "the ')' at column 2 has no '(' to close"),
    ("1 2", "expected an operator (+ - * /) at column 3"),
    ("(1 2)", "expected an operator or ')' at column 4"),
    ("1+$", "unexpected character '$' at column 3"),
]


@pytest.mark.parametrize(("text", "phrase"), REFUSED, ids=[t[:20] for t, _ in REFUSED])
def test_bad_or_oversized_expression_is_refused_with_a_reason(text: str, phrase: str) -> None:
    with pytest.raises(ExprError) as refused:
        parse(text)
    assert phrase in str(refused.value)


def test_refusals_come_at_once() -> None:
    started = time.perf_counter()
    for text, _ in REFUSED:
        with pytest.raises(ExprError):
            roll_expr(text, RandomDice(1))
    assert time.perf_counter() - started < 1.0


def test_bounds_themselves_are_allowed() -> None:
    assert typed("(" * 32 + "1" + ")" * 32, []).total == 1
    assert typed("-" * 32 + "1", []).total == 1
    assert typed("+".join(["1"] * 100), []).total == 100
    assert parse("100d1000+100d1").dice_needed().count(1000) == 100
    assert typed("999999", []).total == 999_999
    five_hundred = "1+" + " " * 497 + "1"
    assert len(five_hundred) == 500
    assert typed(five_hundred, []).total == 2


def test_unknown_name_is_named_with_the_known_ones_before_any_die_is_drawn() -> None:
    dice = TypedDice([3])
    with pytest.raises(ExprError) as refused:
        roll_expr("1d6+strr", dice, {"str": 1, "dex": 2})
    assert "unknown name 'strr' at column 5; known names: dex, str" in str(refused.value)
    assert dice.used == 0


def test_division_by_zero_is_refused_with_its_column() -> None:
    with pytest.raises(ExprError) as refused:
        roll_expr("1d6/(str-str)", TypedDice([4]), STATS)
    assert "division by zero" in str(refused.value)
    assert "column 4" in str(refused.value)


# --- properties --------------------------------------------------------------------------
#
# A generated expression is a triple (text, precedence, model). The model is a small tree of
# tuples that the test evaluates itself, so the roller's total is checked against an
# independent reading of the same expression. Precedence: 0 for + -, 1 for * /, 2 for
# unary minus, 3 for atoms; brackets are added where the text needs them, and the model
# records them so that nesting depth can be known.

Model = tuple[Any, ...]
Term = tuple[str, int, Model]

spaces = st.sampled_from(["", "", " ", "  "])


@st.composite
def dice_terms(draw: st.DrawFn) -> Term:
    count = draw(st.integers(1, 12))
    sides = draw(st.sampled_from([1, 2, 3, 4, 6, 8, 10, 12, 20, 100, 1000]))
    keep = draw(st.sampled_from([None, "kh", "kl"]))
    keep_count = draw(st.integers(1, count)) if keep else count
    text = "" if count == 1 and draw(st.booleans()) else str(count)
    text += draw(st.sampled_from("dD")) + str(sides)
    if keep:
        text += draw(st.sampled_from([keep, keep.upper()]))
        text += "" if keep_count == 1 and draw(st.booleans()) else str(keep_count)
    return text, 3, ("dice", count, sides, keep, keep_count)


numbers: st.SearchStrategy[Term] = st.integers(0, 999_999).map(lambda v: (str(v), 3, ("num", v)))
names: st.SearchStrategy[Term] = st.sampled_from(sorted(STATS)).flatmap(
    lambda n: st.sampled_from([n, n.upper()]).map(lambda shown: (shown, 3, ("name", n)))
)


def bracket(term: Term, space: str = "") -> Term:
    text, _, model = term
    return f"({space}{text}{space})", 3, ("par", model)


def negate(term: Term) -> Term:
    inner = term if term[1] >= 2 else bracket(term)
    return "-" + inner[0], 2, ("neg", inner[2])


def binary(op: str, left: Term, right: Term, space: str) -> Term:
    tight = 0 if op in "+-" else 1
    left = left if left[1] >= tight else bracket(left)
    right = right if right[1] > tight else bracket(right)
    return f"{left[0]}{space}{op}{space}{right[0]}", tight, ("bin", op, left[2], right[2])


def extend(children: st.SearchStrategy[Term]) -> st.SearchStrategy[Term]:
    return st.one_of(
        st.builds(negate, children),
        st.builds(bracket, children, spaces),
        st.builds(binary, st.sampled_from("+-*/"), children, children, spaces),
    )


expressions = st.recursive(st.one_of(numbers, dice_terms(), names), extend, max_leaves=15)
flags = st.fixed_dictionaries({"advantage": st.booleans(), "disadvantage": st.booleans()})


def evaluate(model: Model, totals: Iterator[int]) -> int:
    """The test's own reading of a model; raises ZeroDivisionError as Python does."""
    kind = model[0]
    if kind == "num":
        return int(model[1])
    if kind == "dice":
        return next(totals)
    if kind == "name":
        return STATS[model[1]]
    if kind == "neg":
        return -evaluate(model[1], totals)
    if kind == "par":
        return evaluate(model[1], totals)
    left, right = evaluate(model[2], totals), evaluate(model[3], totals)
    ops: dict[str, Callable[[int, int], int]] = {
        "+": lambda a, b: a + b,
        "-": lambda a, b: a - b,
        "*": lambda a, b: a * b,
        "/": lambda a, b: a // b,
    }
    return ops[model[1]](left, right)


def depth(model: Model) -> int:
    kind = model[0]
    if kind in ("neg", "par"):
        return 1 + depth(model[1])
    if kind == "bin":
        return max(depth(model[2]), depth(model[3]))
    return 0


def model_dice(model: Model) -> list[Model]:
    kind = model[0]
    if kind == "dice":
        return [model]
    if kind in ("neg", "par"):
        return model_dice(model[1])
    if kind == "bin":
        return model_dice(model[2]) + model_dice(model[3])
    return []


def kept_sum(faces: tuple[int, ...], keep: str | None, keep_count: int) -> int:
    if keep is None:
        return sum(faces)
    return sum(sorted(faces, reverse=keep == "kh")[:keep_count])


class RecordingDice:
    """Seeded dice that remember every draw, so a test can redo the arithmetic itself."""

    def __init__(self, seed: int) -> None:
        self._dice = RandomDice(seed)
        self.draws: list[tuple[int, ...]] = []

    def roll(self, sides: int, count: int = 1) -> tuple[int, ...]:
        faces = self._dice.roll(sides, count)
        self.draws.append(faces)
        return faces


def group_totals(model: Model, draws: list[tuple[int, ...]], flags: dict[str, bool]) -> list[int]:
    """Each group's total from the raw draws, applying keep and the advantage rule here."""
    doubled = flags["advantage"] != flags["disadvantage"]
    choose = max if flags["advantage"] else min
    calls = iter(draws)
    totals: list[int] = []
    for index, (_, _, _, keep, keep_count) in enumerate(model_dice(model)):
        copies = [kept_sum(next(calls), keep, keep_count)]
        if doubled and index == 0:
            copies.append(kept_sum(next(calls), keep, keep_count))
        totals.append(choose(copies))
    assert next(calls, None) is None
    return totals


def check_group(group: DiceGroup, model: Model) -> None:
    _, count, sides, keep, keep_count = model
    assert (group.count, group.sides, group.keep, group.keep_count) == (
        count,
        sides,
        keep,
        keep_count,
    )
    assert len(group.faces) == count * group.copies
    assert all(1 <= face <= sides for face in group.faces)
    assert len(group.kept) == keep_count
    assert group.kept == tuple(sorted(group.kept))
    assert group.total == sum(group.kept_faces)


@given(expressions, st.integers(0, 2**32), flags)
def test_any_valid_expression_rolls_to_the_total_of_its_own_groups(
    term: Term, seed: int, flags: dict[str, bool]
) -> None:
    text, _, model = term
    dice = RecordingDice(seed)
    try:
        roll = roll_expr(text, dice, STATS, **flags)
    except ExprError as refused:
        message = str(refused)
        if "division by zero" in message:
            with pytest.raises(ZeroDivisionError):
                evaluate(model, iter(group_totals(model, dice.draws, flags)))
        else:
            assert len(text) > 500 or depth(model) > 32, message
        return
    assert roll.total == evaluate(model, iter(group.total for group in roll.groups))
    assert roll.total == evaluate(model, iter(group_totals(model, dice.draws, flags)))
    assert roll.rolled == tuple(face for draw in dice.draws for face in draw)
    for group, dice_model in zip(roll.groups, model_dice(model), strict=True):
        check_group(group, dice_model)
    needed = parse(text).dice_needed(**flags)
    assert len(needed) == len(roll.rolled)
    assert all(1 <= face <= sides for face, sides in zip(roll.rolled, needed, strict=True))
    assert len(roll.kept) + len(roll.dropped) == len(roll.rolled)
    assert render(roll).endswith(f"= {roll.total}")


@given(expressions, flags, st.data())
def test_typed_faces_come_back_exactly_as_rolled(
    term: Term, flags: dict[str, bool], data: st.DataObject
) -> None:
    text = term[0]
    try:
        expr = parse(text)
    except ExprError:
        reject()
    needed = expr.dice_needed(**flags)
    faces = [data.draw(st.integers(1, sides)) for sides in needed]
    dice = TypedDice(faces)
    try:
        roll = roll_expr(expr, dice, STATS, **flags)
    except ExprError as refused:
        assert "division by zero" in str(refused)
        return
    assert roll.rolled == tuple(faces)
    dice.finish()


@given(st.text())
def test_any_text_parses_or_is_refused_as_an_expression(text: str) -> None:
    with contextlib.suppress(ExprError):
        parse(text)


@given(st.text("0123456789dDkKhHlLstrex_+-*/() \t", max_size=60))
def test_text_near_the_grammar_rolls_or_is_refused_as_an_expression(text: str) -> None:
    try:
        roll = roll_expr(text, RandomDice(7), STATS)
    except ExprError:
        return
    assert len(roll.rolled) == len(parse(text).dice_needed())


# --- kept parses ---------------------------------------------------------------------------


def _outcome(text: str, tree: Callable[[str], Any], seed: int, flags: dict[str, bool]) -> object:
    """What rolling `text` (read by `tree`) with seeded dice gives: the roll and its line, or
    the refusal's message."""
    try:
        roll = roll_expr(tree(text), RandomDice(seed), STATS, **flags)
    except ExprError as refused:
        return str(refused)
    return roll, render(roll)


@given(expressions, st.integers(0, 2**32), flags)
def test_a_kept_parse_rolls_exactly_as_a_fresh_one(
    term: Term, seed: int, flags: dict[str, bool]
) -> None:
    text = term[0]
    fresh = _outcome(text, parse_fresh, seed, flags)
    assert _outcome(text, parse, seed, flags) == fresh  # parsed now, or kept from before
    assert _outcome(text, parse, seed, flags) == fresh  # kept
    assert _outcome(text, lambda t: t, seed, flags) == fresh  # the text handed to roll_expr


def test_the_same_text_is_parsed_once_and_a_refused_one_every_time() -> None:
    assert parse("3d6+2") is parse("3d6+2")
    assert parse_fresh("3d6+2") == parse("3d6+2")
    assert parse_fresh("3d6+2") is not parse("3d6+2")
    for _ in range(2):
        with pytest.raises(ExprError, match="division by zero"):
            roll_expr("1d6/0", TypedDice([3]))
        with pytest.raises(ExprError):
            parse("2d")
