"""The footer: Textual's, its key widgets made again only when the keys it shows change."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer

Shown = tuple[tuple[str, str, str, str, bool, str], ...]
"""The keys a footer draws: each one's key, its display, action, words, whether it can act,
and its tooltip."""


def shown_keys(screen: Screen[Any]) -> Shown:
    """What a footer on `screen` draws now, in its order."""
    display = screen.app.get_key_display
    return tuple(
        (b.key, display(b), b.action, b.description, enabled, tooltip or "")
        for _, b, enabled, tooltip in screen.active_bindings.values()
        if b.show or b.key == screen.app.COMMAND_PALETTE_BINDING
    )


class KeysFooter(Footer):
    """The keys that matter now. Textual's footer makes every key widget again each time the
    screen's bindings are refreshed; this one only when the keys shown, or their words, are
    not the ones it drew last (a key that leaves them alone, such as an undo of a note, costs
    the footer nothing)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._drawn: Shown | None = None

    def bindings_changed(self, screen: Screen[Any]) -> None:
        drawing = screen.app.app_focus and self.is_attached and screen is self.screen
        if not drawing:
            super().bindings_changed(screen)
            return
        shown = shown_keys(screen)
        if shown == self._drawn:
            return
        self._drawn = shown
        super().bindings_changed(screen)
