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

from collections.abc import Mapping, Sequence

import attrs

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.resolve import offered
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import AskingDice, DiceNeeded, DiceSource, RandomDice
from hearthroll.core.errors import HearthrollError, RuleError
from hearthroll.core.games import assets, momentum
from hearthroll.core.games.floor import FloorChoiceNeeded
from hearthroll.core.games.progress import TrackNeeded
from hearthroll.core.numbers import signed
from hearthroll.core.rules.effects import OptionList
from hearthroll.core.rules.model import Input, Move, Ruleset
from hearthroll.core.rules.search import find_move
from hearthroll.core.verbs import session
from hearthroll.core.verbs.picking import STAT, PicksNeeded, move_context, stat_choices
from hearthroll.core.verbs.pool import ASK_DIE, BoostNeeded
from hearthroll.core.verbs.session import BurnOffered

KINDS = ("asset", "stat", "input", "picks", "floor", "track", "resist", "dice", "burn", "boost")
"""Every kind of question, in the order a move asks them."""

BEFORE = "before"
BAND = "band"
"""The lists a request has shown the GM (`MoveRequest.shown`): those picked before the roll,
and the band's. A list the rules let the player pick fewer of ("up to") is asked once."""


@attrs.frozen
class MoveRequest:
    """A move as the GM asks for it, and the answers given so far."""

    move: str
    actor: str | None = None
    advantage: bool = False
    disadvantage: bool = False
    inputs: Mapping[str, int | str] = attrs.field(factory=dict)
    """The move's inputs by id, and the stat the player picked (`stat`)."""
    picks: tuple[str, ...] = ()
    """Every option picked: before the roll, on the band, at momentum's floor."""
    prepare: bool = False
    """Spend Preparation on this roll (+1; on a pool, on the kept die `boost` names)."""
    boost: int | None = None
    """The kept die (from 1) Preparation's +1 goes on, on a pool; asked where unsaid."""
    at: str | None = None
    """The foe a maneuver is made against."""
    resist: bool | None = None
    """Make an optional roll (a suffer move's "resist?"); None: not answered yet."""
    asset: str | None = None
    """The companion or vehicle the move acts on."""
    track: str | None = None
    """The track a loss of progress clears."""
    burn: bool | None = None
    """Burn momentum on the action roll as it is judged; None: asked where it would help."""
    faces: tuple[int, ...] = ()
    """The faces given so far, in the order the move rolls them."""
    shown: frozenset[str] = frozenset()
    """The lists shown to the GM already (`BEFORE`, `BAND`): a list of "up to" is not asked
    again."""

    @classmethod
    def answered(cls, move: str, **given: object) -> MoveRequest:
        """A request whose every question the caller answers itself (the shell): no list
        of "up to" is asked, and resist and burn are no unless given."""
        given.setdefault("resist", False)
        given.setdefault("burn", False)
        return cls(move, shown=frozenset({BEFORE, BAND}), **given)  # type: ignore[arg-type]


@attrs.frozen
class Question:
    """One thing a move still needs, in words a person can answer."""

    kind: str
    """One of `KINDS`."""
    title: str
    """The question: `Endure Harm: resist?`, `damage 1d6 (Sword)`."""
    choices: tuple[tuple[str, str], ...] = ()
    """(answer, words) to choose from; empty for a number or faces."""
    pick: int = 1
    """How many choices to pick."""
    up_to: bool = False
    """Fewer picks (or none) are allowed."""
    flag: str = ""
    """The shell flag that answers it (`--pick ID`, `--track NAME`)."""
    said: str = ""
    """The shell's refusal for it, in full."""
    spec: Input | None = None
    """An input's spec (its bounds, its choices)."""
    sides: int = 0
    count: int = 0
    """For dice: how many, of how many sides."""


