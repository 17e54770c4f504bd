"""Oracles at the keyboard: the palette finds an oracle table as it finds a move, Enter rolls
it (F4: the faces typed; F6: a row picked) and Ask the Oracle answers at the odds named; each
is one `oracle` event in the tray and the log."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.screens.options import OptionsPicker
from hearthroll.tui.screens.palette import MovePalette
from hearthroll.tui.table import TableScreen
from test_tui_helpers import plain, scripted, settle, shown, type_into

SIZE = (80, 24)
CATALOG = load_catalog(with_user=False)


def table_of(tmp_path: Path, game: str, faces: list[int]) -> HearthrollApp:
    """The app on the game's demo, with scripted dice."""
    campaign = tmp_path / f"{game}.toml"
    with CampaignStore.create(campaign, demo_campaign(CATALOG.ruleset(game)), CATALOG):
        pass
    return build(campaign, data_dir=tmp_path / "data", dice=scripted(faces))


def last_event_lines(app: HearthrollApp) -> tuple[str, tuple[str, ...]]:
    assert app.live is not None
    event = app.live.events[-1]
    return event.kind, event.results


async def test_an_oracle_table_rolled_with_a_typed_face_lands_on_its_row(tmp_path: Path) -> None:
    app = table_of(tmp_path, "starforged", [])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"oracle endur harm")
        await settle(pilot, app)
        assert isinstance(app.screen, MovePalette)
        hits = app.screen.query_one("#hits", OptionList)
        assert "Endure Harm ◆ oracle" in plain(hits.get_option_at_index(0).prompt)
        assert "36–50" in plain(app.screen.query_one("#card").content)
        await pilot.press("f4", "enter")
        await settle(pilot, app)
        await type_into(pilot, "#faces", "42")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        kind, results = last_event_lines(app)
        assert kind == "oracle"
        assert results[0].startswith("Endure Harm d100 = 42: Reeling.")
        assert "Endure Harm d100 = 42: Reeling" in shown(app, "#tray-roll")


async def test_too_many_faces_are_refused_in_place(tmp_path: Path) -> None:
    app = table_of(tmp_path, "starforged", [])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"oracle endure stress", "f4", "enter")
        await settle(pilot, app)
        await type_into(pilot, "#faces", "42,7")
        await pilot.press("enter")
        await settle(pilot, app)
        assert "too many faces" in shown(app, "#error")
        assert app.live is not None and app.live.state.history.events == 0


async def test_the_gm_picks_a_row_instead_of_rolling(tmp_path: Path) -> None:
    app = table_of(tmp_path, "starforged", [])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"oracle endure stress", "f6", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, OptionsPicker)
        await pilot.press("2", "enter")
        await settle(pilot, app)
        kind, results = last_event_lines(app)
        assert kind == "oracle"
        assert results == ("Endure Stress picked (11–25): You quit: Forsake Your Vow.",)


async def test_ask_the_oracle_from_the_palette_in_a_game_with_no_tables(tmp_path: Path) -> None:
    app = table_of(tmp_path, "maneuvers", [42])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"ask likly")
        await settle(pilot, app)
        assert isinstance(app.screen, MovePalette)
        first = app.screen.shown[0]
        assert first.name == "Ask the Oracle: likely (75)"
        await pilot.press("enter")
        await settle(pilot, app)
        kind, results = last_event_lines(app)
        assert (kind, results) == (
            "oracle",
            ("Ask the Oracle (likely: 75 or under) d100 = 42 → yes",),
        )
        assert "YES" in shown(app, "#tray-roll")
        await pilot.press("slash", *"ask small chance", "f4", "enter")
        await settle(pilot, app)
        await type_into(pilot, "#faces", "00")
        await pilot.press("enter")
        await settle(pilot, app)
        kind, results = last_event_lines(app)
        assert results == (
            "Ask the Oracle (small chance: 10 or under) d100 = 100 → no, a match: an extreme "
            "answer, or a twist",
        )
        assert "a match!" in shown(app, "#tray-roll")
