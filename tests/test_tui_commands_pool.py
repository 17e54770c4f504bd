"""The push-your-luck pool's keys (`tui.commands.pool`): only a game with the pool offers them
(Preparation's `+` only one with Preparation); each says why not in the table's words until a
turn or a bust lets it act; pressed, `p` pushes from the RISKY moves, `r` and `R` reroll the
bust, `a` accepts it, `s` stops the turn and `+` lifts a kept die."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Input

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.rules.model import Move
from hearthroll.core.verbs import fields
from hearthroll.core.verbs.session import make_move
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.commands import Seat, pool
from hearthroll.tui.screens.dice_input import DiceInput
from hearthroll.tui.screens.options import OptionsPicker
from hearthroll.tui.screens.palette import MovePalette
from hearthroll.tui.table import TableScreen
from test_tui_helpers import app_rolls_the_rest, press, scripted, settle, shown, type_into

CATALOG = load_catalog(with_user=False)
HOUSE = CATALOG.ruleset("house")
SIZE = (100, 32)
COMMANDS = (pool.PUSH, pool.REROLL, pool.REROLL_TYPED, pool.ACCEPT, pool.STOP, pool.PREP)
MILLBROOK = demo_campaign(HOUSE)  # Brannoc acts: level 2, 2 rerolls, XP 3


Step = Callable[[Campaign], Outcome]


def clash(faces: list[int], damage: list[int] | None = None) -> Step:
    """Brannoc's Clash on these faces (and the weapon's die, where it lands)."""
    effect = TypedDice(damage or [])
    return lambda state: make_move(
        state, HOUSE, "clash", TypedDice(faces), actor="Brannoc", effect_dice=effect
    )


def brannoc(field: str, value: int) -> Step:
    """The GM sets one of Brannoc's fields."""
    return lambda state: fields.set_field(state, HOUSE, f"Brannoc.{field}", str(value))


def played(*steps: Step) -> Campaign:
    state = MILLBROOK
    for step in steps:
        state = step(state).state
    return state


def refusals(state: Campaign) -> list[str | None]:
    seat = Seat(state, HOUSE, "Brannoc")
    return [command.why_not(seat) for command in COMMANDS]


# --- which games offer them, and why not now ----------------------------------------------


@pytest.mark.parametrize(
    ("game", "name"),
    [
        ("hack", "Hack (2d6 + stat)"),
        ("starforged", "Starforged suffer moves"),
        ("maneuvers", "Maneuvers and escape"),
    ],
)
def test_a_game_without_the_pool_offers_none_of_its_keys(game: str, name: str) -> None:
    ruleset = CATALOG.ruleset(game)
    state = demo_campaign(ruleset)
    for command in COMMANDS[:-1]:
        assert command.offered(state, ruleset) == (
            f"{name} has no push-your-luck pool: / makes a move"
        ), command.action
    assert pool.PREP.offered(state, ruleset) == f"{name} has no Preparation"


def test_the_house_game_offers_every_pool_key() -> None:
    assert [c.offered(MILLBROOK, HOUSE) for c in COMMANDS] == [None] * len(COMMANDS)


def test_before_any_roll_only_push_can_act() -> None:
    assert refusals(MILLBROOK) == [
        None,
        "no bust waits to be rerolled",
        "no bust waits to be rerolled",
        "no bust waits to be accepted",
        "no turn is open to stop",
        "Preparation goes on a roll as it is made or on a bust that waits; no bust waits",
    ]
    assert refusals(played(clash([4], [3])))[4] is None  # a success: the turn can stop


def test_a_waiting_bust_names_the_keys_that_answer_it() -> None:
    assert refusals(played(clash([1]))) == [
        "Brannoc's bust waits: reroll (r) or accept (a) first",
        None,
        None,
        None,
        "a bust is waiting: reroll it or accept it; a bust cannot be stopped",
        "Brannoc holds no Preparation",
    ]
    spent = refusals(played(brannoc("preparation", 1), brannoc("rerolls", 0), clash([1])))
    assert spent[1:4] == ["Brannoc has no rerolls left: a accepts the bust"] * 2 + [None]
    assert spent[5] is None


# --- what each does, pressed ----------------------------------------------------------------


