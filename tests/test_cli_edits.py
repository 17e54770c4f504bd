"""The GM's edits at the shell (`cli.edits`): `hold`, `set`, `level-up`, `note`, `add`, `plan`,
`undo` and `redo` on the house demo, each printing its one event and saving it; and what each
refuses (a value out of bounds, a name not there, a flag without its partner): exit 2, the fix
named, the files untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_verbs import refused, run
from hearthroll.cli import main
from hearthroll.core.campaign.events import Event
from hearthroll.core.campaign.state import Campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)


@pytest.fixture
def camp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Path:
    """The house demo (Brannoc level 2 with 3 XP; Isolde; Wren), made by `hearthroll new`."""
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "millbrook.toml"
    assert main(["new", str(path), "--ruleset", "house", "--demo"]) == 0
    capsys.readouterr()
    return path


def saved(path: Path) -> tuple[Campaign, list[Event]]:
    with CampaignStore.open(path, CATALOG) as store:
        return store.state, list(store.events())


def test_hold_gains_and_spends_on_whom_it_names(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gained = run(capsys, "hold", camp, "preparation", "+2", "--as", "Isolde")
    assert gained == (0, "#1 Isolde: hold: Preparation 0 → 2\n", "")
    assert run(capsys, "hold", camp, "preparation", "-1", "--as", "isolde")[1] == (
        "#2 Isolde: hold: Preparation 2 → 1\n"
    )
    state, _ = saved(camp)
    assert state.characters["Isolde"].holds == {"preparation": 1}
    assert refused(capsys, camp, "hold", "preparation", "two") == (
        "the amount is a signed whole number like +2 or -1, not 'two'"
    )
    assert refused(capsys, camp, "hold", "luck", "+1") == (
        "no hold 'luck'; holds: preparation, readiness"
    )


def test_set_writes_a_value_a_change_by_and_an_ongoing_penalty(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "set", camp, "Brannoc.xp", "8")[1] == "#1 Brannoc: set: Brannoc.xp = 8\n"
    assert run(capsys, "set", camp, "Brannoc.xp", "+2")[1] == (
        "#2 Brannoc: set: Brannoc.xp +2 (8 → 10)\n"
    )
    assert run(capsys, "set", camp, "steading.fortunes", "2")[1] == (
        "#3 set: steading.fortunes = 2\n"
    )
    assert run(capsys, "set", camp, "Wren.ongoing", "-1", "--rolls", "2")[1] == (
        "#4 Wren: ongoing: Wren: −1 ongoing on the next 2 rolls\n"
    )
    state, _ = saved(camp)
    assert state.characters["Brannoc"].xp == 10
    assert state.steading is not None and state.steading.stats["fortunes"] == 2
    wren = state.characters["Wren"].ongoing
    assert wren is not None and (wren.amount, wren.rolls) == (-1, 2)


def test_set_refuses_a_value_out_of_bounds_and_rolls_on_another_field(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert refused(capsys, camp, "set", "Brannoc.hp", "99") == "Brannoc.hp is 0 to 10, not 99"
    assert refused(capsys, camp, "set", "Brannoc.xp", "3", "--rolls", "2") == (
        "--rolls goes with NAME.ongoing only"
    )
    assert refused(capsys, camp, "set", "Brannoc.ongoing", "lots", "--rolls", "2") == (
        "an ongoing penalty is a signed number like -1, not 'lots'"
    )


def test_level_up_spends_the_xp_and_says_who_is_short(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert refused(capsys, camp, "level-up", "--as", "Wren") == "Wren needs 8 XP, has 0"
    run(capsys, "set", camp, "Brannoc.xp", "12")
    assert run(capsys, "level-up", camp) == (
        0,
        "#2 Brannoc: level up: level 2 → 3; XP 12 → 2; rerolls 2 → 3; choose a new move from "
        "your playbook, or from an insert you've unlocked\n",
        "",
    )
    brannoc = saved(camp)[0].characters["Brannoc"]
    assert (brannoc.level, brannoc.xp, brannoc.rerolls_left) == (3, 2, 3)


def test_note_logs_the_gm_s_words_and_secret_ones_marked(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "note", camp, "The", "bridge", "groans") == (
        0,
        "#1 GM: The bridge groans\n",
        "",
    )
    assert run(capsys, "note", camp, "The cult watches", "--secret")[1] == (
        "#2 GM (secret): The cult watches\n"
    )
    _, events = saved(camp)
    assert [(e.kind, e.text, bool(e.secret)) for e in events] == [
        ("note", "The bridge groans", False),
        ("note", "The cult watches", True),
    ]


def test_add_brings_a_character_with_the_fields_set(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    joined = run(capsys, "add", camp, "Tamsin", "--template", "human", "--set", "forceful=2")
    assert joined == (0, "#1 Tamsin joins the party (human, level 1; forceful 2)\n", "")
    tamsin = saved(camp)[0].characters["Tamsin"]
    assert (tamsin.template, tamsin.level, tamsin.stats["forceful"]) == ("human", 1, 2)
    assert refused(capsys, camp, "add", "Tamsin") == "there is a Tamsin in the party already"
    assert refused(capsys, camp, "add", "Pip", "--set", "forceful") == (
        "--set takes FIELD=VALUE, like forceful=2; not 'forceful'"
    )


def test_plan_is_made_ticked_unticked_and_dropped(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name = "Mend the mill"
    made = run(capsys, "plan", camp, name, "--req", "timber", "--req", "a mason")
    assert made == (0, "#1 plan: plan Mend the mill: timber; a mason\n", "")
    assert run(capsys, "plan", camp, name, "--tick", "2")[1] == (
        "#2 plan: Mend the mill: ticked a mason\n"
    )
    state, _ = saved(camp)
    assert state.steading is not None
    assert [r.done for r in state.steading.plans[0].requirements] == [False, True]
    assert refused(capsys, camp, "plan", name, "--tick", "5") == (
        "Mend the mill has requirements 1 to 2, not 5"
    )
    assert refused(capsys, camp, "plan", "Palisade") == (
        "a new plan needs at least one --req TEXT (or --tick/--drop)"
    )
    assert run(capsys, "plan", camp, name, "--untick", "2")[1] == (
        "#3 plan: Mend the mill: unticked a mason\n"
    )
    assert run(capsys, "plan", camp, name, "--drop")[1] == "#4 plan: plan Mend the mill dropped\n"
    state, _ = saved(camp)
    assert state.steading is not None and state.steading.plans == ()


def test_undo_and_redo_say_which_event_and_refuse_with_nothing_there(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert refused(capsys, camp, "undo") == "nothing to undo"
    run(capsys, "set", camp, "Brannoc.hp", "7")
    assert run(capsys, "undo", camp) == (
        0,
        "#2 undo of event 1\n  undid: Brannoc: set: Brannoc.hp = 7\n",
        "",
    )
    assert saved(camp)[0].characters["Brannoc"].meters["hp"] == 10
    assert run(capsys, "redo", camp) == (
        0,
        "#3 redo of event 1\n  redid: Brannoc: set: Brannoc.hp = 7\n",
        "",
    )
    assert saved(camp)[0].characters["Brannoc"].meters["hp"] == 7
    assert refused(capsys, camp, "redo") == "nothing to redo"


def test_a_game_without_a_steading_or_xp_refuses_plans_and_levels(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(tmp_path / "data"))
    road = tmp_path / "road.toml"
    assert main(["new", str(road), "--ruleset", "hack", "--demo"]) == 0
    capsys.readouterr()
    assert refused(capsys, road, "plan", "Palisade", "--req", "wood") == (
        "plans belong to the steading, and this campaign has none"
    )
    assert refused(capsys, road, "level-up") == "Hack (2d6 + stat) has no XP to level up with"
