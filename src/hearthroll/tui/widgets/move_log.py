"""The move log: every event, newest at the bottom, one line each; Enter shows its record."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from hearthroll.tui.messages import EventChosen
from hearthroll.tui.views import LogView


class MoveLog(OptionList):
    """The log as a list. A new event is highlighted as it comes; otherwise (older events put
    above, a sheet changed) the highlight stays on the event it was on."""

    view: reactive[LogView] = reactive(LogView(), init=False)

    def watch_view(self, old: LogView, view: LogView) -> None:
        kept = self._kept_highlight(old, view)
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
        if kept is not None:
            self.highlighted = kept
            self.scroll_to_highlight()
        elif options:
            self.highlighted = len(options) - 1
            self.scroll_end(animate=False)

    def _kept_highlight(self, old: LogView, view: LogView) -> int | None:
        """Where the highlighted event is in `view`, when no new event came with it."""
        if self.highlighted is None or not old.lines or not view.lines:
            return None
        if view.lines[-1].seq != old.lines[-1].seq or self.highlighted >= len(old.lines):
            return None
        seq = old.lines[self.highlighted].seq
        for index, line in enumerate(view.lines):
            if line.seq == seq:
                return index
        return None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(EventChosen(int(event.option.id)))
