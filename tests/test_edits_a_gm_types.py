"""Edits a GM would type: +2 and -3 change a number by that much, =-2 sets it; the edit box
opens on the field's value now; the command line's `set` reads the same."""

from __future__ import annotations

import json
from pathlib import Path

from cli_run import run_cli
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs.edits import field_value, set_field
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui.screens.edit_field import EditField
from test_tui_helpers import demo, settle, shown, type_into

CATALOG = load_catalog()
HOUSE = CATALOG.ruleset("house")


def test_minus_two_subtracts_and_equals_minus_two_sets() -> None:
    state = demo_campaign(HOUSE)
    hp = state.characters["Wren"].meters["hp"]
    after = set_field(state, HOUSE, "Wren.hp", "-2")
    assert after.state.characters["Wren"].meters["hp"] == hp - 2
    assert after.event.results == (f"Wren.hp -2 ({hp} → {hp - 2})",)
    up = set_field(after.state, HOUSE, "Wren.hp", "+1")
    assert up.state.characters["Wren"].meters["hp"] == hp - 1
    forward = set_field(state, HOUSE, "Wren.forward", "=-2")
    assert forward.state.characters["Wren"].forward == -2
    plain = set_field(state, HOUSE, "Wren.hp", "3")
    assert plain.state.characters["Wren"].meters["hp"] == 3


def test_a_change_past_the_field_s_bounds_is_refused_as_any_value_is() -> None:
    import pytest

    from hearthroll.core.errors import HearthrollError

    state = demo_campaign(HOUSE)
    with pytest.raises(HearthrollError, match=r"Wren\.hp"):
        set_field(state, HOUSE, "Wren.hp", "-99")


def test_the_value_now_of_sheet_and_steading_fields() -> None:
    state = demo_campaign(HOUSE)
    assert field_value(state, HOUSE, "Brannoc.xp") == "3"
    assert field_value(state, HOUSE, "steading.fortunes") == "1"
    assert field_value(state, HOUSE, "steading.season") == "spring"
    assert field_value(state, HOUSE, "Nobody.xp") is None


