"""A session recap in Markdown, fit to paste into a group chat."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

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
    """The recap of `events`: a heading per day, a line per event that still stands."""
    undone = {e.seq for e in events} - {e.seq for e in standing(events)}
    return "".join(recap_chunks(store, events, undone))


def recap_chunks(store: CampaignStore, events: Iterable[Event], undone: set[int]) -> Iterator[str]:
    """The recap, piece by piece as `events` come (each once, oldest first), leaving out the
    `undone` events and the undo and redo lines: what `markdown_recap` returns, in the same
    bytes, without holding the log."""
    title = store.state.name or store.path.stem
    blank = _BlankLines()
    yield blank.fix(f"# {title}: session recap\n")
    day = None
    shown = False
    for event in events:
        if event.kind in ("undo", "redo") or event.seq in undone or event.secret:
            continue  # a secret note is the GM's own, not the group chat's
        shown = True
        date = event.at[:10]
        if date != day:
            day = date
            yield blank.fix(f"\n\n## {date or 'undated'}\n")
        yield blank.fix(f"\n{_line(event)}")
    if not shown:
        yield blank.fix("\n_Nothing has happened yet._")
    yield blank.end() + "\n"


class _BlankLines:
    """Three line breaks in a row become two, as `str.replace` does over the whole text: each
    run of line breaks is held back until the text after it shows where the run ends."""

    def __init__(self) -> None:
        self._run = ""

    def fix(self, text: str) -> str:
        text = self._run + text
        body = text.rstrip("\n")
        self._run = text[len(body) :]
        return body.replace("\n\n\n", "\n\n")

    def end(self) -> str:
        run, self._run = self._run, ""
        return run.replace("\n\n\n", "\n\n")
