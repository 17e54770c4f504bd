"""A one-line prompt: the GM's note, which die takes Preparation's +1."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from hearthroll.tui.screens.dialog import Check, Dialog, error_line


class LinePrompt(Dialog[str]):
    """One line of text, checked by the table before the prompt closes."""

    def __init__(
        self, title: str, check: Check[str], *, placeholder: str = "", value: str = ""
    ) -> None:
        super().__init__(check)
        self._title = title
        self._placeholder = placeholder
        self._value = value

    def compose(self) -> ComposeResult:
        with Vertical(id="line-prompt", classes="dialog small"):
            yield Static(self._title, classes="title", markup=False)
            yield Input(value=self._value, placeholder=self._placeholder, id="line")
            yield error_line()
            yield Static("⏎ done  esc cancel", classes="keys")

    def on_mount(self) -> None:
        self.query_one("#line", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit(event.value)
