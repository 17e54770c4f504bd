"""Clocks at the keyboard: K makes, advances and refuses in the engine's words; the clocks are
lines in the tracks pane in any game; a full clock says so in the tray and the log."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.screens.prompt import LinePrompt
from hearthroll.tui.table import TableScreen
from test_tui_helpers import settle, shown, type_into

SIZE = (80, 24)
CATALOG = load_catalog(with_user=False)


def maneuvers(tmp_path: Path) -> HearthrollApp:
    campaign = tmp_path / "ford.toml"
    with CampaignStore.create(campaign, demo_campaign(CATALOG.ruleset("maneuvers")), CATALOG):
        pass
    return build(campaign, data_dir=tmp_path / "data")


async def say_to_clocks(pilot: Pilot[None], app: HearthrollApp, line: str) -> None:
    """K, then one line said of a clock."""
    await pilot.press("K")
    await settle(pilot, app)
    assert isinstance(app.screen, LinePrompt)
    await type_into(pilot, "#line", line)
    await pilot.press("enter")
    for _ in range(100):  # a loaded machine: until the prompt closes or says why not
        await settle(pilot, app)
        if not isinstance(app.screen, LinePrompt) or app.screen.query_one("#error").display:
            break


async def test_a_new_clock_advanced_to_full_says_so(tmp_path: Path) -> None:
    app = maneuvers(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert not app.screen.query_one("#tracks").display
        await say_to_clocks(pilot, app, "new Raiders / 4")
        assert isinstance(app.screen, TableScreen), shown(app, "#error")
        assert app.screen.query_one("#tracks").display
        assert "Raiders (tension) ▱▱▱▱ 0/4" in shown(app, "#tracks")
        await say_to_clocks(pilot, app, "advance raiders 3")
        assert "▰▰▰▱ 3/4" in shown(app, "#tracks")
        await say_to_clocks(pilot, app, "advance Raiders")
        assert "Raiders (tension) ▰▰▰▰ 4/4 · full" in shown(app, "#tracks")
        assert "the clock is full: Raiders comes to pass" in shown(app, "#tray-roll")
        assert app.live is not None
        assert "the clock is full" in app.live.events[-1].results[0]
        await say_to_clocks(pilot, app, "advance Raiders")
        assert isinstance(app.screen, LinePrompt)  # refused in place, in the engine's words
        assert "Raiders is full: it has come to pass" in shown(app, "#error")
        assert app.live.state.history.events == 3


async def test_a_line_the_clocks_do_not_read_is_refused_with_the_forms(tmp_path: Path) -> None:
    app = maneuvers(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await say_to_clocks(pilot, app, "new Storm / 5")
        assert "4, 6, 8, 10 segments" in shown(app, "#error")
        await type_into(pilot, "#line", "grow Storm")
        await pilot.press("enter")
        await settle(pilot, app)
        assert "new NAME / 4|6|8|10" in shown(app, "#error")
        assert app.live is not None and app.live.state.clocks is None
