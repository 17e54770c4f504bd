"""The steading's sheet: size, season, the five stats, flags, the muster and the plans."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive

from hearthroll.core.numbers import signed
from hearthroll.tui.views import SteadingView
from hearthroll.tui.widgets.pane import Pane, retitle


class SteadingSheet(Pane):
    """The village the party calls home."""

    view: reactive[SteadingView | None] = reactive(None, init=False, repaint=False)

    def on_mount(self) -> None:
        self.watch_view(self.view)  # hidden from the start where the campaign has none

    def watch_view(self, view: SteadingView | None) -> None:
        retitle(self, view.name if view else "steading")
        self.display = view is not None
        self.fill(render_steading(view))


def render_steading(view: SteadingView | None) -> Text:
    """The sheet's text."""
    if view is None:
        return Text("")
    lines = [Text(f"{view.size} · {view.season}", style="bold")]
    stats = [Text.assemble((name, "dim"), f" {signed(value)}") for name, value in view.stats]
    for start in range(0, len(stats), 3):
        lines.append(Text("  ").join(stats[start : start + 3]))
    lines.append(Text.assemble(("flags ", "dim"), (", ".join(view.flags) or "—", "yellow")))
    if view.muster:
        lines.append(Text.assemble(("muster ", "dim"), ", ".join(view.muster)))
    for plan in view.plans:
        done = sum(1 for _, ok in plan.requirements if ok)
        lines.append(Text(f"plan {plan.name} ({done}/{len(plan.requirements)})", style="bold"))
        for text, ok in plan.requirements:
            box = Text("[x] " if ok else "[ ] ", style="green" if ok else "")
            lines.append(Text.assemble("  ", box, (text, "dim" if ok else "")))
    return Text("\n").join(lines)
