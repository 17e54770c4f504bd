"""Starforged fields in the campaign file: absent where unused, checked where present."""

from __future__ import annotations

from pathlib import Path

import attrs

from hearthroll.core.campaign.state import Track
from hearthroll.core.games.demo import demo_campaign, new_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.codec import campaign_data
from hearthroll.store.repair import check_campaign
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)


def test_other_rulesets_save_no_tracks_assets_or_last_roll() -> None:
    data = campaign_data(demo_campaign(CATALOG.ruleset("house")))
    assert "tracks" not in data and "last_roll" not in data
    assert all("assets" not in c for c in data["characters"].values())


def test_a_starforged_file_without_tracks_opens(tmp_path: Path) -> None:
    path = tmp_path / "old.toml"
    with CampaignStore.create(path, new_campaign(CATALOG.ruleset("starforged")), CATALOG):
        pass
    assert "tracks" not in path.read_text()
    with CampaignStore.open(path, CATALOG) as store:
        assert store.state.tracks is None


def test_check_names_a_track_out_of_bounds(tmp_path: Path) -> None:
    state = demo_campaign(CATALOG.ruleset("starforged"))
    bad = attrs.evolve(state, tracks=(Track(name="Beacon", rank="legendary", ticks=41),))
    path = tmp_path / "bad.toml"
    with CampaignStore.create(path, bad, CATALOG):
        pass
    problems = "\n".join(check_campaign(path, CATALOG))
    assert "Beacon: rank is one of troublesome" in problems
    assert "Beacon: ticks are 0 to 40, not 41" in problems


def test_the_starforged_sheet_shows_pips_momentum_on_its_scale_and_assets() -> None:
    from hearthroll.core.games.sheet import character_sheet

    ruleset = CATALOG.ruleset("starforged")
    kael = demo_campaign(ruleset).characters["Kael"]
    kael = attrs.evolve(
        kael, meters={**kael.meters, "health": 3}, conditions={"wounded": 0, "shaken": 0}
    )
    sheet = character_sheet(ruleset, kael)
    meters = sheet.section("meters")
    assert meters is not None
    assert meters.lines[0].text == "●●●○○ 3/5"
    assert all(line.label != "Momentum" for line in meters.lines)
    gauge = sheet.section("momentum")
    assert gauge is not None
    assert gauge.lines[0].text == "+2  −6 ········●······✕✕ +10  max +8 · reset +0"
    assert gauge.lines[1].text == "Wounded, Shaken"
    data = sheet.data()
    assert data["momentum"] == {"value": 2, "min": -6, "max": 8, "reset": 0}
    assets = sheet.section("assets")
    assert assets is not None
    assert assets.lines[0].text == "companion · health ●●● 3/3"
    house = character_sheet(
        CATALOG.ruleset("house"), demo_campaign(CATALOG.ruleset("house")).characters["Brannoc"]
    )
    assert house.section("momentum") is None and house.section("assets") is None


def test_a_last_roll_saved_before_burns_rejudged_opens_and_says_why_it_cannot_burn() -> None:
    import pytest

    from hearthroll.core.campaign.state import LastRoll
    from hearthroll.core.errors import RuleError
    from hearthroll.core.verbs import starforged
    from hearthroll.store.codec import campaign_from_data

    ruleset = CATALOG.ruleset("starforged")
    state = demo_campaign(ruleset)
    kael = state.characters["Kael"]
    kael = attrs.evolve(kael, meters={**kael.meters, "momentum": 9})
    roll = LastRoll("Kael", "starforged_endure_harm", 2, (3, 6), 6, "weak")
    data = campaign_data(attrs.evolve(state, characters={"Kael": kael}, last_roll=roll))
    old = {k: v for k, v in data["last_roll"].items() if k in ("actor", "move", "die",
           "challenge", "score", "band", "burned")}  # fmt: skip
    loaded = campaign_from_data({**data, "last_roll": old})
    assert loaded.last_roll == roll
    with pytest.raises(RuleError, match="saved before a burn could judge its options again"):
        starforged.burn(loaded, ruleset, "Kael", {}.__getitem__)


def test_state_json_lists_no_tracks_as_an_empty_list_in_starforged_only(tmp_path: Path) -> None:
    import json

    from cli_run import run_cli

    for ruleset, expected in (("starforged", []), ("house", None)):
        path = tmp_path / f"{ruleset}.toml"
        assert run_cli("new", str(path), "--ruleset", ruleset).returncode == 0
        shown = run_cli("state", str(path), "--json")
        assert shown.returncode == 0, shown.stderr
        data = json.loads(shown.stdout)
        assert data.get("tracks", "absent") == ("absent" if expected is None else expected)
