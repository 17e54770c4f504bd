"""The app's answers to a move's questions: one loop, one dialog per kind of question.

The engine (`core.verbs.asking.resolve`) says what a move still needs; this loop asks it and
resolves again until the move is made, then commits that one outcome. No game and no move is
named here: a question's kind picks its dialog. Escape anywhere leaves the campaign as it was.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from hearthroll.core.campaign.events import Event, Outcome
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import (
    AskingDice,
    DiceNeeded,
    DiceSource,
    RandomDice,
    face_on,
    parse_faces,
)
from hearthroll.core.errors import DiceError, HearthrollError
from hearthroll.core.games.gear import attack
from hearthroll.core.rules.effects import OptionList
from hearthroll.core.rules.model import Input, Move, Ruleset
from hearthroll.core.verbs.asking import (
    Asked,
    MoveRequest,
    Question,
    answer,
    pick_question,
    questions_for,
    resolve,
    shown,
)
from hearthroll.tui.refused import at_table
from hearthroll.tui.screens.dice_input import DiceInput
from hearthroll.tui.screens.inputs import Inputs, MoveInputs
from hearthroll.tui.screens.options import OptionsPicker, PickList
from hearthroll.tui.table_protocol import Table
from hearthroll.tui.views import roll_view
from hearthroll.tui.widgets.dice_tray import render_roll

Dialog = Callable[["Asking", Sequence[Question]], Awaitable["MoveRequest | None"]]
"""Asks questions of one kind; the request with their answers, or None when cancelled."""


class Asking:
    """One move being asked about: the campaign as it was when the move began, the request
    so far, and where the app's own dice come from."""

    def __init__(
        self,
        table: Table,
        state: Campaign,
        ruleset: Ruleset,
        request: MoveRequest,
        made: Callable[[MoveRequest], Outcome] | None = None,
    ) -> None:
        self.table = table
        self.state = state
        self.ruleset = ruleset
        self.request = request
        self.move: Move = ruleset.move(request.move)
        self.seen: Outcome | None = None
        self._made = made
        """A verb that makes the outcome from the answers (a reroll's, a burn's), where it is
        not the move made afresh."""
        self.held: list[tuple[MoveRequest, Outcome]] = []
        """The outcome a verb made for the answers last tried (its dice are rolled once)."""
        self.ahead: list[int] = []
        """Faces typed after a `/` for the dice asked next (the damage with the roll)."""
        self.band_asked = False
        """The band's options have been asked once: a choice they open is "and then"."""

    def trial(self, request: MoveRequest) -> str | None:
        """Why the engine refuses these answers, or None (the rest rolled by throwaway dice;
        nothing is committed). A question they lead to is no refusal: it is asked next."""
        self.held.clear()
        try:
            if self._made is None:
                resolve(self.state, self.ruleset, request, RandomDice())
            else:
                self.held.append((request, self._made(request)))
        except HearthrollError as error:
            return None if questions_for(self.move, error) else at_table(error)
        return None


async def play(table: Table, request: MoveRequest, typed: bool) -> None:
    """Resolve the move, asking each open question, and commit its outcome. `typed`: the
    faces of every die are asked, in order, each named (Enter on an empty line rolls it)."""
    state, ruleset = table.live.state, table.live.ruleset
    try:
        asking = Asking(table, state, ruleset, request)
    except HearthrollError as error:
        _fail(table, error)
        return
    while True:
        try:
            made = resolve(state, ruleset, asking.request, None if typed else table.dice())
        except HearthrollError as error:
            _fail(table, error)
            return
        if isinstance(made, Outcome):
            if asking.ahead:
                unused = ",".join(map(str, asking.ahead))
                table.notify(f"typed after / and not needed: {unused}", severity="warning")
            table.commit(made)
            return
        answered = await _ask(asking, made)
        if answered is None:
            table.notify("cancelled: nothing was committed", severity="warning")
            return
        asking.request = answered


async def _ask(asking: Asking, asked: Asked) -> MoveRequest | None:
    """Ask the open questions, a kind at a time, in the order given."""
    asking.request = asked.request
    asking.seen = asked.seen or asking.seen
    groups: list[list[Question]] = []
    for question in asked.questions:
        if groups and _group(groups[-1][0].kind) == _group(question.kind):
            groups[-1].append(question)
        else:
            groups.append([question])
    for group in groups:
        answered = await DIALOGS[_group(group[0].kind)](asking, group)
        if answered is None:
            return None
        asking.request = answered
    return asking.request


