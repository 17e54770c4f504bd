"""At 80×24 a roll's result stays above the fold: the dice, the band, the text and the options
picked are in the tray's view without scrolling, for each ruleset's demo."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.widgets.dice_tray import DiceTray
from test_tui_helpers import scripted, settle, shown

CATALOG = load_catalog(with_user=False)

GAMES: dict[str, tuple[list[int], list[list[str]], list[str]]] = {
    "house": (
        [4, 6],
        [["slash", *"muster", "enter"], ["1", "2", "enter"]],
        ["[6]", "6 (10+)", "Alert and ready", "picked Defenses +1"],
    ),
    "hack": (
        [2, 6, 10],
        [["slash", *"hack and slash", "enter"]],
        ["[2] [6]", "7–9", "Deal your damage", "+2: Forceful", "1d10 = [10] = 10"],
    ),
    "starforged": (
        [6, 7, 8],
        [["slash", *"endure harm", "enter"], ["1", "enter"], ["1", "enter"], ["1", "enter"]],
        ["[6] [7] [8]", "STRONG HIT", "Pick 1: shake it off", "+4: Health", "picked Minor"],
    ),
    "maneuvers": (
        [15, 3],
        [["slash", *"kick", "enter"]],
        ["[15]", "total 16", "LANDS", "+1 Dex", "against Bandit"],
    ),
}


@pytest.mark.parametrize("ruleset", list(GAMES))
async def test_the_result_is_in_view_at_80x24(tmp_path: Path, ruleset: str) -> None:
    faces, steps, wanted = GAMES[ruleset]
    path = tmp_path / f"{ruleset}.toml"
    CampaignStore.create(path, demo_campaign(CATALOG.ruleset(ruleset)), CATALOG).close()
    app = build(path, data_dir=tmp_path / "data", dice=scripted(faces))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for step in steps:
            await pilot.press(*step)
            await settle(pilot, app)
        tray = app.screen.query_one(DiceTray)
        roll = shown(app, "#tray-roll")
        for words in wanted:
            assert words in roll, (words, roll)
        part = app.screen.query_one("#tray-roll", Static)
        lines = part.get_content_height(part.size, app.size, part.content_region.width)
        assert lines <= part.content_region.height, "the result runs below the fold"
        assert part.max_scroll_y == 0 and tray.max_scroll_y == 0
        assert part.region.bottom <= tray.content_region.bottom <= 23  # above the footer
