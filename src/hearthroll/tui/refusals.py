"""Why a table key cannot act now, in words: the footer leaves such a key out, and pressing it
says the reason in the status line instead of doing nothing. Each command answers for itself
(`tui.commands`), asking the engine."""

from __future__ import annotations

from collections.abc import Sequence

from hearthroll.core.campaign.events import Event
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.rules.model import Ruleset
from hearthroll.tui.commands import Seat, command
from hearthroll.tui.refused import at_table

__all__ = ["at_table", "missing", "refusal"]


def missing(state: Campaign, ruleset: Ruleset, action: str) -> str | None:
    """Why this game has no such table key at all (the help and the footer leave it out, and
    pressed it says so); None when the game has it."""
    found = command(action)
    return found.offered(state, ruleset) if found is not None else None


def refusal(
    state: Campaign,
    ruleset: Ruleset,
    active: str | None,
    action: str,
    events: Sequence[Event] = (),
) -> str | None:
    """Why the table's `action` cannot act now; None when it can (or is always allowed).
    `events` is the recent log (what the newest roll offers next)."""
    found = command(action)
    return found.refusal(Seat(state, ruleset, active, events)) if found is not None else None
