"""The encounter from the shell: foes, maneuvers, rounds, practice, odds, the saved file."""

from __future__ import annotations

import json
import subprocess
import tomllib
from pathlib import Path

from cli_run import run_cli


def hearthroll(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run one `hearthroll` command in `folder`, as a person would."""
    return run_cli(*args, cwd=folder)


def state(folder: Path) -> dict[str, object]:
    done = hearthroll(folder, "state", "mv.toml", "--json")
    assert done.returncode == 0, done.stderr
    data: dict[str, object] = json.loads(done.stdout)
    return data


def test_three_rounds_from_the_demo(tmp_path: Path) -> None:
    assert (
        hearthroll(tmp_path, "new", "mv.toml", "--ruleset", "maneuvers", "--demo").returncode == 0
    )
    kick = hearthroll(
        tmp_path, "move", "mv.toml", "kick", "--as", "Brannoc", "--at", "Bandit",
        "--dice", "15", "--effect-dice", "3",
    )  # fmt: skip
    assert kick.returncode == 0, kick.stderr
    assert "(+1 Dex)" in kick.stdout
    assert "Bandit takes 12 (armor 1 takes 1): health 20 → 8" in kick.stdout
    text = hearthroll(tmp_path, "state", "mv.toml").stdout
    assert "encounter: round 1" in text
    assert "Bandit: Str 12 Dex 12, health 8/20, armor 1, two-handed weapon" in text
    data = state(tmp_path)
    encounter = data["encounter"]
    assert isinstance(encounter, dict)
    assert encounter["round"] == 1
    bandit = encounter["foes"][0]
    assert bandit["name"] == "Bandit" and bandit["meters"] == {"health": 8}
    assert bandit["str"] == 12 and bandit["weapon"] == "two_handed"
    brannoc = data["characters"][0]  # type: ignore[index]
    assert brannoc["cooldowns"] == {"maneuvers_kick": 1}
    assert brannoc["efficacy"]["maneuvers_kick"] == 86

    assert hearthroll(tmp_path, "round", "mv.toml").returncode == 0
    again = hearthroll(tmp_path, "move", "mv.toml", "kick", "--as", "Brannoc", "--dice", "15")
    assert again.returncode == 2
    assert "Kick waits 1 more round" in again.stderr
    bash = hearthroll(
        tmp_path, "move", "mv.toml", "bash", "--as", "Brannoc", "--at", "Ogre",
        "--dice", "12", "--effect-dice", "4,15",
    )  # fmt: skip
    assert bash.returncode == 0, bash.stderr
    assert "Ogre: Stunned for 2 rounds" in bash.stdout
    trip = hearthroll(
        tmp_path, "move", "mv.toml", "trip", "--as", "Wren", "--at", "Ogre", "--dice", "5,15"
    )
    assert trip.returncode == 2 and "Ogre is huge" in trip.stderr
    ended = hearthroll(tmp_path, "round", "mv.toml")
    assert "Ogre: Stunned 2 → 1" in ended.stdout
    ended = hearthroll(tmp_path, "round", "mv.toml")
    assert "Ogre: Stunned clears" in ended.stdout
    flee = hearthroll(
        tmp_path, "move", "mv.toml", "flee", "--as", "Isolde", "--at", "Bandit", "--dice", "15"
    )
    assert "(−4 2 × Dex under theirs (10 vs 12))" in flee.stdout
    assert "Isolde is out of the fight" in flee.stdout
    for _ in range(6):
        assert hearthroll(tmp_path, "undo", "mv.toml").returncode == 0
    data = state(tmp_path)
    assert data["encounter"]["round"] == 1  # type: ignore[index]
    assert data["encounter"]["foes"][0]["meters"] == {"health": 20}  # type: ignore[index]


def test_foe_verbs_and_practice(tmp_path: Path) -> None:
    hearthroll(tmp_path, "new", "mv.toml", "--ruleset", "maneuvers")
    hearthroll(tmp_path, "add", "mv.toml", "Ash")
    missing = hearthroll(tmp_path, "foe", "mv.toml", "Wolf", "--str", "12")
    assert missing.returncode == 2 and "--dex, --health" in missing.stderr
    added = hearthroll(
        tmp_path, "foe", "mv.toml", "Wolf", "--str", "12", "--dex", "14", "--health", "12",
        "--armor", "1", "--weapon", "one", "--attacking", "ash",
    )  # fmt: skip
    assert added.returncode == 0, added.stderr
    assert "the encounter opens: round 1" in added.stdout
    foe = state(tmp_path)["encounter"]["foes"][0]  # type: ignore[index]
    assert foe["attacking"] == "Ash" and foe["weapon"] == "one_handed" and foe["armor"] == 1
    trained = hearthroll(tmp_path, "practice", "mv.toml", "kick", "--as", "Ash")
    assert "Kick efficacy 0 → 5" in trained.stdout
    trained = hearthroll(tmp_path, "practice", "mv.toml", "kick", "--as", "Ash", "--by", "20")
    assert "Kick efficacy 5 → 25" in trained.stdout
    closed = hearthroll(tmp_path, "encounter", "mv.toml", "--no-way-out")
    assert closed.returncode == 0
    flee = hearthroll(tmp_path, "move", "mv.toml", "flee", "--as", "Ash", "--dice", "20")
    assert flee.returncode == 2 and "no way out" in flee.stderr
    hurt = hearthroll(tmp_path, "foe", "mv.toml", "Wolf", "--hurt", "5")
    assert "Wolf takes 4 (armor 1 takes 1): health 12 → 8" in hurt.stdout
    healed = hearthroll(tmp_path, "foe", "mv.toml", "Wolf", "--heal", "9")
    assert "Wolf: health 8 → 12" in healed.stdout
    swing = hearthroll(tmp_path, "hurt", "mv.toml", "3", "--foe", "wolf")
    assert "Wolf takes 2 (armor 1 takes 1): health 12 → 10" in swing.stdout, swing.stderr
    assert (
        "Wolf: health 10 → 12"
        in hearthroll(tmp_path, "heal", "mv.toml", "5", "--foe", "Wolf").stdout
    )
    hearthroll(tmp_path, "set", "mv.toml", "Ash.breaking_point", "10")
    blow = hearthroll(tmp_path, "hurt", "mv.toml", "21", "--as", "Ash")
    assert "Ash must flee" in blow.stdout, blow.stderr
    assert hearthroll(tmp_path, "foe", "mv.toml", "Wolf", "--drop").returncode == 0
    assert hearthroll(tmp_path, "encounter", "mv.toml", "--end").returncode == 0
    assert state(tmp_path)["encounter"] is None


def test_odds_with_efficacy(tmp_path: Path) -> None:
    done = hearthroll(
        tmp_path, "odds", "d20", "--mod", "1", "--target", "9", "--efficacy", "50", "--json"
    )
    bands = json.loads(done.stdout)["bands"]
    assert bands == {"efficacy_fail": "1/2", "fumble": "1/40", "fail": "3/20", "hit": "13/40"}


def test_other_rulesets_keep_no_encounter_fields(tmp_path: Path) -> None:
    hearthroll(tmp_path, "new", "h.toml", "--ruleset", "hack")
    hearthroll(tmp_path, "add", "h.toml", "Ash")
    saved = tomllib.loads((tmp_path / "h.toml").read_text())
    sheet = saved["characters"]["Ash"]
    assert "cooldowns" not in sheet and "efficacy" not in sheet and "breaking_point" not in sheet
    assert "encounter" not in saved
    data = json.loads(hearthroll(tmp_path, "state", "h.toml", "--json").stdout)
    assert "encounter" not in data and "cooldowns" not in data["characters"][0]
    refused = hearthroll(
        tmp_path, "foe", "h.toml", "Wolf", "--str", "1", "--dex", "1", "--health", "3"
    )
    assert refused.returncode == 2 and "no encounters" in refused.stderr


def test_extra_effect_dice_are_refused_and_nothing_saved(tmp_path: Path) -> None:
    hearthroll(tmp_path, "new", "mv.toml", "--ruleset", "maneuvers", "--demo")
    kick = hearthroll(
        tmp_path, "move", "mv.toml", "kick", "--as", "Wren", "--at", "Ogre",
        "--dice", "15", "--effect-dice", "4,2,6,1",
    )  # fmt: skip
    assert kick.returncode == 2 and "Traceback" not in kick.stderr
    assert "too many typed effect dice (--effect-dice, the damage and stun dice)" in kick.stderr
    assert "rolled 1 but 4 were typed; drop 2,6,1" in kick.stderr
    assert "#" not in kick.stdout
    hearthroll(tmp_path, "foe", "mv.toml", "Bandit", "--hurt", "10")  # 20 → 11
    # Brannoc's Bash: 15 + 2 lands; 1d6 3 + 4 + 7 = 14, less armor 1 = 13: the Bandit goes down.
    args = ("move", "mv.toml", "bash", "--as", "Brannoc", "--at", "Bandit", "--dice", "15")
    extra = hearthroll(tmp_path, *args, "--effect-dice", "3,10")
    assert extra.returncode == 2 and "drop 10" in extra.stderr
    assert state(tmp_path)["encounter"]["foes"][0]["meters"] == {"health": 11}  # type: ignore[index]
    bash = hearthroll(tmp_path, *args, "--effect-dice", "3")
    assert bash.returncode == 0, bash.stderr
    assert "Bash: stun roll: not rolled, Bandit is down" in bash.stdout


def test_a_downed_foe_stops_attacking_and_is_no_default_target(tmp_path: Path) -> None:
    hearthroll(tmp_path, "new", "mv.toml", "--ruleset", "maneuvers", "--demo")
    down = hearthroll(tmp_path, "foe", "mv.toml", "Bandit", "--hurt", "21")
    assert "Bandit is down and out; Bandit stops attacking Brannoc" in down.stdout
    assert (
        "Bandit: Str 12 Dex 12, health 0/20, armor 1, two-handed weapon\n"
        in hearthroll(tmp_path, "state", "mv.toml").stdout
    )
    trip = hearthroll(
        tmp_path, "move", "mv.toml", "trip", "--as", "Wren", "--at", "Bandit", "--dice", "10,15"
    )
    assert trip.returncode == 2
    assert "Bandit is down (health 0): no Trip against it" in trip.stderr
    rescue = hearthroll(tmp_path, "move", "mv.toml", "rescue", "--as", "Brannoc", "--dice", "40,8")
    assert rescue.returncode == 0, rescue.stderr
    assert "against Ogre" in rescue.stdout and "Ogre turns from Wren onto Brannoc" in rescue.stdout
    hearthroll(tmp_path, "undo", "mv.toml")
    hearthroll(tmp_path, "undo", "mv.toml")
    assert (
        "health 20/20, armor 1, two-handed weapon, attacking Brannoc"
        in hearthroll(tmp_path, "state", "mv.toml").stdout
    )


def test_a_fumbled_disarm_is_wielded_back_from_the_shell(tmp_path: Path) -> None:
    hearthroll(tmp_path, "new", "mv.toml", "--ruleset", "maneuvers", "--demo")
    args = ("move", "mv.toml", "disarm", "--as", "Wren", "--at", "Ogre", "--dice", "25,1")
    assert "Disarmed marked" in hearthroll(tmp_path, *args).stdout
    sheet = hearthroll(tmp_path, "state", "mv.toml").stdout
    assert "gear: Weapon (in the pack: disarmed)" in sheet
    wear = hearthroll(tmp_path, "gear", "mv.toml", "weapon", "--wear", "--as", "Wren")
    assert wear.returncode == 2
    assert "Wren's weapon is in the pack (disarmed): `hearthroll wield FILE --as Wren`" in (
        wear.stderr
    )
    early = hearthroll(tmp_path, "wield", "mv.toml", "--as", "Wren")
    assert early.returncode == 2 and "has taken a turn this round (Disarm)" in early.stderr
    hearthroll(tmp_path, "round", "mv.toml")
    wield = hearthroll(tmp_path, "wield", "mv.toml", "--as", "Wren")
    assert wield.returncode == 0, wield.stderr
    assert "Wren wields their weapon again (their turn)" in wield.stdout
    assert "gear: Weapon (wielded)" in hearthroll(tmp_path, "state", "mv.toml").stdout
    assert hearthroll(tmp_path, "undo", "mv.toml").returncode == 0
    assert "(in the pack: disarmed)" in hearthroll(tmp_path, "state", "mv.toml").stdout


def test_the_recap_of_an_ended_encounter_is_in_the_table_s_words(tmp_path: Path) -> None:
    hearthroll(tmp_path, "new", "mv.toml", "--ruleset", "maneuvers", "--demo")
    hearthroll(
        tmp_path, "move", "mv.toml", "disarm", "--as", "Wren", "--at", "Ogre", "--dice", "25,1"
    )
    hearthroll(tmp_path, "foe", "mv.toml", "Bandit", "--drop")
    hearthroll(tmp_path, "foe", "mv.toml", "Ogre", "--drop")
    hearthroll(tmp_path, "foe", "mv.toml", "Wolf", "--str", "10", "--dex", "14", "--health", "8")
    hearthroll(tmp_path, "foe", "mv.toml", "Wolf", "--hurt", "3")
    assert hearthroll(tmp_path, "encounter", "mv.toml", "--end").returncode == 0
    for flag in ("--recap", "--markdown"):
        recap = hearthroll(tmp_path, "log", "mv.toml", flag).stdout
        assert "Changed: Stamina 60 → 42; efficacy Disarm 30 → 31" in recap
        assert "Changed: Bandit and Ogre leave the fight; Wolf joins the fight" in recap
        assert "Wolf hurt; the encounter ends." in recap  # the players hear it in words
        whole = hearthroll(tmp_path, "log", "mv.toml", flag, "--gm").stdout
        assert "Wolf Health 8 → 5; the encounter ends." in whole
        assert "Encounter(" not in recap and "Foe(" not in recap and "Bandit Bandit" not in recap
    hearthroll(tmp_path, "new", "two.toml", "--ruleset", "maneuvers", "--demo")
    args = ("move", "two.toml", "disarm", "--as", "Wren", "--at", "Ogre", "--dice", "25,1")
    hearthroll(tmp_path, *args)
    recap = hearthroll(tmp_path, "log", "two.toml", "--recap").stdout
    assert "conditions" not in recap and "Disarmed marked" in recap


def test_a_natural_1_flees_by_its_total_and_a_d100_typed_00_is_100(tmp_path: Path) -> None:
    assert (
        hearthroll(tmp_path, "new", "mv.toml", "--ruleset", "maneuvers", "--demo").returncode == 0
    )
    flee = hearthroll(tmp_path, "move", "mv.toml", "flee", "--as", "Wren", "--at", "Ogre",
                      "--dice", "1")  # fmt: skip
    assert flee.returncode == 0, flee.stderr
    assert "Wren: Flee [1] → Away" in flee.stdout and "total 17" in flee.stdout
    trip = hearthroll(tmp_path, "move", "mv.toml", "trip", "--as", "Isolde", "--at", "Bandit",
                      "--dice", "00,15")  # fmt: skip
    assert trip.returncode == 0, trip.stderr
    assert "Isolde: Trip [100] → Efficacy check fails" in trip.stdout
    assert "the d20 thrown with it (15) is not needed" in trip.stdout


def test_break_off_from_the_shell_names_whom_the_foe_turns_on(tmp_path: Path) -> None:
    hearthroll(tmp_path, "new", "mv.toml", "--ruleset", "maneuvers", "--demo")
    args = ("move", "mv.toml", "break off", "--as", "Wren", "--at", "Ogre", "--dice", "15")
    asked = hearthroll(tmp_path, *args)
    assert asked.returncode == 2
    assert "--input turn_on=NAME): Brannoc, Isolde; nothing was saved" in asked.stderr
    made = hearthroll(tmp_path, *args, "--input", "turn_on=isolde")
    assert made.returncode == 0, made.stderr
    assert "Ogre turns on Isolde" in made.stdout
