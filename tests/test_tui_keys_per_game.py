"""Each game's keys: the help lists only what the game has (no pool keys in a fight, no XP in
hack), and a key the game lacks, pressed, says so and changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Static

from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.keys import help_sections
from hearthroll.tui.refusals import missing
from hearthroll.tui.screens.help import HelpScreen
from hearthroll.tui.screens.palette import MovePalette
from hearthroll.tui.table import TableScreen
from test_tui_helpers import plain, scripted, settle, shown

CATALOG = load_catalog(with_user=False)

EVERY_GAME = {"Move", "Undo", "Redo", "Edit field", "Note", "Add character", "Keys", "Quit"}
ONLY = {
    "Push": {"house"},
    "Reroll": {"house"},
    "Accept bust": {"house"},
    "Stop": {"house"},
    "+1 Prep": {"house"},
    "Mark XP": {"house"},
    "Level Up": {"house"},
    "Holds": {"house", "hack"},
    "Make a Plan": {"house"},
    "Damage": {"house", "hack"},  # a maneuver rolls its own damage
    "Add foe": {"maneuvers"},
    "End round": {"maneuvers"},
    "The aimed foe": {"maneuvers"},
    "Wield again": {"maneuvers"},
    "Burn momentum": {"starforged"},
    "Tracks": {"starforged"},
    "Play next move": {"starforged"},
    "Play next real dice": {"starforged"},
    "Reroll real dice": {"house"},
}


def demo_table(tmp_path: Path, ruleset_id: str) -> HearthrollApp:
    """The app on the game's demo campaign, its dice scripted."""
    path = tmp_path / "camp.toml"
    CampaignStore.create(path, demo_campaign(CATALOG.ruleset(ruleset_id)), CATALOG).close()
    return build(path, data_dir=tmp_path / "data", dice=scripted())


def _keys(ruleset_id: str) -> set[str]:
    """The table's keys the help lists for the game's demo campaign, by their short names."""
    ruleset = CATALOG.ruleset(ruleset_id)
    state = demo_campaign(ruleset)
    names = {b.action: b.description for b in TableScreen.BINDINGS if hasattr(b, "action")}
    kept = [a for a in names if missing(state, ruleset, a) is None]
    listed = dict(help_sections(TableScreen.BINDINGS, lambda a: a in kept))["At the table"]
    assert listed  # the help is never empty
    return {str(names[a]) for a in kept}


@pytest.mark.parametrize("ruleset_id", ["house", "hack", "starforged", "maneuvers"])
def test_the_help_lists_the_keys_of_this_game_only(ruleset_id: str) -> None:
    keys = _keys(ruleset_id)
    assert keys >= EVERY_GAME
    for key, games in ONLY.items():
        assert (key in keys) == (ruleset_id in games), (key, ruleset_id)


async def test_a_key_hack_lacks_says_so_in_place_and_the_help_leaves_it_out(
    tmp_path: Path,
) -> None:
    app = demo_table(tmp_path, "hack")
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot, app)
        assert app.live is not None
        before = app.live.state
        await pilot.press("x")
        await settle(pilot, app)
        assert "x: Hack (2d6 + stat) has no XP to mark" in shown(app, "#status")
        assert app.live.state == before
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        help_text = plain(app.screen.query_one("#help Static", Static).content)
        assert "Readiness" in help_text and "weapon damage" in help_text
        assert "mark 1 XP" not in help_text and "push" not in help_text.split("In the move")[0]
        assert "burn momentum" not in help_text and "End round" not in help_text


@pytest.mark.parametrize(
    ("ruleset_id", "edged"),
    [("house", True), ("hack", True), ("starforged", False), ("maneuvers", False)],
)
async def test_the_palette_offers_advantage_only_where_a_move_takes_it(
    tmp_path: Path, ruleset_id: str, edged: bool
) -> None:
    app = demo_table(tmp_path, ruleset_id)
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot, app)
        await pilot.press("slash")
        await settle(pilot, app)
        assert isinstance(app.screen, MovePalette)
        toggles = plain(app.screen.query_one("#toggles", Static).content)
        assert ("F2 advantage" in toggles) == edged
        assert "F4 real dice" in toggles
        await pilot.press("f2")
        await pilot.pause()
        assert app.screen.flags["advantage"] == edged


async def test_a_move_without_dice_refuses_advantage_in_the_palette(tmp_path: Path) -> None:
    app = demo_table(tmp_path, "house")
    async with app.run_test(size=(110, 34)) as pilot:
        await settle(pilot, app)
        assert app.live is not None
        before = app.live.state
        await pilot.press("slash", "f2", *"bolster", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, MovePalette)  # it stays open, the reason on the row
        assert app.screen.refused == ("no advantage here: it makes no roll (F2/F3 turn it off)")
        assert app.live.state == before
