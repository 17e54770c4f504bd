"""Readings 17-24 (gear, load, armor, damage, healing, Last Breath, choices, ongoing), pinned
with typed dice in `hack` and `house` alike."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import pytest

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign, Item
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import DiceError, NotFound, RuleError
from hearthroll.core.games import gear
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.games.sheet import character_sheet
from hearthroll.core.rules.model import Ruleset
from hearthroll.core.verbs import edits, sheet
from hearthroll.core.verbs.picking import StatNeeded, stat_choices
from hearthroll.core.verbs.pool import stop
from hearthroll.core.verbs.session import make_move
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HACK = CATALOG.ruleset("hack")
HOUSE = CATALOG.ruleset("house")
BOTH = pytest.mark.parametrize("ruleset", [HACK, HOUSE], ids=["hack", "house"])


def party(ruleset: Ruleset) -> Campaign:
    """A human (Forceful +2), an ogre and an automaton, with nothing on them."""
    state = demo_campaign(HACK if ruleset is HACK else HOUSE)
    state = attrs.evolve(state, characters={})
    for name, template, forceful in (
        ("Hale", "human", 2),
        ("Ursa", "ogre", 0),
        ("Tick", "automaton", 0),
    ):
        fields = [("forceful", str(forceful))]
        state = edits.add_character(state, ruleset, name, template, 1, fields).state
    return attrs.evolve(state, active="Hale")


def given(
    state: Campaign, ruleset: Ruleset, who: str, *items: str, carried: bool = False
) -> Campaign:
    for item in items:
        state = sheet.give_gear(state, ruleset, item, "carry" if carried else "give", who).state
    return state


def roll(
    state: Campaign,
    ruleset: Ruleset,
    wanted: str,
    faces: Sequence[int],
    effect: Sequence[int] = (),
    **options: Any,
) -> Outcome:
    dice = TypedDice(faces)
    outcome = make_move(state, ruleset, wanted, dice, effect_dice=TypedDice(effect), **options)
    dice.finish()
    return outcome


def fresh(state: Campaign, ruleset: Ruleset) -> Campaign:
    """The house pool's open turn stopped, so the next RISKY move rolls 1 die again."""
    if ruleset is HOUSE and state.turn.actor is not None and state.turn.status == "open":
        return stop(state, ruleset).state
    return state


def hp(state: Campaign, who: str) -> int:
    return state.characters[who].meters["hp"]


# --- reading 17: worn or carried, load, templates -----------------------------------------


@BOTH
def test_load_counts_worn_weight_worn_and_carried_weight_carried(ruleset: Ruleset) -> None:
    state = given(party(ruleset), ruleset, "Hale", "light_armor")
    state = given(state, ruleset, "Hale", "medium_armor", carried=True)
    assert gear.load(ruleset, state.characters["Hale"]) == 0 + 2
    stowed = sheet.give_gear(state, ruleset, "light_armor", "stow", "Hale").state
    assert gear.load(ruleset, stowed.characters["Hale"]) == 1 + 2


@BOTH
def test_max_load_is_eight_plus_forceful(ruleset: Ruleset) -> None:
    state = party(ruleset)
    assert gear.max_load(ruleset, state.characters["Hale"]) == 10
    assert gear.max_load(ruleset, state.characters["Ursa"]) == 8


@BOTH
def test_an_item_past_the_maximum_load_is_refused_naming_the_load(ruleset: Ruleset) -> None:
    state = given(
        party(ruleset), ruleset, "Ursa", "big_weapon", "heavy_bow", "big_weapon", "weapon"
    )
    with pytest.raises(RuleError, match=r"would carry 9 of 8 \(8 \+ Forceful 0\)"):
        sheet.give_gear(state, ruleset, "heavy_crossbow", "give", "Ursa")


@BOTH
def test_ogre_cannot_wear_heavy_armor(ruleset: Ruleset) -> None:
    state = party(ruleset)
    for item in ("heavy_armor", "power_armor"):
        with pytest.raises(RuleError, match=r"Ursa cannot use .*bar it from ogres"):
            sheet.give_gear(state, ruleset, item, "give", "Ursa")
    assert sheet.give_gear(state, ruleset, "medium_armor", "give", "Ursa").state != state


