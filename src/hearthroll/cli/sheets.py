"""The campaign as text for `hearthroll state`: the party, the steading, the open turn."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.rules.model import Ruleset


def print_state(state: Campaign, ruleset: Ruleset, console: Console | None = None) -> None:
    """Print the sheets, the steading and the turn."""
    console = console or Console()
    party = Table(title=f"{state.name or 'campaign'} · {ruleset.name}", title_justify="left")
    for column in ("name", "level", "XP", "rerolls", "HP", "armor", "holds", "conditions"):
        party.add_column(column)
    for c in state.characters.values():
        need = f"/{ruleset.xp.needed(c.level)}" if ruleset.xp else ""
        hp = c.meters.get("hp")
        top = c.maxima.get("hp")
        party.add_row(
            c.name + (" ◀" if c.name == state.active else ""),
            str(c.level),
            f"{c.xp}{need}",
            str(c.rerolls_left),
            f"{hp}/{top}" if hp is not None and top is not None else str(hp or ""),
            str(c.armor),
            ", ".join(f"{k} {v}" for k, v in c.holds.items()) or "-",
            ", ".join(c.conditions) or "-",
        )
    console.print(party)
    steading = state.steading
    if steading is not None:
        stats = "  ".join(f"{k.title()} {v:+d}" for k, v in steading.stats.items())
        flags = ", ".join(steading.flags) or "no flags"
        console.print(f"[bold]{escape(steading.name)}[/bold] · {steading.size} · {steading.season}")
        console.print(f"  {stats}")
        console.print(f"  {flags}")
        for plan in steading.plans:
            ticks = " ".join("[x]" if r.done else "[ ]" for r in plan.requirements)
            console.print(f"  plan: {plan.name} {ticks}", markup=False)
    turn = state.turn
    if turn.actor:
        dice = ", ".join(str(f) for f in turn.last.faces) if turn.last else ""
        console.print(
            f"turn: {turn.actor}, {turn.pushes} RISKY move(s), {turn.status}"
            + (f", dice [{dice}]" if dice else "")
        )
    else:
        console.print("turn: none open")
