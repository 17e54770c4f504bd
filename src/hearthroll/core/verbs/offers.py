"""The move a table row offers next (reading 32): which moves the newest roll offers, the one
`next` names, and the offer in words. A row naming a move the catalog lacks stays words."""

from __future__ import annotations

from collections.abc import Sequence

from hearthroll.core.campaign.events import Event, standing
from hearthroll.core.errors import HearthrollError, RuleError
from hearthroll.core.rules.model import Ruleset
from hearthroll.core.rules.search import find_move

NEXT = "next"
"""The move named as `next`: the one the newest roll offers (a table row's, reading 32)."""


def offered_next(events: Sequence[Event], ruleset: Ruleset) -> tuple[tuple[str, str], ...]:
    """The moves the newest move still standing offers next that the catalog has, each with
    its preset pick (`("starforged_endure_harm", "serious")`); a row naming a move the catalog
    lacks stays words for the GM."""
    rolls = [e for e in standing(events) if e.kind in ("move", "burn", "reroll", "prep")]
    if not rolls:
        return ()  # a move made since (rolled or not) takes the offer up
    known = {m.id for m in ruleset.moves}
    found = []
    for follow in rolls[-1].follow:
        move_id, _, preset = follow.partition(":")
        if move_id in known:
            found.append((move_id, preset))
    return tuple(found)


def next_move(
    events: Sequence[Event],
    ruleset: Ruleset,
    picks: Sequence[str] = (),
    which: str | None = None,
) -> tuple[str, list[str]]:
    """`next` as a move: the offered move's id and the picks with its preset first. With
    several on offer (a rough ride: Endure Harm, Endure Stress or Companion Takes a Hit),
    `which` names one of them by id or name; without it the refusal names them all."""
    offers = offered_next(events, ruleset)
    if not offers:
        raise RuleError("no move is offered next: a table row that names a move offers it")
    offered = [ruleset.move(m) for m, _ in offers]
    if which is not None:
        try:
            chosen = find_move(offered, which)
        except HearthrollError:
            names = ", ".join(m.name for m in offered)
            said = f"{which!r} is not offered next; the last roll offers {names}"
            raise RuleError(said) from None
        move_id, preset = offers[offered.index(chosen)]
    elif len(offers) > 1:
        pairs = zip(offered, offers, strict=True)
        names = ", ".join(_offer_words(m.name, p) for m, (_, p) in pairs)
        first = offered[1].name.lower()
        raise RuleError(
            f"the last roll offers several moves next: {names}; say which after next, "
            f'e.g. `move FILE next "{first}"`'
        )
    else:
        move_id, preset = offers[0]
    return move_id, [preset, *picks] if preset and preset not in picks else list(picks)


def _offer_words(name: str, preset: str) -> str:
    return f"{name} ({preset})" if preset else name


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
