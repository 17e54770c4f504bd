"""The bounds a campaign's sheets keep (`core/games/bounds.py`), called directly: which plain
fields a ruleset's sheet has, and every problem `problems` names, at its key path and in words,
for a sheet's holds, conditions, meters, template and gear, its companions and vehicles, the
tracks, the clocks and the steading."""

from __future__ import annotations

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.state import Asset, Clock, Item, Track
from hearthroll.core.games import bounds
from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HOUSE = CATALOG.ruleset("house")
HACK = CATALOG.ruleset("hack")
STARFORGED = CATALOG.ruleset("starforged")
ROAD = demo_campaign(HACK)
COG = ROAD.characters["Cog"]  # an automaton of level 1, 10 HP at most
FORGE = demo_campaign(STARFORGED)
KAEL = FORGE.characters["Kael"]


def test_xp_and_rerolls_are_on_the_sheet_only_where_the_ruleset_levels_up() -> None:
    assert list(bounds.plain_fields(HOUSE)) == [
        "level",
        "xp",
        "rerolls",
        "armor",
        "forward",
        "notes",
    ]
    for game in ("hack", "starforged", "maneuvers"):
        assert list(bounds.plain_fields(CATALOG.ruleset(game))) == [
            "level",
            "armor",
            "forward",
            "notes",
        ]


def test_a_span_says_an_open_end_as_an_ellipsis() -> None:
    assert (bounds.span(0, None), bounds.span(None, 3), bounds.span(1, 99)) == (
        "0 to …",
        "… to 3",
        "1 to 99",
    )
    assert bounds.outside(5, None, 4) and bounds.outside(-1, 0, None)
    assert not bounds.outside(4, None, None)


def test_rerolls_are_bounded_by_the_character_s_level() -> None:
    assert bounds.PLAIN["rerolls"].bounds(attrs.evolve(COG, level=3)) == (0, 3)
    assert bounds.PLAIN["xp"].bounds(COG) == (0, 9999)


def test_what_a_sheet_holds_that_the_ruleset_lacks_is_named_at_its_key() -> None:
    cog = attrs.evolve(
        COG,
        rerolls_left=2,
        holds={"luck": 1, "readiness": 2},
        conditions={"sick": 0},
        meters={**COG.meters, "hp": 11, "mana": 3},
        template="elf",
        gear=(Item("laser"),),
    )
    found = bounds.problems(attrs.evolve(ROAD, characters={"Cog": cog}), HACK)
    gear = ", ".join(sorted(g.id for g in HACK.gear))
    assert found == [  # hack keeps no rerolls: what the field holds is not its to bound
        (("characters", "Cog", "holds", "luck"), "unknown hold 'luck'"),
        (("characters", "Cog", "conditions", "sick"), "unknown condition 'sick'"),
        (("characters", "Cog", "meters", "hp"), "11 is outside 0 to 10"),
        (("characters", "Cog", "meters", "mana"), "unknown meter 'mana'"),
        (
            ("characters", "Cog", "template"),
            "unknown template 'elf': one of human, ogre, automaton",
        ),
        (("characters", "Cog", "gear"), f"unknown gear 'laser': Hack (2d6 + stat) has {gear}"),
    ]


def test_assets_tracks_and_clocks_out_of_bounds_are_each_named() -> None:
    kael = attrs.evolve(
        KAEL,
        assets=(
            Asset("Rook", "beast", 3, 3),
            Asset("Vex", "companion", 6, 7),
            Asset("Petrel", "vehicle", 5, 5, "war"),
        ),
    )
    state = attrs.evolve(
        FORGE,
        characters={"Kael": kael},
        tracks=(Track("V", "hard", "quest", 41),),
        clocks=(Clock("Storm", 6, filled=7),),
    )
    assert bounds.problems(state, STARFORGED) == [
        (("characters", "Kael", "assets"), "Rook: an asset is a companion or a vehicle"),
        (("characters", "Kael", "assets"), "Vex: a companion's max is 2 to 5"),
        (("characters", "Kael", "assets"), "Vex: 7 is outside 0 to 6"),
        (
            ("characters", "Kael", "assets"),
            "Petrel: a vehicle's type is one of command, support, incidental",
        ),
        (("tracks",), "V: rank is one of troublesome, dangerous, formidable, extreme, epic"),
        (("tracks",), "V: kind is one of vow, expedition, connection, combat"),
        (("tracks",), "V: ticks are 0 to 40, not 41"),
        (("clocks", 0, "filled"), "Storm: filled is 0 to 6, not 7"),
    ]


def test_momentum_above_its_impacts_max_opens_and_above_its_scale_does_not() -> None:
    wounded = attrs.evolve(KAEL, conditions={"wounded": 0}, meters={**KAEL.meters, "momentum": 10})
    assert bounds.problems(attrs.evolve(FORGE, characters={"Kael": wounded}), STARFORGED) == []
    past = attrs.evolve(KAEL, meters={**KAEL.meters, "momentum": 11})
    assert bounds.problems(attrs.evolve(FORGE, characters={"Kael": past}), STARFORGED) == [
        (("characters", "Kael", "meters", "momentum"), "11 is outside -6 to 10")
    ]


def test_a_steading_of_unknown_size_season_flag_or_stat_is_named() -> None:
    village = demo_campaign(HOUSE)
    assert village.steading is not None
    odd = attrs.evolve(
        village.steading,
        size="metropolis",
        season="monsoon",
        flags=("haunted",),
        stats={**village.steading.stats, "wealth": 1, "fortunes": -2},
    )
    assert bounds.problems(attrs.evolve(village, steading=odd), HOUSE) == [
        (("steading", "size"), "size is one of hamlet, village, town, city"),
        (("steading", "season"), "season is one of spring, summer, autumn, winter"),
        (("steading", "flags"), "unknown flag 'haunted'"),
        (("steading", "stats", "fortunes"), "-2 is out of bounds"),
        (("steading", "stats", "wealth"), "unknown stat 'wealth'"),
    ]


@settings(deadline=None)
@given(st.sampled_from(["Grusha", "Cog", "Mira"]), st.integers(-5, 20))
def test_hp_is_a_problem_exactly_outside_zero_to_the_sheet_s_own_max(who: str, hp: int) -> None:
    character = ROAD.characters[who]
    top = character.maxima["hp"]
    hurt = attrs.evolve(character, meters={**character.meters, "hp": hp})
    found = bounds.problems(attrs.evolve(ROAD, characters={**ROAD.characters, who: hurt}), HACK)
    if 0 <= hp <= top:
        assert found == []
    else:
        assert found == [(("characters", who, "meters", "hp"), f"{hp} is outside 0 to {top}")]


def test_rerolls_are_bounded_where_the_game_keeps_them_and_not_elsewhere() -> None:
    house = CATALOG.ruleset("house")
    village = demo_campaign(house)
    name, brannoc = next(iter(village.characters.items()))
    over = attrs.evolve(brannoc, rerolls_left=brannoc.level + 1)
    found = bounds.problems(attrs.evolve(village, characters={name: over}), house)
    assert found == [
        (
            ("characters", name, "rerolls_left"),
            f"rerolls is 0 to {brannoc.level}, not {brannoc.level + 1}",
        )
    ]
    cog = attrs.evolve(COG, rerolls_left=7)
    assert bounds.problems(attrs.evolve(ROAD, characters={"Cog": cog}), HACK) == []