@BOTH
def test_automaton_cannot_use_armor_shields_or_weapons(ruleset: Ruleset) -> None:
    state = party(ruleset)
    for item in ("light_armor", "shield", "weapon", "bow"):
        with pytest.raises(RuleError, match="bar it from automatons"):
            sheet.give_gear(state, ruleset, item, "give", "Tick")


@BOTH
def test_an_item_the_template_cannot_use_may_be_carried_not_worn(ruleset: Ruleset) -> None:
    state = party(ruleset)
    for who, item in (("Tick", "light_armor"), ("Tick", "weapon"), ("Ursa", "heavy_armor")):
        carried = sheet.give_gear(state, ruleset, item, "carry", who)
        character = carried.state.characters[who]
        assert [(i.id, i.worn) for i in character.gear][-1] == (item, False)
        assert gear.armor(ruleset, character) == gear.armor(ruleset, state.characters[who])
        with pytest.raises(RuleError, match=f"{who} cannot use .*bar it"):
            sheet.give_gear(carried.state, ruleset, item, "wear", who)


def test_an_automaton_s_carried_shield_is_no_shield_to_call_on() -> None:
    state = sheet.give_gear(party(HACK), HACK, "shield", "carry", "Tick").state
    assert "shield" not in gear.gear_tags(HACK, state.characters["Tick"], None)


def test_an_unknown_item_names_the_nearest() -> None:
    with pytest.raises(NotFound, match="did you mean heavy_armor"):
        sheet.give_gear(party(HACK), HACK, "hevy_armor", "give", "Hale")


# --- reading 18: armor ---------------------------------------------------------------------


@BOTH
def test_armor_is_worn_armor_and_shield_summed(ruleset: Ruleset) -> None:
    state = given(party(ruleset), ruleset, "Hale", "medium_armor", "shield")
    assert gear.armor(ruleset, state.characters["Hale"]) == 3
    carried = given(party(ruleset), ruleset, "Hale", "medium_armor", carried=True)
    assert gear.armor(ruleset, carried.characters["Hale"]) == 0


@BOTH
def test_one_armor_is_worn_at_a_time_and_a_shield_adds_to_it(ruleset: Ruleset) -> None:
    state = given(party(ruleset), ruleset, "Hale", "light_armor", "shield")
    for item in ("heavy_armor", "power_armor_piece", "light_armor"):
        with pytest.raises(
            RuleError, match=r"Hale already wears Light armor: one armor at a time .* first"
        ):
            sheet.give_gear(state, ruleset, item, "give", "Hale")
    carried = given(state, ruleset, "Hale", "heavy_armor", carried=True)
    with pytest.raises(RuleError, match="already wears Light armor"):
        sheet.give_gear(carried, ruleset, "heavy_armor", "wear", "Hale")
    swapped = sheet.give_gear(state, ruleset, "light_armor", "drop", "Hale").state
    swapped = given(swapped, ruleset, "Hale", "heavy_armor")
    assert gear.armor(ruleset, swapped.characters["Hale"]) == 3 + 1


@BOTH
def test_power_armor_pieces_give_one_each_at_most_three(ruleset: Ruleset) -> None:
    state = given(party(ruleset), ruleset, "Hale", *["power_armor_piece"] * 4)
    hale = state.characters["Hale"]
    assert (gear.armor(ruleset, hale), gear.load(ruleset, hale)) == (3, 3)
    suit = given(party(ruleset), ruleset, "Hale", "power_armor").characters["Hale"]
    assert (gear.armor(ruleset, suit), gear.load(ruleset, suit)) == (4, 0)


