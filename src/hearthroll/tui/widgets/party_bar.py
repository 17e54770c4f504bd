"""The party bar: every character's name with a one-line status; the active one marked."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from hearthroll.tui.views import Member, PartyView


class PartyBar(Static):
    """`1 ▶Brannoc L2 HP 10/10 ⟳2` for each character; number keys pick them."""

    view: reactive[PartyView] = reactive(PartyView(), init=False)

    def watch_view(self, view: PartyView) -> None:
        self.update(render_party(view))


def _member(member: Member) -> Text:
    style = "bold reverse" if member.active else ""
    text = Text(f"{member.number}", style="dim")
    text.append("▶" if member.active else " ", style="bold")
    text.append(member.name, style=style)
    text.append(f" L{member.level}")
    if member.hp:
        text.append(f" {member.hp.replace(' ', '')}")
    if member.rerolls is not None:
        text.append(f" ⟳{member.rerolls}", style="cyan")
    if member.in_turn:
        text.append("●", style="yellow")
    if member.ready:
        text.append("▲", style="green")
    return text


def render_party(view: PartyView) -> Text:
    """The bar's text: members side by side, wrapping when the terminal is narrow."""
    if not view.members:
        return Text("no characters yet: press A to add one", "dim")
    return Text("  ").join(_member(m) for m in view.members)
