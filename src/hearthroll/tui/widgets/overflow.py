"""A pane that says so when its text runs past its bottom: on a short terminal (80x24) the
lines below are out of view, and the GM should know there are some."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static

from hearthroll.tui.widgets.pane import Pane, retitle

MORE = "▼ more below: a taller window shows it"
SHORT = "▼ more below"
"""What a narrow pane's border has room for."""


def more(pane: Widget) -> str:
    """The words for lines out of view, as long as the pane's border has room for."""
    return MORE if len(MORE) + 4 <= pane.size.width else SHORT


def rows(pane: Static, text: Text, width: int) -> int:
    """How many rows `text` takes in `pane` at this width."""
    return len(text.wrap(pane.app.console, width)) if width > 0 else 0


def overflows(pane: Static, text: Text) -> bool:
    """Whether `text` is taller than the pane's room (a pane not laid out yet has none)."""
    width, height = pane.content_size
    return 0 < height < rows(pane, text, width)


def show(pane: Pane, text: Text, over: bool | None = None) -> None:
    """Put `text` in the pane, its bottom border saying when some of it is out of view
    (`over`: whether it is, when already known)."""
    pane.fill(text)
    if over is None:
        over = overflows(pane, text)
    retitle(pane, subtitle=more(pane) if over else "")
