"""A hack evening from the shell, one process per command, as issue 10's walkthrough plays it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from cli_run import run_cli
from test_gear_harm_cli import ok, refused


def sheet(folder: Path, name: str) -> dict[str, Any]:
    party = json.loads(ok(folder, "state", "road.toml", "--json"))["characters"]
    found: dict[str, Any] = next(c for c in party if c["name"] == name)
    return found


def test_a_hack_evening_from_the_shell_keeps_every_number(tmp_path: Path) -> None:
    ok(tmp_path, "new", "road.toml", "--ruleset", "hack", "--demo")
    mira = ("--as", "Mira")
    # A big weapon and heavy armor for the human.
    ok(tmp_path, "gear", "road.toml", "light armor", "--drop", *mira)
    ok(tmp_path, "gear", "road.toml", "weapon", "--drop", *mira)
    ok(tmp_path, "gear", "road.toml", "heavy armor", *mira)
    ok(tmp_path, "gear", "road.toml", "big weapon", *mira)
    assert (sheet(tmp_path, "Mira")["armor"], sheet(tmp_path, "Mira")["load"]) == (4, 6)
    # The attack shows the big weapon's −1: 4 + 4 + 0 − 1 = 7, a 7–9.
    said = ok(
        tmp_path,
        "move",
        "road.toml",
        "hack and slash",
        "--dice",
        "4,4",
        *mira,
        "--effect-dice",
        "6",
    )
    assert "(−1: big weapon)" in said and "7–9" in said and "1d10 = [6] = 6" in said
    # 6 damage, 4 soaked by armor.
    assert "6 − 4 armor = 2: HP 10 → 8" in ok(tmp_path, "hurt", "road.toml", "6", *mira)
    # A potion: 2d3+1 on typed dice 1, 2 heals 4, up to the maximum.
    said = ok(tmp_path, "use", "road.toml", "healing potion", "--dice", "1,2", *mira)
    assert "HP 8 → 10" in said and "used up" in said
    # Grusha has no ranged weapon: the Volley is a throw of the big weapon.
    said = ok(
        tmp_path,
        "move",
        "road.toml",
        "volley",
        "--as",
        "Grusha",
        "--dice",
        "5,5",
        "--effect-dice",
        "3",
    )
    assert "thrown with Big weapon" in said
    # Defend, then spend two Readiness on two of its options.
    ok(tmp_path, "move", "road.toml", "defend", "--dice", "5,5", *mira)
    said = ok(
        tmp_path,
        "hold",
        "road.toml",
        "readiness",
        "-2",
        "--pick",
        "halve",
        "--pick",
        "ally_forward",
        "--ally",
        "Cog",
        *mira,
    )
    assert "Readiness 3 → 1" in said and "Halve the attack's damage or effect" in said
    assert "Cog: +1 forward" in said
    assert sheet(tmp_path, "Mira")["holds"] == {"readiness": 1}
    assert sheet(tmp_path, "Cog")["forward"] == 1
    assert "buys one option per point" in refused(
        tmp_path,
        "hold",
        "road.toml",
        "readiness",
        "-1",
        "--pick",
        "halve",
        "--pick",
        "redirect",
        *mira,
    )
    assert "no option 'fly'" in refused(
        tmp_path, "hold", "road.toml", "readiness", "-1", "--pick", "fly", *mira
    )
    # Down to 0: Last Breath waits, and nothing else is made for Mira until it is rolled.
    assert "Last Breath waits" in ok(tmp_path, "hurt", "road.toml", "30", *mira)
    assert "Last Breath waits" in refused(
        tmp_path, "move", "road.toml", "defend", "--dice", "5,5", *mira
    )
    assert "10–12" in ok(tmp_path, "move", "road.toml", "last breath", "--dice", "6,6", *mira)
    after = sheet(tmp_path, "Mira")
    assert (after["hp"], after["max_hp"], after["armor"], after["load"]) == (0, 10, 4, 6)
    assert [g["id"] for g in after["gear"] if g["worn"]] == [
        "bow",
        "shield",
        "heavy_armor",
        "big_weapon",
    ]


def test_a_random_roll_short_of_picks_says_its_dice_so_it_stands(tmp_path: Path) -> None:
    ok(tmp_path, "new", "road.toml", "--ruleset", "hack", "--demo")
    for seed in range(60):
        result = run_cli(
            *("move", "road.toml", "volley", "--as", "Cog", "--seed", str(seed)),
            cwd=tmp_path,
            env={"HEARTHROLL_DATA_DIR": str(tmp_path / "data")},
        )
        if result.returncode == 2:
            break
    else:
        raise AssertionError("no seed of 60 landed Volley on 7–9")
    assert "nothing was saved" in result.stderr and "Traceback" not in result.stderr
    found = re.search(r"run it again with --dice (\d),(\d) and the picks", result.stderr)
    assert found, result.stderr
    first, second = found.groups()
    said = ok(
        tmp_path,
        "move",
        "road.toml",
        "volley",
        "--as",
        "Cog",
        "--dice",
        f"{first},{second}",
        "--pick",
        "exposed",
        "--effect-dice",
        "3",
    )
    assert f"[{first}, {second}] → 7–9" in said


def test_half_damage_kit_empty_bow_and_healing_from_the_shell(tmp_path: Path) -> None:
    ok(tmp_path, "new", "road.toml", "--ruleset", "hack", "--demo")
    grusha, mira = ("--as", "Grusha"), ("--as", "Mira")
    # Readiness spent on "deal half your damage": the big weapon's d10, typed, halved down.
    ok(tmp_path, "move", "road.toml", "defend", "--dice", "4,4", *grusha)
    half = ("hold", "road.toml", "readiness", "-1", "--pick", "half_damage", *grusha)
    said = ok(tmp_path, *half, "--effect-dice", "7")
    assert "Readiness 3 → 2" in said and "1d10 = [7] = 7, halved to 3" in said
    assert "1 more d10" not in said
    assert "halved to" in ok(tmp_path, *half)  # random dice by default
    assert "undo of event 3" in ok(tmp_path, "undo", "road.toml")
    assert sheet(tmp_path, "Grusha")["holds"] == {"readiness": 2}
    # A Medical kit picked on Rest: its 1d3 first, then Rest's 2d4+1; undo gives the kit back.
    ok(tmp_path, "hurt", "road.toml", "6", "--ignore-armor", *mira)
    rest = ("move", "road.toml", "rest", "--pick", "medical_kit", "--dice", "5,5", *mira)
    said = ok(tmp_path, *rest, "--effect-dice", "1,1,2")
    assert "heals 1d3 = [1] = 1" in said and "Medical kit used up" in said
    assert "HP 5 → 9" in said
    assert "medical_kit" not in [g["id"] for g in sheet(tmp_path, "Mira")["gear"]]
    ok(tmp_path, "undo", "road.toml")
    assert "medical_kit" in [g["id"] for g in sheet(tmp_path, "Mira")["gear"]]
    # Three shots spend the bow's ammo; with none left, Volley throws her Weapon instead.
    for _ in range(3):
        ok(tmp_path, "move", "road.toml", "volley", "--dice", "3,3", "--pick", "several_shots",
           "--effect-dice", "3", *mira)  # fmt: skip
    said = ok(tmp_path, "move", "road.toml", "volley", "--dice", "5,5", "--effect-dice", "6", *mira)
    assert "damage thrown with Weapon (Bow has no ammo): 1d6 = [6] = 6" in said
    # Last Breath is for 0 HP; healed above 0 before it is rolled, it waits no more.
    assert "Last Breath is rolled at 0 HP and Mira has 4" in refused(
        tmp_path, "move", "road.toml", "last breath", "--dice", "5,5", *mira
    )
    ok(tmp_path, "hurt", "road.toml", "20", *mira)
    assert "Last Breath waits no more" in ok(tmp_path, "heal", "road.toml", "2", *mira)
    assert "waits" not in sheet(tmp_path, "Mira")
    assert "Last Breath" not in ok(tmp_path, "state", "road.toml")
    assert "Defend" in ok(tmp_path, "move", "road.toml", "defend", "--dice", "4,4", *mira)
    # "climb" finds Defy Danger.
    assert ok(tmp_path, "moves", "climb", "--ruleset", "hack").startswith("Defy Danger")


def test_a_hand_edit_naming_an_unknown_template_or_gear_is_refused_with_its_line(
    tmp_path: Path,
) -> None:
    ok(tmp_path, "new", "road.toml", "--ruleset", "hack", "--demo")
    path = tmp_path / "road.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace('template = "ogre"', 'template = "ogree"', 1).replace(
            '"big_weapon"', '"big_wepon"', 1
        ),
        encoding="utf-8",
    )
    said = refused(tmp_path, "note", "road.toml", "the road is long")
    assert re.search(
        r"road\.toml:\d+:1: characters\.Grusha\.template: unknown template 'ogree': one of "
        r"human, ogre, automaton",
        said,
    ), said
    assert re.search(r"characters\.Grusha\.gear: unknown gear 'big_wepon': .*big_weapon", said)
    checked = run_cli("check", "road.toml", cwd=tmp_path, env={"HEARTHROLL_DATA_DIR": "data"})
    assert checked.returncode == 1 and "unknown template 'ogree'" in checked.stdout
    path.write_text(text, encoding="utf-8")  # put back: the note was never saved
    assert "the road is long" not in ok(tmp_path, "log", "road.toml", "--last", "3")