@BOTH
def test_a_whole_power_suit_soaks_all_falling_damage(ruleset: Ruleset) -> None:
    state = given(party(ruleset), ruleset, "Hale", "power_armor")
    fell = sheet.hurt(state, ruleset, 9, "Hale", falling=True)
    assert hp(fell.state, "Hale") == 10
    assert (
        fell.event.results[0]
        == "Hale takes 9 from a fall, all soaked by Power armor (full suit): HP 10 → 10"
    )
    shielded = sheet.hurt(
        given(party(ruleset), ruleset, "Hale", "shield"), ruleset, 4, "Hale", falling=True
    )
    assert shielded.event.results[0] == "Hale takes 4 from a fall − 1 armor = 3: HP 10 → 7"


# --- reading 19: weapons, Volley, ammo -------------------------------------------------------


def test_big_weapon_is_minus_one_to_hit_shown_with_its_reason() -> None:
    state = given(party(HACK), HACK, "Hale", "big_weapon")
    hit = roll(state, HACK, "hack and slash", [4, 4], [8])
    assert hit.event.total == 4 + 4 + 2 - 1
    assert hit.event.modifiers == ("+2: Forceful", "−1: big weapon")
    assert hit.event.results[0] == (
        "damage with Big weapon: 1d10 = [8] = 8 (it can strike every foe close around)"
    )


def test_heavy_bow_is_minus_one_to_hit_a_plain_bow_is_not() -> None:
    state = given(party(HACK), HACK, "Hale", "heavy_bow")
    shot = roll(state, HACK, "volley", [6, 6], [9])
    assert shot.event.modifiers == ("+0: Agile", "−1: heavy bow")
    plain = roll(given(party(HACK), HACK, "Hale", "bow"), HACK, "volley", [5, 5], [4])
    assert plain.event.modifiers == ("+0: Agile",)


@BOTH
def test_bare_hands_deal_one_less_never_below_zero(ruleset: Ruleset) -> None:
    move = "hack and slash" if ruleset is HACK else "clash"
    faces = [5, 5] if ruleset is HACK else [5]
    hit = roll(party(ruleset), ruleset, move, faces, [1])
    assert hit.event.results[0] == "damage with Bare hands: 1d6-1 = [1]-1 = 0"


@BOTH
def test_volley_without_bow_is_a_throw_without_ammo_option(ruleset: Ruleset) -> None:
    state = given(party(ruleset), ruleset, "Hale", "weapon", "bow", carried=False)
    state = sheet.give_gear(state, ruleset, "bow", "stow", "Hale").state
    faces = [4, 4] if ruleset is HACK else [3]
    with pytest.raises(RuleError, match="no option 'several_shots' to pick here"):
        roll(state, ruleset, "volley", faces, [4], picks=["several_shots"])
    thrown = roll(state, ruleset, "volley", faces, [4], picks=["exposed"])
    assert thrown.event.results[0] == "damage thrown with Weapon: 1d6 = [4] = 4"


@BOTH
def test_several_shots_spends_one_ammo_and_is_not_offered_at_zero(ruleset: Ruleset) -> None:
    state = given(party(ruleset), ruleset, "Hale", "bow")
    faces = [4, 4] if ruleset is HACK else [3]
    for left in (2, 1, 0):
        state = fresh(
            roll(state, ruleset, "volley", faces, [4], picks=["several_shots"]).state, ruleset
        )
        assert state.characters["Hale"].gear[0].ammo == left
    with pytest.raises(RuleError, match="no option 'several_shots'"):
        roll(state, ruleset, "volley", faces, [4], picks=["several_shots"])


@BOTH
def test_a_bow_with_no_ammo_cannot_shoot_volley_throws_the_melee_weapon(ruleset: Ruleset) -> None:
    state = given(party(ruleset), ruleset, "Hale", "bow", "weapon")
    bow = attrs.evolve(state.characters["Hale"].gear[0], ammo=0)
    hale = attrs.evolve(state.characters["Hale"], gear=(bow, state.characters["Hale"].gear[1]))
    state = attrs.evolve(state, characters={**state.characters, "Hale": hale})
    strong = [5, 5] if ruleset is HACK else [6]
    thrown = roll(state, ruleset, "volley", strong, [6])
    assert thrown.event.results[0] == "damage thrown with Weapon (Bow has no ammo): 1d6 = [6] = 6"
    weak = [4, 4] if ruleset is HACK else [3]
    with pytest.raises(RuleError, match="no option 'several_shots' to pick here"):
        roll(fresh(thrown.state, ruleset), ruleset, "volley", weak, [3], picks=["several_shots"])
    assert thrown.state.characters["Hale"].gear[0].ammo == 0


