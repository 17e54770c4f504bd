"""Starforged readings 25-32: harm before the roll, momentum, impacts, assets, tracks."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign, History
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import HearthrollError, RuleError
from hearthroll.core.games import momentum, progress
from hearthroll.core.games.demo import new_campaign
from hearthroll.core.games.sheet import character_sheet
from hearthroll.core.rules.model import Ruleset
from hearthroll.core.verbs import edits, starforged
from hearthroll.core.verbs.picking import PicksNeeded
from hearthroll.core.verbs.session import make_move
from hearthroll.store.rulesets import load_catalog

SF = load_catalog(with_user=False).ruleset("starforged")


def kael(**meters: int) -> Campaign:
    """A starforged campaign with Kael, iron 2, these meters set."""
    state = edits.add_character(new_campaign(SF), SF, "Kael").state
    character = state.characters["Kael"]
    character = attrs.evolve(
        character,
        stats={**character.stats, "iron": 2},
        meters={**character.meters, **meters},
    )
    return attrs.evolve(state, characters={"Kael": character})


def move(state: Campaign, wanted: str, faces: tuple[int, ...] = (), **kw: object) -> Outcome:
    dice = TypedDice(faces)
    outcome = make_move(state, SF, wanted, dice, actor="Kael", **kw)  # type: ignore[arg-type]
    dice.finish()
    return outcome


def sheet(outcome: Outcome) -> dict[str, int]:
    return dict(outcome.state.characters["Kael"].meters)


def test_endure_harm_rolls_with_health_after_the_harm() -> None:
    # health 5 - 2 = 3; iron 2: the roll is +3 (health after), 3 + 3 = 6 against 7 and 7: a miss
    out = move(kael(), "endure harm", (3, 7, 7), picks=["serious", "momentum"], resist=True)
    assert out.event.band == "miss"
    assert out.event.line == "action die 3 + health 3 = 6  vs  7 · 7 → miss, a match"
    assert sheet(out)["health"] == 3


def test_harm_above_zero_without_resisting_makes_no_roll() -> None:
    out = move(kael(), "endure harm", (), picks=["serious"])
    assert out.event.dice == ()
    assert sheet(out)["health"] == 3
    assert "no roll" in out.event.results[-1]


def test_harm_to_zero_makes_the_roll_and_overflows_to_momentum() -> None:
    out = move(kael(health=1), "endure harm", (6, 1, 1), picks=["major", "embrace_the_pain"])
    assert sheet(out)["health"] == 0
    assert sheet(out)["momentum"] == 2 - 2 + 1  # 2 past 0 lost, then embrace the pain
    assert out.event.band == "strong"


def test_serious_harm_to_zero_then_a_miss_marks_wounded() -> None:
    out = move(kael(health=2), "endure harm", (1, 9, 9), picks=["serious", "momentum", "wounded"])
    after = out.state.characters["Kael"]
    assert "wounded" in after.conditions
    assert momentum.max_momentum(SF, after) == 9
    assert momentum.reset_of(SF, after) == 1


def test_supply_to_zero_marks_unprepared() -> None:
    out = move(kael(supply=2), "sacrifice resources", picks=["serious"])
    assert sheet(out)["supply"] == 0
    assert "unprepared" in out.state.characters["Kael"].conditions


def test_two_impacts_reset_zero() -> None:
    state = kael()
    character = attrs.evolve(state.characters["Kael"], conditions={"wounded": 0, "shaken": 0})
    assert momentum.max_momentum(SF, character) == 8
    assert momentum.reset_of(SF, character) == 0
    assert momentum.reset_of(SF, attrs.evolve(character, conditions={})) == 2


def test_the_sheet_names_each_impact_once_on_the_momentum_line() -> None:
    state = kael()
    marked = {"wounded": 0, "shaken": 0}
    character = attrs.evolve(state.characters["Kael"], conditions=marked)
    sections = {s.id: s for s in character_sheet(SF, character).sections}
    impacts = [line.text for line in sections["momentum"].lines if line.label == "impacts"]
    assert impacts == ["Wounded, Shaken"]
    assert sections["conditions"].lines == ()  # not said twice
    assert sections["conditions"].data == {"conditions": marked}  # the JSON keeps them


def test_impacts_cap_momentum_on_the_sheet() -> None:
    out = move(kael(momentum=10, supply=1), "sacrifice resources", picks=["minor"])
    after = out.state.characters["Kael"]
    assert after.meters["momentum"] == 9
    assert momentum.max_momentum(SF, after) == 9
    assert "momentum" not in after.maxima  # read from the impacts, never kept
    assert out.event.results[-1] == "Momentum 10 → 9 (max +9 with 1 impact: Unprepared)"


def with_companion(state: Campaign, top: int = 3) -> Campaign:
    return starforged.add_asset(state, SF, "companion", "Rook", top).state


def test_companion_destroyed_on_miss_with_match_at_zero() -> None:
    state = with_companion(kael())
    out = move(
        state, "companion takes a hit", (1, 4, 4), picks=["serious", "more_harm"], resist=True
    )
    assert out.event.match
    assert out.state.characters["Kael"].assets == ()
    back = edits.undo(out.state, out.event).state
    assert back.characters["Kael"].assets == state.characters["Kael"].assets


def test_companion_at_one_survives_a_miss_without_a_match() -> None:
    state = with_companion(kael())
    out = move(
        state, "companion takes a hit", (1, 4, 5), picks=["serious", "momentum"], resist=True
    )
    (rook,) = out.state.characters["Kael"].assets or ()
    assert rook.value == 1
    assert "out_of_action" not in rook.conditions
    assert "companion_health" not in out.state.characters["Kael"].meters


def test_companion_hit_needs_a_companion() -> None:
    with pytest.raises(HearthrollError, match="no companion"):
        move(kael(), "companion takes a hit", picks=["minor"])


def test_withstand_damage_reads_the_vehicle_type() -> None:
    state = starforged.add_asset(kael(), SF, "vehicle", "Petrel", 5, "support").state
    out = move(state, "withstand damage", (1, 9, 9), picks=["major", "momentum"], resist=True)
    (petrel,) = out.state.characters["Kael"].assets or ()
    assert petrel.value == 2
    out = move(out.state, "withstand damage", (1, 9, 8), picks=["serious", "momentum", "battered"])
    (petrel,) = out.state.characters["Kael"].assets or ()
    assert (petrel.value, "battered" in petrel.conditions) == (0, True)


def burn(out: Outcome, **kw: Any) -> Outcome:
    """Burn Kael's momentum on the roll `out` made (the log holds only that event)."""
    events = {out.event.seq: out.event}
    return starforged.burn(out.state, SF, "Kael", events.__getitem__, **kw)


