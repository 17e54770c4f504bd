"""Add a character: a name, a template among the ruleset's (when it has any) and a level."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from hearthroll.core.numbers import whole_number
from hearthroll.tui.screens.dialog import Check, FormDialog, error_line

NewCharacter = tuple[str, str, int | None]
"""The name, the template's id ("" when the ruleset has none) and the level (None: the
ruleset's start level)."""


class CharacterForm(FormDialog[NewCharacter]):
    """Name, template and level; Enter in any field adds the character, tab moves on."""

    def __init__(
        self, templates: Sequence[tuple[str, str]], check: Check[NewCharacter], start: int = 1
    ) -> None:
        super().__init__(check)
        self._templates = tuple(templates)
        self._start = start
        """The ruleset's start level, which an empty level field gives."""

    def compose(self) -> ComposeResult:
        with Vertical(id="new-character", classes="dialog small"):
            yield Static("Add a character", classes="title")
            yield Input(placeholder="name", id="name")
            if self._templates:
                yield Static("template", classes="hint")
                yield OptionList(
                    *(Option(name, id=tid) for tid, name in self._templates),
                    id="template",
                    classes="choices",
                )
            yield Input(type="integer", placeholder=f"level ({self._start})", id="level")
            yield error_line()
            yield Static("tab next field  ⏎ add  esc cancel", classes="keys")

    def on_mount(self) -> None:
        for templates in self.query("#template").results(OptionList):
            templates.highlighted = 0
        self.query_one("#name", Input).focus()

    def read(self) -> NewCharacter | str:
        """What the form holds, or the reason the level cannot be read."""
        name = self.query_one("#name", Input).value
        template = ""
        for templates in self.query("#template").results(OptionList):
            index = templates.highlighted
            if index is not None:
                template = self._templates[index][0]
        text = self.query_one("#level", Input).value.strip()
        if not text:
            return name, template, None
        level = whole_number(text)
        if level is None:
            return f"the level is a whole number, not {text!r}"
        return name, template, level
