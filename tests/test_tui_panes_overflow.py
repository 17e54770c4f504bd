"""A pane taller than its box says so on its bottom border (`▼ more below`), as the sheet does:
at 80x24 a fight of five foes runs past the encounter pane, and many tracks past theirs; what
fits says nothing."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.games import progress
from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.widgets.overflow import SHORT
from test_tui_helpers import scripted, settle

CATALOG = load_catalog(with_user=False)


def crowded_fight() -> Campaign:
    state = demo_campaign(CATALOG.ruleset("maneuvers"))
    assert state.encounter is not None
    bandit = state.encounter.foes["Bandit"]
    more = {f"Bandit {n}": attrs.evolve(bandit, name=f"Bandit {n}") for n in range(2, 6)}
    return attrs.evolve(
        state, encounter=attrs.evolve(state.encounter, foes={**state.encounter.foes, **more})
    )


def many_tracks() -> Campaign:
    state = demo_campaign(CATALOG.ruleset("starforged"))
    tracks = tuple(progress.new_track(f"Vow {n}", "dangerous", "vow") for n in range(8))
    return attrs.evolve(state, tracks=tracks)


async def subtitle(tmp_path: Path, state: Campaign, pane: str, size: tuple[int, int]) -> str:
    path = tmp_path / "camp.toml"
    CampaignStore.create(path, state, CATALOG).close()
    app = build(path, data_dir=tmp_path / "data", dice=scripted(()))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        return str(app.screen.query_one(pane).border_subtitle)


@pytest.mark.parametrize(
    ("state", "pane"), [(crowded_fight, "#encounter"), (many_tracks, "#tracks")]
)
async def test_a_pane_past_its_bottom_says_more_is_below(
    tmp_path: Path, state: object, pane: str
) -> None:
    made = state()  # type: ignore[operator]
    assert await subtitle(tmp_path, made, pane, (80, 24)) == SHORT  # whole in a narrow border
    assert await subtitle(tmp_path / "tall", made, pane, (120, 60)) == ""


async def test_the_demo_fight_fits_and_says_nothing(tmp_path: Path) -> None:
    demo = demo_campaign(CATALOG.ruleset("maneuvers"))
    assert await subtitle(tmp_path, demo, "#encounter", (120, 36)) == ""
