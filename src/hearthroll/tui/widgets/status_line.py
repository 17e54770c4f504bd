"""The top line: the campaign, its ruleset and file, and whether everything is saved."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from hearthroll.tui.views import StatusView


class StatusLine(Static):
    """Campaign · ruleset · file, then "saved" or a loud NOT SAVED while saving fails."""

    view: reactive[StatusView] = reactive(StatusView("", "", ""), init=False, repaint=False)

    def watch_view(self, view: StatusView) -> None:
        self.set_class(view.error is not None and view.waiting > 0, "-failing")
        width = self.content_region.width
        self.update(render_status(view, width), layout=False)  # one line high: nothing moves

    def on_resize(self) -> None:
        self.watch_view(self.view)


def render_status(view: StatusView, width: int = 0) -> Text:
    """The line's text; in `width` columns (0: any), what is said to the GM goes before the
    campaign's name, and is shortened at a word, never cut inside one."""
    saved = _saved(view)
    text = Text.assemble((view.campaign, "bold"), f" · {view.ruleset} · {view.file}  ") + saved
    if not view.said:
        return text
    said = f"  {view.said}"
    if width and text.cell_len + len(said) > width:
        text = saved
        said = "  " + shortened(view.said, width - saved.cell_len - 2)
    text.append(said, style="bold")
    return text


def shortened(words: str, room: int) -> str:
    """`words` in `room` columns: whole, or cut before a word with "…" after."""
    if len(words) <= room:
        return words
    room = max(room - 1, 0)  # the "…"
    head = words[:room]
    if words[room] != " ":  # a word runs on past the room: it goes whole
        head = head.rsplit(" ", 1)[0] if " " in head else ""
    return head.rstrip(" :·,;") + "…"


def _saved(view: StatusView) -> Text:
    """Whether everything is on disk: saved, saving, or a loud NOT SAVED while it fails."""
    text = Text()
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
    return text
