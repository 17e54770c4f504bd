"""The move log: every event, newest at the bottom, one line each; Enter shows its record."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from hearthroll.tui.messages import EventChosen
from hearthroll.tui.views import LogView


class MoveLog(OptionList):
    """The log as a list; the newest event is highlighted after each change."""

    view: reactive[LogView] = reactive(LogView(), init=False)

    def watch_view(self, view: LogView) -> None:
        options = [
            Option(
                Text.assemble(
                    (f"#{line.seq} ", "dim"),
                    (line.text, "dim strike" if line.undone else ""),
                ),
                id=str(line.seq),
            )
            for line in view.lines
        ]
        self.set_options(options)
        if options:
            self.highlighted = len(options) - 1
            self.scroll_end(animate=False)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(EventChosen(int(event.option.id)))
