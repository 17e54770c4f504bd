"""The steading: what a move made for the village leaves on it beyond its effects (a muster
remembers the options picked, so the season's turn can end what they gave)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.rules.effects import Option
from hearthroll.core.rules.model import Move

MUSTER = "muster"
"""The move whose options last while the steading stays mustered."""


def after_move(state: Campaign, move: Move, band: str | None, chosen: Sequence[Option]) -> Campaign:
    """A Muster that holds (4+) records its picks on the steading, until the season changes."""
    if move.id != MUSTER or band not in ("strong", "weak") or state.steading is None:
        return state
    muster = tuple(o.id for o in chosen)
    return attrs.evolve(state, steading=attrs.evolve(state.steading, muster=muster))
