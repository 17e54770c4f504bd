"""Events: one per verb, with the dice, the band, the choices and the exact deltas applied."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from hearthroll.core.campaign.deltas import Delta, apply, diff, evolve
from hearthroll.core.campaign.state import UNDO_DEPTH, Campaign, History
from hearthroll.core.records import Record

if TYPE_CHECKING:
    from hearthroll.core.rules.effects import OptionList

# Event kinds that change the game, or say something in its log (a note, an oracle), and so
# can be undone.
UNDOABLE = frozenset(
    {
        "move",
        "reroll",
        "accept",
        "stop",
        "prep",
        "hold",
        "set",
        "level_up",
        "mark_xp",
        "note",
        "plan",
        "damage",
        "join",
        "foe",
        "round",
        "encounter",
        "wield",
        "practice",
        "burn",
        "asset",
        "track",
        "gear",
        "hurt",
        "heal",
        "use",
        "ongoing",
        "edit",
        "let_off",
        "oracle",
        "clock",
    }
)


@attrs.frozen
class Event(Record):
    """What happened, as the log shows it, and the deltas that made it so."""

    kind: str
    seq: int = 0
    actor: str | None = None
    move: str | None = None
    move_name: str = ""
    mechanic: str = ""
    dice: tuple[int, ...] = ()
    kept: tuple[int, ...] = ()
    dropped: tuple[int, ...] = ()
    band: str = ""
    label: str = ""
    bust: bool = False
    only_ones: bool = False
    match: bool = False
    """The challenge dice matched (an action roll): options and effects gated on it apply."""
    pending: bool = False
    """A bust that waits to be rerolled or accepted."""
    xp_gained: int = 0
    rerolls_left: int | None = None
    pool: int = 0
    total: int | None = None
    rolled: str = ""
    """The stat the roll was made with and its value ("Population 2", "Forceful +1")."""
    steading: str = ""
    """The steading's name when the roll is the steading's (a community roll)."""
    text: str = ""
    options: tuple[str, ...] = ()
    modifiers: tuple[str, ...] = ()
    """Automatic modifiers applied, each with its reason ("disadvantage: hamlet")."""
    results: tuple[str, ...] = ()
    """What the event did, in words ("Readiness +3", "Fortunes −1")."""
    line: str = ""
    """The roll in words: `action die 4 + iron 2 = 6  vs  3 · 9 → weak hit`."""
    follow: tuple[str, ...] = ()
    """Moves offered next (`move_id`, `move_id:preset`), or words for one the catalog lacks."""
    target: int | None = None
    """For undo and redo: the event they revert or reapply."""
    at: str = ""
    """When it happened (stamped by the caller; the engine has no clock)."""
    secret: bool | None = None
    """A note for the GM's eyes only: True, or None (absent from the file) for any other."""
    deltas: tuple[Delta, ...] = ()


@attrs.frozen
class Outcome(Record):
    """A verb's result: the state after it and the event that says what changed."""

    state: Campaign
    event: Event
    offered: tuple[OptionList, ...] = attrs.field(default=(), eq=False)
    """The option lists the roll's band offered, their gates read as the engine reads them
    (the sheet after the harm, a companion's own meter): what a preview is picked from. Not
    saved; empty for a verb that offers none."""


def _game(state: Campaign) -> Campaign:
    return attrs.evolve(state, history=History())


def record(before: Campaign, after: Campaign, event: Event) -> Outcome:
    """Number the event, attach its deltas (history aside) and do the log's bookkeeping."""
    deltas = diff(_game(before), _game(after))
    numbered = attrs.evolve(event, seq=before.history.events + 1, deltas=deltas)
    return Outcome(bookkeep(after, numbered), numbered)


def bookkeep(state: Campaign, event: Event) -> Campaign:
    """The history after `event`: counted, and pushed on the undo or redo stack as its kind says."""
    return evolve(state, history=_history_after(state.history, event))


def _history_after(history: History, event: Event) -> History:
    undo, redo = history.undo, history.redo
    if event.kind == "undo" and event.target is not None:
        undo = tuple(s for s in undo if s != event.target)
        redo = (*redo, event.target)
    elif event.kind == "redo" and event.target is not None:
        redo = tuple(s for s in redo if s != event.target)
        undo = (*undo, event.target)[-UNDO_DEPTH:]
    elif event.kind in UNDOABLE:
        undo = (*undo, event.seq)[-UNDO_DEPTH:]
        redo = ()
    return History(events=event.seq, undo=undo, redo=redo)


def replay(state: Campaign, events: Sequence[Event]) -> Campaign:
    """The state after events that were saved but not yet in it (repair after a crash)."""
    for event in events:
        if event.seq != state.history.events + 1:
            raise ValueError(f"event {event.seq} does not follow event {state.history.events}")
        # The deltas never hold the history (`record` leaves it aside): it is counted anew.
        history = _history_after(state.history, event)
        state = evolve(apply(state, event.deltas), history=history)
    return state


def reverse(deltas: Sequence[Delta]) -> tuple[Delta, ...]:
    """Deltas that undo `deltas` when applied forward."""
    return tuple(Delta(d.path, d.after, d.before) for d in reversed(deltas))


def standing(events: Sequence[Event]) -> list[Event]:
    """The events that still stand: undone ones, and the undo and redo lines, left out."""
    undone: set[int] = set()
    for event in events:
        if event.kind == "undo" and event.target is not None:
            undone.add(event.target)
        elif event.kind == "redo" and event.target is not None:
            undone.discard(event.target)
    return [e for e in events if e.kind not in ("undo", "redo") and e.seq not in undone]


def summary(event: Event) -> str:
    """One line for an event: who (the steading for its own rolls), what with which stat, the
    dice and the kept ones, and the band: "Millbrook: Muster (Population 2) [4, 6] keep 6 →
    6 (10+)"."""
    from hearthroll.core.rules.describe import band_words, join_phrases

    who = f"{event.steading or event.actor}: " if event.steading or event.actor else ""
    if event.kind in ("move", "reroll", "accept", "prep", "burn"):
        what = event.move_name or event.move or event.kind
        if event.kind != "move":
            what = f"{event.kind} ({what})"
        if event.rolled:
            what += f" ({event.rolled})"
        dice = f" [{', '.join(str(f) for f in event.dice)}]" if event.dice else ""
        if event.dropped or (event.mechanic == "stat_dice" and len(event.dice) > 1):
            dice += f" keep {', '.join(str(f) for f in event.kept)}"
        band = f" → {band_words(event.mechanic, event.band, event.label)}" if event.band else ""
        pending = " (bust waits)" if event.pending else " (a match)" if event.match else ""
        xp = f", XP +{event.xp_gained}" if event.xp_gained else ""
        return f"{who}{what}{dice}{band}{pending}{xp}"
    if event.kind == "note":
        return f"GM (secret): {event.text}" if event.secret else f"GM: {event.text}"
    if event.kind in ("undo", "redo"):
        return f"{event.kind} of event {event.target}"
    if event.kind == "edit":
        return f"edited outside hearthroll: {', '.join(event.results)}"
    detail = join_phrases(event.results)
    if event.actor and not event.steading and detail.startswith(f"{event.actor} "):
        return detail  # "Mira takes 3 − 2 armor = 1: HP 10 → 9" says who and what already
    return f"{who}{event.kind.replace('_', ' ')}" + (f": {detail}" if detail else "")
