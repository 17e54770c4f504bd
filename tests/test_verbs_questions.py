"""The questions a move asks, as data (`core/verbs/questions.py`): those before the roll (the
stat, the picks made first, resist? with its odds), the lists still open, and the questions an
engine's refusal is (dice, a track, the kept die Preparation lifts)."""

from __future__ import annotations

import attrs

from hearthroll.core.dice.sources import DiceNeeded
from hearthroll.core.errors import RuleError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.games.progress import TrackNeeded
from hearthroll.core.verbs.questions import (
    BEFORE_FLAG,
    before_questions,
    boost_question,
    consequence_questions,
    open_lists,
    optional_lists,
    pick_question,
    questions_for,
)
from hearthroll.core.verbs.request import BAND, MoveRequest, Question
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HACK = CATALOG.ruleset("hack")
HOUSE = CATALOG.ruleset("house")
STARFORGED = CATALOG.ruleset("starforged")
ROAD = demo_campaign(HACK)
FORGE = demo_campaign(STARFORGED)
DEFY = HACK.move("hack_defy_danger")
ENDURE_HARM = STARFORGED.move("starforged_endure_harm")
MUSTER = HOUSE.move("muster")
ON_SIX = MUSTER.options[0]  # pick 2 of four on a 6


def test_defy_danger_asks_the_player_s_stat_first() -> None:
    (question,) = before_questions(ROAD, HACK, DEFY, MoveRequest(DEFY.id, actor="Mira"))
    assert (question.kind, question.flag, question.pick) == ("stat", "--stat", 1)
    assert question.title == (
        "Defy Danger: which stat? (the player's pick: Agile +2, Insightful +1, Charming +1, "
        "Forceful +0)"
    )
    assert question.choices == (
        ("agile", "Agile +2"),
        ("insightful", "Insightful +1"),
        ("charming", "Charming +1"),
        ("forceful", "Forceful +0"),
    )
    assert question.said == (
        "Defy Danger: the player says which stat: --stat one of agile (Agile), "
        "insightful (Insightful), charming (Charming), forceful (Forceful)"
    )


def test_a_stat_given_is_not_asked_again() -> None:
    request = MoveRequest(DEFY.id, actor="Mira", inputs={"stat": "agile"})
    assert before_questions(ROAD, HACK, DEFY, request) == []


def test_the_harm_picked_before_the_roll_is_asked_before_it() -> None:
    (question,) = before_questions(FORGE, STARFORGED, ENDURE_HARM, MoveRequest(ENDURE_HARM.id))
    assert (question.kind, question.title, question.flag) == (
        "picks",
        "Harm: before the roll, the GM picks 1",
        BEFORE_FLAG,
    )
    assert question.choices == (
        ("minor", "Minor: −1 health."),
        ("serious", "Serious: −2 health."),
        ("major", "Major: −3 health."),
    )
    picked = MoveRequest(ENDURE_HARM.id, picks=("serious",))
    assert before_questions(FORGE, STARFORGED, ENDURE_HARM, picked) == []


def test_resist_is_asked_with_its_odds_and_not_again_once_answered() -> None:
    request = MoveRequest(ENDURE_HARM.id, actor="Kael", picks=("serious",))
    (question,) = consequence_questions(FORGE, STARFORGED, ENDURE_HARM, request)
    chances = "miss 23.2%, weak hit 43.7%, strong hit 33.2%"
    assert question == Question(
        "resist",
        "Endure Harm: resist?",
        (("roll", f"Resist: roll ({chances})"), ("no_roll", "Take the harm: no roll")),
        flag="--roll",
        said=f"Endure Harm: resist? roll with --roll ({chances})",
    )
    answered = attrs.evolve(request, resist=False)
    assert consequence_questions(FORGE, STARFORGED, ENDURE_HARM, answered) == []
    assert consequence_questions(ROAD, HACK, DEFY, MoveRequest(DEFY.id)) == []


def test_a_list_is_open_until_it_has_its_picks() -> None:
    request = MoveRequest(MUSTER.id, picks=("defenses",))
    assert open_lists([ON_SIX], request, BAND) == [ON_SIX]
    request = attrs.evolve(request, picks=("defenses", "potential"))
    assert open_lists([ON_SIX], request, BAND) == []


def test_a_list_of_up_to_is_asked_once() -> None:
    up_to = attrs.evolve(ON_SIX, up_to=True)
    fresh = MoveRequest(MUSTER.id)
    assert open_lists([up_to], fresh, BAND) == [up_to]
    assert open_lists([up_to], attrs.evolve(fresh, shown=frozenset({BAND})), BAND) == []
    assert open_lists([up_to], attrs.evolve(fresh, picks=("potential",)), BAND) == []
    assert optional_lists([ON_SIX, up_to], fresh, BAND) == [up_to]


def test_a_list_as_a_question_names_each_item_and_its_flag() -> None:
    question = pick_question(MUSTER, ON_SIX)
    assert (question.kind, question.title, question.pick, question.flag) == (
        "picks",
        "On 6: you pick 2",
        2,
        "--pick ID",
    )
    assert question.choices[0] == ("defenses", "Defenses +1 while the muster holds.")
    assert question.said.startswith(
        "Muster: pick 2 (got 0). Choose from: “Defenses +1 while the muster holds.” "
        "(--pick defenses); “Everyone pitches in"
    )
    assert pick_question(MUSTER, attrs.evolve(ON_SIX, up_to=True)).said.startswith(
        "Muster: pick up to 2. Choose from:"
    )


def test_preparation_asks_for_a_kept_die_the_lowest_first() -> None:
    question = boost_question(MUSTER, [4, 2, 6])
    assert question == Question(
        "boost",
        "Muster: Preparation's +1 on which kept die?",
        (("2", "kept die 2: [2]"), ("1", "kept die 1: [4]"), ("3", "kept die 3: [6]")),
        flag="--prep N",
    )


def test_dice_still_needed_are_a_question_of_faces() -> None:
    needed = DiceNeeded(20, 1, "Kick: the d20")
    assert questions_for(MUSTER, needed) == (
        Question(
            "dice",
            "Kick: the d20",
            flag="--dice",
            said="Kick: the d20: the faces of 1d20 are needed",
            sides=20,
            count=1,
        ),
    )


def test_a_track_needed_is_a_question_of_which_track() -> None:
    tracks = (("Find the lost beacon", "formidable vow"),)
    (question,) = questions_for(ENDURE_HARM, TrackNeeded("name the track", tracks))
    assert (question.kind, question.title, question.choices) == (
        "track",
        "Which track loses progress?",
        tracks,
    )
    assert (question.flag, question.said) == ("--track NAME", "name the track")


def test_a_refusal_that_is_no_question_asks_nothing() -> None:
    assert questions_for(MUSTER, RuleError("no")) == ()
