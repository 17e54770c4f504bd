"""The table's own keys (`tui.commands.table`): every game offers them; Tab, Shift+Tab and 1-9
say why not while no one can be looked at; pressed, each does its one job: the palette, undo
and redo, a character added, a field edited, the GM's note, the campaign list, the recap, who
is looked at or aimed at, the players' view, quitting."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from textual.widgets import Input

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.games.demo import demo_campaign, new_campaign
from hearthroll.core.rules.model import Ruleset
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.commands import Seat, table
from hearthroll.tui.screens.campaigns import CampaignList
from hearthroll.tui.screens.edit_field import EditField
from hearthroll.tui.screens.new_character import CharacterForm
from hearthroll.tui.screens.palette import MovePalette
from hearthroll.tui.screens.prompt import LinePrompt
from hearthroll.tui.table import TableScreen
from test_tui_helpers import enter, press, scripted, settle, shown

CATALOG = load_catalog(with_user=False)
GAMES = ["house", "hack", "starforged", "maneuvers"]
SIZE = (100, 32)
COMMANDS = (
    table.PALETTE,
    table.UNDO,
    table.REDO,
    table.ADD_CHARACTER,
    table.EDIT,
    table.NOTE,
    table.CAMPAIGNS,
    table.RECAP,
    table.NEXT,
    table.PREVIOUS,
    *table.PICKS,
    table.QUIT,
    table.SERVED,
)
ALWAYS = (
    table.PALETTE,
    table.UNDO,
    table.REDO,
    table.ADD_CHARACTER,
    table.EDIT,
    table.NOTE,
    table.CAMPAIGNS,
    table.RECAP,
    table.QUIT,
    table.SERVED,
)
EMPTY = "the party is empty: A adds a character"


def seat(state: Campaign, ruleset: Ruleset) -> Seat:
    return Seat(state, ruleset, next(iter(state.characters), None))


def opened(
    tmp_path: Path, data_dir: Path, game: str, faces: list[int] | None = None
) -> HearthrollApp:
    """The app on the game's demo campaign, saved in tmp_path."""
    path = tmp_path / f"{game}.toml"
    with CampaignStore.create(path, demo_campaign(CATALOG.ruleset(game)), CATALOG):
        pass
    return build(path, data_dir=data_dir, dice=scripted(faces or []))


def the_table(app: HearthrollApp) -> TableScreen:
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen


# --- which games offer them, and why not now ----------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_game_offers_the_table_s_own_keys(game: str) -> None:
    ruleset = CATALOG.ruleset(game)
    state = demo_campaign(ruleset)
    for command in COMMANDS:
        assert command.offered(state, ruleset) is None, command.action
    for command in ALWAYS:  # even with no one at the table
        assert command.why_not(seat(new_campaign(ruleset), ruleset)) is None, command.action


def test_the_number_keys_and_tab_need_someone_to_look_at() -> None:
    house, starforged = CATALOG.ruleset("house"), CATALOG.ruleset("starforged")
    maneuvers = CATALOG.ruleset("maneuvers")
    three = seat(demo_campaign(house), house)
    assert [table.PICKS[n - 1].why_not(three) for n in (1, 3, 4, 9)] == [
        None,
        None,
        "the party has 3 characters",
        "the party has 3 characters",
    ]
    assert table.PICKS[1].why_not(seat(demo_campaign(starforged), starforged)) == (
        "the party has 1 character"
    )
    no_one = new_campaign(maneuvers)
    fight = demo_campaign(maneuvers).encounter
    assert fight is not None and len(fight.foes) == 2
    only_foes = attrs.evolve(no_one, encounter=fight)  # Tab aims between them
    assert table.PICKS[0].why_not(seat(no_one, maneuvers)) == EMPTY
    for command in (table.NEXT, table.PREVIOUS):
        assert command.why_not(seat(no_one, maneuvers)) == EMPTY
        assert command.why_not(seat(only_foes, maneuvers)) is None
        assert command.why_not(three) is None


# --- what each does, pressed ----------------------------------------------------------------


async def test_slash_and_ctrl_p_open_the_palette_and_c_the_campaign_list(
    tmp_path: Path, data_dir: Path
) -> None:
    app = opened(tmp_path, data_dir, "hack")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        for key in ("slash", "ctrl+p"):
            await press(pilot, app, key)
            assert isinstance(app.screen, MovePalette), key
            await press(pilot, app, "escape")
            the_table(app)
        await press(pilot, app, "c")
        assert isinstance(app.screen, CampaignList)
        await press(pilot, app, "escape")
        the_table(app)
        assert app.live is not None and app.live.state.history.events == 0


