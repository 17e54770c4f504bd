"""Making a move (`core/verbs/session.py`): the stages each game module is asked at, in order;
the mover made the one looked at; refusals before any die is rolled; an optional roll not made
and said so; a move without a roll recorded with its text; the words a roll is recorded with
(the stat, the steading, the action line, a table's row and the move it offers next); the
action roll kept for a later burn; and, for any faces, one event whose deltas undo it exactly."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.deltas import apply
from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import History, LastRoll
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import HearthrollError, RuleError
from hearthroll.core.games import aboard, aftermath, assets, floor, harm, steading
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import session
from hearthroll.core.verbs.session import make_move
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HOUSE = CATALOG.ruleset("house")
HACK = CATALOG.ruleset("hack")
STARFORGED = CATALOG.ruleset("starforged")
MANEUVERS = CATALOG.ruleset("maneuvers")
ROAD = demo_campaign(HACK)  # Grusha looked at; Cog: Agile +1; Mira: Agile +2, a bow
FORGE = demo_campaign(STARFORGED)  # Kael: health 5, momentum +2


def test_the_effects_then_the_aftermath_are_asked_of_each_module_in_order() -> None:
    assert (harm.land, floor.land, steading.land) == session.EFFECTS
    assert (assets.land, aftermath.land, aboard.land) == session.AFTERMATH


def test_a_move_made_as_another_makes_them_the_one_looked_at_and_nothing_more() -> None:
    made = make_move(
        ROAD, HACK, "defy danger", TypedDice([3, 4]), actor="Cog", inputs={"stat": "agile"}
    )
    assert [d.path for d in made.event.deltas] == [("active",)]
    assert made.state.active == "Cog"
    event = made.event
    assert (event.rolled, event.modifiers, event.total, event.band, event.label) == (
        "Agile +1",
        ("+1: Agile",),
        8,
        "weak",
        "7–9",
    )


def test_refusals_come_before_any_die_is_rolled() -> None:
    dice = TypedDice([3, 4])
    with pytest.raises(RuleError, match=r"^Volley has no option 'dodge'; its options: "):
        make_move(ROAD, HACK, "volley", dice, actor="Mira", picks=["dodge"])
    with pytest.raises(RuleError, match=r"^Volley always rolls; drop --roll$"):
        make_move(ROAD, HACK, "volley", dice, actor="Mira", resist=True)
    assert dice.used == 0


def test_a_maneuver_takes_none_of_the_other_moves_modifiers() -> None:
    ford = demo_campaign(MANEUVERS)
    refusal = r"^Kick takes no --prep, --pick, --adv or --dis: its modifiers are its own$"
    with pytest.raises(RuleError, match=refusal):
        make_move(ford, MANEUVERS, "kick", TypedDice([10]), actor="Wren", picks=["x"])
    with pytest.raises(RuleError, match=refusal):
        make_move(ford, MANEUVERS, "kick", TypedDice([10]), actor="Wren", advantage=True)


def test_an_optional_roll_not_resisted_lands_its_harm_and_says_no_roll_was_made() -> None:
    made = make_move(FORGE, STARFORGED, "endure harm", TypedDice([]), actor="Kael", picks=["minor"])
    assert (made.event.dice, made.event.band, made.event.total) == ((), "", None)
    assert made.event.results == ("Health 5 → 4", "no roll: above 0 and not resisted")
    assert made.event.text == STARFORGED.move("starforged_endure_harm").text


def test_a_resisted_roll_reads_the_sheet_after_its_harm_and_is_kept_for_a_burn() -> None:
    made = make_move(
        FORGE, STARFORGED, "endure harm", TypedDice([4, 3, 9]), actor="Kael", picks=["minor"],
        resist=True,
    )  # fmt: skip
    assert made.event.rolled == "Health +4"
    assert made.event.line == "action die 4 + health 4 = 8  vs  3 · 9 → weak hit"
    assert made.state.last_roll == LastRoll(
        "Kael", "starforged_endure_harm", 4, (3, 9), 8, "weak", seq=1, momentum=2, picks=("minor",)
    )


def test_a_community_roll_names_the_steading_and_the_stat_it_rolled() -> None:
    village = demo_campaign(HOUSE)
    made = make_move(village, HOUSE, "muster", TypedDice([4, 3]), picks=["potential"])
    assert (made.event.rolled, made.event.steading) == ("Population 2", "Millbrook")
    assert (made.event.kept, made.event.dropped) == ((4,), (3,))


def test_a_move_without_a_roll_is_recorded_with_its_text_and_no_band() -> None:
    bolster = HOUSE.move("bolster")
    made = make_move(
        demo_campaign(HOUSE), HOUSE, "bolster", TypedDice([]), actor="Wren", picks=["week"]
    )
    assert (made.event.band, made.event.label, made.event.dice, made.event.total) == (
        "",
        "",
        (),
        None,
    )
    assert made.event.text == bolster.text
    assert made.event.results == ("Preparation 0 → 1",)


def test_a_table_roll_is_recorded_with_its_row_and_the_move_the_row_offers() -> None:
    reeling = make_move(FORGE, STARFORGED, "endure harm table", TypedDice([40]), actor="Kael")
    assert (reeling.event.label, reeling.event.line) == ("reeling", "d100 = 40 → reeling")
    assert reeling.event.follow == ("starforged_endure_harm_table",)
    assert reeling.event.results == ("next: Endure Harm table",)
    dying = make_move(FORGE, STARFORGED, "endure harm table", TypedDice([15]), actor="Kael")
    assert (dying.event.follow, dying.event.results) == ((), ())


@settings(max_examples=50, deadline=None)
@given(
    st.integers(1, 6),
    st.integers(1, 6),
    st.integers(1, 6),
    st.sampled_from(["exposed", "take_what_you_get"]),
)
def test_any_volley_is_one_event_whose_deltas_take_the_campaign_back(
    first: int, second: int, damage: int, pick: str
) -> None:
    picks = [pick] if 7 <= first + second + 2 <= 9 else []
    try:
        made: Outcome = make_move(
            ROAD, HACK, "volley", TypedDice([first, second]), actor="Mira", picks=picks,
            effect_dice=TypedDice([damage]),
        )  # fmt: skip
    except HearthrollError as refused:
        pytest.fail(f"a volley of {first}, {second} was refused: {refused}")
    assert (made.event.kind, made.event.seq, made.event.total) == ("move", 1, first + second + 2)
    assert made.state.history == History(events=1, undo=(1,))
    back = apply(made.state, made.event.deltas, forward=False)
    assert attrs.evolve(back, history=ROAD.history) == ROAD