def same_game(a: Campaign, b: Campaign) -> bool:
    return attrs.evolve(a, history=History()) == attrs.evolve(b, history=History())


def test_burn_turns_weak_into_strong() -> None:
    state = kael(momentum=7)
    out = make_move(
        state, SF, "endure harm", TypedDice((2, 3, 6)), actor="Kael", picks=["minor"], resist=True
    )
    assert out.event.band == "weak"  # 2 + health 4 = 6 against 3 and 6
    with pytest.raises(PicksNeeded, match="embrace_the_pain"):
        burn(out)  # a strong hit asks its pick
    burned = burn(out, picks=["embrace_the_pain"])
    assert (burned.event.kind, burned.event.band) == ("burn", "strong")
    assert "momentum +7 replaces the action score 6: weak hit → strong hit" in burned.event.results
    assert burned.event.line == "momentum 7  vs  3 · 6 → strong hit"
    assert burned.event.rolled == "Momentum +7"
    assert sheet(burned)["momentum"] == 2 + 1  # reset, then embrace the pain
    assert sheet(burned)["health"] == 4  # the harm stands
    assert same_game(edits.undo(burned.state, burned.event).state, out.state)


def test_burn_undoes_the_weak_hits_trade_and_spends_momentum_as_rolled() -> None:
    state = kael(momentum=7)
    out = move(state, "endure harm", (2, 3, 6), picks=["minor", "trade"], resist=True)
    assert (sheet(out)["momentum"], sheet(out)["health"]) == (6, 5)  # −1 momentum, +1 health
    preview = momentum.burn_preview(SF, out.state.characters["Kael"], out.state.last_roll)
    assert preview is not None and preview.momentum == 7  # momentum as the roll was made
    burned = burn(out, picks=["shake_it_off"])
    assert (sheet(burned)["momentum"], sheet(burned)["health"]) == (2, 5)  # trade undone
    assert burned.event.options == ("minor", "shake_it_off")
    assert same_game(edits.undo(burned.state, burned.event).state, out.state)


