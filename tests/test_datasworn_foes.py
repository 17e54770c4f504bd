"""Datasworn foes in Starforged: each of the package's foes is kept as a card to read (name,
rank, nature, features, drives, tactics, source and licence), `show FOE --moves FILE.json` prints
it with the command that makes its combat track, and `check` names a foe with no name or a rank
that is not one of the five by its JSON path."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from cli_run import run_cli
from hearthroll.core.rules.model import Move
from hearthroll.store.rulesets import load_catalog

DATA = Path(__file__).parent / "data" / "datasworn"
SHAPES = {"0.1": DATA / "starforged-0.1.0.json", "0.0": DATA / "starforged-0.0.10.json"}
BOTH = pytest.mark.parametrize("shape", sorted(SHAPES))
WHOLE = Path(
    os.environ.get("HEARTHROLL_DATASWORN_STARFORGED")
    or DATA / "package" / "json" / "starforged.json"
)
RANKS = ("troublesome", "dangerous", "formidable", "extreme", "epic")


def foes(package: Path) -> list[Move]:
    ruleset = load_catalog([package], with_user=False).ruleset("starforged")
    return [m for m in ruleset.moves if "foe" in m.tags]


@BOTH
def test_each_foe_keeps_its_rank_nature_features_drives_tactics_and_credit(shape: str) -> None:
    found = {m.name.lower(): m for m in foes(SHAPES[shape])}
    assert sorted(found) == ["chiton", "drift pirate", "ember wisp"]
    chiton = found["chiton"]
    assert chiton.trigger == "A foe (dangerous, monster): Insectoid horde."
    assert {"foe", "dangerous", "monster"} <= set(chiton.tags)
    paragraphs = chiton.text.split("\n\n")
    assert [p.split(":")[0] for p in paragraphs[:3]] == ["Features", "Drives", "Tactics"]
    assert paragraphs[1] == (
        "Drives: Build and expand the nest; Feed and protect the queen; Snuff out intelligent life."
    )
    assert chiton.source is not None and chiton.source.license == "CC BY 4.0"
    assert chiton.source.title == "Ironsworn: Starforged Rulebook"


@BOTH
def test_show_prints_a_foe_s_card_and_how_to_fight_it_on_a_track(shape: str) -> None:
    shown = run_cli("show", "chiton", "--moves", str(SHAPES[shape]))
    assert shown.returncode == 0, shown.stderr
    out = shown.stdout
    assert "A foe (dangerous, monster): Insectoid horde." in out
    assert "Tactics: Attack with lightning reflexes" in out
    assert "CC BY 4.0" in out
    last = out.strip().splitlines()[-1]
    assert last == "To fight it: hearthroll track FILE new Chiton --rank dangerous --kind combat"


def test_the_card_s_command_makes_the_combat_track(tmp_path: Path) -> None:
    path = tmp_path / "sf.toml"
    assert run_cli("new", str(path), "--ruleset", "starforged", "--demo").returncode == 0
    shown = run_cli("show", "ember wisp", "--moves", str(SHAPES["0.1"]))
    words = shown.stdout.strip().splitlines()[-1].removeprefix("To fight it: hearthroll ")
    args = [str(path) if w == "FILE" else w for w in words.split()]
    args = [*args[:3], "Ember Wisp", *args[5:]]  # the name, as the shell reads it quoted
    made = run_cli(*args)
    assert made.returncode == 0, made.stderr
    listed = run_cli("track", str(path), "list")
    assert "Ember Wisp" in listed.stdout


def test_a_card_that_is_no_foe_says_nothing_of_tracks() -> None:
    shown = run_cli("show", "face danger", "--moves", str(SHAPES["0.1"]))
    assert shown.returncode == 0, shown.stderr
    assert "To fight it" not in shown.stdout


def test_check_names_a_foe_with_no_name_or_an_unknown_rank_by_its_json_path(
    tmp_path: Path,
) -> None:
    doc = json.loads(SHAPES["0.1"].read_text(encoding="utf-8"))
    contents = doc["npcs"]["sample_npcs"]["contents"]
    del contents["chiton"]["name"]
    contents["ember_wisp"]["rank"] = 7
    del contents["drift_pirate"]["rank"]
    package = tmp_path / "odd.json"
    package.write_text(json.dumps(doc), encoding="utf-8")
    checked = run_cli("check", str(package))
    assert checked.returncode == 1
    where = f"{package}: npcs.sample_npcs.contents"
    ranks = "1 (troublesome), 2 (dangerous), 3 (formidable), 4 (extreme), 5 (epic)"
    assert checked.stdout.splitlines() == [
        f"{where}.chiton.name: the foe has no name; it is shown as 'Chiton'",
        f"{where}.drift_pirate.rank: the foe has no rank; a rank is one of {ranks}",
        f"{where}.ember_wisp.rank: the foe has rank 7; a rank is one of {ranks}",
    ]
    assert len(foes(package)) == 3  # they load all the same


@pytest.mark.skipif(not WHOLE.is_file(), reason="the whole Starforged package is not here")
def test_every_foe_of_the_whole_package_has_a_rank_and_its_three_lists() -> None:
    found = foes(WHOLE)
    assert len(found) == 23
    for foe in found:
        assert [r for r in RANKS if r in foe.tags], foe.name
        assert foe.text.startswith("Features: "), foe.name
        assert foe.source is not None and foe.source.license.startswith("CC BY"), foe.name
