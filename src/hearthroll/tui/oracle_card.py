"""An oracle's card for the palette's preview: a table's rows, or Ask the Oracle's odds."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from hearthroll.core.rules.describe import credit_line
from hearthroll.core.rules.model import Ruleset, TableRow
from hearthroll.core.rules.search import TABLE, Entry


def oracle_card(entry: Entry, ruleset: Ruleset) -> RenderableType:
    """The table's die, collection and every row; or what Ask the Oracle's odds mean."""
    if entry.kind != TABLE:
        return Group(
            Text(entry.name, style="bold"),
            Text("Ask a yes or no question at these odds.", style="italic"),
            Text(
                "Roll d100: at or under the odds, yes; over them, no. Both digits the same "
                "(11, 22, … 00) is a match: an extreme answer, or a twist."
            ),
            Text("⏎ asks · F4 real dice", style="dim"),
        )
    table = ruleset.table(entry.id)
    where = f" · {table.collection}" if table.collection else ""
    parts: list[RenderableType] = [
        Text.assemble((table.name, "bold"), (f"  d{table.die}{where}", "dim"))
    ]
    if table.text:
        parts.append(Text(table.text, style="italic"))
    parts += [_row(row) for row in table.rows]
    parts.append(Text("⏎ rolls · F4 real dice · F6 pick a row", style="dim"))
    if table.source is not None:
        parts.append(Text("Source: " + credit_line(table.source), style="dim"))
    return Group(*parts)


def _row(row: TableRow) -> Text:
    faces = str(row.low) if row.low == row.high else f"{row.low}–{row.high}"
    return Text.assemble((f"{faces:>7} ", "bold cyan"), row.text)