async def settle(
    table: Table,
    seen: Outcome | None,
    lists: Sequence[OptionList],
    made: Callable[[MoveRequest], Outcome],
    *,
    move: Move | None = None,
    preview: Callable[[MoveRequest], Outcome] | None = None,
) -> Outcome | None:
    """The outcome a verb makes once its band's `lists` are picked from (a reroll that saves a
    bust, Preparation's +1, a burn), the questions it raises asked in turn as a move's are:
    each die where the GM's real dice roll it, what a pick opens, momentum's floor, a track.
    `preview` shows the roll while its picks are asked. None when cancelled or refused."""
    state, ruleset = table.live.state, table.live.ruleset
    if move is None:
        assert seen is not None
        move = ruleset.move(seen.event.move or "")
    asking = Asking(table, state, ruleset, MoveRequest(move.id), made)
    asking.seen = seen
    questions = [pick_question(move, lst) for lst in lists if lst.items]
    while True:
        if questions:
            asked = Asked(tuple(questions), asking.request, asking.seen)
            answered = await _ask(asking, asked)
            if answered is None:
                table.notify("cancelled: nothing was committed", severity="warning")
                return None
            asking.request = answered
        kept = [outcome for request, outcome in asking.held if request == asking.request]
        if kept:
            return kept[0]
        try:
            return made(asking.request)
        except HearthrollError as error:
            questions = list(questions_for(move, error))
            if not questions:
                _fail(table, error)
                return None
            if preview is not None and questions[0].kind == "picks":
                asking.seen = _seen(preview, asking.request) or asking.seen


def _seen(preview: Callable[[MoveRequest], Outcome], request: MoveRequest) -> Outcome | None:
    try:
        return preview(request)
    except HearthrollError:
        return None


def _group(kind: str) -> str:
    """Questions asked in one dialog: a stat with the inputs; the rest each their own."""
    return "input" if kind == "stat" else kind


# --- the dialogs, one per kind ----------------------------------------------------------


async def _choices(asking: Asking, questions: Sequence[Question]) -> MoveRequest | None:
    """Lists to pick from (the band's options, which companion, resist?, burn?, a track)."""
    lists = [PickList(_heading(q), q.choices, q.pick, q.up_to) for q in questions]
    base = shown(asking.request, questions)

    def with_picks(got: Sequence[str]) -> MoveRequest:
        request = base
        for question in questions:
            mine = [g for g in got if g in {c for c, _ in question.choices}]
            if mine or question.kind in ("picks", "floor"):
                request = answer(request, question, mine)
        return request

    picker = OptionsPicker(
        _title(asking, questions[0]),
        _summary(asking),
        lists,
        lambda got: asking.trial(with_picks(got)),
    )
    got: list[str] | None = await asking.table.ask(picker)
    if got is None:
        return None
    asking.band_asked = asking.band_asked or (
        asking.seen is not None and questions[0].kind == "picks"
    )
    return with_picks(got)


HEADINGS = {
    "asset": "Which one takes it?",
    "track": "Which track?",
    "resist": "Roll, or take it?",
    "burn": "Burn, or keep the roll?",
    "boost": "Which kept die?",
}
"""A list's heading where the dialog's title asks the question already."""


def _heading(question: Question) -> str:
    return HEADINGS.get(question.kind, question.title)


async def _inputs(asking: Asking, questions: Sequence[Question]) -> MoveRequest | None:
    """A stat and the move's inputs, in one form."""
    specs: list[Input] = [q.spec for q in questions if q.spec is not None]
    labels = {c: w for q in questions if q.kind == "stat" for c, w in q.choices}
    by_id = {(q.spec.id if q.kind == "input" else "stat"): q for q in questions if q.spec}

    def with_values(values: Inputs) -> MoveRequest:
        request = asking.request
        for key, value in values.items():
            if key in by_id:
                request = answer(request, by_id[key], [str(value)])
        return request

    form = MoveInputs(asking.move, lambda v: asking.trial(with_values(v)), specs, labels)
    values: Inputs | None = await asking.table.ask(form)
    return with_values(values) if values is not None else None


async def _faces(asking: Asking, questions: Sequence[Question]) -> MoveRequest | None:
    """The faces of real dice, a question at a time, each named; Enter on an empty line
    rolls that one with the app's dice."""
    request = asking.request
    for question in questions:
        faces = _typed_ahead(asking, question) or await _one_throw(asking, question)
        if faces is None:
            return None
        request = answer(request, question, [str(f) for f in faces])
    return request


async def _one_throw(asking: Asking, question: Question) -> tuple[int, ...] | None:
    title = _title(asking, question)
    more = asking.move.rolls_after
    return await faces_of(asking.table, title, question, asking.ahead, more=more)


