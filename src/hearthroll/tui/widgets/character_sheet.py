"""The active character's sheet: the sections its ruleset gives it, meters drawn as bars."""

from __future__ import annotations

import attrs
from rich.text import Text
from textual.reactive import reactive

from hearthroll.core.games.sheet import Line, Section
from hearthroll.core.numbers import signed
from hearthroll.tui.views import SheetView
from hearthroll.tui.widgets import overflow
from hearthroll.tui.widgets.pane import Pane, retitle

BAR = 10


class CharacterSheet(Pane):
    """The sheet of the character the GM is looking at."""

    view: reactive[SheetView | None] = reactive(None, init=False, repaint=False)
    keys = True
    """The GM's keys are named on the sheet (the players' view has none of them)."""

    def on_mount(self) -> None:
        self.watch_view(self.view)  # an empty party is None from the start: say so

    def on_resize(self) -> None:
        self.watch_view(self.view)

    def watch_view(self, view: SheetView | None) -> None:
        retitle(self, "no character" if view is None else view.title)
        text = render_sheet(view, keys=self.keys)
        over = overflow.overflows(self, text)
        if over:
            text = render_sheet(view, keys=self.keys, narrow=True)
            over = overflow.overflows(self, text)
        overflow.show(self, text, over)


def bar(value: int, top: int, style: str = "green") -> Text:
    """`▰▰▰▱▱▱▱▱▱▱ 3/10`."""
    filled = min(BAR, max(0, BAR * value // top)) if top > 0 else BAR
    return Text.assemble((("▰" * filled), style), ("▱" * (BAR - filled), "dim"), f" {value}/{top}")


def xp_bar(xp: int, needed: int) -> Text:
    """The XP bar."""
    return bar(xp, needed)


def _line(label: str, value: str | Text) -> Text:
    return Text.assemble((f"{label} ", "dim"), value)


def _meter(line: Line) -> Text:
    if line.value is None or line.top is None:
        return _line(line.label, line.text)
    share = line.value / line.top if line.top else 1
    style = "red" if share <= 0.3 else "yellow" if share <= 0.6 else "green"
    filled = min(BAR, max(0, BAR * line.value // line.top)) if line.top > 0 else BAR
    drawn = Text.assemble(f"{line.text} ", ("▰" * filled, style), ("▱" * (BAR - filled), "dim"))
    return _line(line.label, drawn)


def _compact(line: Line) -> str:
    """An asset's line as the narrow sheet shows it: `Rook (companion) ●●● 3/3`."""
    what, gauge, *marks = line.text.split(" · ")
    pips = gauge.split(" ", 1)[-1]
    return " · ".join([f"({what.removesuffix(' vehicle')}) {pips}", *marks])


def _momentum(section: Section, narrow: bool) -> list[Text]:
    """`Momentum +7 · max +10 · reset +2`, its −6..+10 scale on the line below, then the impacts
    marked; narrow, one line each: `Momentum +7/+10 · reset +2`, then the impacts alone."""
    rows: list[Text] = []
    for line in section.lines:
        if line.label == "impacts":
            if line.value:
                marked = Text(line.text, style="bold yellow")
                rows.append(marked if narrow else _line("impacts", marked))
            continue
        value, *scale, limits = line.text.split("  ")
        if narrow and line.top is not None:
            rows.append(_line(line.label, f"{value}/{signed(line.top)} · {_reset(limits)}"))
            continue
        rows.append(_line(line.label, f"{value} · {limits}"))
        if scale and not narrow:
            rows.append(Text(f"  {scale[0]}"))
    return rows


def _reset(limits: str) -> str:
    """`reset +2` of `max +10 · reset +2`."""
    return limits.rsplit(" · ", 1)[-1]


def _section(section: Section, narrow: bool = False) -> list[Text]:
    if section.id == "momentum":
        return _momentum(section, narrow)
    if narrow and section.id == "assets":
        section = attrs.evolve(
            section,
            lines=tuple(attrs.evolve(line, text=_compact(line)) for line in section.lines),
        )
    if section.bars:
        return [_meter(line) for line in section.lines]
    if section.id in ("meters", "assets"):  # pips already: one a line, no bar beside
        return [
            _line(line.label, Text(line.text, style="bold yellow" if line.warn else ""))
            for line in section.lines
        ]
    if section.id == "gear":
        names = Text(", ").join(
            Text(line.text, style="yellow" if line.warn else "") for line in section.lines
        )
        return [_line("gear", names)]
    parts = [
        Text(f"{line.label} {line.text}", style="bold yellow" if line.warn else "")
        for line in section.lines
    ]
    if section.id in ("holds", "conditions"):
        return [_line(section.title, Text("  ").join(parts))]
    return [Text(" · ").join(parts)]


def render_sheet(view: SheetView | None, *, keys: bool = True, narrow: bool = False) -> Text:
    """The sheet's text (`narrow`: compact, for a box too short for it: momentum on one line
    without its scale, the impacts without their label, an asset on one line; at 80×24 the
    whole starforged sheet stays in view, every impact marked)."""
    if view is None:
        return Text("no characters yet: press A to add one", style="dim")
    lines: list[Text] = []
    who, *rest = view.sections
    level = next((line for line in who.lines if line.label == "level"), None)
    head = Text(f"level {level.text}" if level else "", style="bold")
    rerolls = next((line for line in who.lines if line.label == "rerolls"), None)
    if rerolls is not None:
        head.append(f" · rerolls {rerolls.text}", style="cyan")
    lines.append(head)
    xp = next((line for line in who.lines if line.label == "XP"), None)
    if xp is not None and xp.value is not None and xp.top is not None:
        lines.append(_line("XP", xp_bar(xp.value, xp.top)))
    small: list[Text] = []
    for section in rest:
        if not section.lines:
            continue
        if section.id in ("armor", "load", "stats"):
            small.extend(_section(section, narrow))
            continue
        if small:
            lines.append(Text(" · ").join(small))
            small = []
        lines.extend(_section(section, narrow))
    if small:
        lines.append(Text(" · ").join(small))
    if view.ready:
        hint = " (L)" if keys else ""
        lines.append(Text(f"▲ ready to Level Up{hint}", style="bold green"))
    return Text("\n").join(lines)
