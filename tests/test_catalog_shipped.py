"""The shipped catalog: installed with the package, valid, and complete against the rules files."""

import json
from importlib import resources

import pytest

from cli_run import run_cli as run
from hearthroll.core.dice.bands import BandRange, Bands
from hearthroll.core.errors import NotFound
from hearthroll.core.rules.search import MoveIndex, find_move
from hearthroll.store.rulesets import load_catalog, shipped_file

CATALOG = load_catalog(with_user=False)

# Every move the rules files name, by the ruleset that runs it.
EXPECTED = {
    "house": [
        "Seasons Change",
        "Bolster",
        "Convalesce",
        "Deploy",
        "Level Up",
        "Make a Plan",
        "Meet With Disaster",
        "Muster",
        "Pull Together",
        "Trade & Barter",
        "Clash",
        "Volley",
        "Defy Danger",
        "Defend",
        "Take Watch",
        "Rest",
        "Last Breath",
        "Respawn",
    ],
    "hack": [
        "Hack and Slash",
        "Volley",
        "Defy Danger",
        "Defend",
        "Take Watch",
        "Rest",
        "Last Breath",
        "Respawn",
    ],
    "starforged": [
        "Companion Takes a Hit",
        "Endure Harm",
        "Endure Stress",
        "Lose Momentum",
        "Sacrifice Resources",
        "Withstand Damage",
    ],
    "maneuvers": [
        "Kick",
        "Bash",
        "Trip",
        "Disarm",
        "Rescue",
        "Flee",
        "Break Off",
        "Breaking Point",
    ],
}


def test_the_catalog_is_installed_as_package_data() -> None:
    resource = resources.files("hearthroll").joinpath("data", "moves.toml")
    assert resource.is_file()
    assert "schema_version" in resource.read_text(encoding="utf-8")


@pytest.mark.parametrize("ruleset", sorted(EXPECTED))
def test_every_move_of_the_rules_is_present(ruleset: str) -> None:
    names = {m.name for m in CATALOG.ruleset(ruleset).moves}
    missing = [n for n in EXPECTED[ruleset] if n not in names]
    assert missing == []


def test_four_rulesets_with_house_the_default() -> None:
    assert [r.id for r in CATALOG.rulesets] == ["house", "hack", "starforged", "maneuvers"]
    assert CATALOG.default.id == "house"


def test_house_basic_moves_are_risky_pool_moves() -> None:
    house = CATALOG.ruleset("house")
    for name in ("Clash", "Volley", "Defy Danger", "Defend", "Take Watch"):
        move = next(m for m in house.moves if m.name == name)
        assert move.risky and move.roll.mechanic == "pool", name
    assert "Hack and Slash" in house.move("clash").aliases


def test_house_community_moves_roll_their_steading_stat() -> None:
    house = CATALOG.ruleset("house")
    stats = {
        m: house.move(m).roll.stat
        for m in ("deploy", "muster", "pull_together", "trade_and_barter", "seasons_change")
    }
    assert stats == {
        "deploy": "defenses",
        "muster": "population",
        "pull_together": "population",
        "trade_and_barter": "prosperity",
        "seasons_change": "fortunes",
    }
    assert all(house.move(m).roll.mechanic == "stat_dice" for m in stats)


def test_take_watch_splits_the_weak_result_by_the_highest_die() -> None:
    bands = CATALOG.ruleset("house").move("take_watch").bands
    ranged = Bands(tuple(BandRange(b.id, b.low, b.high) for b in bands if b.low is not None))
    assert ranged.problems(2, 5) == []
    assert {b.id for b in bands} >= {"miss", "strong"}


def test_starforged_tables_cover_d100_exactly_once() -> None:
    tables = CATALOG.ruleset("starforged").tables
    assert len(tables) == 3
    for table in tables:
        assert table.die == 100
        rows = Bands(tuple(BandRange(r.id, r.low, r.high) for r in table.rows))
        assert rows.problems(1, 100) == [], table.id
    sizes = sorted(len(t.rows) for t in tables)
    assert sizes == [4, 5, 8]


def test_maneuvers_costs_and_cooldowns_are_exact() -> None:
    maneuvers = CATALOG.ruleset("maneuvers")
    costs = {
        m.name: (m.cost, m.cooldown, m.roll.target)
        for m in maneuvers.moves
        if m.name in ("Kick", "Bash", "Trip", "Disarm", "Rescue")
    }
    assert costs == {
        "Kick": (10, 1, 9),
        "Bash": (15, 2, 11),
        "Trip": (12, 3, 12),
        "Disarm": (18, 4, 14),
        "Rescue": (20, 5, 9),
    }
    flee = next(m for m in maneuvers.moves if m.name == "Flee")
    assert flee.roll.target == 11 and flee.roll.nat20_succeeds


def test_gear_weights_armor_and_damage() -> None:
    gear = {g.id: g for g in CATALOG.ruleset("house").gear}
    assert (
        gear["light_armor"].weight,
        gear["light_armor"].weight_carried,
        gear["light_armor"].armor,
    ) == (0, 1, 1)
    assert (gear["heavy_armor"].weight, gear["heavy_armor"].armor) == (2, 3)
    assert gear["weapon"].damage == "1d6" and gear["big_weapon"].damage == "1d10"
    assert gear["big_weapon"].to_hit == -1


def test_search_over_the_shipped_catalog() -> None:
    moves = CATALOG.moves()
    index = MoveIndex(moves)
    top = [moves[h.index].name for h in index.search("hakc")[:2]]
    assert "Hack and Slash" in top and "Clash" in top
    assert moves[index.search("village muster")[0].index].name == "Muster"


def test_find_move_by_id_name_or_alias_in_any_case() -> None:
    moves = CATALOG.moves()
    assert find_move(moves, "CLASH").id == "clash"
    assert find_move(moves, "hack and slash").id == "hack_hack_and_slash"
    assert find_move(moves, "Trade & Barter").id == "trade_and_barter"
    with pytest.raises(NotFound, match="did you mean Muster"):
        find_move(moves, "musterr")


def test_shipped_file_reads_from_the_package() -> None:
    assert shipped_file().name == "moves.toml"


def test_check_passes_on_the_installed_catalog() -> None:
    path = resources.files("hearthroll").joinpath("data", "moves.toml")
    result = run("check", str(path))
    assert result.returncode == 0, result.stdout
    assert "4 rulesets" in result.stdout


def test_moves_json_lists_best_match_first() -> None:
    result = run("moves", "hakc", "--json")
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    assert {"id", "name", "ruleset", "trigger", "tags"} <= set(found[0])
    assert {found[0]["name"], found[1]["name"]} == {"Hack and Slash", "Clash"}


def test_moves_without_a_query_lists_all_grouped() -> None:
    result = run("moves", "--json")
    found = json.loads(result.stdout)
    assert len(found) == len(CATALOG.moves())
    rulesets = [m["ruleset"] for m in found]
    assert rulesets == sorted(rulesets, key=["house", "hack", "starforged", "maneuvers"].index)


def test_show_renders_a_card() -> None:
    result = run("show", "muster", "--ruleset", "house")
    assert result.returncode == 0, result.stderr
    assert "Muster" in result.stdout and "Population" in result.stdout


def test_show_unknown_move_suggests_and_exits_2() -> None:
    result = run("show", "hakc")
    assert result.returncode == 2
    assert "did you mean Hack and Slash" in result.stderr
    assert "Traceback" not in result.stderr
