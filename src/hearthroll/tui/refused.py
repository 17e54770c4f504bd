"""The engine's refusal in the table's words."""

from __future__ import annotations

from hearthroll.core.errors import HearthrollError


def at_table(error: HearthrollError) -> str:
    """The engine's refusal as the table says it: with the app's keys where the engine's words
    name the commands (a waiting bust: "reroll (r) or accept (a) first")."""
    words = getattr(error, "at_table", None)
    return words if isinstance(words, str) else str(error)