def test_burn_turns_a_miss_at_zero_strong_and_takes_back_wounded() -> None:
    # health 1 - 1 = 0 forces the roll: 1 + iron 2 = 3 against 5 and 6, a miss; Lose Momentum
    # (−2) and mark wounded. Burning 7 beats both: the miss's costs are reverted.
    state = kael(momentum=7, health=1)
    out = move(state, "endure harm", (1, 5, 6), picks=["minor", "momentum", "wounded"])
    assert "wounded" in out.state.characters["Kael"].conditions
    burned = burn(out, picks=["embrace_the_pain"])
    kael_after = burned.state.characters["Kael"]
    assert burned.event.band == "strong" and "wounded" not in kael_after.conditions
    assert (kael_after.meters["momentum"], kael_after.meters["health"]) == (3, 0)
    assert momentum.max_momentum(SF, kael_after) == 10
    assert same_game(edits.undo(burned.state, burned.event).state, out.state)


def test_burn_turns_a_miss_weak_and_the_weak_hit_may_take_nothing() -> None:
    out = move(
        kael(momentum=6), "endure harm", (1, 5, 8), picks=["minor", "more_harm"], resist=True
    )
    assert (out.event.band, sheet(out)["health"]) == ("miss", 3)  # 1 + 4 = 5 against 5 and 8
    burned = burn(out)
    assert (burned.event.band, sheet(burned)["health"], sheet(burned)["momentum"]) == (
        "weak",
        4,
        2,
    )


def played(state: Campaign, *steps: Any) -> tuple[Campaign, dict[int, Any]]:
    """Each step an outcome-making function of the state; the state after all, and the log."""
    log = {}
    for step in steps:
        out = step(state)
        state, log[out.event.seq] = out.state, out.event
    return state, log


def with_mara(state: Campaign) -> Campaign:
    return edits.add_character(state, SF, "Mara").state


def test_burn_stands_over_a_note_a_track_and_another_characters_moves() -> None:
    # Kael: 2 + health 4 = 6 against 3 and 6, a weak hit; then a note, a vow, Mara's supply
    # lost and Mara's own action roll: none of them touches Kael's sheet, so the burn stands
    state, log = played(
        with_mara(kael(momentum=7)),
        lambda s: move(s, "endure harm", (2, 3, 6), picks=["minor"], resist=True),
        lambda s: edits.note(s, "the hull groans"),
        lambda s: starforged.new_track(s, "Beacon", "dangerous"),
        lambda s: make_move(
            s, SF, "sacrifice resources", TypedDice(()), actor="Mara", picks=["minor"]
        ),
        lambda s: make_move(
            s, SF, "endure harm", TypedDice((1, 9, 9)), actor="Mara", picks=["minor", "momentum"],
            resist=True,
        ),
    )  # fmt: skip
    assert state.last_roll is not None and state.last_roll.actor == "Mara"
    burned = starforged.burn(state, SF, "Kael", log.__getitem__, picks=["embrace_the_pain"])
    assert (burned.event.kind, burned.event.band) == ("burn", "strong")
    assert "momentum +7 replaces the action score 6: weak hit → strong hit" in burned.event.results
    kael_after, mara_after = burned.state.characters["Kael"], burned.state.characters["Mara"]
    assert (kael_after.meters["momentum"], kael_after.meters["health"]) == (3, 4)
    assert mara_after == state.characters["Mara"]  # Mara's moves stand as they were
    assert [t.name for t in burned.state.tracks or ()] == ["Beacon"]
    assert burned.state.last_roll == state.last_roll  # Mara's roll is still the last one
    assert {d.path[:2] for d in burned.event.deltas} == {("characters", "Kael")}
    back = edits.undo(burned.state, burned.event)
    assert same_game(back.state, state)
    again = edits.redo(back.state, burned.event)
    assert same_game(again.state, burned.state)


def test_burn_stands_over_a_note_and_marks_the_roll_burned() -> None:
    state, log = played(
        kael(momentum=7),
        lambda s: move(s, "endure harm", (2, 3, 6), picks=["minor"], resist=True),
        lambda s: edits.note(s, "the hull groans"),
    )
    burned = starforged.burn(state, SF, "Kael", log.__getitem__, picks=["embrace_the_pain"])
    assert burned.state.last_roll is not None and burned.state.last_roll.burned
    log[burned.event.seq] = burned.event
    with pytest.raises(RuleError, match="burned on this roll already"):
        starforged.burn(burned.state, SF, "Kael", log.__getitem__, picks=["embrace_the_pain"])


