"""A character joins the party from the table: the form, refusals in place, undo."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearthroll.core.games.demo import new_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.screens.new_character import CharacterForm
from hearthroll.tui.table import TableScreen
from test_tui_helpers import demo, scripted, settle, shown, type_into

SIZE = (100, 32)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


async def test_an_empty_campaign_gets_its_first_character(tmp_path: Path, data_dir: Path) -> None:
    catalog = load_catalog(with_user=False)
    path = tmp_path / "empty.toml"
    with CampaignStore.create(path, new_campaign(catalog.default, "Empty"), catalog):
        pass
    app = build(path, data_dir=data_dir, dice=scripted())
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert "no characters yet: press A to add one" in shown(app, "#sheet")
        assert "add a character" in shown(app, "#tray-next")
        await pilot.press("A")
        await pilot.pause()
        assert isinstance(app.screen, CharacterForm)
        await type_into(pilot, "#name", "Tamsin")
        await type_into(pilot, "#level", "2")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert app.live is not None
        tamsin = app.live.state.characters["Tamsin"]
        assert tamsin.level == 2
        assert tamsin.template == catalog.default.templates[0].id
        assert "Tamsin" in shown(app, "#party")
        assert "level 2" in shown(app, "#sheet")
        assert app.live.events[-1].kind == "join"


async def test_the_form_picks_a_template_and_escape_adds_no_one(data_dir: Path) -> None:
    app = demo(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("A")
        await pilot.pause()
        await type_into(pilot, "#name", "Gorm")
        app.screen.query_one("#template").focus()
        await pilot.press("down", "enter")  # the second template, and Enter adds
        await settle(pilot, app)
        assert app.live is not None
        second = app.live.ruleset.templates[1].id
        assert app.live.state.characters["Gorm"].template == second
        await pilot.press("A")
        await pilot.pause()
        await type_into(pilot, "#name", "Nobody")
        await pilot.press("escape")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert "Nobody" not in app.live.state.characters


async def test_a_duplicate_name_is_refused_in_place_and_undo_removes_the_new_one(
    data_dir: Path,
) -> None:
    app = demo(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("A")
        await pilot.pause()
        await type_into(pilot, "#name", "brannoc")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, CharacterForm)
        assert "there is a brannoc in the party already" in shown(app, "#error")
        await type_into(pilot, "#name", "Mr. Fox")
        await pilot.press("enter")
        await settle(pilot, app)
        assert "without dots" in shown(app, "#error")
        await type_into(pilot, "#name", "Fox")
        await type_into(pilot, "#level", "0")
        await pilot.press("enter")
        await settle(pilot, app)
        assert "the level is 1 to 99, not 0" in shown(app, "#error")
        assert app.live is not None and app.live.state.history.events == 0
        await type_into(pilot, "#level", "1")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert "Fox" in app.live.state.characters
        assert "Fox" in shown(app, "#party") and "Fox" in str(
            app.screen.query_one("#sheet").border_title
        )
        await pilot.press("u")
        await settle(pilot, app)
        assert "Fox" not in app.live.state.characters
        assert "Fox" not in shown(app, "#party")
        assert isinstance(app.screen, TableScreen) and app.screen.active == "Brannoc"
