"""At 80×24 the starforged sheet shows all of itself: stats, meters, momentum and every asset
are on screen for the demo, drawn compact (momentum on one line: `Momentum +2/+10 · reset +2`);
a sheet that still runs past its box says so."""

from __future__ import annotations

from pathlib import Path

import attrs

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.screens.options import OptionsPicker
from hearthroll.tui.widgets.character_sheet import CharacterSheet
from hearthroll.tui.widgets.ticks import TickList
from test_tui_helpers import scripted, settle

CATALOG = load_catalog(with_user=False)
SF = CATALOG.ruleset("starforged")


def on_screen(app: HearthrollApp) -> list[str]:
    """The sheet's box as the screen draws it, border and all, one string a row."""
    screen = [strip.text for strip in app.screen._compositor.render_strips()]
    box = app.screen.query_one("#sheet", CharacterSheet).region
    return [row[box.x : box.right] for row in screen[box.y : box.bottom]]


async def drawn(tmp_path: Path, state: Campaign, size: tuple[int, int]) -> list[str]:
    path = tmp_path / "forge.toml"
    CampaignStore.create(path, state, CATALOG).close()
    app = build(path, data_dir=tmp_path / "data", dice=scripted(()))
    async with app.run_test(size=size) as pilot:
        await settle(pilot, app)
        return on_screen(app)


async def test_the_demo_sheet_is_all_in_view_at_80x24(tmp_path: Path) -> None:
    rows = await drawn(tmp_path, demo_campaign(SF), (80, 24))
    text = "\n".join(rows)
    for words in (
        "Edge +2", "Wits +2", "Health ●●●●● 5/5", "Spirit ●●●●● 5/5", "Supply ●●●●● 5/5",
        "Momentum +2/+10 · reset +2",
        "Rook (companion) ●●● 3/3", "Petrel (command) ●●●●● 5/5",
    ):  # fmt: skip
        assert words in text, (words, text)
    assert "more below" not in text


async def test_the_sheet_at_120_keeps_momentums_scale_and_the_assets_words(
    tmp_path: Path,
) -> None:
    text = "\n".join(await drawn(tmp_path, demo_campaign(SF), (120, 36)))
    assert "Momentum +2 · max +10 · reset +2" in text
    assert "−6 ········●········ +10" in text  # the scale on its own line
    assert "Rook companion · health ●●● 3/3" in text


async def test_a_sheet_taller_than_its_box_says_more_is_below(tmp_path: Path) -> None:
    state = demo_campaign(SF)
    kael = state.characters["Kael"]
    rook, petrel = kael.assets or ()
    crowded = attrs.evolve(
        kael,
        conditions={"wounded": 0, "shaken": 0, "unprepared": 0},
        assets=(
            rook,
            attrs.evolve(petrel, conditions={"battered": 0, "cursed": 0}),
            attrs.evolve(rook, name="Wren"),
            attrs.evolve(rook, name="Tamsin"),
        ),
    )
    rows = await drawn(tmp_path, attrs.evolve(state, characters={"Kael": crowded}), (80, 24))
    assert "▼ more below" in rows[-1]


async def test_the_command_vehicle_s_costs_keep_their_keys_in_view_at_80x24(
    tmp_path: Path,
) -> None:
    """A miss with Petrel at 0 after the harm asks the miss's pick and the command vehicle's
    cost (the engine offers both) below a long summary of the roll: the summary scrolls, and
    once the miss's pick is ticked the keys go to the five costs, drawn above the keys line."""
    state = demo_campaign(SF)
    kael = state.characters["Kael"]
    petrel = attrs.evolve(kael.assets[1], value=2)
    state = attrs.evolve(
        state, characters={"Kael": attrs.evolve(kael, assets=(kael.assets[0], petrel))}
    )
    path = tmp_path / "forge.toml"
    CampaignStore.create(path, state, CATALOG).close()
    app = build(path, data_dir=tmp_path / "data", dice=scripted([1, 9, 9]))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"withstand", "enter")
        await settle(pilot, app)
        await pilot.press("3", "enter")  # major damage: Petrel 2 → 0, so the roll is made
        await settle(pilot, app)
        assert isinstance(app.screen, OptionsPicker)
        assert app.screen.query_one("#list-0", TickList).option_count == 2
        costs_list = app.screen.query_one("#list-1", TickList)
        assert costs_list.option_count == 5
        await pilot.press("1")  # the miss: −1 integrity more; the keys go to the costs
        await settle(pilot, app)
        assert app.screen.focused is costs_list
        screen = [strip.text for strip in app.screen._compositor.render_strips()]
        keys = [n for n, row in enumerate(screen) if "1-9 pick  tab next list  ⏎ done" in row]
        assert keys, "\n".join(screen)
        costs = ["battered.", "cursed.", "Mark a module broken", "Destroy a broken", "Roll on"]
        for cost in costs:  # every cost drawn above the keys line
            assert any(cost in row for row in screen[: keys[0]]), (cost, "\n".join(screen))
        await pilot.press("1", "enter")  # battered
        await settle(pilot, app)
        assert app.live is not None
        assert app.live.events[-1].options == ("major", "more_damage", "battered")