@BOTH
def test_an_empty_bow_and_nothing_to_throw_is_a_throw_of_bare_hands(ruleset: Ruleset) -> None:
    state = given(party(ruleset), ruleset, "Hale", "bow")
    bow = attrs.evolve(state.characters["Hale"].gear[0], ammo=0)
    state = attrs.evolve(
        state,
        characters={
            **state.characters,
            "Hale": attrs.evolve(state.characters["Hale"], gear=(bow,)),
        },
    )
    thrown = roll(state, ruleset, "volley", [5, 5] if ruleset is HACK else [6], [4])
    assert thrown.event.results[0] == (
        "damage thrown with Bare hands (Bow has no ammo): 1d6-1 = [4]-1 = 3"
    )


# --- reading 20: damage taken, Last Breath -----------------------------------------------------


@BOTH
def test_armor_soaks_damage_taken(ruleset: Ruleset) -> None:
    state = given(party(ruleset), ruleset, "Hale", "medium_armor", "shield")
    hit = sheet.hurt(state, ruleset, 5, "Hale")
    assert hp(hit.state, "Hale") == 8
    assert hit.event.results == ("Hale takes 5 − 3 armor = 2: HP 10 → 8",)
    through = sheet.hurt(state, ruleset, 5, "Hale", ignore_armor=True)
    assert hp(through.state, "Hale") == 5
    small = sheet.hurt(state, ruleset, 2, "Hale")
    assert hp(small.state, "Hale") == 10


@BOTH
def test_last_breath_waits_at_zero_hp(ruleset: Ruleset) -> None:
    down = sheet.hurt(party(ruleset), ruleset, 25, "Hale")
    assert hp(down.state, "Hale") == 0
    assert down.event.results[-1] == "Hale is at 0 HP: Last Breath waits, to be rolled next"
    defy = "defy danger" if ruleset is HOUSE else "defend"
    faces = [4, 4] if ruleset is HACK else [4]
    with pytest.raises(RuleError, match="Hale's Last Breath waits: roll it first"):
        roll(down.state, ruleset, defy, faces, actor="Hale")
    rolled = roll(down.state, ruleset, "last breath", faces, actor="Hale")
    assert rolled.state.characters["Hale"].waits == ""
    after = fresh(rolled.state, ruleset)
    assert roll(after, ruleset, defy, faces, actor="Hale").event.actor == "Hale"


@BOTH
def test_healed_above_zero_before_it_is_rolled_last_breath_waits_no_more(ruleset: Ruleset) -> None:
    down = sheet.hurt(party(ruleset), ruleset, 25, "Hale").state
    healed = sheet.heal(down, ruleset, 2, "Hale")
    assert healed.event.results == (
        "Hale heals 2: HP 0 → 2",
        "Hale is above 0 HP: Last Breath waits no more",
    )
    assert healed.state.characters["Hale"].waits == ""
    faces = [4, 4] if ruleset is HACK else [4]
    assert roll(healed.state, ruleset, "defend", faces, actor="Hale").event.actor == "Hale"
    nothing = sheet.heal(down, ruleset, 0, "Hale").state  # 0 HP back: still at 0
    waiting = "hack_last_breath" if ruleset is HACK else "last_breath"
    assert nothing.characters["Hale"].waits == waiting


@BOTH
def test_a_potion_drunk_at_zero_hp_lifts_the_wait_too(ruleset: Ruleset) -> None:
    state = given(party(ruleset), ruleset, "Hale", "healing_potion", carried=True)
    down = sheet.hurt(state, ruleset, 25, "Hale").state
    drank = sheet.use(down, ruleset, "healing_potion", TypedDice([1, 1]), "Hale")
    assert "Hale is above 0 HP: Last Breath waits no more" in drank.event.results
    assert drank.state.characters["Hale"].waits == ""


