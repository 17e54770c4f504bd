"""How a move is resolved: a request, and the questions it still needs, as data.

`resolve` takes a `MoveRequest` (who, which move, the answers given so far, the faces given
so far) and returns either the outcome or `Asked`: the questions still open, each with its
kind, its words, its choices and the shell flag that answers it. The app asks them with one
dialog per kind and the shell from its flags; `answer` folds an answer into the request, the
same way for both. Nothing here asks which ruleset or which move it is: the game modules and
the move's data say what is asked.

The stages, in order: check ("why not?") → before the roll (a companion, a stat, an input,
the picks made first) → the harm's consequences (momentum's floor, a track, resist?) → the
roll (each die asked where the faces are the GM's) → judge (burn?, the pool's +1) → the
band's picks → effects, aftermath, record (`session.make_move`).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import AskingDice, DiceSource, RandomDice
from hearthroll.core.errors import HearthrollError, RuleError
from hearthroll.core.records import Record
from hearthroll.core.rules.model import Move, Ruleset
from hearthroll.core.rules.search import find_move
from hearthroll.core.verbs import session
from hearthroll.core.verbs.picking import STAT, PicksNeeded
from hearthroll.core.verbs.pool import ASK_DIE, BoostNeeded
from hearthroll.core.verbs.questions import (
    BEFORE_FLAG,
    before_questions,
    boost_question,
    consequence_questions,
    optional_lists,
    pick_question,
    questions_for,
)
from hearthroll.core.verbs.request import BAND, BEFORE, KINDS, MoveRequest, Question
from hearthroll.core.verbs.session import BurnOffered

__all__ = [
    "BAND",
    "BEFORE",
    "KINDS",
    "Asked",
    "MoveRequest",
    "Question",
    "QuestionsOpen",
    "answer",
    "boost_question",
    "pick_question",
    "questions_for",
    "resolve",
    "shown",
]


@attrs.frozen
class Asked(Record):
    """The questions a request still needs, and the roll so far when it was made."""

    questions: tuple[Question, ...]
    request: MoveRequest
    """The request as resolved, with the faces rolled so far (the next resolve keeps them)."""
    seen: Outcome | None = None
    """The roll as judged so far (to show while its band's options are picked)."""
    error: HearthrollError | None = attrs.field(default=None, eq=False)
    """The engine's own refusal the question came from, where it came from one."""

    @property
    def said(self) -> str:
        """Every question, as the shell says it."""
        return "; ".join(q.said or f"{q.title} ({q.flag})" for q in self.questions)

    def refusal(self) -> HearthrollError:
        """The questions as one refusal, for a caller that cannot ask (the shell)."""
        return self.error if self.error is not None else QuestionsOpen(self)


class QuestionsOpen(RuleError):
    """A request made with questions still open: the shell names each with its flag."""

    def __init__(self, asked: Asked) -> None:
        super().__init__(f"{asked.said}; nothing was saved")
        self.asked = asked


def resolve(
    state: Campaign,
    ruleset: Ruleset,
    request: MoveRequest,
    dice: DiceSource | None = None,
    effect_dice: DiceSource | None = None,
) -> Outcome | Asked:
    """The outcome of the request, or the questions it still needs. Past the faces given,
    dice come from `dice`; without it, each is asked (the GM's real dice). `effect_dice`
    rolls what the effects roll (damage, healing, a table) where the shell types them apart."""
    move = find_move(ruleset.moves, request.move, where=f" in ruleset {ruleset.id!r}")
    request = attrs.evolve(request, move=move.id)
    refusal = session.refusal_before_roll(
        state, ruleset, move.id, actor=request.actor, at=request.at
    )
    if refusal is not None:
        raise refusal
    for stage in (before_questions, consequence_questions):
        questions = stage(state, ruleset, move, request)
        if questions:
            return Asked(tuple(questions), request)
    source = AskingDice(request.faces, dice)
    try:
        outcome = _made(state, ruleset, request, source, effect_dice or source)
    except HearthrollError as error:
        rolled = attrs.evolve(request, faces=tuple(source.faces))
        return _asked(state, ruleset, move, rolled, error)
    rolled = attrs.evolve(request, faces=tuple(source.faces))
    optional = optional_lists(outcome.offered, request, BAND)
    if optional:
        return Asked(tuple(pick_question(move, lst) for lst in optional), rolled, outcome)
    return outcome


def answer(request: MoveRequest, question: Question, given: Sequence[str]) -> MoveRequest:
    """The request with `given` as the answer to `question` (picks by id, a name, a number,
    `roll`/`no_roll` for resist, `burn`/`keep` for burn, faces for dice)."""
    kind = question.kind
    if kind == "asset":
        return attrs.evolve(request, asset=given[0])
    if kind in ("stat", "input"):
        key = STAT if kind == "stat" else question.spec.id if question.spec else STAT
        value: int | str = given[0]
        if question.spec is not None and not question.spec.choices and kind == "input":
            value = int(given[0])
        return attrs.evolve(request, inputs={**request.inputs, key: value})
    if kind in ("picks", "floor"):
        return attrs.evolve(request, picks=(*request.picks, *given))
    if kind == "track":
        return attrs.evolve(request, track=given[0])
    if kind == "resist":
        return attrs.evolve(request, resist=given[0] == "roll")
    if kind == "burn":
        return attrs.evolve(request, burn=given[0] == "burn")
    if kind == "boost":
        return attrs.evolve(request, boost=int(given[0]))
    if kind == "dice":
        return attrs.evolve(request, faces=(*request.faces, *(int(f) for f in given)))
    raise HearthrollError(f"no question of kind {kind!r}")


def shown(request: MoveRequest, questions: Sequence[Question]) -> MoveRequest:
    """The request after these pick questions were put to the GM (answered or not)."""
    kinds = {BEFORE if q.flag == BEFORE_FLAG else BAND for q in questions if q.kind == "picks"}
    return attrs.evolve(request, shown=request.shown | kinds)


# --- the roll and after -----------------------------------------------------------------


def _made(
    state: Campaign,
    ruleset: Ruleset,
    request: MoveRequest,
    dice: DiceSource,
    effect_dice: DiceSource,
    *,
    short_ok: bool = False,
) -> Outcome:
    """The move made with every answer: the engine's own steps (`session.make_move`);
    `short_ok` lets lists short of picks through (a preview)."""
    move = ruleset.move(request.move)
    pool = move.roll.mechanic == "pool"
    boost = request.boost
    if request.prepare and boost is None:
        boost = ASK_DIE if pool else 1
    return session.make_move(
        state,
        ruleset,
        request.move,
        dice,
        actor=request.actor,
        advantage=request.advantage,
        disadvantage=request.disadvantage,
        picks=request.picks,
        inputs=request.inputs,
        effect_dice=effect_dice,
        boost=boost,
        at=request.at,
        resist=bool(request.resist),
        asset=request.asset,
        track=request.track,
        short_ok=short_ok,
        burn=request.burn,
    )


def _asked(
    state: Campaign, ruleset: Ruleset, move: Move, request: MoveRequest, error: HearthrollError
) -> Asked:
    """The question an error from the engine's steps is, with the roll so far; any other
    error is the move refused, raised as it is."""
    questions = questions_for(move, error)
    if not questions:
        raise error
    seen: Outcome | None = None
    if isinstance(error, (BurnOffered, BoostNeeded)):
        seen = error.seen
    elif isinstance(error, PicksNeeded):
        seen = _preview(state, ruleset, request)
    return Asked(questions, request, seen, error)


def _preview(state: Campaign, ruleset: Ruleset, request: MoveRequest) -> Outcome | None:
    """The roll with the faces so far and the picks short (to show while they are picked);
    the dice its effects roll are thrown away."""
    source = AskingDice(request.faces, RandomDice())
    try:
        return _made(state, ruleset, request, source, source, short_ok=True)
    except HearthrollError:
        return None
