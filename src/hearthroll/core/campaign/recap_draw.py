"""The recap's model (a session's parts: rows and what changed) and its drawing, as plain text
or as Markdown, a few lines at a time."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from datetime import datetime

import attrs

from hearthroll.core.records import Record

NOTHING = "Nothing has happened yet."


@attrs.frozen
class Part(Record):
    """One part of a session's recap: whose it is, what they did, and what changed."""

    heading: str
    rows: tuple[str, ...] = ()
    """A line each: a roll, or another event, in words."""
    changed: tuple[str, ...] = ()
    """Each field changed over the session, from its value at the start to its value at the
    end: "XP 3 → 5"."""
    notes: bool = False
    """The GM's notes: each row is a note's text."""


@attrs.frozen
class Session(Record):
    """One evening's recap."""

    first: datetime | None
    last: datetime | None
    events: int
    """The events that still stand in it."""
    parts: tuple[Part, ...]


@attrs.frozen
class Recap(Record):
    """A campaign's recap: its title and its sessions, oldest first."""

    title: str
    sessions: tuple[Session, ...]


def _span(session: Session) -> str:
    """ "2026-12-01 19:00 – 22:59 · 12 events"."""
    count = f"{session.events} event{'s' if session.events != 1 else ''}"
    if session.first is None or session.last is None:
        return f"undated · {count}"
    end = f"{session.last:%H:%M}"
    if session.last.date() != session.first.date():
        end = f"{session.last:%Y-%m-%d %H:%M}"
    return f"{session.first:%Y-%m-%d %H:%M} – {end} · {count}"


def _draw(
    title: str,
    sessions: Iterable[Session],
    heading: Callable[[int, str], list[str]],
    row: Callable[[Part, str], str],
    changed: Callable[[str], str],
) -> Iterator[str]:
    yield _lines(heading(1, f"{title}: recap"))
    empty = True
    for session in sessions:
        empty = False
        yield from _line_chunks(_session_lines(session, heading, row, changed))
    if empty:
        yield f"\n{NOTHING}\n"


def _session_lines(
    session: Session,
    heading: Callable[[int, str], list[str]],
    row: Callable[[Part, str], str],
    changed: Callable[[str], str],
) -> Iterator[str]:
    yield ""
    yield from heading(2, _span(session))
    for part in session.parts:
        yield ""
        yield from heading(3, part.heading)
        for text in part.rows:
            yield row(part, text)
        if part.changed:
            yield changed("Changed: " + "; ".join(part.changed) + ".")


def _line_chunks(lines: Iterable[str], batch: int = 512) -> Iterator[str]:
    """`_lines(list(lines))`, a few hundred lines at a time: a long session's recap is
    written as it is drawn, never held as one text."""
    held = 0
    """Line breaks at the end of what was read, not yet written: what follows decides
    whether they are kept (a blank line) or dropped (the end)."""
    started = False
    for piece in _batches(lines, batch):
        text = ("\n" if started else "") + "\n".join(piece)
        started = True
        text = "\n" * held + text
        kept = text.rstrip("\n")
        held = len(text) - len(kept)
        while "\n\n\n" in kept:
            kept = kept.replace("\n\n\n", "\n\n")
        if kept:
            yield kept
    yield "\n"


def _batches(lines: Iterable[str], size: int) -> Iterator[list[str]]:
    batch: list[str] = []
    for line in lines:
        batch.append(line)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def _lines(lines: list[str]) -> str:
    """The lines as text ending in one line break, never two blank lines in a row."""
    text = "\n".join(lines).rstrip("\n")
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    return text + "\n"


def markdown_chunks(title: str, sessions: Iterable[Session]) -> Iterator[str]:
    """The recap in Markdown, a session at a time (for a group chat)."""

    def heading(level: int, text: str) -> list[str]:
        return [f"{'#' * level} {text}", ""]

    def row(part: Part, text: str) -> str:
        return f"- _{' '.join(text.split())}_" if part.notes else f"- {text}"

    return _draw(title, sessions, heading, row, lambda text: f"\n{text}")


def text_chunks(title: str, sessions: Iterable[Session]) -> Iterator[str]:
    """The recap as plain text, a session at a time (for a terminal)."""

    def heading(level: int, text: str) -> list[str]:
        rule = {1: "=", 2: "-"}.get(level)
        return [text, rule * len(text)] if rule else [text]

    def row(part: Part, text: str) -> str:
        return f"  “{' '.join(text.split())}”" if part.notes else f"  • {text}"

    return _draw(title, sessions, heading, row, lambda text: f"  {text}")
