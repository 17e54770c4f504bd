"""Whole numbers as people type them: ASCII digits 0-9 with an optional sign, and not too many.

Every typed number (the command line's arguments, typed dice, the app's fields) is read by
`whole_number`, so `３`, `²` or ten thousand digits are refused the same way everywhere, as
TOML refuses them in a file.
"""

from __future__ import annotations

import re

MAX_DIGITS = 15
"""More digits than any count, face or score needs; longer numbers are refused, not parsed."""

_WHOLE = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}", re.ASCII)


def whole_number(text: str) -> int | None:
    """The whole number `text` spells (a typographic minus − counts as -), or None."""
    cleaned = text.strip().replace("−", "-")
    if not _WHOLE.fullmatch(cleaned):
        return None
    return int(cleaned)


def describe(text: str) -> str:
    """`text` quoted for a message, cut short when it is long."""
    return repr(text) if len(text) <= 40 else f"{text[:20]!r}… ({len(text)} characters)"


def signed(amount: int) -> str:
    """A modifier as the sheet, the tray and the log write it: +2, +0, −1 (a typographic minus)."""
    return f"+{amount}" if amount >= 0 else f"−{-amount}"
