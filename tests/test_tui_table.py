"""The table at the keyboard: moves found and rolled, busts, rerolls, the pool turn, the
steading's community rolls, undo and redo, edits refused in place, quitting and reopening."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import SelectionList

from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.screens.dice_input import DiceInput
from hearthroll.tui.screens.edit_field import EditField
from hearthroll.tui.screens.options import OptionsPicker
from hearthroll.tui.screens.palette import MovePalette
from hearthroll.tui.table import TableScreen
from hearthroll.tui.widgets.move_log import MoveLog
from test_tui_helpers import app_rolls_the_rest, demo, plain, roll_typed, settle, shown, type_into

SIZE = (100, 32)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


async def test_first_run_opens_the_demo_table(data_dir: Path) -> None:
    app = demo(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        party = shown(app, "#party")
        for name in ("Brannoc", "Isolde", "Wren"):
            assert name in party
        assert "level 2" in shown(app, "#sheet")
        assert "Fortunes +1" in shown(app, "#steading")
        assert "push: 16.7% bust, 0.5% with 2 rerolls" in shown(app, "#tray-next")
    assert (data_dir / "demo.toml").is_file()


async def test_palette_finds_clash_from_a_typo(data_dir: Path) -> None:
    app = demo(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("slash", "h", "a", "k", "c")
        await pilot.pause()
        palette = app.screen
        assert isinstance(palette, MovePalette)
        assert palette.shown[0].name == "Clash"
        assert "Clash" in plain(palette.query_one("#card").content)
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)
        assert app.live is not None and app.live.state.history.events == 0


@pytest.mark.parametrize("size", [SIZE, (80, 24)])
async def test_six_keystrokes_roll_a_move(data_dir: Path, size: tuple[int, int]) -> None:
    app = demo(data_dir, faces=[4, 3])  # the pool die, then the damage die
    async with app.run_test(size=size) as pilot:
        await pilot.press("slash", "h", "a", "k", "c", "enter")
        await settle(pilot, app)
        assert app.live is not None
        state = app.live.state
        assert state.turn.actor == "Brannoc" and state.turn.pushes == 1
        tray = shown(app, "#tray-roll")
        assert "SUCCESS, NO 6" in tray
        assert "damage with Weapon: 1d6 = [3] = 3" in tray
        assert "p push (2 dice)" in shown(app, "#tray-next")
        assert "Clash [4]" in str(app.screen.query_one(MoveLog).prompt(0))


async def test_typed_dice_refuse_a_wrong_count_or_face_in_place(data_dir: Path) -> None:
    app = demo(data_dir, faces=[2])
    async with app.run_test(size=SIZE) as pilot:
        await roll_typed(pilot, "clash", "1,2")
        assert isinstance(app.screen, DiceInput)
        assert "too many typed dice" in shown(app, "#error")
        assert "the dice asked next go after a /: 1 / 2" in shown(app, "#error")
        await type_into(pilot, "#faces", "9")
        await pilot.press("enter")
        assert isinstance(app.screen, DiceInput)
        assert "d6" in shown(app, "#error")
        assert app.live is not None and app.live.state.history.events == 0
        await type_into(pilot, "#faces", "5")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, DiceInput)  # the damage die is asked next
        assert "damage" in shown(app, ".title")
        await pilot.press("enter")  # an empty line: the app rolls it
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert app.live.state.turn.last is not None
        assert app.live.state.turn.last.faces == (5,)
        assert "[5]" in shown(app, "#tray-roll")


async def test_typed_dice_escape_cancels(data_dir: Path) -> None:
    app = demo(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("slash", "c", "l", "a", "f4", "enter")
        await pilot.pause()
        assert isinstance(app.screen, DiceInput)
        await pilot.press("escape")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert app.live is not None and app.live.state.history.events == 0


@pytest.mark.parametrize("size", [SIZE, (80, 24)])
async def test_a_bust_waits_and_a_reroll_saves_it(data_dir: Path, size: tuple[int, int]) -> None:
    app = demo(data_dir, faces=[2, 6, 5])  # damage 2; the reroll's 6; damage 5
    async with app.run_test(size=size) as pilot:
        await roll_typed(pilot, "clash", "4")
        await settle(pilot, app)
        await roll_typed(pilot, "clash", "1,5")
        await settle(pilot, app)
        assert app.live is not None
        assert app.live.state.turn.status == "bust_pending"
        assert "BUST" in shown(app, "#tray-roll")
        assert "reroll the 1s (2 left)" in shown(app, "#tray-next")
        assert app.screen.check_action("reroll", ()) is True
        await pilot.press("r")
        await settle(pilot, app)
        state = app.live.state
        assert state.turn.status == "open"
        assert state.characters["Brannoc"].rerolls_left == 1
        tray = shown(app, "#tray-roll")
        assert "the reroll saves the bust" in tray
        assert "SUCCESS WITH A 6" in tray


async def test_an_accepted_bust_marks_xp_and_ends_the_turn(data_dir: Path) -> None:
    app = demo(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await roll_typed(pilot, "clash", "1")
        await settle(pilot, app)
        assert app.live is not None
        await pilot.press("a")
        await settle(pilot, app)
        state = app.live.state
        assert state.turn.status == "busted"
        assert state.characters["Brannoc"].xp == 4
        assert "XP +1 (3 → 4)" in shown(app, "#tray-roll")
        assert app.screen.check_action("reroll", ()) is False


async def test_push_opens_risky_moves_and_stop_refreshes_rerolls(data_dir: Path) -> None:
    app = demo(data_dir, faces=[3, 6, 2])  # damage 3; the reroll's 6; damage 2
    async with app.run_test(size=SIZE) as pilot:
        await roll_typed(pilot, "clash", "5")
        await settle(pilot, app)
        await pilot.press("p")
        await pilot.pause()
        palette = app.screen
        assert isinstance(palette, MovePalette)
        assert palette.shown and all(m.risky for m in palette.shown)
        assert "rolls 2 dice" in shown(app, "#palette-title")
        await pilot.press("escape")
        await roll_typed(pilot, "clash", "1,4")
        await settle(pilot, app)
        await pilot.press("r")
        await settle(pilot, app)
        assert app.live is not None
        assert app.live.state.characters["Brannoc"].rerolls_left == 1
        await pilot.press("s")
        await settle(pilot, app)
        state = app.live.state
        assert state.characters["Brannoc"].rerolls_left == 2
        assert state.turn.actor is None
        assert "p push (1 die)" in shown(app, "#tray-next")


async def test_muster_in_a_hamlet_rolls_with_disadvantage(data_dir: Path) -> None:
    app = demo(data_dir, faces=[4, 4, 4])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        await type_into(pilot, "#path", "steading.size")
        await pilot.press("enter")
        await type_into(pilot, "#value", "hamlet")
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.live is not None and app.live.state.steading is not None
        assert app.live.state.steading.size == "hamlet"
        await pilot.press("slash", "m", "u", "s", "enter")
        await settle(pilot, app)
        picker = app.screen
        assert isinstance(picker, OptionsPicker)
        assert "disadvantage: hamlet" in plain(picker.query_one("#summary").content)
        await pilot.press("space", "enter")  # space ticks the highlighted option
        await settle(pilot, app)
        steading = app.live.state.steading
        assert steading.muster == ("defenses",)
        assert "mustered" in steading.flags
        assert steading.stats["defenses"] == 2
        event = app.live.events[-1]
        assert event.actor == "Brannoc" and event.move == "muster"
        tray = shown(app, "#tray-roll")
        assert "disadvantage: hamlet" in tray
        assert "4–5 (7–9)" in tray


async def test_cancelling_the_options_commits_nothing(data_dir: Path) -> None:
    app = demo(data_dir, faces=[6, 6])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("slash", "m", "u", "s", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, OptionsPicker)
        await pilot.press("escape")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert app.live is not None and app.live.state.history.events == 0


async def test_seasons_change_turns_the_season_and_resets_fortunes(data_dir: Path) -> None:
    app = demo(data_dir, faces=[6])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("slash", "s", "e", "a", "s", "enter")
        await settle(pilot, app)
        assert app.live is not None and app.live.state.steading is not None
        assert app.live.state.steading.season == "summer"
        assert app.live.state.steading.stats["fortunes"] == 1
        assert "summer" in shown(app, "#steading")
        assert "season spring → summer" in shown(app, "#tray-roll")


async def test_undo_and_redo_move_the_sheets_and_the_log(data_dir: Path) -> None:
    app = demo(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("x")
        await settle(pilot, app)
        assert app.live is not None
        assert app.live.state.characters["Brannoc"].xp == 4
        assert "4/10" in shown(app, "#sheet")
        assert app.live.events[-1].results == ("+1 XP (3 → 4)",)
        await pilot.press("u")
        await settle(pilot, app)
        assert app.live.state.characters["Brannoc"].xp == 3
        assert "3/10" in shown(app, "#sheet")
        log = app.screen.query_one(MoveLog)
        assert log.view.lines[0].undone and "undo of event 1" in log.view.lines[-1].text
        await pilot.press("U")
        await settle(pilot, app)
        assert app.live.state.characters["Brannoc"].xp == 4
        assert not log.view.lines[0].undone
        await pilot.press("u", "u")
        await settle(pilot, app)
        assert app.live.state.characters["Brannoc"].xp == 3
        await pilot.press("u")  # nothing left to undo: said, nothing changes
        await settle(pilot, app)
        assert app.live.state.history.events == 4


async def test_a_bad_field_value_is_refused_in_place(data_dir: Path) -> None:
    app = demo(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        assert isinstance(app.screen, EditField)
        await type_into(pilot, "#path", "Brannoc.hp")
        await pilot.press("enter")
        await type_into(pilot, "#value", "99")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, EditField)
        assert "Brannoc.hp is 0 to 10, not 99" in shown(app, "#error")
        assert app.live is not None
        assert app.live.state.characters["Brannoc"].meters["hp"] == 10
        assert app.live.state.history.events == 0
        await type_into(pilot, "#value", "7")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert app.live.state.characters["Brannoc"].meters["hp"] == 7
        assert "HP 7/10" in shown(app, "#sheet")


async def test_number_keys_and_tab_pick_the_character(data_dir: Path) -> None:
    app = demo(data_dir, faces=[3])  # Wren's bow damage
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        await pilot.press("2")
        assert screen.active == "Isolde"
        assert "Isolde (Ogre)" in str(screen.query_one("#sheet").border_title)
        await pilot.press("tab")
        assert screen.active == "Wren"
        await pilot.press("tab")
        assert screen.active == "Brannoc"
        await pilot.press("3", "slash", "c", "l", "a", "f4", "enter")
        await pilot.pause()
        await type_into(pilot, "#faces", "2")
        await pilot.press("enter")
        await app_rolls_the_rest(pilot)
        assert app.live is not None and app.live.state.turn.actor == "Wren"


async def test_holds_are_gained_and_overspending_is_refused(data_dir: Path) -> None:
    app = demo(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await type_into(pilot, "#amount", "+2")
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.live is not None
        assert app.live.state.characters["Brannoc"].holds == {"preparation": 2}
        assert "Preparation 2" in shown(app, "#sheet")
        await pilot.press("h")
        await type_into(pilot, "#amount", "-5")
        await pilot.press("enter")
        await settle(pilot, app)
        assert "cannot spend" in shown(app, "#error")
        assert app.live.state.characters["Brannoc"].holds == {"preparation": 2}


async def test_level_up_when_the_xp_is_there(data_dir: Path) -> None:
    app = demo(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, TableScreen)
        assert screen.check_action("level_up", ()) is False
        await pilot.press(*"xxxxxxx")
        await settle(pilot, app)
        assert "ready to Level Up (L)" in shown(app, "#sheet")
        await pilot.press("L")
        await settle(pilot, app)
        assert app.live is not None
        brannoc = app.live.state.characters["Brannoc"]
        assert (brannoc.level, brannoc.xp, brannoc.rerolls_left) == (3, 0, 3)


async def test_a_note_plans_and_an_event_record(data_dir: Path) -> None:
    app = demo(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await type_into(pilot, "#line", "the bridge is out")
        await pilot.press("enter")
        await pilot.press("m")
        await type_into(pilot, "#name", "Mend the mill")
        await pilot.press("enter")
        await type_into(pilot, "#requirements", "timber; a mason")
        await pilot.press("enter")
        await settle(pilot, app)
        await pilot.press("k", "down", "space", "enter")
        await settle(pilot, app)
        assert app.live is not None and app.live.state.steading is not None
        (plan,) = app.live.state.steading.plans
        assert [r.done for r in plan.requirements] == [False, True]
        assert "[x] a mason" in shown(app, "#steading")
        await pilot.press("enter")  # the log's newest line: its whole record
        await pilot.pause()
        detail = plain(app.screen.query_one("Static").content)
        assert "ticked a mason" in detail and "deltas" in detail
        await pilot.press("escape")
        kinds = [e.kind for e in app.live.events]
        assert kinds == ["note", "plan", "plan"]


async def test_trade_and_barter_asks_the_value_before_it_rolls(data_dir: Path) -> None:
    app = demo(data_dir, faces=[6, 6])  # Prosperity 1 - Value 1 = 0: 2d6, keep the lowest
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("slash", "t", "r", "a", "d", "enter")
        await pilot.pause()
        await type_into(pilot, "#in-value", "1")
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.live is not None
        event = app.live.events[-1]
        assert event.move == "trade_and_barter"
        assert "−1: value 1" in event.modifiers
        assert "−1: value 1" in shown(app, "#tray-roll")


async def test_quit_and_reopen_keeps_the_campaign(data_dir: Path) -> None:
    app = demo(data_dir, faces=[3])
    async with app.run_test(size=SIZE) as pilot:
        await roll_typed(pilot, "clash", "6")
        await settle(pilot, app)
        await pilot.press("x")
        await settle(pilot, app)
        assert app.live is not None
        before = app.live.state
        path = app.live.path
        await pilot.press("q")
        await pilot.pause(0.2)
    assert app.return_code in (0, None)
    again = HearthrollApp(path, data_dir=data_dir)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot, again)
        assert again.live is not None
        assert again.live.state == before
        assert "Clash [6]" in str(again.screen.query_one(MoveLog).prompt(0))


@pytest.mark.parametrize("size", [(80, 24), (40, 12), (12, 4), (200, 60)])
async def test_any_terminal_size_shows_what_fits(data_dir: Path, size: tuple[int, int]) -> None:
    app = demo(data_dir, faces=[2, 2])
    async with app.run_test(size=size) as pilot:
        await pilot.press("slash", "c", "l", "a", "enter")
        await settle(pilot, app)
        await pilot.resize_terminal(9, 3)
        await pilot.pause()
        await pilot.resize_terminal(*size)
        await pilot.press("question_mark")
        await pilot.pause()
        await pilot.press("escape")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert app.live is not None and app.live.state.history.events == 1


async def test_at_80_by_24_every_pane_and_the_next_actions_are_in_view(data_dir: Path) -> None:
    app = demo(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for selector in ("#status", "#party", "#sheet", "#steading", "#tray", "#log"):
            region = app.screen.query_one(selector).region
            assert region.width > 0 and region.height > 0, selector
        next_actions = app.screen.query_one("#tray-next").region
        assert next_actions.bottom <= app.screen.query_one("#tray").region.bottom
        assert "p push (1 die)" in shown(app, "#tray-next")


async def test_meet_with_disaster_at_the_bottom_asks_the_gm_to_pick(data_dir: Path) -> None:
    app = demo(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")
        await type_into(pilot, "#path", "steading.fortunes")
        await pilot.press("enter")
        await type_into(pilot, "#value", "=-1")
        await pilot.press("enter")
        await settle(pilot, app)
        await pilot.press("slash", "m", "e", "e", "t", "enter")
        await settle(pilot, app)
        picker = app.screen
        assert isinstance(picker, OptionsPicker)
        assert "the GM picks 1" in plain(picker.query_one(".heading").content)
        await pilot.press("3", "enter")  # malcontent
        await settle(pilot, app)
        assert app.live is not None and app.live.state.steading is not None
        assert app.live.state.steading.flags == ("malcontent",)
        assert app.live.state.steading.stats["fortunes"] == -1
        assert "Malcontent" in shown(app, "#steading")


async def test_a_pool_move_s_options_are_picked_before_it_lands(data_dir: Path) -> None:
    app = demo(data_dir, faces=[2])  # the bow's damage
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3")
        await roll_typed(pilot, "volley", "4")
        await settle(pilot, app)
        assert isinstance(app.screen, OptionsPicker)
        await pilot.press("down", "space", "enter")
        await app_rolls_the_rest(pilot)  # the bow's damage die: the app rolls it
        assert app.live is not None
        event = app.live.events[-1]
        assert event.options == ("take_what_you_get",)
        assert "picked Take what you can get" in shown(app, "#tray-roll")


async def test_ctrl_p_opens_the_move_palette_and_ctrl_k_textual_s(data_dir: Path) -> None:
    from textual.command import CommandPalette

    app = demo(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, MovePalette)
        await pilot.press("escape", "ctrl+k")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)


async def test_preparation_lifts_a_waiting_bust(data_dir: Path) -> None:
    app = demo(data_dir, faces=[5])  # the damage once the bust is lifted
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await type_into(pilot, "#amount", "+1")
        await pilot.press("enter")
        await roll_typed(pilot, "clash", "1")
        await settle(pilot, app)
        assert app.screen.check_action("prep", ()) is True
        await pilot.press("plus")
        await settle(pilot, app)
        assert isinstance(app.screen, OptionsPicker)  # which kept die, as F5 asks it
        await pilot.press("1", "enter")
        await app_rolls_the_rest(pilot)
        assert app.live is not None
        state = app.live.state
        assert state.turn.status == "open"
        assert state.turn.last is not None and state.turn.last.boosted == 0
        assert "preparation" not in state.characters["Brannoc"].holds


async def test_preparation_that_lifts_a_bust_onto_options_asks_for_them(data_dir: Path) -> None:
    """Volley's bust [1], +1 from Preparation: a 2, no 6, so "deal your damage but pick 1"
    is asked before the +1 lands, and the pick is on the event."""
    app = demo(data_dir, faces=[4])  # the damage once the bust is lifted
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await type_into(pilot, "#amount", "+1")
        await pilot.press("enter")
        await roll_typed(pilot, "volley", "1")
        await settle(pilot, app)
        await pilot.press("plus")
        await settle(pilot, app)
        picker = app.screen
        assert isinstance(picker, OptionsPicker)
        texts = [str(o.prompt) for o in picker.query_one("#list-0", SelectionList).options]
        assert texts == ["kept die 1: [1]"]  # the kept dice, the lowest first
        await pilot.press("1", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, OptionsPicker)
        await pilot.press("1", "enter")
        await settle(pilot, app)
        assert app.live is not None
        event = app.live.events[-1]
        assert (event.kind, event.band) == ("prep", "weak")
        assert len(event.options) == 1
        assert app.live.state.turn.status == "open"


def test_the_party_bar_stays_on_one_line_by_saying_less() -> None:
    from hearthroll.tui.views import Member, PartyView
    from hearthroll.tui.widgets.party_bar import render_party

    members = tuple(
        Member(n, name, 1, "HP 10/10", 1, active=n == 1, in_turn=False, ready=False)
        for n, name in enumerate(("Brannoc", "Isolde", "Wren", "Tam", "Odalys"), start=1)
    )
    view = PartyView(members)
    assert render_party(view, 200).plain.startswith("1▶Brannoc L1 HP10/10 ⟳1  2 Isolde L1")
    assert render_party(view, 95).plain.startswith("1▶Brannoc 10/10 ⟳1  2 Isolde 10/10 ⟳1")
    assert render_party(view, 40).plain == "1▶Brannoc 2 Isolde 3 Wren 4 Tam 5 Odalys"
    for width in (200, 95, 40):
        assert render_party(view, width).cell_len <= width


async def test_what_a_move_with_no_roll_did_comes_before_its_rules_text(data_dir: Path) -> None:
    app = demo(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("slash", *"disaster", "enter")
        await settle(pilot, app)
        tray = shown(app, "#tray-roll")
        assert tray.index("• Fortunes +1 → +0") < tray.index("Fortunes −1 (never below −1)")


async def test_the_help_lists_every_key_of_the_table(data_dir: Path) -> None:
    from textual.binding import Binding

    from hearthroll.tui.keys import help_sections
    from hearthroll.tui.screens.help import HelpScreen

    sections = dict(help_sections(TableScreen.BINDINGS))
    listed = ", ".join(key for key, _ in sections["At the table"])
    for binding in TableScreen.BINDINGS:
        assert isinstance(binding, Binding)
        if binding.action.startswith("pick("):
            continue
        for key in binding.key.split(","):
            names = {"slash": "/", "plus": "+", "question_mark": "?", "tab": "Tab"}
            shown_as = {**names, "shift+tab": "Shift+Tab"}.get(key, key)
            assert shown_as in listed.split(", "), key
    assert "1-9" in listed
    assert sections["At the table"][0][0] == "/, ctrl+p"
    app = demo(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_edit_starts_at_the_active_character_and_types_after_it(data_dir: Path) -> None:
    app = demo(data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, EditField)
        await pilot.press(*"hp", "enter", "7", "enter")
        await settle(pilot, app)
        assert app.live is not None
        assert app.live.state.characters["Brannoc"].meters["hp"] == 7


async def test_R_asks_the_rerolled_die_then_the_damage_die(data_dir: Path) -> None:
    app = demo(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await roll_typed(pilot, "clash", "1")  # a bust: nothing more is rolled
        await settle(pilot, app)
        assert app.live is not None and app.live.state.turn.status == "bust_pending"
        await pilot.press("R")
        await settle(pilot, app)
        assert isinstance(app.screen, DiceInput)
        assert "Clash: the 1s rerolled (1d6)" in shown(app, ".title")
        await type_into(pilot, "#faces", "4")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, DiceInput)  # the bust saved: the damage die is asked
        assert "damage with Weapon (1d6)" in shown(app, ".title")
        await type_into(pilot, "#faces", "3")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        made = app.live.events[-1]
        assert (made.kind, made.band) == ("reroll", "weak")
        assert "damage with Weapon: 1d6 = [3] = 3" in made.results
