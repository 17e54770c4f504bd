"""Typed dice: the faces of real dice ("3,1,6", or "3,1,6 / 4" with the damage die after /)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from hearthroll.tui.screens.dialog import Check, Dialog, error_line


class DiceInput(Dialog[str]):
    """Ask for faces; a wrong count or face is refused with the reason, Escape cancels."""

    def __init__(
        self,
        title: str,
        hint: str,
        check: Check[str],
        *,
        keys: str = "⏎ roll  esc cancel",
    ) -> None:
        super().__init__(check)
        self._title = title
        self._hint = hint
        self._keys = keys

    def compose(self) -> ComposeResult:
        with Vertical(id="dice-input", classes="dialog small"):
            yield Static(self._title, classes="title", markup=False)
            yield Static(self._hint, classes="hint", markup=False)
            yield Input(placeholder="the faces, like 3,1,6", id="faces")
            yield error_line()
            yield Static(self._keys, classes="keys")

    def on_mount(self) -> None:
        self.query_one("#faces", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit(event.value)
