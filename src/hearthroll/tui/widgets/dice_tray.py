"""The dice tray: the turn, the last roll's dice (kept and dropped), its band, text and
results, the next actions with their keys, and the exact odds of the next push."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.reactive import reactive
from textual.widgets import Static

from hearthroll.core.rules.describe import join_phrases
from hearthroll.tui.views import RollView, TrayView
from hearthroll.tui.widgets import overflow
from hearthroll.tui.widgets.pane import Pane, retitle

BAND_STYLE = {
    "miss": "bold white on red",
    "fumble": "bold white on red",
    "fail": "bold red",
    "weak": "bold black on yellow",
    "weak_high": "bold black on yellow",
    "weak_low": "bold black on yellow",
    "strong": "bold black on green",
    "hit": "bold black on green",
    "critical": "bold white on magenta",
}


class DiceTray(Vertical):
    """The turn (in the border), what the dice said, and below it, always in view, what can
    happen next and the odds of a push."""

    view: reactive[TrayView | None] = reactive(None, init=False, repaint=False)
    large = False
    """The tray has room for the dice drawn large (one box per die)."""

    def compose(self) -> ComposeResult:
        yield Pane(id="tray-roll")
        yield Pane(id="tray-next")

    def watch_view(self, view: TrayView | None) -> None:
        retitle(self, view.turn if view is not None and view.turn else "dice tray")
        self.query_one("#tray-roll", Pane).fill(render_roll_part(view, large=self.large))
        self.query_one("#tray-next", Pane).fill(render_next(view))
        self.call_after_refresh(self._say_more)

    def on_resize(self, event: events.Resize) -> None:
        large = event.size.width >= LARGE_WIDTH and event.size.height >= LARGE_HEIGHT
        if large != self.large:
            self.large = large
            self.watch_view(self.view)
        self.call_after_refresh(self._say_more)

    def _say_more(self) -> None:
        """The bottom border says so when the roll's lines run past the room it has."""
        roll = self.query_one("#tray-roll", Static)
        text = render_roll_part(self.view, large=self.large)
        retitle(self, subtitle=overflow.more(self) if overflow.overflows(roll, text) else "")


def faces(roll: RollView) -> Text:
    """Kept dice as `[4] [6]`, 1s in red and 6s in green; dropped dice struck through apart."""
    text = Text()
    for face in roll.kept:
        style = "bold red" if face == 1 else "bold green" if face == 6 else "bold"
        text.append(f"[{face}]", style=style)
        text.append(" ")
    if roll.dropped:
        text.append(" dropped ", style="dim")
        text.append(" ".join(f"[{f}]" for f in roll.dropped), style="dim strike")
    if roll.total is not None and roll.mechanic not in ("pool", "stat_dice"):
        text.append(f"  total {roll.total}", style="bold")
    return text


LARGE_WIDTH, LARGE_HEIGHT = 70, 20
"""From this size the tray draws each die as a box."""


def big_faces(roll: RollView) -> Text:
    """Each kept die as a box (1s red, 6s green), and apart from them the dropped ones, dim
    and struck through: three lines."""
    rows: list[Text] = [Text(), Text(), Text()]
    dice = [(face, _face_style(face), False) for face in roll.kept]
    dice += [(face, "dim", True) for face in roll.dropped]
    wide = max((len(str(face)) for face, _, _ in dice), default=1)  # a d20's 15, a d100's 100
    for number, (face, style, dropped) in enumerate(dice):
        if number == len(roll.kept):
            for row, part in zip(rows, ("         ", " dropped ", "         "), strict=True):
                row.append(part, style="dim")
        rows[0].append(f"╭─{'─' * wide}─╮ ", style=style)
        rows[1].append("│ ", style=style)
        rows[1].append(str(face).center(wide), style=f"{style} strike" if dropped else style)
        rows[1].append(" │ ", style=style)
        rows[2].append(f"╰─{'─' * wide}─╯ ", style=style)
    if roll.total is not None and roll.mechanic not in ("pool", "stat_dice"):
        rows[1].append(f"  total {roll.total}", style="bold")
    return Text("\n").join(rows)


def _face_style(face: int) -> str:
    return "bold red" if face == 1 else "bold green" if face == 6 else "bold"


def band_line(roll: RollView) -> Text:
    """The band in words and colour: BUST, 4–5 (7–9), SUCCESS WITH A 6…"""
    if not roll.band:
        return Text("")
    words = roll.words or roll.band
    if roll.label and _plain(roll.label) not in _plain(words):
        # The move's own label says what happened ("Lands", "Away"); the generic word ("hit")
        # would say it twice. Only a natural 1 is worth saying beside a label that doesn't.
        words = roll.label
        if roll.band == "fumble" and roll.words and _plain(roll.words) not in _plain(words):
            words = f"{roll.label} · {roll.words}"
    text = Text(f" {words.upper()} ", style=BAND_STYLE.get(roll.band, "bold reverse"))
    if roll.pending:
        text.append("  the bust waits: reroll or accept", style="bold red")
    elif roll.match:
        text.append("  a match!", style="bold magenta")
    return text


def _plain(text: str) -> str:
    return text.lower().replace("–", "-")


def render_roll(roll: RollView, *, results: bool = True, large: bool = False) -> list[Text]:
    """The roll's lines: the dice (large: a box each, on lines of their own), the band and its
    words, then what it did. A move with no roll has no band: its own text comes last, after
    what it did, as it is the longest."""
    if large and roll.kept:
        lines = [Text(roll.title, style="bold"), big_faces(roll)]
    else:
        lines = [Text.assemble((roll.title, "bold"), "  ", faces(roll))]
    if roll.line:
        lines.append(Text(roll.line, style="bold"))
    text = Text(roll.text) if roll.text and not roll.pending else None
    if roll.band:
        lines.append(band_line(roll))
        if text is not None:
            lines.append(text)
    if roll.modifiers:  # one line for all of them: a small tray keeps its room for the rest
        lines.append(Text(f"({' · '.join(roll.modifiers)})", style="italic cyan"))
    if roll.picked:
        lines.append(Text.assemble(("picked ", "dim"), join_phrases(roll.picked)))
    if results and roll.results:  # one wrapped paragraph: a small tray shows them all
        lines.append(Text("• " + join_phrases(roll.results)))
    if not roll.band and text is not None:
        lines.append(Text(roll.text, style="dim"))
    return lines


def render_roll_part(view: TrayView | None, *, large: bool = False) -> Text:
    """The last roll (the turn is the tray's border title)."""
    if view is None:
        return Text("")
    lines: list[Text] = []
    if view.roll is not None:
        lines += render_roll(view.roll, large=large)
    else:
        lines.append(Text("no roll yet: press / and type a move", style="dim"))
    return Text("\n").join(lines)


def render_next(view: TrayView | None) -> Text:
    """The next actions with their keys, and the odds of the next push."""
    if view is None:
        return Text("")
    actions = Text("  ").join(
        Text.assemble((key, "bold reverse"), f" {label}") for key, label in view.actions
    )
    if view.odds:
        actions.append("\n")
        actions.append(view.odds, style="magenta")
    return actions
