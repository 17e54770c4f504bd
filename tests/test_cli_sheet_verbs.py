"""The sheet verbs at the shell (`cli.sheet_verbs`): `gear` (given worn or carried, worn,
stowed, dropped), `hurt` and `heal` (a character, or a foe with --foe) and `use` (a kit's
dice typed, a use marked off), each printing its event with the arithmetic and saving the
sheet; and what each refuses: exit 2, the rule or the fix named, nothing saved."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_verbs import made, refused, run
from hearthroll.core.campaign.state import Campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)


@pytest.fixture
def camp(tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The house demo: Brannoc (armor 3), Isolde the ogre, Wren the automaton (a repair kit)."""
    return made(tmp_path, capsys, "house")


def saved(path: Path) -> Campaign:
    with CampaignStore.open(path, CATALOG) as store:
        return store.state


def test_gear_is_given_carried_then_worn_stowed_and_dropped(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said = [
        run(capsys, "gear", camp, "shield", "--as", "Isolde", *flags)[1]
        for flags in (("--carried",), ("--wear",), ("--carry",), ("--drop",))
    ]
    assert said == [
        "#1 Isolde takes Shield (carried): load 3/8, armor 1\n",
        "#2 Isolde wears Shield: load 3/8, armor 2\n",
        "#3 Isolde stows Shield: load 3/8, armor 1\n",
        "#4 Isolde drops Shield: load 2/8, armor 1\n",
    ]
    assert run(capsys, "gear", camp, "Heavy Bow", "--as", "Isolde")[1] == (
        "#5 Isolde takes Heavy bow (wielded): load 4/8, armor 1\n"
    )
    gear = [(i.id, i.worn) for i in saved(camp).characters["Isolde"].gear]
    assert gear[1:] == [("light_armor", True), ("heavy_bow", True)]
    assert "shield" not in {item for item, _ in gear}


def test_gear_refuses_what_the_template_bars_and_what_the_ruleset_lacks(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert refused(capsys, camp, "gear", "light_armor", "--as", "Wren") == (
        "Wren cannot use Light armor: the gear rules bar it from automatons"
    )
    assert refused(capsys, camp, "gear", "shield", "--as", "Wren", "--carry") == (
        "Wren has no worn Shield"
    )
    assert refused(capsys, camp, "gear", "rocket").startswith(
        "no gear 'rocket' (gear: light_armor, medium_armor, heavy_armor,"
    )
    assert refused(capsys, camp, "gear", "shield", "--drop", "--wear") == (
        "argument --wear: not allowed with argument --drop (see 'hearthroll gear --help')"
    )


def test_hurt_says_its_arithmetic_armor_first_and_saves_the_hp(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said = [
        run(capsys, "hurt", camp, *args)[1]
        for args in (
            ("5",),
            ("4", "--as", "Isolde", "--ignore-armor"),
            ("3", "--as", "Wren", "--falling"),
        )
    ]
    assert said == [
        "#1 Brannoc takes 5 − 3 armor = 2: HP 10 → 8\n",
        "#2 Isolde takes 4 (armor ignored): HP 13 → 9\n",
        "#3 Wren takes 3 from a fall: HP 10 → 7\n",
    ]
    hp = {n: c.meters["hp"] for n, c in saved(camp).characters.items()}
    assert hp == {"Brannoc": 8, "Isolde": 9, "Wren": 7}
    assert refused(capsys, camp, "hurt", "-2") == (
        "damage is 0 or more, not -2; heal to give HP back"
    )


def test_heal_gives_hp_back_never_past_the_maximum(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "hurt", camp, "6", "--as", "Wren")
    assert run(capsys, "heal", camp, "2", "--as", "Wren") == (
        0,
        "#2 Wren heals 2: HP 4 → 6\n",
        "",
    )
    assert run(capsys, "heal", camp, "9", "--as", "Wren")[1] == (
        "#3 Wren heals 9 (at most 10): HP 6 → 10\n"
    )
    assert saved(camp).characters["Wren"].meters["hp"] == 10


def test_use_rolls_a_kits_typed_dice_and_marks_off_uses(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "hurt", camp, "6", "--as", "Wren")
    assert refused(capsys, camp, "use", "repair_kit", "--as", "Wren", "--dice", "2,3,1") == (
        "too many typed dice: the roll used 2 but 3 were typed"
    )
    assert run(capsys, "use", camp, "repair kit", "--as", "Wren", "--dice", "1,2") == (
        0,
        "#2 Wren heals 4 (Repair kit: 2d3+1 = [1, 2]+1 = 4): HP 4 → 8; Repair kit used up\n",
        "",
    )
    assert run(capsys, "use", camp, "adventuring_gear", "--as", "Wren")[1] == (
        "#3 Wren: use: Adventuring gear uses 3 → 2\n"
    )
    wren = saved(camp).characters["Wren"]
    assert wren.meters["hp"] == 8
    assert [(i.id, i.uses) for i in wren.gear] == [("adventuring_gear", 2)]
    assert refused(capsys, camp, "use", "healing_potion", "--as", "Wren") == (
        "Healing potion does not work on automatons (they heal with Repair kit)"
    )


def test_with_foe_a_foe_of_the_encounter_takes_the_blow_or_the_healing(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ford = made(tmp_path, capsys, "maneuvers")
    assert run(capsys, "hurt", ford, "6", "--foe", "Ogre") == (
        0,
        "#1 foe: Ogre takes 4 (armor 2 takes 2): health 40 → 36\n",
        "",
    )
    assert run(capsys, "heal", ford, "3", "--foe", "ogre")[1] == "#2 foe: Ogre: health 36 → 39\n"
    fight = saved(ford).encounter
    assert fight is not None and fight.foes["Ogre"].meters["health"] == 39
    assert refused(capsys, ford, "hurt", "2", "--foe", "Ogre", "--as", "Wren") == (
        "--foe takes the blow instead of a character: drop --as and --falling"
    )
    assert refused(capsys, ford, "heal", "2", "--foe", "Ogre", "--as", "Wren") == (
        "--foe is healed instead of a character: drop --as"
    )
    assert refused(capsys, ford, "hurt", "2", "--foe", "Nobody") == (
        "no foe 'Nobody' in the encounter (the foes: Bandit, Ogre)"
    )


def test_with_foe_and_no_encounter_says_how_to_start_one(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert refused(capsys, camp, "hurt", "2", "--foe", "Bandit") == (
        "there is no encounter: add a foe first (hearthroll foe FILE NAME ...)"
    )
