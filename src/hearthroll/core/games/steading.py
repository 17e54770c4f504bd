"""The steading's muster: what a Muster that holds leaves on the village, and its end.

The muster is the move whose flag effect `holds` (`mode = "hold"` in `data/moves.toml`): its
flag, the bands it holds on and what each pick gives are read from that move's data; no move
or flag is named here.

How the rules are read (homefront moves, reading 13). A steading has one muster at a time:
it holds from a Muster on 4+ until its flag is cleared, by Seasons Change (whose data clears
it) or by the GM's hand when the threat passes or no PC oversees it any more (`set
steading.mustered no`). A Muster made while one holds pays its own Fortunes and joins the
muster: its picks are added to the muster's, and the muster holds each once, so a second
"Defenses +1" gives nothing more (its +1 is taken back as it lands, and the log says so). A
Muster that misses while one holds leaves it standing. When the muster ends, every steading
stat its picks raised (Defenses +1) comes back down with it. Turning the season by hand (`set
steading.season`) is a correction of the sheet, not Seasons Change: the muster stays.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from hearthroll.core.campaign.sheets import change_steading_stat
from hearthroll.core.campaign.state import Campaign, Steading
from hearthroll.core.games.stage import Landing
from hearthroll.core.numbers import signed
from hearthroll.core.rules.effects import Effect, Option
from hearthroll.core.rules.model import Move, Ruleset

PLAN_TAG = "plan"
"""The tag of a move that starts a plan (Make a Plan): its requirements, with tick boxes, are
what the move makes (`hearthroll plan`, the app's plan form)."""


def starts_plan(move: Move) -> bool:
    """Whether making `move` is writing a plan down."""
    return PLAN_TAG in move.tags


def muster_move(ruleset: Ruleset) -> Move | None:
    """The ruleset's Muster, where it has one: the move whose picks hold while its flag stands
    (the loader keeps one such move a ruleset)."""
    return next((m for m in ruleset.moves if _marks(m) is not None), None)


def _marks(move: Move) -> Effect | None:
    """The effect that marks the muster's flag on the bands where the muster holds."""
    return next((e for e in move.effects if e.kind == "flag" and e.mode == "hold"), None)


def after_move(state: Campaign, move: Move, band: str | None, chosen: Sequence[Option]) -> Campaign:
    """A Muster that holds records its picks on the steading, after those of a muster already
    holding (a pick made again is recorded again, for `settle` to give it once)."""
    marks = _marks(move)
    steading = state.steading
    if marks is None or steading is None or (marks.on and band not in marks.on):
        return state
    muster = (*steading.muster, *(o.id for o in chosen))
    return attrs.evolve(state, steading=attrs.evolve(steading, muster=muster))


def settle(ruleset: Ruleset, state: Campaign) -> tuple[Campaign, list[str]]:
    """The muster after any change, and the words: a muster whose flag was cleared ends, and
    what its picks gave comes back down; a pick recorded twice gives once."""
    steading = state.steading
    if steading is None or not steading.muster:
        return state, []
    move = muster_move(ruleset)
    marks = _marks(move) if move is not None else None
    if move is None or marks is None:
        return state, []
    if marks.flag not in steading.flags:
        steading, words = _end(ruleset, move, steading)
    elif len(set(steading.muster)) < len(steading.muster):
        steading, words = _once_each(ruleset, move, steading)
    else:
        return state, []
    return attrs.evolve(state, steading=steading), words


def _gives(move: Move, pick: str) -> list[Effect]:
    """What a pick of the muster adds to the steading's stats while the muster holds."""
    option = next((o for lst in move.options for o in lst.items if o.id == pick), None)
    if option is None:
        return []
    return [
        e
        for e in option.effects
        if e.kind == "steading" and e.stat and (e.mode or "add") == "add" and e.amount
    ]


def _take_back(
    ruleset: Ruleset, steading: Steading, effect: Effect
) -> tuple[Steading, str, tuple[str, ...]]:
    """What one pick gave comes back down: the steading, what was given ("Defenses +1") and
    the change in words ("Defenses +2 → +1"; none where the stat was already at its floor)."""
    assert effect.stat is not None
    change = change_steading_stat(ruleset, steading, effect.stat, -effect.amount)
    given = f"{ruleset.stat(effect.stat).name} {signed(effect.amount)}"
    return change.steading, given, change.words


def _once_each(ruleset: Ruleset, move: Move, steading: Steading) -> tuple[Steading, list[str]]:
    """A muster holds each pick once: what a pick made again gave is taken back."""
    kept = tuple(dict.fromkeys(steading.muster))
    words: list[str] = []
    for index, pick in enumerate(steading.muster):
        if pick not in steading.muster[:index]:
            continue
        for effect in _gives(move, pick):
            steading, given, said = _take_back(ruleset, steading, effect)
            words += [f"the muster gives its {given} once: {w}" for w in said]
    return attrs.evolve(steading, muster=kept), words


def _end(ruleset: Ruleset, move: Move, steading: Steading) -> tuple[Steading, list[str]]:
    """The muster ends: what each of its picks gave comes back down."""
    words: list[str] = []
    for pick in dict.fromkeys(steading.muster):
        for effect in _gives(move, pick):
            steading, _, said = _take_back(ruleset, steading, effect)
            words += [f"the muster ends: {w}" for w in said]
    return attrs.evolve(steading, muster=()), words or ["the muster ends"]


def land(landing: Landing) -> Landing:
    """The effects stage: a Muster that holds records its picks on the steading."""
    return landing.then(after_move(landing.state, landing.move, landing.band, landing.chosen))
