"""The sheets' keys (`tui.commands.sheet`): which games offer holds, XP, Level Up, weapon
damage, gear and the steading's plans; what each says while the party is empty or the XP is
short; pressed, each changes the sheet it names: XP marked and a level gained, a hold gained or
refused, damage rolled (with real dice too), gear given, harm taken and healed, a plan made and
struck."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.games.demo import demo_campaign, new_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.commands import Command, Seat, sheet
from hearthroll.tui.screens.dice_input import DiceInput
from hearthroll.tui.screens.gear import GearDialog
from hearthroll.tui.screens.plans import PlanBoard
from hearthroll.tui.table import TableScreen
from test_tui_helpers import press, scripted, settle, shown

CATALOG = load_catalog(with_user=False)
SIZE = (100, 32)
NAMES = {
    "house": "House game",
    "hack": "Hack (2d6 + stat)",
    "starforged": "Starforged suffer moves",
    "maneuvers": "Maneuvers and escape",
}
NO_PLANS = "plans belong to the steading, and this campaign has none"
EMPTY = "the party is empty: A adds a character"


def offers(game: str) -> dict[str, str | None]:
    """Each sheet key's answer to "does this game have it?" on the game's demo."""
    ruleset = CATALOG.ruleset(game)
    state = demo_campaign(ruleset)
    commands: tuple[Command, ...] = (
        sheet.HOLD,
        sheet.MARK_XP,
        sheet.LEVEL_UP,
        sheet.DAMAGE,
        sheet.DAMAGE_TYPED,
        sheet.GEAR,
        sheet.HURT,
        sheet.HEAL,
        sheet.NEW_PLAN,
        sheet.PLANS,
    )
    return {c.action: c.offered(state, ruleset) for c in commands}


def test_the_house_game_offers_every_sheet_key() -> None:
    assert set(offers("house").values()) == {None}


def test_hack_has_holds_damage_and_gear_but_no_xp_and_no_steading() -> None:
    name = NAMES["hack"]
    assert offers("hack") == {
        "hold": None,
        "mark_xp": f"{name} has no XP to mark",
        "level_up": f"{name} has no XP to level up with",
        "damage": None,
        "damage(True)": None,
        "gear": None,
        "hurt": None,
        "heal": None,
        "new_plan": NO_PLANS,
        "plans": NO_PLANS,
    }


@pytest.mark.parametrize("game", ["starforged", "maneuvers"])
def test_starforged_and_maneuvers_have_neither_holds_xp_nor_weapon_damage(game: str) -> None:
    name = NAMES[game]
    assert offers(game) == {
        "hold": f"{name} has no holds",
        "mark_xp": f"{name} has no XP to mark",
        "level_up": f"{name} has no XP to level up with",
        "damage": f"{name} has no weapon damage",
        "damage(True)": f"{name} has no weapon damage",
        "gear": f"{name} has no gear" if game == "starforged" else None,
        "hurt": None,
        "heal": None,
        "new_plan": NO_PLANS,
        "plans": NO_PLANS,
    }


def test_an_empty_party_says_who_is_missing_and_the_rest_can_act() -> None:
    house = CATALOG.ruleset("house")
    nobody = Seat(new_campaign(house), house, None)
    brannoc = Seat(demo_campaign(house), house, "Brannoc")
    for command in (sheet.HOLD, sheet.MARK_XP, sheet.DAMAGE, sheet.DAMAGE_TYPED):
        assert command.why_not(nobody) == EMPTY, command.action
        assert command.why_not(brannoc) is None, command.action
    assert sheet.LEVEL_UP.why_not(nobody) == "no character to level up"
    for command in (sheet.GEAR, sheet.HURT, sheet.HEAL, sheet.NEW_PLAN, sheet.PLANS):
        assert command.why_not(nobody) is None, command.action


def test_level_up_says_how_much_xp_is_missing_until_it_is_there() -> None:
    house = CATALOG.ruleset("house")
    state = demo_campaign(house)  # Brannoc level 2 with 3 XP, Isolde level 1 with 5
    assert sheet.LEVEL_UP.why_not(Seat(state, house, "Brannoc")) == "Brannoc needs 10 XP, has 3"
    assert sheet.LEVEL_UP.why_not(Seat(state, house, "Isolde")) == "Isolde needs 8 XP, has 5"
    ready = with_xp(state, "Brannoc", 10)
    assert sheet.LEVEL_UP.why_not(Seat(ready, house, "Brannoc")) is None


# --- what each does, pressed ----------------------------------------------------------------


def with_xp(state: Campaign, who: str, xp: int) -> Campaign:
    changed = attrs.evolve(state.characters[who], xp=xp)
    return attrs.evolve(state, characters={**state.characters, who: changed})


def opened(
    tmp_path: Path, data_dir: Path, state: Campaign, faces: list[int] | None = None
) -> HearthrollApp:
    """The app on `state`, saved as a new campaign, with scripted dice."""
    path = tmp_path / f"{state.ruleset}.toml"
    with CampaignStore.create(path, state, CATALOG):
        pass
    return build(path, data_dir=data_dir, dice=scripted(faces or []))


def demo(game: str) -> Campaign:
    return demo_campaign(CATALOG.ruleset(game))


async def enter(pilot: Pilot[None], app: HearthrollApp, selector: str, text: str) -> None:
    """`text` in the field, then Enter."""
    field = app.screen.query_one(selector, Input)
    field.focus()
    field.value = text
    await press(pilot, app, "enter")


async def test_x_marks_the_xp_that_l_levels_up_with(tmp_path: Path, data_dir: Path) -> None:
    app = opened(tmp_path, data_dir, with_xp(demo("house"), "Brannoc", 9))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "L")
        assert "L: Brannoc needs 10 XP, has 9" in shown(app, "#status")
        await press(pilot, app, "x")
        assert app.live is not None
        assert app.live.state.characters["Brannoc"].xp == 10
        await press(pilot, app, "L")
        brannoc = app.live.state.characters["Brannoc"]
        assert (brannoc.level, brannoc.xp, brannoc.rerolls_left) == (3, 0, 3)
        assert [e.kind for e in app.live.events] == ["mark_xp", "level_up"]


async def test_h_gains_a_hold_and_refuses_spending_one_not_held(
    tmp_path: Path, data_dir: Path
) -> None:
    app = opened(tmp_path, data_dir, demo("hack"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "h")
        await enter(pilot, app, "#amount", "-1")
        assert not isinstance(app.screen, TableScreen)
        assert "Grusha holds 0 Readiness; cannot spend 1" in shown(app, "#error")
        await enter(pilot, app, "#amount", "+2")
        assert isinstance(app.screen, TableScreen)
        assert app.live is not None
        assert app.live.state.characters["Grusha"].holds == {"readiness": 2}


async def test_d_rolls_the_weapon_and_shift_d_takes_real_dice(
    tmp_path: Path, data_dir: Path
) -> None:
    app = opened(tmp_path, data_dir, demo("hack"), faces=[4])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "d")
        assert app.live is not None
        rolled = app.live.events[-1]
        assert (rolled.kind, rolled.actor) == ("damage", "Grusha")
        assert "damage with Big weapon: 1d10 = [4] = 4" in rolled.results[0]
        await press(pilot, app, "D")
        assert isinstance(app.screen, DiceInput)
        await enter(pilot, app, "#faces", "9")
        assert isinstance(app.screen, TableScreen)
        assert "damage with Big weapon: 1d10 = [9] = 9" in app.live.events[-1].results[0]
        assert app.live.state.history.events == 2


async def test_g_gives_gear_and_t_and_shift_h_hurt_and_heal_in_a_fight(
    tmp_path: Path, data_dir: Path
) -> None:
    app = opened(tmp_path, data_dir, demo("maneuvers"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "3")  # Wren
        await press(pilot, app, "g")
        assert isinstance(app.screen, GearDialog)
        await enter(pilot, app, "#item", "shield")
        assert isinstance(app.screen, TableScreen)
        assert app.live is not None
        assert [i.id for i in app.live.state.characters["Wren"].gear] == ["weapon", "shield"]
        await press(pilot, app, "t")
        await enter(pilot, app, "#line", "5")
        assert app.live.events[-1].results == ("Wren takes 5: Health 30 → 25",)
        await press(pilot, app, "H")
        await enter(pilot, app, "#line", "2")
        assert app.live.state.characters["Wren"].meters["health"] == 27


async def test_k_without_plans_says_m_makes_one_and_strikes_the_one_made(
    tmp_path: Path, data_dir: Path
) -> None:
    app = opened(tmp_path, data_dir, demo("house"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await press(pilot, app, "k")
        assert "no plans yet: m makes one" in [n.message for n in app._notifications]
        assert isinstance(app.screen, TableScreen)
        await press(pilot, app, "m")
        app.screen.query_one("#name", Input).value = "Raise a watchtower"
        await enter(pilot, app, "#requirements", "timber; a mason")
        assert app.live is not None and app.live.state.steading is not None
        assert [p.name for p in app.live.state.steading.plans] == ["Raise a watchtower"]
        await press(pilot, app, "k")
        assert isinstance(app.screen, PlanBoard)
        await press(pilot, app, "x", "enter")
        assert app.live.state.steading.plans == ()
        assert [e.kind for e in app.live.events] == ["plan", "plan"]
