"""Make a Plan: write a project down with its requirements, one tick box each."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from hearthroll.tui.screens.dialog import Check, Dialog, error_line

NewPlan = tuple[str, list[str]]


class PlanForm(Dialog[NewPlan]):
    """A name, then the requirements separated by semicolons."""

    def __init__(self, check: Check[NewPlan]) -> None:
        super().__init__(check)

    def compose(self) -> ComposeResult:
        with Vertical(id="new-plan", classes="dialog small"):
            yield Static("Make a Plan", classes="title")
            yield Input(placeholder="what you hope to achieve", id="name")
            yield Input(placeholder="requirements; separated; by semicolons", id="requirements")
            yield error_line()
            yield Static("⏎ next / add  esc cancel", classes="keys")

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "name":
            self.query_one("#requirements", Input).focus()
            return
        name = self.query_one("#name", Input).value
        parts = [p.strip() for p in event.value.split(";") if p.strip()]
        self.submit((name, parts))
