"""Gear (`core/games/gear.py`, readings 17-19 and 22), called directly: items found by id or
name, a new item's ammo and uses, what giving, dropping, wearing and stowing say and refuse, an
item in words, the weapon a move attacks with, and the gear tags a character can call on."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.state import Character, Item
from hearthroll.core.errors import NotFound, RuleError
from hearthroll.core.games import gear
from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HACK = CATALOG.ruleset("hack")
ROAD = demo_campaign(HACK)
GRUSHA = ROAD.characters["Grusha"]  # ogre: big weapon, medium armor
COG = ROAD.characters["Cog"]  # automaton: no weapon, no armor
MIRA = ROAD.characters["Mira"]  # human: bow (3 shots), weapon, light armor, shield, potion, kit
VOLLEY = HACK.move("hack_volley")
HACK_AND_SLASH = HACK.move("hack_hack_and_slash")


def spec(gear_id: str) -> gear.GearItem:
    return HACK.gear_item(gear_id)


def test_gear_is_found_by_its_name_in_any_case_and_a_typo_names_the_nearest() -> None:
    assert gear.find_gear(HACK, "Healing Potion").id == "healing_potion"
    assert gear.find_gear(HACK, " BIG weapon").id == "big_weapon"
    with pytest.raises(NotFound, match=r"^no gear 'sheild'; did you mean shield\? \(gear: "):
        gear.find_gear(HACK, "sheild")
    assert gear.find_gear(HACK, "sheild", forgiving=True).id == "shield"
    with pytest.raises(NotFound, match=r"^no gear 'xyz' \(gear: light_armor, medium_armor, "):
        gear.find_gear(HACK, "xyz", forgiving=True)
    with pytest.raises(NotFound, match=r"^a Starforged .* campaign has no gear$"):
        gear.find_gear(CATALOG.ruleset("starforged"), "bow")


def test_a_new_item_comes_with_three_shots_if_it_shoots_and_its_uses() -> None:
    assert gear.new_item(spec("bow")) == Item("bow", worn=True, ammo=3)
    assert gear.new_item(spec("adventuring_gear"), worn=False) == Item(
        "adventuring_gear", worn=False, uses=3
    )
    assert gear.new_item(spec("weapon")) == Item("weapon")


def test_giving_says_how_the_item_is_held_and_the_load_and_armor_after() -> None:
    armed, words = gear.give(HACK, MIRA, spec("crossbow"))
    assert armed.gear[-1] == Item("crossbow", ammo=3)
    assert words == "Mira takes Crossbow (wielded): load 4/8, armor 2"
    packed, words = gear.give(HACK, MIRA, spec("pack"))
    assert packed.gear[-1].worn is False  # a pack is only ever carried
    assert words.startswith("Mira takes Pack (carried): load ")
    with pytest.raises(
        RuleError, match=r"^Cog cannot use Weapon: the gear rules bar it from automatons$"
    ):
        gear.give(HACK, COG, spec("weapon"))


def test_dropping_takes_a_carried_one_first_so_the_wielded_stays() -> None:
    spare, _ = gear.give(HACK, MIRA, spec("weapon"), worn=False)
    dropped, words = gear.drop(HACK, spare, spec("weapon"))
    assert dropped.gear == MIRA.gear
    assert words == "Mira drops Weapon: load 3/8, armor 2"
    with pytest.raises(RuleError, match=r"^Cog has no Bow$"):
        gear.drop(HACK, COG, spec("bow"))


def test_wearing_and_stowing_say_their_verb_and_refuse_what_cannot_be() -> None:
    stowed, words = gear.wear(HACK, MIRA, spec("light_armor"), worn=False)
    assert words == "Mira stows Light armor: load 4/8, armor 1"
    assert gear.wear(HACK, stowed, spec("light_armor"))[1] == (
        "Mira wears Light armor: load 3/8, armor 2"
    )
    sheathed, _ = gear.wear(HACK, MIRA, spec("weapon"), worn=False)
    assert gear.wear(HACK, sheathed, spec("weapon"))[1] == "Mira wields Weapon: load 3/8, armor 2"
    with pytest.raises(
        RuleError, match=r"^Adventuring gear is not worn or wielded; it is only carried$"
    ):
        gear.wear(HACK, MIRA, spec("adventuring_gear"))
    with pytest.raises(RuleError, match=r"^Mira has no carried Shield$"):
        gear.wear(HACK, MIRA, spec("shield"))


def test_a_disarmed_character_takes_the_weapon_back_only_by_wielding_it() -> None:
    sheathed, _ = gear.wear(HACK, MIRA, spec("weapon"), worn=False)
    disarmed = attrs.evolve(sheathed, conditions={"disarmed": 0})
    with pytest.raises(RuleError) as refused:
        gear.wear(HACK, disarmed, spec("weapon"))
    assert str(refused.value) == (
        "Mira's weapon is in the pack (disarmed): `hearthroll wield FILE --as Mira` "
        "(w in the app) takes it back, spending the turn"
    )


def test_an_item_in_words_says_how_it_is_held_its_ammo_and_its_uses() -> None:
    said = [gear.item_words(HACK, item) for item in MIRA.gear]
    assert said == [
        "Bow (wielded, ammo 3)",
        "Weapon (wielded)",
        "Light armor (worn)",
        "Shield (worn)",
        "Healing potion (carried, 1 use left)",
        "Medical kit (carried, 1 use left)",
    ]
    assert (
        gear.item_words(HACK, MIRA.gear[0], disarmed=True) == "Bow (in the pack: disarmed, ammo 3)"
    )
    assert gear.item_words(HACK, MIRA.gear[2], disarmed=True) == "Light armor (worn)"
    assert gear.item_words(HACK, Item("adventuring_gear", worn=False, uses=2)) == (
        "Adventuring gear (carried, 2 uses left)"
    )
    assert gear.item_words(HACK, Item("laser")) == "laser"


def test_the_weapon_a_move_attacks_with_follows_the_move_s_range() -> None:
    shot = gear.attack(HACK, MIRA, VOLLEY)
    assert shot is not None
    assert (shot.spec.id, shot.thrown, shot.has_ammo, shot.to_hit) == ("bow", False, True, None)
    cut = gear.attack(HACK, GRUSHA, HACK_AND_SLASH)
    assert cut is not None and cut.to_hit == (-1, "big weapon")
    thrown = gear.attack(HACK, GRUSHA, VOLLEY)
    assert thrown is not None
    assert (thrown.spec.id, thrown.thrown, thrown.to_hit, thrown.has_ammo) == (
        "big_weapon",
        True,
        None,
        False,
    )
    bare = gear.attack(HACK, COG, HACK_AND_SLASH)
    assert bare is not None and (bare.spec.id, bare.item) == ("unarmed", None)
    assert gear.attack(HACK, MIRA, HACK.move("hack_rest")) is None
    guard = gear.guard_weapon(HACK, MIRA)
    assert guard is not None and (guard.spec.id, guard.index) == ("weapon", 1)


def test_a_weapon_s_tags_count_only_for_the_attack_and_a_spent_item_s_not_at_all() -> None:
    shot = gear.attack(HACK, MIRA, VOLLEY)
    tags = gear.gear_tags(HACK, MIRA, shot)
    assert "ranged" in tags and "ammo" in tags and "melee" not in tags
    spent = attrs.evolve(MIRA, gear=(*MIRA.gear[:4], Item("healing_potion", worn=False, uses=0)))
    assert "potion" not in gear.gear_tags(HACK, spent, None)
    assert "potion" in gear.gear_tags(HACK, MIRA, None)


HANDLED = ["light_armor", "medium_armor", "power_armor_piece", "shield", "weapon", "bow", "pack"]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["give", "carry", "drop", "wear", "stow"]), st.sampled_from(HANDLED)
        ),
        max_size=12,
    )
)
def test_whatever_is_given_worn_or_dropped_keeps_the_load_and_one_armor(
    steps: list[tuple[str, str]],
) -> None:
    character: Character = attrs.evolve(MIRA, gear=())
    for verb, item in steps:
        try:
            if verb in ("give", "carry"):
                character, _ = gear.give(HACK, character, spec(item), worn=verb == "give")
            elif verb == "drop":
                character, _ = gear.drop(HACK, character, spec(item))
            else:
                character, _ = gear.wear(HACK, character, spec(item), worn=verb == "wear")
        except RuleError:
            continue
        top = gear.max_load(HACK, character)
        assert top is not None and gear.load(HACK, character) <= top
        worn = [spec(i.id) for i in character.gear if i.worn]
        body = [s for s in worn if "body_armor" in s.tags]
        pieces = [s for s in worn if "power_armor" in s.tags and "body_armor" not in s.tags]
        assert len(body) <= 1 and not (body and pieces)
