"""The encounter at the keyboard: the pane, the target, a maneuver from the palette, a refusal
in place, adding a foe, ending rounds; and the same fight in a real terminal."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.screens.palette import MovePalette
from hearthroll.tui.table import TableScreen
from test_tui_helpers import scripted, settle, shown, type_into
from test_tui_tmux import Terminal

SIZE = (110, 36)
CATALOG = load_catalog(with_user=False)


def ford(tmp_path: Path, faces: list[int]) -> HearthrollApp:
    """The app on the maneuvers demo, with scripted dice."""
    campaign = tmp_path / "ford.toml"
    with CampaignStore.create(campaign, demo_campaign(CATALOG.ruleset("maneuvers")), CATALOG):
        pass
    return build(campaign, data_dir=tmp_path / "data", dice=scripted(faces))


async def test_the_encounter_pane_and_the_sheet(tmp_path: Path) -> None:
    app = ford(tmp_path, [])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        pane = shown(app, "#encounter")
        assert "▶ Bandit" in pane and "20/20" in pane and "attacking Brannoc" in pane
        assert "huge" in pane
        sheet = shown(app, "#sheet")
        assert "Str 14 (+2) · Dex 12 (+1)" in sheet
        assert "Kick 85 ready" in sheet and "Stamina 60/60" in sheet
        assert "kick 65.0%" in shown(app, "#tray-next")  # d20 + 1 ≥ 9, no efficacy check
        await pilot.press("right")
        await settle(pilot, app)
        assert "▶ Ogre" in shown(app, "#encounter")
        assert "against Ogre" in shown(app, "#tray-next")


async def test_a_kick_from_the_palette_lands_on_the_target(tmp_path: Path) -> None:
    app = ford(tmp_path, [15, 3])  # the d20, then the 1d4
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"kick", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert "12/20" not in shown(app, "#encounter")
        assert "8/20" in shown(app, "#encounter")
        assert "Kick 86 waits 1" in shown(app, "#sheet")
        assert app.live is not None
        assert app.live.state.characters["Brannoc"].meters["stamina"] == 50
        await pilot.press("N")
        await settle(pilot, app)
        assert "round 2" in str(app.screen.query_one("#encounter").border_title)
        await pilot.press("slash", *"kick", "enter")
        await settle(pilot, app)
        assert app.live.state.history.events == 2  # refused: nothing committed
        assert isinstance(app.screen, MovePalette)  # the reason under the row, palette open
        assert app.screen.refused == "Kick waits 1 more round"
        await pilot.press("escape")
        await settle(pilot, app)
        await pilot.press("u", "u")
        await settle(pilot, app)
        assert "20/20" in shown(app, "#encounter")


async def test_adding_a_foe_with_f_refuses_bad_lines_in_place(tmp_path: Path) -> None:
    app = ford(tmp_path, [])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("f")
        await settle(pilot, app)
        await type_into(pilot, "#line", "Wolf 12")
        await pilot.press("enter")
        await settle(pilot, app)
        assert not isinstance(app.screen, TableScreen)
        assert "give the foe as" in shown(app, "#error")
        await type_into(pilot, "#line", "Wolf 12 14 12 armor 1 one")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert "Wolf" in shown(app, "#encounter")
        assert app.live is not None and app.live.state.encounter is not None
        assert app.live.state.encounter.foes["Wolf"].armor == 1


async def wren_breaks(pilot: Pilot[None], app: HearthrollApp) -> TableScreen:
    """Wren's breaking point set at 10, then a blow to 9 health: the app opens Flee."""
    from hearthroll.core.verbs import edits

    await settle(pilot, app)
    table = app.screen
    assert isinstance(table, TableScreen) and app.live is not None
    assert table.target == "Bandit"
    ruleset = app.live.ruleset
    table.run_verb(lambda: edits.set_field(table.live.state, ruleset, "Wren.breaking_point", "10"))
    await settle(pilot, app)
    table.run_verb(lambda: edits.set_field(table.live.state, ruleset, "Wren.health", "9"))
    await settle(pilot, app)
    return table


async def test_a_blow_under_the_breaking_point_opens_flee(tmp_path: Path) -> None:
    from hearthroll.tui.screens.dice_input import DiceInput

    app = ford(tmp_path, [])
    async with app.run_test(size=SIZE) as pilot:
        table = await wren_breaks(pilot, app)
        assert isinstance(app.screen, MovePalette) and app.screen.shown[0].name == "Flee"
        assert "below their breaking point" in shown(app, "#palette-title")
        assert table.active == "Wren"
        await pilot.press("f4", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, DiceInput)
        await type_into(pilot, "#faces", "11")
        await pilot.press("enter")
        await settle(pilot, app)
        fight = app.live.state.encounter
        assert fight is not None and fight.fled == ("Wren",)


