"""Harm (`core/games/harm.py`, readings 20 and 22): damage taken with armor first, healing
never past the maximum, Last Breath waiting at 0 HP, the items that heal, a Medical kit's
dice on the next Rest, and the module's check and effects stages."""

from __future__ import annotations

import attrs
import pytest

from hearthroll.core.campaign.resolve import Context
from hearthroll.core.campaign.state import Campaign, Character, Item
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import MoveWaits, RuleError
from hearthroll.core.games import harm
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.games.stage import Attempt, Landing
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HACK = CATALOG.ruleset("hack")
HOUSE = CATALOG.ruleset("house")
STARFORGED = CATALOG.ruleset("starforged")
MANEUVERS = CATALOG.ruleset("maneuvers")
PARTY = demo_campaign(HACK)
GRUSHA = PARTY.characters["Grusha"]  # ogre, medium armor (2), 13 HP
COG = PARTY.characters["Cog"]  # automaton, no armor, 10 HP
MIRA = PARTY.characters["Mira"]  # human, light armor and shield (2), 10 HP, a Medical kit


def with_hp(character: Character, hp: int) -> Character:
    return attrs.evolve(character, meters={**character.meters, "hp": hp})


def test_harm_lands_on_hp_or_the_meter_a_ruleset_names_health() -> None:
    assert harm.health(HACK).id == "hp"
    assert harm.health(HOUSE).id == "hp"
    assert harm.health(STARFORGED).id == "health"
    assert harm.health(MANEUVERS).id == "health"


def test_armor_soaks_damage_first() -> None:
    hurt, words = harm.hurt(HACK, GRUSHA, 5)
    assert hurt.meters["hp"] == 10
    assert words == ["Grusha takes 5 − 2 armor = 3: HP 13 → 10"]


def test_armor_never_turns_damage_into_healing() -> None:
    hurt, words = harm.hurt(HACK, GRUSHA, 1)
    assert hurt.meters["hp"] == 13
    assert words == ["Grusha takes 1 − 2 armor = 0: HP 13 → 13"]


def test_damage_that_ignores_armor_takes_it_all() -> None:
    hurt, words = harm.hurt(HACK, GRUSHA, 5, ignore_armor=True)
    assert hurt.meters["hp"] == 8
    assert words == ["Grusha takes 5 (armor ignored): HP 13 → 8"]


def test_a_fall_in_a_whole_power_armor_suit_is_all_soaked() -> None:
    suited = attrs.evolve(COG, template="human", gear=(Item("power_armor"),))
    hurt, words = harm.hurt(HACK, suited, 6, falling=True)
    assert hurt.meters["hp"] == 10
    assert words == ["Cog takes 6 from a fall, all soaked by Power armor (full suit): HP 10 → 10"]


def test_hp_stops_at_zero_and_last_breath_waits() -> None:
    hurt, words = harm.hurt(HACK, COG, 12)
    assert hurt.meters["hp"] == 0
    assert hurt.waits == "hack_last_breath"
    assert words == [
        "Cog takes 12: HP 10 → 0",
        "Cog is at 0 HP: Last Breath waits, to be rolled next",
    ]


def test_negative_damage_or_healing_is_refused() -> None:
    with pytest.raises(RuleError, match=r"^damage is 0 or more, not -1; heal to give HP back$"):
        harm.hurt(HACK, COG, -1)
    with pytest.raises(RuleError, match=r"^healing is 0 or more, not -2; hurt to take HP away$"):
        harm.heal(HACK, COG, -2)


def test_healing_never_passes_the_maximum() -> None:
    healed, words = harm.heal(HACK, with_hp(COG, 8), 5, "Rest")
    assert healed.meters["hp"] == 10
    assert words == ["Cog heals 5 (Rest) (at most 10): HP 8 → 10"]


def test_healing_above_zero_lifts_the_waiting_last_breath() -> None:
    dying = attrs.evolve(with_hp(COG, 0), waits="hack_last_breath")
    healed, words = harm.heal(HACK, dying, 3)
    assert (healed.meters["hp"], healed.waits) == (3, "")
    assert words == ["Cog heals 3: HP 0 → 3", "Cog is above 0 HP: Last Breath waits no more"]


def test_a_set_above_zero_lifts_the_wait_and_one_at_zero_keeps_it() -> None:
    lifted, words = harm.lift_waits(HACK, attrs.evolve(COG, waits="hack_last_breath"))
    assert lifted.waits == ""
    assert words == ["Cog is above 0 HP: Last Breath waits no more"]
    dying = attrs.evolve(with_hp(COG, 0), waits="hack_last_breath")
    assert harm.lift_waits(HACK, dying) == (dying, [])


def test_last_breath_is_refused_above_zero_hp() -> None:
    last_breath = HACK.move("hack_last_breath")
    assert harm.refusal(HACK, COG, last_breath) == (
        "Last Breath is rolled at 0 HP and Cog has 10; "
        "when harm takes Cog to 0, it waits to be rolled"
    )
    assert harm.refusal(HACK, with_hp(COG, 0), last_breath) is None
    assert harm.refusal(HACK, COG, HACK.move("hack_rest")) is None


def test_a_healing_potion_heals_its_dice() -> None:
    healed, words = harm.use(HACK, with_hp(GRUSHA, 5), "healing_potion", TypedDice([2, 3]))
    assert healed.meters["hp"] == 11
    assert not any(item.id == "healing_potion" for item in healed.gear)
    assert words == [
        "Grusha heals 6 (Healing potion: 2d3+1 = [2, 3]+1 = 6): HP 5 → 11",
        "Healing potion used up",
    ]


