"""The recap's "Changed:" line: each field once, from its value when the session began to its
value when it ended (a hold, a meter, XP, a mark, the steading's stats alike); a field back where
it started is left out, however it moved in between."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import attrs

from cli_run import run_cli
from hearthroll.core.campaign.deltas import Delta
from hearthroll.core.campaign.events import Event, Outcome
from hearthroll.core.campaign.recap import build_recap, recap_sessions, session_recap
from hearthroll.core.campaign.state import Campaign, LastRoll
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import edits
from hearthroll.core.verbs.pool import stop
from hearthroll.core.verbs.session import make_move
from hearthroll.store.rulesets import load_catalog

HOUSE = load_catalog(with_user=False).ruleset("house")
Step = Callable[[Campaign], Outcome]


def play(steps: list[Step], state: Campaign | None = None) -> tuple[Campaign, list[Event]]:
    """The steps played in turn from `state` (the house demo): the state after, and the events."""
    state = demo_campaign(HOUSE) if state is None else state
    events = []
    for step in steps:
        outcome = step(state)
        state = outcome.state
        events.append(attrs.evolve(outcome.event, seq=len(events) + 1))
    return state, events


def changed(events: list[Event], owner: str) -> tuple[str, ...]:
    """The Changed entries of `owner`'s part of the session's recap (none: no such part)."""
    session = session_recap(events, HOUSE, "Millbrook")
    return next((p.changed for p in session.parts if p.heading == owner), ())


def defend(state: Campaign) -> Outcome:  # a 6: hold 3 Readiness
    return make_move(state, HOUSE, "defend", TypedDice([6]), actor="Brannoc")


def end_turn(state: Campaign) -> Outcome:
    return stop(state, HOUSE)


def spend_one(state: Campaign) -> Outcome:
    return edits.hold(state, HOUSE, "readiness", -1, actor="Brannoc", picks=["halve"])


def clash(state: Campaign) -> Outcome:  # going on the offense loses all Readiness
    return make_move(state, HOUSE, "clash", TypedDice([4, 5]), actor="Brannoc")


def test_changed_line_leaves_out_a_hold_back_where_it_started() -> None:
    """Readiness 0 → 3 (Defend), 3 → 2 (spent), 2 → 0 (Clash): 0 at the start, 0 at the end."""
    _, events = play([defend, end_turn, spend_one, clash, end_turn])
    assert not any("Readiness" in said for said in changed(events, "Brannoc"))


def test_changed_line_gives_a_hold_from_session_start_to_end() -> None:
    _, events = play([defend, end_turn, spend_one])
    assert changed(events, "Brannoc") == ("Readiness 0 → 2",)


def test_a_hold_carried_into_the_session_is_given_from_what_it_was_then() -> None:
    """Readiness 3 held from last week, one spent and the rest lost tonight: 3 → 0."""
    state, _ = play([defend, end_turn])
    _, events = play([spend_one, clash, end_turn], state)
    assert changed(events, "Brannoc") == ("Readiness 3 → 0",)


def test_each_session_of_the_log_gives_its_own_start_and_end() -> None:
    state, last_week = play([defend, end_turn])
    _, tonight = play([spend_one, clash, end_turn], state)
    dated = [attrs.evolve(e, at="2026-11-24T19:00:00+00:00") for e in last_week]
    dated += [
        attrs.evolve(e, seq=len(dated) + n, at="2026-12-01T19:00:00+00:00")
        for n, e in enumerate(tonight, 1)
    ]
    week, night = build_recap("Millbrook", dated, HOUSE, "Millbrook", undone=set()).sessions
    assert week.parts[0].changed == ("Readiness 0 → 3",)
    assert night.parts[0].changed == ("Readiness 3 → 0",)


def test_every_field_of_the_line_runs_from_session_start_to_end() -> None:
    """A meter, XP and the steading's stats follow the one rule the holds follow."""
    steps: list[Step] = [
        defend,
        end_turn,
        lambda s: edits.set_field(s, HOUSE, "Wren.hp", "-3"),
        lambda s: edits.set_field(s, HOUSE, "Wren.hp", "+3"),  # back where it started
        lambda s: edits.set_field(s, HOUSE, "Brannoc.xp", "+1"),
        lambda s: edits.set_field(s, HOUSE, "Brannoc.xp", "+2"),
        lambda s: edits.set_field(s, HOUSE, "steading.fortunes", "-1"),
        lambda s: edits.set_field(s, HOUSE, "steading.fortunes", "-1"),
        spend_one,
    ]
    _, events = play(steps)
    assert changed(events, "Brannoc") == ("Readiness 0 → 2", "xp 3 → 6")
    assert changed(events, "Wren") == ()
    assert changed(events, "Millbrook") == ("Fortunes 1 → -1",)


