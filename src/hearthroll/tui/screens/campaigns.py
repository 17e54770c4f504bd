"""The campaigns at hand: recent ones and the data folder's; open one or make a new one."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

NEW = Path("<new>")
"""The result that asks for a new campaign."""


class CampaignList(ModalScreen[Path | None]):
    """Enter opens the highlighted campaign, n makes a new one, Escape closes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("n", "new", "New campaign"),
    ]

    def __init__(self, paths: Sequence[Path], current: Path | None, folder: Path) -> None:
        super().__init__()
        self._paths = tuple(paths)
        self._current = current
        self._folder = folder

    def compose(self) -> ComposeResult:
        with Vertical(id="campaigns", classes="dialog"):
            yield Static("Campaigns", classes="title")
            yield OptionList(
                *(Option(self._line(p), id=str(i)) for i, p in enumerate(self._paths)),
                id="campaign-list",
            )
            yield Static(f"data folder: {self._folder}", classes="hint", markup=False)
            yield Static("⏎ open  n new campaign  esc close", classes="keys")

    def _line(self, path: Path) -> Text:
        text = Text(path.stem, style="bold")
        if path == self._current:
            text.append("  (open)", style="green")
        text.append(f"  {path.parent}", style="dim")
        return text

    def on_mount(self) -> None:
        widget = self.query_one("#campaign-list", OptionList)
        if self._paths:
            widget.highlighted = 0
        widget.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self._paths[int(event.option.id or 0)])

    def action_new(self) -> None:
        """Ask for a new campaign."""
        self.dismiss(NEW)

    def action_close(self) -> None:
        """Close the list."""
        self.dismiss(None)
