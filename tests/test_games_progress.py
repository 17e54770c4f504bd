"""Progress tracks (`core/games/progress.py`, reading 30): ten boxes of four ticks, one unit of
progress by rank, the boxes drawn tick by tick, a progress roll of full boxes against two d10,
tracks found by name or a unique part of it, and a move's progress effect on the track named."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.state import Track
from hearthroll.core.dice.mechanics import MATCH
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import NotFound, RuleError
from hearthroll.core.games import progress
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.rules.effects import Effect
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
STARFORGED = CATALOG.ruleset("starforged")
HACK = CATALOG.ruleset("hack")
FORGE = demo_campaign(STARFORGED)  # Find the lost beacon (formidable, 4), Avenge the Ironhold (8)
MARK = Effect(kind="progress", mode="mark")
CLEAR = Effect(kind="progress", mode="clear")


def test_a_game_of_action_rolls_keeps_tracks_and_another_only_once_it_has_some() -> None:
    assert progress.keeps_tracks(attrs.evolve(FORGE, tracks=None), STARFORGED)
    road = demo_campaign(HACK)
    assert not progress.keeps_tracks(road, HACK)
    assert progress.keeps_tracks(attrs.evolve(road, tracks=()), HACK)


def test_a_new_track_is_named_ranked_and_of_a_known_kind() -> None:
    assert progress.new_track("  Find the beacon ", "epic", "expedition") == Track(
        "Find the beacon", "epic", "expedition", 0
    )
    with pytest.raises(RuleError, match=r"^a track needs a name$"):
        progress.new_track(" ", "epic")
    with pytest.raises(RuleError) as rank:
        progress.new_track("Beacon", "hard")
    assert str(rank.value) == (
        "a rank is one of troublesome, dangerous, formidable, extreme, epic, not 'hard'"
    )
    with pytest.raises(RuleError) as kind:
        progress.new_track("Beacon", "epic", "quest")
    assert str(kind.value) == (
        "a track's kind is one of vow, expedition, connection, combat, not 'quest'"
    )
    with pytest.raises(RuleError, match=r"^progress is marked 1 or more times, not 0$"):
        progress.mark(Track("Beacon", "epic"), 0)


@pytest.mark.parametrize(
    ("rank", "words"),
    [
        ("troublesome", "3 boxes"),
        ("dangerous", "2 boxes"),
        ("formidable", "1 box"),
        ("extreme", "2 ticks"),
        ("epic", "1 tick"),
    ],
)
def test_a_unit_of_progress_is_said_in_boxes_or_ticks(rank: str, words: str) -> None:
    assert progress.unit(Track("Beacon", rank)) == words


def test_a_track_is_drawn_box_by_box_with_its_ticks() -> None:
    beacon = Track("Find the beacon", "formidable", "vow", 6)
    assert progress.show(beacon) == "■▥□□□□□□□□"
    assert progress.show(Track("a", "epic", ticks=39)) == "■■■■■■■■■▦"
    assert progress.line(beacon) == "Find the beacon · formidable vow · ■▥□□□□□□□□ 1/10 · 6 ticks"
    assert progress.line(Track("Oath", "epic", "connection", 1)) == (
        "Oath · epic connection · ▤□□□□□□□□□ 0/10 · 1 tick"
    )


def test_a_progress_roll_counts_full_boxes_and_a_tie_goes_to_the_challenge() -> None:
    vow = Track("Beacon", "epic", ticks=19)  # 4 full boxes
    doubles = progress.progress_roll(TypedDice([3, 3]), vow)
    assert (doubles.faces, doubles.total, doubles.band) == ((3, 3), 4, "strong")
    assert doubles.has(MATCH)
    tie = progress.progress_roll(TypedDice([4, 2]), vow)
    assert (tie.band, tie.flags) == ("weak", frozenset())
    assert progress.progress_roll(TypedDice([4, 9]), vow).band == "miss"


def test_a_track_is_found_by_its_name_or_one_part_only_it_holds() -> None:
    tracks = (
        Track("Find the beacon", "formidable"),
        Track("Avenge the Ironhold", "dangerous"),
        Track("Beacon keeper", "epic"),
    )
    assert progress.find_track(tracks, " FIND THE BEACON ") is tracks[0]
    assert progress.find_track(tracks, "ironhold") is tracks[1]
    with pytest.raises(NotFound) as several:
        progress.find_track(tracks, "beacon")
    assert str(several.value) == (
        "no track 'beacon' (the tracks: Find the beacon, Avenge the Ironhold, Beacon keeper)"
    )
    with pytest.raises(NotFound, match=r"\(the tracks: none yet\)$"):
        progress.find_track((), "beacon")


def test_clearing_progress_is_offered_only_while_some_track_has_some() -> None:
    lose = STARFORGED.move("starforged_lose_momentum").options[0]
    assert progress.offered(lose, FORGE) is lose
    empty = attrs.evolve(FORGE, tracks=tuple(attrs.evolve(t, ticks=0) for t in FORGE.tracks or ()))
    assert progress.clearable(empty) == ()
    kept = progress.offered(lose, empty)
    assert ([o.id for o in kept.items], kept.pick) == (["other_move"], 1)


def test_a_move_s_progress_effect_lands_on_the_track_named_and_says_so() -> None:
    state, words = progress.apply_effect(FORGE, CLEAR, "avenge")
    assert [t.ticks for t in state.tracks or ()] == [4, 0]
    assert words == ["Avenge the Ironhold (dangerous vow): cleared 2 boxes, ticks 8 → 0"]
    state, words = progress.apply_effect(state, MARK, "Avenge the Ironhold")
    assert words == ["Avenge the Ironhold (dangerous vow): marked 2 boxes, ticks 0 → 8"]


def test_clearing_with_several_tracks_open_asks_which_and_with_none_refuses() -> None:
    with pytest.raises(progress.TrackNeeded) as asked:
        progress.apply_effect(FORGE, CLEAR, None)
    assert str(asked.value) == (
        "name the track whose progress is cleared (--track): "
        "Find the lost beacon, Avenge the Ironhold"
    )
    assert asked.value.tracks == (
        ("Find the lost beacon", "Find the lost beacon (formidable vow): −1 box"),
        ("Avenge the Ironhold", "Avenge the Ironhold (dangerous vow): −2 boxes"),
    )
    with pytest.raises(RuleError) as none:
        progress.apply_effect(attrs.evolve(FORGE, tracks=None), CLEAR, None)
    assert str(none.value) == "there is no progress track to clear: add one (track FILE new NAME)"
    assert none.value.at_table == (
        "there is no progress track to clear: T adds one (new NAME / RANK)"
    )


@settings(deadline=None)
@given(
    st.sampled_from(list(progress.RANKS)),
    st.lists(st.one_of(st.integers(1, 20), st.just(0)), max_size=20),
)
def test_marks_and_clears_keep_a_track_s_ticks_within_ten_boxes(
    rank: str, steps: list[int]
) -> None:
    """0 in `steps` clears a unit; any other number marks that many units."""
    track = progress.new_track("Vow", rank)
    for step in steps:
        track = progress.mark(track, step) if step else progress.clear(track)
        assert 0 <= track.ticks <= progress.FULL
        assert progress.boxes(track) == track.ticks // 4 <= progress.BOXES
        assert len(progress.show(track)) == progress.BOXES
        assert (progress.clear_refusal(track) is None) == (track.ticks > 0)
