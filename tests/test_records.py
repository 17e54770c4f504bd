"""A record writes itself out, compares and hashes as attrs would, from shared functions
(`Record`), so no class compiles a `__repr__`, `__eq__` or `__hash__` of its own as the app
starts."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import hearthroll
from hearthroll.core.records import Record, record_eq, record_hash, record_repr


@attrs.frozen
class Made:
    """attrs' own `__repr__`, `__eq__` and `__hash__`, compiled for the class."""

    name: str
    count: int = 0
    parts: tuple[Any, ...] = ()
    hidden: str = attrs.field(default="x", repr=False)
    short: str = attrs.field(default="long words", repr=lambda text: text[:4])
    ignored: str = attrs.field(default="", eq=False)


@attrs.frozen
class Shared(Made, Record):
    """The same fields, written out, compared and hashed by `Record`."""


@attrs.define
class Loop(Record):
    """A mutable record that can hold itself."""

    __hash__ = None  # type: ignore[assignment]

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


def test_the_twins_differ_only_in_whose_methods_they_use() -> None:
    shared = (Shared.__repr__, Shared.__eq__, Shared.__hash__)
    assert shared == (record_repr, record_eq, record_hash)
    assert Made.__eq__ is not record_eq and attrs.fields(Made) == attrs.fields(Shared)


def test_fields_hidden_or_shortened_as_the_class_says() -> None:
    assert (
        repr(Shared("Brannoc", 2))
        == "Shared(name='Brannoc', count=2, parts=(), short=long, ignored='')"
    )


def test_records_inside_records_and_a_record_inside_itself() -> None:
    outer = Loop("outer", [Shared("in")])
    assert repr(outer) == (
        "Loop(name='outer', inside=[Shared(name='in', count=0, parts=(), short=long, ignored='')])"
    )
    outer.inside.append(outer)
    assert repr(outer).endswith("short=long, ignored=''), ...])"), repr(outer)


@given(st.tuples(st.text(max_size=3), st.integers(0, 2), values, st.text(max_size=2)), st.data())
def test_a_record_compares_and_hashes_as_attrs_would(fields: tuple[Any, ...], data: Any) -> None:
    other = data.draw(st.sampled_from([fields, (*fields[:3], "hidden differs"), ("x", 3, (), "")]))
    made, made_other = Made(*fields), Made(*other)
    shared, shared_other = Shared(*fields), Shared(*other)
    assert (shared == shared_other) is (made == made_other)
    assert (shared != shared_other) is (made != made_other)
    if shared == shared_other:
        assert hash(shared) == hash(shared_other)
    assert shared != made  # another class, however alike


def test_a_field_attrs_leaves_out_of_eq_is_left_out_here_too() -> None:
    assert Shared("a", ignored="one") == Shared("a", ignored="two")
    assert hash(Shared("a", ignored="one")) == hash(Shared("a", ignored="two"))
    assert Shared("a", hidden="one") != Shared("a", hidden="two")  # left out of repr only
    assert Shared("a") != Shared("b")
    assert len({Shared("a"), Shared("a"), Shared("b")}) == 2


def test_a_mutable_record_compares_but_cannot_be_hashed() -> None:
    assert Loop("a") == Loop("a") and Loop("a") != Loop("b")
    with pytest.raises(TypeError):
        hash(Loop("a"))


def test_every_record_of_the_project_shares_the_one_repr_eq_and_hash() -> None:
    made_own = []
    for found in pkgutil.walk_packages(hearthroll.__path__, prefix="hearthroll."):
        if found.name.endswith("__main__"):
            continue
        module = importlib.import_module(found.name)
        for name, value in vars(module).items():
            if not inspect.isclass(value) or value.__module__ != module.__name__:
                continue
            if not attrs.has(value):
                continue
            shared = value.__repr__ is record_repr and value.__eq__ is record_eq
            hashing = value.__hash__ in (record_hash, None)
            if not (shared and hashing and issubclass(value, Record)):
                made_own.append(f"{module.__name__}.{name}")
    # a record subclasses hearthroll.core.records.Record (a mutable one: __hash__ = None)
    assert made_own == []