def test_a_mark_cleared_by_the_session_s_end_is_left_out() -> None:
    """Stunned for 2 rounds, ticked down to 1, then cleared: none at the start, none at the end."""
    path = ("characters", "Wren", "conditions")
    events = [
        Event("set", seq=1, actor="Wren", deltas=(Delta(path, {}, {"stunned": 2}),)),
        Event("round", seq=2, deltas=(Delta((*path, "stunned"), 2, 1),)),
        Event("round", seq=3, deltas=(Delta(path, {"stunned": 1}, {}),)),
    ]
    assert changed(events, "Wren") == ()
    assert changed(events[:2], "Wren") == ("stunned 1 round marked",)


def test_a_character_who_joins_is_told_in_their_own_part_not_elsewhere() -> None:
    _, events = play(
        [
            lambda s: edits.add_character(s, HOUSE, "Kell", "human"),
            lambda s: edits.set_field(s, HOUSE, "Kell.xp", "+2"),
        ]
    )
    session = session_recap(events, HOUSE, "Millbrook")
    assert [p.heading for p in session.parts] == ["Kell"]
    assert changed(events, "Kell") == ("xp 0 → 2",)


def test_the_streamed_recap_gives_the_same_start_and_end() -> None:
    """Undated events after the session's newest dated one are taken in at its end."""
    _, events = play([defend, end_turn, spend_one, clash, end_turn])
    dated = [attrs.evolve(e, at="2026-12-01T19:00:00+00:00") for e in events[:2]] + events[2:]
    (streamed,) = recap_sessions(iter(dated), HOUSE, "Millbrook", undone=set())
    assert streamed == session_recap(dated, HOUSE, "Millbrook")
    assert not any("Readiness" in said for p in streamed.parts for said in p.changed)


def test_log_last_session_leaves_out_readiness_spent_and_lost(tmp_path: Path) -> None:
    assert run_cli("new", "camp.toml", "--demo", cwd=tmp_path).returncode == 0
    for args in (
        ("move", "camp.toml", "defend", "--as", "Brannoc", "--dice", "6"),
        ("stop", "camp.toml"),
        ("hold", "camp.toml", "readiness", "-1", "--as", "Brannoc", "--pick", "halve"),
        ("move", "camp.toml", "clash", "--as", "Brannoc", "--dice", "4", "--effect-dice", "5"),
    ):
        done = run_cli(*args, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    recap = run_cli("log", "camp.toml", "--markdown", "--last-session", cwd=tmp_path).stdout
    assert "Readiness 2 → 0" in recap  # the Clash's own row says it
    assert "Changed:" not in recap


def test_the_last_roll_kept_for_burning_momentum_is_no_part_of_the_line() -> None:
    roll = LastRoll("Kael", "endure_harm", 2, (3, 6), 6, "weak")
    events = [
        Event("move", seq=1, actor="Kael", deltas=(Delta(("last_roll",), None, roll),)),
        Event(
            "burn", seq=2, actor="Kael", deltas=(Delta(("last_roll", "band"), "weak", "strong"),)
        ),
    ]
    assert [p.heading for p in session_recap(events, HOUSE).parts] == ["Kael"]
    assert changed(events, "Kael") == ()
