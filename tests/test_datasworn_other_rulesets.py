"""A Datasworn package that is not Starforged's (Ironsworn classic) brings a ruleset of its
own: its stats, condition meters, impacts and momentum, rolling `action` and `table`; its
moves roll with the stats their triggers offer, the higher one where the trigger says so."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from cli_run import run_cli
from hearthroll.core.rules.model import Catalog
from hearthroll.store.datasworn.package import PackageError, package_of
from hearthroll.store.datasworn.reading import convert
from hearthroll.store.rulesets import build_catalog, shipped_file

SOURCE = {
    "title": "A small sword-and-sorcery game (hearthroll test data)",
    "authors": [{"name": "hearthroll's tests"}],
    "license": "https://creativecommons.org/licenses/by/4.0",
    "url": "https://example.org/small",
}


def _move(roll_type: str, conditions: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "type": "move",
        "roll_type": roll_type,
        "trigger": {"text": "When you brave the cold...", "conditions": conditions},
        "text": "__When you brave the cold__, roll.",
        "outcomes": {
            "strong_hit": {"text": "On a __strong hit__, you are fine."},
            "weak_hit": {"text": "On a __weak hit__, you shiver."},
            "miss": {"text": "On a __miss__, you freeze."},
        },
    }


SMALL: dict[str, Any] = {
    "_id": "small",
    "datasworn_version": "0.0.10",
    "type": "ruleset",
    **SOURCE,
    "rules": {
        "stats": {"grit": {"label": "grit"}, "guile": {"label": "guile"}},
        "condition_meters": {"health": {"label": "health", "min": 0, "max": 4, "value": 4}},
        "impacts": {
            "woes": {"label": "woes", "contents": {"chilled": {"label": "chilled"}}},
        },
    },
    "moves": {
        "cold": {
            "type": "move_category",
            "name": "Cold Moves",
            "contents": {
                "brave_the_cold": _move(
                    "action_roll",
                    [
                        {
                            "method": "highest",
                            "roll_options": [
                                {"using": "condition_meter", "condition_meter": "health"},
                                {"using": "stat", "stat": "grit"},
                            ],
                        }
                    ],
                ),
                "huddle": _move(
                    "action_roll",
                    [
                        {
                            "method": "lowest",
                            "roll_options": [
                                {"using": "stat", "stat": "grit"},
                                {"using": "stat", "stat": "guile"},
                            ],
                        }
                    ],
                ),
            },
        }
    },
}


def catalog() -> Catalog:
    shipped = shipped_file()
    read = convert([package_of("small.json", SMALL)], shipped.rulesets, shipped.moves)
    assert read.problems == () and read.warnings == ()
    return build_catalog([shipped, *read.files])


def test_a_package_of_another_game_brings_its_own_ruleset() -> None:
    small = catalog().ruleset("small")
    assert small.name == "A small sword-and-sorcery game (hearthroll test data)"
    assert small.mechanics == ("action", "table")
    assert [(s.id, s.min, s.max) for s in small.stats] == [("grit", 1, 3), ("guile", 1, 3)]
    health, momentum = small.meters
    assert (health.id, health.max, health.start) == ("health", 4, 4)
    assert (momentum.min, momentum.max, momentum.start, momentum.reset) == (-6, 10, 2, 2)
    assert [(c.id, c.impact) for c in small.conditions] == [("chilled", True)]


def test_its_moves_roll_with_the_higher_stat_where_the_trigger_says_so() -> None:
    small = catalog().ruleset("small")
    brave = small.move("ds_small_cold_brave_the_cold").roll
    assert (brave.mechanic, brave.stat_choice, brave.choose) == (
        "action",
        ("health", "grit"),
        "highest",
    )
    huddle = small.move("ds_small_cold_huddle").roll  # the lower one: the player says which
    assert (huddle.stat_choice, huddle.choose) == (("grit", "guile"), "player")


def test_a_campaign_plays_the_package_s_own_ruleset(tmp_path: Path) -> None:
    import json

    (tmp_path / "small.json").write_text(json.dumps(SMALL), encoding="utf-8")
    made = run_cli("new", "c.toml", "--ruleset", "small", "--moves", "small.json", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    added = run_cli(
        "add", "c.toml", "Wren", "--set", "grit=2", "--moves", "small.json", cwd=tmp_path
    )
    assert added.returncode == 0, added.stderr
    # health 4 beats grit 2: 3 + 4 = 7 against 2 and 9, a weak hit
    rolled = run_cli(
        "move", "c.toml", "Brave the Cold", "--as", "Wren", "--dice", "3,2,9",
        "--moves", "small.json", cwd=tmp_path,
    )  # fmt: skip
    assert rolled.returncode == 0, rolled.stderr
    assert "action die 3 + health 4 = 7" in rolled.stdout and "→ weak hit" in rolled.stdout


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ({"moves": {}}, "not a Datasworn package: it has no datasworn_version"),
        ({**SMALL, "datasworn_version": "2.0.0"}, "Datasworn 2.0.0 is a version hearthroll"),
        ({**SMALL, "type": "expansion"}, "an expansion names the ruleset it builds on"),
    ],
)
def test_a_file_that_is_not_a_package_hearthroll_reads_says_why(
    doc: dict[str, Any], message: str
) -> None:
    with pytest.raises(PackageError, match=message):
        package_of("x.json", doc)
