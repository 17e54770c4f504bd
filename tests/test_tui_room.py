"""The panes share the room by what they hold: at 200×60 the sheets take a sheet's width for
each member and the tray and log the rest; at 80×24 the starforged sheet keeps its companion
and vehicle in view with every impact marked."""

from __future__ import annotations

from pathlib import Path

import attrs
from textual.widget import Widget

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.widgets.character_sheet import CharacterSheet
from test_tui_helpers import scripted, settle

CATALOG = load_catalog(with_user=False)
WIDE = (200, 60)


def regions(app: HearthrollApp, selector: str) -> list[tuple[int, int]]:
    """(width, height) of each widget the selector finds on the table."""
    found = app.screen.query(selector).results(Widget)
    return [(w.region.width, w.region.height) for w in found]


def on_screen(app: HearthrollApp, selector: str) -> str:
    """What the screen draws inside a widget's box, border and all."""
    screen = [strip.text for strip in app.screen._compositor.render_strips()]
    box = app.screen.query_one(selector).region
    return "\n".join(row[box.x : box.right] for row in screen[box.y : box.bottom])


def opened(tmp_path: Path, state: Campaign) -> HearthrollApp:
    path = tmp_path / "camp.toml"
    CampaignStore.create(path, state, CATALOG).close()
    return build(path, data_dir=tmp_path / "data", dice=scripted(()))


def demo(ruleset: str) -> Campaign:
    return demo_campaign(CATALOG.ruleset(ruleset))


async def test_at_200_columns_the_tray_and_log_take_half_the_width(tmp_path: Path) -> None:
    app = opened(tmp_path, demo("house"))
    async with app.run_test(size=WIDE) as pilot:
        await settle(pilot, app)
        sheets = regions(app, CharacterSheet)
        assert len(sheets) == 3 and all(width <= 36 for width, _ in sheets), sheets
        (tray, _), (log, _) = regions(app, "#tray") + regions(app, "#log")
        assert tray >= 98 and log == tray
        ((steading, rows),) = regions(app, "#steading")
        assert steading <= 102 and rows <= 8  # four lines and their border
        assert "Fortunes +1  Surplus +2  Population +2" in on_screen(app, "#steading")


async def test_a_lone_sheet_at_200_columns_leaves_the_rest_to_the_tray(tmp_path: Path) -> None:
    app = opened(tmp_path, demo("starforged"))
    async with app.run_test(size=WIDE) as pilot:
        await settle(pilot, app)
        ((sheet, _),) = regions(app, CharacterSheet)
        ((tray, _),) = regions(app, "#tray")
        assert sheet <= 50 and tray >= 150
        text = on_screen(app, "#sheet")
        assert "Momentum +2 · max +10 · reset +2" in text  # whole, with its scale below
        assert "−6 ········●········ +10" in text


async def test_the_party_shares_the_left_column_once_the_screen_narrows(tmp_path: Path) -> None:
    app = opened(tmp_path, demo("house"))
    async with app.run_test(size=WIDE) as pilot:
        await settle(pilot, app)
        await pilot.resize_terminal(160, 40)
        await settle(pilot, app)
        (left, _), (right, _) = regions(app, "#left") + regions(app, "#right")
        assert left == 96 and right == 64  # three fifths at most for the sheets
        await pilot.resize_terminal(120, 40)
        await settle(pilot, app)
        (left, _), (right, _) = regions(app, "#left") + regions(app, "#right")
        assert len(regions(app, CharacterSheet)) == 1 and (left, right) == (48, 72)


def every_impact(state: Campaign) -> Campaign:
    kael = state.characters["Kael"]
    marked = {"wounded": 1, "shaken": 1, "unprepared": 1}
    return attrs.evolve(state, characters={"Kael": attrs.evolve(kael, conditions=marked)})


async def test_the_starforged_sheet_keeps_its_assets_in_view_with_impacts_marked(
    tmp_path: Path,
) -> None:
    app = opened(tmp_path, every_impact(demo("starforged")))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        text = on_screen(app, "#sheet")
        for words in (
            "Wounded, Shaken, Unprepared", "Momentum +2/+7 · reset +0",
            "Rook (companion) ●●● 3/3", "Petrel (command) ●●●●● 5/5",
        ):  # fmt: skip
            assert words in text, (words, text)
        assert "more below" not in text