def test_a_template_set_by_hand_is_refused_while_the_sheet_holds_gear_it_bars() -> None:
    state = given(party(HACK), HACK, "Hale", "light_armor")
    with pytest.raises(RuleError, match=r"Hale cannot use Light armor: .* drop it first"):
        edits.set_field(state, HACK, "Hale.template", "automaton")
    assert (
        edits.set_field(state, HACK, "Hale.template", "ogre").state.characters["Hale"].template
        == "ogre"
    )  # an ogre wears light armor


@BOTH
def test_hp_set_above_zero_by_hand_lifts_the_wait_as_healing_does(ruleset: Ruleset) -> None:
    down = sheet.hurt(party(ruleset), ruleset, 25, "Hale").state
    set_up = edits.set_field(down, ruleset, "Hale.hp", "5")
    assert set_up.event.results[-1] == "Hale is above 0 HP: Last Breath waits no more"
    assert set_up.state.characters["Hale"].waits == ""
    set_zero = edits.set_field(down, ruleset, "Hale.armor", "1")  # another field: still waiting
    assert set_zero.state.characters["Hale"].waits == down.characters["Hale"].waits != ""
    edited = attrs.evolve(
        down.characters["Hale"], meters={**down.characters["Hale"].meters, "hp": 3}
    )
    by_hand = edits.hand_edit(
        down, attrs.evolve(down, characters={**down.characters, "Hale": edited}), ruleset
    )
    assert by_hand.event.results[-1] == "Hale is above 0 HP: Last Breath waits no more"
    assert by_hand.state.characters["Hale"].waits == ""


@BOTH
def test_last_breath_above_zero_hp_is_refused(ruleset: Ruleset) -> None:
    faces = [4, 4] if ruleset is HACK else [4]
    with pytest.raises(RuleError) as refused:
        roll(party(ruleset), ruleset, "last breath", faces, actor="Hale")
    assert str(refused.value) == (
        "Last Breath is rolled at 0 HP and Hale has 10; when harm takes Hale to 0, "
        "it waits to be rolled"
    )


# --- reading 21: Readiness -----------------------------------------------------------------------


@BOTH
def test_readiness_spent_on_a_defend_option_applies_it(ruleset: Ruleset) -> None:
    state = roll(party(ruleset), ruleset, "defend", [5, 6] if ruleset is HACK else [6]).state
    assert state.characters["Hale"].holds == {"readiness": 3}
    spent = edits.hold(state, ruleset, "readiness", -1, "Hale", picks=["halve"])
    assert spent.state.characters["Hale"].holds == {"readiness": 2}
    assert spent.event.results == ("Readiness 3 → 2", "Halve the attack's damage or effect.")
    with pytest.raises(RuleError, match="Readiness buys one option per point"):
        edits.hold(state, ruleset, "readiness", -1, "Hale", picks=["halve", "redirect"])


@BOTH
def test_deal_half_your_damage_rolls_the_guarding_weapon_halved_rounded_down(
    ruleset: Ruleset,
) -> None:
    state = given(party(ruleset), ruleset, "Hale", "big_weapon", "bow")
    state = fresh(roll(state, ruleset, "defend", [5, 6] if ruleset is HACK else [6]).state, ruleset)
    spent = edits.hold(state, ruleset, "readiness", -1, "Hale", ["half_damage"], TypedDice([7]))
    assert spent.event.results == (
        "Readiness 3 → 2",
        "Deal half your damage.",
        "damage with Big weapon: 1d10 = [7] = 7, halved to 3"
        " (it can strike every foe close around)",
    )
    assert spent.event.kind == "hold" and spent.event.options == ("half_damage",)
    back = edits.undo(spent.state, spent.event)
    assert back.state.characters["Hale"] == state.characters["Hale"]
    with pytest.raises(DiceError, match="needs 1 but 0 were typed"):
        edits.hold(state, ruleset, "readiness", -1, "Hale", ["half_damage"], TypedDice([]))


