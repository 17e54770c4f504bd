"""`set` and its table of fields (`core/verbs/fields.py`): the fields each game's sheet and
steading have, the paths of companions and vehicles, an ongoing penalty as the GM types it, and
what `set_field` refuses and says: a path with no field, a value already held, a word for a
number, momentum's max, a steading flag, an asset's field by its name or on its owner; every
value within a stat's bounds is set and read back, and none outside."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.errors import NotFound, RuleError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import fields
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HOUSE = CATALOG.ruleset("house")
HACK = CATALOG.ruleset("hack")
STARFORGED = CATALOG.ruleset("starforged")
MILLBROOK = demo_campaign(HOUSE)  # Brannoc: level 2, 2 rerolls, XP 3
FORGE = demo_campaign(STARFORGED)  # Kael (edge 2): Rook, companion 3/3; Petrel, vehicle 5/5


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("-1 3", (-1, 3)),
        ("-1 for 3 rolls", (-1, 3)),
        ("−1 3", (-1, 3)),
        ("+2 1 roll", (2, 1)),
        ("0", (0, 0)),
        ("-1", "say how many rolls it lasts: -1 3"),
        ("x", "an ongoing penalty is the amount and the rolls it lasts: -1 3 (0 clears it)"),
        ("1 2 3", "an ongoing penalty is the amount and the rolls it lasts: -1 3 (0 clears it)"),
    ],
)
def test_an_ongoing_penalty_is_read_as_the_gm_types_it(typed: str, read: object) -> None:
    assert fields.ongoing_words(typed) == read


def test_the_starforged_sheet_s_fields_leave_momentum_s_max_and_the_assets_out() -> None:
    assert fields.character_fields(STARFORGED) == [
        "level", "armor", "forward", "notes", "ongoing",
        "health", "spirit", "supply", "momentum", "max_health", "max_spirit", "max_supply",
        "edge", "heart", "iron", "shadow", "wits",
        "wounded", "shaken", "unprepared", "permanently_harmed", "traumatized",
    ]  # fmt: skip
    assert [p for p in fields.field_paths(FORGE, STARFORGED) if not p.startswith("Kael.")] == [
        "Rook.companion_health", "Rook.health", "Rook.max", "Rook.destroyed", "Rook.out_of_action",
        "Petrel.integrity", "Petrel.max", "Petrel.battered", "Petrel.cursed",
        "Petrel.vehicle_destroyed",
    ]  # fmt: skip


def test_only_the_house_game_has_steading_fields() -> None:
    assert fields.steading_fields(HOUSE) == [
        "name", "size", "season", "fortunes", "surplus", "population", "prosperity", "defenses",
        "diminished", "lacking", "malcontent", "mustered",
    ]  # fmt: skip
    assert fields.steading_fields(HACK) == []
    with pytest.raises(RuleError, match=r"^a Hack \(2d6 \+ stat\) campaign has no steading$"):
        fields.set_field(demo_campaign(HACK), HACK, "steading.size", "town")


@pytest.mark.parametrize(
    ("path", "value", "refusal"),
    [
        ("Brannoc", "3", "give a path as NAME.field or steading.field, not 'Brannoc'"),
        ("Brannoc.xp", "3", "Brannoc.xp is already 3"),
        ("Brannoc.xp", "three", "Brannoc.xp is a whole number (digits 0-9), not 'three'"),
        ("steading.mustered", "maybe", "steading.mustered is true or false, not 'maybe'"),
        (
            "steading.size",
            "metropolis",
            "steading.size is one of hamlet, village, town, city, not 'metropolis'",
        ),
    ],
)
def test_a_set_the_sheet_cannot_take_is_refused_in_words(
    path: str, value: str, refusal: str
) -> None:
    with pytest.raises(RuleError) as refused:
        fields.set_field(MILLBROOK, HOUSE, path, value)
    assert str(refused.value) == refusal


def test_a_level_set_below_the_rerolls_left_takes_them_down_with_it() -> None:
    lowered = fields.set_field(MILLBROOK, HOUSE, "Brannoc.level", "1")
    assert (lowered.event.kind, lowered.event.actor, lowered.event.results) == (
        "set",
        "Brannoc",
        ("Brannoc.level = 1",),
    )
    brannoc = lowered.state.characters["Brannoc"]
    assert (brannoc.level, brannoc.rerolls_left) == (1, 1)


def test_a_hold_set_to_zero_leaves_the_sheet() -> None:
    held = fields.set_field(MILLBROOK, HOUSE, "Brannoc.preparation", "2").state
    assert held.characters["Brannoc"].holds == {"preparation": 2}
    assert (
        fields.set_field(held, HOUSE, "Brannoc.preparation", "0").state.characters["Brannoc"].holds
        == {}
    )
    assert fields.field_value(MILLBROOK, HOUSE, "Brannoc.preparation") == "0"


def test_a_steading_flag_is_marked_by_yes_and_read_back_as_yes() -> None:
    marked = fields.set_field(MILLBROOK, HOUSE, "steading.mustered", "yes")
    assert (marked.event.actor, marked.event.results) == (None, ("steading.mustered = yes",))
    assert fields.field_value(marked.state, HOUSE, "steading.mustered") == "yes"
    with pytest.raises(RuleError, match=r"^the steading has no field 'mood'; fields: name, size, "):
        fields.set_field(MILLBROOK, HOUSE, "steading.mood", "1")


def test_momentum_s_max_is_the_impacts_and_not_set_by_hand() -> None:
    with pytest.raises(RuleError) as refused:
        fields.set_field(FORGE, STARFORGED, "Kael.max_momentum", "8")
    assert str(refused.value) == (
        "Kael.max_momentum is not set by hand: it is 10 less one per impact marked "
        "(max +10 with no impact); mark or clear an impact instead"
    )


def test_a_vehicle_s_meter_is_set_by_its_name_or_on_its_owner_saying_whose() -> None:
    by_name = fields.set_field(FORGE, STARFORGED, "Petrel.integrity", "2")
    on_owner = fields.set_field(FORGE, STARFORGED, "Kael.integrity", "2")
    assert by_name.state == on_owner.state
    assert (by_name.event.actor, by_name.event.results) == ("Kael", ("Petrel.integrity = 2",))
    assert on_owner.event.results == ("Kael.integrity = 2 (Petrel's)",)
    assert fields.field_value(by_name.state, STARFORGED, "Petrel.integrity") == "2"


def test_a_companion_marked_destroyed_is_discarded_and_an_unknown_field_listed() -> None:
    gone = fields.set_field(FORGE, STARFORGED, "Rook.destroyed", "yes")
    assert gone.event.results == ("Rook.destroyed = yes", "Rook is gone: the asset is discarded")
    assert [a.name for a in gone.state.characters["Kael"].assets or ()] == ["Petrel"]
    with pytest.raises(RuleError) as unknown:
        fields.set_field(FORGE, STARFORGED, "Rook.wings", "1")
    assert str(unknown.value) == (
        "Rook (companion) has no field 'wings'; fields: companion_health, health, max, "
        "destroyed, out_of_action"
    )
    with pytest.raises(
        NotFound, match=r"^Kael has no asset named 'Zed' \(their assets: Rook, Petrel\)$"
    ):
        fields.set_field(FORGE, STARFORGED, "Kael.Zed.health", "1")


@settings(deadline=None)
@given(st.integers(-5, 8))
def test_a_stat_takes_exactly_the_values_within_its_bounds_and_reads_them_back(value: int) -> None:
    """`=N` sets the number itself (a bare `-2` would take 2 off)."""
    try:
        outcome = fields.set_field(FORGE, STARFORGED, "Kael.edge", f"={value}")
    except RuleError as refused:
        if value == 2:
            assert str(refused) == "Kael.edge is already 2"
        else:
            assert not 1 <= value <= 3
            assert str(refused) == f"Kael.edge is 1 to 3, not {value}"
        return
    assert 1 <= value <= 3
    assert outcome.state.characters["Kael"].stats["edge"] == value
    assert outcome.event.results == (f"Kael.edge = {value}",)
    assert fields.field_value(outcome.state, STARFORGED, "Kael.edge") == str(value)
