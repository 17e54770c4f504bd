"""The journal's quick TOML reader reads exactly what tomllib reads, or gives up: for any data
tomli_w writes, for the journal's real segments, and for any of those texts damaged."""

from __future__ import annotations

import functools
import os
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_run import run_cli
from hearthroll.store import journal_toml
from test_cli_log_readers import played

KEYS = st.one_of(st.sampled_from(["seq", "kind", "path", "after", "Old Tom", "a.b", ""]), st.text())
SCALARS = st.one_of(
    st.text(),
    st.sampled_from(["", 'say "hi"', "a\\b", "tab\there", "line\nbreak", "é ✓ 🎲", "a,"]),
    st.integers(),
    st.floats(allow_nan=False, allow_infinity=False),
    st.booleans(),
)


def values(scalars: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4), st.dictionaries(KEYS, inner, max_size=4)
        ),
        max_leaves=12,
    )


DOCUMENTS = st.dictionaries(KEYS, values(SCALARS), max_size=5)


def read_the_same(text: str) -> None:
    """The quick reader gives what tomllib gives, or None; None whenever tomllib refuses."""
    quick = journal_toml.loads(text)
    try:
        wanted = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        assert quick is None, text
        return
    assert quick is None or quick == wanted, text


@settings(max_examples=300, deadline=None)
@given(DOCUMENTS)
def test_whatever_tomli_w_writes_reads_as_tomllib_reads_it(document: dict[str, Any]) -> None:
    text = tomli_w.dumps(document)
    read_the_same(text)
    events = tomli_w.dumps({"events": [document, document]})
    read_the_same(events)


@settings(max_examples=300, deadline=None)
@given(DOCUMENTS, st.data())
def test_a_damaged_text_is_never_read_otherwise_than_tomllib_reads_it(
    document: dict[str, Any], data: st.DataObject
) -> None:
    text = tomli_w.dumps({"events": [document]})
    at = data.draw(st.integers(0, len(text)))
    cut = data.draw(st.integers(0, 3))
    put = data.draw(st.sampled_from(["", '"', "\\", "[", "]", "=", " ", "\n", ",", "#", "{", "."]))
    read_the_same(text[:at] + put + text[at + cut :])


def test_the_journal_s_own_segments_are_read_quickly_and_exactly(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    played(path)
    segments = sorted((tmp_path / "camp.journal").glob("*.toml"))
    assert segments
    for segment in segments:
        text = segment.read_text(encoding="utf-8").replace("\n# end ", "\n#")
        assert journal_toml.loads(text) == tomllib.loads(text)  # never None: read quickly


def test_what_is_not_the_journal_s_shape_is_left_to_tomllib() -> None:
    for text in [
        "a = 1979-05-27\n",  # a date
        "a = [1, 2]\n",  # an array on one line
        'a = """x"""\n',
        "a.b = 1\n",  # a dotted key
        "a = 1 # a comment\n",
        "[a]\n[a]\n",  # a table opened twice
        "a = inf\n",
        'a = "x\\e"\n',
    ]:
        assert journal_toml.loads(text) is None, text


@functools.cache
def demo_states() -> tuple[str, ...]:
    """The state files of the four games' demo campaigns, as `new --demo` writes them."""
    texts = []
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "HEARTHROLL_DATA_DIR": str(Path(folder) / "data")}
        for ruleset in ("house", "hack", "starforged", "maneuvers"):
            path = Path(folder) / f"{ruleset}.toml"
            made = run_cli("new", str(path), "--demo", "--ruleset", ruleset, env=env)
            assert made.returncode == 0, made.stderr
            texts.append(path.read_text(encoding="utf-8"))
    return tuple(texts)


def test_the_demo_state_files_are_read_quickly_and_exactly() -> None:
    for text in demo_states():
        assert "{ " in text  # each has inline tables, tables inside arrays
        assert journal_toml.loads(text) == tomllib.loads(text)  # never None: read quickly


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_a_damaged_state_file_is_never_read_otherwise_than_tomllib_reads_it(
    data: st.DataObject,
) -> None:
    text = data.draw(st.sampled_from(demo_states()))
    inline = [i for i in range(len(text)) if text.startswith("{ ", i)]
    at = data.draw(st.one_of(st.integers(0, len(text)), st.sampled_from(inline)))
    at = min(len(text), at + data.draw(st.integers(0, 40)))
    cut = data.draw(st.integers(0, 3))
    put = data.draw(st.sampled_from(["", '"', "\\", "{", "}", "[]", "=", " ", ",", ", ", "{}"]))
    read_the_same(text[:at] + put + text[at + cut :])


@pytest.mark.parametrize(
    "text",
    [
        'a = [\n    { b = { c = 1, d = "x, }" }, e = [], f = {} },\n]\n',
        'a = [\n    { b = "q\\"uote", c = -2.5e3, d = true },\n]\n',
    ],
)
def test_nested_inline_tables_read_as_tomllib_reads_them(text: str) -> None:
    assert journal_toml.loads(text) == tomllib.loads(text)


@pytest.mark.parametrize(
    "text",
    [
        "a = [\n    { b = 1, b = 2 },\n]\n",  # a key twice
        "a = [\n    { b = 1,c = 2 },\n]\n",
        "a = [\n    { b = 1 } x,\n]\n",
        "a = [\n    { b = [1, 2] },\n]\n",
        "a = [\n    { b = 1, },\n]\n",
    ],
)
def test_an_inline_table_not_in_tomli_w_s_shape_is_tomllib_s_to_judge(text: str) -> None:
    read_the_same(text)