def test_the_command_line_set_subtracts_and_sets(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    CampaignStore.create(path, demo_campaign(HOUSE), CATALOG).close()
    hp = demo_campaign(HOUSE).characters["Wren"].meters["hp"]
    result = run_cli("set", "camp.toml", "Wren.hp", "-2", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert f"Wren.hp -2 ({hp} → {hp - 2})" in result.stdout
    result = run_cli("set", "camp.toml", "Wren.forward", "=-2", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    state = json.loads(run_cli("state", "camp.toml", "--json", cwd=tmp_path).stdout)
    wren = next(c for c in state["characters"] if c["name"] == "Wren")
    assert wren["meters"]["hp"] == hp - 2
    assert wren["forward"] == -2


async def test_the_edit_box_shows_the_value_now_and_takes_a_change(tmp_path: Path) -> None:
    app = demo(tmp_path / "data")
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("e")
        await type_into(pilot, "#path", "Brannoc.xp")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, EditField)
        assert "Brannoc.xp is 3 now" in shown(app, "#now")
        await type_into(pilot, "#value", "+2")
        await pilot.press("enter")
        await settle(pilot, app)
        assert app.live is not None
        assert app.live.state.characters["Brannoc"].xp == 5


def test_the_name_typed_again_after_the_edit_box_s_is_read_once() -> None:
    maneuvers = CATALOG.ruleset("maneuvers")
    state = demo_campaign(maneuvers)
    after = set_field(state, maneuvers, "Wren.Wren.health", "20")
    assert after.state.characters["Wren"].meters["health"] == 20
    assert after.event.results == ("Wren.health = 20",)


def test_a_dotted_field_in_a_game_without_assets_lists_the_character_s_fields() -> None:
    import pytest

    from hearthroll.core.errors import HearthrollError

    maneuvers = CATALOG.ruleset("maneuvers")
    with pytest.raises(HearthrollError, match=r"character has no field 'health\.x'; fields: level"):
        set_field(demo_campaign(maneuvers), maneuvers, "Wren.health.x", "20")


def test_a_condition_takes_yes_no_or_rounds_and_says_so() -> None:
    import pytest

    from hearthroll.core.errors import HearthrollError

    maneuvers = CATALOG.ruleset("maneuvers")
    state = demo_campaign(maneuvers)
    with pytest.raises(HearthrollError, match=r"Wren.stunned is yes or no, or the rounds it lasts"):
        set_field(state, maneuvers, "Wren.stunned", "maybe")
    assert set_field(state, maneuvers, "Wren.stunned", "2").state.characters["Wren"].conditions == {
        "stunned": 2
    }


def test_one_table_of_fields_serves_set_the_edit_box_and_the_values() -> None:
    """The fields `set` lists when it refuses one, the paths the edit box offers and the values
    it opens on come from one table: every listed field of every game reads back a value."""
    import pytest

    from hearthroll.core.errors import RuleError
    from hearthroll.core.games.demo import starforged_demo
    from hearthroll.core.verbs.fields import character_fields, field_paths

    for game in ("house", "hack", "starforged", "maneuvers"):
        ruleset = CATALOG.ruleset(game)
        state = starforged_demo(ruleset) if game == "starforged" else demo_campaign(ruleset)
        name = next(iter(state.characters))
        with pytest.raises(RuleError) as refused:
            set_field(state, ruleset, f"{name}.nonsense", "1")
        listed = str(refused.value).split("fields: ", 1)[1].split(", ")
        assert listed == character_fields(ruleset)
        paths = field_paths(state, ruleset)
        assert [p for p in paths if p.startswith(f"{name}.")] == [f"{name}.{f}" for f in listed]
        for field in listed:
            assert field_value(state, ruleset, f"{name}.{field}") is not None, (game, field)
    assert ("breaking_point" in character_fields(CATALOG.ruleset("maneuvers"))) is True
    assert "breaking_point" not in character_fields(HOUSE)


def test_ongoing_is_set_as_the_edit_box_takes_it_from_the_shell_too() -> None:
    state = demo_campaign(HOUSE)
    after = set_field(state, HOUSE, "Wren.ongoing", "-1 3")
    ongoing = after.state.characters["Wren"].ongoing
    assert ongoing is not None and (ongoing.amount, ongoing.rolls) == (-1, 3)
    assert after.event.results == ("Wren: −1 ongoing on the next 3 rolls",)
    assert field_value(after.state, HOUSE, "Wren.ongoing") == "-1 3"
    cleared = set_field(after.state, HOUSE, "Wren.ongoing", "0")
    assert cleared.state.characters["Wren"].ongoing is None


def test_set_ongoing_from_the_shell_takes_the_words(tmp_path: Path) -> None:
    camp = tmp_path / "camp.toml"
    assert run_cli("new", str(camp), "--demo").returncode == 0
    done = run_cli("set", str(camp), "Wren.ongoing", "-1 2")
    assert done.returncode == 0, done.stderr
    assert "Wren: −1 ongoing on the next 2 rolls" in done.stdout
    short = run_cli("set", str(camp), "Wren.ongoing", "-2")
    assert short.returncode != 0 and "say how many rolls it lasts: -2 3" in short.stderr


def test_a_field_a_game_has_not_is_neither_listed_nor_set() -> None:
    """XP and rerolls are the house game's (its XP rule, rerolls that follow the level), a
    template a game with templates': `hack` has no XP to mark, so `e` cannot set one either."""
    import pytest

    from hearthroll.core.errors import RuleError
    from hearthroll.core.verbs.fields import character_fields

    hack = CATALOG.ruleset("hack")
    starforged = CATALOG.ruleset("starforged")
    assert {"xp", "rerolls"} <= set(character_fields(HOUSE))
    assert not {"xp", "rerolls"} & set(character_fields(hack))
    assert "template" in character_fields(hack)
    assert "template" not in character_fields(starforged)
    state = demo_campaign(hack)
    name = next(iter(state.characters))
    with pytest.raises(RuleError, match="has no field 'xp'"):
        set_field(state, hack, f"{name}.xp", "5")
    assert field_value(state, hack, f"{name}.xp") is None
