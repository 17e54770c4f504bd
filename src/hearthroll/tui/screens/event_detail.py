"""One event's whole record: who, the move, the dice, the band, the text, options, results,
and every delta it applied."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from hearthroll.core.campaign.events import Event
from hearthroll.core.rules.describe import MECHANIC_WORDS, join_phrases, option_text, value_words
from hearthroll.core.rules.model import Ruleset


def record(event: Event, ruleset: Ruleset | None = None) -> Group:
    """The event as a table of its fields and a table of its deltas."""
    move = next((m for m in ruleset.moves if m.id == event.move), None) if ruleset else None
    fields = Table.grid(padding=(0, 2))
    fields.add_column(style="dim", no_wrap=True)
    fields.add_column()
    rows: list[tuple[str, str]] = [
        ("event", f"#{event.seq} {event.kind.replace('_', ' ')}"),
        ("when", event.at or "saving…"),
        ("who", event.actor or ""),
        ("for", event.steading),
        ("move", event.move_name or event.move or ""),
        ("rolled with", event.rolled),
        ("roll", MECHANIC_WORDS.get(event.mechanic, event.mechanic)),
        ("pool", str(event.pool) if event.pool else ""),
        ("dice", ", ".join(map(str, event.dice))),
        ("kept", ", ".join(map(str, event.kept))),
        ("dropped", ", ".join(map(str, event.dropped))),
        ("total", "" if event.total is None else str(event.total)),
        ("band", event.label or event.band.replace("_", " ")),
        ("bust", "waits" if event.pending else "yes" if event.bust else ""),
        ("XP", f"+{event.xp_gained}" if event.xp_gained else ""),
        ("rerolls left", "" if event.rerolls_left is None else str(event.rerolls_left)),
        ("text", event.text),
        ("options", join_phrases(option_text(move, o) for o in event.options)),
        ("target", "" if event.target is None else f"event {event.target}"),
    ]
    for name, value in rows:
        if value:
            fields.add_row(name, Text(value))
    for line in event.results:
        fields.add_row("result", Text(line))
    for reason in event.modifiers:
        fields.add_row("modifier", Text(reason))
    deltas = Table(title="deltas", title_justify="left", expand=True, show_edge=False)
    deltas.add_column("what changed")
    deltas.add_column("before")
    deltas.add_column("after")
    for delta in event.deltas:
        deltas.add_row(
            " ".join(value_words(p, ruleset) for p in delta.path),
            value_words(delta.before, ruleset),
            value_words(delta.after, ruleset),
        )
    parts: list[Table | Text] = [fields]
    parts.append(
        deltas if event.deltas else Text("no deltas: nothing on the sheets changed", "dim")
    )
    return Group(*parts)


class EventDetail(ModalScreen[None]):
    """The record, scrollable; Escape or Enter closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,enter,q", "close", "Close")]

    def __init__(self, event: Event, ruleset: Ruleset | None = None) -> None:
        super().__init__()
        self._event = event
        self._ruleset = ruleset

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="event-detail", classes="dialog"):
            yield Static(record(self._event, self._ruleset))

    def on_mount(self) -> None:
        self.query_one("#event-detail").focus()

    def action_close(self) -> None:
        """Close the record."""
        self.dismiss(None)
