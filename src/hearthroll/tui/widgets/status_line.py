"""The top line: the campaign, its ruleset and file, and whether everything is saved."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from hearthroll.tui.views import StatusView


class StatusLine(Static):
    """Campaign · ruleset · file, then "saved" or a loud NOT SAVED while saving fails."""

    view: reactive[StatusView] = reactive(StatusView("", "", ""), init=False)

    def watch_view(self, view: StatusView) -> None:
        self.set_class(view.error is not None and view.waiting > 0, "-failing")
        self.update(render_status(view))


def render_status(view: StatusView) -> Text:
    """The line's text."""
    text = Text.assemble((view.campaign, "bold"), f" · {view.ruleset} · {view.file}  ")
    if view.error is not None and view.waiting > 0:
        text.append(
            f"NOT SAVED — retrying ({view.waiting} waiting): {view.error}", style="bold reverse red"
        )
    elif view.waiting:
        text.append(f"saving {view.waiting}…", style="dim")
    elif view.note:
        text.append(f"saved (state file catches up): {view.note}", style="yellow")
    else:
        text.append("✓ saved", style="green")
    if view.said:
        text.append(f"  {view.said}", style="bold")
    return text