def test_burn_is_refused_when_a_later_event_changed_the_characters_sheet() -> None:
    state, log = played(
        kael(momentum=7),
        lambda s: move(s, "endure harm", (2, 3, 6), picks=["minor"], resist=True),
        lambda s: edits.note(s, "the hull groans"),
        lambda s: move(s, "sacrifice resources", picks=["minor"]),
    )
    with pytest.raises(RuleError) as refused:
        starforged.burn(state, SF, "Kael", log.__getitem__, picks=["embrace_the_pain"])
    assert str(refused.value) == (
        "Kael cannot burn momentum: Kael's Sacrifice Resources (event 4) came after Kael's "
        "roll (event 2) and changed their sheet (undo it first)"
    )


def test_burn_is_refused_after_an_undone_roll() -> None:
    state, log = played(
        kael(momentum=7),
        lambda s: move(s, "endure harm", (2, 3, 6), picks=["minor"], resist=True),
    )
    undone = edits.undo(state, log[min(log)]).state
    with pytest.raises(RuleError, match="no action roll"):
        starforged.burn(undone, SF, "Kael", log.__getitem__, picks=["embrace_the_pain"])


def test_burn_is_refused_with_its_reason() -> None:
    state = kael(momentum=5)
    out = make_move(
        state, SF, "endure harm", TypedDice((1, 3, 6)), actor="Kael", picks=["minor"], resist=True
    )
    assert out.event.band == "weak"  # 1 + 4 = 5 against 3 and 6
    with pytest.raises(RuleError, match="momentum \\+5 is not above the action score 5"):
        burn(out)


def test_burn_needs_an_action_roll() -> None:
    with pytest.raises(RuleError, match="no action roll"):
        starforged.burn(kael(), SF, "Kael", {}.__getitem__)


def test_formidable_vow_marks_one_box() -> None:
    state = starforged.new_track(kael(), "Find the beacon", "formidable").state
    marked = starforged.mark_track(state, "find the beacon").state
    (vow,) = marked.tracks or ()
    assert (vow.ticks, progress.boxes(vow)) == (4, 1)


@pytest.mark.parametrize(
    ("rank", "ticks"),
    [("troublesome", 12), ("dangerous", 8), ("formidable", 4), ("extreme", 2), ("epic", 1)],
)
def test_marks_by_rank_and_never_past_ten_boxes(rank: str, ticks: int) -> None:
    track = progress.new_track("t", rank)
    assert progress.mark(track).ticks == ticks
    assert progress.mark(track, 50).ticks == 40
    assert progress.clear(progress.mark(track)).ticks == 0


def test_a_mark_on_a_full_track_or_a_clear_on_an_empty_one_is_refused_not_recorded() -> None:
    state = starforged.new_track(kael(), "Beacon", "epic").state
    with pytest.raises(RuleError, match=r"Beacon has no progress to clear \(0 ticks\)"):
        starforged.clear_track(state, "Beacon")
    full = starforged.mark_track(state, "Beacon", 40).state
    with pytest.raises(RuleError, match=r"Beacon is full \(10/10 boxes\): make its progress roll"):
        starforged.mark_track(full, "Beacon")
    assert starforged.clear_track(full, "Beacon").state.tracks[0].ticks == 39  # type: ignore[index]


def test_progress_roll_counts_boxes_and_no_momentum() -> None:
    state = starforged.new_track(kael(momentum=10), "Beacon", "dangerous").state
    state = starforged.mark_track(state, "Beacon", 2).state  # 4 boxes
    out = starforged.roll_track(state, "Beacon", TypedDice((3, 4)))
    assert (out.event.total, out.event.band) == (4, "weak")
    assert out.event.line == "progress 4  vs  3 · 4 → weak hit"
    assert out.event.results == ("Beacon: progress 4  vs  3 · 4 → weak hit",)  # the log names it


def at_minus_six(tracks: int = 1) -> Campaign:
    state = kael(momentum=-6)
    for name in ("Beacon", "Oath")[:tracks]:
        state = starforged.new_track(state, name, "dangerous").state
        state = starforged.mark_track(state, name, 2).state
    return state


def test_overflow_at_minus_six_is_a_choice() -> None:
    state = at_minus_six()
    assert sheet(move(state, "endure harm", (), picks=["major"]))["health"] == 2  # no overflow
    with pytest.raises(RuleError, match="Momentum is at −6"):
        move(state, "lose momentum", (), picks=["serious"])
    out = move(state, "lose momentum", (), picks=["serious", "lose_progress"])
    (beacon,) = out.state.tracks or ()
    assert beacon.ticks == 16 - 8
    assert any("Beacon (dangerous vow): cleared 2 boxes" in w for w in out.event.results)


