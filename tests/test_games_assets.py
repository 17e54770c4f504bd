"""Assets (`core/games/assets.py`, reading 31): companions and vehicles with their own meter and
maximum, added within their limits, found by name, mounted on the sheet for a move on them and
taken back after it (marks and all; destroyed, discarded), and drawn as pips."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.state import Asset, Character
from hearthroll.core.errors import NotFound, RuleError
from hearthroll.core.games import assets, bounds
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.games.stage import Attempt
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
STARFORGED = CATALOG.ruleset("starforged")
HACK = CATALOG.ruleset("hack")
FORGE = demo_campaign(STARFORGED)
KAEL = FORGE.characters["Kael"]
ROOK, PETREL = KAEL.assets or ()  # a companion 3/3; a command vehicle 5/5
TAKES_A_HIT = STARFORGED.move("starforged_companion_takes_a_hit")


@pytest.mark.parametrize(
    ("kind", "name", "top", "type_", "refusal"),
    [
        ("beast", "Vex", 3, "", "an asset is a companion or a vehicle, not 'beast'"),
        ("companion", "Vex", 6, "", "a companion's maximum is 2 to 5, not 6"),
        ("vehicle", "Skiff", 2, "support", "a vehicle's maximum is 3 to 6, not 2"),
        ("companion", "  ", 3, "", "a companion needs a name"),
        (
            "vehicle",
            "Skiff",
            4,
            "war",
            "a vehicle's type is one of command, support, incidental (--type), not 'war'",
        ),
        ("companion", "Vex", 3, "command", "a companion has no type; drop --type"),
    ],
)
def test_a_new_asset_out_of_its_limits_is_refused_in_words(
    kind: str, name: str, top: int, type_: str, refusal: str
) -> None:
    with pytest.raises(RuleError) as refused:
        assets.new_asset(STARFORGED, kind, name, top, type_)
    assert str(refused.value) == refusal


def test_a_new_asset_starts_full_and_a_game_without_assets_refuses_one() -> None:
    assert assets.new_asset(STARFORGED, "vehicle", " Skiff ", 3, "support") == Asset(
        "Skiff", "vehicle", 3, 3, "support"
    )
    with pytest.raises(RuleError, match=r"^Hack \(2d6 \+ stat\) has no companions$"):
        assets.new_asset(HACK, "companion", "Vex", 3)
    assert assets.kinds(STARFORGED) == {"companion", "vehicle"}
    assert assets.kinds(HACK) == set()


def test_a_second_asset_of_a_name_is_refused_in_any_case() -> None:
    with pytest.raises(RuleError, match=r"^Kael has an asset named rook already$"):
        assets.add(KAEL, assets.new_asset(STARFORGED, "companion", "rook", 3))


def test_an_asset_is_found_by_name_or_as_the_only_one_of_its_kind() -> None:
    assert assets.find_asset(KAEL, "vehicle", None) is PETREL
    two = assets.add(KAEL, assets.new_asset(STARFORGED, "companion", "Vex", 4))
    assert assets.find_asset(two, "companion", "VEX").name == "Vex"
    with pytest.raises(RuleError, match=r"^Kael has 2 companions \(Rook, Vex\): name one$"):
        assets.find_asset(two, "companion", None)
    with pytest.raises(NotFound) as unknown:
        assets.find_asset(two, "companion", "Zed")
    assert str(unknown.value) == "Kael has no companion named 'Zed' (their companions: Rook, Vex)"
    with pytest.raises(NotFound) as none:
        assets.find_asset(attrs.evolve(KAEL, assets=None), "vehicle", None)
    assert str(none.value) == (
        "Kael has no vehicle: add one with `asset FILE vehicle NAME --max N`"
    )


def test_an_asset_s_owner_is_found_and_two_of_a_name_ask_for_the_owner() -> None:
    assert assets.owned([KAEL], "PETREL") == (KAEL, PETREL)
    assert assets.owned([KAEL], "Skiff") is None
    jo = attrs.evolve(KAEL, name="Jo", assets=(ROOK,))
    with pytest.raises(RuleError) as refused:
        assets.owned([KAEL, jo], "rook")
    assert str(refused.value) == (
        "2 assets are named rook (Kael, Jo's): name the owner, as Kael.Rook.FIELD"
    )


def test_an_asset_s_fields_go_by_its_meter_s_names_and_its_kind_s_marks() -> None:
    assert assets.field_names(STARFORGED, ROOK) == {
        "companion_health": "value",
        "max_companion_health": "max",
        "health": "value",
        "max_health": "max",
        "max": "max",
        "destroyed": "destroyed",
        "out_of_action": "out_of_action",
    }
    assert assets.kind_of(STARFORGED, "integrity") == "vehicle"
    assert assets.kind_of(STARFORGED, "battered") == "vehicle"
    assert assets.kind_of(STARFORGED, "health") is None
    assert assets.named(STARFORGED, ROOK).meter("companion_health").name == "Rook's health"


def test_the_moves_on_an_asset_are_known_by_the_meter_they_read() -> None:
    on_assets = {m.id: assets.kind_for(STARFORGED, m) for m in STARFORGED.moves}
    assert {k: v for k, v in on_assets.items() if v} == {
        "starforged_companion_takes_a_hit": "companion",
        "starforged_withstand_damage": "vehicle",
    }
    damage = STARFORGED.move("starforged_withstand_damage")
    assert assets.inputs_for(FORGE, STARFORGED, damage, "Kael") == {"vehicle": "command"}
    assert assets.choices_for(FORGE, STARFORGED, TAKES_A_HIT, "Kael") == ()
    two = assets.add(KAEL, assets.new_asset(STARFORGED, "companion", "Vex", 4))
    state = attrs.evolve(FORGE, characters={"Kael": two})
    assert assets.choices_for(state, STARFORGED, TAKES_A_HIT, "Kael") == (
        ("Rook", "Rook (companion), health 3/3"),
        ("Vex", "Vex (companion), health 4/4"),
    )


def test_a_move_on_a_companion_the_character_lacks_is_refused_at_the_check() -> None:
    alone = attrs.evolve(KAEL, assets=(PETREL,))
    with pytest.raises(NotFound, match=r"^Kael has no companion: add one"):
        assets.check(Attempt(FORGE, STARFORGED, TAKES_A_HIT, alone))
    assets.check(Attempt(FORGE, STARFORGED, TAKES_A_HIT, KAEL))


def test_a_vehicle_takes_back_its_meter_and_marks_and_the_sheet_keeps_its_own() -> None:
    mounted = assets.mount(STARFORGED, KAEL, PETREL)
    assert (mounted.meters["integrity"], mounted.maxima) == (5, {"integrity": 5})
    moved = attrs.evolve(
        mounted,
        meters={**mounted.meters, "integrity": 2, "health": 4},
        conditions={"battered": 0, "wounded": 0},
    )
    after, words = assets.unmount(STARFORGED, KAEL, moved, PETREL)
    assert words == []
    assert after.meters == {**KAEL.meters, "health": 4}
    assert (after.maxima, after.conditions) == ({}, {"wounded": 0})
    assert after.assets == (ROOK, attrs.evolve(PETREL, value=2, conditions={"battered": 0}))


def test_a_destroyed_asset_is_discarded_and_the_log_says_so() -> None:
    gone = attrs.evolve(ROOK, conditions={"destroyed": 0})
    after, words = assets.put_asset(STARFORGED, KAEL, gone)
    assert after.assets == (PETREL,)
    assert words == ["Rook is gone: the asset is discarded"]


def test_the_assets_section_draws_pips_and_warns_at_zero() -> None:
    assert (assets.pips(2, 5), assets.pips(-1, 3), assets.pips(5, 3)) == ("●●○○○", "○○○○", "●●●●●")
    down = attrs.evolve(ROOK, value=0, conditions={"out_of_action": 0})
    section = assets.assets_section(STARFORGED, attrs.evolve(KAEL, assets=(down, PETREL)))
    assert section is not None
    assert [(line.label, line.text, line.warn) for line in section.lines] == [
        ("Rook", "companion · health ○○○ 0/3 · out of action", True),
        ("Petrel", "command vehicle · integrity ●●●●● 5/5", False),
    ]
    assert assets.assets_section(HACK, KAEL) is None


@settings(deadline=None)
@given(st.sampled_from([ROOK, PETREL]), st.data())
def test_a_move_on_an_asset_leaves_the_sheet_as_it_was_and_the_asset_in_bounds(
    asset: Asset, data: st.DataObject
) -> None:
    meter = assets.meter_for(STARFORGED, asset.kind)
    mounted: Character = assets.mount(STARFORGED, KAEL, asset)
    value = data.draw(st.integers(0, asset.max))
    moved = attrs.evolve(mounted, meters={**mounted.meters, meter.id: value})
    after, _ = assets.unmount(STARFORGED, KAEL, moved, asset)
    assert (after.meters, after.maxima, after.conditions) == (
        KAEL.meters,
        KAEL.maxima,
        KAEL.conditions,
    )
    (back,) = [a for a in after.assets or () if a.name == asset.name]
    assert back == attrs.evolve(asset, value=value)
    state = attrs.evolve(FORGE, characters={"Kael": after})
    assert bounds.problems(state, STARFORGED) == []
