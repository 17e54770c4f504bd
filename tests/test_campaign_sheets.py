"""Small pure changes to sheets and the steading (`core/campaign/sheets.py`): meters clamped
to their bounds with a loss past the bottom overflowing (or dropped), holds, conditions, the
steading's stats and their floor, levels from XP, uses and ammo, and finding a character."""

from __future__ import annotations

import attrs
import pytest

from hearthroll.core.campaign.sheets import (
    advance_season,
    change_condition,
    change_flag,
    change_hold,
    change_meter,
    change_steading_stat,
    find_character,
    level_refusal,
    level_up,
    meter_bounds,
    meter_change,
    put_character,
    spend_ammo,
    use_item,
)
from hearthroll.core.errors import NotFound, RuleError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HACK = CATALOG.ruleset("hack")
HOUSE = CATALOG.ruleset("house")
STARFORGED = CATALOG.ruleset("starforged")
ROAD = demo_campaign(HACK)
VILLAGE = demo_campaign(HOUSE)
COG, MIRA = ROAD.characters["Cog"], ROAD.characters["Mira"]
BRANNOC = VILLAGE.characters["Brannoc"]  # level 2, 3 XP
KAEL = demo_campaign(STARFORGED).characters["Kael"]  # momentum 2


def test_a_sheet_is_replaced_in_its_place() -> None:
    hurt = attrs.evolve(COG, meters={"hp": 4})
    state = put_character(ROAD, hurt)
    assert list(state.characters) == ["Grusha", "Cog", "Mira"]
    assert state.characters["Cog"] is hurt


def test_a_meter_s_bounds_take_the_sheet_s_own_maximum() -> None:
    assert meter_bounds(HACK, ROAD.characters["Grusha"], "hp") == (0, 13)
    assert meter_bounds(HACK, COG, "hp") == (0, 10)


def test_a_meter_is_clamped_to_its_bounds() -> None:
    assert change_meter(HACK, COG, "hp", 5)[1] == []
    emptied, words = change_meter(HACK, COG, "hp", 0, "set")
    assert (emptied.meters["hp"], words) == (0, ["HP 10 → 0"])
    filled, words = change_meter(HACK, emptied, "hp", 0, "fill")
    assert (filled.meters["hp"], words) == (10, ["HP 0 → 10"])


def test_a_loss_past_the_bottom_overflows_into_momentum() -> None:
    kael = attrs.evolve(KAEL, meters={**KAEL.meters, "health": 1})
    change = meter_change(STARFORGED, kael, "health", -3)
    assert (change.character.meters["health"], change.character.meters["momentum"]) == (0, 0)
    assert change.words == ("Health 1 → 0", "2 past 0: Momentum 2 → 0")
    assert change.dropped == ()


def test_a_loss_past_a_bottom_with_nowhere_to_go_is_dropped_and_said() -> None:
    change = meter_change(HACK, attrs.evolve(COG, meters={"hp": 1}), "hp", -3)
    assert change.character.meters["hp"] == 0
    assert change.words == ("HP 1 → 0",)
    assert change.dropped == (("hp", 2),)


def test_holds_are_gained_and_spending_more_than_held_is_refused() -> None:
    ready, words = change_hold(HOUSE, BRANNOC, "readiness", 3)
    assert (ready.holds, words) == ({"readiness": 3}, ["Readiness 0 → 3"])
    with pytest.raises(RuleError, match=r"^Brannoc holds 0 Readiness; cannot spend 1$"):
        change_hold(HOUSE, BRANNOC, "readiness", 1, "spend")
    lost, words = change_hold(HOUSE, ready, "readiness", 0, "lose")
    assert (lost.holds, words) == ({}, ["Readiness 3 → 0"])


def test_a_condition_is_marked_for_its_rounds_and_cleared() -> None:
    maneuvers = CATALOG.ruleset("maneuvers")
    stunned, words = change_condition(maneuvers, COG, "stunned", True, None)
    assert (stunned.conditions, words) == ({"stunned": 2}, ["Stunned marked for 2 rounds"])
    held, words = change_condition(maneuvers, COG, "held", True, None)
    assert (held.conditions, words) == ({"held": 0}, ["Held marked"])
    cleared, words = change_condition(maneuvers, stunned, "stunned", False, None)
    assert (cleared.conditions, words) == ({}, ["Stunned cleared"])
    assert change_condition(maneuvers, COG, "stunned", False, None) == (COG, [])