async def test_a_downed_foe_leaves_the_aim_and_a_forced_flee_faces_its_attacker(
    tmp_path: Path,
) -> None:
    from hearthroll.core.verbs import fight

    app = ford(tmp_path, [])
    async with app.run_test(size=SIZE) as pilot:
        table = await wren_breaks(pilot, app)  # the table aimed at the Bandit before
        assert isinstance(app.screen, MovePalette) and table.active == "Wren"
        assert table.target == "Ogre"  # the foe attacking Wren, not the table's last aim
        await pilot.press("escape")
        await settle(pilot, app)
        table.action_aim(-1)
        assert table.target == "Bandit"
        table.run_verb(lambda: fight.hurt_foe(table.live.state, "Bandit", 21))
        await settle(pilot, app)
        pane = shown(app, "#encounter")
        assert "▶ Ogre" in pane and "attacking Brannoc" not in pane
        assert "(against Ogre)" in shown(app, "#tray-next")
        table.action_aim(1)  # the only foe still up stays aimed at
        assert table.target == "Ogre"


def test_a_fight_in_a_real_terminal(tmp_path: Path) -> None:
    campaign = tmp_path / "ford.toml"
    with CampaignStore.create(campaign, demo_campaign(CATALOG.ruleset("maneuvers")), CATALOG):
        pass
    terminal = Terminal.playing(campaign, tmp_path)
    try:
        terminal.wait_for("Bandit")
        terminal.keys("/", "k", "i", "c", "k", "F4", "Enter")
        terminal.wait_for("Kick: the d20")
        terminal.keys("15", "Enter")
        terminal.wait_for("Kick: damage")  # the damage dice are asked too
        terminal.keys("Enter")  # an empty line: the app rolls them
        terminal.wait_for("LANDS")
        terminal.keys("N")
        terminal.wait_for("round 2")
        terminal.keys("3")  # Wren
        terminal.keys("/", "f", "l", "e", "e", "F4", "Enter")
        terminal.wait_for("Flee: the d20")
        terminal.keys("11", "Enter")
        terminal.wait_for("out of the fight")
        terminal.quit()
    finally:
        terminal.close()
    with CampaignStore.open(campaign, CATALOG) as store:
        fight = store.state.encounter
        assert fight is not None and fight.round == 2 and fight.fled == ("Wren",)
        assert store.state.encounter.foes["Bandit"].meters["health"] < 20  # type: ignore[union-attr]


def test_the_odds_line_says_why_no_maneuver_is_ready() -> None:
    from hearthroll.core.dice.sources import TypedDice
    from hearthroll.core.verbs.session import make_move
    from hearthroll.tui.views import chances

    ruleset = CATALOG.ruleset("maneuvers")
    state = demo_campaign(ruleset)
    assert "kick" in (chances(state, ruleset, "Brannoc", "Bandit") or "")
    state = make_move(state, ruleset, "kick", TypedDice([2]), actor="Brannoc", at="Bandit").state
    assert chances(state, ruleset, "Brannoc", "Bandit") == (
        "Brannoc has taken a turn this round (Kick): end the round first"
    )


async def test_f_says_what_happens_to_the_aimed_foe_and_w_wields_again(tmp_path: Path) -> None:
    from hearthroll.tui.screens.prompt import LinePrompt

    app = ford(tmp_path, [])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert app.live is not None
        await pilot.press("F")  # the Bandit is aimed: health 20, armor 1
        await pilot.pause()
        assert isinstance(app.screen, LinePrompt)
        await type_into(pilot, "#line", "hurt 6")
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.live.state.encounter is not None
        assert app.live.state.encounter.foes["Bandit"].meters["health"] == 15
        await pilot.press("F")
        await pilot.pause()
        await type_into(pilot, "#line", "sing")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LinePrompt)  # refused in place, saying what to type
        assert "say what happens to Bandit: hurt 5" in str(app.screen.query_one(".error").render())
        await pilot.press("escape")
        await pilot.press("F")
        await pilot.pause()
        await type_into(pilot, "#line", "attacking Wren")
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.live.state.encounter.foes["Bandit"].attacking == "Wren"

        await pilot.press("w")
        await settle(pilot, app)
        assert "Brannoc is not disarmed" in shown(app, "#status")
        await pilot.press("e", *"disarmed", "enter", *"yes", "enter")  # as a fumble leaves it
        await settle(pilot, app)
        assert "disarmed" in app.live.state.characters["Brannoc"].conditions
        await pilot.press("w")
        await settle(pilot, app)
        assert "disarmed" not in app.live.state.characters["Brannoc"].conditions
        assert "Brannoc wields their weapon again (their turn)" in app.live.events[-1].results
