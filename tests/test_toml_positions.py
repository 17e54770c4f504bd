"""Positions of keys in TOML text, so every error can name its line and column."""

import tomllib
from typing import Any

import pytest
import tomli_w
from hypothesis import given
from hypothesis import strategies as st

from hearthroll.store.toml_positions import locate, nearest, too_deep

DOC = """\
schema_version = 1
# a comment with [brackets] and = signs
[[rulesets]]
id = "house"
stats = [ {id="a", min=1},
  {id = "b"} ]
[[rulesets.tables]]
id = "t"
rows = [
  { low = 1, high = 10, text = "x, y" },
  { low = 11, high = 100, text = \"\"\"multi
line ] } \"\"\" },
]
[rulesets.steading]
size = 'hamlet'
[[rulesets]]
id = "hack"
[[moves]]
id = "m"
"quoted key".x = 2
[moves.roll]
mechanic = "sum"
"""


def test_positions_of_keys_tables_and_array_items() -> None:
    tomllib.loads(DOC)
    at = locate(DOC)
    assert at[("schema_version",)] == (1, 1)
    assert at[("rulesets", 0, "stats", 1, "id")] == (6, 4)
    assert at[("rulesets", 0, "tables", 0, "rows", 1, "high")] == (11, 15)
    assert at[("rulesets", 0, "steading", "size")] == (15, 1)
    assert at[("rulesets", 1, "id")] == (17, 1)
    assert at[("moves", 0, "quoted key", "x")] == (20, 1)
    assert at[("moves", 0, "roll", "mechanic")] == (22, 1)


def test_nearest_falls_back_to_the_enclosing_table() -> None:
    at = locate(DOC)
    position, found = nearest(at, ("moves", 0, "roll", "missing"))
    assert position == (21, 1) and found == ("moves", 0, "roll")


keys = st.from_regex(r"[a-z_][a-z0-9_]{0,8}", fullmatch=True)
scalars = st.one_of(st.integers(-1000, 1000), st.booleans(), st.text(max_size=20))
documents = st.recursive(
    st.dictionaries(keys, scalars, min_size=1, max_size=4),
    lambda inner: st.dictionaries(
        keys, st.one_of(scalars, inner, st.lists(inner, min_size=1, max_size=3)), max_size=4
    ),
    max_leaves=20,
)


def leaf_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in leaf_paths(v, (*path, k))]
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return [p for i, v in enumerate(value) for p in leaf_paths(v, (*path, i))]
    return [path]


@given(documents)
def test_every_leaf_written_by_tomli_w_is_located_on_its_own_line(doc: dict[str, Any]) -> None:
    text = tomli_w.dumps(doc)
    lines = text.split("\n")
    at = locate(text)
    for path in leaf_paths(doc):
        line, column = at[path]
        assert lines[line - 1][column - 1 :].startswith(str(path[-1])), (path, text)


NESTING_WORDS = "arrays or tables nest deeper than 64 levels; no move file needs that"


def test_a_move_file_nested_too_deep_is_refused_at_the_bracket_that_goes_too_far() -> None:
    from hearthroll.store.rulesets import parse_text

    text = (
        "schema_version = 1\n"
        "# [[[[ brackets in a comment nest nothing\n"
        "[[moves]]\n"
        'id = "deep"\n'
        'trigger = "[[[[ nor in a string"\n'
        "tags = " + "[ " * 70 + "]" * 70 + "\n"
    )
    parsed, problems = parse_text(text, "deep.toml")
    assert parsed is None
    assert [str(p) for p in problems] == [f"deep.toml:6:136: {NESTING_WORDS}"]


def test_inline_tables_count_as_arrays_do() -> None:
    text = "[x]\nv = " + "{a = " * 65 + "1" + "}" * 65 + "\n"
    assert too_deep(text) == (2, len("v = ") + 64 * len("{a = ") + 1)
    assert too_deep(text, limit=65) is None


@pytest.mark.parametrize(
    "wrapped",
    [
        'a = "{}"',
        "a = '{}'",
        'a = """\n{}\n"""',
        "a = '''\n{}\n'''",
        'a = """{}""""',  # closed by up to five quotes: the last two are its own
        'a = "\\"{}"',
        "# {}",
    ],
)
def test_brackets_in_strings_and_comments_nest_nothing(wrapped: str) -> None:
    text = wrapped.format("[" * 100 + "{" * 100) + "\nb = [[1]]\n"
    assert tomllib.loads(text)["b"] == [[1]]
    assert too_deep(text) is None
    assert too_deep(text, limit=1) == (text.count("\n", 0, text.index("[[1")) + 1, 6)


def _depth(value: object) -> int:
    if isinstance(value, list):
        return 1 + max((_depth(item) for item in value), default=0)
    return 0


nested = st.recursive(
    st.one_of(st.integers(-9, 9), st.text(alphabet="[]{}\"'\\#\n ab", max_size=6)),
    lambda inner: st.lists(inner, max_size=3),
    max_leaves=12,
)


@given(value=nested.filter(lambda v: isinstance(v, list)), limit=st.integers(1, 8))
def test_a_file_is_too_deep_exactly_when_its_arrays_nest_past_the_limit(
    value: list[Any], limit: int
) -> None:
    text = tomli_w.dumps({"a": value})
    assert tomllib.loads(text)["a"] == value
    found = too_deep(text, limit)
    assert (found is None) == (_depth(value) <= limit), text
    if found is not None:
        line, column = found
        assert text.split("\n")[line - 1][column - 1] == "["