def test_harm_overflowing_at_minus_six_is_never_dropped() -> None:
    state = at_minus_six()
    with pytest.raises(RuleError, match="Momentum is at −6 and 2 more is lost"):
        move(state, "endure harm", (1, 9, 9), picks=["major", "momentum"], resist=True)
    out = move(
        kael(momentum=-6, health=1),
        "endure harm",
        (1, 9, 9),
        picks=["serious", "momentum", "wounded", "other_move"],
    )
    assert "apply it through a different suffer move" in " ".join(out.event.results)


def test_clearing_progress_names_the_track_when_there_are_several() -> None:
    state = at_minus_six(tracks=2)
    with pytest.raises(RuleError, match="name the track"):
        move(state, "lose momentum", picks=["minor", "lose_progress"])
    out = move(state, "lose momentum", picks=["minor", "lose_progress"], track="oath")
    assert [t.ticks for t in out.state.tracks or ()] == [16, 8]


def test_a_track_with_nothing_to_clear_is_not_offered_and_is_refused_by_name() -> None:
    state = starforged.new_track(at_minus_six(), "Oath", "dangerous").state  # 0 ticks
    with pytest.raises(RuleError, match=r"Oath has no progress to clear \(0 ticks\)"):
        move(state, "lose momentum", picks=["minor", "lose_progress"], track="oath")
    out = move(state, "lose momentum", picks=["minor", "lose_progress"])  # Beacon, the only one
    assert [t.ticks for t in out.state.tracks or ()] == [8, 0]
    two = starforged.mark_track(state, "Oath").state
    with pytest.raises(progress.TrackNeeded) as asked:
        move(starforged.new_track(two, "Empty", "epic").state, "lose momentum",
             picks=["minor", "lose_progress"])  # fmt: skip
    assert [name for name, _ in asked.value.tracks] == ["Beacon", "Oath"]


def test_losing_progress_is_not_offered_when_no_track_has_any() -> None:
    from hearthroll.core.games.floor import FloorChoiceNeeded

    state = starforged.new_track(kael(momentum=-6), "Oath", "dangerous").state  # 0 ticks
    with pytest.raises(FloorChoiceNeeded) as asked:
        move(state, "lose momentum", picks=["minor"])
    assert [o.id for lst in asked.value.lists for o in lst.items] == ["other_move"]
    with pytest.raises(
        RuleError, match="no option 'lose_progress' to pick here; options: other_move"
    ):
        move(state, "lose momentum", picks=["minor", "lose_progress"])
    assert state.tracks is not None and state.tracks[0].ticks == 0


def test_a_table_row_naming_a_missing_move_is_shown_as_words() -> None:
    out = move(kael(health=0), "endure harm table", (7,))
    assert out.event.text == "Mortal harm. Face Death."
    assert out.event.follow == ("Face Death",)
    assert "next: Face Death (the GM plays it)" in out.event.results


def test_a_table_row_naming_a_move_offers_it_with_its_harm() -> None:
    out = move(kael(), "withstand damage table", (90,))
    assert out.event.follow == ("starforged_sacrifice_resources:serious",)
    assert "next: Sacrifice Resources, serious (Serious: −2 supply)" in out.event.results


def test_the_harm_table_from_a_miss_shows_its_row_words() -> None:
    out = move(
        kael(health=1),
        "endure harm",
        (1, 9, 9),
        picks=["minor", "more_harm", "table"],
        effect_dice=TypedDice((5,)),
    )
    assert any(w.endswith("Mortal harm. Face Death.") for w in out.event.results)
    assert out.event.follow == ("Face Death",)


def test_asset_limits() -> None:
    with pytest.raises(RuleError, match="companion's maximum is 2 to 5"):
        starforged.add_asset(kael(), SF, "companion", "Rook", 6)
    with pytest.raises(RuleError, match="vehicle's type"):
        starforged.add_asset(kael(), SF, "vehicle", "Petrel", 5)


def test_other_rulesets_keep_no_starforged_fields() -> None:
    ruleset: Ruleset = load_catalog(with_user=False).ruleset("house")
    state = edits.add_character(new_campaign(ruleset), ruleset, "Wren").state
    assert state.tracks is None and state.last_roll is None
    assert state.characters["Wren"].assets is None


