"""The app's words are the app's (at 80×24): a refusal names the app's keys and lines, never the
shell's commands and flags."""

from __future__ import annotations

from pathlib import Path

from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.table import TableScreen
from test_tui_helpers import scripted, settle, shown, type_into

SIZE = (80, 24)
CATALOG = load_catalog(with_user=False)


async def test_a_full_track_is_refused_in_the_tracks_line_s_own_words(tmp_path: Path) -> None:
    path = tmp_path / "sf.toml"
    CampaignStore.create(path, demo_campaign(CATALOG.ruleset("starforged")), CATALOG).close()
    app = build(path, data_dir=tmp_path / "data", dice=scripted([]))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        for line in ("new Beacon / troublesome", *["mark Beacon"] * 4, "mark Beacon"):
            await pilot.press("T")
            await settle(pilot, app)
            await type_into(pilot, "#line", line)
            await pilot.press("enter")
            await settle(pilot, app)
        assert not isinstance(app.screen, TableScreen)
        error = shown(app, "#error")
        assert "is full" in error and "roll Beacon" in error, error
        assert "FILE" not in error and "track " not in error


async def test_the_real_dice_box_names_dice_after_the_slash_only_where_they_follow(
    tmp_path: Path,
) -> None:
    from textual.widgets import Static

    from hearthroll.tui.screens.dice_input import DiceInput
    from test_tui_helpers import demo

    app = demo(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        said = {}
        for move in ("defy", "clash"):
            await pilot.press("slash", *move, "f4", "enter")
            await settle(pilot, app)
            assert isinstance(app.screen, DiceInput)
            said[move] = str(app.screen.query_one(".keys", Static).content)
            await pilot.press("escape")
            await settle(pilot, app)
        assert "/" not in said["defy"], said
        assert "after /" in said["clash"], said


async def test_the_floor_s_choice_says_momentum_would_go_below_when_it_would(
    tmp_path: Path,
) -> None:
    from test_tui_starforged import forge

    for momentum, heading in ((-5, "would go below −6"), (-6, "already at −6")):
        folder = tmp_path / str(momentum)
        app = build(forge(folder, momentum=momentum), data_dir=folder / "data", dice=scripted([]))
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, app)
            await pilot.press("slash", *"lose momentum", "enter")
            await settle(pilot, app)
            await pilot.press("3", "enter")  # a major setback: −3
            await settle(pilot, app)
            title = shown(app, ".title")
            assert heading in title, (momentum, title)


async def test_the_palette_s_placeholder_names_moves_of_the_campaign_s_own_game(
    tmp_path: Path,
) -> None:
    from textual.widgets import Input

    path = tmp_path / "sf.toml"
    starforged = CATALOG.ruleset("starforged")
    CampaignStore.create(path, demo_campaign(starforged), CATALOG).close()
    app = build(path, data_dir=tmp_path / "data", dice=scripted([]))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash")
        await settle(pilot, app)
        placeholder = str(app.screen.query_one("#query", Input).placeholder)
        first = starforged.moves[0].name.lower()
        assert placeholder.startswith(f"a move or an oracle: {first}"), placeholder
        assert "clash" not in placeholder and "hakc" not in placeholder


def test_preparation_refused_after_the_roll_says_it_in_the_app_s_keys() -> None:
    import attrs
    import pytest

    from hearthroll.core.dice.sources import TypedDice
    from hearthroll.core.errors import HearthrollError
    from hearthroll.core.verbs import edits
    from hearthroll.core.verbs.pool import prep
    from hearthroll.tui.refused import at_table

    house = CATALOG.ruleset("house")
    state = demo_campaign(house)
    brannoc = attrs.evolve(state.characters["Brannoc"], holds={"preparation": 1})
    state = attrs.evolve(state, characters={**state.characters, "Brannoc": brannoc})
    for refused in (
        lambda: prep(state, house, 1, TypedDice([])),
        lambda: edits.hold(state, house, "preparation", -1, actor="Brannoc", picks=["plus_one"]),
    ):
        with pytest.raises(HearthrollError) as caught:
            refused()
        assert "--prep" in str(caught.value)  # the shell's words name its flag
        said = at_table(caught.value)
        assert "F5 in the palette" in said and "--prep" not in said and "move ..." not in said
