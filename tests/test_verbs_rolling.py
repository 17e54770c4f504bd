"""Rolling a move (`core/verbs/rolling.py`): the table from mechanic to roller, the stat a roll
reads (the player's pick, else the first highest), the adds (forward, ongoing), the GM's edge
where the mechanic takes one, and the reasons each modifier is given."""

from __future__ import annotations

import attrs
import pytest

from hearthroll.core.campaign.resolve import Context
from hearthroll.core.campaign.state import Campaign, Character, Ongoing
from hearthroll.core.dice.mechanics import Roll
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import RuleError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.rules.model import Move, Ruleset
from hearthroll.core.verbs.rolling import (
    ROLLERS,
    no_edge,
    roll_move,
    rolled_stat,
    stat_value,
    takes_adds,
    takes_edge,
)
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HACK = CATALOG.ruleset("hack")
HOUSE = CATALOG.ruleset("house")
STARFORGED = CATALOG.ruleset("starforged")
MANEUVERS = CATALOG.ruleset("maneuvers")
ROAD = demo_campaign(HACK)
COG = ROAD.characters["Cog"]  # Forceful +1, Agile +1, Insightful +2, Charming −1
VOLLEY = HACK.move("hack_volley")


def roll(
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    character: Character | None,
    faces: list[int],
    *,
    advantage: bool = False,
    disadvantage: bool = False,
    picked: str | None = None,
) -> tuple[Roll | None, list[str]]:
    dice = TypedDice(faces)
    result = roll_move(
        state,
        ruleset,
        move,
        character,
        Context(state, character),
        dice,
        advantage,
        disadvantage,
        picked_stat=picked,
    )
    dice.finish()
    return result


def rolled(
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    character: Character | None,
    faces: list[int],
    *,
    advantage: bool = False,
    disadvantage: bool = False,
) -> tuple[Roll, list[str]]:
    result, reasons = roll(
        state, ruleset, move, character, faces, advantage=advantage, disadvantage=disadvantage
    )
    assert result is not None
    return result, reasons


def test_a_sum_roll_adds_the_stat_and_names_it_first() -> None:
    result, reasons = rolled(ROAD, HACK, VOLLEY, COG, [4, 5])
    assert (result.faces, result.total, result.band) == ((4, 5), 10, "strong")
    assert reasons == ["+1: Agile"]


def test_forward_and_an_ongoing_penalty_count_on_the_roll_and_are_said() -> None:
    cog = attrs.evolve(COG, forward=1, ongoing=Ongoing(-1, 2))
    result, reasons = rolled(ROAD, HACK, VOLLEY, cog, [4, 5])
    assert result.total == 10
    assert reasons == ["+1: Agile", "+1 forward", "−1: ongoing (1 left)"]


def test_the_gm_s_advantage_rolls_a_die_more_and_drops_the_lowest() -> None:
    result, reasons = rolled(ROAD, HACK, VOLLEY, COG, [4, 1, 5], advantage=True)
    assert (result.faces, result.total) == ((4, 1, 5), 10)
    assert reasons == ["+1: Agile", "advantage: the GM"]


def test_advantage_and_disadvantage_cancel() -> None:
    result, reasons = rolled(ROAD, HACK, VOLLEY, COG, [4, 5], advantage=True, disadvantage=True)
    assert result.total == 10
    assert reasons == [
        "+1: Agile",
        "advantage: the GM",
        "disadvantage: the GM",
        "advantage and disadvantage cancel",
    ]


def test_the_stat_the_player_picked_is_the_one_rolled() -> None:
    defy = HACK.move("hack_defy_danger")
    result, reasons = roll(ROAD, HACK, defy, COG, [4, 5], picked="charming")
    assert result is not None
    assert result.total == 8
    assert reasons == ["−1: Charming"]
    assert rolled_stat(ROAD, COG, HACK, defy, "charming") == ("charming", -1)


def test_an_unpicked_stat_choice_takes_the_first_highest() -> None:
    defy = HACK.move("hack_defy_danger")
    assert rolled_stat(ROAD, COG, HACK, defy) == ("insightful", 2)
    assert rolled_stat(ROAD, COG, HACK, HACK.move("hack_respawn")) is None


def test_a_community_roll_reads_the_steading_and_names_no_stat() -> None:
    village = demo_campaign(HOUSE)  # Population 2
    result, reasons = rolled(village, HOUSE, HOUSE.move("muster"), None, [3, 5])
    assert (result.faces, result.band) == ((3, 5), "weak")
    assert reasons == []


def test_a_move_without_dice_rolls_nothing_and_an_unknown_mechanic_is_refused() -> None:
    point = MANEUVERS.move("maneuvers_breaking_point")
    assert roll(demo_campaign(MANEUVERS), MANEUVERS, point, None, []) == (None, [])
    pooled = attrs.evolve(VOLLEY, roll=attrs.evolve(VOLLEY.roll, mechanic="pool"))
    with pytest.raises(RuleError, match=r"^Volley: cannot roll mechanic 'pool'$"):
        roll(ROAD, HACK, pooled, COG, [])


def test_a_stat_is_read_from_the_steading_a_meter_or_the_sheet() -> None:
    village = demo_campaign(HOUSE)
    assert stat_value(village, None, HOUSE, "population") == 2
    assert stat_value(ROAD, COG, HACK, "hp") == 10
    assert stat_value(ROAD, COG, HACK, "insightful") == 2
    ford = demo_campaign(MANEUVERS)
    assert stat_value(ford, ford.characters["Wren"], MANEUVERS, "dex") == 3
    with pytest.raises(RuleError, match=r"^no value for 'luck' on the sheet$"):
        stat_value(ROAD, COG, HACK, "luck")


def test_the_rollers_table_names_which_mechanics_take_the_character_s_adds() -> None:
    assert set(ROLLERS) == {"stat_dice", "sum", "action", "d20", "table"}
    assert takes_adds(VOLLEY)
    assert takes_adds(STARFORGED.move("starforged_endure_harm"))
    assert not takes_adds(HOUSE.move("muster"))
    assert not takes_adds(STARFORGED.move("starforged_endure_harm_table"))
    assert not takes_adds(HOUSE.move("rest"))


def test_the_gm_s_edge_applies_to_sums_and_community_rolls_only() -> None:
    assert takes_edge(VOLLEY)
    assert takes_edge(HOUSE.move("muster"))
    kick = MANEUVERS.move("maneuvers_kick")
    assert not takes_edge(kick)
    assert no_edge(kick) == "a maneuver's modifiers are its own"
    assert no_edge(MANEUVERS.move("maneuvers_bash_stun")) == "a maneuver's modifiers are its own"
    assert no_edge(STARFORGED.move("starforged_endure_harm")) == (
        "an action roll has no advantage (its adds come from the move and its picks)"
    )
    assert no_edge(MANEUVERS.move("maneuvers_breaking_point")) == "it makes no roll"
    assert no_edge(STARFORGED.move("starforged_endure_harm_table")) == (
        "a table roll has no advantage"
    )