def test_resisting_is_not_asked_when_the_harm_forces_the_roll() -> None:
    state = with_companion(kael())
    assert starforged.resist_odds(state, SF, "companion takes a hit", picks=["major"]) is None
    odds = starforged.resist_odds(state, SF, "companion takes a hit", picks=["minor"])
    assert odds is not None and odds.band("strong") > 0


def test_the_roll_names_the_stat_it_used() -> None:
    # health 3 - 1 = 2 ties iron 2: the roll takes health (first of the choice), and says so
    out = move(
        kael(health=3), "endure harm", (3, 1, 1), picks=["minor", "embrace_the_pain"], resist=True
    )
    assert out.event.rolled == "Health +2"
    assert out.event.line.startswith("action die 3 + health 2 = 5")
    # health 2 - 2 = 0 is below iron 2: the roll takes iron, the label after the harm
    out = move(kael(health=2), "endure harm", (3, 1, 1), picks=["serious", "embrace_the_pain"])
    assert out.event.rolled == "Iron +2"
    assert out.event.line.startswith("action die 3 + iron 2 = 5")


def test_a_score_over_10_says_it_is_capped() -> None:
    state = kael()
    strong = attrs.evolve(
        state.characters["Kael"], stats={**state.characters["Kael"].stats, "iron": 5}
    )
    state = attrs.evolve(state, characters={"Kael": strong})
    # minor harm: health 5 - 1 = 4 is below iron 5; 6 + 5 = 11, capped at 10, beats 9 and 9
    out = move(state, "endure harm", (6, 9, 9), picks=["minor", "embrace_the_pain"], resist=True)
    assert (
        out.event.line
        == "action die 6 + iron 5 = 11, capped at 10  vs  9 · 9 → strong hit, a match"
    )


@pytest.mark.parametrize("edge", ["advantage", "disadvantage"])
def test_an_action_roll_takes_no_advantage(edge: str) -> None:
    with pytest.raises(RuleError, match="Endure Harm takes no --adv or --dis: an action roll"):
        move(kael(), "endure harm", (6, 2, 3), picks=["minor"], resist=True, **{edge: True})


def test_no_roll_names_no_stat() -> None:
    out = move(kael(), "endure harm", (), picks=["minor"])
    assert out.event.rolled == ""


def test_more_harm_to_zero_after_a_resist_asks_what_zero_health_costs() -> None:
    # health 2 - 1 = 1, resisted: a miss; "−1 health more" takes health to 0, so the choice of
    # 0 health (wounded, permanently harmed or the table) is required too (reading 26)
    state = kael(health=2)
    with pytest.raises(PicksNeeded, match="Mark wounded") as needed:
        move(state, "endure harm", (1, 9, 9), picks=["minor", "more_harm"], resist=True)
    assert [o.id for o in needed.value.lists[0].items] == ["wounded", "permanently_harmed", "table"]
    out = move(
        state, "endure harm", (1, 9, 9), picks=["minor", "more_harm", "wounded"], resist=True
    )
    after = out.state.characters["Kael"]
    assert (after.meters["health"], "wounded" in after.conditions) == (0, True)
    # Lose Momentum (−2) instead leaves health at 1: no such choice, and none may be picked
    out = move(state, "endure harm", (1, 9, 9), picks=["minor", "momentum"], resist=True)
    assert out.state.characters["Kael"].meters["health"] == 1
    with pytest.raises(RuleError, match="no option 'wounded'"):
        move(state, "endure harm", (1, 9, 9), picks=["minor", "momentum", "wounded"], resist=True)


def damaged_vehicle(kind: str) -> Outcome:
    """Petrel (this type) at 2 integrity takes serious damage: 0, so the roll is made: a miss,
    then the cost by type: the table, whose d100 shows 5 (destroyed at once)."""
    state = starforged.add_asset(kael(), SF, "vehicle", "Petrel", 5, kind).state
    state = move(state, "withstand damage", (), picks=["major"]).state  # 5 - 3 = 2
    return move(
        state,
        "withstand damage",
        (1, 9, 9),
        picks=["serious", "momentum", "table"],
        effect_dice=TypedDice((5,)),
    )


def test_a_support_vehicle_destroyed_on_the_table_is_discarded() -> None:
    out = damaged_vehicle("support")
    assert out.state.characters["Kael"].assets == ()
    assert any("Petrel is gone" in w for w in out.event.results)
    back = edits.undo(out.state, out.event).state
    (petrel,) = back.characters["Kael"].assets or ()
    assert petrel.value == 2