def test_deal_half_your_damage_with_bare_hands_never_goes_below_zero() -> None:
    state = fresh(roll(party(HACK), HACK, "defend", [5, 6]).state, HACK)
    spent = edits.hold(state, HACK, "readiness", -1, "Hale", ["half_damage"], TypedDice([1]))
    assert spent.event.results[-1] == "damage with Bare hands: 1d6-1 = [1]-1 = 0, halved to 0"


@BOTH
def test_going_on_the_offense_loses_all_readiness(ruleset: Ruleset) -> None:
    state = fresh(
        roll(party(ruleset), ruleset, "defend", [5, 6] if ruleset is HACK else [6]).state, ruleset
    )
    attack = "hack and slash" if ruleset is HACK else "clash"
    hit = roll(state, ruleset, attack, [5, 5] if ruleset is HACK else [5], [3])
    assert hit.state.characters["Hale"].holds == {}
    assert "Readiness 3 → 0" in hit.event.results


# --- reading 22: healing -------------------------------------------------------------------------


@BOTH
def test_a_potion_heals_two_d3_plus_one_never_past_max(ruleset: Ruleset) -> None:
    state = given(party(ruleset), ruleset, "Hale", "healing_potion", "healing_potion")
    state = sheet.hurt(state, ruleset, 4, "Hale").state
    drank = sheet.use(state, ruleset, "healing_potion", TypedDice([1, 2]), "Hale")
    assert hp(drank.state, "Hale") == 10
    assert drank.event.results == (
        "Hale heals 4 (Healing potion: 2d3+1 = [1, 2]+1 = 4): HP 6 → 10",
        "Healing potion used up",
    )
    again = sheet.use(drank.state, ruleset, "healing_potion", TypedDice([3, 3]), "Hale")
    assert hp(again.state, "Hale") == 10 and "(at most 10)" in again.event.results[0]


@BOTH
def test_a_repair_kit_heals_automata_only(ruleset: Ruleset) -> None:
    state = given(party(ruleset), ruleset, "Tick", "repair_kit")
    state = given(state, ruleset, "Hale", "repair_kit")
    state = sheet.hurt(sheet.hurt(state, ruleset, 5, "Tick").state, ruleset, 5, "Hale").state
    with pytest.raises(RuleError, match="Repair kit does not work on humans"):
        sheet.use(state, ruleset, "repair_kit", TypedDice([1, 1]), "Hale")
    fixed = sheet.use(state, ruleset, "repair_kit", TypedDice([1, 1]), "Tick")
    assert hp(fixed.state, "Tick") == 8


def test_a_medical_kit_adds_one_d3_to_the_next_rest() -> None:
    state = given(party(HACK), HACK, "Hale", "medical_kit")
    state = sheet.hurt(state, HACK, 8, "Hale").state
    kit = sheet.use(state, HACK, "medical_kit", TypedDice([]), "Hale")
    assert kit.state.characters["Hale"].rest_bonus == "1d3"
    rest = roll(kit.state, HACK, "rest", [4, 4], [2, 3, 2])
    assert hp(rest.state, "Hale") == 2 + 6 + 2
    assert rest.state.characters["Hale"].rest_bonus == ""


def test_a_medical_kit_picked_on_rest_is_spent_and_adds_one_d3() -> None:
    state = given(party(HACK), HACK, "Hale", "medical_kit", carried=True)
    state = sheet.hurt(state, HACK, 8, "Hale").state
    rest = roll(state, HACK, "rest", [4, 4], [2, 3, 2], picks=["medical_kit"], actor="Hale")
    assert rest.event.results == (
        "heals 1d3 = [2] = 2",
        "HP 2 → 4",
        "Medical kit used up",
        "heals 2d4+1 = [3, 2]+1 = 6",
        "HP 4 → 10",
    )
    assert rest.event.options == ("medical_kit",)
    assert rest.state.characters["Hale"].gear == ()
    back = edits.undo(rest.state, rest.event)
    assert back.state.characters["Hale"] == state.characters["Hale"]
    with pytest.raises(RuleError, match="Rest has no option 'medical_kit' to pick here"):
        roll(rest.state, HACK, "rest", [4, 4], [2, 3, 2], picks=["medical_kit"], actor="Hale")


