"""A session recap in Markdown, fit to paste into a group chat."""

from __future__ import annotations

from collections.abc import Sequence

from hearthroll.core.campaign.events import Event, standing
from hearthroll.store.campaigns import CampaignStore


def _line(event: Event) -> str:
    who = f"**{event.actor}**" if event.actor else "The GM"
    if event.kind == "note":
        return f"- _{event.text}_"
    if event.kind in ("move", "reroll", "accept", "prep"):
        name = event.move_name or event.move or ""
        verb = {
            "move": "",
            "reroll": "rerolls ",
            "accept": "takes the bust on ",
            "prep": "spends Preparation on ",
        }[event.kind]
        dice = f" 🎲 {' '.join(str(f) for f in event.dice)}" if event.dice else ""
        band = f" → {event.label or event.band}" if event.band else ""
        if event.pending:
            band += " (bust!)"
        picks = f"; picked {', '.join(event.options)}" if event.options else ""
        extra = f" — {'; '.join(event.results)}" if event.results else ""
        return f"- {who} {verb}{name}{dice}{band}{picks}{extra}"
    what = event.kind.replace("_", " ")
    detail = "; ".join(event.results)
    return f"- {who}: {what}" + (f" ({detail})" if detail else "")


def markdown_recap(store: CampaignStore, events: Sequence[Event]) -> str:
    """The recap: a heading per day, a line per event that still stands."""
    kept = standing(events)
    title = store.state.name or store.path.stem
    lines = [f"# {title}: session recap", ""]
    day = None
    for event in kept:
        date = event.at[:10]
        if date != day:
            day = date
            lines += ["", f"## {date or 'undated'}", ""]
        lines.append(_line(event))
    if not kept:
        lines.append("_Nothing has happened yet._")
    return "\n".join(lines).replace("\n\n\n", "\n\n") + "\n"
