"""The encounter at the shell (`cli.fight`): `foe` (a GM's own foe, hurt, healed, retargeted,
re-armed, dropped), `wield`, `round`, `encounter` and `practice` on the maneuvers demo, each
printing its event and saving it; and what each refuses: exit 2, the fix named, nothing saved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_verbs import files
from hearthroll.cli import main
from hearthroll.core.campaign.state import Campaign, Encounter
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)


@pytest.fixture
def ford(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Path:
    """The maneuvers demo (Brannoc, Isolde, Wren against the Bandit and the Ogre, round 1)."""
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "ford.toml"
    assert main(["new", str(path), "--ruleset", "maneuvers", "--demo"]) == 0
    capsys.readouterr()
    return path


def run(capsys: pytest.CaptureFixture[str], verb: str, *args: str) -> tuple[int, str, str]:
    """`hearthroll VERB ARGS…` in this process: its exit code, stdout and stderr."""
    code = main([verb, *args])
    out, err = capsys.readouterr()
    return code, out, err


def saved(path: Path) -> Campaign:
    with CampaignStore.open(path, CATALOG) as store:
        return store.state


def fight(path: Path) -> Encounter:
    encounter = saved(path).encounter
    assert encounter is not None
    return encounter


def refused(capsys: pytest.CaptureFixture[str], ford: Path, verb: str, *args: str) -> str:
    """The one line a refused verb says; it exits 2 and leaves the files as they were."""
    before = files(ford)
    code, out, err = run(capsys, verb, str(ford), *args)
    assert (code, out) == (2, ""), err
    assert files(ford) == before
    assert err.startswith("hearthroll: ") and err.count("\n") == 1
    return err.removeprefix("hearthroll: ").rstrip("\n")


def test_a_gms_own_foe_joins_with_every_flag(
    ford: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    joined = run(
        capsys, "foe", str(ford), "Wolf", "--str", "12", "--dex", "14", "--health", "12",
        "--armor", "1", "--weapon", "one", "--shield", "--attacking", "Wren",
    )  # fmt: skip
    assert joined == (
        0,
        "#1 foe: Wolf joins the fight (Str 12 Dex 14, health 12/12, armor 1, one-handed "
        "weapon, shield, attacking Wren)\n",
        "",
    )
    wolf = fight(ford).foes["Wolf"]
    assert (wolf.stats, wolf.meters, wolf.armor) == ({"str": 12, "dex": 14}, {"health": 12}, 1)
    assert (wolf.weapon, wolf.shield, wolf.attacking) == ("one_handed", True, "Wren")


def test_a_foe_is_hurt_through_its_armor_healed_retargeted_and_dropped(
    ford: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    said = [
        run(capsys, "foe", str(ford), "Bandit", *flags)[1]
        for flags in (
            ("--hurt", "5"),
            ("--hurt", "3", "--ignore-armor"),
            ("--heal", "2"),
            ("--attacking", "Isolde"),
        )
    ]
    assert said == [
        "#1 foe: Bandit takes 4 (armor 1 takes 1): health 20 → 16\n",
        "#2 foe: Bandit takes 3: health 16 → 13\n",
        "#3 foe: Bandit: health 13 → 15\n",
        "#4 foe: Bandit attacks Isolde\n",
    ]
    bandit = fight(ford).foes["Bandit"]
    assert (bandit.meters["health"], bandit.attacking) == (15, "Isolde")
    assert (
        run(capsys, "foe", str(ford), "Bandit", "--stop")[1] == "#5 foe: Bandit stops attacking\n"
    )
    assert fight(ford).foes["Bandit"].attacking is None
    assert (
        run(capsys, "foe", str(ford), "Bandit", "--drop")[1] == "#6 foe: Bandit leaves the fight\n"
    )
    assert list(fight(ford).foes) == ["Ogre"]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ("Ghoul", "--str", "12"),
            "a new foe needs --dex, --health (e.g. --str 14 --dex 12 --health 20), or none of "
            "them for a foe the bestiary knows",
        ),
        (("Ogre", "--wield"), "Ogre is not disarmed: its weapon is in its hands"),
        (
            ("wolf", "--armor", "2"),
            "a foe the bestiary knows comes as it is written there: give --str, --dex and "
            "--health too for one of your own",
        ),
        (("wolf", "--list"), "foe --list takes no NAME: it lists every foe the bestiary knows"),
    ],
)
def test_a_foe_line_that_cannot_be_made_is_refused_naming_the_flags(
    ford: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], said: str
) -> None:
    assert refused(capsys, ford, "foe", *args) == said


def test_foe_list_with_a_campaign_names_only_its_games_foes(
    ford: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "foe", str(ford), "--list", "--json")
    assert code == 0
    known = json.loads(out)
    assert {f["ruleset"] for f in known} == {"maneuvers"}
    wolf = {k: v for k, v in known[0].items() if k in ("name", "plural", "health")}
    assert wolf == {"name": "Wolf", "plural": "Wolves", "health": 12}
    assert run(capsys, "foe") == (2, "", "hearthroll: foe needs FILE and NAME (or --list)\n")


def test_round_ticks_and_encounter_closes_the_way_out_then_ends(
    ford: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "round", str(ford)) == (0, "#1 round: round 1 ends; round 2 begins\n", "")
    assert run(capsys, "encounter", str(ford), "--no-way-out")[1] == (
        "#2 encounter: no way out: no one can flee or break off\n"
    )
    assert (fight(ford).round, fight(ford).no_way_out) == (2, True)
    assert refused(capsys, ford, "encounter", "--no-way-out") == (
        "the encounter has no way out already"
    )
    assert run(capsys, "encounter", str(ford), "--way-out")[1] == "#3 encounter: a way out opens\n"
    assert run(capsys, "encounter", str(ford), "--end")[1] == (
        "#4 encounter: the encounter ends after 2 rounds\n"
    )
    assert saved(ford).encounter is None
    assert refused(capsys, ford, "round") == (
        "there is no encounter to end a round of: add a foe first"
    )


@pytest.mark.parametrize("flags", [(), ("--end", "--way-out")])
def test_encounter_takes_exactly_one_of_its_three_flags(
    ford: Path, capsys: pytest.CaptureFixture[str], flags: tuple[str, ...]
) -> None:
    assert refused(capsys, ford, "encounter", *flags) == (
        "give one of --end, --no-way-out or --way-out"
    )


def test_wield_waits_for_the_next_round_after_the_fumble(
    ford: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        refused(capsys, ford, "wield") == "Brannoc is not disarmed: their weapon is in their hands"
    )
    fumble = ("disarm", "--as", "Wren", "--at", "Ogre", "--dice", "25,1")
    assert run(capsys, "move", str(ford), *fumble)[0] == 0
    assert "disarmed" in saved(ford).characters["Wren"].conditions
    assert refused(capsys, ford, "wield", "--as", "Wren") == (
        "Wren has taken a turn this round (Disarm): end the round first"
    )
    run(capsys, "round", str(ford))
    assert run(capsys, "wield", str(ford), "--as", "Wren") == (
        0,
        "#3 Wren wields their weapon again (their turn)\n",
        "",
    )
    assert "disarmed" not in saved(ford).characters["Wren"].conditions


def test_practice_trains_a_maneuver_by_five_or_as_the_gm_gives(
    ford: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "practice", str(ford), "kick", "--as", "Isolde") == (
        0,
        "#1 Isolde: practice: Kick efficacy 50 → 55\n",
        "",
    )
    assert run(capsys, "practice", str(ford), "Kick", "--by", "3")[1] == (
        "#2 Brannoc: practice: Kick efficacy 85 → 88\n"
    )
    efficacy = {n: c.efficacy["maneuvers_kick"] for n, c in saved(ford).characters.items()}
    assert efficacy == {"Brannoc": 88, "Isolde": 55, "Wren": 80}
    assert refused(capsys, ford, "practice", "fly") == "no move 'fly' in ruleset 'maneuvers'"