async def test_n_writes_a_secret_note_that_u_takes_back_and_shift_u_puts_again(
    tmp_path: Path, data_dir: Path
) -> None:
    app = opened(tmp_path, data_dir, "hack")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "n")
        assert isinstance(app.screen, LinePrompt)
        await enter(pilot, "#line", "! the cult watches the road")
        await settle(pilot, app)
        the_table(app)
        assert app.live is not None
        note = app.live.events[-1]
        assert (note.kind, note.secret, note.text) == ("note", True, "the cult watches the road")
        await press(pilot, app, "u")
        assert "undid #1 note" in shown(app, "#status")
        assert app.live.state.history.redo == (1,)
        await press(pilot, app, "U")
        assert "redid #1 note" in shown(app, "#status")
        assert not app.live.state.history.redo
        assert app.live.state.history.events == 3


async def test_a_adds_a_character_who_is_looked_at_and_e_opens_on_them(
    tmp_path: Path, data_dir: Path
) -> None:
    app = opened(tmp_path, data_dir, "starforged")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "A")
        assert isinstance(app.screen, CharacterForm)
        await enter(pilot, "#name", "Vesper")
        await settle(pilot, app)
        assert the_table(app).active == "Vesper"
        assert app.live is not None
        assert list(app.live.state.characters) == ["Kael", "Vesper"]
        assert "Vesper" in shown(app, "#party")
        await press(pilot, app, "e")
        assert isinstance(app.screen, EditField)
        assert app.screen.query_one("#path", Input).value == "Vesper."
        await enter(pilot, "#path", "Kael.momentum")
        assert app.screen.query_one("#value", Input).value == "2"  # what it holds now
        await enter(pilot, "#value", "7")
        await settle(pilot, app)
        the_table(app)
        assert app.live.state.characters["Kael"].meters["momentum"] == 7


async def test_tab_shift_tab_and_the_numbers_change_who_is_looked_at(
    tmp_path: Path, data_dir: Path
) -> None:
    app = opened(tmp_path, data_dir, "house")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        screen = the_table(app)
        assert screen.active == "Brannoc"
        await press(pilot, app, "tab")
        assert screen.active == "Isolde"
        await press(pilot, app, "shift+tab", "shift+tab")
        assert screen.active == "Wren"  # round from the first to the last
        await press(pilot, app, "2")
        assert screen.active == "Isolde"
        assert "gear Big weapon (wielded), Light armor (worn)" in shown(app, "#sheet")
        await press(pilot, app, "4")
        assert screen.active == "Isolde"
        assert "4: the party has 3 characters" in shown(app, "#status")


async def test_tab_in_a_fight_aims_at_the_next_foe_and_keeps_who_acts(
    tmp_path: Path, data_dir: Path
) -> None:
    app = opened(tmp_path, data_dir, "maneuvers")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        screen = the_table(app)
        assert (screen.active, screen.target) == ("Brannoc", "Bandit")
        await press(pilot, app, "tab")
        assert (screen.active, screen.target) == ("Brannoc", "Ogre")
        assert "▶ Ogre" in shown(app, "#encounter")
        await press(pilot, app, "shift+tab")
        assert screen.target == "Bandit"


async def test_w_writes_the_recap_of_a_hack_evening_beside_the_campaign(
    tmp_path: Path, data_dir: Path
) -> None:
    app = opened(tmp_path, data_dir, "hack")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "n")
        await enter(pilot, "#line", "The road sinks into the marsh")
        await settle(pilot, app)
        await press(pilot, app, "W")
        for _ in range(200):  # the recap is written behind the screen
            if "recap" in shown(app, "#status"):
                break
            await pilot.pause(0.05)
        assert "W: recap → hack-recap-" in shown(app, "#status")
        (written,) = tmp_path.glob("hack-recap-*.md")
        assert "The road sinks into the marsh" in written.read_text(encoding="utf-8")
        assert app.live is not None and app.live.state.history.events == 1


async def test_v_refuses_an_address_that_is_no_host_and_port_in_place(
    tmp_path: Path, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    app = opened(tmp_path, data_dir, "house")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "V")
        assert isinstance(app.screen, LinePrompt)  # nothing serves it: the offer
        assert app.screen.query_one("#line", Input).value == "0.0.0.0:8000"
        await enter(pilot, "#line", "here")
        assert isinstance(app.screen, LinePrompt)
        assert "type HOST:PORT, e.g. 0.0.0.0:8000" in shown(app, "#error")
        await enter(pilot, "#line", "0.0.0.0:70000")
        assert "70000 is not a port: give one from 1 to 65535" in shown(app, "#error")
        await press(pilot, app, "escape")
        said = shown(app, "#status")
        assert "V: not served — run: hearthroll serve house.toml --host 0.0.0.0" in said


async def test_q_saves_the_last_event_before_it_quits(tmp_path: Path, data_dir: Path) -> None:
    app = opened(tmp_path, data_dir, "maneuvers")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "n")
        await enter(pilot, "#line", "The ford runs red")
        await pilot.press("q")
    assert app.return_code in (0, None)
    with CampaignStore.open(tmp_path / "maneuvers.toml", CATALOG) as store:  # lock released
        (note,) = store.events()
        assert note.text == "The ford runs red"
