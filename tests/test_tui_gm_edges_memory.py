"""The app remembers and keeps up (at 120×36): the character looked at is the one looked at
when the campaign is reopened, and the tray's heading names whoever rolled last."""

from __future__ import annotations

from pathlib import Path

from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.table import TableScreen
from hearthroll.tui.widgets.dice_tray import DiceTray
from test_tui_encounter import ford
from test_tui_helpers import demo, settle

SIZE = (120, 36)
CATALOG = load_catalog(with_user=False)


async def test_the_character_looked_at_is_kept_when_the_campaign_reopens(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("3")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen) and app.screen.active == "Wren"
    again = demo(tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot, again)
        assert isinstance(again.screen, TableScreen) and again.screen.active == "Wren"


async def test_the_tray_heading_names_who_rolled_last(tmp_path: Path) -> None:
    app = ford(tmp_path, [15, 3, 12, 2])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"kick", "enter")
        await settle(pilot, app)
        tray = app.screen.query_one(DiceTray)
        assert "Brannoc" in str(tray.border_title)
        await pilot.press("3", "slash", *"kick", "enter")
        await settle(pilot, app)
        assert "Wren" in str(tray.border_title)


async def test_a_starforged_roll_heads_the_tray_with_its_roller(tmp_path: Path) -> None:
    path = tmp_path / "sf.toml"
    CampaignStore.create(path, demo_campaign(CATALOG.ruleset("starforged")), CATALOG).close()
    from test_tui_helpers import scripted

    app = build(path, data_dir=tmp_path / "data", dice=scripted([6, 7, 8, 50]))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert str(app.screen.query_one(DiceTray).border_title) == "dice tray"
        await pilot.press("slash", *"endure harm", "enter")
        await settle(pilot, app)
        for _ in range(3):
            if isinstance(app.screen, TableScreen):
                break
            await pilot.press("1", "enter")
            await settle(pilot, app)
        assert "Kael" in str(app.screen.query_one(DiceTray).border_title)
