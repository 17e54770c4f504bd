"""A move as the GM asks for it and one thing it still needs (`core/verbs/request.py`): plain
values, nothing answered unless given; the shell's request answers resist and burn itself and
has been shown every list."""

from __future__ import annotations

import attrs
import pytest

from hearthroll.core.verbs.request import BAND, BEFORE, KINDS, MoveRequest, Question


def test_a_request_answers_nothing_unless_given() -> None:
    request = MoveRequest("muster")
    assert (request.actor, request.at, request.asset, request.track) == (None, None, None, None)
    assert (request.advantage, request.disadvantage, request.prepare) == (False, False, False)
    assert (request.resist, request.burn, request.boost) == (None, None, None)
    assert (request.inputs, request.picks, request.faces) == ({}, (), ())
    assert request.shown == frozenset()


def test_the_shell_s_request_says_no_to_resist_and_burn_and_asks_no_list_of_up_to() -> None:
    request = MoveRequest.answered("starforged_endure_harm", actor="Kael", picks=("serious",))
    assert (request.move, request.actor, request.picks) == (
        "starforged_endure_harm",
        "Kael",
        ("serious",),
    )
    assert (request.resist, request.burn) == (False, False)
    assert request.shown == frozenset({BEFORE, BAND})


def test_the_shell_s_request_keeps_a_resist_or_burn_it_was_given() -> None:
    request = MoveRequest.answered("starforged_endure_harm", resist=True, burn=True)
    assert (request.resist, request.burn) == (True, True)


def test_a_request_is_a_frozen_value() -> None:
    request = MoveRequest("muster", picks=("defenses",))
    assert request == MoveRequest("muster", picks=("defenses",))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        request.picks = ()  # type: ignore[misc]
    assert attrs.evolve(request, faces=(6,)).faces == (6,)


def test_every_kind_of_question_in_the_order_a_move_asks_them() -> None:
    assert KINDS == (
        "asset",
        "stat",
        "input",
        "picks",
        "floor",
        "track",
        "resist",
        "dice",
        "burn",
        "boost",
    )


def test_a_question_asks_one_pick_of_nothing_unless_told() -> None:
    question = Question("resist", "Endure Harm: resist?")
    assert (question.choices, question.pick, question.up_to) == ((), 1, False)
    assert (question.flag, question.said, question.spec) == ("", "", None)
    assert (question.sides, question.count) == (0, 0)
