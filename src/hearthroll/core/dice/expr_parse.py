"""Reading dice expressions: the tokens, the bounded parser and the frozen syntax tree.

The grammar, lowest precedence first (whitespace may sit between any two tokens)::

    sum     := product (("+" | "-") product)*
    product := unary (("*" | "/") unary)*
    unary   := "-" unary | primary
    primary := number | dice | name | "(" sum ")"
    dice    := [count] "d" sides [("kh" | "kl") [keep]]
    name    := [a-z_][a-z0-9_]*

A die is one token (`4d6kh3`, no spaces inside). Letters are read in any case. A word that
starts like a die (`d`, `2d`, `d8x`) is read as a broken die, never as a name.
Every bound is checked before the work it guards, so oversized text fails at once.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import NoReturn, TypeAlias

import attrs

from hearthroll.core.errors import ExprError
from hearthroll.core.records import Record

MAX_LENGTH = 500
"""Longest expression text, in characters."""
MAX_DEPTH = 32
"""Deepest nesting of brackets and unary minus signs."""
MAX_TERMS = 100
"""Most numbers, dice groups and names in one expression."""
MAX_GROUP_DICE = 100
"""Most dice in one group (`100d6`)."""
MAX_SIDES = 1000
"""Most sides on one die."""
MAX_DICE = 200
"""Most dice in one expression, all groups together."""
MAX_DIGITS = 6
"""Most digits in a plain number."""
PARSES_KEPT = 1024
"""How many parsed expressions are kept for reuse (the least recently used go first)."""

_WORD = re.compile(r"[A-Za-z0-9_]+")
_NUMBER = re.compile(r"[0-9]+")
_DICE = re.compile(r"([0-9]*)d([0-9]+)(?:(kh|kl)([0-9]*))?")
_DICE_WITHOUT_SIDES = re.compile(r"[0-9]*d")
_DICE_START = re.compile(r"[0-9]*d[0-9]")


@attrs.frozen
class Number(Record):
    """A whole number written in the expression."""

    value: int
    column: int = attrs.field(default=0, eq=False)
    """Where it starts in the text as typed, counting from 1."""


@attrs.frozen
class Dice(Record):
    """A group of like dice, optionally keeping only the highest or lowest few."""

    count: int
    sides: int
    keep: str | None
    """"kh" (keep highest), "kl" (keep lowest) or None (keep them all)."""
    keep_count: int
    """How many dice are kept: `count` when `keep` is None."""
    column: int = attrs.field(default=0, eq=False)


@attrs.frozen
class Name(Record):
    """A value the caller supplies by name, such as a stat (`str`, `dex`)."""

    name: str
    column: int = attrs.field(default=0, eq=False)


@attrs.frozen
class Negate(Record):
    """A unary minus."""

    operand: Node
    column: int = attrs.field(default=0, eq=False)


@attrs.frozen
class Parens(Record):
    """Brackets as written, kept so the expression reads back the way it was typed."""

    inner: Node
    column: int = attrs.field(default=0, eq=False)


@attrs.frozen
class BinaryOp(Record):
    """`left op right` for op in + - * /; `/` is floor division."""

    op: str
    left: Node
    right: Node
    column: int = attrs.field(default=0, eq=False)


Node: TypeAlias = Number | Dice | Name | Negate | Parens | BinaryOp
Leaf: TypeAlias = Number | Dice | Name


@attrs.frozen
class Expr(Record):
    """A parsed dice expression; equal whatever the spacing, letter case or error columns.

    What every roll asks of the tree (its spelling, its leaves, its dice groups and names) is
    worked out once, when the expression is made, so a cached expression rolls without walking
    its tree again.
    """

    root: Node
    source: str = attrs.field(default="", eq=False)
    """The text as typed, which error columns refer to."""
    text: str = attrs.field(init=False, eq=False, repr=False)
    """The expression in canonical spelling: no spaces, lower case, every count written."""
    _leaves: tuple[Leaf, ...] = attrs.field(init=False, eq=False, repr=False)
    _dice: tuple[Dice, ...] = attrs.field(init=False, eq=False, repr=False)
    _names: tuple[Name, ...] = attrs.field(init=False, eq=False, repr=False)
    program: tuple[Step, ...] = attrs.field(init=False, eq=False, repr=False)
    """The tree in evaluation order (postfix), for the roller: see `steps`."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "program", tuple(steps(self.root)))
        found = tuple(leaves(self.root))
        object.__setattr__(self, "text", spell(self.root))
        object.__setattr__(self, "_leaves", found)
        object.__setattr__(self, "_dice", tuple(x for x in found if isinstance(x, Dice)))
        object.__setattr__(self, "_names", tuple(x for x in found if isinstance(x, Name)))

    def leaves(self) -> Iterator[Leaf]:
        """Numbers, dice groups and names from left to right."""
        return iter(self._leaves)

    def dice(self) -> tuple[Dice, ...]:
        """The dice groups from left to right, which is the order they are rolled in."""
        return self._dice

    def name_leaves(self) -> tuple[Name, ...]:
        """The names from left to right, as often as each is used."""
        return self._names

    def names(self) -> tuple[str, ...]:
        """Each name the expression uses, once, in the order first used."""
        return tuple(dict.fromkeys(leaf.name for leaf in self._names))

    def dice_needed(
        self, *, advantage: bool = False, disadvantage: bool = False
    ) -> tuple[int, ...]:
        """The sides of every die the roll draws, in draw order.

        With advantage or disadvantage (not both) the first group is drawn twice.
        """
        doubled = advantage != disadvantage
        sides: list[int] = []
        for index, group in enumerate(self.dice()):
            copies = 2 if doubled and index == 0 else 1
            sides.extend([group.sides] * (group.count * copies))
        return tuple(sides)


