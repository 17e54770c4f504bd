"""The questions a move asks, as data: those before the roll (a companion, a stat, an input,
the picks made first, what the harm picked leads to, resist?) and those the engine's steps raise
on the way (`questions_for`: picks short, momentum's floor, a track, each die, burn, the kept die
Preparation lifts)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from hearthroll.core.campaign.resolve import offered
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import DiceNeeded
from hearthroll.core.errors import HearthrollError
from hearthroll.core.games import assets, encounter, momentum
from hearthroll.core.games.floor import FloorChoiceNeeded
from hearthroll.core.games.progress import TrackNeeded
from hearthroll.core.numbers import signed
from hearthroll.core.rules.effects import OptionList
from hearthroll.core.rules.model import Input, Move, Ruleset
from hearthroll.core.verbs.judging import BurnOffered
from hearthroll.core.verbs.picking import STAT, PicksNeeded, move_context, stat_choices
from hearthroll.core.verbs.pool import BoostNeeded
from hearthroll.core.verbs.request import BEFORE, MoveRequest, Question


def before_questions(
    state: Campaign, ruleset: Ruleset, move: Move, request: MoveRequest
) -> list[Question]:
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
    questions += _turn_on(state, move, request)
    context = move_context(
        state, ruleset, move, state.characters.get(request.actor or ""), request.inputs
    )
    lists = offered(move, None, context, ruleset, when="before")
    for lst in open_lists([x for x in lists if x.items], request, BEFORE):
        questions.append(pick_question(move, lst, before=True))
    return questions


def _turn_on(state: Campaign, move: Move, request: MoveRequest) -> list[Question]:
    """Break Off with more than one other still in the fight: whom the foe turns on, if it
    works (reading 38); asked before the roll, as the GM knows it already."""
    choices = encounter.turn_choices(state, request.actor)
    if not encounter.breaks_off(move) or encounter.TURN_ON in request.inputs or len(choices) < 2:
        return []
    spec = Input(encounter.TURN_ON, "whom the foe turns on, if it works", choices=choices)
    flag = f"--input {encounter.TURN_ON}=NAME"
    said = f"{move.name}: say whom the foe turns on if it works ({flag}): {', '.join(choices)}"
    title = f"{move.name}: if it works, whom does the foe turn on?"
    named = tuple((n, n) for n in choices)
    return [Question("input", title, named, flag=flag, said=said, spec=spec)]


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


def consequence_questions(
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


BEFORE_FLAG = "--pick ID (before the roll)"


def open_lists(lists: Sequence[OptionList], request: MoveRequest, when: str) -> list[OptionList]:
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


def optional_lists(
    lists: Sequence[OptionList], request: MoveRequest, when: str
) -> list[OptionList]:
    """The band's "up to" lists not shown yet (the lists it must have are refused short)."""
    return [x for x in open_lists([x for x in lists if x.items], request, when) if x.up_to]


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
        flag=BEFORE_FLAG if before else "--pick ID",
        said=said,
    )


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
                error.heading or lst.label or f"{move.name}: momentum at its floor",
                tuple((o.id, o.text) for o in lst.items),
                pick=lst.pick,
                flag="--pick ID",
                said=said,
            )
            for lst in error.lists
        )
    if isinstance(error, TrackNeeded):
        return (Question("track", error.title, error.tracks, flag="--track NAME", said=said),)
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
