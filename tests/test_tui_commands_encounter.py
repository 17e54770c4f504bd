"""The encounter's keys (`tui.commands.encounter`): only a game with encounters offers them;
without a fight each says "f adds a foe", with one foe the arrows say there is none to switch
to, and `w` answers whether the active fighter is disarmed; pressed, the arrows aim, `F` hurts
the aimed foe (or says why there is none), `f` opens a fight, `N` ends the round, `X` closes
the way out, `E` ends the fight and `w` wields a dropped weapon again once the round allows."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.games.demo import demo_campaign, new_campaign
from hearthroll.core.verbs.session import make_move
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.commands import Seat, encounter
from hearthroll.tui.screens.prompt import LinePrompt
from hearthroll.tui.table import TableScreen
from test_tui_helpers import press, scripted, settle, shown

CATALOG = load_catalog(with_user=False)
MANEUVERS = CATALOG.ruleset("maneuvers")
FORD = demo_campaign(MANEUVERS)  # Brannoc, Isolde, Wren against the Bandit and the Ogre
SIZE = (110, 36)
COMMANDS = (
    encounter.ADD_FOE,
    encounter.END_ROUND,
    encounter.END_ENCOUNTER,
    encounter.WAY_OUT,
    encounter.FOE,
    encounter.WIELD,
    encounter.NEXT_FOE,
    encounter.PREVIOUS_FOE,
)
NO_FIGHT = "no encounter: f adds a foe"


def why_not(state: Campaign, active: str | None = "Brannoc") -> dict[str, str | None]:
    seat = Seat(state, MANEUVERS, active)
    return {c.action: c.why_not(seat) for c in COMMANDS}


def wren_fumbles(state: Campaign) -> Outcome:
    """Wren's Disarm fumbled on a natural 1: her weapon in her pack, her turn taken."""
    return make_move(
        state, MANEUVERS, "maneuvers_disarm", TypedDice([25, 1]), actor="Wren", at="Ogre"
    )


@pytest.mark.parametrize(
    ("game", "name"),
    [
        ("house", "House game"),
        ("hack", "Hack (2d6 + stat)"),
        ("starforged", "Starforged suffer moves"),
    ],
)
def test_a_game_without_encounters_offers_none_of_their_keys(game: str, name: str) -> None:
    ruleset = CATALOG.ruleset(game)
    state = demo_campaign(ruleset)
    for command in COMMANDS:
        assert command.offered(state, ruleset) == f"{name} has no encounters", command.action


def test_maneuvers_offers_every_encounter_key_even_out_of_a_fight() -> None:
    for state in (FORD, new_campaign(MANEUVERS)):
        assert [c.offered(state, MANEUVERS) for c in COMMANDS] == [None] * len(COMMANDS)


def test_out_of_a_fight_only_f_can_act_and_the_rest_say_how_to_start_one() -> None:
    over = attrs.evolve(FORD, encounter=None)
    assert why_not(over) == {
        "add_foe": None,
        "end_round": NO_FIGHT,
        "end_encounter": NO_FIGHT,
        "way_out": NO_FIGHT,
        "foe": NO_FIGHT,
        "wield": "Brannoc is not disarmed: their weapon is in their hands",
        "aim(1)": NO_FIGHT,
        "aim(-1)": NO_FIGHT,
    }


def test_in_a_fight_the_arrows_need_a_second_foe_and_w_a_dropped_weapon() -> None:
    assert why_not(FORD) == dict.fromkeys(why_not(FORD), None) | {
        "wield": "Brannoc is not disarmed: their weapon is in their hands"
    }
    fight = FORD.encounter
    assert fight is not None
    alone = attrs.evolve(FORD, encounter=attrs.evolve(fight, foes={"Ogre": fight.foes["Ogre"]}))
    said = why_not(alone)
    assert said["aim(1)"] == said["aim(-1)"] == "there is only one foe to aim at"
    assert why_not(wren_fumbles(FORD).state, "Wren")["wield"] is None


