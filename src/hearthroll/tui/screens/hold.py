"""Gain or spend a hold: which one, and ±N."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from hearthroll.core.numbers import whole_number
from hearthroll.tui.screens.dialog import Check, Dialog, error_line


class HoldChange(Dialog[tuple[str, int]]):
    """Up/down picks the hold, the field takes +N or -N, Enter applies it."""

    def __init__(
        self, who: str, holds: Sequence[tuple[str, str, int]], check: Check[tuple[str, int]]
    ) -> None:
        super().__init__(check)
        self._who = who
        self._holds = tuple(holds)

    def compose(self) -> ComposeResult:
        with Vertical(id="hold", classes="dialog small"):
            yield Static(f"{self._who}: gain (+N) or spend (-N) a hold", classes="title")
            yield OptionList(
                *(
                    Option(f"{name} ({held} held)", id=hold_id)
                    for hold_id, name, held in self._holds
                ),
                id="holds",
            )
            yield Input(value="+1", id="amount")
            yield error_line()
            yield Static("↑↓ hold  ⏎ apply  esc cancel", classes="keys")

    def on_mount(self) -> None:
        holds = self.query_one("#holds", OptionList)
        holds.can_focus = False
        if self._holds:  # the first hold the character has some of, else the first
            held = [n for n, (_, _, count) in enumerate(self._holds) if count]
            holds.highlighted = held[0] if held else 0
        self.query_one("#amount", Input).focus()

    def key_up(self) -> None:
        self.query_one("#holds", OptionList).action_cursor_up()

    def key_down(self) -> None:
        self.query_one("#holds", OptionList).action_cursor_down()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        index = self.query_one("#holds", OptionList).highlighted
        if index is None:
            self.show_error("this ruleset has no holds")
            return
        text = event.value.strip().replace("−", "-")
        amount = whole_number(text)
        if amount is None:
            self.show_error(f"the amount is like +2 or -1, not {event.value!r}")
            return
        self.submit((self._holds[index][0], amount))
