"""How a move is asked for (`core/verbs/asking.py`): `answer` folds each kind of answer into the
request, `shown` notes which lists the GM has seen, `Asked` says its questions as one refusal,
and `resolve` raises a refusal before the roll, asks for what it lacks and keeps every face
given, so that answering the questions always makes the move."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import TurnState
from hearthroll.core.errors import BustWaits, HearthrollError, RuleError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.rules.model import Input
from hearthroll.core.verbs import asking
from hearthroll.core.verbs.asking import BAND, BEFORE, Asked, MoveRequest, Question
from hearthroll.core.verbs.questions import BEFORE_FLAG
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HACK = CATALOG.ruleset("hack")
HOUSE = CATALOG.ruleset("house")
ROAD = demo_campaign(HACK)  # Mira: Agile +2, a bow; Cog: Insightful +2 first
VOLLEY = MoveRequest("volley", actor="Mira")


def made(request: MoveRequest) -> Outcome | Asked:
    return asking.resolve(ROAD, HACK, request)


@pytest.mark.parametrize(
    ("question", "given", "changed"),
    [
        (Question("asset", "which?"), ["Rook"], {"asset": "Rook"}),
        (Question("stat", "which?"), ["agile"], {"inputs": {"stat": "agile"}}),
        (
            Question("input", "value?", spec=Input(id="value", name="Value")),
            ["3"],
            {"inputs": {"value": 3}},
        ),
        (
            Question("input", "deal?", spec=Input(id="deal", name="Deal", choices=("fair", "raw"))),
            ["raw"],
            {"inputs": {"deal": "raw"}},
        ),
        (Question("picks", "pick"), ["exposed"], {"picks": ("first", "exposed")}),
        (Question("floor", "pick"), ["lose_progress"], {"picks": ("first", "lose_progress")}),
        (Question("track", "which?"), ["Beacon"], {"track": "Beacon"}),
        (Question("resist", "resist?"), ["roll"], {"resist": True}),
        (Question("resist", "resist?"), ["no_roll"], {"resist": False}),
        (Question("burn", "burn?"), ["burn"], {"burn": True}),
        (Question("burn", "burn?"), ["keep"], {"burn": False}),
        (Question("boost", "which die?"), ["2"], {"boost": 2}),
        (Question("dice", "2d6"), ["4", "5"], {"faces": (1, 4, 5)}),
    ],
)
def test_each_kind_of_answer_lands_where_the_request_keeps_it(
    question: Question, given: list[str], changed: dict[str, object]
) -> None:
    request = MoveRequest("volley", picks=("first",), faces=(1,))
    assert asking.answer(request, question, given) == attrs.evolve(request, **changed)


def test_an_answer_to_no_kind_of_question_is_refused() -> None:
    with pytest.raises(HearthrollError, match=r"^no question of kind 'mood'$"):
        asking.answer(VOLLEY, Question("mood", "how?"), ["grim"])


def test_showing_pick_lists_notes_before_the_roll_or_the_band() -> None:
    before = Question("picks", "harm", flag=BEFORE_FLAG)
    band = Question("picks", "on 7–9", flag="--pick ID")
    assert asking.shown(VOLLEY, [before]).shown == frozenset({BEFORE})
    assert asking.shown(VOLLEY, [band, before]).shown == frozenset({BEFORE, BAND})
    assert asking.shown(VOLLEY, [Question("track", "which?", flag="--track NAME")]) == VOLLEY


def test_open_questions_are_one_refusal_saying_nothing_was_saved() -> None:
    asked = Asked(
        (
            Question("track", "which track?", flag="--track NAME"),
            Question("dice", "2d6", said="the faces of 2d6 are needed"),
        ),
        VOLLEY,
    )
    assert asked.said == "which track? (--track NAME); the faces of 2d6 are needed"
    refusal = asked.refusal()
    assert isinstance(refusal, asking.QuestionsOpen) and refusal.asked is asked
    assert (
        str(refusal)
        == "which track? (--track NAME); the faces of 2d6 are needed; nothing was saved"
    )
    own = RuleError("the engine's own words")
    assert attrs.evolve(asked, error=own).refusal() is own


def test_a_move_refused_before_the_roll_is_raised_not_asked() -> None:
    waiting = attrs.evolve(
        demo_campaign(HOUSE), turn=TurnState(actor="Isolde", pushes=1, status="bust_pending")
    )
    with pytest.raises(BustWaits):
        asking.resolve(waiting, HOUSE, MoveRequest("clash", actor="Brannoc"))


def test_a_stat_the_player_picks_is_asked_first_best_first() -> None:
    asked = made(MoveRequest("defy danger", actor="Cog"))
    assert isinstance(asked, Asked)
    (stat,) = asked.questions
    assert (stat.kind, stat.flag) == ("stat", "--stat")
    assert [c for c, _ in stat.choices] == ["insightful", "forceful", "agile", "charming"]
    assert asked.request.move == "hack_defy_danger"


def test_the_dice_of_the_roll_are_asked_then_the_damage_s() -> None:
    asked = made(VOLLEY)
    assert isinstance(asked, Asked)
    assert [(q.kind, q.count, q.sides, q.title) for q in asked.questions] == [
        ("dice", 2, 6, "Volley: the roll (2d6)")
    ]
    then = made(asking.answer(asked.request, asked.questions[0], ["6", "6"]))
    assert isinstance(then, Asked)
    assert then.request.faces == (6, 6)
    assert [(q.kind, q.count, q.title) for q in then.questions] == [
        ("dice", 1, "damage with Bow (1d6)")
    ]


def test_a_roll_given_part_of_its_faces_keeps_them_and_asks_the_rest() -> None:
    asked = made(attrs.evolve(VOLLEY, faces=(4,)))
    assert isinstance(asked, Asked)
    (dice,) = asked.questions
    assert (dice.kind, dice.count) == ("dice", 1)
    assert asked.request.faces == (4,)  # the face given stays in the request
    whole = made(asking.answer(asked.request, dice, ["5"]))
    assert isinstance(whole, Asked)
    assert whole.request.faces[:2] == (4, 5)


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6))
def test_faces_given_in_full_make_the_roll_they_say_or_ask_only_the_band_s_picks(
    first: int, second: int, damage: int
) -> None:
    result = made(attrs.evolve(VOLLEY, faces=(first, second, damage)))
    if isinstance(result, Asked):
        assert [q.kind for q in result.questions] == ["picks"]
        assert result.seen is not None
        result = result.seen
    assert result.event.dice[:2] == (first, second)
    assert result.event.total == first + second + 2  # Agile +2
