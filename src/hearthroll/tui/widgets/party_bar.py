"""The party bar: every character's name with a one-line status; the active one marked."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from hearthroll.tui.views import Member, PartyView
from hearthroll.tui.widgets.pane import Pane


class PartyBar(Pane):
    """`1 ▶Brannoc L2 HP 10/10 ⟳2` for each character; number keys pick them. A bigger party
    on a narrow terminal gets shorter entries, so that it stays on one line."""

    view: reactive[PartyView] = reactive(PartyView(), init=False, repaint=False)

    def watch_view(self, view: PartyView) -> None:
        self.fill(render_party(view, self.content_size.width))

    def on_resize(self) -> None:
        self.fill(render_party(self.view, self.content_size.width))


FULL, SHORT, NAMES = 0, 1, 2
"""How much each entry says: everything; no level and no meter's name; the name alone."""


def _member(member: Member, detail: int = FULL) -> Text:
    style = "bold reverse" if member.active else ""
    text = Text(f"{member.number}", style="dim")
    text.append("▶" if member.active else " ", style="bold")
    text.append(member.name, style=style)
    if detail == FULL:
        text.append(f" L{member.level}")
    if member.hp and detail < NAMES:
        hp = member.hp.replace(" ", "") if detail == FULL else member.hp.split()[-1]
        text.append(f" {hp}")
    if member.rerolls is not None and detail < NAMES:
        text.append(f" ⟳{member.rerolls}", style="cyan")
    if member.in_turn:
        text.append("●", style="yellow")
    if member.ready:
        text.append("▲", style="green")
    return text


def render_party(view: PartyView, width: int = 0) -> Text:
    """The bar's text: members side by side, each saying as much as one line of `width` holds
    (the shortest form wraps when even that does not fit)."""
    if not view.members:
        return Text("no characters yet: press A to add one", "dim")
    line = Text("")
    for detail, gap in ((FULL, "  "), (SHORT, "  "), (NAMES, " ")):
        line = Text(gap).join(_member(m, detail) for m in view.members)
        if width <= 0 or line.cell_len <= width:
            break
    return line