Step: TypeAlias = tuple[str, int | str]
"""One step of an expression's program: ("number", value), ("dice", 0) for the next group's
total, ("name", name), ("negate", 0), or (operator, column) for `+ - * /` on the two values
before it."""


def steps(node: Node) -> Iterator[Step]:
    """The tree under `node` in postfix order: operands before the operator that takes them."""
    match node:
        case Number(value=value):
            yield ("number", value)
        case Dice():
            yield ("dice", 0)
        case Name(name=name):
            yield ("name", name)
        case Negate(operand=operand):
            yield from steps(operand)
            yield ("negate", 0)
        case Parens(inner=inner):
            yield from steps(inner)
        case BinaryOp(op=op, left=left, right=right, column=column):
            yield from steps(left)
            yield from steps(right)
            yield (op, column)


def leaves(node: Node) -> Iterator[Leaf]:
    """The leaves under `node` from left to right."""
    match node:
        case Number() | Dice() | Name():
            yield node
        case Negate(operand=inner) | Parens(inner=inner):
            yield from leaves(inner)
        case BinaryOp(left=left, right=right):
            yield from leaves(left)
            yield from leaves(right)


def spell(node: Node) -> str:
    """The canonical text of `node`."""
    match node:
        case Number(value=value):
            return str(value)
        case Dice(count=count, sides=sides, keep=keep, keep_count=keep_count):
            return f"{count}d{sides}" + (f"{keep}{keep_count}" if keep else "")
        case Name(name=name):
            return name
        case Negate(operand=operand):
            return "-" + spell(operand)
        case Parens(inner=inner):
            return f"({spell(inner)})"
        case BinaryOp(op=op, left=left, right=right):
            return f"{spell(left)}{op}{spell(right)}"


def parse(text: str) -> Expr:
    """Read a dice expression such as `2d4+1` or `1d4+3+str/3`, or refuse it with ExprError.

    The same text gives the same (immutable) tree, so each text is parsed once and kept; a
    text that is refused is never kept, and raises again each time.
    """
    return _parse_kept(text)


@functools.lru_cache(maxsize=PARSES_KEPT)
def _parse_kept(text: str) -> Expr:
    return parse_fresh(text)


def parse_fresh(text: str) -> Expr:
    """`parse` without the kept trees: always reads `text` anew."""
    if len(text) > MAX_LENGTH:
        raise ExprError(f"the expression is {len(text)} characters long; the limit is {MAX_LENGTH}")
    if not text.strip():
        raise ExprError("the expression is empty: write one such as 2d6+1")
    return Expr(_Parser(text).parse(), text)


def expr_error(source: str, message: str) -> ExprError:
    """An ExprError that quotes the expression it is about."""
    return ExprError(f'"{source}": {message}')


@attrs.frozen
class _Token(Record):
    kind: str
    """"term", "op", "(", ")" or "end"."""
    text: str
    column: int
    leaf: Leaf | None = None


def _tokens(source: str) -> list[_Token]:
    tokens: list[_Token] = []
    terms = 0
    dice = 0
    at = 0
    while at < len(source):
        char = source[at]
        column = at + 1
        if char.isspace():
            at += 1
            continue
        if char in "+-*/()":
            tokens.append(_Token("op" if char in "+-*/" else char, char, column))
            at += 1
            continue
        word = _WORD.match(source, at)
        if word is None:
            raise expr_error(source, f"unexpected character {char!r} at column {column}")
        terms += 1
        if terms > MAX_TERMS:
            raise expr_error(
                source,
                f"more than {MAX_TERMS} numbers, dice and names; "
                f"the one past the limit is at column {column}",
            )
        leaf = _leaf(source, word.group(), column)
        if isinstance(leaf, Dice):
            dice += leaf.count
            if dice > MAX_DICE:
                raise expr_error(
                    source,
                    f"more than {MAX_DICE} dice in all; the group that passes the limit "
                    f"is at column {column}",
                )
        tokens.append(_Token("term", word.group(), column, leaf))
        at = word.end()
    tokens.append(_Token("end", "", len(source) + 1))
    return tokens


