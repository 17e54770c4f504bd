"""The encounter: the round, each foe's health bar, armor, weapon, marks and whom it attacks."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from hearthroll.tui.views import EncounterView, FoeLine
from hearthroll.tui.widgets import overflow
from hearthroll.tui.widgets.pane import Pane, retitle

BAR = 10


class EncounterPane(Pane):
    """The fight under way, where the house game shows its steading."""

    view: reactive[EncounterView | None] = reactive(None, init=False, repaint=False)

    def on_mount(self) -> None:
        self.watch_view(self.view)  # hidden from the start where the campaign has none

    def watch_view(self, view: EncounterView | None) -> None:
        retitle(self, f"encounter · round {view.round}" if view else "encounter")
        self.display = view is not None
        overflow.show(self, render_encounter(view))

    def on_resize(self) -> None:
        self.watch_view(self.view)


def health_bar(value: int, top: int) -> Text:
    """`█████░░░░░ 10/20`, red when low."""
    filled = min(BAR, BAR * value // top) if top > 0 else 0
    style = "red" if filled <= BAR // 4 else "yellow" if filled <= BAR // 2 else "green"
    return Text.assemble(("█" * filled, style), ("░" * (BAR - filled), "dim"), f" {value}/{top}")


def _foe(foe: FoeLine) -> list[Text]:
    mark = ("▶ ", "bold cyan") if foe.target else ("  ", "")
    head = Text.assemble(mark, (foe.name, "bold"), "  ", health_bar(foe.health, foe.max_health))
    detail = [f"armor {foe.armor}", foe.weapon]
    if foe.attacking:
        detail.append(f"attacking {foe.attacking}")
    lines = [head, Text("    " + " · ".join(detail), style="dim")]
    if foe.marks:
        lines.append(Text("    " + ", ".join(foe.marks), style="yellow"))
    if foe.stunned:
        lines.append(Text("    stunned: loses its turns and guards", style="bold yellow"))
    return lines


def render_encounter(view: EncounterView | None) -> Text:
    """The pane's text."""
    if view is None:
        return Text("")
    lines: list[Text] = []
    if not view.foes:
        lines.append(Text("no foes: f adds one", style="dim"))
    for foe in view.foes:
        lines += _foe(foe)
    if view.acted:
        lines.append(Text.assemble(("acted ", "dim"), ", ".join(view.acted)))
    if view.fled:
        lines.append(Text.assemble(("fled ", "dim"), ", ".join(view.fled)))
    if view.no_way_out:
        lines.append(Text("no way out", style="bold red"))
    lines.append(
        Text("←/→ or Tab target · F hurt or heal it · N end round · f add foe", style="dim")
    )
    return Text("\n").join(lines)
