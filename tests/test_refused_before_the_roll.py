"""A move the engine refuses before any die is rolled says why, and nothing changes: a
community roll while a pool bust waits ("Brannoc's bust waits: reroll (r) or accept (a)
first" at the table, the commands named in the shell), and in the app the palette stays open
with the reason under the move's row (a maneuver cooling down, a bust that waits)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList

from cli_run import run_cli
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import BustWaits
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs.pool import accept
from hearthroll.core.verbs.session import make_move, refusal_before_roll
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.screens.palette import MovePalette
from hearthroll.tui.table import TableScreen
from test_tui_helpers import plain, scripted, settle

CATALOG = load_catalog(with_user=False)
HOUSE = CATALOG.ruleset("house")
WAITS = "Brannoc's bust waits: reroll (r) or accept (a) first"
WAITS_IN_THE_SHELL = (
    "Brannoc's bust waits: reroll it (hearthroll reroll) or accept it (hearthroll accept) first"
)


def bust_waiting(path: Path | None = None) -> Campaign:
    """Brannoc's Clash (4, damage 3), then Defend busting on 1 4 (saved at `path`, if given)."""
    store = CampaignStore.create(path, demo_campaign(HOUSE), CATALOG) if path else None
    state = demo_campaign(HOUSE)
    for step in (
        lambda s: make_move(s, HOUSE, "clash", TypedDice([4]), effect_dice=TypedDice([3])),
        lambda s: make_move(s, HOUSE, "defend", TypedDice([1, 4])),
    ):
        outcome = step(state)
        state = outcome.state
        if store is not None:
            store.commit(outcome)
    if store is not None:
        store.close()
    assert state.turn.status == "bust_pending"
    return state


def test_a_community_roll_waits_for_the_bust() -> None:
    state = bust_waiting()
    muster = ["defenses", "everyone_pitches_in"]
    with pytest.raises(BustWaits) as refused:
        make_move(state, HOUSE, "muster", TypedDice([4, 6]), picks=muster)
    assert str(refused.value) == WAITS_IN_THE_SHELL
    assert refused.value.at_table == WAITS
    error = refusal_before_roll(state, HOUSE, "muster")
    assert isinstance(error, BustWaits) and error.actor == "Brannoc"
    assert isinstance(refusal_before_roll(state, HOUSE, "clash", actor="Wren"), BustWaits)
    state = accept(state, HOUSE, TypedDice([])).state
    assert refusal_before_roll(state, HOUSE, "muster") is None
    mustered = make_move(state, HOUSE, "muster", TypedDice([4, 6]), picks=muster)
    assert mustered.state.steading is not None and "mustered" in mustered.state.steading.flags


def test_the_shell_refuses_a_community_roll_while_the_bust_waits(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    bust_waiting(path)
    before = path.read_bytes()
    refused = run_cli("move", str(path), "muster", "--dice", "4,6", "--pick", "defenses")
    assert refused.returncode == 2
    assert refused.stderr.strip() == f"hearthroll: {WAITS_IN_THE_SHELL}"
    assert path.read_bytes() == before


def campaign(tmp_path: Path, ruleset: str, faces: list[int]) -> HearthrollApp:
    path = tmp_path / "camp.toml"
    if ruleset == "house":
        bust_waiting(path)
    else:
        CampaignStore.create(path, demo_campaign(CATALOG.ruleset(ruleset)), CATALOG).close()
    return build(path, data_dir=tmp_path / "data", dice=scripted(faces))


def palette_text(app: HearthrollApp) -> str:
    assert isinstance(app.screen, MovePalette)
    hits = app.screen.query_one("#hits", OptionList)
    return " ".join(plain(hits.get_option_at_index(i).prompt) for i in range(hits.option_count))


async def test_the_palette_says_in_place_that_the_bust_waits(tmp_path: Path) -> None:
    app = campaign(tmp_path, "house", [4, 6])
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        events = app.live.state.history.events if app.live else 0
        await pilot.press("slash", *"muster", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, MovePalette), "the palette stays open"
        assert app.screen.refused == WAITS
        assert WAITS in " ".join(palette_text(app).split())
        assert app.live is not None and app.live.state.history.events == events
        await pilot.press("escape", "a")
        await settle(pilot, app)
        await pilot.press("slash", *"muster", "enter")
        await settle(pilot, app)
        assert not isinstance(app.screen, MovePalette)  # now it rolls: its options are asked


async def test_the_palette_says_in_place_that_a_maneuver_waits(tmp_path: Path) -> None:
    app = campaign(tmp_path, "maneuvers", [15, 3])
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"kick", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen) and app.live is not None
        assert app.live.state.history.events == 1
        await pilot.press("N")
        await settle(pilot, app)
        await pilot.press("slash", *"kick", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, MovePalette)
        assert app.screen.refused == "Kick waits 1 more round"
        assert "Kick waits 1 more round" in palette_text(app)
        assert app.live.state.history.events == 2  # the kick and the round: nothing more
        await pilot.press("backspace", "backspace", "backspace", "backspace", *"bash")
        await settle(pilot, app)
        assert app.screen.refused is None and "waits" not in palette_text(app)
