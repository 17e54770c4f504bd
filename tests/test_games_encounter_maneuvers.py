"""Making a maneuver (`core/games/encounter/maneuvers.py`, readings 34-38): refused with
nothing paid, else the stamina paid and the cooldown started, efficacy checked below 80, the
d20 rolled against the move's number, and its band landed on the target foe or the mover."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import RuleError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.games.encounter.maneuvers import Made, make_maneuver
from hearthroll.store.rulesets import load_catalog

MANEUVERS = load_catalog(with_user=False).ruleset("maneuvers")
FORD = demo_campaign(MANEUVERS)  # Bandit: armor 1, attacks Brannoc; Ogre: attacks Wren


def made(who: str, move: str, foe: str, faces: Sequence[int], effect: Sequence[int] = ()) -> Made:
    encounter = FORD.encounter
    assert encounter is not None
    return make_maneuver(
        FORD,
        MANEUVERS,
        MANEUVERS.move(move),
        FORD.characters[who],
        encounter.foes[foe],
        TypedDice(faces),
        TypedDice(effect),
    )


def foes(state: Campaign) -> dict[str, tuple[int, dict[str, int], str | None]]:
    assert state.encounter is not None
    return {
        n: (f.meters["health"], dict(f.conditions), f.attacking)
        for n, f in state.encounter.foes.items()
    }


def test_a_kick_that_lands_deals_its_damage_past_the_foe_s_armor() -> None:
    kick = made("Wren", "maneuvers_kick", "Bandit", [15], [2])
    assert (kick.dice, kick.band, kick.total, kick.modifiers) == ((15,), "hit", 18, ("+3 Dex",))
    assert kick.words == (
        "Stamina 60 → 50",
        "Kick waits 1 round",
        "Kick efficacy 80 → 81 (used in a fight)",
        "damage 1d4+3+str/3+dex/4 = [2]+3+10/3+16/4 = 12",
        "Bandit takes 11 (armor 1 takes 1): health 20 → 9",
    )
    assert foes(kick.state)["Bandit"] == (9, {}, "Brannoc")
    wren = kick.state.characters["Wren"]
    assert (wren.meters["stamina"], wren.cooldowns) == (50, {"maneuvers_kick": 1})
    assert kick.state.encounter is not None
    assert kick.state.encounter.acted == {"Wren": "maneuvers_kick"}


def test_a_bash_that_lands_rolls_its_stun_at_once_from_the_effect_dice() -> None:
    bash = made("Brannoc", "maneuvers_bash", "Bandit", [10], [3, 13])
    assert (bash.band, bash.total) == ("hit", 12)
    assert bash.words[-3:] == (
        "Bandit takes 13 (armor 1 takes 1): health 20 → 7",
        "Bash: stun roll: d20 13 (+2 Str) = 15 → Stunned",
        "Bandit: Stunned for 2 rounds",
    )
    assert foes(bash.state)["Bandit"] == (7, {"stunned": 2}, "Brannoc")


def test_a_bash_stun_roll_short_of_fifteen_stuns_nobody() -> None:
    bash = made("Brannoc", "maneuvers_bash", "Bandit", [10], [3, 12])
    assert bash.words[-1] == "Bash: stun roll: d20 12 (+2 Str) = 14 → No stun"
    assert foes(bash.state)["Bandit"] == (7, {}, "Brannoc")


def test_a_bash_on_one_to_three_leaves_the_mover_off_balance() -> None:
    bash = made("Brannoc", "maneuvers_bash", "Bandit", [3])
    assert (bash.band, bash.total) == ("fumble", 5)
    assert bash.words[-1] == "Off-balance marked for 1 round"
    assert bash.state.characters["Brannoc"].conditions == {"off_balance": 1}
    assert foes(bash.state)["Bandit"] == (20, {}, "Brannoc")


def test_a_disarm_on_a_natural_one_disarms_the_mover() -> None:
    disarm = made("Isolde", "maneuvers_disarm", "Ogre", [1, 1])
    assert (disarm.dice, disarm.band) == ((1, 1), "fumble")
    assert disarm.state.characters["Isolde"].conditions == {"disarmed": 0}
    assert foes(disarm.state)["Ogre"] == (40, {}, "Wren")


def test_a_failed_efficacy_check_pays_the_cost_and_leaves_the_d20_unused() -> None:
    disarm = made("Isolde", "maneuvers_disarm", "Ogre", [71, 14])
    assert (disarm.dice, disarm.band, disarm.total) == ((71,), "efficacy_fail", None)
    assert disarm.words == (
        "Stamina 60 → 42",
        "Disarm waits 4 rounds",
        "efficacy 70: d100 71 > 70, it fails",
        "the d20 thrown with it (14) is not needed",
        "Disarm efficacy 70 → 71 (used in a fight)",
    )
    assert disarm.state.characters["Isolde"].cooldowns == {"maneuvers_disarm": 4}


def test_a_rescue_that_lands_turns_the_foe_onto_the_rescuer() -> None:
    rescue = made("Brannoc", "maneuvers_rescue", "Ogre", [60, 8])
    assert (rescue.band, rescue.total) == ("hit", 9)
    assert rescue.words[-1] == "Ogre turns from Wren onto Brannoc"
    assert foes(rescue.state)["Ogre"] == (40, {}, "Brannoc")


def test_a_refused_maneuver_raises_and_pays_nothing() -> None:
    tired = attrs.evolve(
        FORD.characters["Wren"], meters={**FORD.characters["Wren"].meters, "stamina": 5}
    )
    with pytest.raises(RuleError, match=r"^Kick costs 10 Stamina; Wren has 5$"):
        make_maneuver(
            FORD,
            MANEUVERS,
            MANEUVERS.move("maneuvers_kick"),
            tired,
            None,
            TypedDice([15]),
            TypedDice([2]),
        )