def test_one_medical_kit_a_rest_a_second_picked_after_one_used_is_refused() -> None:
    state = given(party(HACK), HACK, "Hale", "medical_kit", "medical_kit", carried=True)
    state = sheet.hurt(state, HACK, 8, "Hale").state
    used = sheet.use(state, HACK, "medical_kit", TypedDice([]), "Hale").state
    with pytest.raises(RuleError, match="Hale used a Medical kit already, and its 1d3 comes"):
        roll(used, HACK, "rest", [4, 4], [2, 3, 2], picks=["medical_kit"], actor="Hale")
    rest = roll(used, HACK, "rest", [4, 4], [3, 2, 2], actor="Hale")  # the used one's 1d3
    assert hp(rest.state, "Hale") == 2 + 6 + 2
    assert [i.id for i in rest.state.characters["Hale"].gear] == ["medical_kit"]  # one kept


def test_a_medical_kit_picked_on_the_house_rest_is_spent_and_adds_one_d3() -> None:
    state = given(party(HOUSE), HOUSE, "Hale", "medical_kit", carried=True)
    state = sheet.hurt(state, HOUSE, 8, "Hale").state
    rest = roll(state, HOUSE, "rest", [4], [2, 2], picks=["medical_kit"], actor="Hale")
    assert hp(rest.state, "Hale") == 2 + 2 + (2 + 1)
    assert rest.state.characters["Hale"].gear == ()


def test_a_medical_kit_adds_one_d3_to_the_house_rest_too() -> None:
    state = given(party(HOUSE), HOUSE, "Hale", "medical_kit")
    state = sheet.hurt(state, HOUSE, 8, "Hale").state
    kit = sheet.use(state, HOUSE, "medical_kit", TypedDice([]), "Hale")
    rest = roll(kit.state, HOUSE, "rest", [4], [2, 2])
    assert hp(rest.state, "Hale") == 2 + (2 + 1) + 2  # Rest's 1d4+1, the kit's 1d3
    assert "Hale heals 2 (Medical kit: 1d3 = [2] = 2): HP 5 → 7" in rest.event.results
    assert rest.state.characters["Hale"].rest_bonus == ""


@BOTH
def test_adventuring_gear_has_three_uses(ruleset: Ruleset) -> None:
    state = given(party(ruleset), ruleset, "Hale", "adventuring_gear")
    for left in (2, 1):
        state = sheet.use(state, ruleset, "adventuring_gear", TypedDice([]), "Hale").state
        assert state.characters["Hale"].gear[0].uses == left
    state = sheet.use(state, ruleset, "adventuring_gear", TypedDice([]), "Hale").state
    assert state.characters["Hale"].gear == ()
    with pytest.raises(RuleError, match="Hale has no Adventuring gear"):
        sheet.use(state, ruleset, "adventuring_gear", TypedDice([]), "Hale")


@BOTH
def test_heal_never_passes_max_hp(ruleset: Ruleset) -> None:
    state = sheet.hurt(party(ruleset), ruleset, 3, "Ursa").state
    healed = sheet.heal(state, ruleset, 10, "Ursa")
    assert hp(healed.state, "Ursa") == 13


# --- reading 23: the player's choices ------------------------------------------------------------


def test_defy_danger_asks_the_stat_and_never_guesses() -> None:
    with pytest.raises(StatNeeded, match="agile \\(Agile\\)"):
        roll(party(HACK), HACK, "defy danger", [3, 3])
    agile = roll(party(HACK), HACK, "defy danger", [3, 3], inputs={"stat": "agile"})
    assert agile.event.total == 6 and agile.event.modifiers == ("+0: Agile",)
    forceful = roll(party(HACK), HACK, "defy danger", [3, 3], inputs={"stat": "Forceful"})
    assert forceful.event.total == 8


def test_the_stat_choice_lists_the_best_stat_first() -> None:
    state = edits.set_field(party(HACK), HACK, "Hale.insightful", "3").state
    asked = stat_choices(HACK, HACK.move("hack_defy_danger"), state.characters["Hale"])
    assert asked is not None and asked.choices[:2] == ("insightful", "forceful")


