"""The campaign as text for `hearthroll state`: the party, the steading, the open turn."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.rules.model import Ruleset


def sheet_lines(state: Campaign, ruleset: Ruleset, name: str) -> list[str]:
    """A character's sheet as lines of text, section by section as the ruleset shapes it."""
    from hearthroll.core.games.sheet import character_sheet

    sheet = character_sheet(ruleset, state.characters[name])
    head = sheet.sections[0]
    marker = " ◀" if name == state.active else ""
    top = " · ".join(f"{line.label} {line.text}" for line in head.lines)
    lines = [f"{head.title}{marker} · {top}"]
    small: list[str] = []
    for section in sheet.sections[1:]:
        if not section.lines:
            continue
        if section.id == "gear":
            body = ", ".join(line.text for line in section.lines)
        else:
            body = " · ".join(f"{line.label} {line.text}" for line in section.lines)
        if section.id in ("meters", "armor", "load"):
            small.append(body)
            continue
        if small:
            lines.append("  " + " · ".join(small))
            small = []
        lines.append(
            f"  {section.title}: {body}" if section.id in ("gear", "holds") else f"  {body}"
        )
    if small:
        lines.append("  " + " · ".join(small))
    return lines


def print_state(state: Campaign, ruleset: Ruleset, console: Console | None = None) -> None:
    """Print the sheets, the steading and the turn."""
    console = console or Console()
    console.print(f"[bold]{escape(state.name or 'campaign')}[/bold] · {escape(ruleset.name)}")
    for name in state.characters:
        for line in sheet_lines(state, ruleset, name):
            console.print(line, markup=False, highlight=False, soft_wrap=True)
    if not state.characters:
        console.print("no characters yet")
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
    if "pool" not in ruleset.mechanics:
        return
    if turn.actor:
        dice = ", ".join(str(f) for f in turn.last.faces) if turn.last else ""
        console.print(
            f"turn: {turn.actor}, {turn.pushes} RISKY move(s), {turn.status}"
            + (f", dice [{dice}]" if dice else "")
        )
    else:
        console.print("turn: none open")
