"""The active character's sheet: level, XP bar, rerolls, meters, armor, load, gear, holds."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from hearthroll.tui.views import SheetView

BAR = 10


class CharacterSheet(Static):
    """The sheet of the character the GM is looking at."""

    view: reactive[SheetView | None] = reactive(None, init=False)

    def on_mount(self) -> None:
        self.watch_view(self.view)  # an empty party is None from the start: say so

    def watch_view(self, view: SheetView | None) -> None:
        if view is None:
            self.border_title = "no character"
        else:
            self.border_title = f"{view.name} ({view.template})" if view.template else view.name
        self.update(render_sheet(view))


def xp_bar(xp: int, needed: int) -> Text:
    """`▰▰▰▱▱▱▱▱▱▱ 3/10`."""
    filled = min(BAR, BAR * xp // needed) if needed > 0 else BAR
    return Text.assemble(("▰" * filled, "green"), ("▱" * (BAR - filled), "dim"), f" {xp}/{needed}")


def _line(label: str, value: str | Text) -> Text:
    return Text.assemble((f"{label} ", "dim"), value)


def _maneuver(name: str, efficacy: int | None, waits: int) -> str:
    """`Kick 85 ready`, `Bash 90 waits 2` (rounds)."""
    skill = f" {efficacy}" if efficacy is not None else ""
    return f"{name}{skill} {f'waits {waits}' if waits else 'ready'}"


def render_sheet(view: SheetView | None) -> Text:
    """The sheet's text."""
    if view is None:
        return Text("no characters yet: press A to add one", style="dim")
    head = Text(f"level {view.level}", style="bold")
    if view.rerolls is not None:
        head.append(f" · rerolls {view.rerolls}/{view.level}", style="cyan")
    lines = [head]
    if view.xp_needed is not None:
        lines.append(_line("XP", xp_bar(view.xp, view.xp_needed)))
    else:
        lines.append(_line("XP", str(view.xp)))
    body = [
        f"{name} {value}" + (f"/{top}" if top is not None else "")
        for name, value, top in view.meters
    ]
    body.append(f"armor {view.armor}")
    lines.append(Text(" · ".join(body)))
    carry = [f"load {view.load}/{view.load_max}"] if view.load_max is not None else []
    carry += [f"{n} {v:+d}" for n, v in view.stats]
    carry += list(view.scores)
    if carry:
        lines.append(Text(" · ".join(carry)))
    if view.breaking_point is not None:
        lines.append(_line("breaking point", str(view.breaking_point)))
    if view.maneuvers:
        lines.append(Text("\n".join(_maneuver(*m) for m in view.maneuvers)))
    lines.append(_line("gear", ", ".join(view.gear) or "—"))
    lines.append(_line("holds", "  ".join(f"{n} {v}" for n, v in view.holds) or "—"))
    if view.conditions:
        lines.append(_line("conditions", Text(", ".join(view.conditions), style="yellow")))
    if view.forward:
        lines.append(Text(f"{view.forward:+d} forward", style="bold cyan"))
    if view.notes:
        lines.append(_line("notes", view.notes))
    if view.ready:
        lines.append(Text("▲ ready to Level Up (L)", style="bold green"))
    return Text("\n").join(lines)