@attrs.frozen
class Asked:
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
    for stage in (_before, _consequences):
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
    optional = _optional_lists(outcome.offered, request, BAND)
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
    kinds = {BEFORE if q.flag == _BEFORE_FLAG else BAND for q in questions if q.kind == "picks"}
    return attrs.evolve(request, shown=request.shown | kinds)


# --- the stages before the roll ---------------------------------------------------------


def _before(state: Campaign, ruleset: Ruleset, move: Move, request: MoveRequest) -> list[Question]:
    """What the move needs before anything happens: which companion, the stat, the inputs,
    the picks made before the roll; all asked at once, none depends on another."""
    questions: list[Question] = []
    if request.asset is None:
        owned = assets.choices_for(state, ruleset, move, request.actor)
        if owned:
            title = f"{move.name}: on which?"
            names = ", ".join(n for n, _ in owned)
            said = f"{move.name}: name the one it acts on (--asset NAME): {names}"
            questions.append(Question("asset", title, owned, flag="--asset NAME", said=said))
    questions += _inputs(state, ruleset, move, request)
    context = move_context(
        state, ruleset, move, state.characters.get(request.actor or ""), request.inputs
    )
    lists = offered(move, None, context, ruleset, when="before")
    for lst in _open_lists([x for x in lists if x.items], request, BEFORE):
        questions.append(pick_question(move, lst, before=True))
    return questions


def _inputs(state: Campaign, ruleset: Ruleset, move: Move, request: MoveRequest) -> list[Question]:
    given = {
        **assets.inputs_for(state, ruleset, move, request.actor, request.asset),
        **request.inputs,
    }
    questions: list[Question] = []
    character = state.characters.get(request.actor or "")
    stat = stat_choices(ruleset, move, character)
    if stat is not None and STAT not in given:
        values = character.stats if character is not None else {}
        choices = tuple(
            (s, f"{ruleset.stat(s).name} {signed(values.get(s, 0))}") for s in stat.choices
        )
        listed = ", ".join(f"{s} ({ruleset.stat(s).name})" for s in stat.choices)
        said = f"{move.name}: the player says which stat: --stat one of {listed}"
        title = f"{move.name}: which stat? ({stat.text})"
        questions.append(Question("stat", title, choices, flag="--stat", said=said, spec=stat))
    for spec in move.inputs:
        if spec.id in given:
            continue
        flag = f"--input {spec.id}=…" if spec.choices else "--value N"
        choices = tuple((c, c) for c in spec.choices)
        said = f"{move.name} needs {spec.name}: give it with {flag} ({spec.text or spec.name})"
        title = f"{move.name}: {spec.name}" + (f" — {spec.text}" if spec.text else "")
        questions.append(Question("input", title, choices, flag=flag, said=said, spec=spec))
    return questions


def _consequences(
    state: Campaign, ruleset: Ruleset, move: Move, request: MoveRequest
) -> list[Question]:
    """What the harm picked before the roll leads to, asked before the roll: momentum's floor
    and the track it clears (reading 29), then resist? with the odds (reading 25)."""
    if not move.roll.optional or request.resist is not None or request.faces:
        return []
    from hearthroll.core.verbs import starforged  # its odds load only where resist? is asked

    try:
        odds = starforged.resist_odds(
            state,
            ruleset,
            move.id,
            actor=request.actor,
            picks=request.picks,
            inputs=request.inputs,
            asset=request.asset,
            track=request.track,
        )
    except (FloorChoiceNeeded, TrackNeeded) as needed:
        return list(questions_for(move, needed))
    if odds is None:
        return []
    from hearthroll.core.dice.odds import percent  # the odds only where resist? is asked

    chances = ", ".join(f"{momentum.BAND_WORDS[b]} {percent(p)}" for b, p in odds.bands)
    choices = (("roll", f"Resist: roll ({chances})"), ("no_roll", "Take the harm: no roll"))
    said = f"{move.name}: resist? roll with --roll ({chances})"
    return [Question("resist", f"{move.name}: resist?", choices, flag="--roll", said=said)]