def at_table(
    tmp_path: Path, data_dir: Path, steps: tuple[Step, ...], faces: list[int]
) -> HearthrollApp:
    """The app on Millbrook once `steps` are played and saved, with scripted dice."""
    path = tmp_path / "millbrook.toml"
    with CampaignStore.create(path, MILLBROOK, CATALOG) as store:
        for step in steps:
            store.commit(step(store.state))
    return build(path, data_dir=data_dir, dice=scripted(faces))


def live_state(app: HearthrollApp) -> Campaign:
    assert app.live is not None
    return app.live.state


async def test_p_pushes_from_the_risky_moves_and_says_why_not_over_a_waiting_bust(
    tmp_path: Path, data_dir: Path
) -> None:
    app = at_table(tmp_path, data_dir, (clash([4], [3]),), [1, 1])  # the push: two 1s
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "p")
        palette = app.screen
        assert isinstance(palette, MovePalette)
        assert palette.shown and all(isinstance(m, Move) and m.risky for m in palette.shown)
        palette.query_one("#query", Input).value = "clash"
        await press(pilot, app, "enter")
        state = live_state(app)
        assert (state.turn.pushes, state.turn.status) == (2, "bust_pending")
        assert state.turn.last is not None and state.turn.last.faces == (1, 1)
        await press(pilot, app, "p")
        assert isinstance(app.screen, MovePalette)
        assert shown(app, "#palette-title") == (
            "Push: Brannoc's bust waits: reroll (r) or accept (a) first"
        )
        await press(pilot, app, "escape")
        assert live_state(app).turn.status == "bust_pending"


async def test_r_spends_a_reroll_that_saves_the_bust(tmp_path: Path, data_dir: Path) -> None:
    app = at_table(tmp_path, data_dir, (clash([1]),), [5, 3])  # the 1 again, the damage
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "r")
        assert isinstance(app.screen, TableScreen)
        state = live_state(app)
        assert state.turn.status == "open"
        assert state.turn.last is not None and state.turn.last.faces == (5,)
        assert state.characters["Brannoc"].rerolls_left == 1
        assert app.live is not None and app.live.events[-1].kind == "reroll"


async def test_shift_r_asks_the_real_die_for_the_reroll(tmp_path: Path, data_dir: Path) -> None:
    app = at_table(tmp_path, data_dir, (clash([1]),), [2])  # the damage, rolled here
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "R")
        assert isinstance(app.screen, DiceInput)
        await type_into(pilot, "#faces", "6")
        await pilot.press("enter")
        await app_rolls_the_rest(pilot)
        state = live_state(app)
        assert state.turn.last is not None and state.turn.last.faces == (6,)
        assert state.turn.status == "open"


async def test_a_accepts_the_bust_for_xp_and_the_turn_ends(tmp_path: Path, data_dir: Path) -> None:
    app = at_table(tmp_path, data_dir, (clash([1]),), [])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "a")
        state = live_state(app)
        assert state.characters["Brannoc"].xp == 4  # one kept 1
        assert state.turn.status == "busted"
        assert "a: no bust waits to be accepted" not in shown(app, "#status")
        await press(pilot, app, "a")
        assert "a: no bust waits to be accepted" in shown(app, "#status")


async def test_s_stops_the_turn_and_the_rerolls_come_back(tmp_path: Path, data_dir: Path) -> None:
    spent = (brannoc("rerolls", 0), clash([4], [3]))
    app = at_table(tmp_path, data_dir, spent, [])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "s")
        state = live_state(app)
        assert state.turn.actor is None
        assert state.characters["Brannoc"].rerolls_left == 2
        assert app.live is not None and app.live.events[-1].kind == "stop"


async def test_plus_spends_preparation_on_the_kept_die_and_lifts_the_bust(
    tmp_path: Path, data_dir: Path
) -> None:
    app = at_table(tmp_path, data_dir, (brannoc("preparation", 1), clash([1])), [4])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "plus")
        assert isinstance(app.screen, OptionsPicker)
        assert "which kept die" in shown(app, ".title")
        await press(pilot, app, "1", "enter")
        assert isinstance(app.screen, TableScreen)
        state = live_state(app)
        assert state.turn.last is not None and state.turn.last.faces == (2,)
        assert state.turn.status == "open"
        assert "preparation" not in state.characters["Brannoc"].holds
        assert state.characters["Brannoc"].rerolls_left == 2
