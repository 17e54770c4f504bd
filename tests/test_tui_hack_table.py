"""The hack game at the keyboard: gear (g), damage taken (t), healing and items (H), Defy
Danger's stat asked, Volley's pick, Readiness spent on its options, Last Breath at 0 HP."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Static

from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.screens.dice_input import DiceInput
from hearthroll.tui.screens.gear import GearDialog
from hearthroll.tui.screens.inputs import MoveInputs
from hearthroll.tui.screens.options import OptionsPicker
from hearthroll.tui.screens.palette import MovePalette
from hearthroll.tui.table import TableScreen
from test_tui_helpers import plain, scripted, settle, shown, type_into

SIZE = (110, 34)


def hack_table(tmp_path: Path, faces: Iterable[int] = ()) -> HearthrollApp:
    """The app on the hack demo party: Grusha (ogre), Cog (automaton), Mira (human)."""
    catalog = load_catalog(with_user=False)
    path = tmp_path / "road.toml"
    CampaignStore.create(path, demo_campaign(catalog.ruleset("hack")), catalog).close()
    return build(path, data_dir=tmp_path / "data", dice=scripted(faces))


async def test_the_hack_sheet_shows_stats_hp_bar_armor_load_and_gear(tmp_path: Path) -> None:
    app = hack_table(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        sheet = shown(app, "#sheet")
        assert "Forceful +2" in sheet and "HP 13/13 ▰▰▰▰▰▰▰▰▰▰" in sheet
        assert "armor 2 · load 4/10" in sheet
        assert "Big weapon (wielded)" in sheet
        assert "XP" not in sheet and "rerolls" not in sheet


async def test_g_refuses_what_the_template_cannot_use_and_gives_the_rest(tmp_path: Path) -> None:
    app = hack_table(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, GearDialog)
        assert "Heavy armor: weight 2 (3 carried), armor 3" in shown(app, "#gear-items")
        await type_into(pilot, "#item", "hevy armor")
        await pilot.press("enter")
        await pilot.pause()
        assert "Grusha cannot use Heavy armor: the gear rules bar it from ogres" in shown(
            app, "#error"
        )
        await type_into(pilot, "#item", "shield")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert "armor 3 · load 5/10" in shown(app, "#sheet")


async def test_t_takes_damage_armor_first(tmp_path: Path) -> None:
    app = hack_table(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("t")
        await pilot.pause()
        await type_into(pilot, "#line", "6")
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.live is not None
        assert app.live.state.characters["Grusha"].meters["hp"] == 9
        assert "HP 9/13" in shown(app, "#sheet")


async def test_H_drinks_a_potion_and_heals_its_dice(tmp_path: Path) -> None:
    app = hack_table(tmp_path, faces=[2, 3])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("t")
        await type_into(pilot, "#line", "8")
        await pilot.press("enter")
        await settle(pilot, app)
        await pilot.press("H")
        await pilot.pause()
        await type_into(pilot, "#line", "potion")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, DiceInput)  # its dice are asked: real ones, or Enter
        assert "Healing potion: healing 2d3+1 (2d3)" in shown(app, ".title")
        await pilot.press("enter")  # an empty line: the app rolls them, 2 and 3
        await settle(pilot, app)
        assert app.live is not None
        grusha = app.live.state.characters["Grusha"]
        assert grusha.meters["hp"] == 7 + 6
        assert "healing_potion" not in {i.id for i in grusha.gear}


async def test_defy_danger_asks_the_stat_best_first(tmp_path: Path) -> None:
    app = hack_table(tmp_path, faces=[3, 3])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("2")  # Cog: Insightful +2 is the best
        await pilot.press("slash", *"defy danger", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, MoveInputs)
        first = app.screen.query_one("#in-stat").get_option_at_index(0).prompt  # type: ignore[attr-defined]
        assert str(first) == "Insightful +2"
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        tray = shown(app, "#tray-roll")
        assert "total 8" in tray and "+2: Insightful" in tray


async def test_volley_without_a_bow_asks_the_pick_without_several_shots(tmp_path: Path) -> None:
    app = hack_table(tmp_path, faces=[4, 4, 6])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"volley", "enter")
        await settle(pilot, app)
        picker = app.screen
        assert isinstance(picker, OptionsPicker)
        offered = [item for lst in picker._lists for item, _ in lst.items]
        assert offered == ["exposed", "take_what_you_get"]
        assert "no ranged weapon: a throw (Big weapon), no shots to spend" in plain(
            picker.query_one("#summary", Static).content
        )
        await pilot.press("1", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert "damage thrown with Big weapon: 1d10 = [6] = 6" in shown(app, "#tray-roll")


async def spend_one_readiness(pilot: Pilot[None], app: HearthrollApp) -> OptionsPicker:
    """h, -1, Enter: the picker of Defend's options for the point spent."""
    await pilot.press("h")
    await pilot.pause()
    await type_into(pilot, "#amount", "-1")
    await pilot.press("enter")
    await settle(pilot, app)
    picker = app.screen
    assert isinstance(picker, OptionsPicker)
    return picker


