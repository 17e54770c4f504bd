"""What every small modal shares: Escape cancels, and a value the table refuses keeps the
modal open with the reason shown in place."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Generic, TypeVar

from textual.binding import Binding, BindingType
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static

T = TypeVar("T")

Check = Callable[[T], "str | None"]
"""Tries a value: None when the table took it, else the reason it was refused."""


class Dialog(ModalScreen[T | None], Generic[T]):
    """A modal that hands its value to `check` and closes only when the value is taken."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, check: Check[T] | None = None) -> None:
        super().__init__()
        self._check = check

    def submit(self, value: T) -> None:
        """Close with `value` if the table takes it; else show why not and stay open."""
        error = self._check(value) if self._check is not None else None
        if error:
            self.show_error(error)
        else:
            self.dismiss(value)

    def show_error(self, message: str) -> None:
        """The reason a value was refused, under the fields."""
        for error in self.query("#error").results(Static):
            error.update(message)
            error.display = True

    def action_cancel(self) -> None:
        """Close without a value."""
        self.dismiss(None)


class FormDialog(Dialog[T]):
    """A dialog of several fields: Enter in any field, or a choice picked, reads them all."""

    def read(self) -> T | str:
        """The value the fields hold, or the reason it cannot be read."""
        raise NotImplementedError

    def _go(self) -> None:
        value = self.read()
        if isinstance(value, str):
            self.show_error(value)
        else:
            self.submit(value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._go()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._go()


def error_line() -> Static:
    """The place where a refused value's reason appears."""
    line = Static("", id="error", classes="error", markup=False)
    line.display = False
    return line
