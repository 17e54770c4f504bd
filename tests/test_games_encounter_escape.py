"""Getting out of a fight (`core/games/encounter/escape.py`, readings 38 and 39): flee and break
off at d20 + 2 × (own Dexterity − the foe's) ≥ 11, a natural 20 always out and a natural 1
read by its total; no way out and held refuse; the breaking point at most three-quarters of
health, and who a blow leaves below it."""

from __future__ import annotations

import attrs
import pytest

from hearthroll.core.campaign.state import Campaign, Character, Foe
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import RuleError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.games.encounter.escape import (
    breaks,
    escape_refusal,
    flee_move,
    newly_breaking,
    set_breaking_point,
    set_no_way_out,
)
from hearthroll.core.games.encounter.foes import put_foe
from hearthroll.core.games.encounter.maneuvers import Made, make_maneuver
from hearthroll.store.rulesets import load_catalog

MANEUVERS = load_catalog(with_user=False).ruleset("maneuvers")
FORD = demo_campaign(MANEUVERS)  # the Bandit (Dex 12) attacks Brannoc, the Ogre (Dex 8) Wren
FOES = FORD.encounter.foes if FORD.encounter else {}
FLEE = MANEUVERS.move("maneuvers_flee")
BREAK_OFF = MANEUVERS.move("maneuvers_break_off")


def escape(who: str, foe: Foe, face: int, *, move: str = "maneuvers_flee") -> Made:
    state = put_foe(FORD, foe)
    return make_maneuver(
        state,
        MANEUVERS,
        MANEUVERS.move(move),
        state.characters[who],
        foe,
        TypedDice([face]),
        TypedDice([]),
    )


@pytest.mark.parametrize(("face", "band"), [(15, "hit"), (14, "fail")])
def test_flee_needs_a_total_of_eleven(face: int, band: str) -> None:
    made = escape("Isolde", FOES["Bandit"], face)  # Dex 10 against 12: −4
    assert (made.band, made.total) == (band, face - 4)
    assert made.modifiers == ("−4 2 × Dex under theirs (10 vs 12)",)


def test_a_natural_one_is_read_by_its_total() -> None:
    made = escape("Wren", FOES["Ogre"], 1)  # Dex 16 against 8: +16
    assert (made.band, made.total) == ("hit", 17)
    assert made.words == ("Wren is out of the fight", "Ogre stops attacking Wren")
    assert made.state.encounter is not None
    assert made.state.encounter.fled == ("Wren",)
    assert made.state.encounter.foes["Ogre"].attacking is None


def test_a_natural_twenty_always_gets_out() -> None:
    wraith = Foe("Wraith", stats={"str": 10, "dex": 20}, meters={"health": 9}, attacking="Isolde")
    made = escape("Isolde", wraith, 20)  # Dex 10 against 20: −20
    assert (made.band, made.total) == ("hit", 0)
    assert made.state.encounter is not None
    assert made.state.encounter.fled == ("Isolde",)


def test_a_failed_flee_costs_the_turn_and_nothing_else() -> None:
    made = escape("Isolde", FOES["Bandit"], 14)
    assert made.words == ()
    assert made.state.encounter is not None
    assert made.state.encounter.fled == ()
    assert made.state.encounter.acted == {"Isolde": "maneuvers_flee"}


def test_breaking_off_stays_and_the_foe_turns_on_the_next_one_fighting() -> None:
    made = escape("Brannoc", FOES["Bandit"], 11, move="maneuvers_break_off")  # Dex 12 vs 12
    assert (made.band, made.total) == ("hit", 11)
    assert made.words == ("Bandit turns on Isolde",)
    assert made.state.encounter is not None
    assert made.state.encounter.fled == ()
    assert made.state.encounter.foes["Bandit"].attacking == "Isolde"
    missed = escape("Brannoc", FOES["Bandit"], 10, move="maneuvers_break_off")
    assert missed.band == "fail"
    assert missed.state.encounter is not None
    assert missed.state.encounter.foes["Bandit"].attacking == "Brannoc"


def test_breaking_off_with_no_one_else_fighting_stops_the_foe() -> None:
    alone = attrs.evolve(FORD, characters={"Wren": FORD.characters["Wren"]})
    made = make_maneuver(
        alone,
        MANEUVERS,
        BREAK_OFF,
        alone.characters["Wren"],
        FOES["Ogre"],
        TypedDice([1]),
        TypedDice([]),
    )
    assert made.words == ("Ogre stops fighting",)


