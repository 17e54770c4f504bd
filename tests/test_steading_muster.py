"""Muster (homefront moves, reading 13): one muster holds at a time; a Muster made while it holds
joins it, and when it ends (Seasons Change, or the GM clears Mustered) all it gave goes with it.
Pinned through the session verbs on the demo table with typed dice, and once through the CLI."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from hearthroll.cli import main
from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign, Steading
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import edits
from hearthroll.core.verbs.session import make_move
from hearthroll.store.rulesets import load_catalog

HOUSE = load_catalog(with_user=False).ruleset("house")


@pytest.fixture
def table() -> Campaign:
    """The demo table: Millbrook, a village in spring with Fortunes +1, Population 2 and
    Defenses 1, no muster."""
    return demo_campaign(HOUSE)


def move(state: Campaign, wanted: str, faces: Sequence[int], **options: Any) -> Outcome:
    """Make a move with typed faces, and check every face typed was rolled."""
    dice = TypedDice(faces)
    outcome = make_move(state, HOUSE, wanted, dice, **options)
    dice.finish()
    return outcome


def village(state: Campaign) -> Steading:
    assert state.steading is not None
    return state.steading


def said(outcome: Outcome, words: str) -> bool:
    """True when one of the event's results says `words`."""
    return any(words.lower() in line.lower() for line in outcome.event.results)


def first_muster(table: Campaign) -> Campaign:
    """A 6 on Population: Defenses +1 and everyone pitches in (no Fortunes lost)."""
    return move(table, "muster", [6, 2], picks=["defenses", "everyone_pitches_in"]).state


def test_second_muster_then_seasons_change_takes_back_defenses(table: Campaign) -> None:
    mustered = first_muster(table)
    assert village(mustered).stats["defenses"] == 2
    again = move(mustered, "muster", [4, 3], picks=["holds_without_you"]).state
    assert village(again).stats["defenses"] == 2
    season = move(again, "seasons_change", [5, 2])
    steading = village(season.state)
    assert steading.season == "summer"
    assert "mustered" not in steading.flags and steading.muster == ()
    assert steading.stats["defenses"] == 1  # the first muster's Defenses +1 goes with it
    assert said(season, "the muster ends: Defenses +2 → +1")


def test_second_muster_while_one_holds_joins_it(table: Campaign) -> None:
    again = move(first_muster(table), "muster", [4, 3], picks=["holds_without_you"])
    steading = village(again.state)
    assert "mustered" in steading.flags
    assert steading.muster == ("defenses", "everyone_pitches_in", "holds_without_you")
    assert steading.stats["fortunes"] == 0  # the second muster pays its own Fortunes


def test_second_defenses_pick_while_the_muster_holds_gives_no_more(table: Campaign) -> None:
    again = move(first_muster(table), "muster", [5, 3], picks=["defenses"])
    steading = village(again.state)
    assert steading.stats["defenses"] == 2  # one muster, one Defenses +1
    assert steading.muster == ("defenses", "everyone_pitches_in")
    assert said(again, "the muster gives its Defenses +1 once: Defenses +3 → +2")
    assert not [d for d in again.event.deltas if d.path[-1:] == ("defenses",)]
    season = move(again.state, "seasons_change", [5, 2]).state
    assert village(season).stats["defenses"] == 1


def test_a_muster_that_fails_while_one_holds_leaves_it_standing(table: Campaign) -> None:
    mustered = first_muster(table)
    failed = move(mustered, "muster", [2, 3]).state
    steading = village(failed)
    assert "mustered" in steading.flags and steading.muster == village(mustered).muster
    assert steading.stats["defenses"] == 2
    assert village(move(failed, "seasons_change", [5, 2]).state).stats["defenses"] == 1


def test_clearing_mustered_by_hand_ends_the_muster_and_its_defenses(table: Campaign) -> None:
    ended = edits.set_field(first_muster(table), HOUSE, "steading.mustered", "no")
    steading = village(ended.state)
    assert "mustered" not in steading.flags and steading.muster == ()
    assert steading.stats["defenses"] == 1
    assert said(ended, "the muster ends: Defenses +2 → +1")
    assert village(edits.undo(ended.state, ended.event).state) == village(first_muster(table))


def test_setting_the_season_by_hand_leaves_the_muster_standing(table: Campaign) -> None:
    mustered = first_muster(table)
    corrected = edits.set_field(mustered, HOUSE, "steading.season", "summer").state
    steading = village(corrected)
    assert "mustered" in steading.flags and steading.muster == village(mustered).muster
    assert steading.stats["defenses"] == 2


def test_seasons_change_without_a_muster_says_nothing_of_one(table: Campaign) -> None:
    season = move(table, "seasons_change", [5])  # Fortunes +1: one die
    assert not said(season, "muster") and not said(season, "mustered")
    assert village(season.state).stats["defenses"] == 1


def test_undo_takes_each_muster_and_the_season_back_exactly(table: Campaign) -> None:
    states = [table]
    events = []
    for wanted, faces, picks in (
        ("muster", [6, 2], ["defenses", "everyone_pitches_in"]),
        ("muster", [5, 3], ["defenses"]),
        ("muster", [4, 3], ["holds_without_you"]),
        ("seasons_change", [5, 2], []),
    ):
        outcome = move(states[-1], wanted, faces, picks=picks)
        states.append(outcome.state)
        events.append(outcome.event)
    state = states[-1]
    for before, event in zip(reversed(states[:-1]), reversed(events), strict=True):
        state = edits.undo(state, event).state
        assert village(state) == village(before)
    for after, event in zip(states[1:], events, strict=True):
        state = edits.redo(state, event).state
        assert village(state) == village(after)


# --- the command line, as the GM types it ------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """`hearthroll ARGS…` in this process; it must succeed. What it printed."""
    code = main(list(args))
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def test_cli_second_muster_then_seasons_change_takes_back_defenses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(tmp_path / "data"))
    camp = str(tmp_path / "camp.toml")
    run(capsys, "new", camp, "--demo")
    muster = ["move", camp, "muster"]
    run(capsys, *muster, "--dice", "6,2", "--pick", "defenses", "--pick", "everyone_pitches_in")
    run(capsys, *muster, "--dice", "4,3", "--pick", "holds_without_you")
    held = json.loads(run(capsys, "state", camp, "--json"))["steading"]
    assert held["defenses"] == 2 and "mustered" in held["flags"]
    assert "the muster ends" in run(capsys, "move", camp, "seasons change", "--dice", "5,2")
    steading = json.loads(run(capsys, "state", camp, "--json"))["steading"]
    assert steading["defenses"] == 1 and "mustered" not in steading["flags"]
    run(capsys, "undo", camp)
    undone = json.loads(run(capsys, "state", camp, "--json"))["steading"]
    assert undone == held
