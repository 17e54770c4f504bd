"""A GM sets a companion's or a vehicle's fields by hand: `Petrel.integrity`, `Rook.health`,
`Petrel.max`, `Petrel.battered`, or a vehicle's meter named on its owner (`Kael.integrity`).
They land on the asset the sheet shows, never on a hidden meter of the character."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_run import run_cli
from hearthroll.core.campaign.state import Asset, Campaign
from hearthroll.core.errors import HearthrollError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs.edits import field_value, set_field
from hearthroll.core.verbs.fields import field_paths
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
STARFORGED = CATALOG.ruleset("starforged")


def _asset(state: Campaign, name: str) -> Asset:
    return next(a for a in state.characters["Kael"].assets or () if a.name == name)


def test_a_vehicle_s_meter_named_on_its_owner_sets_the_vehicle() -> None:
    state = demo_campaign(STARFORGED)
    kael = state.characters["Kael"]

    after = set_field(state, STARFORGED, "Kael.integrity", "3")

    assert _asset(after.state, "Petrel").value == 3
    assert after.state.characters["Kael"].meters == kael.meters  # no hidden integrity meter
    assert after.event.results == ("Kael.integrity = 3 (Petrel's)",)
    assert after.event.actor == "Kael"
    maxed = set_field(after.state, STARFORGED, "Kael.max_integrity", "6")
    assert _asset(maxed.state, "Petrel").max == 6
    assert maxed.state.characters["Kael"].maxima == kael.maxima


def test_an_asset_by_its_name_takes_its_meter_its_maximum_and_its_marks() -> None:
    state = demo_campaign(STARFORGED)  # Rook 3/3, Petrel 5/5

    down = set_field(state, STARFORGED, "Petrel.integrity", "-2")
    assert _asset(down.state, "Petrel").value == 3
    assert down.event.results == ("Petrel.integrity -2 (5 → 3)",)
    rook = _asset(set_field(state, STARFORGED, "rook.health", "1").state, "Rook")
    assert rook == Asset(name="Rook", kind="companion", max=3, value=1)
    smaller = set_field(state, STARFORGED, "Petrel.max", "4").state
    assert (_asset(smaller, "Petrel").max, _asset(smaller, "Petrel").value) == (4, 4)
    battered = set_field(state, STARFORGED, "Kael.Petrel.battered", "yes").state
    assert dict(_asset(battered, "Petrel").conditions) == {"battered": 0}
    assert "battered" not in battered.characters["Kael"].conditions
    mended = set_field(battered, STARFORGED, "Petrel.battered", "no").state
    assert dict(_asset(mended, "Petrel").conditions) == {}


def test_an_asset_marked_destroyed_by_hand_is_discarded_and_undo_brings_it_back() -> None:
    from hearthroll.core.verbs.edits import undo

    state = demo_campaign(STARFORGED)

    gone = set_field(state, STARFORGED, "Rook.destroyed", "yes")

    assert [a.name for a in gone.state.characters["Kael"].assets or ()] == ["Petrel"]
    assert gone.event.results == (
        "Rook.destroyed = yes",
        "Rook is gone: the asset is discarded",
    )
    back = undo(gone.state, gone.event)
    assert back.state.characters["Kael"].assets == state.characters["Kael"].assets


@pytest.mark.parametrize(
    ("path", "value", "words"),
    [
        ("Petrel.integrity", "9", "Petrel.integrity is 0 to 5, not 9"),
        ("Petrel.max", "2", "Petrel.max is 3 to 6, not 2"),
        ("Rook.max", "6", "Rook.max is 2 to 5, not 6"),
        ("Petrel.thrust", "1", "Petrel (vehicle) has no field 'thrust'; fields: integrity, max"),
        ("Kael.Pet.integrity", "1", "Kael has no asset named 'Pet' (their assets: Rook, Petrel)"),
        ("Petrel.integrity", "five", "Petrel.integrity is a whole number"),
    ],
)
def test_a_wrong_asset_edit_is_refused_with_what_to_type(path: str, value: str, words: str) -> None:
    state = demo_campaign(STARFORGED)
    with pytest.raises(HearthrollError, match=words.replace("(", r"\(").replace(")", r"\)")):
        set_field(state, STARFORGED, path, value)


def test_a_vehicle_s_meter_on_a_character_without_a_vehicle_says_how_to_add_one() -> None:
    state = demo_campaign(STARFORGED)
    bare = set_field(state, STARFORGED, "Petrel.vehicle_destroyed", "yes").state
    with pytest.raises(HearthrollError, match="Kael has no vehicle: add one with `asset FILE"):
        set_field(bare, STARFORGED, "Kael.integrity", "3")


def test_the_edit_box_opens_an_asset_field_on_its_value_and_suggests_the_asset_s_paths() -> None:
    state = demo_campaign(STARFORGED)
    assert field_value(state, STARFORGED, "Petrel.integrity") == "5"
    assert field_value(state, STARFORGED, "Kael.integrity") == "5"
    assert field_value(state, STARFORGED, "Rook.max") == "3"
    assert field_value(state, STARFORGED, "Petrel.battered") == "no"
    assert field_value(state, STARFORGED, "Petrel.thrust") is None

    paths = field_paths(state, STARFORGED)
    for path in ("Petrel.integrity", "Petrel.max", "Petrel.battered", "Rook.health"):
        assert path in paths
    assert "Kael.integrity" not in paths and "Kael.battered" not in paths
    assert "Kael.health" in paths and "Kael.momentum" in paths


def test_a_game_without_assets_keeps_every_field_a_character_s() -> None:
    for ruleset_id in ("house", "hack", "maneuvers"):
        ruleset = CATALOG.ruleset(ruleset_id)
        state = demo_campaign(ruleset)
        with pytest.raises(HearthrollError, match="no character 'Petrel'"):
            set_field(state, ruleset, "Petrel.integrity", "3")
        owners = {p.partition(".")[0] for p in field_paths(state, ruleset)}
        assert owners <= {*state.characters, "steading"}, ruleset_id


def test_set_at_the_shell_edits_the_vehicle_the_sheet_shows(tmp_path: Path) -> None:
    assert (
        run_cli("new", "sf.toml", "--ruleset", "starforged", "--demo", cwd=tmp_path).returncode == 0
    )
    done = run_cli("set", "sf.toml", "Kael.integrity", "3", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Kael.integrity = 3 (Petrel's)" in done.stdout
    sheet = run_cli("state", "sf.toml", cwd=tmp_path).stdout
    assert "Petrel command vehicle · integrity ●●●○○ 3/5" in sheet
    refused = run_cli("set", "sf.toml", "Petrel.integrity", "9", cwd=tmp_path)
    assert refused.returncode == 2 and "Petrel.integrity is 0 to 5, not 9" in refused.stderr
    assert "Traceback" not in refused.stderr