def _leaf(source: str, word: str, column: int) -> Leaf:
    lowered = word.lower()
    if _NUMBER.fullmatch(lowered):
        if len(lowered) > MAX_DIGITS:
            raise expr_error(source, f"{word} has more than {MAX_DIGITS} digits at column {column}")
        return Number(int(lowered), column)
    dice = _DICE.fullmatch(lowered)
    if dice is not None:
        return _dice(source, word, dice, column)
    if _DICE_WITHOUT_SIDES.fullmatch(lowered):
        raise expr_error(
            source, f"{word!r} needs its number of sides after 'd', as in 2d6, at column {column}"
        )
    if _DICE_START.match(lowered):
        raise expr_error(
            source,
            f"{word!r} at column {column}: a die may be followed only by kh or kl "
            "and how many dice to keep, as in 4d6kh3",
        )
    if lowered[0].isdigit():
        raise expr_error(source, f"{word!r} is not a number, a die or a name at column {column}")
    return Name(lowered, column)


def _dice(source: str, word: str, match: re.Match[str], column: int) -> Dice:
    written_count, written_sides, keep, written_keep = match.groups()
    count = int(written_count) if written_count else 1
    sides = int(written_sides)
    where = f"{word} at column {column}"
    if not 1 <= count <= MAX_GROUP_DICE:
        raise expr_error(source, f"{where} rolls {count} dice; a group rolls 1 to {MAX_GROUP_DICE}")
    if sides < 1:
        raise expr_error(source, f"{where}: a die needs at least 1 side")
    if sides > MAX_SIDES:
        raise expr_error(source, f"{where}: a die has at most {MAX_SIDES} sides, not {sides}")
    if keep is None:
        return Dice(count, sides, None, count, column)
    keep_count = int(written_keep) if written_keep else 1
    if not 1 <= keep_count <= count:
        raise expr_error(source, f"{where} keeps {keep_count} of {count} dice; keep 1 to {count}")
    return Dice(count, sides, keep, keep_count, column)


class _Parser:
    """Recursive descent whose depth is bounded by MAX_DEPTH nesting and MAX_TERMS operands."""

    def __init__(self, source: str) -> None:
        self._source = source
        self._tokens = _tokens(source)
        self._at = 0
        self._depth = 0

    def parse(self) -> Node:
        node = self._sum()
        token = self._tokens[self._at]
        if token.kind == ")":
            self._fail(f"the ')' at column {token.column} has no '(' to close")
        if token.kind != "end":
            self._fail(f"expected an operator (+ - * /) at column {token.column}")
        return node

    def _sum(self) -> Node:
        node = self._product()
        while (token := self._tokens[self._at]).kind == "op" and token.text in "+-":
            self._at += 1
            node = BinaryOp(token.text, node, self._product(), token.column)
        return node

    def _product(self) -> Node:
        node = self._unary()
        while (token := self._tokens[self._at]).kind == "op" and token.text in "*/":
            self._at += 1
            node = BinaryOp(token.text, node, self._unary(), token.column)
        return node

    def _unary(self) -> Node:
        token = self._tokens[self._at]
        if token.kind == "op" and token.text == "-":
            self._at += 1
            self._enter(token)
            node: Node = Negate(self._unary(), token.column)
            self._depth -= 1
            return node
        return self._primary()

    def _primary(self) -> Node:
        token = self._tokens[self._at]
        self._at += 1
        if token.leaf is not None:
            return token.leaf
        if token.kind != "(":
            self._fail(f"expected a number, a die or a name at column {token.column}")
        self._enter(token)
        inner = self._sum()
        self._depth -= 1
        close = self._tokens[self._at]
        self._at += 1
        if close.kind == "end":
            self._fail(f"the '(' at column {token.column} is never closed")
        if close.kind != ")":
            self._fail(f"expected an operator or ')' at column {close.column}")
        return Parens(inner, token.column)

    def _enter(self, token: _Token) -> None:
        self._depth += 1
        if self._depth > MAX_DEPTH:
            self._fail(
                f"brackets and minus signs nest more than {MAX_DEPTH} deep at column {token.column}"
            )

    def _fail(self, message: str) -> NoReturn:
        raise expr_error(self._source, message)
