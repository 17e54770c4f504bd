"""The palette's one search finds oracle tables beside the moves (by name, with typos, and by
collection) and Ask the Oracle at every odds, in every game; a move keeps its place first."""

from __future__ import annotations

import attrs
import pytest

from hearthroll.core.rules.search import ASK, TABLE, Entry, MoveIndex, palette_items
from hearthroll.core.verbs.oracle import ODDS
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)


def found(index: MoveIndex, query: str) -> list[tuple[str, str]]:
    hits = index.search(query, limit=5)
    return [
        (item.kind if isinstance(item, Entry) else "move", item.name)
        for item in (index.items[h.index] for h in hits)
    ]


@pytest.mark.parametrize("game", ["house", "hack", "starforged", "maneuvers"])
def test_ask_the_oracle_is_found_at_every_odds_in_every_game(game: str) -> None:
    index = MoveIndex(palette_items(CATALOG.ruleset(game), ODDS))
    for said, chance in ODDS.items():
        assert found(index, f"ask {said}")[0] == (ASK, f"Ask the Oracle: {said} ({chance})")


def test_a_table_is_found_by_a_typo_and_a_move_of_its_name_stays_first() -> None:
    index = MoveIndex(palette_items(CATALOG.ruleset("starforged"), ODDS))
    assert found(index, "withstnd damage")[:2] == [
        ("move", "Withstand Damage"),
        (TABLE, "Withstand Damage"),
    ]
    assert found(index, "oracle endur stress")[0] == (TABLE, "Endure Stress")


def test_a_table_is_found_by_its_collection() -> None:
    ruleset = CATALOG.ruleset("starforged")
    tables = tuple(
        attrs.evolve(t, collection="Core Oracles") if t.id == "endure_stress" else t
        for t in ruleset.tables
    )
    index = MoveIndex(palette_items(attrs.evolve(ruleset, tables=tables), ODDS))
    assert found(index, "core oracles")[0] == (TABLE, "Endure Stress")
