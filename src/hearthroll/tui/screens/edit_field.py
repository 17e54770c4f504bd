"""Edit any sheet field: a path (NAME.field or steading.field) and a value, checked by the
engine; a bad value is refused with the reason and the modal stays open."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.suggester import SuggestFromList
from textual.widgets import Input, Static

from hearthroll.tui.screens.dialog import Check, Dialog, error_line


class EditField(Dialog[tuple[str, str]]):
    """Path, then value; Enter on the value sets it. The value field opens on what the field
    holds now (typing replaces it); +2 and -3 change a number by that much, =-2 sets it."""

    def __init__(
        self,
        path: str,
        paths: Sequence[str],
        check: Check[tuple[str, str]],
        current: Callable[[str], str | None] = lambda path: None,
    ) -> None:
        super().__init__(check)
        self._path = path
        self._paths = tuple(paths)
        self._current = current

    def compose(self) -> ComposeResult:
        with Vertical(id="edit-field", classes="dialog small"):
            yield Static("Edit a field", classes="title")
            yield Input(
                value=self._path,
                placeholder="Brannoc.hp or steading.size",
                suggester=SuggestFromList(self._paths, case_sensitive=False),
                id="path",
                select_on_focus=False,  # "Brannoc." is there to be typed after
            )
            yield Input(placeholder="value, or +2 / -3 to change a number", id="value")
            yield Static("", id="now", classes="hint", markup=False)
            yield error_line()
            yield Static("→ accept suggestion  ⏎ next / set  esc cancel", classes="keys")

    def on_mount(self) -> None:
        self.query_one("#path", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "path":
            self._show_current(event.value.strip())
            self.query_one("#value", Input).focus()
            return
        path = self.query_one("#path", Input).value.strip()
        self.submit((path, event.value))

    def _show_current(self, path: str) -> None:
        """The field's value now, in the value box (selected: typing replaces it)."""
        now = self._current(path)
        hint = self.query_one("#now", Static)
        if now is None:
            hint.update("")
            return
        self.query_one("#value", Input).value = now
        number = now.lstrip("+-").isdigit()
        hint.update(
            f"{path} is {now} now" + ("; +2 or -3 changes it by that much" if number else "")
        )
