"""Files are read first by the quick reader, without cattrs: it reads exactly what the strict
converter reads, to the same values, and whatever it refuses the converter reads (or refuses,
naming every problem), so reading with it first changes nothing but the time a start takes."""

from __future__ import annotations

import contextlib
import importlib
import io
import pkgutil
import tomllib
import typing
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hearthroll.core
import hearthroll.store
from hearthroll.cli import main
from hearthroll.core.campaign.events import Event
from hearthroll.core.campaign.state import Campaign, Item
from hearthroll.core.rules.model import Move, Ruleset, Table, TableRow
from hearthroll.store.campaign_files import OWN_KEYS, journal_folder
from hearthroll.store.codec import type_at
from hearthroll.store.converter import shared, structure
from hearthroll.store.journal import DIGEST_KEY
from hearthroll.store.quick_reader import Refused, field_types, read
from hearthroll.store.sources import shipped_path
from test_store_fuzz import mutations

DATA = Path(__file__).parent / "data"
SHIPPED = tomllib.loads(shipped_path().read_text(encoding="utf-8"))
KINDS = {"rulesets": Ruleset, "moves": Move, "tables": Table}


def entries(document: dict[str, Any]) -> list[tuple[dict[str, Any], type]]:
    """Each ruleset, move and table of a ruleset file, with its class (a top-level table
    without the `ruleset` it joins)."""
    found = []
    for key, kind in KINDS.items():
        for item in document.get(key, []):
            if key == "tables" and isinstance(item, dict):
                item = {k: v for k, v in item.items() if k != "ruleset"}
            found.append((item, kind))
    return found


def ruleset_documents() -> list[dict[str, Any]]:
    """The shipped catalog and every test file that parses."""
    documents = [SHIPPED]
    for path in sorted(DATA.glob("*.toml")):
        with contextlib.suppress(tomllib.TOMLDecodeError):
            documents.append(tomllib.loads(path.read_text(encoding="utf-8")))
    return documents


ENTRIES = [entry for document in ruleset_documents() for entry in entries(document)]


def by_quick_reader(data: object, kind: Any) -> tuple[str, object]:
    try:
        return "read", read(data, kind)
    except Refused:
        return "refused", None


def by_converter(data: object, kind: Any) -> tuple[str, object]:
    try:
        return "read", shared().structure(data, kind)
    except Exception:
        return "refused", None


def same(found: tuple[str, object], wanted: tuple[str, object]) -> bool:
    """The same outcome and value, down to its types (a tuple is not a list, True is not 1)."""
    return found == wanted and repr(found) == repr(wanted)


def assert_reads_alike(data: object, kind: Any) -> None:
    """What the quick reader reads, the converter reads to the same value (what it refuses,
    the converter is asked)."""
    found = by_quick_reader(data, kind)
    if found[0] == "read":
        assert same(found, by_converter(data, kind))


@pytest.fixture(scope="module")
def played(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A demo campaign's state and its journal's events, as read from their files."""
    path = tmp_path_factory.mktemp("played") / "p.toml"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["new", str(path), "--demo"]) == 0
        assert main(["note", str(path), "the ford is watched"]) == 0
        assert main(["set", str(path), "Brannoc.xp", "2"]) == 0
        assert main(["move", str(path), "defend", "--as", "Isolde", "--dice", "2"]) == 0
    state = tomllib.loads(path.read_text(encoding="utf-8"))
    segment = (journal_folder(path) / "00000001.toml").read_text(encoding="utf-8")
    return {k: v for k, v in state.items() if k not in OWN_KEYS}, tomllib.loads(segment)["events"]


@pytest.mark.parametrize(("item", "kind"), ENTRIES, ids=lambda v: getattr(v, "__name__", ""))
def test_every_entry_of_the_shipped_and_test_files_reads_the_same_both_ways(
    item: dict[str, Any], kind: type
) -> None:
    assert same(by_quick_reader(item, kind), by_converter(item, kind))
    with contextlib.suppress(Exception):
        assert same(("read", structure(item, kind)), by_converter(item, kind))


def test_a_campaign_and_its_events_read_the_same_both_ways(
    played: tuple[dict[str, Any], list[dict[str, Any]]],
) -> None:
    state, events = played
    assert same(by_quick_reader(state, Campaign), by_converter(state, Campaign))
    assert by_quick_reader(state, Campaign)[0] == "read"
    for event in events:
        body = {k: v for k, v in event.items() if k not in (DIGEST_KEY, "deltas")}
        assert same(by_quick_reader(body, Event), by_converter(body, Event))
        for delta in event.get("deltas", []):
            kind = type_at(tuple(delta["path"]))
            for side in ("before", "after"):
                if side in delta:
                    assert_reads_alike(delta[side], kind)


def test_shorter_forms_read_as_the_converter_writes_them_out() -> None:
    assert same(by_quick_reader("rope", Item), ("read", Item("rope")))
    assert same(by_quick_reader("rope", Item), by_converter("rope", Item))
    row = {"id": "a", "low": 1, "high": 6, "text": "x", "follow": "endure_harm"}
    assert same(by_quick_reader(row, TableRow), by_converter(row, TableRow))
    assert by_quick_reader(row, TableRow)[1] == TableRow("a", 1, 6, "x", follow=("endure_harm",))


def test_nothing_loose_is_read() -> None:
    move = next(item for item, kind in ENTRIES if kind is Move)
    for changed in (
        {**move, "risky": 1},  # a number is not true/false
        {**move, "name": 3},
        {**move, "tags": "a"},  # text is not a list
        {**move, "unheard_of": 1},
        {k: v for k, v in move.items() if k != "trigger"},
    ):
        assert by_quick_reader(changed, Move) == ("refused", None)
        assert by_converter(changed, Move) == ("refused", None)


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_the_quick_reader_reads_only_what_the_converter_reads_and_to_the_same_value(
    data: st.DataObject,
) -> None:
    item, kind = data.draw(st.sampled_from(ENTRIES))
    if not isinstance(item, dict):
        return
    assert_reads_alike(data.draw(mutations(item)), kind)


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_a_changed_campaign_reads_alike_both_ways(
    data: st.DataObject, played: tuple[dict[str, Any], list[dict[str, Any]]]
) -> None:
    state, events = played
    assert_reads_alike(data.draw(mutations(state)), Campaign)
    event = data.draw(st.sampled_from(events))
    body = {k: v for k, v in event.items() if k not in (DIGEST_KEY, "deltas")}
    assert_reads_alike(data.draw(mutations(body)), Event)


def model_classes() -> list[type]:
    """Every attrs class of the engine and the store."""
    found = []
    for package in (hearthroll.core, hearthroll.store):
        for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            module = importlib.import_module(info.name)
            found += [
                value
                for value in vars(module).values()
                if isinstance(value, type) and attrs.has(value) and value.__module__ == info.name
            ]
    return found


def test_each_field_has_the_type_typing_resolves() -> None:
    for kind in model_classes():
        try:
            wanted = typing.get_type_hints(kind)
        except NameError:  # a class whose annotations name what only the type checker sees
            continue
        found = field_types(kind)
        assert {name: wanted[name] for name in found} == found, kind
