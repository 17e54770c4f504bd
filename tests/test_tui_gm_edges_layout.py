"""Everything the GM needs is in view, or said to be out of it (at 80×24): the tray says
`▼ more below` when a result's lines run past it, and nothing when they fit."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.table import TableScreen
from hearthroll.tui.widgets.dice_tray import DiceTray
from hearthroll.tui.widgets.overflow import MORE
from test_tui_helpers import scripted, settle

SIZE = (80, 24)
CATALOG = load_catalog(with_user=False)


def forge(tmp_path: Path, faces: list[int]) -> HearthrollApp:
    path = tmp_path / "forge.toml"
    CampaignStore.create(path, demo_campaign(CATALOG.ruleset("starforged")), CATALOG).close()
    return build(path, data_dir=tmp_path / "data", dice=scripted(faces))


def runs_past(app: HearthrollApp) -> bool:
    part = app.screen.query_one("#tray-roll", Static)
    lines = part.get_content_height(part.size, app.size, part.content_region.width)
    return lines > part.content_region.height


async def test_endure_harm_run_past_the_tray_says_more_below(tmp_path: Path) -> None:
    app = forge(tmp_path, [1, 9, 9])  # a miss on a match: the longest result
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"endure harm", "enter")
        await settle(pilot, app)
        for _ in range(5):
            if isinstance(app.screen, TableScreen):
                break
            await pilot.press("1", "enter")
            await settle(pilot, app)
        assert runs_past(app)
        assert app.screen.query_one(DiceTray).border_subtitle == MORE


async def test_a_tray_that_holds_its_roll_says_nothing_more(tmp_path: Path) -> None:
    app = forge(tmp_path, [])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert not runs_past(app)
        assert app.screen.query_one(DiceTray).border_subtitle == ""


def top_line(app: HearthrollApp) -> str:
    return app.screen._compositor.render_strips()[0].text


async def test_the_recap_s_file_is_named_whole_on_the_top_line(tmp_path: Path) -> None:
    from test_tui_fast_keys import until
    from test_tui_helpers import demo

    app = demo(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("W")
        await until(pilot, lambda: "recap" in top_line(app))
        await settle(pilot, app)
        line = top_line(app).rstrip()
        assert line.endswith(".md"), line
        assert "W: recap → " in line and "-recap-" in line, line


async def test_a_long_word_to_the_gm_is_shortened_at_a_word(tmp_path: Path) -> None:
    from test_tui_helpers import demo

    app = demo(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        table = app.screen
        assert isinstance(table, TableScreen)
        words = "undo: " + " ".join(["nothing"] * 5 + ["undoable"] * 6)
        table.say(words)
        await settle(pilot, app)
        line = top_line(app).rstrip()
        assert line.endswith("…"), line
        assert line.removesuffix("…").split()[-1] in ("nothing", "undoable"), line


def sheet_box(app: HearthrollApp) -> str:
    screen = [strip.text for strip in app.screen._compositor.render_strips()]
    box = app.screen.query_one("#sheet").region
    return "\n".join(row[box.x : box.right] for row in screen[box.y : box.bottom])


async def test_the_holds_are_on_the_sheet_at_80x24(tmp_path: Path) -> None:
    from hearthroll.core.verbs import edits
    from test_tui_helpers import demo

    app = demo(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        table = app.screen
        assert isinstance(table, TableScreen)
        ruleset = table.live.ruleset
        for path in ("Brannoc.preparation", "Brannoc.readiness"):
            table.run_verb(lambda p=path: edits.set_field(table.live.state, ruleset, p, "2"))
            await settle(pilot, app)
        box = sheet_box(app)
        assert "Preparation 2" in box and "Readiness 2" in box, box
        assert "more below" not in box, box
