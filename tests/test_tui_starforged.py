"""The app plays starforged: harm, then "resist?", then the band's options; burning momentum
with `b`; the tracks pane and `T`."""

from __future__ import annotations

from pathlib import Path

import attrs
from textual.pilot import Pilot
from textual.widgets import SelectionList

from hearthroll.core.games import momentum
from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.screens.dice_input import DiceInput
from hearthroll.tui.screens.prompt import LinePrompt
from hearthroll.tui.table import TableScreen
from test_tui_helpers import scripted, settle, shown, type_into

SIZE = (120, 36)
CATALOG = load_catalog(with_user=False)
SF = CATALOG.ruleset("starforged")


def forge(tmp_path: Path, momentum: int = 7, **meters: int) -> Path:
    """The starforged demo, Kael at this momentum (and these meters), saved."""
    state = demo_campaign(SF)
    kael = state.characters["Kael"]
    kael = attrs.evolve(kael, meters={**kael.meters, "momentum": momentum, **meters})
    path = tmp_path / "forge.toml"
    with CampaignStore.create(path, attrs.evolve(state, characters={"Kael": kael}), CATALOG):
        pass
    return path


async def endure_minor_harm_resisting(pilot: Pilot[None], app: HearthrollApp) -> None:
    await pilot.press("slash", *"endure harm", "enter")
    await settle(pilot, app)
    await pilot.press("1", "enter")  # harm: minor
    await settle(pilot, app)
    await pilot.press("1", "enter")  # resist? roll
    await settle(pilot, app)
    await pilot.press("2", "enter")  # burn momentum? keep the roll as it is
    await settle(pilot, app)
    await pilot.press("enter")  # a weak hit: the trade is "you may"; none taken
    await settle(pilot, app)


