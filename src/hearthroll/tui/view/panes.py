"""The players' view's own panes: the status line, the last roll drawn large, and the foes
with their health in words."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.reactive import reactive
from textual.widgets import Static

from hearthroll.core.campaign.secrets import HEALTH_WORDS
from hearthroll.tui.view.players import FightSeen, FoeSeen
from hearthroll.tui.views import TrayView
from hearthroll.tui.widgets.dice_tray import render_roll


class FollowLine(Static):
    """The top line: the campaign, that this is the players' view, and any trouble following."""

    words: reactive[tuple[str, str | None]] = reactive(("", None), init=False)

    def watch_words(self, words: tuple[str, str | None]) -> None:
        title, trouble = words
        self.set_class(trouble is not None, "-trouble")
        line = Text.assemble((title, "bold"), ("  · players' view", "dim"))
        if trouble:
            line.append(f"  · {trouble}", style="bold")
        self.update(line)


LARGE_WIDTH, LARGE_HEIGHT = 34, 10
"""From this size the dice are drawn as boxes (below it, the band keeps its place in view)."""


class LastRoll(Static):
    """The last roll, large: the dice, the band in words and colour, the outcome, the picks;
    the odds below when the GM allows them."""

    view: reactive[TrayView | None] = reactive(None, init=False)

    def watch_view(self, view: TrayView | None) -> None:
        self.border_title = view.turn if view is not None and view.turn else "last roll"
        large = self.size.width >= LARGE_WIDTH and self.size.height >= LARGE_HEIGHT
        self.update(render_last_roll(view, large=large))

    def on_resize(self, event: events.Resize) -> None:
        self.watch_view(self.view)


def render_last_roll(view: TrayView | None, *, large: bool = True) -> Text:
    """The pane's text."""
    if view is None:
        return Text("")
    lines: list[Text] = []
    if view.roll is None:
        lines.append(Text("no roll yet", style="dim"))
    else:
        lines += render_roll(view.roll, large=large)
    if view.odds:
        lines.append(Text(view.odds, style="magenta"))
    return Text("\n").join(lines)


HEALTH_STYLE = ("dim", "bold red", "red", "yellow", "green")
"""The bar's colour by how hurt the foe is: down … unhurt."""


def health_bar(foe: FoeSeen) -> Text:
    """`███░ hurt`: four cells by how hurt, then the words; never the numbers."""
    top = len(HEALTH_WORDS) - 1
    style = HEALTH_STYLE[foe.level]
    return Text.assemble(
        ("█" * foe.level, style), ("░" * (top - foe.level), "dim"), (f" {foe.health}", style)
    )


class FoesPane(Static):
    """The encounter: the round, each foe's health in words, armor, weapon, marks, target."""

    view: reactive[FightSeen | None] = reactive(None, init=False)

    def on_mount(self) -> None:
        self.watch_view(self.view)

    def watch_view(self, view: FightSeen | None) -> None:
        self.border_title = f"encounter · round {view.round}" if view else "encounter"
        self.display = view is not None
        self.update(render_fight(view))


def render_fight(view: FightSeen | None) -> Text:
    """The pane's text."""
    if view is None:
        return Text("")
    lines: list[Text] = []
    if not view.foes:
        lines.append(Text("no foes", style="dim"))
    for foe in view.foes:
        lines.append(Text.assemble((foe.name, "bold"), "  ", health_bar(foe)))
        detail = [f"armor {foe.armor}", foe.weapon]
        if foe.attacking:
            detail.append(f"attacking {foe.attacking}")
        lines.append(Text("  " + " · ".join(detail), style="dim"))
        if foe.marks:
            lines.append(Text("  " + ", ".join(foe.marks), style="yellow"))
        if foe.stunned:
            lines.append(Text("  stunned: loses its turns and guards", style="bold yellow"))
    if view.acted:
        lines.append(Text.assemble(("acted ", "dim"), ", ".join(view.acted)))
    if view.fled:
        lines.append(Text.assemble(("fled ", "dim"), ", ".join(view.fled)))
    if view.no_way_out:
        lines.append(Text("no way out", style="bold red"))
    return Text("\n").join(lines)
