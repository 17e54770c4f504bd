"""Rolling dice expressions: the roller, the rolled result with kept and dropped dice, render.

Advantage on a damage roll follows the house rule: the first dice group is the main die; it
is drawn twice (first copy, then second copy) and the copy with the higher group total is
kept, every face of the other copy dropped. Disadvantage keeps the lower copy; a tie keeps
the first copy; advantage and disadvantage together cancel.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType

import attrs

from hearthroll.core.dice.expr_parse import (
    MAX_DEPTH,
    MAX_DICE,
    MAX_DIGITS,
    MAX_GROUP_DICE,
    MAX_LENGTH,
    MAX_SIDES,
    MAX_TERMS,
    BinaryOp,
    Dice,
    Expr,
    Name,
    Negate,
    Node,
    Number,
    Parens,
    expr_error,
    parse,
    parse_fresh,
)
from hearthroll.core.dice.sources import DiceSource
from hearthroll.core.records import Record

__all__ = [
    "MAX_DEPTH",
    "MAX_DICE",
    "MAX_DIGITS",
    "MAX_GROUP_DICE",
    "MAX_LENGTH",
    "MAX_SIDES",
    "MAX_TERMS",
    "BinaryOp",
    "Dice",
    "DiceGroup",
    "Expr",
    "ExprRoll",
    "Name",
    "Negate",
    "Node",
    "Number",
    "Parens",
    "parse",
    "parse_fresh",
    "render",
    "roll_expr",
]

_NO_NAMES: Mapping[str, int] = MappingProxyType({})
_ALL = tuple(tuple(range(n)) for n in range(MAX_GROUP_DICE + 1))
"""The kept indices of a group that keeps every die, for each size of group."""


@attrs.frozen
class DiceGroup(Record):
    """One rolled dice group: every face drawn, and which of them count."""

    count: int
    sides: int
    faces: tuple[int, ...]
    """Every face rolled, in draw order; `count * copies` of them."""
    kept: tuple[int, ...]
    """Indices into `faces` of the faces that count, in ascending order."""
    keep: str | None
    """"kh", "kl" or None, as written."""
    keep_count: int
    """How many dice of one copy are kept; `count` when `keep` is None."""
    copies: int = 1
    """2 when the group was drawn twice for advantage or disadvantage."""

    @property
    def kept_faces(self) -> tuple[int, ...]:
        """The faces that count, in draw order."""
        return tuple(self.faces[index] for index in self.kept)

    @property
    def dropped_faces(self) -> tuple[int, ...]:
        """The faces that do not count, in draw order."""
        kept = set(self.kept)
        return tuple(face for index, face in enumerate(self.faces) if index not in kept)

    @property
    def total(self) -> int:
        """The sum of the kept faces."""
        return sum(self.kept_faces)


@attrs.frozen
class ExprRoll(Record):
    """A rolled expression: the tree, every dice group, the named values used and the total."""

    expr: Expr
    groups: tuple[DiceGroup, ...]
    """One per dice group of the expression, left to right."""
    values: tuple[tuple[str, int], ...]
    """Each name the expression used, with the value it stood for."""
    total: int
    advantage: bool = False
    """True when the first group was drawn twice and the higher copy kept."""
    disadvantage: bool = False
    """True when the first group was drawn twice and the lower copy kept."""

    @property
    def text(self) -> str:
        """The expression in canonical spelling."""
        return self.expr.text

    @property
    def rolled(self) -> tuple[int, ...]:
        """Every face drawn, in draw order."""
        return tuple(face for group in self.groups for face in group.faces)

    @property
    def kept(self) -> tuple[int, ...]:
        """The faces that count, in draw order."""
        return tuple(face for group in self.groups for face in group.kept_faces)

    @property
    def dropped(self) -> tuple[int, ...]:
        """The faces that do not count, in draw order."""
        return tuple(face for group in self.groups for face in group.dropped_faces)


def roll_expr(
    expr: Expr | str,
    dice: DiceSource,
    names: Mapping[str, int] = _NO_NAMES,
    *,
    advantage: bool = False,
    disadvantage: bool = False,
) -> ExprRoll:
    """Roll an expression, drawing dice in the order `expr.dice_needed()` lists them.

    Names are matched without regard to case. An unknown name is refused before any die is
    drawn; division by zero is refused after the dice are drawn.
    """
    tree = parse(expr) if isinstance(expr, str) else expr
    source = tree.source or tree.text
    values = _look_up(tree, names, source) if names or tree.name_leaves() else {}
    doubled = advantage != disadvantage and bool(tree.dice())
    groups: list[DiceGroup] = []
    totals: list[int] = []
    for index, group in enumerate(tree.dice()):
        if doubled and index == 0:
            rolled = _roll_twice(group, dice, higher=advantage)
            total = rolled.total
        else:
            rolled, total = _roll_once(group, dice)
        groups.append(rolled)
        totals.append(total)
    return ExprRoll(
        expr=tree,
        groups=tuple(groups),
        values=tuple(values.items()),
        total=_run(tree, totals, values, source),
        advantage=doubled and advantage,
        disadvantage=doubled and disadvantage,
    )


def render(roll: ExprRoll) -> str:
    """One line for a person: `2d4+1 = [3, 4]+1 = 8`; dropped faces show as `~2~`.

    A group drawn twice shows both copies split by `|`: `1d6+2 with advantage = [~2~ | 5]+2 = 7`.
    """
    head = roll.text
    if roll.advantage:
        head += " with advantage"
    elif roll.disadvantage:
        head += " with disadvantage"
    shown = _show(roll.expr.root, iter(roll.groups), dict(roll.values))
    if shown == roll.text:
        return f"{head} = {roll.total}"
    return f"{head} = {shown} = {roll.total}"


def _look_up(tree: Expr, names: Mapping[str, int], source: str) -> dict[str, int]:
    used = tree.name_leaves()
    if not used:
        return {}
    lowered = {key.lower(): value for key, value in names.items()}
    values: dict[str, int] = {}
    for leaf in used:
        if leaf.name in names:
            values[leaf.name] = names[leaf.name]
        elif leaf.name in lowered:
            values[leaf.name] = lowered[leaf.name]
        else:
            known = ", ".join(sorted(lowered)) or "none"
            raise expr_error(
                source, f"unknown name {leaf.name!r} at column {leaf.column}; known names: {known}"
            )
    return values


def _roll_once(group: Dice, dice: DiceSource) -> tuple[DiceGroup, int]:
    """The group rolled once, and its total."""
    faces = tuple(dice.roll(group.sides, group.count))
    kept = _keep(faces, group.keep, group.keep_count)
    rolled = DiceGroup(group.count, group.sides, faces, kept, group.keep, group.keep_count)
    total = sum(faces) if group.keep is None else sum(faces[index] for index in kept)
    return rolled, total


def _roll_twice(group: Dice, dice: DiceSource, *, higher: bool) -> DiceGroup:
    first, first_total = _roll_once(group, dice)
    second, second_total = _roll_once(group, dice)
    second_wins = second_total > first_total if higher else second_total < first_total
    kept = tuple(group.count + index for index in second.kept) if second_wins else first.kept
    return attrs.evolve(first, faces=first.faces + second.faces, kept=kept, copies=2)


def _keep(faces: tuple[int, ...], keep: str | None, keep_count: int) -> tuple[int, ...]:
    """Indices of the kept faces; among equal faces the earlier die is kept."""
    indices = range(len(faces))
    if keep is None:
        return _ALL[len(faces)] if len(faces) < len(_ALL) else tuple(indices)
    sign = -1 if keep == "kh" else 1
    ranked = sorted(indices, key=lambda index: (sign * faces[index], index))
    return tuple(sorted(ranked[:keep_count]))


def _run(tree: Expr, totals: list[int], values: Mapping[str, int], source: str) -> int:
    """The value of the expression, given each dice group's total in order."""
    stack: list[int] = []
    push, pop = stack.append, stack.pop
    dice = iter(totals)
    for op, arg in tree.program:
        if op == "number":
            push(arg)  # type: ignore[arg-type]
        elif op == "dice":
            push(next(dice))
        elif op == "name":
            push(values[arg])  # type: ignore[index]
        elif op == "negate":
            push(-pop())
        else:
            b, a = pop(), pop()
            if op == "+":
                push(a + b)
            elif op == "-":
                push(a - b)
            elif op == "*":
                push(a * b)
            elif b == 0:
                raise expr_error(
                    source, f"division by zero: the right side of '/' at column {arg} is 0"
                )
            else:
                push(a // b)
    return stack[0]


def _show(node: Node, groups: Iterator[DiceGroup], values: Mapping[str, int]) -> str:
    match node:
        case Number(value=value):
            return str(value)
        case Dice():
            return _show_group(next(groups))
        case Name(name=name):
            return str(values[name])
        case Negate(operand=operand):
            return "-" + _show(operand, groups, values)
        case Parens(inner=inner):
            return f"({_show(inner, groups, values)})"
        case BinaryOp(op=op, left=left, right=right):
            return f"{_show(left, groups, values)}{op}{_show(right, groups, values)}"


def _show_group(group: DiceGroup) -> str:
    kept = set(group.kept)
    shown = [str(face) if index in kept else f"~{face}~" for index, face in enumerate(group.faces)]
    copies = [shown[start : start + group.count] for start in range(0, len(shown), group.count)]
    return "[" + " | ".join(", ".join(copy) for copy in copies) + "]"
