"""A record writes itself out as attrs would, from one shared function (`record_repr`), so no
class compiles a `__repr__` of its own as the app starts."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from typing import Any

import attrs
from hypothesis import given
from hypothesis import strategies as st

import hearthroll
from hearthroll.core.records import record_repr


@attrs.frozen
class Made:
    """attrs' own `__repr__`, compiled for the class."""

    name: str
    count: int = 0
    parts: tuple[Any, ...] = ()
    hidden: str = attrs.field(default="x", repr=False)
    short: str = attrs.field(default="long words", repr=lambda text: text[:4])


@attrs.frozen
class Shared:
    """The same fields, written out by `record_repr`."""

    __repr__ = record_repr

    name: str
    count: int = 0
    parts: tuple[Any, ...] = ()
    hidden: str = attrs.field(default="x", repr=False)
    short: str = attrs.field(default="long words", repr=lambda text: text[:4])


@attrs.define
class Loop:
    """A mutable record that can hold itself."""

    __repr__ = record_repr

    name: str
    inside: list[Any] = attrs.field(factory=list)


values = st.recursive(
    st.none() | st.integers() | st.text(max_size=5) | st.booleans(),
    lambda inner: st.tuples(inner, inner) | st.lists(inner, max_size=3).map(tuple),
    max_leaves=6,
)


@given(st.text(max_size=8), st.integers(), values, st.text(max_size=8), st.text(max_size=8))
def test_a_record_reads_as_attrs_writes_it(
    name: str, count: int, parts: Any, hidden: str, short: str
) -> None:
    parts = parts if isinstance(parts, tuple) else (parts,)
    made = Made(name, count, parts, hidden, short)
    shared = Shared(name, count, parts, hidden, short)
    assert repr(shared) == repr(made).replace("Made(", "Shared(", 1)


def test_fields_hidden_or_shortened_as_the_class_says() -> None:
    assert repr(Shared("Brannoc", 2)) == "Shared(name='Brannoc', count=2, parts=(), short=long)"


def test_records_inside_records_and_a_record_inside_itself() -> None:
    outer = Loop("outer", [Shared("in")])
    assert repr(outer) == (
        "Loop(name='outer', inside=[Shared(name='in', count=0, parts=(), short=long)])"
    )
    outer.inside.append(outer)
    assert repr(outer).endswith("short=long), ...])"), repr(outer)


def test_every_record_of_the_project_shares_the_one_repr() -> None:
    made_own = []
    for found in pkgutil.walk_packages(hearthroll.__path__, prefix="hearthroll."):
        if found.name.endswith("__main__"):
            continue
        module = importlib.import_module(found.name)
        for name, value in vars(module).items():
            if not inspect.isclass(value) or value.__module__ != module.__name__:
                continue
            if attrs.has(value) and value.__repr__ is not record_repr:
                made_own.append(f"{module.__name__}.{name}")
    # add `__repr__ = record_repr` to the class body (see hearthroll.core.records)
    assert made_own == []
