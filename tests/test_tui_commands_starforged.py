"""Starforged's keys (`tui.commands.starforged`): only a game with action rolls, tracks,
assets and tables that name a next move offers them; `b` says why momentum cannot be burned
(no roll yet, or a burn that would not help) and `o`/`O` that nothing is offered next; pressed,
`b` turns a miss into a weak hit, `T` and `C` read one line each (refused in place with the
forms), and `o`/`O` play the move a table row offers (with real dice too)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import fields
from hearthroll.core.verbs.session import make_move
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.commands import Seat, starforged
from hearthroll.tui.screens.dice_input import DiceInput
from hearthroll.tui.screens.options import OptionsPicker
from hearthroll.tui.screens.prompt import LinePrompt
from hearthroll.tui.table import TableScreen
from test_tui_helpers import press, scripted, settle, shown

CATALOG = load_catalog(with_user=False)
SF = CATALOG.ruleset("starforged")
FORGE = demo_campaign(SF)  # Kael, momentum +2, Rook and the Petrel, two vows
SIZE = (120, 36)
COMMANDS = (
    starforged.BURN,
    starforged.TRACKS,
    starforged.ASSETS,
    starforged.NEXT_MOVE,
    starforged.NEXT_MOVE_TYPED,
)
NOTHING_NEXT = "no move is offered next (a table row that names one offers it)"
Step = Callable[[Campaign], Outcome]


def momentum(value: int) -> Step:
    return lambda state: fields.set_field(state, SF, "Kael.momentum", str(value))


def endure_minor_harm(faces: list[int]) -> Step:
    """Kael resists minor harm on these faces (a miss takes −1 health more)."""
    picks = ("minor", "more_harm")
    return lambda state: make_move(
        state, SF, "starforged_endure_harm", TypedDice(faces), actor="Kael", picks=picks,
        resist=True,
    )  # fmt: skip


def table_roll(table: str, face: int) -> Step:
    return lambda state: make_move(
        state, SF, f"starforged_{table}_table", TypedDice([face]), actor="Kael"
    )


def seat_after(*steps: Step) -> Seat:
    """Kael's seat once `steps` are played (their events the recent log)."""
    state, events = FORGE, []
    for step in steps:
        made = step(state)
        state = made.state
        events.append(made.event)
    return Seat(state, SF, "Kael", tuple(events))


@pytest.mark.parametrize(
    ("game", "name"),
    [("house", "House game"), ("hack", "Hack (2d6 + stat)"), ("maneuvers", "Maneuvers and escape")],
)
def test_a_game_without_action_rolls_offers_none_of_them(game: str, name: str) -> None:
    ruleset = CATALOG.ruleset(game)
    state = demo_campaign(ruleset)
    assert [c.offered(state, ruleset) for c in COMMANDS] == [
        f"{name} has no momentum to burn",
        f"{name} has no progress tracks",
        f"{name} has no companions or vehicles",
        f"{name} has no table that offers a next move",
        f"{name} has no table that offers a next move",
    ]


def test_starforged_offers_them_all_and_t_and_c_can_always_act() -> None:
    assert [c.offered(FORGE, SF) for c in COMMANDS] == [None] * len(COMMANDS)
    fresh = seat_after()
    assert starforged.TRACKS.why_not(fresh) is None
    assert starforged.ASSETS.why_not(fresh) is None


def test_burn_needs_an_action_roll_that_momentum_would_improve() -> None:
    assert starforged.BURN.why_not(seat_after()) == (
        "Kael has made no action roll to burn momentum on"
    )
    hopeless = seat_after(momentum(6), endure_minor_harm([1, 9, 9]))
    assert starforged.BURN.why_not(hopeless) == (
        "Kael cannot burn momentum: momentum +6 against 9 and 9 would not improve the miss"
    )
    assert starforged.BURN.why_not(seat_after(momentum(6), endure_minor_harm([1, 5, 9]))) is None


def test_the_next_move_keys_wait_for_a_table_row_that_names_one() -> None:
    for command in (starforged.NEXT_MOVE, starforged.NEXT_MOVE_TYPED):
        assert command.why_not(seat_after()) == NOTHING_NEXT
        assert command.why_not(seat_after(endure_minor_harm([1, 9, 9]))) == NOTHING_NEXT
        assert command.why_not(seat_after(table_roll("withstand_damage", 90))) is None


# --- what each does, pressed ----------------------------------------------------------------