def test_w_with_no_one_at_the_table_says_the_party_is_empty() -> None:
    assert why_not(new_campaign(MANEUVERS), None)["wield"] == (
        "the party is empty: A adds a character"
    )


# --- what each does, pressed ----------------------------------------------------------------


def at_the_ford(tmp_path: Path, data_dir: Path, disarm: bool = False) -> HearthrollApp:
    """The app on the maneuvers demo (Wren's Disarm fumbled first, when asked)."""
    path = tmp_path / "ford.toml"
    with CampaignStore.create(path, FORD, CATALOG) as store:
        if disarm:
            store.commit(wren_fumbles(store.state))
    return build(path, data_dir=data_dir, dice=scripted())


async def enter(pilot: Pilot[None], app: HearthrollApp, text: str) -> None:
    """`text` on the prompt's line, then Enter."""
    field = app.screen.query_one("#line", Input)
    field.value = text
    await press(pilot, app, "enter")


def table_of(app: HearthrollApp) -> TableScreen:
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen


async def test_the_arrows_aim_and_f_hurts_the_foe_aimed_at(tmp_path: Path, data_dir: Path) -> None:
    app = at_the_ford(tmp_path, data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert table_of(app).target == "Bandit"
        await press(pilot, app, "right")
        assert table_of(app).target == "Ogre"
        await press(pilot, app, "F")
        assert isinstance(app.screen, LinePrompt)
        assert shown(app, ".title") == "Ogre: what happens?"
        await enter(pilot, app, "hurt 10")
        assert app.live is not None and app.live.state.encounter is not None
        foes = app.live.state.encounter.foes
        assert (foes["Ogre"].meters["health"], foes["Bandit"].meters["health"]) == (32, 20)
        await press(pilot, app, "left")
        assert table_of(app).target == "Bandit"


async def test_after_e_the_foe_key_says_why_in_its_box_and_f_opens_a_new_fight(
    tmp_path: Path, data_dir: Path
) -> None:
    app = at_the_ford(tmp_path, data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "E")
        assert app.live is not None and app.live.state.encounter is None
        await press(pilot, app, "F")
        assert isinstance(app.screen, LinePrompt)
        assert shown(app, ".title") == f"The aimed foe: {NO_FIGHT}"
        await enter(pilot, app, "hurt 3")
        assert NO_FIGHT in shown(app, "#error")
        await press(pilot, app, "escape")
        await press(pilot, app, "f")
        await enter(pilot, app, "Goblin 8 14 8 armor 1 one")
        fight = app.live.state.encounter
        assert fight is not None and list(fight.foes) == ["Goblin"] and fight.round == 1
        assert table_of(app).target == "Goblin"
        await press(pilot, app, "right")
        assert "right: there is only one foe to aim at" in shown(app, "#status")
        assert [e.kind for e in app.live.events] == ["encounter", "foe"]


async def test_n_ends_the_round_and_x_keeps_the_way_out_closed_until_pressed_again(
    tmp_path: Path, data_dir: Path
) -> None:
    app = at_the_ford(tmp_path, data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "X")
        await press(pilot, app, "N")
        assert app.live is not None
        fight = app.live.state.encounter
        assert fight is not None and (fight.round, fight.no_way_out) == (2, True)
        assert app.live.events[-1].results == ("round 1 ends; round 2 begins",)
        await press(pilot, app, "X")
        fight = app.live.state.encounter
        assert fight is not None and not fight.no_way_out


async def test_w_waits_for_the_next_round_then_wields_the_weapon_again(
    tmp_path: Path, data_dir: Path
) -> None:
    app = at_the_ford(tmp_path, data_dir, disarm=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "3")  # Wren
        await press(pilot, app, "w")
        said = [n.message for n in app._notifications]
        assert "Wren has taken a turn this round (Disarm): end the round first" in said
        assert app.live is not None
        assert "disarmed" in app.live.state.characters["Wren"].conditions
        await press(pilot, app, "N", "w")
        assert "disarmed" not in app.live.state.characters["Wren"].conditions
        assert "Wren wields their weapon again (their turn)" in app.live.events[-1].results
