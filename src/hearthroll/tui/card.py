"""A move's card for the palette's preview: trigger, text, roll, bands, options."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.text import Text

from hearthroll.core.rules.describe import (
    BAND_WORDS,
    credit_line,
    effect_line,
    options_heading,
    roll_line,
    word,
)
from hearthroll.core.rules.model import Move, Ruleset

BAND_COLOURS = {
    "miss": "red",
    "fumble": "red",
    "fail": "red",
    "weak": "yellow",
    "weak_high": "yellow",
    "weak_low": "yellow",
    "strong": "green",
    "hit": "green",
    "critical": "magenta",
}


def move_card(move: Move, ruleset: Ruleset) -> RenderableType:
    """The whole move, for reading at the table."""
    title = Text(move.name, style="bold")
    if move.risky:
        title.append("  RISKY", style="bold red")
    if move.aliases:
        title.append(f"  ({', '.join(move.aliases)})", style="dim")
    parts: list[RenderableType] = [title, Text(move.trigger, style="italic")]
    if move.text:
        parts.append(Text(move.text))
    parts.append(Text.assemble(("Roll: ", "bold"), roll_line(move, ruleset)))
    words = BAND_WORDS.get(move.roll.mechanic, {})
    for band in move.bands:
        label = band.label or words.get(band.id, band.id)
        colour = BAND_COLOURS.get(band.id, "cyan")
        line = Text.assemble((f"{label}: ", f"bold {colour}"), band.text)
        effects = [effect_line(e, ruleset) for e in move.effects if band.id in e.on]
        if effects:
            line.append("  → " + "; ".join(effects), style="cyan")
        parts.append(line)
    for options in move.options:
        parts.append(Text(options_heading(options, move), style="bold"))
        for item in options.items:
            parts.append(Padding(Text(f"• {item.text}"), (0, 0, 0, 1)))
    always = [effect_line(e, ruleset) for e in move.effects if not e.on]
    if always:
        parts.append(Text.assemble(("Always: ", "bold"), ("; ".join(always), "cyan")))
    if move.refs:
        parts.append(
            Text("See also: " + ", ".join(word(ruleset, r) for r in move.refs), style="dim")
        )
    if move.source is not None:
        parts.append(Text("Source: " + credit_line(move.source), style="dim"))
    return Group(*parts)
