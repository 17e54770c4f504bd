"""A GM's own bestiary loads as move files do: a `foes.toml` in their moves folder, or a foes
file named with `--moves` (told by its top-level `[[foes]]`, also when a campaign names it),
joins the shipped foes; a foe two files call by one name is refused naming both."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from cli_run import run_cli
from hearthroll.cli.kernel import moves_of, read_campaign
from hearthroll.core.games.encounter.bestiary import known_foe
from hearthroll.store.bestiary import BestiaryError, bestiary_for, shipped_bestiary
from hearthroll.store.rulesets import load_catalog
from hearthroll.store.sources import is_bestiary, ruleset_files, user_files

MANEUVERS = load_catalog(with_user=False).ruleset("maneuvers")

BEAR = """\
schema_version = 1

[[foes]]
name = "Cave bear"
ruleset = "maneuvers"
scores = { str = 18, dex = 10 }
health = 30
huge = true
"""
WOLF = BEAR.replace('name = "Cave bear"', 'name = "wolf"')


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_foes_file_named_with_moves_joins_the_shipped_foes(tmp_path: Path) -> None:
    bears = write(tmp_path, "bears.toml", BEAR)
    joined = bestiary_for([bears], with_user=False)
    assert joined.foes[: len(shipped_bestiary().foes)] == shipped_bestiary().foes
    bear = known_foe(MANEUVERS, joined, "cave bears")
    assert (bear.health, bear.huge) == (30, True)


def test_the_user_s_own_foes_toml_joins_from_their_moves_folder(tmp_path: Path) -> None:
    folder = tmp_path / "moves"
    write(folder, "foes.toml", BEAR)
    assert known_foe(MANEUVERS, bestiary_for(user_folder=folder), "Cave bear").health == 30
    assert user_files(folder) == []  # not read as a move file


def test_a_name_given_twice_is_refused_naming_both_files(tmp_path: Path) -> None:
    bears = write(tmp_path / "a", "bears.toml", BEAR)
    again = write(tmp_path / "b", "more.toml", BEAR)
    with pytest.raises(BestiaryError) as raised:
        bestiary_for([bears, again], with_user=False)
    (problem,) = raised.value.problems
    assert problem.file == str(again) and problem.path == "foes[0].name"
    assert (problem.line, problem.column) == (4, 1)
    assert f"'Cave bear' names the maneuvers foe 'Cave bear' of {bears} already" in str(problem)


def test_a_shipped_foe_s_name_is_refused_too(tmp_path: Path) -> None:
    wolves = write(tmp_path, "wolves.toml", WOLF)
    with pytest.raises(BestiaryError, match=r"'wolf' names the maneuvers foe 'Wolf' of foes\.toml"):
        bestiary_for([wolves], with_user=False)


def test_every_problem_of_every_file_is_named(tmp_path: Path) -> None:
    bad = write(tmp_path, "bad.toml", BEAR.replace("health = 30", 'health = "lots"'))
    worse = write(tmp_path / "m", "foes.toml", BEAR.replace("schema_version = 1\n", ""))
    with pytest.raises(BestiaryError) as raised:
        bestiary_for([bad], user_folder=tmp_path / "m")
    said = str(raised.value)
    assert f"{bad}:7:1: foes[0].health: expected a whole number" in said
    assert f"{worse}:1:1: schema_version is missing" in said


def test_a_foes_file_is_told_from_a_move_file_by_its_top_level_foes(tmp_path: Path) -> None:
    bears = write(tmp_path, "bears.toml", BEAR)
    moves = write(tmp_path, "moves.toml", "schema_version = 1\n# [[foes]] in words\n")
    assert is_bestiary(bears) and not is_bestiary(moves)
    assert ruleset_files([bears, moves]) == [moves]


def test_a_campaign_s_own_foes_file_is_its_bestiary_and_not_its_moves(tmp_path: Path) -> None:
    bears = write(tmp_path, "bears.toml", BEAR)
    path = tmp_path / "fight.toml"
    made = run_cli("new", str(path), "--ruleset", "maneuvers", "--demo", "--moves", str(bears))
    assert made.returncode == 0, made.stderr
    args = argparse.Namespace(file=path, moves=[])
    with read_campaign(args) as store:  # opens: the foes file is not read as moves
        assert store.ruleset.id == "maneuvers"
    assert moves_of(args) == [bears]
    assert known_foe(MANEUVERS, bestiary_for(moves_of(args), with_user=False), "cave bear")


def test_check_reads_a_foes_file_as_a_bestiary(tmp_path: Path) -> None:
    bears = write(tmp_path, "bears.toml", BEAR)
    assert run_cli("check", str(bears)).stdout.strip() == f"{bears}: ok: a bestiary, 1 foe"
    wolves = write(tmp_path, "wolves.toml", WOLF)
    refused = run_cli("check", str(wolves))
    assert refused.returncode == 1
    assert f"{wolves}:4:1: foes[0].name: 'wolf' names the maneuvers foe 'Wolf'" in refused.stdout
