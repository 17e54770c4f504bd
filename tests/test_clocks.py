"""Clocks in every game: 4, 6, 8 or 10 segments, advanced by hand or rolled to advance (Ask the
Oracle at the GM's odds: a yes fills one), emptied or struck; a full clock says so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cli_run import run_cli
from hearthroll.core.campaign.deltas import apply
from hearthroll.core.campaign.events import UNDOABLE, summary
from hearthroll.core.campaign.recap import session_recap
from hearthroll.core.campaign.state import Campaign, Clock
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import RuleError
from hearthroll.core.games import bounds, clocks
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import clocks as clock_verbs
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
GAMES = ("house", "hack", "starforged", "maneuvers")


def _with_clock(game: str, segments: int = 6, kind: str = "tension") -> Campaign:
    state = demo_campaign(CATALOG.ruleset(game))
    return clock_verbs.new_clock(state, "Raiders strike", segments, kind).state


@pytest.mark.parametrize("game", GAMES)
def test_every_game_keeps_clocks(game: str) -> None:
    state = demo_campaign(CATALOG.ruleset(game))
    assert state.clocks is None  # absent until the first clock
    outcome = clock_verbs.new_clock(state, "Raiders strike", 6)
    assert outcome.state.clocks == (Clock("Raiders strike", 6),)
    assert summary(outcome.event) == "clock: new clock: Raiders strike (tension) ▱▱▱▱▱▱ 0/6"
    assert bounds.problems(outcome.state, CATALOG.ruleset(game)) == []


@pytest.mark.parametrize("segments", [0, 3, 5, 12])
def test_a_clock_has_4_6_8_or_10_segments(segments: int) -> None:
    with pytest.raises(RuleError, match="4, 6, 8, 10 segments"):
        clocks.new_clock("Storm", segments)


def test_a_second_clock_of_the_same_name_is_refused() -> None:
    with pytest.raises(RuleError, match="already"):
        clock_verbs.new_clock(_with_clock("house"), "raiders STRIKE", 4)


def test_advancing_fills_segments_and_a_full_clock_says_so_and_advances_no_more() -> None:
    state = _with_clock("hack", 4)
    state = clock_verbs.advance_clock(state, "raiders strike", 2).state
    outcome = clock_verbs.advance_clock(state, "Raiders strike", 3)
    assert outcome.state.clocks == (Clock("Raiders strike", 4, filled=4),)
    assert outcome.event.results == (
        "Raiders strike: ▰▰▱▱ 2/4 → ▰▰▰▰ 4/4; the clock is full: Raiders strike comes to pass",
    )
    with pytest.raises(RuleError, match="full"):
        clock_verbs.advance_clock(outcome.state, "Raiders strike")


def test_rolling_to_advance_asks_the_oracle_and_a_yes_fills_one() -> None:
    state = _with_clock("starforged", 6, "campaign")
    yes = clock_verbs.roll_clock(state, "Raiders strike", "likely", TypedDice([75]))
    assert yes.state.clocks == (Clock("Raiders strike", 6, "campaign", 1),)
    assert yes.event.dice == (75,)
    no = clock_verbs.roll_clock(state, "Raiders strike", "likely", TypedDice([76]))
    assert no.state.clocks == state.clocks
    assert no.event.results[-1] == "Raiders strike holds at ▱▱▱▱▱▱ 0/6"
    assert clock_verbs.roll_clock(state, "Raiders strike", "50/50", TypedDice([44])).event.match


def test_clearing_empties_and_striking_removes_and_an_unknown_clock_is_named() -> None:
    state = clock_verbs.advance_clock(_with_clock("maneuvers"), "Raiders strike").state
    cleared = clock_verbs.clear_clock(state, "Raiders strike").state
    assert cleared.clocks == (Clock("Raiders strike", 6),)
    with pytest.raises(RuleError, match="empty"):
        clock_verbs.clear_clock(cleared, "Raiders strike")
    assert clock_verbs.drop_clock(cleared, "Raiders strike").state.clocks is None
    with pytest.raises(RuleError, match="no clock named 'Storm' \\(clocks: Raiders strike\\)"):
        clock_verbs.advance_clock(cleared, "Storm")


def test_a_clock_event_is_undone_and_told_in_the_recap() -> None:
    assert "clock" in UNDOABLE
    before = _with_clock("house")
    outcome = clock_verbs.advance_clock(before, "Raiders strike", 2)
    undone = apply(outcome.state, outcome.event.deltas, forward=False)
    assert undone.clocks == before.clocks
    session = session_recap([outcome.event], CATALOG.ruleset("house"), "")
    assert session.parts[-1].changed == ("Raiders strike 0/6 → 2/6",)


@given(st.sampled_from(clocks.SEGMENTS), st.lists(st.integers(1, 12), max_size=8))
def test_a_clock_never_fills_past_its_segments(segments: int, steps: list[int]) -> None:
    clock = clocks.new_clock("Doom", segments)
    for step in steps:
        if clocks.full(clock):
            assert clocks.advance_refusal(clock) is not None
            break
        clock = clocks.advance(clock, step)
        assert 0 < clock.filled <= segments
        assert clocks.problems(clock) == []


def test_the_shell_keeps_a_clock_in_the_campaign_file(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    assert run_cli("new", str(path), "--ruleset", "maneuvers", "--demo").returncode == 0
    steps = [
        ("new", "Raiders strike", "--segments", "4", "--kind", "campaign"),
        ("advance", "raiders strike", "--times", "2"),
        ("roll", "Raiders strike", "--odds", "likely", "--dice", "00"),  # 100: no, a match
        ("roll", "Raiders strike", "--odds", "small chance", "--dice", "10"),
    ]
    said = []
    for step in steps:
        done = run_cli("clock", str(path), *step)
        assert done.returncode == 0, done.stderr
        said.append(done.stdout)
    assert "d100 = 100 → no, a match" in said[2]
    assert "▰▰▰▱ 3/4" in said[3]
    listed = run_cli("clock", str(path), "list", "--json")
    assert json.loads(listed.stdout) == {
        "clocks": [{"name": "Raiders strike", "segments": 4, "kind": "campaign", "filled": 3}]
    }
    refused = run_cli("clock", str(path), "new", "Storm", "--segments", "5")
    assert refused.returncode != 0 and "4, 6, 8, 10 segments" in refused.stderr
    assert "Traceback" not in refused.stderr


def test_a_hand_edited_clock_out_of_bounds_is_refused_with_its_place(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    assert run_cli("new", str(path), "--ruleset", "hack", "--demo").returncode == 0
    assert run_cli("clock", str(path), "new", "Storm", "--segments", "6").returncode == 0
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("filled = 0", "filled = 9"), encoding="utf-8")
    checked = run_cli("check", str(path))
    assert checked.returncode != 0
    assert "filled is 0 to 6, not 9" in checked.stdout + checked.stderr
