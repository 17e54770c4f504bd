"""The whole Starforged package from the npm registry, where it has been fetched: every table
it holds covers its die, every move loads, and Face Danger rolls as the rules say.

The package is not kept in the repository. CI fetches it (any version: `npm pack` gives the
latest) and unpacks it beside the trimmed copy:

    npm pack @datasworn/starforged
    tar xzf datasworn-starforged-*.tgz -C tests/data/datasworn

or names its JSON in HEARTHROLL_DATASWORN_STARFORGED.
"""

from __future__ import annotations

import os
from pathlib import Path

import attrs
import pytest

from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.games.demo import new_campaign
from hearthroll.core.verbs import edits
from hearthroll.core.verbs.session import make_move
from hearthroll.store.datasworn import read_packages
from hearthroll.store.rulesets import build_catalog, shipped_file

UNPACKED = Path(__file__).parent / "data" / "datasworn" / "package" / "json" / "starforged.json"
WHOLE = Path(os.environ.get("HEARTHROLL_DATASWORN_STARFORGED") or UNPACKED)

pytestmark = pytest.mark.skipif(
    not WHOLE.is_file(),
    reason=(
        "the whole Starforged package is not here: fetch it with `npm pack "
        "@datasworn/starforged && tar xzf datasworn-starforged-*.tgz -C tests/data/datasworn` "
        "(or name its starforged.json in HEARTHROLL_DATASWORN_STARFORGED)"
    ),
)


def test_the_whole_package_loads_with_every_table_covering_its_die() -> None:
    shipped = shipped_file()
    read = read_packages([WHOLE], shipped)
    assert read.problems == ()
    assert all("leads nowhere" in str(w) for w in read.warnings)  # 0.0.10 has a few
    ruleset = build_catalog([shipped, *read.files]).ruleset("starforged")
    tables = [t for t in ruleset.tables if t.id.startswith("ds_")]
    assert len(tables) >= 262 and sum(len(t.rows) for t in tables) >= 4300
    for table in tables:
        for face in range(1, table.die + 1):
            assert len([r for r in table.rows if r.low <= face <= r.high]) == 1, table.id
    moves = [m for m in ruleset.moves if m.id.startswith("ds_")]
    assert len([m for m in moves if "asset" in m.tags]) == 87
    assert len([m for m in moves if "foe" in m.tags]) == 23
    assert len([m for m in moves if not {"asset", "asset_move", "foe"} & set(m.tags)]) == 50
    assert all(m.source is not None and m.source.license == "CC BY 4.0" for m in moves)


def test_face_danger_from_the_whole_package_rolls_as_the_rules_say() -> None:
    shipped = shipped_file()
    ruleset = build_catalog([shipped, *read_packages([WHOLE], shipped).files]).ruleset("starforged")
    state = edits.add_character(new_campaign(ruleset), ruleset, "Kael").state
    kael = state.characters["Kael"]
    state = attrs.evolve(
        state, characters={"Kael": attrs.evolve(kael, stats={**kael.stats, "edge": 2})}
    )
    for faces, band in (((6, 3, 7), "strong"), ((5, 3, 7), "weak"), ((1, 3, 7), "miss")):
        dice = TypedDice(faces)
        out = make_move(
            state, ruleset, "Face Danger", dice, actor="Kael", inputs={"stat": "edge"}, picks=()
        )
        dice.finish()
        assert out.event.band == band, faces
