"""Starforged's commands: burn momentum, the progress tracks, a companion or vehicle joining a
sheet, and the move a table row offers next (with real dice too)."""

from __future__ import annotations

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.games.assets import LIMITS
from hearthroll.core.games.progress import keeps_tracks
from hearthroll.core.rules.model import Ruleset
from hearthroll.core.verbs.offers import offered_next
from hearthroll.core.verbs.starforged import burn_offer
from hearthroll.tui.commands.base import Command, Seat
from hearthroll.tui.table_protocol import Table

# A command's body imports what only it needs when it runs: the first frame loads the command
# list, the footer and the why-not answers alone.


def _momentum(state: Campaign, ruleset: Ruleset) -> str | None:
    if "action" in ruleset.mechanics:
        return None
    return f"{ruleset.name} has no momentum to burn"


def _offers_next(state: Campaign, ruleset: Ruleset) -> str | None:
    if any(row.follow for t in ruleset.tables for row in t.rows):
        return None
    return f"{ruleset.name} has no table that offers a next move"


def _tracks(state: Campaign, ruleset: Ruleset) -> str | None:
    return None if keeps_tracks(state, ruleset) else f"{ruleset.name} has no progress tracks"


def _assets(state: Campaign, ruleset: Ruleset) -> str | None:
    if any(m.scope in LIMITS for m in ruleset.meters):
        return None
    return f"{ruleset.name} has no companions or vehicles"


def _action_rolls(state: Campaign, ruleset: Ruleset) -> bool:
    return "action" in ruleset.mechanics


def _burn(seat: Seat) -> str | None:
    burn, reason = burn_offer(seat.state, seat.ruleset, seat.active, seat.events)
    return None if burn is not None else reason


def _next(seat: Seat) -> str | None:
    if offered_next(seat.events, seat.ruleset, seat.state):
        return None
    return "no move is offered next (a table row that names one offers it)"


def burn(table: Table) -> None:
    """Burn momentum on the last action roll."""
    from hearthroll.tui import starforged

    starforged.burn(table)


def tracks(table: Table) -> None:
    """The progress tracks: new, mark, roll, clear, drop."""
    from hearthroll.tui import starforged

    starforged.tracks(table)


def assets(table: Table) -> None:
    """A companion or a vehicle joins the active character's sheet."""
    from hearthroll.tui import starforged

    starforged.assets(table)


def next_move(table: Table, typed: bool = False) -> None:
    """Play the move a table row offers next."""
    from hearthroll.tui.moves import next_move_flow

    next_move_flow(table, typed)


BURN = Command(
    key="b",
    action="burn",
    name="Burn momentum",
    help="burn momentum on the last action roll: it replaces the action score, then resets",
    footer="Burn",
    rank=31,
    in_footer=_action_rolls,
    offered=_momentum,
    why_not=_burn,
    run=burn,
)
TRACKS = Command(
    key="T",
    action="tracks",
    name="Tracks",
    help="progress tracks: new NAME / RANK, mark NAME [N], roll, clear, drop",
    footer="Tracks",
    rank=32,
    in_footer=_action_rolls,
    offered=_tracks,
    run=tracks,
)
ASSETS = Command(
    key="C",
    action="assets",
    name="Companion or vehicle",
    help="a companion or a vehicle joins the active character: companion NAME / MAX, "
    "vehicle NAME / MAX TYPE",
    offered=_assets,
    run=assets,
)
NEXT_MOVE = Command(
    key="o",
    action="next_move",
    name="Play next move",
    help="play the move a table row offers next (Face Death, Endure Harm −2), its harm "
    "preset; after a rough ride, each one aboard's in turn, or let the rest off",
    footer="Play next",
    rank=30,
    in_footer=_action_rolls,
    offered=_offers_next,
    why_not=_next,
    run=next_move,
)
NEXT_MOVE_TYPED = Command(
    key="O",
    action="next_move(True)",
    name="Play next real dice",
    help="the same, with the faces of real dice typed in (as F4 in the palette)",
    offered=_offers_next,
    why_not=_next,
    run=next_move,
)