def test_fortunes_stop_at_minus_one_and_the_steading_meets_with_disaster() -> None:
    steading = VILLAGE.steading
    assert steading is not None
    change = change_steading_stat(HOUSE, steading, "fortunes", -3)
    assert change.steading.stats["fortunes"] == -1
    assert change.past_min == "meet_with_disaster"
    assert change.words == (
        "Fortunes +1 → −1",
        "Fortunes cannot go below −1: the steading Meets With Disaster; the GM picks one "
        "(diminished, lacking, malcontent, or Population −1)",
    )
    assert change_steading_stat(HOUSE, steading, "fortunes", -2).past_min is None


def test_a_flag_is_marked_once_and_cleared_once() -> None:
    steading = VILLAGE.steading
    assert steading is not None
    marked, words = change_flag(HOUSE, steading, "lacking", True)
    assert (marked.flags, words) == (("lacking",), ["Lacking marked"])
    assert change_flag(HOUSE, marked, "lacking", True) == (marked, [])
    cleared, words = change_flag(HOUSE, marked, "lacking", False)
    assert (cleared.flags, words) == ((), ["Lacking cleared"])


def test_the_season_turns() -> None:
    steading = VILLAGE.steading
    assert steading is not None
    turned, words = advance_season(HOUSE, steading)
    assert (turned.season, words) == ("summer", ["season spring → summer"])


def test_level_up_takes_every_level_the_xp_allows_and_a_reroll_each() -> None:
    assert level_refusal(HOUSE, BRANNOC) == "Brannoc needs 10 XP, has 3"
    leveled, words = level_up(HOUSE, attrs.evolve(BRANNOC, xp=30))  # 10 for 3, 12 for 4
    assert (leveled.level, leveled.xp, leveled.rerolls_left) == (4, 8, 4)
    assert words[:3] == ["level 2 → 4", "XP 30 → 8", "rerolls 2 → 4"]
    assert words[3].endswith("(2 to choose)")
    with pytest.raises(RuleError, match=r"^Brannoc needs 10 XP, has 3$"):
        level_up(HOUSE, BRANNOC)


def test_a_use_is_marked_off_and_the_last_one_uses_the_item_up() -> None:
    used, words = use_item(HACK, COG, "adventuring_gear")
    assert used.gear[0].uses == 2
    assert words == "Adventuring gear uses 3 → 2"
    gone, words = use_item(HACK, COG, "repair_kit")
    assert [item.id for item in gone.gear] == ["adventuring_gear"]
    assert words == "Repair kit used up"
    with pytest.raises(RuleError, match=r"^Cog has no Repair kit$"):
        use_item(HACK, gone, "repair_kit")


def test_a_shot_spends_one_ammo_and_none_left_is_refused() -> None:
    shot, words = spend_ammo(HACK, MIRA, 0)
    assert (shot.gear[0].ammo, words) == (2, "Bow ammo 3 → 2")
    empty = attrs.evolve(MIRA, gear=(attrs.evolve(MIRA.gear[0], ammo=0), *MIRA.gear[1:]))
    with pytest.raises(RuleError, match=r"^Mira's Bow has no ammo left$"):
        spend_ammo(HACK, empty, 0)


def test_a_character_is_found_in_any_case_else_the_nearest_is_suggested() -> None:
    assert find_character(ROAD, "mira") is MIRA
    assert find_character(ROAD, None).name == "Grusha"
    with pytest.raises(NotFound) as missing:
        find_character(ROAD, "Mria")
    assert str(missing.value) == (
        "no character 'Mria'; did you mean Mira? (the party: Grusha, Cog, Mira)"
    )
    with pytest.raises(NotFound, match=r"^this campaign has no characters yet$"):
        find_character(attrs.evolve(ROAD, characters={}), "Mira")
