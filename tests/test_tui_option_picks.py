"""An option list takes exactly what is ticked: Enter with too few says how many are left and
saves nothing (the highlighted item is not taken unticked); space or the item's number ticks;
a "pick up to" list takes none. The lists offered are the engine's own (a companion's health
after the harm gates its weak hit's trade). `O` plays the move offered next with real dice."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from textual.pilot import Pilot
from textual.widgets import SelectionList, Static

from hearthroll.core.games import assets
from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.screens.dice_input import DiceInput
from hearthroll.tui.screens.options import OptionsPicker
from hearthroll.tui.table import TableScreen
from test_tui_helpers import scripted, settle, shown, type_into

SIZE = (120, 36)
CATALOG = load_catalog(with_user=False)


def table_on(
    tmp_path: Path, ruleset: str, faces: tuple[int, ...] = (), vex: int | None = None
) -> HearthrollApp:
    """The app on a ruleset's demo campaign; starforged's Kael with a second companion, Vex,
    at `vex`/4 when `vex` is given."""
    rules = CATALOG.ruleset(ruleset)
    state = demo_campaign(rules)
    if vex is not None:
        joins = attrs.evolve(assets.new_asset(rules, "companion", "Vex", 4), value=vex)
        kael = assets.add(state.characters["Kael"], joins)
        state = attrs.evolve(state, characters={"Kael": kael})
    path = tmp_path / "camp.toml"
    CampaignStore.create(path, state, CATALOG).close()
    return build(path, data_dir=tmp_path / "data", dice=scripted(faces))


def events(app: HearthrollApp) -> int:
    assert app.live is not None
    return app.live.state.history.events


async def enter_refused(pilot: Pilot[None], app: HearthrollApp, before: int) -> str:
    """Enter on the picker with nothing ticked: it stays open and nothing is saved; what
    its refusal line says."""
    await pilot.press("enter")
    await settle(pilot, app)
    assert isinstance(app.screen, OptionsPicker)
    assert events(app) == before
    line = app.screen.query_one("#error", Static)
    return str(line.content) if line.display else ""


VOLLEY = ("hack", (4, 4, 6), [("slash", *"volley", "enter")])
"""Grusha's Volley at 8: 7–9, pick 1."""

STRONG_HIT = (
    "starforged",
    (3, 4, 4),
    [("slash", *"endure harm", "enter"), ("1", "enter"), ("1", "enter")],
)
"""Kael's Endure Harm, minor, resisted: 3 + health 4 vs 4, 4, a strong hit, pick 1."""


@pytest.mark.parametrize(
    ("game", "tick", "picks", "heading"),
    [
        (VOLLEY, ("down", "space"), ("take_what_you_get",), "On 7–9: you pick 1"),
        (STRONG_HIT, ("2",), ("minor", "embrace_the_pain"), "On Strong hit: you pick 1"),
    ],
)
async def test_enter_on_a_pick_1_list_with_nothing_ticked_says_so_and_saves_nothing(
    tmp_path: Path,
    game: tuple[str, tuple[int, ...], list[tuple[str, ...]]],
    tick: tuple[str, ...],
    picks: tuple[str, ...],
    heading: str,
) -> None:
    ruleset, faces, steps = game
    app = table_on(tmp_path, ruleset, faces)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        before = events(app)
        for keys in steps:
            await pilot.press(*keys)
            await settle(pilot, app)
        assert isinstance(app.screen, OptionsPicker)  # nothing ticked, the first highlighted
        said = await enter_refused(pilot, app, before)
        assert said == f"pick 1 more (0 of 1 ticked): space or 1-9 ticks, for {heading}"
        await pilot.press(*tick, "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert app.live is not None
        assert events(app) == before + 1
        assert app.live.events[-1].options == picks


async def test_a_pick_up_to_list_takes_none(tmp_path: Path) -> None:
    app = table_on(tmp_path, "starforged", (2, 3, 6))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"endure harm", "enter")
        await settle(pilot, app)
        await pilot.press("1", "enter", "1", "enter")  # minor, resist: a weak hit
        await settle(pilot, app)
        assert isinstance(app.screen, OptionsPicker)
        await pilot.press("enter")  # the trade is "you may": none taken
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert app.live is not None
        assert app.live.events[-1].options == ("minor",)


@pytest.mark.parametrize(
    ("vex", "picks", "health"),
    [
        (2, ("serious",), 0),  # 2 → 0: the roll is a must, and at 0 no trade is offered
        (4, ("serious", "trade"), 3),  # 4 → 2: resisted, the weak hit offers the trade
    ],
)
async def test_a_companion_s_weak_hit_offers_the_trade_only_above_0_after_the_harm(
    tmp_path: Path, vex: int, picks: tuple[str, ...], health: int
) -> None:
    app = table_on(tmp_path, "starforged", (2, 9, 1), vex=vex)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"companion takes a hit", "enter")
        await settle(pilot, app)
        await pilot.press("2", "enter", "2", "enter")  # Vex; serious harm
        await settle(pilot, app)
        if vex > 2:
            await pilot.press("1", "enter")  # resist: 2 + 2 vs 9, 1: a weak hit
            await settle(pilot, app)
            assert isinstance(app.screen, OptionsPicker)
            shown_items = app.screen.query_one("#list-0", SelectionList).options
            assert [str(o.prompt) for o in shown_items] == [
                "Lose Momentum (−1): they take +1 health."
            ]
            await pilot.press("1", "enter")
            await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)  # at 0 nothing more was asked
        assert app.live is not None
        made = app.live.events[-1]
        assert (made.move, made.band, made.options) == (
            "starforged_companion_takes_a_hit",
            "weak",
            picks,
        )
        values = {a.name: a.value for a in app.live.state.characters["Kael"].assets or ()}
        assert values["Vex"] == health


async def test_O_plays_the_offered_move_with_real_dice(tmp_path: Path) -> None:
    app = table_on(tmp_path, "starforged", (80,))  # the table's d100; no more faces scripted
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"withstand damage table", "enter")
        await settle(pilot, app)
        assert "O with real dice" in shown(app, "#tray-next")
        await pilot.press("O")
        await settle(pilot, app)
        await pilot.press("3", "enter")  # Companion Takes a Hit, serious: Rook 3 → 1
        await settle(pilot, app)
        await pilot.press("1", "enter")  # resist
        await settle(pilot, app)
        # each die is asked, named: the action die, then the challenge dice
        assert isinstance(app.screen, DiceInput)
        title = str(app.screen.query_one(".title", Static).content)
        assert title == "Companion Takes a Hit: action die (1d6)"
        await type_into(pilot, "#faces", "6")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, DiceInput)
        title = str(app.screen.query_one(".title", Static).content)
        assert title == "Companion Takes a Hit: challenge dice (2d10)"
        await type_into(pilot, "#faces", "1,1")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert app.live is not None
        made = app.live.events[-1]
        assert (made.move, made.dice, made.band) == (
            "starforged_companion_takes_a_hit",
            (6, 1, 1),
            "strong",
        )
        assert made.options == ("serious",)
