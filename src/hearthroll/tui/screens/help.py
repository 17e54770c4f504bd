"""Every key, grouped: the table's keys and those inside the palette and the modals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

Section = tuple[str, Sequence[tuple[str, str]]]


def key_table(sections: Sequence[Section]) -> Group:
    """The keys as one table per section."""
    parts: list[RenderableType] = []
    for title, keys in sections:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold cyan", no_wrap=True, min_width=10)
        table.add_column()
        for key, text in keys:
            table.add_row(key, text)
        parts += [Text(title, style="bold underline"), table, Text("")]
    return Group(*parts)


class HelpScreen(ModalScreen[None]):
    """Every key; Escape, q or ? closes."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,question_mark", "close", "Close")]

    def __init__(self, sections: Sequence[Section]) -> None:
        super().__init__()
        self._sections = tuple(sections)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help", classes="dialog"):
            yield Static(key_table(self._sections))

    def on_mount(self) -> None:
        self.query_one("#help").focus()

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss(None)
