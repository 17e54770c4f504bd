"""Move cards and move lists, rendered with rich for the terminal."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from hearthroll.core.rules.describe import (
    BAND_WORDS,
    credit_line,
    effect_line,
    options_heading,
    roll_line,
    span_words,
    word,
)
from hearthroll.core.rules.model import Move, Ruleset
from hearthroll.core.rules.model import Table as RulesTable

BAND_STYLE = {
    "miss": "bold red",
    "fumble": "bold red",
    "fail": "red",
    "weak": "bold yellow",
    "strong": "bold green",
    "hit": "bold green",
    "critical": "bold magenta",
}


def _band_title(move: Move, band_id: str, label: str, low: int | None, high: int | None) -> Text:
    words = BAND_WORDS.get(move.roll.mechanic, {}).get(band_id, "")
    span = span_words(low, high)
    if span and move.roll.mechanic == "pool":
        span = f"highest die {span}"
    title = label or words or band_id
    if span and not label:
        title += f" ({span})"
    return Text(title, style=BAND_STYLE.get(band_id, "bold cyan"))


def card(move: Move, ruleset: Ruleset) -> RenderableType:
    """The whole move as a panel: trigger, text, roll, bands, options, effects, references."""
    parts: list[RenderableType] = [Text(move.trigger, style="italic")]
    if move.text:
        parts += [Text(""), Text(move.text)]
    parts += [Text(""), Text.assemble(("Roll: ", "bold"), roll_line(move, ruleset))]
    extra = []
    if move.cost:
        extra.append(f"costs {move.cost} {ruleset.cost_meter or 'stamina'}")
    if move.cooldown:
        extra.append(f"then wait {move.cooldown} turn{'s' if move.cooldown != 1 else ''}")
    if move.requires:
        extra.append("needs " + ", ".join(t.replace("_", " ") for t in move.requires))
    if extra:
        parts.append(Text("; ".join(extra), style="dim"))
    for band in move.bands:
        parts += [Text(""), _band_title(move, band.id, band.label, band.low, band.high)]
        parts.append(Padding(Text(band.text), (0, 0, 0, 2)))
        effects = [effect_line(e, ruleset) for e in move.effects if band.id in e.on]
        if effects:
            parts.append(Padding(Text("→ " + "; ".join(effects), style="cyan"), (0, 0, 0, 2)))
    for options in move.options:
        parts += [Text(""), Text(options_heading(options, move), style="bold")]
        for item in options.items:
            line = Text(f"  • {item.text}")
            if item.effects:
                line.append(
                    "  → " + "; ".join(effect_line(e, ruleset) for e in item.effects), "cyan"
                )
            parts.append(line)
    always = [effect_line(e, ruleset) for e in move.effects if not e.on]
    if always:
        parts += [Text(""), Text.assemble(("Always: ", "bold"), ("; ".join(always), "cyan"))]
    if move.refs:
        parts += [
            Text(""),
            Text("See also: " + ", ".join(word(ruleset, r) for r in move.refs), style="dim"),
        ]
    if move.source is not None:
        parts += [Text(""), Text("Source: " + credit_line(move.source), style="dim")]
    title = Text.assemble((move.name, "bold"), f"  {move.ruleset}")
    if move.risky:
        title.append("  RISKY", style="bold red")
    subtitle = ", ".join(move.aliases) if move.aliases else None
    return Panel(
        Group(*parts),
        title=title,
        title_align="left",
        subtitle=subtitle,
        subtitle_align="right",
        border_style="blue",
        padding=(0, 1),
    )


def table_card(table: RulesTable, ruleset: Ruleset) -> RenderableType:
    """A table as a panel: where it is found, its words, its die and every row, its credit."""
    parts: list[RenderableType] = []
    if table.collection:
        parts.append(Text(table.collection, style="italic"))
    if table.text:
        parts += [Text(table.text), Text("")]
    parts.append(Text.assemble(("Roll: ", "bold"), f"d{table.die}"))
    rows = Table(box=None, show_header=False, pad_edge=False, expand=False)
    rows.add_column("faces", style="bold", no_wrap=True, justify="right")
    rows.add_column("row")
    for row in table.rows:
        faces = str(row.low) if row.low == row.high else f"{row.low}–{row.high}"
        then = [word(ruleset, e.table) for e in row.effects if e.kind == "table" and e.table]
        rows.add_row(faces, row.text + (f"  → roll on {', '.join(then)}" if then else ""))
    parts.append(rows)
    if table.source is not None:
        parts += [Text(""), Text("Source: " + credit_line(table.source), style="dim")]
    title = Text.assemble((table.name, "bold"), f"  {ruleset.id} table")
    return Panel(
        Group(*parts), title=title, title_align="left", border_style="blue", padding=(0, 1)
    )


def print_table_card(table: RulesTable, ruleset: Ruleset, console: Console | None = None) -> None:
    """Print a table's card."""
    (console or Console()).print(table_card(table, ruleset))


def print_card(move: Move, ruleset: Ruleset, console: Console | None = None) -> None:
    """Print a move's card."""
    (console or Console()).print(card(move, ruleset))


def print_move_list(
    moves: Sequence[Move], *, grouped: bool, console: Console | None = None
) -> None:
    """A compact table of moves: name, ruleset, trigger; grouped by ruleset when listing all."""
    console = console or Console()
    batches = groupby(moves, key=lambda m: m.ruleset) if grouped else [("", iter(moves))]
    for ruleset, batch in batches:
        table = Table(box=None, show_header=False, pad_edge=False, expand=False)
        table.add_column("name", style="bold", no_wrap=True, min_width=18)
        if not grouped:
            table.add_column("ruleset", style="dim", no_wrap=True, min_width=10)
        table.add_column("trigger", overflow="ellipsis", no_wrap=True, max_width=80)
        for move in batch:
            name = move.name + (" ●" if move.risky else "")
            row = [name] if grouped else [name, move.ruleset]
            table.add_row(*row, move.trigger)
        if grouped:
            console.print(Text(ruleset, style="bold underline"))
        console.print(table)
        if grouped:
            console.print()
