"""The ruleset-shaped sheet (`core/games/sheet.py`): which sections each game's sheet has and in
what order, the words and JSON fields of the sections every game shares (who, stats, meters,
rolls, notes), no two sections claiming one JSON field, and `problems` adding momentum above its
impacts' max to the bounds a file is opened with."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.state import Ongoing
from hearthroll.core.games import sheet
from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HOUSE = CATALOG.ruleset("house")
HACK = CATALOG.ruleset("hack")
STARFORGED = CATALOG.ruleset("starforged")
MANEUVERS = CATALOG.ruleset("maneuvers")
GRUSHA = demo_campaign(HACK).characters["Grusha"]  # ogre, 13 HP, medium armor


def lines(section: sheet.Section | None) -> list[tuple[str, str, bool]]:
    assert section is not None
    return [(line.label, line.text, line.warn) for line in section.lines]


@pytest.mark.parametrize(
    ("game", "ids"),
    [
        ("house", ["who", "stats", "meters", "armor", "load", "gear", "holds", "rolls", "notes"]),
        ("hack", ["who", "stats", "meters", "armor", "load", "gear", "holds", "rolls", "notes"]),
        (
            "starforged",
            ["who", "stats", "meters", "momentum", "conditions", "rolls", "assets", "notes"],
        ),
        (
            "maneuvers",
            ["who", "stats", "meters", "gear", "conditions", "rolls", "fighter", "notes"],
        ),
    ],
)
def test_each_game_s_sheet_has_its_own_sections_in_the_table_s_order(
    game: str, ids: list[str]
) -> None:
    ruleset = CATALOG.ruleset(game)
    state = demo_campaign(ruleset)
    for character in state.characters.values():
        drawn = sheet.character_sheet(ruleset, character)
        assert drawn.name == character.name
        assert [s.id for s in drawn.sections] == ids
        assert drawn.section("no such section") is None


@pytest.mark.parametrize("game", ["house", "hack", "starforged", "maneuvers"])
def test_no_two_sections_claim_one_json_field(game: str) -> None:
    ruleset = CATALOG.ruleset(game)
    for character in demo_campaign(ruleset).characters.values():
        drawn = sheet.character_sheet(ruleset, character)
        keys = [key for section in drawn.sections for key in section.data]
        assert len(keys) == len(set(keys)), keys
        assert set(drawn.data()) == set(keys)


def test_who_names_the_template_and_says_xp_and_rerolls_where_the_game_levels_up() -> None:
    brannoc = demo_campaign(HOUSE).characters["Brannoc"]  # human, level 2, XP 3
    who = sheet.who(HOUSE, brannoc)
    assert who.title == "Brannoc (Human)"
    assert lines(who) == [("level", "2", False), ("XP", "3/10", False), ("rerolls", "2/2", False)]
    assert who.data == {
        "name": "Brannoc",
        "level": 2,
        "template": "human",
        "xp": 3,
        "xp_needed": 10,
        "rerolls_left": 2,
    }
    assert sheet.who(HACK, GRUSHA).data == {"name": "Grusha", "level": 1, "template": "ogre"}
    wren = demo_campaign(MANEUVERS).characters["Wren"]
    assert (sheet.who(MANEUVERS, wren).title, sheet.who(MANEUVERS, wren).data) == (
        "Wren",
        {"name": "Wren", "level": 1},
    )


def test_stats_are_signed_and_scores_show_their_modifier() -> None:
    assert lines(sheet.stats(HACK, GRUSHA)) == [
        ("Forceful", "+2", False),
        ("Agile", "+0", False),
        ("Insightful", "−1", False),
        ("Charming", "+1", False),
    ]
    wren = demo_campaign(MANEUVERS).characters["Wren"]
    assert lines(sheet.stats(MANEUVERS, wren)) == [
        ("Str", "10 (+0)", False),
        ("Dex", "16 (+3)", False),
    ]


def test_what_waits_on_the_next_rolls_is_said_and_a_waiting_move_warns() -> None:
    waiting = attrs.evolve(
        GRUSHA,
        forward=1,
        ongoing=Ongoing(-1, 1),
        waits="hack_last_breath",
        rest_bonus="1d3",
    )
    rolls = sheet.rolls(HACK, waiting)
    assert lines(rolls) == [
        ("forward", "+1", False),
        ("ongoing", "−1 (1 roll left)", False),
        ("waits", "Last Breath must be rolled next", True),
        ("next Rest", "+1d3 HP (Medical kit)", False),
    ]
    assert rolls is not None
    assert rolls.data == {
        "forward": 1,
        "ongoing": {"amount": -1, "rolls": 1},
        "waits": "hack_last_breath",
        "rest_bonus": "1d3",
    }
    assert lines(sheet.rolls(HACK, GRUSHA)) == []


def test_notes_are_a_line_only_when_written() -> None:
    assert lines(sheet.notes(HACK, attrs.evolve(GRUSHA, notes="owes Mira"))) == [
        ("notes", "owes Mira", False)
    ]
    assert sheet.notes(HACK, GRUSHA) == sheet.Section("notes", "notes", (), {"notes": ""})


def test_problems_add_momentum_above_its_impacts_max_to_the_file_s_bounds() -> None:
    forge = demo_campaign(STARFORGED)
    kael = forge.characters["Kael"]
    kael = attrs.evolve(kael, conditions={"wounded": 0}, meters={**kael.meters, "momentum": 10})
    state = attrs.evolve(forge, characters={"Kael": kael}, clocks=())
    assert sheet.problems(state, STARFORGED) == [
        (
            ("characters", "Kael", "meters", "momentum"),
            "10 is above Kael's max +9 with 1 impact: Wounded; set momentum to 9 or less, "
            "or clear an impact",
        )
    ]


@settings(deadline=None)
@given(st.integers(0, 13), st.integers(-3, 3))
def test_hp_is_drawn_against_the_sheet_s_max_and_warns_at_zero(hp: int, forward: int) -> None:
    grusha = attrs.evolve(GRUSHA, meters={"hp": hp}, forward=forward)
    meters = sheet.meters(HACK, grusha)
    assert meters is not None and meters.bars
    assert lines(meters) == [("HP", f"{hp}/13", hp == 0)]
    assert (meters.data["hp"], meters.data["max_hp"]) == (hp, 13)
    said = [label for label, _, _ in lines(sheet.rolls(HACK, grusha))]
    assert said == (["forward"] if forward else [])
