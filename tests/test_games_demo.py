"""New campaigns (`core/games/demo.py`): an empty one with its ruleset's steading at its
defaults, and the demo table of each shipped game, ready to play: who is in the party, at what
level, with what stats, gear, efficacies, foes, companions and vows, the name given carried to
the steading, and a ruleset without a demo refused in words."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.state import Asset, Steading, Track
from hearthroll.core.errors import RuleError
from hearthroll.core.games import demo, gear
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HOUSE = CATALOG.ruleset("house")
HACK = CATALOG.ruleset("hack")
STARFORGED = CATALOG.ruleset("starforged")
MANEUVERS = CATALOG.ruleset("maneuvers")
GAMES = ("house", "hack", "starforged", "maneuvers")


def test_an_empty_campaign_has_the_ruleset_s_steading_at_its_defaults_or_none() -> None:
    empty = demo.new_campaign(HOUSE, "Thornfield")
    assert (empty.ruleset, empty.name, empty.characters, empty.active) == (
        "house",
        "Thornfield",
        {},
        None,
    )
    assert empty.steading == Steading(
        name="the steading",
        size="village",
        season="spring",
        stats={"fortunes": 1, "surplus": 0, "population": 0, "prosperity": 0, "defenses": 0},
    )
    for game in ("hack", "starforged", "maneuvers"):
        assert demo.new_campaign(CATALOG.ruleset(game)).steading is None


def test_every_shipped_game_has_a_demo_and_another_ruleset_is_refused_by_name() -> None:
    assert all(demo.has_demo(game) for game in GAMES)
    assert not demo.has_demo("homebrew")
    with pytest.raises(RuleError) as refused:
        demo.demo_campaign(attrs.evolve(HACK, id="homebrew"))
    assert str(refused.value) == (
        "there is a demo party for house, hack, maneuvers, starforged; not for 'homebrew'"
    )


def test_millbrook_is_a_village_of_three_with_brannoc_a_level_ahead() -> None:
    village = demo.demo_campaign(HOUSE)
    assert (village.name, village.active, list(village.characters)) == (
        "Millbrook",
        "Brannoc",
        ["Brannoc", "Isolde", "Wren"],
    )
    assert village.steading is not None
    assert (village.steading.name, village.steading.size) == ("Millbrook", "village")
    assert village.steading.stats == {
        "fortunes": 1,
        "surplus": 2,
        "population": 2,
        "prosperity": 1,
        "defenses": 1,
    }
    brannoc = village.characters["Brannoc"]
    assert (brannoc.template, brannoc.level, brannoc.rerolls_left, brannoc.xp) == ("human", 2, 2, 3)
    assert [(c.template, c.level, c.xp) for c in village.characters.values()][1:] == [
        ("ogre", 1, 5),
        ("automaton", 1, 0),
    ]


def test_the_sunken_road_party_carries_its_gear_worn_where_it_can_be() -> None:
    road = demo.demo_campaign(HACK)
    assert (road.name, road.active, road.steading) == ("The Sunken Road", "Grusha", None)
    held = {
        who: [(i.id, i.worn) for i in character.gear] for who, character in road.characters.items()
    }
    assert held == {
        "Grusha": [
            ("big_weapon", True),
            ("medium_armor", True),
            ("adventuring_gear", False),
            ("healing_potion", False),
        ],
        "Cog": [("adventuring_gear", False), ("repair_kit", False)],
        "Mira": [
            ("bow", True),
            ("weapon", True),
            ("light_armor", True),
            ("shield", True),
            ("healing_potion", False),
            ("medical_kit", False),
        ],
    }
    assert road.characters["Cog"].stats == {
        "forceful": 1,
        "agile": 1,
        "insightful": 2,
        "charming": -1,
    }


def test_the_ford_sets_three_fighters_against_a_bandit_and_an_ogre() -> None:
    ford = demo.demo_campaign(MANEUVERS)
    assert (ford.name, ford.active) == ("The Ford", "Brannoc")
    assert {who: c.stats for who, c in ford.characters.items()} == {
        "Brannoc": {"str": 14, "dex": 12},
        "Isolde": {"str": 16, "dex": 10},
        "Wren": {"str": 10, "dex": 16},
    }
    assert ford.characters["Wren"].efficacy == {
        "maneuvers_kick": 80,
        "maneuvers_trip": 75,
        "maneuvers_disarm": 30,
        "maneuvers_rescue": 20,
    }
    assert ford.encounter is not None
    assert ford.encounter.round == 1
    assert {n: (f.attacking, f.armor, f.huge) for n, f in ford.encounter.foes.items()} == {
        "Bandit": ("Brannoc", 1, False),
        "Ogre": ("Wren", 2, True),
    }


def test_an_efficacy_for_a_maneuver_the_ruleset_lacks_is_left_off() -> None:
    fewer = attrs.evolve(
        MANEUVERS, moves=tuple(m for m in MANEUVERS.moves if m.id != "maneuvers_rescue")
    )
    ford = demo.demo_campaign(fewer)
    assert ford.characters["Wren"].efficacy == {
        "maneuvers_kick": 80,
        "maneuvers_trip": 75,
        "maneuvers_disarm": 30,
    }


def test_the_forge_has_kael_with_a_companion_a_command_ship_and_two_vows() -> None:
    forge = demo.demo_campaign(STARFORGED)
    assert forge == demo.starforged_demo(STARFORGED)
    kael = forge.characters["Kael"]
    assert (forge.name, forge.active) == ("The Forge", "Kael")
    assert kael.stats == {"edge": 2, "heart": 2, "iron": 3, "shadow": 1, "wits": 2}
    assert kael.assets == (
        Asset(name="Rook", kind="companion", max=3, value=3),
        Asset(name="Petrel", kind="vehicle", max=5, value=5, type="command"),
    )
    assert forge.tracks == (
        Track("Find the lost beacon", "formidable", "vow", 4),
        Track("Avenge the Ironhold", "dangerous", "vow", 8),
    )


@pytest.mark.parametrize("game", GAMES)
def test_a_demo_party_wears_only_what_its_templates_can_use_within_its_load(game: str) -> None:
    ruleset = CATALOG.ruleset(game)
    for character in demo.demo_campaign(ruleset).characters.values():
        for item in character.gear:
            if item.worn:
                assert gear.refusal(ruleset, character, ruleset.gear_item(item.id)) is None
        top = gear.max_load(ruleset, character)
        assert top is None or gear.load(ruleset, character) <= top


@settings(deadline=None)
@given(st.sampled_from(GAMES), st.text(min_size=1, max_size=20))
def test_a_demo_takes_the_name_given_and_its_steading_too(game: str, name: str) -> None:
    named = demo.demo_campaign(CATALOG.ruleset(game), name)
    assert named.name == name
    if named.steading is not None:
        assert named.steading.name == name
