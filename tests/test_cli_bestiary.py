"""The bestiary at the shell: `foe FILE wolf` and `foe FILE "2 wolves"` bring foes the
bestiary knows; an unknown name without scores is refused naming them; `foe --list` lists
them; scores given still make a foe of the GM's own."""

from __future__ import annotations

import json
from pathlib import Path

from cli_run import run_cli


def maneuvers(tmp_path: Path) -> Path:
    path = tmp_path / "ford.toml"
    assert run_cli("new", str(path), "--ruleset", "maneuvers").returncode == 0
    return path


def foes(path: Path) -> dict[str, dict[str, object]]:
    state = json.loads(run_cli("state", str(path), "--json").stdout)
    encounter = state["encounter"]
    return {} if encounter is None else {f["name"]: f for f in encounter["foes"]}


def test_a_foe_named_alone_comes_from_the_bestiary(tmp_path: Path) -> None:
    path = maneuvers(tmp_path)
    done = run_cli("foe", str(path), "an ogre")
    assert done.returncode == 0, done.stderr
    assert "Ogre joins the fight" in done.stdout
    ogre = foes(path)["Ogre"]
    assert (ogre["str"], ogre["dex"], ogre["armor"], ogre["huge"]) == (19, 8, 2, True)
    assert ogre["meters"] == {"health": 40} and ogre["weapon"] == "two_handed"


def test_two_wolves_join_numbered_and_attacking_whom_the_gm_says(tmp_path: Path) -> None:
    path = maneuvers(tmp_path)
    assert run_cli("add", str(path), "Wren").returncode == 0
    done = run_cli("foe", str(path), "2 wolves", "--attacking", "Wren")
    assert done.returncode == 0, done.stderr
    assert "Wolf 1 joins" in done.stdout and "Wolf 2 joins" in done.stdout
    joined = foes(path)
    assert sorted(joined) == ["Wolf 1", "Wolf 2"]
    assert all(f["attacking"] == "Wren" and f["dex"] == 15 for f in joined.values())
    again = run_cli("foe", str(path), "wolf")
    assert again.returncode == 0 and "Wolf 3 joins" in again.stdout


def test_an_unknown_foe_without_scores_is_refused_naming_the_known_ones(tmp_path: Path) -> None:
    path = maneuvers(tmp_path)
    refused = run_cli("foe", str(path), "dragon")
    assert refused.returncode == 2
    assert "no 'dragon'" in refused.stderr and "Wolf, Dire rat" in refused.stderr
    assert "Traceback" not in refused.stderr
    assert foes(path) == {}
    assert json.loads(run_cli("state", str(path), "--json").stdout)["events"] == 0


def test_scores_given_still_make_the_gms_own_foe(tmp_path: Path) -> None:
    path = maneuvers(tmp_path)
    done = run_cli("foe", str(path), "Wolf", "--str", "9", "--dex", "9", "--health", "5")
    assert done.returncode == 0, done.stderr
    assert foes(path)["Wolf"]["str"] == 9
    half = run_cli("foe", str(path), "Imp", "--str", "3")
    assert half.returncode == 2 and "needs --dex, --health" in half.stderr
    dressed = run_cli("foe", str(path), "ogre", "--armor", "4")
    assert dressed.returncode == 2 and "as it is written" in dressed.stderr


def test_the_list_names_every_foe_with_its_numbers(tmp_path: Path) -> None:
    listed = run_cli("foe", "--list")
    assert listed.returncode == 0, listed.stderr
    assert "maneuvers" in listed.stdout
    assert "Wolf (Wolves): Str 12 Dex 15, health 12/12" in listed.stdout
    assert "Troll (Trolls)" in listed.stdout
    path = maneuvers(tmp_path)
    data = json.loads(run_cli("foe", str(path), "--list", "--json").stdout)
    assert len(data) == 12 and data[0]["name"] == "Wolf" and data[0]["plural"] == "Wolves"
    assert run_cli("foe", "--list", "wolf").returncode == 2
