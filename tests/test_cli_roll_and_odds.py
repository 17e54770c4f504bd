"""The command line: `roll` and `odds`, as a person runs them (a subprocess, exit codes, JSON)."""

import json

import pytest

from cli_run import run_cli as run


def test_version() -> None:
    result = run("--version")
    assert result.returncode == 0 and result.stdout.startswith("hearthroll ")


def test_odds_pool_four_json_gives_the_exact_bust() -> None:
    result = run("odds", "pool", "4", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["bands"]["miss"] == "671/1296"
    assert set(data["bands"]) == {"miss", "weak", "strong"}


def test_odds_pool_table_is_readable() -> None:
    result = run("odds", "pool", "4")
    assert result.returncode == 0
    assert "671/1296" in result.stdout and "51.8%" in result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ("odds", "stat-dice", "2", "--dis", "--json"),
        ("odds", "sum", "2d6", "--mod", "1", "--json"),
        ("odds", "action", "--stat", "2", "--adds", "1", "--json"),
        ("odds", "d20", "--mod", "2", "--target", "11", "--json"),
        ("odds", "pool", "3", "--adv", "--rerolls", "2", "--json"),
    ],
)
def test_every_odds_verb_prints_fractions_summing_to_one(args: tuple[str, ...]) -> None:
    from fractions import Fraction

    result = run(*args)
    assert result.returncode == 0, result.stderr
    bands = json.loads(result.stdout)["bands"]
    assert sum(Fraction(p) for p in bands.values()) == 1
    for p in bands.values():
        assert str(Fraction(p)) == p  # lowest terms


def test_roll_with_typed_dice_json() -> None:
    result = run("roll", "4d6kh3", "--dice", "1,5,3,6", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["dice"] == [1, 5, 3, 6]
    assert sorted(data["kept"]) == [3, 5, 6]
    assert data["total"] == 14


def test_roll_with_named_values() -> None:
    result = run("roll", "1d4+3+str/3+dex/4", "--set", "str=12", "--set", "dex=9", "--dice", "2")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith("11")


def test_roll_seeded_is_repeatable() -> None:
    assert run("roll", "3d6", "--seed", "5").stdout == run("roll", "3d6", "--seed", "5").stdout


def test_roll_wrong_count_of_typed_dice_names_both() -> None:
    result = run("roll", "2d6+1d4", "--dice", "3,4")
    assert result.returncode == 2
    assert "d6, d6, d4" in result.stderr and "3,4" in result.stderr
    assert "Traceback" not in result.stderr


def test_roll_face_outside_the_die_is_refused() -> None:
    result = run("roll", "1d4", "--dice", "5")
    assert result.returncode == 2 and "d4" in result.stderr and "5" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("roll", "1000000d6"),
        ("roll", "1d0"),
        ("roll", "(" * 10000 + "1" + ")" * 10000),
        ("roll", "2d6+"),
        ("odds", "pool", "x"),
        ("odds", "pool", "0"),
        ("odds", "sum", "banana"),
        ("odds", "d20", "--mod", "1"),
        ("odds", "stat-dice", "-1000000"),
        ("odds", "stat-dice", "13"),
        ("odds",),
        ("frobnicate",),
    ],
)
def test_usage_errors_exit_2_with_one_line_and_no_traceback(args: tuple[str, ...]) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith("hearthroll: ")


def test_odds_stat_dice_names_its_bounds() -> None:
    refused = run("odds", "stat-dice", "-1000000")
    assert refused.stderr == (
        "hearthroll: a community roll's stat must be from -12 to 12, not -1000000 (any stat of "
        "0 or less rolls 2d6 and keeps the lowest)\n"
    )
    assert run("odds", "stat-dice", "-12").stdout == run("odds", "stat-dice", "0").stdout.replace(
        "+0", "−12"
    )
    assert run("odds", "stat-dice", "12").returncode == 0