async def test_endure_harm_asks_harm_then_resist_then_burn_before_the_band_lands(
    tmp_path: Path,
) -> None:
    app = build(forge(tmp_path), data_dir=tmp_path / "data", dice=scripted((2, 3, 6)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"endure harm", "enter")
        await settle(pilot, app)
        await pilot.press("1", "enter")  # harm: minor
        await settle(pilot, app)
        await pilot.press("1", "enter")  # resist? roll: 2 + 4 = 6 against 3 and 6, a weak hit
        await settle(pilot, app)
        # burn is asked as the roll is judged: nothing of the weak hit has landed
        assert "burn momentum?" in str(app.screen.query_one(".title").content)
        texts = [str(o.prompt) for o in app.screen.query_one("#list-0", SelectionList).options]
        assert texts[0] == "burn momentum (+7): weak hit → strong hit"
        assert app.live is not None
        before = len(app.live.events)
        assert app.live.state.characters["Kael"].meters["health"] == 5  # not even the harm
        await pilot.press("1", "enter")  # burn
        await settle(pilot, app)
        await pilot.press("2", "enter")  # the strong hit's pick: embrace the pain
        await settle(pilot, app)
        assert len(app.live.events) == before + 1
        made = app.live.events[-1]
        assert (made.kind, made.band) == ("move", "strong")
        assert made.options == ("minor", "embrace_the_pain")
        assert app.live.state.characters["Kael"].meters["momentum"] == 3
        assert app.live.state.characters["Kael"].meters["health"] == 4
        assert "momentum 7  vs  3 · 6 → strong hit" in shown(app, "#tray-roll")
        await pilot.press("u")  # one event: the harm, the burn and the pick go together
        await settle(pilot, app)
        assert app.live.state.characters["Kael"].meters["momentum"] == 7
        assert app.live.state.characters["Kael"].meters["health"] == 5


async def test_a_burn_kept_at_the_roll_can_still_be_made_with_b(tmp_path: Path) -> None:
    app = build(forge(tmp_path), data_dir=tmp_path / "data", dice=scripted((2, 3, 6)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await endure_minor_harm_resisting(pilot, app)
        assert app.live is not None
        assert app.live.state.characters["Kael"].meters["health"] == 4
        tray = shown(app, "#tray-roll") + shown(app, "#tray-next")
        assert "action die 2 + health 4 = 6  vs  3 · 6 → weak hit" in tray
        assert "burn momentum (+7): weak hit → strong hit" in tray
        await pilot.press("b")
        await settle(pilot, app)
        await pilot.press("2", "enter")  # the strong hit's pick: embrace the pain
        await settle(pilot, app)
        assert app.live.state.characters["Kael"].meters["momentum"] == 3


async def test_no_resist_means_no_roll(tmp_path: Path) -> None:
    app = build(forge(tmp_path), data_dir=tmp_path / "data", dice=scripted(()))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"endure harm", "enter")
        await settle(pilot, app)
        await pilot.press("2", "enter")  # serious
        await settle(pilot, app)
        await pilot.press("2", "enter")  # take the harm: no roll
        await settle(pilot, app)
        assert app.live is not None
        assert app.live.state.characters["Kael"].meters["health"] == 3
        assert app.live.state.last_roll is None


async def test_the_tracks_pane_and_key(tmp_path: Path) -> None:
    app = build(forge(tmp_path), data_dir=tmp_path / "data", dice=scripted((2, 9)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert "Find the lost beacon" in shown(app, "#tracks")
        assert not app.screen.query_one("#steading").display
        await pilot.press("T", *"new Reach the Hollow / extreme expedition", "enter")
        await settle(pilot, app)
        await pilot.press("T", *"mark avenge the ironhold", "enter")
        await settle(pilot, app)
        await pilot.press("T", *"roll avenge the ironhold", "enter")
        await settle(pilot, app)
        assert app.live is not None
        tracks = {t.name: t.ticks for t in app.live.state.tracks or ()}
        assert tracks == {
            "Find the lost beacon": 4,
            "Avenge the Ironhold": 16,
            "Reach the Hollow": 0,
        }
        assert "extreme expedition" in shown(app, "#tracks")
        assert "progress 4  vs  2 · 9 → weak hit" in shown(app, "#tray-roll")


async def test_a_new_campaign_without_tracks_shows_the_pane_and_how_to_make_one(
    tmp_path: Path,
) -> None:
    path = tmp_path / "forge.toml"
    state = attrs.evolve(demo_campaign(SF), tracks=None)
    with CampaignStore.create(path, state, CATALOG):
        pass
    app = build(path, data_dir=tmp_path / "data", dice=scripted(()))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert "no tracks: T makes one" in shown(app, "#tracks")
        await pilot.press("T", *"new Find the beacon / dangerous vow", "enter")
        await settle(pilot, app)
        assert "Find the beacon" in shown(app, "#tracks")


async def test_lose_momentum_at_minus_six_asks_the_choice_and_the_track(tmp_path: Path) -> None:
    app = build(forge(tmp_path, momentum=-6), data_dir=tmp_path / "data", dice=scripted(()))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"lose momentum", "enter")
        await settle(pilot, app)
        await pilot.press("1", "enter")  # a minor setback
        await settle(pilot, app)
        assert "at −6" in str(app.screen.query_one(".title").content)
        await pilot.press("2", "enter")  # lose progress
        await settle(pilot, app)
        await pilot.press("2", "enter")  # on the second track
        await settle(pilot, app)
        assert app.live is not None
        tracks = {t.name: t.ticks for t in app.live.state.tracks or ()}
        assert tracks == {"Find the lost beacon": 4, "Avenge the Ironhold": 0}
        assert app.live.state.characters["Kael"].meters["momentum"] == -6


async def test_the_sheet_shows_each_meter_once(tmp_path: Path) -> None:
    app = build(forge(tmp_path), data_dir=tmp_path / "data", dice=scripted(()))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        sheet = shown(app, "CharacterSheet")
        for meter in ("Health", "Spirit", "Supply"):
            assert sheet.count(f"{meter} ●●●●● 5/5") == 1
        assert "▰" not in sheet


async def endure_minor_harm_and_miss(pilot: Pilot[None], app: HearthrollApp, pick: str) -> None:
    await pilot.press("slash", *"endure harm", "enter")
    await settle(pilot, app)
    await pilot.press("1", "enter")  # harm: minor
    await settle(pilot, app)
    await pilot.press("1", "enter")  # resist? roll: a miss
    await settle(pilot, app)
    await pilot.press(pick, "enter")  # the miss's pick: 1 −1 health more, 2 Lose Momentum (−2)
    await settle(pilot, app)


async def test_more_harm_to_zero_asks_what_zero_health_costs(tmp_path: Path) -> None:
    app = build(forge(tmp_path, health=2), data_dir=tmp_path / "data", dice=scripted((1, 9, 9)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await endure_minor_harm_and_miss(pilot, app, "1")
        assert "and then" in str(app.screen.query_one(".title").content)
        texts = [str(o.prompt) for o in app.screen.query_one("#list-0", SelectionList).options]
        assert texts[0] == "Mark wounded."
        await pilot.press("1", "enter")  # mark wounded
        await settle(pilot, app)
        assert app.live is not None
        kael = app.live.state.characters["Kael"]
        assert (kael.meters["health"], "wounded" in kael.conditions) == (0, True)
        assert momentum.max_momentum(app.live.ruleset, kael) == 9


async def test_a_miss_losing_momentum_at_minus_six_asks_the_choice(tmp_path: Path) -> None:
    app = build(forge(tmp_path, momentum=-6), data_dir=tmp_path / "data", dice=scripted((1, 9, 9)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await endure_minor_harm_and_miss(pilot, app, "2")
        assert "at −6" in str(app.screen.query_one(".title").content)
        await pilot.press("2", "enter")  # lose progress
        await settle(pilot, app)
        await pilot.press("2", "enter")  # on the second track
        await settle(pilot, app)
        assert app.live is not None
        tracks = {t.name: t.ticks for t in app.live.state.tracks or ()}
        assert tracks == {"Find the lost beacon": 4, "Avenge the Ironhold": 0}
        kael = app.live.state.characters["Kael"]
        assert (kael.meters["momentum"], kael.meters["health"]) == (-6, 4)


async def test_a_table_row_naming_a_move_plays_it_with_o(tmp_path: Path) -> None:
    app = build(forge(tmp_path), data_dir=tmp_path / "data", dice=scripted((80,)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"withstand damage table", "enter")
        await settle(pilot, app)
        tray = shown(app, "#tray-roll") + shown(app, "#tray-next")
        assert "A rough ride" in tray
        assert "play next: Kael: Endure Harm, serious or 2 more" in tray
        await pilot.press("o")  # which move? each with the row's harm, for each aboard
        await settle(pilot, app)
        picker = [str(o.prompt) for o in app.screen.query_one("#list-0", SelectionList).options]
        assert picker == [
            "Kael: Endure Harm, serious",
            "Kael: Endure Stress, serious",
            "Rook: Companion Takes a Hit, serious",
            "let the rest aboard off: nobody else pays a part",
        ]
        await pilot.press("3", "enter")  # Companion Takes a Hit: the harm is not asked
        await settle(pilot, app)
        assert "resist?" in str(app.screen.query_one(".title").content)
        await pilot.press("2", "enter")  # take the harm: no roll
        await settle(pilot, app)
        assert app.live is not None
        (rook, _) = app.live.state.characters["Kael"].assets or ()
        assert (rook.name, rook.value) == ("Rook", 1)
        assert "Rook's health 3 → 1" in shown(app, "#tray-roll")
        # Kael aboard has still to pay: the offer stays for him
        assert "play Kael: Endure Harm, serious or Kael: Endure Stress" in shown(app, "#tray-next")
        await pilot.press("o")
        await settle(pilot, app)
        await pilot.press("2", "enter")  # Endure Stress
        await settle(pilot, app)
        await pilot.press("2", "enter")  # take the stress: no roll
        await settle(pilot, app)
        assert app.live.state.characters["Kael"].meters["spirit"] == 3
        assert app.live.state.aboard is None
        assert "play" not in shown(app, "#tray-next")


async def test_the_gm_lets_the_rest_aboard_off_with_o(tmp_path: Path) -> None:
    app = build(forge(tmp_path), data_dir=tmp_path / "data", dice=scripted((80,)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"withstand damage table", "enter")
        await settle(pilot, app)
        await pilot.press("o")
        await settle(pilot, app)
        await pilot.press("4", "enter")  # let the rest aboard off
        await settle(pilot, app)
        assert app.live is not None and app.live.state.aboard is None
        assert "play" not in shown(app, "#tray-next")
        assert app.live.events[-1].results == ("the rest aboard owe nothing more: Kael, Rook",)


async def test_another_suffer_move_at_minus_six_is_asked_with_o(tmp_path: Path) -> None:
    app = build(forge(tmp_path, momentum=-6), data_dir=tmp_path / "data", dice=scripted(()))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"lose momentum", "enter")
        await settle(pilot, app)
        await pilot.press("2", "enter")  # a serious setback
        await settle(pilot, app)
        await pilot.press("1", "enter")  # another suffer move
        await settle(pilot, app)
        assert "play next: Endure Harm or 4 more" in shown(app, "#tray-next")
        await pilot.press("o")
        await settle(pilot, app)
        await pilot.press("2", "enter")  # which move? Endure Stress
        await settle(pilot, app)
        assert "Endure Stress: before the roll" in str(app.screen.query_one(".title").content)
        await pilot.press("2", "enter")  # serious stress
        await settle(pilot, app)
        await pilot.press("2", "enter")  # take it: no roll
        await settle(pilot, app)
        assert app.live is not None
        assert app.live.state.characters["Kael"].meters["spirit"] == 3


async def test_withstand_damage_on_a_typed_vehicle_asks_no_type(tmp_path: Path) -> None:
    app = build(forge(tmp_path), data_dir=tmp_path / "data", dice=scripted(()))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"withstand damage", "enter")
        await settle(pilot, app)
        assert "Withstand Damage: before the roll" in str(app.screen.query_one(".title").content)
        await pilot.press("2", "enter")  # serious damage: Petrel 5 → 3
        await settle(pilot, app)
        await pilot.press("2", "enter")  # take it: no roll
        await settle(pilot, app)
        assert app.live is not None
        (_, petrel) = app.live.state.characters["Kael"].assets or ()
        assert (petrel.name, petrel.value) == ("Petrel", 3)
        assert "Petrel's integrity 5 → 3" in shown(app, "#tray-roll")


async def test_b_stands_over_a_note_and_says_what_stands_in_between(tmp_path: Path) -> None:
    app = build(forge(tmp_path), data_dir=tmp_path / "data", dice=scripted((2, 3, 6)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await endure_minor_harm_resisting(pilot, app)  # a weak hit; momentum 7
        await pilot.press("n", *"sparks fly", "enter")
        await settle(pilot, app)
        assert "burn momentum (+7): weak hit → strong hit" in shown(app, "#tray-next")
        await pilot.press("slash", *"sacrifice resources", "enter")
        await settle(pilot, app)
        await pilot.press("1", "enter")  # a minor loss: Kael's sheet changes after the roll
        await settle(pilot, app)
        assert "burn momentum" not in shown(app, "#tray-next")
        await pilot.press("b")
        await settle(pilot, app)
        assert app.live is not None
        status = shown(app, "#status")
        assert "Kael cannot burn momentum: Kael's Sacrifice Resources (event" in status
        await pilot.press("u")  # the supply back: the note alone stands between
        await settle(pilot, app)
        assert "burn momentum (+7): weak hit → strong hit" in shown(app, "#tray-next")
        await pilot.press("b")
        await settle(pilot, app)
        await pilot.press("2", "enter")  # embrace the pain
        await settle(pilot, app)
        assert app.live.state.characters["Kael"].meters["momentum"] == 3


async def test_two_companions_ask_which_one_takes_the_hit(tmp_path: Path) -> None:
    from hearthroll.core.games import assets
    from hearthroll.tui.widgets.ticks import TickList

    state = demo_campaign(SF)
    kael = assets.add(state.characters["Kael"], assets.new_asset(SF, "companion", "Vex", 2))
    path = tmp_path / "forge.toml"
    with CampaignStore.create(path, attrs.evolve(state, characters={"Kael": kael}), CATALOG):
        pass
    app = build(path, data_dir=tmp_path / "data", dice=scripted(()))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"companion takes a hit", "enter")
        await settle(pilot, app)
        assert "on which?" in str(app.screen.query_one(".title").content)
        ticks = app.screen.query_one("#list-0", TickList)
        rows = [ticks.render_line(y).text for y in range(ticks.option_count)]
        assert [r.strip() for r in rows] == [
            "▐ ▌ Rook (companion), health 3/3",
            "▐ ▌ Vex (companion), health 2/2",
        ]
        await pilot.press("2", "enter")  # Vex
        await settle(pilot, app)
        await pilot.press("1", "enter")  # minor harm
        await settle(pilot, app)
        await pilot.press("2", "enter")  # take it: no roll
        await settle(pilot, app)
        assert app.live is not None
        values = {a.name: a.value for a in app.live.state.characters["Kael"].assets or ()}
        assert values == {"Rook": 3, "Petrel": 5, "Vex": 1}
        assert "Vex's health 2 → 1" in shown(app, "#tray-roll")


async def test_harm_past_minus_six_clears_progress_on_the_track_picked(tmp_path: Path) -> None:
    # momentum −6, health 1: serious harm takes 1 to 0 and 1 more past it, which momentum at
    # its floor cannot take: the choice, then the track, then the roll (forced at 0 health)
    path = forge(tmp_path, momentum=-6, health=1)
    app = build(path, data_dir=tmp_path / "data", dice=scripted((5, 2, 3)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"endure harm", "enter")
        await settle(pilot, app)
        await pilot.press("2", "enter")  # serious
        await settle(pilot, app)
        assert "at −6" in str(app.screen.query_one(".title").content)
        await pilot.press("2", "enter")  # lose progress
        await settle(pilot, app)
        assert "Which track" in shown(app, ".heading")
        await pilot.press("2", "enter")  # Avenge the Ironhold
        await settle(pilot, app)
        await pilot.press("1", "enter")  # the strong hit's pick: embrace the pain
        await settle(pilot, app)
        assert isinstance(app.screen, TableScreen), shown(app, "#error")
        assert app.live is not None
        made = app.live.events[-1]
        assert (made.move, made.band) == ("starforged_endure_harm", "strong")
        tracks = {t.name: t.ticks for t in app.live.state.tracks or ()}
        assert tracks == {"Find the lost beacon": 4, "Avenge the Ironhold": 0}


async def test_real_dice_ask_the_d100_of_the_endure_harm_table(tmp_path: Path) -> None:
    # health 2, major harm: 0, so the roll is forced; a miss at 0 health rolls on the table
    app = build(forge(tmp_path, health=2), data_dir=tmp_path / "data", dice=scripted(()))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"endure harm", "f4", "enter")
        await settle(pilot, app)
        await pilot.press("3", "enter")  # major
        await settle(pilot, app)
        for faces in ("1", "9,9"):  # the action die, then the challenge dice: a miss
            assert isinstance(app.screen, DiceInput)
            await type_into(pilot, "#faces", faces)
            await pilot.press("enter")
            await settle(pilot, app)
        await pilot.press("2", "3", "enter")  # Lose Momentum (−2); at 0: roll the table
        await settle(pilot, app)
        assert isinstance(app.screen, DiceInput)
        assert "d100 on the Endure Harm table" in shown(app, ".title")
        await type_into(pilot, "#faces", "42")
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.live is not None
        made = app.live.events[-1]
        assert made.dice == (1, 9, 9)
        assert any("Endure Harm d100 = 42" in r for r in made.results), made.results


async def test_C_adds_a_companion_and_a_vehicle_to_the_active_character(tmp_path: Path) -> None:
    """The app adds assets as `hearthroll asset` does; a refusal stays in the box, in the
    app's words, and nothing is added."""
    app = build(forge(tmp_path), data_dir=tmp_path / "data", dice=scripted((2, 9)))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("C", *"vehicle Skiff / 4", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, LinePrompt)  # refused in place
        said = shown(app, "#error")
        assert "a vehicle's type is one of command, support, incidental, after its maximum" in said
        assert "--type" not in said
        await pilot.press("escape")
        await settle(pilot, app)
        await pilot.press("C", *"companion Vex / 4", "enter")
        await settle(pilot, app)
        await pilot.press("C", *"vehicle Skiff / 4 support", "enter")
        await settle(pilot, app)
        assert app.live is not None
        kael = app.live.state.characters["Kael"]
        assert [(a.name, a.kind, a.max, a.value, a.type) for a in kael.assets or ()][-2:] == [
            ("Vex", "companion", 4, 4, ""),
            ("Skiff", "vehicle", 4, 4, "support"),
        ]
        assert app.live.events[-1].results == ("Skiff (support vehicle) joins Kael: 4/4",)