async def test_readiness_spent_lists_defend_s_options(tmp_path: Path) -> None:
    app = hack_table(tmp_path, faces=[5, 6])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"defend", "enter")
        await settle(pilot, app)
        assert app.live is not None
        assert app.live.state.characters["Grusha"].holds == {"readiness": 3}
        picker = await spend_one_readiness(pilot, app)
        assert str(picker.query_one(".keys", Static).content).endswith("esc spend nothing")
        await pilot.press("2", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert app.live.state.characters["Grusha"].holds == {"readiness": 2}
        last = app.live.events[-1]
        assert last.options == ("halve",)


async def test_half_your_damage_takes_real_dice_or_the_app_s_and_undo_reverts(
    tmp_path: Path,
) -> None:
    app = hack_table(tmp_path, faces=[5, 6, 9])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"defend", "enter")
        await settle(pilot, app)
        assert app.live is not None
        for typed, said in (
            ("7", "1d10 = [7] = 7, halved to 3"),
            ("", "1d10 = [9] = 9, halved to 4"),
        ):
            await spend_one_readiness(pilot, app)
            await pilot.press("4", "enter")  # Deal half your damage
            await settle(pilot, app)
            assert isinstance(app.screen, DiceInput)
            if typed:
                await pilot.press("1", "2", "enter")  # a d10 has no 12: refused, nothing spent
                await settle(pilot, app)
                assert isinstance(app.screen, DiceInput)
                assert app.live.state.characters["Grusha"].holds == {"readiness": 3}
                await type_into(pilot, "#faces", typed)
            await pilot.press("enter")
            await settle(pilot, app)
            assert isinstance(app.screen, TableScreen)
            last = app.live.events[-1]
            assert last.options == ("half_damage",) and said in last.results[-1]
        assert app.live.state.characters["Grusha"].holds == {"readiness": 1}
        await pilot.press("u")
        await settle(pilot, app)
        assert app.live.state.characters["Grusha"].holds == {"readiness": 2}


async def test_zero_hp_opens_last_breath_at_once(tmp_path: Path) -> None:
    app = hack_table(tmp_path, faces=[5, 5])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("t")
        await type_into(pilot, "#line", "40")
        await pilot.press("enter")
        await settle(pilot, app)
        await settle(pilot, app)
        palette = app.screen
        assert isinstance(palette, MovePalette)
        assert "Grusha is at 0 HP: Last Breath waits" in shown(app, "#palette-title")
        assert palette.shown[0].id == "hack_last_breath"
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.live is not None
        last = app.live.events[-1]
        assert last.move == "hack_last_breath" and last.total == 12
        assert app.live.state.characters["Grusha"].waits == ""


