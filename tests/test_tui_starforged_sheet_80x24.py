"""At 80×24 the starforged sheet shows all of itself: stats, meters, momentum and every asset
are on screen for the demo, drawn compact; a sheet that still runs past its box says so."""

from __future__ import annotations

from pathlib import Path

import attrs

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.widgets.character_sheet import CharacterSheet
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
        "Momentum +2 · max +10 ·", "reset +2",
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
