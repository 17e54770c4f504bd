"""The sheet's fighter section (`core/games/encounter/section.py`): each maneuver's efficacy
and the rounds it waits, the breaking point as a warning, and the JSON fields cooldowns,
efficacy and breaking_point; none where the ruleset fights in no encounter."""

from __future__ import annotations

import attrs

from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.games.encounter.section import fighter_section
from hearthroll.core.games.sections import Line
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
MANEUVERS = CATALOG.ruleset("maneuvers")
WREN = demo_campaign(MANEUVERS).characters["Wren"]  # kick 80, trip 75, disarm 30, rescue 20


def test_each_maneuver_shows_its_efficacy_and_whether_it_is_ready() -> None:
    section = fighter_section(MANEUVERS, WREN)
    assert section is not None
    assert (section.id, section.title, section.bars) == ("fighter", "maneuvers", False)
    assert section.lines == (
        Line("Kick", "80 ready", 0),
        Line("Bash", "0 ready", 0),
        Line("Trip", "75 ready", 0),
        Line("Disarm", "30 ready", 0),
        Line("Rescue", "20 ready", 0),
        Line("Flee", "ready", 0),
        Line("Break Off", "ready", 0),
    )


def test_a_maneuver_cooling_down_says_the_rounds_it_waits() -> None:
    section = fighter_section(MANEUVERS, attrs.evolve(WREN, cooldowns={"maneuvers_kick": 1}))
    assert section is not None
    assert section.lines[0] == Line("Kick", "80 waits 1", 1)


def test_the_breaking_point_is_a_line_the_table_should_see() -> None:
    section = fighter_section(MANEUVERS, attrs.evolve(WREN, breaking_point=8))
    assert section is not None
    assert section.lines[-1] == Line("breaking point", "8", warn=True)


def test_the_json_fields_are_the_cooldowns_every_efficacy_and_the_breaking_point() -> None:
    section = fighter_section(
        MANEUVERS, attrs.evolve(WREN, cooldowns={"maneuvers_trip": 3}, breaking_point=None)
    )
    assert section is not None
    assert section.data == {
        "cooldowns": {"maneuvers_trip": 3},
        "efficacy": {
            "maneuvers_kick": 80,
            "maneuvers_bash": 0,
            "maneuvers_trip": 75,
            "maneuvers_disarm": 30,
            "maneuvers_rescue": 20,
        },
        "breaking_point": None,
    }


def test_a_game_with_no_encounters_has_no_fighter_section() -> None:
    for ruleset_id in ("house", "hack", "starforged"):
        ruleset = CATALOG.ruleset(ruleset_id)
        sheet = next(iter(demo_campaign(ruleset).characters.values()))
        assert fighter_section(ruleset, sheet) is None