def test_a_command_vehicle_destroyed_on_the_table_stays_for_the_gm() -> None:
    out = damaged_vehicle("command")
    (petrel,) = out.state.characters["Kael"].assets or ()
    assert petrel.value == 0 and "vehicle_destroyed" not in petrel.conditions


def test_a_loss_of_resources_while_unprepared_offers_another_suffer_move() -> None:
    first = move(kael(supply=1), "sacrifice resources", picks=["minor"])
    assert "unprepared" in first.state.characters["Kael"].conditions
    assert first.event.follow == ()  # unprepared only now: this loss was the supply's
    again = move(first.state, "sacrifice resources", picks=["serious"])
    assert "starforged_endure_harm" in again.event.follow
    (offered,) = [r for r in again.event.results if r.startswith("next")]
    assert offered.startswith("next: one of Endure Harm, ")  # more than three: one line


SUFFER_MOVES = {m.id for m in SF.moves if "suffer" in m.tags}


def test_another_suffer_move_at_minus_six_is_offered_next() -> None:
    out = move(kael(momentum=-6), "lose momentum", picks=["serious", "other_move"])
    assert out.event.follow == (
        "starforged_endure_harm",
        "starforged_endure_stress",
        "starforged_companion_takes_a_hit",
        "starforged_withstand_damage",
        "starforged_sacrifice_resources",
    )
    assert set(out.event.follow) == SUFFER_MOVES - {"starforged_lose_momentum"}


def test_a_loss_of_resources_while_unprepared_offers_every_other_suffer_move() -> None:
    unprepared = move(kael(supply=1), "sacrifice resources", picks=["minor"]).state
    out = move(unprepared, "sacrifice resources", picks=["serious"])
    assert set(out.event.follow) == SUFFER_MOVES - {"starforged_sacrifice_resources"}
    assert out.event.results[-1] == (
        "next: one of Endure Harm, Endure Stress, Companion Takes a Hit, Withstand Damage "
        "or Lose Momentum"
    )


def test_companion_takes_a_hit_names_the_companion_in_its_roll() -> None:
    # serious harm: Rook 3 → 1; the roll is +1 (Rook's health after the harm): 3 + 1 = 4 vs 2, 9
    out = move(
        with_companion(kael()),
        "companion takes a hit",
        (3, 2, 9),
        picks=["serious"],
        resist=True,
    )
    assert out.event.rolled == "Rook's health +1"
    assert out.event.line == "action die 3 + Rook's health 1 = 4  vs  2 · 9 → weak hit"
    assert "+1: Rook's health" in out.event.modifiers
    assert "Rook's health 3 → 1" in out.event.results
    assert not any("Companion health" in w for w in out.event.results)


def test_withstand_damage_names_the_vehicle_in_its_roll() -> None:
    state = starforged.add_asset(kael(), SF, "vehicle", "Petrel", 5, "command").state
    out = move(state, "withstand damage", (6, 2, 9), picks=["serious"], resist=True)
    assert out.event.rolled == "Petrel's integrity +3"
    assert "Petrel's integrity 5 → 3" in out.event.results


def test_a_rough_ride_offers_each_suffer_move_it_names_with_serious_harm() -> None:
    from hearthroll.core.verbs.offers import Offer, next_move

    state = with_companion(kael())
    out = move(state, "withstand damage table", (80,))
    assert out.event.follow == (
        "starforged_endure_harm:serious",
        "starforged_endure_stress:serious",
        "starforged_companion_takes_a_hit:serious",
    )
    assert "next: Endure Stress, serious (Serious: −2 spirit)" in out.event.results
    with pytest.raises(RuleError) as refused:
        next_move([out.event], SF, state=out.state)
    assert (
        "several moves are offered next: Kael: Endure Harm, serious; Kael: Endure Stress, "
        "serious; Rook: Companion Takes a Hit, serious"
    ) in str(refused.value)
    assert next_move([out.event], SF, which="endure stress", state=out.state) == (
        Offer("starforged_endure_stress", "serious", "Kael"),
        ["serious"],
    )
    offer, picks = next_move([out.event], SF, which="Companion Takes a Hit", state=out.state)
    assert (offer.actor, offer.asset) == ("Kael", "Rook")
    hit = move(out.state, offer.move, picks=picks, asset=offer.asset)
    (rook,) = hit.state.characters["Kael"].assets or ()
    assert rook.value == 1
    with pytest.raises(RuleError, match="'sacrifice resources' is not offered next"):
        next_move([out.event], SF, which="sacrifice resources", state=out.state)


