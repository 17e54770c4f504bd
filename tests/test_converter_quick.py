"""A move file is read first with the quick converter, which stops at the first problem: it
accepts exactly what the detailed one accepts, and makes the same values, so reading with it
first changes nothing but the time a cold start takes."""

from __future__ import annotations

import tomllib
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.rules.model import Move, Ruleset
from hearthroll.store.converter import quick, shared, structure
from hearthroll.store.sources import shipped_path
from test_store_fuzz import mutations

SHIPPED = tomllib.loads(shipped_path().read_text(encoding="utf-8"))
KINDS = {"rulesets": Ruleset, "moves": Move}


def attempt(converter: Any, data: object, kind: type) -> tuple[str, object]:
    try:
        return "read", converter.structure(data, kind)
    except Exception:
        return "refused", None


@settings(max_examples=150, deadline=None)
@given(data=st.data(), table=st.sampled_from(sorted(KINDS)))
def test_the_quick_converter_reads_exactly_what_the_detailed_one_reads(
    data: st.DataObject, table: str
) -> None:
    item = data.draw(st.sampled_from(SHIPPED[table]))
    changed = data.draw(mutations(item))
    kind = KINDS[table]
    assert attempt(quick(), changed, kind) == attempt(shared(), changed, kind)


def test_every_shipped_ruleset_and_move_reads_the_same_both_ways() -> None:
    for table, kind in KINDS.items():
        for item in SHIPPED[table]:
            assert structure(item, kind) == shared().structure(item, kind)
