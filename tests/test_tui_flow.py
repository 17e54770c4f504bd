"""The move flow's pure steps: a roll previewed with recorded dice and made again with the
same dice and the options picked is the very move the engine makes directly."""

from __future__ import annotations

import pytest

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.dice.sources import RandomDice, TypedDice
from hearthroll.core.errors import DiceError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs.asking import Asked, MoveRequest, answer, resolve
from hearthroll.core.verbs.session import make_move
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import flow
from hearthroll.tui.flow import Replay


@pytest.fixture(scope="module")
def house():  # type: ignore[no-untyped-def]
    return load_catalog(with_user=False).ruleset("house")


def test_replay_hands_back_recorded_faces_then_rolls_on() -> None:
    replay = Replay([4, 2], TypedDice([6, 5]))
    assert replay.roll(6, 1) == (4,)
    assert replay.roll(6, 2) == (2, 6)
    assert replay.roll(6) == (5,)


def test_replay_stops_at_a_face_that_does_not_fit_the_die() -> None:
    replay = Replay([6], TypedDice([3]))
    assert replay.roll(4) == (3,)


def test_typed_faces_with_effect_dice_after_a_slash() -> None:
    assert flow.parse_typed("3,1,6 / 4") == flow.TypedRoll((3, 1, 6), (4,))
    assert flow.parse_typed("2 5") == flow.TypedRoll((2, 5), None)
    with pytest.raises(DiceError):
        flow.check_typed("  ")
    with pytest.raises(DiceError):
        flow.parse_typed("3,x")


def test_muster_asked_then_picked_equals_the_move_made_directly(house) -> None:  # type: ignore[no-untyped-def]
    state = demo_campaign(house)
    asked = resolve(state, house, MoveRequest("muster", actor="Brannoc", faces=(6, 3)))
    assert isinstance(asked, Asked)
    (question,) = asked.questions
    assert asked.seen is not None and asked.seen.event.band == "strong"
    assert (question.kind, question.pick) == ("picks", 2)
    picks = ["everyone_pitches_in", "defenses"]
    settled = resolve(state, house, answer(asked.request, question, picks), RandomDice(1))
    direct = make_move(
        state,
        house,
        "muster",
        TypedDice([6, 3]),
        actor="Brannoc",
        picks=picks,
        effect_dice=RandomDice(1),
    )
    assert isinstance(settled, Outcome)
    assert settled.state == direct.state
    assert settled.event == direct.event


def test_dice_needed_counts_a_roll_without_making_it(house) -> None:  # type: ignore[no-untyped-def]
    state = demo_campaign(house)

    def muster(dice):  # type: ignore[no-untyped-def]
        return make_move(state, house, "muster", dice, effect_dice=RandomDice(), short_ok=True)

    assert flow.dice_needed(muster) == 2
    assert flow.dice_needed(lambda d: make_move(state, house, "nope", d)) is None


def test_a_saved_reroll_offers_the_band_s_options(house) -> None:  # type: ignore[no-untyped-def]
    state = demo_campaign(house)
    first = make_move(
        state, house, "volley", TypedDice([1]), actor="Wren", effect_dice=RandomDice()
    )
    assert first.state.turn.status == "bust_pending"
    preview = flow.preview_reroll(first.state, house, TypedDice([4]), RandomDice(3))
    assert preview.event.band == "weak"
    assert [o.id for lst in preview.lists for o in lst.items][:1] == ["exposed"]
    outcome = flow.settle_reroll(first.state, house, preview, ["take_what_you_get"])
    assert outcome.event.options == ("take_what_you_get",)