async def test_last_breath_takes_the_faces_of_real_dice(tmp_path: Path) -> None:
    app = hack_table(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("t")
        await type_into(pilot, "#line", "40")
        await pilot.press("enter")
        await settle(pilot, app)
        await settle(pilot, app)
        assert isinstance(app.screen, MovePalette)
        await pilot.press("f4", "enter")
        await settle(pilot, app)
        await pilot.press(*"1,2", "enter")
        await settle(pilot, app)
        assert app.live is not None
        last = app.live.events[-1]
        assert last.move == "hack_last_breath" and last.kept == (1, 2) and last.band == "miss"


async def test_H_s_hint_reads_as_a_hint_and_enter_on_it_says_what_to_type(tmp_path: Path) -> None:
    from textual.widgets import Input

    app = hack_table(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("H")
        await pilot.pause()
        field = app.screen.query_one("#line", Input)
        assert field.value == ""
        assert field.placeholder == "3, or an item: healing potion"
        await pilot.press("enter")
        await pilot.pause()
        assert shown(app, "#error") == (
            "type a number of HP, like 3, or an item: Adventuring gear, Healing potion"
        )
        assert app.live is not None and list(app.live.events) == []
        await pilot.press("escape")
        await pilot.press("t")
        await pilot.pause()
        assert app.screen.query_one("#line", Input).placeholder == "5, or 5 ignore, or 5 fall"
        await pilot.press("enter")
        await pilot.pause()
        assert shown(app, "#error") == "type the damage: a number, like 5 (or 5 ignore, 5 fall)"


async def test_a_gear_refusal_is_in_view_at_80x24_and_120x36(tmp_path: Path) -> None:
    for size in ((80, 24), (120, 36)):
        app = hack_table(tmp_path / f"{size[0]}")
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            await pilot.press("g")
            await pilot.pause()
            await type_into(pilot, "#item", "heavy armor")
            await pilot.press("enter")
            await pilot.pause()
            error = app.screen.query_one("#error")
            assert "bar it from ogres" in shown(app, "#error")
            widget, _ = app.screen.get_widget_at(error.region.x, error.region.y)
            assert widget is error, size
            keys = app.screen.query_one("#gear .keys")
            assert app.screen.get_widget_at(keys.region.x, keys.region.y)[0] is keys, size
            assert "Big weapon: weight 2, 1d10, −1 to hit, strikes every foe close around" in (
                shown(app, "#gear-items")
            )


async def test_the_tray_shows_dice_total_every_modifier_and_the_damage(tmp_path: Path) -> None:
    app = hack_table(tmp_path, faces=[4, 4, 6])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("e")  # an ongoing penalty from the edit modal: -1 on the next 2 rolls
        await type_into(pilot, "#path", "Grusha.ongoing")
        await pilot.press("enter")
        await type_into(pilot, "#value", "-1 for 2")
        await pilot.press("enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert "ongoing −1 (2 rolls left)" in shown(app, "#sheet")
        await pilot.press("slash", *"hack and slash", "enter")
        await settle(pilot, app)
        tray = shown(app, "#tray-roll")
        assert "[4] [4]" in tray and "total 8" in tray  # 4 + 4 + 2 − 1 − 1
        assert "(+2: Forceful · −1: big weapon · −1: ongoing (1 left))" in tray
        assert "damage with Big weapon: 1d10 = [6] = 6 (it can strike every foe close around)" in (
            tray
        )
        assert "ongoing −1 (1 roll left)" in shown(app, "#sheet")


async def test_an_ongoing_penalty_typed_wrong_says_how_to_type_it(tmp_path: Path) -> None:
    app = hack_table(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("e")
        await type_into(pilot, "#path", "Grusha.ongoing")
        await pilot.press("enter")
        await type_into(pilot, "#value", "-1")
        await pilot.press("enter")
        await pilot.pause()
        assert shown(app, "#error") == "say how many rolls it lasts: -1 3"
        assert app.live is not None and list(app.live.events) == []


async def test_an_ally_s_forward_asks_which_ally_then_lands_on_them(tmp_path: Path) -> None:
    """Readiness's "an ally takes +1 forward" with two allies at the table: which one is
    asked, as `hold --ally` names one in the shell."""
    app = hack_table(tmp_path, faces=[5, 6])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"defend", "enter")
        await settle(pilot, app)
        await spend_one_readiness(pilot, app)
        await pilot.press("3", "enter")  # An ally takes +1 forward
        await settle(pilot, app)
        asked = app.screen
        assert isinstance(asked, OptionsPicker)
        assert [item for lst in asked._lists for item, _ in lst.items] == ["Cog", "Mira"]
        await pilot.press("2", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen)
        assert app.live is not None
        party = app.live.state.characters
        assert (party["Mira"].forward, party["Cog"].forward, party["Grusha"].forward) == (1, 0, 0)
        assert app.live.events[-1].results[-1] == "Mira: +1 forward"
        assert party["Grusha"].holds == {"readiness": 2}