@BOTH
def test_pick_one_with_no_pick_is_refused_naming_the_choices(ruleset: Ruleset) -> None:
    faces = [4, 4] if ruleset is HACK else [3]
    with pytest.raises(
        RuleError, match=r"pick 1 \(got 0\), nothing was saved.*Take what you can get"
    ):
        roll(party(ruleset), ruleset, "volley", faces, [4])


def test_pick_two_with_one_pick_is_refused() -> None:
    state = demo_campaign(HOUSE)
    with pytest.raises(RuleError, match="Muster on 6: pick 2 \\(got 1\\)"):
        roll(state, HOUSE, "muster", [6, 2], picks=["defenses"])
    ok = roll(state, HOUSE, "muster", [6, 2], picks=["defenses", "potential"])
    assert ok.state.steading is not None and ok.state.steading.muster == ("defenses", "potential")


# --- reading 24: ongoing penalties ---------------------------------------------------------------


def test_an_ongoing_penalty_is_added_to_each_roll_and_counts_down() -> None:
    state = sheet.ongoing(party(HACK), HACK, -1, 2, "Hale").state
    first = roll(state, HACK, "defend", [4, 4])
    assert first.event.total == 4 + 4 + 2 - 1
    assert "−1: ongoing (1 left)" in first.event.modifiers
    second = roll(first.state, HACK, "defend", [4, 4])
    assert "−1: ongoing (0 left)" in second.event.modifiers
    third = roll(second.state, HACK, "defend", [4, 4])
    assert third.event.total == 10 and third.state.characters["Hale"].ongoing is None


# --- the sheet is the ruleset's own ---------------------------------------------------------------


def test_the_hack_sheet_has_stats_hp_armor_load_and_gear_and_no_xp() -> None:
    state = given(party(HACK), HACK, "Hale", "bow", "adventuring_gear")
    data = character_sheet(HACK, state.characters["Hale"]).data()
    assert data["stats"] == {"forceful": 2, "agile": 0, "insightful": 0, "charming": 0}
    assert (data["meters"], data["maxima"], data["armor"]) == ({"hp": 10}, {"hp": 10}, 0)
    assert (data["load"], data["max_load"]) == (2, 10)
    assert data["gear"] == [
        {"id": "bow", "name": "Bow", "worn": True, "ammo": 3, "uses": None},
        {
            "id": "adventuring_gear",
            "name": "Adventuring gear",
            "worn": False,
            "ammo": None,
            "uses": 3,
        },
    ]
    assert "xp" not in data and "rerolls_left" not in data and "conditions" not in data


def test_a_starforged_sheet_has_no_load_no_gear_and_no_armor() -> None:
    starforged = CATALOG.ruleset("starforged")
    state = edits.add_character(demo_campaign(HOUSE), starforged, "Vex").state
    sheet_of = character_sheet(starforged, state.characters["Vex"])
    assert not {s.id for s in sheet_of.sections} & {"load", "gear", "armor"}
    assert not {"load", "gear", "armor", "hp"} & set(sheet_of.data())


def test_the_hack_demo_party_is_an_ogre_an_automaton_and_a_human_geared() -> None:
    state = demo_campaign(HACK)
    assert [c.template for c in state.characters.values()] == ["ogre", "automaton", "human"]
    for character in state.characters.values():
        assert character.gear
        top = gear.max_load(HACK, character)
        assert top is not None and gear.load(HACK, character) <= top


def test_an_old_sheet_with_gear_ids_opens_with_its_armor_kept() -> None:
    from hearthroll.store.codec import campaign_data, campaign_from_data

    data = campaign_data(demo_campaign(HOUSE))
    data["characters"]["Brannoc"]["gear"] = ["weapon", "medium_armor", "shield"]
    data["characters"]["Brannoc"]["armor"] = 3
    opened = campaign_from_data(data).characters["Brannoc"]
    assert opened.gear == (Item("weapon"), Item("medium_armor"), Item("shield"))
    assert gear.armor(HOUSE, opened) == 3
