"""Issue 10's verbs from the shell, in `hack` and `house` alike: add --set, gear and its
refusals, hurt / heal / use with the arithmetic in words, Last Breath, the stat asked, picks
refused, ongoing penalties; one process per command, as a GM types them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cli_run import run_cli

RULESETS = pytest.mark.parametrize("ruleset", ["hack", "house"])
HALE = ("--as", "Hale")


def ok(folder: Path, *args: str) -> str:
    """Run a command that must succeed; return what it printed."""
    result = run_cli(*args, cwd=folder, env={"HEARTHROLL_DATA_DIR": str(folder / "data")})
    assert result.returncode == 0, result.stderr
    return result.stdout


def refused(folder: Path, *args: str) -> str:
    """Run a command that must be refused (exit 2, one line, no traceback); its message."""
    result = run_cli(*args, cwd=folder, env={"HEARTHROLL_DATA_DIR": str(folder / "data")})
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    return result.stderr


def state(folder: Path) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(ok(folder, "state", "camp.toml", "--json"))
    return found


def hale(folder: Path) -> dict[str, Any]:
    found: dict[str, Any] = next(c for c in state(folder)["characters"] if c["name"] == "Hale")
    return found


def camp(folder: Path, ruleset: str, forceful: int = 2) -> None:
    """The ruleset's demo party and Hale, a human with Forceful `forceful`, acting."""
    ok(folder, "new", "camp.toml", "--ruleset", ruleset, "--demo")
    ok(folder, "add", "camp.toml", "Hale", "--template", "human", "--set", f"forceful={forceful}")


@RULESETS
def test_add_sets_stats_and_gear_moves_an_item_one_event_each(tmp_path: Path, ruleset: str) -> None:
    camp(tmp_path, ruleset)
    sheet = hale(tmp_path)
    assert sheet["stats"]["forceful"] == 2 and sheet["template"] == "human"
    assert (sheet["meters"], sheet["maxima"], sheet["max_load"]) == ({"hp": 10}, {"hp": 10}, 10)
    ok(tmp_path, "gear", "camp.toml", "shield", "--carried", "--as", "Hale")
    assert hale(tmp_path)["gear"] == [
        {"id": "shield", "name": "Shield", "worn": False, "ammo": None, "uses": None}
    ]
    said = ok(tmp_path, "gear", "camp.toml", "shield", "--wear", "--as", "Hale")
    assert said.splitlines()[0].endswith(" Hale wears Shield: load 1/10, armor 1")  # said once
    assert "Hale: gear:" not in said
    text = ok(tmp_path, "state", "camp.toml")
    assert "Forceful +2" in text and "HP 10/10 · armor 1 · load 1/10" in text
    assert "gear: Shield (worn)" in text
    said = ok(tmp_path, "gear", "camp.toml", "shield", "--carry", "--as", "Hale")
    assert "Hale stows Shield: load 1/10, armor 0" in said
    ok(tmp_path, "gear", "camp.toml", "shield", "--drop", "--as", "Hale")
    assert hale(tmp_path)["gear"] == []
    assert state(tmp_path)["events"] == 5  # Hale joining and four gear events
    ok(tmp_path, "undo", "camp.toml")
    assert hale(tmp_path)["gear"][0]["worn"] is False


@RULESETS
def test_gear_refusals_name_the_rule_and_save_nothing(tmp_path: Path, ruleset: str) -> None:
    camp(tmp_path, ruleset, forceful=-3)
    ok(tmp_path, "add", "camp.toml", "Ursa", "--template", "ogre")
    assert "did you mean heavy_armor?" in refused(
        tmp_path, "gear", "camp.toml", "hevy armor", "--as", "Hale"
    )
    assert "Ursa cannot use Heavy armor: the gear rules bar it from ogres" in refused(
        tmp_path, "gear", "camp.toml", "heavy armor", "--as", "Ursa"
    )
    ok(tmp_path, "gear", "camp.toml", "big weapon", "--as", "Hale")
    ok(tmp_path, "gear", "camp.toml", "heavy bow", "--as", "Hale")
    assert "Hale would carry 6 of 5 (8 + Forceful -3)" in refused(
        tmp_path, "gear", "camp.toml", "heavy crossbow", "--as", "Hale"
    )
    ok(tmp_path, "gear", "camp.toml", "light armor", "--as", "Hale")
    assert "Hale already wears Light armor: one armor at a time" in refused(
        tmp_path, "gear", "camp.toml", "medium armor", "--as", "Hale"
    )
    assert state(tmp_path)["events"] == 5


@RULESETS
def test_hurt_and_heal_say_their_arithmetic_and_stay_in_bounds(
    tmp_path: Path, ruleset: str
) -> None:
    camp(tmp_path, ruleset)
    ok(tmp_path, "gear", "camp.toml", "medium armor", "--as", "Hale")
    said = ok(tmp_path, "hurt", "camp.toml", "5", "--as", "Hale")
    assert "Hale takes 5 − 2 armor = 3: HP 10 → 7" in said
    said = ok(tmp_path, "hurt", "camp.toml", "3", "--ignore-armor", "--as", "Hale")
    assert "Hale takes 3 (armor ignored): HP 7 → 4" in said
    said = ok(tmp_path, "heal", "camp.toml", "20", "--as", "Hale")
    assert "Hale heals 20 (at most 10): HP 4 → 10" in said
    ok(tmp_path, "gear", "camp.toml", "healing potion", "--as", "Hale")
    ok(tmp_path, "hurt", "camp.toml", "8", "--as", "Hale")
    said = ok(tmp_path, "use", "camp.toml", "healing potion", "--dice", "1,2", "--as", "Hale")
    assert "Hale heals 4 (Healing potion: 2d3+1 = [1, 2]+1 = 4): HP 4 → 8" in said
    assert "Hale has no Healing potion" in refused(
        tmp_path, "use", "camp.toml", "healing potion", "--as", "Hale"
    )
    ok(tmp_path, "gear", "camp.toml", "repair kit", "--as", "Hale")
    assert "Repair kit does not work on humans" in refused(
        tmp_path, "use", "camp.toml", "repair kit", "--as", "Hale"
    )
    assert hale(tmp_path)["meters"] == {"hp": 8}


