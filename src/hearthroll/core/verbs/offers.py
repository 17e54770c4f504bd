"""The moves offered next (reading 32): those the newest roll's table row offers, and those
everyone aboard still owes (the rough ride); the one `next` names, the GM letting the rest
aboard off, and an offer in words. A row naming a move the catalog lacks stays words."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from hearthroll.core.campaign.events import Event, Outcome, record, standing
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.errors import HearthrollError, RuleError
from hearthroll.core.games import aboard, assets
from hearthroll.core.records import Record
from hearthroll.core.rules.model import Ruleset
from hearthroll.core.rules.search import find_move

NEXT = "next"
"""The move named as `next`: the one the newest roll offers (a table row's, reading 32)."""
LET_OFF = "let_off"
"""The event of the GM letting the rest aboard off the move they owe."""


@attrs.frozen
class Offer(Record):
    """A move offered next: its id, the pick it starts with, and, for everyone aboard, who
    makes it and the companion it acts on (None: as any move is made)."""

    move: str
    preset: str = ""
    actor: str | None = None
    asset: str | None = None


def offered_next(
    events: Sequence[Event], ruleset: Ruleset, state: Campaign | None = None
) -> tuple[Offer, ...]:
    """The moves offered next that the catalog has, each with its preset pick: those the
    newest move still standing offers (a move made since takes them up), then, with `state`,
    each one everyone aboard still owes, for whoever owes it (`games/aboard.py`)."""
    owed = aboard.owed(state, ruleset) if state is not None else ()
    theirs = set(state.aboard.moves) if state is not None and state.aboard is not None else set()
    who = _newest_actor(events)
    found = [
        Offer(move_id, preset)
        for follow in _newest_follow(events)
        if follow not in theirs
        for move_id, _, preset in [follow.partition(":")]
        if move_id in {m.id for m in ruleset.moves} and _can_make(state, ruleset, move_id, who)
    ]
    found += [Offer(o.move, o.preset, o.actor, o.companion or None) for o in owed]
    return tuple(found)


def _can_make(state: Campaign | None, ruleset: Ruleset, move_id: str, who: str | None) -> bool:
    """Whether the one who rolled can make the move offered: not one on a companion or vehicle
    they no longer have (a companion destroyed by the roll)."""
    character = state.characters.get(who or "") if state is not None else None
    if character is None:
        return True
    try:
        assets.refuse_without(ruleset, character, ruleset.move(move_id))
    except HearthrollError:
        return False
    return True


def _newest_actor(events: Sequence[Event]) -> str | None:
    newest = _newest_roll(events)
    return newest.actor if newest is not None else None


def _newest_roll(events: Sequence[Event]) -> Event | None:
    """The newest move still standing (or the GM letting everyone aboard off since)."""
    rolls = [e for e in standing(events) if e.kind in ("move", "burn", "reroll", "prep", LET_OFF)]
    return rolls[-1] if rolls else None


def _newest_follow(events: Sequence[Event]) -> tuple[str, ...]:
    """What the newest move still standing offers; the GM letting everyone aboard off since
    takes its offer up too."""
    newest = _newest_roll(events)
    return newest.follow if newest is not None else ()


def next_move(
    events: Sequence[Event],
    ruleset: Ruleset,
    picks: Sequence[str] = (),
    which: str | None = None,
    *,
    state: Campaign | None = None,
    actor: str | None = None,
) -> tuple[Offer, list[str]]:
    """`next` as a move: the offer and the picks with its preset first. With several on offer
    (a rough ride: Endure Harm, Endure Stress or Companion Takes a Hit, for each aboard),
    `which` names the move by id or name and `actor` whose it is (the companion's name or its
    owner's, for a companion); without them the refusal names every offer."""
    offers = offered_next(events, ruleset, state)
    if not offers:
        raise RuleError("no move is offered next: a table row that names a move offers it")
    if actor is not None:
        wanted = actor.lower()
        offers = tuple(
            o
            for o in offers
            if o.actor is None or wanted in (o.actor.lower(), (o.asset or "").lower())
        )
        if not offers:
            raise RuleError(f"no move is offered next to {actor}; {_all(events, ruleset, state)}")
    if which is not None:
        moves = [ruleset.move(m) for m in dict.fromkeys(o.move for o in offers)]
        try:
            chosen = find_move(moves, which)
        except HearthrollError:
            said = f"{which!r} is not offered next; {_all(events, ruleset, state)}"
            raise RuleError(said) from None
        offers = tuple(o for o in offers if o.move == chosen.id)
    if len(offers) > 1:
        first = offers[1]
        example = f'"{ruleset.move(first.move).name.lower()}"'
        if first.actor is not None:
            example += f" --as {first.asset or first.actor}"
        raise RuleError(
            f"several moves are offered next: {offer_list(offers, ruleset)}; say which after "
            f"next, e.g. `move FILE next {example}`"
        )
    offer = offers[0]
    preset = offer.preset
    return offer, [preset, *picks] if preset and preset not in picks else list(picks)


def _all(events: Sequence[Event], ruleset: Ruleset, state: Campaign | None) -> str:
    return f"offered next: {offer_list(offered_next(events, ruleset, state), ruleset)}"


def offer_words(offer: Offer, ruleset: Ruleset) -> str:
    """An offer as a choice reads: `Endure Harm, serious`, `Rook: Companion Takes a Hit,
    serious` (whose it is, where everyone aboard owes it)."""
    name = ruleset.move(offer.move).name + (f", {offer.preset}" if offer.preset else "")
    whose = offer.asset or offer.actor
    return f"{whose}: {name}" if whose else name


def offer_list(offers: Sequence[Offer], ruleset: Ruleset) -> str:
    """The offers in a line, each as `offer_words` says it."""
    return "; ".join(offer_words(o, ruleset) for o in offers)


def let_off(state: Campaign) -> Outcome:
    """The GM lets the rest aboard off the move they owe (reading 32): one event."""
    after, words = aboard.let_off(state)
    return record(state, after, Event(kind=LET_OFF, results=tuple(words)))


MANY = 3
"""More moves than this offered on one pick read as one line."""


def follow_lines(ruleset: Ruleset, follows: Sequence[str]) -> list[str]:
    """The moves offered next in words, one a line; more than `MANY` on one pick (a suffer
    move of the player's choice) as one: `next, minor: one of Lose Momentum, …, or Endure Harm`."""
    presets = {f.partition(":")[2] for f in follows}
    if len(follows) <= MANY or len(presets) != 1:
        return [follow_words(ruleset, f) for f in follows]
    known = {m.id: m.name for m in ruleset.moves}
    names = [known.get(f.partition(":")[0], f) for f in follows]
    preset = presets.pop()
    head = f"next, {preset}" if preset else "next"
    return [f"{head}: one of {', '.join(names[:-1])} or {names[-1]}"]


def follow_words(ruleset: Ruleset, follow: str) -> str:
    """A row's next move in words: `next: Endure Harm, serious (Serious: −2 health)`."""
    move_id, _, preset = follow.partition(":")
    known = {m.id: m for m in ruleset.moves}
    if move_id not in known:
        return f"next: {follow} (the GM plays it)"
    move = known[move_id]
    if preset:
        text = next((o.text for lst in move.options for o in lst.items if o.id == preset), preset)
        return f"next: {move.name}, {preset} ({text.rstrip('.')})"
    return f"next: {move.name}"
