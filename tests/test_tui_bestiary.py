"""The bestiary at the keyboard: `f`, then a name the bestiary knows ("2 wolves"), brings the
foes with their numbers and says who joined; scores typed still make the GM's own foe."""

from __future__ import annotations

from pathlib import Path

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.table import TableScreen
from test_tui_helpers import settle, shown, type_into

SIZE = (80, 24)
CATALOG = load_catalog(with_user=False)


async def test_f_with_two_wolves_brings_them_from_the_bestiary(tmp_path: Path) -> None:
    campaign = tmp_path / "ford.toml"
    with CampaignStore.create(campaign, demo_campaign(CATALOG.ruleset("maneuvers")), CATALOG):
        pass
    app = build(campaign, data_dir=tmp_path / "data")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("f")
        await settle(pilot, app)
        await type_into(pilot, "#line", "2 dragons")
        await pilot.press("enter")
        await settle(pilot, app)
        assert "known foes: Wolf, Dire rat" in shown(app, "#error")
        await type_into(pilot, "#line", "2 wolves")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert "joined: Wolf 1, Wolf 2" in shown(app, "#status")
        assert app.live is not None
        state: Campaign = app.live.state
        assert state.encounter is not None
        wolf = state.encounter.foes["Wolf 2"]
        assert (wolf.stats["dex"], wolf.maxima["health"]) == (15, 12)
        assert wolf.attacking == app.screen.active
