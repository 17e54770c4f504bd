"""Tonight's recap: the last session (it ends after 4 hours without an event), per character
their rolls and what changed, the steading's rolls and changes, the GM's notes; the command
line prints it and the app's W writes it beside the campaign."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import attrs
from hypothesis import given
from hypothesis import strategies as st

from cli_run import run_cli
from hearthroll.core.campaign.events import Event
from hearthroll.core.campaign.recap import (
    build_recap,
    last_session,
    markdown_recap,
    split_sessions,
    text_recap,
)
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import edits
from hearthroll.core.verbs.session import make_move
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from test_tui_helpers import demo, settle, shown

CATALOG = load_catalog()
HOUSE = CATALOG.ruleset("house")


def at(event: Event, when: str) -> Event:
    return attrs.evolve(event, at=when)


def test_a_session_ends_after_four_hours_without_an_event() -> None:
    events = [
        at(Event("note", seq=1), "2026-11-24T19:00:00+00:00"),
        at(Event("note", seq=2), "2026-11-24T22:30:00+00:00"),
        at(Event("note", seq=3), "2026-12-01T19:00:00+00:00"),
        at(Event("note", seq=4), "2026-12-01T22:59:00+00:00"),
        Event("note", seq=5),  # not yet stamped: tonight's
    ]
    assert [e.seq for e in last_session(events)] == [3, 4, 5]
    assert [e.seq for e in last_session(events[:2])] == [1, 2]  # 3.5 h apart: one evening
    assert last_session([]) == []


@given(st.lists(st.one_of(st.none(), st.integers(0, 10)), max_size=30))
def test_the_sessions_cut_forward_end_with_the_last_session(hours: list[int | None]) -> None:
    """Each event comes some hours after the one before (None: not yet stamped)."""
    start = datetime(2026, 11, 1, tzinfo=UTC)
    events, clock = [], start
    for seq, step in enumerate(hours, 1):
        if step is not None:
            clock += timedelta(hours=step)
        events.append(at(Event("note", seq=seq), clock.isoformat() if step is not None else ""))
    sessions = list(split_sessions(events))
    assert [e for s in sessions for e in s] == events
    assert (sessions[-1] if sessions else []) == last_session(events)


def test_the_text_and_the_markdown_draw_one_recap() -> None:
    events = played()
    recap = build_recap("Millbrook", events, HOUSE, "Millbrook")
    (session,) = recap.sessions
    markdown = markdown_recap("Millbrook", events, HOUSE, "Millbrook")
    text = text_recap("Millbrook", events, HOUSE, "Millbrook")
    assert [p.heading for p in session.parts] == ["Brannoc", "Wren", "Millbrook", "The GM's notes"]
    for part in session.parts:
        assert f"### {part.heading}\n" in markdown and f"\n{part.heading}\n" in text
        for row in part.rows:
            assert row in markdown and row in text
    assert text.startswith("Millbrook: recap\n================\n")
    assert "#" not in text and "- " not in text


def played() -> list[Event]:
    state = demo_campaign(HOUSE)
    events = []
    steps = [
        lambda s: make_move(s, HOUSE, "clash", TypedDice([4, 3]), actor="Brannoc"),
        lambda s: make_move(
            s, HOUSE, "muster", TypedDice([4, 6]), picks=["defenses", "everyone_pitches_in"]
        ),
        lambda s: edits.set_field(s, HOUSE, "Wren.hp", "-2"),
        lambda s: edits.note(s, "The bridge burns"),
        lambda s: edits.set_field(s, HOUSE, "steading.season", "winter"),
    ]
    for step in steps:
        outcome = step(state)
        state = outcome.state
        events.append(outcome.event)
    return events


def test_the_recap_speaks_per_character_and_for_the_steading() -> None:
    events = played()
    recap = markdown_recap("Millbrook", events, HOUSE, "Millbrook")
    brannoc = recap.index("## Brannoc")
    wren = recap.index("## Wren")
    steading = recap.index("## Millbrook")
    assert "Clash 🎲 4 → Success, no 6" in recap[brannoc:wren]
    assert "Changed: HP 10 → 8." in recap[wren:steading]
    assert "Muster (Population 2) 🎲 4 6 (kept 6) → 6 (10+)" in recap[steading:]
    assert "Everyone pitches in" in recap and "everyone_pitches_in" not in recap
    assert "season spring → winter" in recap[steading:]
    assert "_The bridge burns_" in recap


def test_log_markdown_last_session_prints_tonight_s_recap(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    with CampaignStore.create(path, demo_campaign(HOUSE), CATALOG) as store:
        week_ago = edits.note(store.state, "last week")
        store.commit(attrs.evolve(week_ago, event=at(week_ago.event, "2026-01-01T19:00:00+00:00")))
        store.commit(edits.note(store.state, "tonight"))
    result = run_cli("log", "camp.toml", "--markdown", "--last-session", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "_tonight_" in result.stdout and "last week" not in result.stdout
    every = run_cli("log", "camp.toml", "--markdown", cwd=tmp_path)
    assert "last week" in every.stdout


async def test_w_writes_the_recap_beside_the_campaign(tmp_path: Path) -> None:
    app = demo(tmp_path / "data", faces=[4, 3])
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("slash", "c", "l", "a", "s", "h", "enter")
        await settle(pilot, app)
        for _ in range(40):
            if "✓ saved" in shown(app, "#status"):
                break
            await pilot.pause(0.05)
        await pilot.press("W")
        for _ in range(100):
            await pilot.pause(0.05)
            if "recap" in shown(app, "#status"):
                break
        assert "W: recap → demo-recap-" in shown(app, "#status")
        assert app.live is not None
        (written,) = app.live.path.parent.glob("demo-recap-*.md")
        assert "Clash" in written.read_text(encoding="utf-8")