_BEFORE_FLAG = "--pick ID (before the roll)"


def _open_lists(lists: Sequence[OptionList], request: MoveRequest, when: str) -> list[OptionList]:
    """The lists still to ask: short of picks, or "up to" and not shown yet."""
    picked = set(request.picks)
    out = []
    for lst in lists:
        have = sum(1 for o in lst.items if o.id in picked)
        if lst.up_to:
            if when not in request.shown and not have:
                out.append(lst)
        elif have < min(lst.pick, len(lst.items)):
            out.append(lst)
    return out


def _optional_lists(
    lists: Sequence[OptionList], request: MoveRequest, when: str
) -> list[OptionList]:
    """The band's "up to" lists not shown yet (the lists it must have are refused short)."""
    return [x for x in _open_lists([x for x in lists if x.items], request, when) if x.up_to]


def pick_question(move: Move, lst: OptionList, *, before: bool = False) -> Question:
    """An option list as a question: its heading, its items, how many to pick."""
    from hearthroll.core.rules.describe import options_heading

    words = "; ".join(f"“{o.text}” (--pick {o.id})" for o in lst.items)
    many = f"up to {lst.pick}" if lst.up_to else f"{min(lst.pick, len(lst.items))} (got 0)"
    said = f"{move.name}: pick {many}. Choose from: {words}"
    return Question(
        "picks",
        options_heading(lst, move),
        tuple((o.id, o.text) for o in lst.items),
        pick=lst.pick,
        up_to=lst.up_to,
        flag=_BEFORE_FLAG if before else "--pick ID",
        said=said,
    )


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


def questions_for(move: Move, error: HearthrollError) -> tuple[Question, ...]:
    """The questions an engine's refusal is (picks short, momentum's floor, a track, dice,
    burn, the kept die); empty for a refusal that is no question."""
    said = str(error)
    if isinstance(error, DiceNeeded):
        return (
            Question(
                "dice",
                error.purpose,
                flag="--dice",
                said=said,
                sides=error.sides,
                count=error.count,
            ),
        )
    if isinstance(error, PicksNeeded):
        return tuple(pick_question(move, lst) for lst in error.lists)
    if isinstance(error, FloorChoiceNeeded):
        return tuple(
            Question(
                "floor",
                lst.label or f"{move.name}: momentum at its floor",
                tuple((o.id, o.text) for o in lst.items),
                pick=lst.pick,
                flag="--pick ID",
                said=said,
            )
            for lst in error.lists
        )
    if isinstance(error, TrackNeeded):
        return (
            Question(
                "track", "Which track loses progress?", error.tracks, flag="--track NAME", said=said
            ),
        )
    if isinstance(error, BurnOffered):
        choices: tuple[tuple[str, str], ...] = (
            ("burn", error.words),
            ("keep", "keep the roll as it is"),
        )
        return (
            Question("burn", f"{move.name}: burn momentum?", choices, flag="--burn", said=said),
        )
    if isinstance(error, BoostNeeded):
        return (attrs.evolve(boost_question(move, error.kept), said=said),)
    return ()


def boost_question(move: Move, kept: Sequence[int]) -> Question:
    """Which kept die Preparation's +1 goes on: the kept dice, the lowest first."""
    dice = sorted(enumerate(kept, start=1), key=lambda d: d[1])
    choices = tuple((str(n), f"kept die {n}: [{f}]") for n, f in dice)
    title = f"{move.name}: Preparation's +1 on which kept die?"
    return Question("boost", title, choices, flag="--prep N")


def _preview(state: Campaign, ruleset: Ruleset, request: MoveRequest) -> Outcome | None:
    """The roll with the faces so far and the picks short (to show while they are picked);
    the dice its effects roll are thrown away."""
    source = AskingDice(request.faces, RandomDice())
    try:
        return _made(state, ruleset, request, source, source, short_ok=True)
    except HearthrollError:
        return None