@RULESETS
def test_last_breath_waits_from_the_shell_and_refuses_other_moves(
    tmp_path: Path, ruleset: str
) -> None:
    camp(tmp_path, ruleset)
    said = ok(tmp_path, "hurt", "camp.toml", "30", "--as", "Hale")
    assert "Hale is at 0 HP: Last Breath waits, to be rolled next" in said
    faces = "4,4" if ruleset == "hack" else "4"
    assert "Hale's Last Breath waits: roll it first" in refused(
        tmp_path, "move", "camp.toml", "defend", "--dice", faces, "--as", "Hale"
    )
    ok(tmp_path, "move", "camp.toml", "last breath", "--dice", faces, "--as", "Hale")
    assert "waits" not in ok(tmp_path, "state", "camp.toml")


@RULESETS
def test_attacking_loses_all_readiness_logged(tmp_path: Path, ruleset: str) -> None:
    camp(tmp_path, ruleset)
    faces = "5,6" if ruleset == "hack" else "6"
    ok(tmp_path, "move", "camp.toml", "defend", "--dice", faces, "--as", "Hale")
    if ruleset == "house":
        ok(tmp_path, "stop", "camp.toml")
    attack = "hack and slash" if ruleset == "hack" else "clash"
    faces = "4,4" if ruleset == "hack" else "4"
    said = ok(
        tmp_path, "move", "camp.toml", attack, "--dice", faces, "--effect-dice", "3", "--as", "Hale"
    )
    assert "Readiness 3 → 0" in said and "damage with Bare hands: 1d6-1 = [3]-1 = 2" in said
    assert hale(tmp_path)["holds"] == {}


def test_defy_danger_needs_the_stat_from_the_shell(tmp_path: Path) -> None:
    camp(tmp_path, "hack")
    asked = refused(tmp_path, "move", "camp.toml", "defy danger", "--dice", "3,3", "--as", "Hale")
    assert all(stat in asked for stat in ("forceful", "agile", "insightful", "charming"))
    assert state(tmp_path)["events"] == 1
    said = ok(
        tmp_path, "move", "camp.toml", "defy danger", "--stat", "agile", "--dice", "3,3", *HALE
    )
    assert "(+0: Agile)" in said
    said = ok(
        tmp_path,
        "move",
        "camp.toml",
        "defy danger",
        "--input",
        "stat=forceful",
        "--dice",
        "3,3",
        *HALE,
    )
    assert "(+2: Forceful)" in said and "7–9" in said


@pytest.mark.parametrize(
    ("ruleset", "args", "said"),
    [
        ("hack", ("volley", "--dice", "4,4"), "Volley on 7–9: pick 1 (got 0)"),
        ("house", ("volley", "--dice", "4"), "Volley on Success, no 6: pick 1 (got 0)"),
        ("house", ("muster", "--dice", "6,2", "--pick", "defenses"), "pick 2 (got 1)"),
        ("starforged", ("endure harm",), "Endure Harm: pick 1 (got 0)"),
    ],
)
def test_fewer_picks_are_refused_in_every_ruleset_and_nothing_is_saved(
    tmp_path: Path, ruleset: str, args: tuple[str, ...], said: str
) -> None:
    ok(tmp_path, "new", "camp.toml", "--ruleset", ruleset, "--demo")
    message = refused(tmp_path, "move", "camp.toml", *args)
    assert said in message and "nothing was saved" in message and "“" in message
    data = state(tmp_path)
    assert data["events"] == 0
    # the steading and the pool turn are the house game's: absent elsewhere, not empty
    assert ("steading" in data, "turn" in data) == (ruleset == "house",) * 2


def test_an_ongoing_penalty_counts_down_on_each_roll(tmp_path: Path) -> None:
    camp(tmp_path, "hack")
    ok(tmp_path, "set", "camp.toml", "Hale.ongoing", "-1", "--rolls", "2")
    assert "ongoing −1 (2 rolls left)" in ok(tmp_path, "state", "camp.toml")
    said = ok(tmp_path, "move", "camp.toml", "defend", "--dice", "4,4", "--as", "Hale")
    assert "  (+2: Forceful)\n  (−1: ongoing (1 left))\n  total 9\n" in said
    assert hale(tmp_path)["ongoing"] == {"amount": -1, "rolls": 1}
    ok(tmp_path, "move", "camp.toml", "defend", "--dice", "4,4", "--as", "Hale")
    assert "ongoing" not in hale(tmp_path)


@RULESETS
def test_extra_effect_dice_are_refused_as_extra_dice_are(tmp_path: Path, ruleset: str) -> None:
    camp(tmp_path, ruleset)
    attack = "hack and slash" if ruleset == "hack" else "clash"
    faces = "4,4" if ruleset == "hack" else "4"
    said = refused(
        tmp_path, "move", "camp.toml", attack, "--dice", faces, "--effect-dice", "3,5", *HALE
    )
    assert "too many typed effect dice (--effect-dice, the damage and stun dice)" in said
    assert "rolled 1 but 2 were typed; drop 5" in said
    assert state(tmp_path)["events"] == 1  # Hale joining; the move saved nothing