async def faces_of(
    table: Table, title: str, question: Question, ahead: list[int], *, more: bool = False
) -> tuple[int, ...] | None:
    """Ask the faces of one dice question (Enter on an empty line: the app rolls them);
    faces typed after a `/` go into `ahead` (said in the box where `more` dice may follow).
    None when cancelled."""
    held: list[tuple[int, ...]] = []

    def check(text: str) -> str | None:
        try:
            held[:] = [_read_faces(text, question, table, ahead)]
        except HearthrollError as error:
            return at_table(error)
        return None

    count = f"{question.count} {'die' if question.count == 1 else 'dice'}"
    hint = f"{count} of {question.sides} sides; ⏎ on an empty line rolls {_them(question)}"
    dialog = DiceInput(title, hint, check, keys=_FACE_KEYS + (_NEXT_DICE if more else ""))
    if await table.ask(dialog) is None or not held:
        return None
    return held[0]


async def throw(table: Table, verb: Callable[[DiceSource], Outcome]) -> Outcome | None:
    """A verb that rolls dice (an item's healing): each die it rolls asked, named, Enter on an
    empty line rolling it; the verb's outcome, or None when cancelled or refused."""
    faces: list[int] = []
    ahead: list[int] = []
    while True:
        try:
            return verb(AskingDice(faces))
        except DiceNeeded as needed:
            question = Question("dice", needed.purpose, sides=needed.sides, count=needed.count)
            got = await faces_of(table, needed.purpose, question, ahead)
            if got is None:
                return None
            faces += got
        except HearthrollError as error:
            _fail(table, error)
            return None


_FACE_KEYS = "⏎ take them (empty: roll them)  esc cancel"
_NEXT_DICE = "  (the next dice after /: 4 / 3)"


def _them(question: Question) -> str:
    return "it" if question.count == 1 else "them"


def _typed_ahead(asking: Asking, question: Question) -> tuple[int, ...] | None:
    """The faces typed after a `/` for this die, when they fit it; else it is asked."""
    shown = tuple(face_on(f, question.sides) for f in asking.ahead[: question.count])
    taken = tuple(f for f in shown if f is not None)
    if len(taken) < question.count:
        asking.ahead.clear()
        return None
    del asking.ahead[: question.count]
    return taken


def _read_faces(text: str, question: Question, table: Table, ahead: list[int]) -> tuple[int, ...]:
    """The faces typed for this question (Enter alone: the app's dice); faces after a `/`
    are kept for the dice asked next."""
    main, slash, rest = text.partition("/")
    if not main.strip() and not slash:
        return table.dice().roll(question.sides, question.count)
    faces = parse_faces(main)
    later = parse_faces(rest) if slash and rest.strip() else ()
    if len(faces) != question.count:
        how = "too many" if len(faces) > question.count else "not enough"
        said = (
            f"{how} typed dice: {question.title} takes {question.count}, "
            f"{len(faces)} {'was' if len(faces) == 1 else 'were'} typed"
        )
        if len(faces) > question.count and not slash:
            these, later_ones = faces[: question.count], faces[question.count :]
            said += (
                f"; the dice asked next go after a /: "
                f"{','.join(map(str, these))} / {','.join(map(str, later_ones))}"
            )
        raise DiceError(said)
    shown = tuple(face_on(face, question.sides) for face in faces)
    for face, read in zip(faces, shown, strict=True):
        if read is None:
            raise DiceError(f"a d{question.sides} shows 1 to {question.sides}, not {face}")
    ahead[:] = later
    return tuple(f for f in shown if f is not None)


DIALOGS: dict[str, Dialog] = {
    "asset": _choices,
    "input": _inputs,
    "picks": _choices,
    "floor": _choices,
    "track": _choices,
    "resist": _choices,
    "burn": _choices,
    "boost": _choices,
    "dice": _faces,
}
"""The dialog that asks each kind of question (a stat goes with the inputs)."""


def _title(asking: Asking, question: Question) -> str:
    name = asking.move.name
    if question.kind == "picks":
        if asking.seen is None:
            return f"{name}: before the roll"
        return f"{name}: and then" if asking.band_asked else f"{name}: pick your options"
    return question.title if question.title.startswith(name) else f"{name}: {question.title}"


def _summary(asking: Asking) -> RenderableType:
    """The roll so far, so a choice after it is made with the dice in view."""
    if asking.seen is None:
        return Text(asking.move.trigger, style="italic")
    return summary(asking.table, asking.seen.event, asking.move)


def summary(table: Table, event: Event, move: Move) -> RenderableType:
    """The roll, so the options are picked with the dice in view; a Volley with no ranged
    weapon says it is a throw (reading 19), so no shots are looked for."""
    view = roll_view(event, table.live.ruleset)
    parts: list[RenderableType] = list(render_roll(view, results=False))
    character = table.live.state.characters.get(event.actor or "")
    strike = attack(table.live.ruleset, character, move) if character is not None else None
    if strike is not None and strike.thrown:
        said = f"no ranged weapon: a throw ({strike.spec.name}), no shots to spend"
        parts.append(Text(said, style="italic"))
    return Group(*parts)


def _fail(table: Table, error: HearthrollError) -> None:
    table.notify(at_table(error), severity="error", title="not done")