def aboard_the_petrel() -> Outcome:
    """Kael with Rook and Mara, on a rough ride."""
    return move(with_mara(with_companion(kael())), "withstand damage table", (80,))


def made_by(state: Campaign, who: str, wanted: str, **kw: Any) -> Outcome:
    return make_move(state, SF, wanted, TypedDice(()), actor=who, picks=["serious"], **kw)


def test_a_rough_ride_is_offered_to_everyone_aboard_until_each_has_paid() -> None:
    from hearthroll.core.verbs.offers import offer_words, offered_next

    ride = aboard_the_petrel()
    events = [ride.event]

    def offers(state: Campaign) -> list[str]:
        return [offer_words(o, SF) for o in offered_next(events, SF, state)]

    assert offers(ride.state) == [
        "Kael: Endure Harm, serious", "Kael: Endure Stress, serious",
        "Mara: Endure Harm, serious", "Mara: Endure Stress, serious",
        "Rook: Companion Takes a Hit, serious",
    ]  # fmt: skip
    kael_paid = made_by(ride.state, "Kael", "endure stress")
    events.append(kael_paid.event)
    assert "aboard, still to pay their part: Mara, Rook" in kael_paid.event.results
    assert offers(kael_paid.state) == [
        "Mara: Endure Harm, serious", "Mara: Endure Stress, serious",
        "Rook: Companion Takes a Hit, serious",
    ]  # fmt: skip
    rook_paid = made_by(kael_paid.state, "Kael", "companion takes a hit", asset="Rook")
    events.append(rook_paid.event)
    assert offers(rook_paid.state) == ["Mara: Endure Harm, serious", "Mara: Endure Stress, serious"]
    mara_paid = made_by(rook_paid.state, "Mara", "endure harm")
    events.append(mara_paid.event)
    assert "everyone aboard has paid their part" in mara_paid.event.results
    assert offers(mara_paid.state) == [] and mara_paid.state.aboard is None


def test_the_gm_lets_the_rest_aboard_off_and_undo_brings_the_offer_back() -> None:
    from hearthroll.core.verbs.offers import let_off, offered_next

    ride = aboard_the_petrel()
    kael_paid = made_by(ride.state, "Kael", "endure harm")
    off = let_off(kael_paid.state)
    assert off.event.results == ("the rest aboard owe nothing more: Mara, Rook",)
    assert off.state.aboard is None
    assert offered_next([ride.event, kael_paid.event, off.event], SF, off.state) == ()
    back = edits.undo(off.state, off.event)
    assert back.state.aboard == kael_paid.state.aboard
    with pytest.raises(RuleError, match="nobody aboard owes a move"):
        let_off(off.state)


def test_a_rough_ride_rolled_by_withstand_damage_is_owed_as_well() -> None:
    state = starforged.add_asset(with_companion(kael()), SF, "vehicle", "Petrel", 5, "support")
    state = move(state.state, "withstand damage", (), picks=["major"], asset="Petrel").state
    out = move(
        state,
        "withstand damage",
        (1, 9, 9),
        picks=["serious", "momentum", "table"],
        effect_dice=TypedDice((80,)),
        asset="Petrel",
    )
    assert out.state.aboard is not None and out.state.aboard.owing == ("Kael", "Kael.Rook")


def test_destruction_sends_every_character_aboard_to_endure_harm() -> None:
    from hearthroll.core.verbs.offers import offer_words, offered_next

    out = move(with_mara(with_companion(kael())), "withstand damage table", (5,))
    assert out.event.follow == ("starforged_endure_harm", "Face Death")
    said = [offer_words(o, SF) for o in offered_next([out.event], SF, out.state)]
    assert said == ["Kael: Endure Harm", "Mara: Endure Harm"]  # a companion endures no harm


def test_destruction_offers_endure_harm_and_names_face_death_as_words() -> None:
    out = move(kael(), "withstand damage table", (15,))
    assert out.event.follow == ("starforged_endure_harm", "Face Death")
    assert "next: Face Death (the GM plays it)" in out.event.results


def test_the_tray_says_a_picked_option_once_on_its_picked_line() -> None:
    from hearthroll.tui.views import roll_view

    out = move(at_minus_six(), "lose momentum", (), picks=["serious", "lose_progress"])
    said = next(r for r in out.event.results if r.startswith("Say how it undoes progress"))
    view = roll_view(out.event, SF)
    assert said in view.picked
    assert said not in view.results  # the picked line already says it
    assert any("cleared 2 boxes" in r for r in view.results)
    assert said in out.event.results  # the log and the shell keep every result