def at_the_forge(tmp_path: Path, data_dir: Path, *steps: Step) -> HearthrollApp:
    """The app on the starforged demo once `steps` are played and saved."""
    path = tmp_path / "forge.toml"
    with CampaignStore.create(path, FORGE, CATALOG) as store:
        for step in steps:
            store.commit(step(store.state))
    return build(path, data_dir=data_dir, dice=scripted())


async def say(pilot: Pilot[None], app: HearthrollApp, key: str, line: str) -> None:
    """The key that opens a one-line prompt, then the line and Enter."""
    await press(pilot, app, key)
    assert isinstance(app.screen, LinePrompt)
    app.screen.query_one("#line", Input).value = line
    await press(pilot, app, "enter")


def kael(app: HearthrollApp) -> dict[str, int]:
    assert app.live is not None
    return dict(app.live.state.characters["Kael"].meters)


async def test_b_burns_momentum_to_turn_the_miss_into_a_weak_hit(
    tmp_path: Path, data_dir: Path
) -> None:
    app = at_the_forge(tmp_path, data_dir, momentum(6), endure_minor_harm([1, 5, 9]))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert (kael(app)["health"], kael(app)["momentum"]) == (3, 6)
        await press(pilot, app, "b")
        assert isinstance(app.screen, OptionsPicker)  # the weak hit's "you may": none taken
        await press(pilot, app, "enter")
        assert isinstance(app.screen, TableScreen)
        assert (kael(app)["health"], kael(app)["momentum"]) == (4, 2)  # −1 more undone; reset
        assert app.live is not None
        burned = app.live.events[-1]
        assert (burned.kind, burned.band) == ("burn", "weak")


async def test_t_reads_a_track_line_and_refuses_an_unknown_rank_in_place(
    tmp_path: Path, data_dir: Path
) -> None:
    app = at_the_forge(tmp_path, data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await say(pilot, app, "T", "new Chart the Veil / epicish")
        assert isinstance(app.screen, LinePrompt)
        assert (
            "a rank is one of troublesome, dangerous, formidable, extreme, epic, not 'epicish'"
            in shown(app, "#error")
        )
        await press(pilot, app, "escape")
        await say(pilot, app, "T", "drop Find the lost beacon")
        assert isinstance(app.screen, TableScreen)
        assert app.live is not None
        assert [t.name for t in app.live.state.tracks or ()] == ["Avenge the Ironhold"]
        assert "Find the lost beacon" not in shown(app, "#tracks")


async def test_c_adds_a_companion_and_refuses_a_vehicle_without_its_type(
    tmp_path: Path, data_dir: Path
) -> None:
    app = at_the_forge(tmp_path, data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await say(pilot, app, "C", "vehicle Skiff / 4")
        assert isinstance(app.screen, LinePrompt)
        assert "a vehicle's type is one of command, support, incidental" in shown(app, "#error")
        app.screen.query_one("#line", Input).value = "companion Mote / 2"
        await press(pilot, app, "enter")
        assert isinstance(app.screen, TableScreen)
        assert app.live is not None
        assets = app.live.state.characters["Kael"].assets or ()
        assert [(a.name, a.kind, a.max) for a in assets][-1] == ("Mote", "companion", 2)
        assert len(assets) == 3


async def test_o_plays_the_sacrifice_the_damage_table_names(tmp_path: Path, data_dir: Path) -> None:
    app = at_the_forge(tmp_path, data_dir, table_roll("withstand_damage", 90))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "o")
        assert isinstance(app.screen, TableScreen)
        assert kael(app)["supply"] == 3  # serious: −2 supply, not asked
        assert app.live is not None
        assert app.live.events[-1].move == "starforged_sacrifice_resources"
        await press(pilot, app, "o")
        assert f"o: {NOTHING_NEXT}" in shown(app, "#status")


async def test_shift_o_asks_the_real_d100_of_the_table_offered_again(
    tmp_path: Path, data_dir: Path
) -> None:
    app = at_the_forge(tmp_path, data_dir, table_roll("endure_harm", 40))  # roll again
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "O")
        assert isinstance(app.screen, DiceInput)
        app.screen.query_one("#faces", Input).value = "60"
        await press(pilot, app, "enter")
        assert isinstance(app.screen, TableScreen)
        assert app.live is not None
        rolled = app.live.events[-1]
        assert (rolled.move, rolled.dice) == ("starforged_endure_harm_table", (60,))