def test_a_potion_does_not_work_on_an_automaton() -> None:
    with pytest.raises(RuleError) as refused:
        harm.use(HACK, COG, "healing_potion", TypedDice([]))
    assert str(refused.value) == (
        "Healing potion does not work on automatons (they heal with Repair kit)"
    )


def test_a_medical_kit_waits_for_the_next_rest_and_a_second_is_refused() -> None:
    kitted, words = harm.use(HACK, MIRA, "medical_kit", TypedDice([]))
    assert kitted.rest_bonus == "1d3"
    assert words == ["Medical kit used up", "+1d3 HP on the next Rest"]
    again = attrs.evolve(kitted, gear=(*kitted.gear, Item("medical_kit", worn=False, uses=1)))
    with pytest.raises(RuleError, match=r"^Mira has a Medical kit waiting for the next Rest"):
        harm.use(HACK, again, "medical_kit", TypedDice([]))


def test_rest_is_the_camp_move_that_heals() -> None:
    assert harm.is_rest(HACK.move("hack_rest"))
    assert harm.is_rest(HOUSE.move("rest"))
    assert not harm.is_rest(HACK.move("hack_take_watch"))


def test_one_medical_kit_a_rest() -> None:
    rest = HACK.move("hack_rest")
    waiting = attrs.evolve(MIRA, rest_bonus="1d3")
    assert harm.second_kit(HACK, waiting, rest, ["medical_kit"]) == (
        "Mira used a Medical kit already, and its 1d3 comes with this Rest: one kit a Rest, "
        "so drop --pick medical_kit"
    )
    assert harm.second_kit(HACK, waiting, rest, []) is None
    assert harm.second_kit(HACK, MIRA, rest, ["medical_kit"]) is None


def test_the_kit_used_before_a_rest_adds_its_dice_and_is_spent() -> None:
    waiting = attrs.evolve(with_hp(MIRA, 4), rest_bonus="1d3")
    rested, words = harm.after_rest(HACK, waiting, TypedDice([2]))
    assert (rested.meters["hp"], rested.rest_bonus) == (6, "")
    assert words == ["Mira heals 2 (Medical kit: 1d3 = [2] = 2): HP 4 → 6"]
    assert harm.after_rest(HACK, MIRA, TypedDice([])) == (MIRA, [])


def attempt(character: Character, move: str) -> Attempt:
    return Attempt(PARTY, HACK, HACK.move(move), character)


def test_check_lets_only_the_waiting_last_breath_be_made() -> None:
    dying = attrs.evolve(with_hp(COG, 0), waits="hack_last_breath")
    harm.check(attempt(dying, "hack_last_breath"))
    with pytest.raises(MoveWaits) as waits:
        harm.check(attempt(dying, "hack_volley"))
    assert (
        str(waits.value) == "Cog's Last Breath waits: roll it first (move 'Last Breath' --as Cog)"
    )


def test_check_refuses_last_breath_above_zero() -> None:
    with pytest.raises(RuleError, match=r"^Last Breath is rolled at 0 HP and Cog has 10;"):
        harm.check(attempt(COG, "hack_last_breath"))
    harm.check(attempt(COG, "hack_volley"))


def landing(state: Campaign, move: str, who: str, faces: list[int]) -> Landing:
    return Landing(
        before=state,
        state=state,
        ruleset=HACK,
        move=HACK.move(move),
        who=who,
        band="weak",
        chosen=(),
        ctx=Context(state, state.characters[who]),
        dice=TypedDice(faces),
        words=("earlier",),
    )


def test_land_rolls_the_kit_waiting_for_this_rest() -> None:
    state = PARTY
    mira = attrs.evolve(with_hp(MIRA, 4), rest_bonus="1d3")
    state = attrs.evolve(state, characters={**state.characters, "Mira": mira})
    landed = harm.land(landing(state, "hack_rest", "Mira", [3]))
    assert landed.state.characters["Mira"].meters["hp"] == 7
    assert landed.state.characters["Mira"].rest_bonus == ""
    assert landed.words == ("earlier", "Mira heals 3 (Medical kit: 1d3 = [3] = 3): HP 4 → 7")


def test_land_stops_the_last_breath_made_from_waiting() -> None:
    cog = attrs.evolve(with_hp(COG, 0), waits="hack_last_breath")
    state = attrs.evolve(PARTY, characters={**PARTY.characters, "Cog": cog})
    landed = harm.land(landing(state, "hack_last_breath", "Cog", []))
    assert landed.state.characters["Cog"].waits == ""
    assert landed.words == ("earlier",)


def test_gear_that_is_not_used_up_is_refused_by_use_and_stays_on_the_sheet() -> None:
    from hearthroll.core.dice.sources import TypedDice
    from hearthroll.core.errors import RuleError
    from hearthroll.core.games import harm
    from hearthroll.core.games.demo import demo_campaign
    from hearthroll.store.rulesets import load_catalog

    hack = load_catalog(with_user=False).ruleset("hack")
    grusha = demo_campaign(hack).characters["Grusha"]
    with pytest.raises(RuleError) as refused:
        harm.use(hack, grusha, "medium_armor", TypedDice([]))
    assert str(refused.value) == (
        "Medium armor is not used up: only a potion, a kit or gear with uses is used; "
        "to take it off the sheet: gear FILE ITEM --drop"
    )
    assert refused.value.at_table == (
        "Medium armor is not used up: only a potion, a kit or gear with uses is used (g drops it)"
    )
    kept, said = harm.use(hack, grusha, "adventuring_gear", TypedDice([]))
    assert said == ["Adventuring gear uses 3 → 2"]
    assert [i.id for i in kept.gear] == [i.id for i in grusha.gear]