def test_no_way_out_or_being_held_refuses_an_escape() -> None:
    wren = FORD.characters["Wren"]
    shut, words = set_no_way_out(FORD, True)
    assert words == ["no way out: no one can flee or break off"]
    assert escape_refusal(shut, FLEE, wren) == "there is no way out: Wren cannot flee"
    held = attrs.evolve(wren, conditions={"held": 0})
    assert escape_refusal(FORD, BREAK_OFF, held) == "Wren is held where they stand: no Break Off"
    assert escape_refusal(FORD, FLEE, wren) is None
    assert escape_refusal(shut, MANEUVERS.move("maneuvers_kick"), wren) is None


def test_the_way_out_is_marked_once_and_only_in_an_encounter() -> None:
    shut, _ = set_no_way_out(FORD, True)
    with pytest.raises(RuleError, match=r"^the encounter has no way out already$"):
        set_no_way_out(shut, True)
    opened, words = set_no_way_out(shut, False)
    assert words == ["a way out opens"]
    assert opened.encounter is not None
    assert opened.encounter.no_way_out is False
    with pytest.raises(RuleError, match=r"^there is no encounter: add a foe first"):
        set_no_way_out(attrs.evolve(FORD, encounter=None), True)


def test_the_move_a_breaking_point_makes_is_flee() -> None:
    assert flee_move(MANEUVERS) == FLEE


def test_a_breaking_point_is_at_most_three_quarters_of_health() -> None:
    wren = FORD.characters["Wren"]  # health 30
    assert set_breaking_point(MANEUVERS, wren, 22).breaking_point == 22
    with pytest.raises(RuleError) as refused:
        set_breaking_point(MANEUVERS, wren, 23)
    assert str(refused.value) == (
        "Wren's breaking point is 0 to 22 (three-quarters of 30 health), not 23"
    )
    cleared = set_breaking_point(MANEUVERS, attrs.evolve(wren, breaking_point=10), None)
    assert cleared.breaking_point is None


def at_health(state: Campaign, who: str, health: int, point: int | None = 12) -> Campaign:
    sheet: Character = state.characters[who]
    sheet = attrs.evolve(sheet, meters={**sheet.meters, "health": health}, breaking_point=point)
    return attrs.evolve(state, characters={**state.characters, who: sheet})


def test_below_the_breaking_point_the_character_breaks() -> None:
    assert breaks(at_health(FORD, "Wren", 11).characters["Wren"])
    assert not breaks(at_health(FORD, "Wren", 12).characters["Wren"])
    assert not breaks(at_health(FORD, "Wren", 0, None).characters["Wren"])


def test_every_blow_below_the_point_calls_for_flight_and_healing_does_not() -> None:
    above = at_health(FORD, "Wren", 14)
    below = at_health(FORD, "Wren", 10)
    lower = at_health(FORD, "Wren", 8)
    assert newly_breaking(above, below) == ["Wren"]
    assert newly_breaking(below, lower) == ["Wren"]
    assert newly_breaking(lower, below) == []
    assert newly_breaking(below, below) == []


def test_the_foe_broken_off_from_turns_on_whom_the_gm_names() -> None:
    from hearthroll.core.games.encounter.escape import turn_choices, turn_named

    assert turn_choices(FORD, "Wren") == ("Brannoc", "Isolde")
    assert turn_named(FORD, "Wren", "isolde") == "Isolde"
    with pytest.raises(RuleError, match=r"still in the fight \(Brannoc, Isolde\), not Wren"):
        turn_named(FORD, "Wren", "Wren")
    state = put_foe(FORD, FOES["Ogre"])
    made = make_maneuver(
        state, MANEUVERS, BREAK_OFF, state.characters["Wren"], FOES["Ogre"],
        TypedDice([15]), TypedDice([]), "Isolde",
    )  # fmt: skip
    assert made.band == "hit"
    assert made.words[-1] == "Ogre turns on Isolde"
    assert made.state.encounter is not None
    assert made.state.encounter.foes["Ogre"].attacking == "Isolde"


def test_break_off_asks_whom_only_when_two_or_more_others_fight() -> None:
    from hearthroll.core.verbs.questions import before_questions
    from hearthroll.core.verbs.request import MoveRequest

    request = MoveRequest("maneuvers_break_off", actor="Wren", at="Ogre")
    (asked,) = before_questions(FORD, MANEUVERS, BREAK_OFF, request)
    assert asked.choices == (("Brannoc", "Brannoc"), ("Isolde", "Isolde"))
    assert asked.flag == "--input turn_on=NAME"
    fled = attrs.evolve(FORD.encounter, fled=("Brannoc",))
    alone = attrs.evolve(FORD, encounter=fled)
    assert before_questions(alone, MANEUVERS, BREAK_OFF, request) == []
    answered = attrs.evolve(request, inputs={"turn_on": "Isolde"})
    assert before_questions(FORD, MANEUVERS, BREAK_OFF, answered) == []
