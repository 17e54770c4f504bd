"""`hearthroll state` into a pipe: written as plain text without rich, exactly as rich prints it."""

from __future__ import annotations

import contextlib
import io

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from hearthroll.cli import sheets
from hearthroll.core.campaign.state import Campaign, Plan, PoolState, Requirement, TurnState
from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HOUSE = CATALOG.ruleset("house")


def printed(campaign: Campaign, ruleset_id: str) -> tuple[str, str]:
    """What `print_state` writes to a pipe, and what rich prints for the same campaign."""
    ruleset = CATALOG.ruleset(ruleset_id)
    plain = io.StringIO()
    with contextlib.redirect_stdout(plain):
        sheets.print_state(campaign, ruleset)
    rich = io.StringIO()
    sheets._print_rich(campaign, ruleset, Console(file=rich))
    return plain.getvalue(), rich.getvalue()


@pytest.fixture(autouse=True)
def _width(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    for name in sheets._RICH_ENVIRONMENT:
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize("ruleset", [r.id for r in CATALOG.rulesets])
def test_every_rulesets_demo_prints_plain_exactly_as_rich(ruleset: str) -> None:
    campaign = demo_campaign(CATALOG.ruleset(ruleset))
    lines = sheets.state_lines(campaign, CATALOG.ruleset(ruleset))
    assert sheets._plain_is_exact(lines, io.StringIO())  # the plain path is the one taken
    plain, rich = printed(campaign, ruleset)
    assert plain == rich


names = st.text(st.characters(exclude_categories=("Cs",)), max_size=50)


@settings(deadline=None, max_examples=200)
@given(names, names, names, st.integers(0, 9), st.booleans())
def test_any_names_print_as_rich_prints_them(
    title: str, steading: str, plan: str, faces: int, turn: bool
) -> None:
    base = demo_campaign(HOUSE)
    assert base.steading is not None
    actor = next(iter(base.characters))
    campaign = attrs.evolve(
        base,
        name=title,
        steading=attrs.evolve(
            base.steading, name=steading, plans=(Plan(plan, (Requirement("a", True),)),)
        ),
        turn=TurnState(actor, 2, "open", PoolState((1,) * faces, (1,) * faces))
        if turn
        else TurnState(),
    )
    plain, rich = printed(campaign, "house")
    assert plain == rich


def test_a_starforged_state_shows_each_track_on_a_line_as_the_tracks_pane_does() -> None:
    starforged = CATALOG.ruleset("starforged")
    campaign = demo_campaign(starforged)
    lines = [line.text for line in sheets.state_lines(campaign, starforged)]
    at = lines.index("tracks")
    assert lines[at + 1 : at + 3] == [
        "  Find the lost beacon · formidable vow · ■□□□□□□□□□ 1/10 · 4 ticks",
        "  Avenge the Ironhold · dangerous vow · ■■□□□□□□□□ 2/10 · 8 ticks",
    ]
    plain, rich = printed(campaign, "starforged")
    assert plain == rich
    none = attrs.evolve(campaign, tracks=())
    assert "tracks: none yet (track FILE new NAME --rank R)" in printed(none, "starforged")[0]


@pytest.mark.parametrize("ruleset", ["house", "hack", "maneuvers"])
def test_a_game_without_progress_tracks_has_no_tracks_line(ruleset: str) -> None:
    plain, _ = printed(demo_campaign(CATALOG.ruleset(ruleset)), ruleset)
    assert not any(line.startswith("tracks") for line in plain.splitlines())


names_with_ticks = st.tuples(names, st.integers(0, 40))


@settings(deadline=None, max_examples=100)
@given(st.lists(names_with_ticks, max_size=3))
def test_any_track_names_print_as_rich_prints_them(tracks: list[tuple[str, int]]) -> None:
    from hearthroll.core.campaign.state import Track

    starforged = CATALOG.ruleset("starforged")
    campaign = attrs.evolve(
        demo_campaign(starforged),
        tracks=tuple(Track(name=n, rank="epic", kind="vow", ticks=t) for n, t in tracks),
    )
    plain, rich = printed(campaign, "starforged")
    assert plain == rich
