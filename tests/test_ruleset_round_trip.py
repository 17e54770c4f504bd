"""Any valid ruleset model survives save then load unchanged (Hypothesis over the whole model)."""

import types
import typing
from typing import Any, Literal, Union, get_args, get_origin

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearthroll.core.rules.model import Move, Ruleset
from hearthroll.store.rulesets import dump_text, parse_text

TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=12)


def strategy(tp: Any, depth: int = 0) -> st.SearchStrategy[Any]:
    """A strategy for any type the rules model uses: attrs classes, tuples, literals, unions."""
    origin = get_origin(tp)
    if tp is str:
        return TEXT
    if tp is bool:
        return st.booleans()
    if tp is int:
        return st.integers(-(2**40), 2**40)
    if origin is Literal:
        return st.sampled_from(get_args(tp))
    if origin in (Union, types.UnionType):
        return st.one_of([strategy(a, depth) for a in get_args(tp)])
    if tp is type(None):
        return st.none()
    if origin is tuple:
        inner = get_args(tp)[0]
        size = 2 if depth < 2 else 0
        return st.lists(strategy(inner, depth + 1), max_size=size).map(tuple)
    if attrs.has(tp):
        hints = typing.get_type_hints(tp)
        fields = {f.name: strategy(hints[f.name], depth + 1) for f in attrs.fields(tp) if f.init}
        return st.builds(tp, **fields)
    raise TypeError(f"no strategy for {tp!r}")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(strategy(Ruleset))
def test_any_ruleset_survives_save_and_load(ruleset: Ruleset) -> None:
    parsed, problems = parse_text(dump_text([ruleset]), "round.toml")
    assert problems == []
    assert parsed is not None and parsed.rulesets == (ruleset,)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(strategy(Move), min_size=1, max_size=3))
def test_any_moves_survive_save_and_load(moves: list[Move]) -> None:
    parsed, problems = parse_text(dump_text(moves=moves), "round.toml")
    assert problems == []
    assert parsed is not None and parsed.moves == tuple(moves)
