"""The recap of a campaign's sessions: one model, drawn as plain text or as Markdown.

A session ends after 4 hours without an event. Each session's recap has a part per character
(their rolls and what changed on their sheet), the steading's part (its rolls and changes), the
other changes (tracks, the encounter), the oracles rolled and the GM's notes. The events are
taken one at a time and only the recap's lines are kept, so a whole log is recapped without
holding it.

What changed is told one way for every field (a hold, a meter, XP, a mark, a foe, the steading's
stats): once, from its value when the session began to its value when it ended, however many
times it moved in between; a field back where it started is left out. A field that came in
during the session (a foe's health) starts from the value it came in with, and one whose holder
went (the foe, when the fight ends) keeps the last value it had.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

import attrs

from hearthroll.core.campaign.deltas import Delta, Path
from hearthroll.core.campaign.events import Event, standing
from hearthroll.core.campaign.recap_changes import ABSENT, at, fields, owner_of, put, told_changes
from hearthroll.core.campaign.recap_draw import Part, Recap, Session, markdown_chunks, text_chunks
from hearthroll.core.campaign.recap_words import change_words, other_line, roll_line
from hearthroll.core.campaign.secrets import (
    HEALTH,
    PLAYERS,
    Audience,
    health_change,
    health_words,
    hide_health,
)
from hearthroll.core.rules.describe import join_phrases

if TYPE_CHECKING:  # the rules are asked of, never built, here: a plain log needs none
    from hearthroll.core.rules.model import Ruleset

SESSION_GAP = timedelta(hours=4)
"""A session ends after this long without an event."""

ROLLS = ("move", "reroll", "accept", "prep", "burn")
_SKIPPED = {"turn", "active", "history", "last_roll"}
"""Bookkeeping no recap speaks of: whose turn it is, who is looked at, the roll kept for
momentum to be burned on."""


def _when(event: Event) -> datetime | None:
    try:
        return datetime.fromisoformat(event.at) if event.at else None
    except ValueError:
        return None


def last_session(events: Sequence[Event], gap: timedelta = SESSION_GAP) -> list[Event]:
    """The newest events with no pause of `gap` or more between two of them (undated events
    belong to the session they sit in)."""
    found: list[Event] = []
    later: datetime | None = None
    for event in reversed(events):
        when = _when(event)
        if when is not None and later is not None and later - when >= gap:
            break
        if when is not None:
            later = when
        found.append(event)
    return found[::-1]


def split_sessions(events: Iterable[Event], gap: timedelta = SESSION_GAP) -> Iterator[list[Event]]:
    """`events` (oldest first) cut into sessions where a pause of `gap` or more falls: the same
    cut `last_session` makes, walking forward. Only one session is held at a time."""
    session: list[Event] = []
    earlier: datetime | None = None
    dated = 0
    """How many of `session`'s events run up to its newest dated one: the undated ones after
    it go with the next session if a pause comes (as `last_session` takes them)."""
    for event in events:
        when = _when(event)
        if when is not None and earlier is not None and when - earlier >= gap:
            yield session[:dated]
            session = session[dated:]
        if when is not None:
            earlier = when
        session.append(event)
        if when is not None:
            dated = len(session)
    if session:
        yield session


# --- building a session's recap -------------------------------------------------------------


class _SessionBuilder:
    """Takes a session's standing events one at a time, keeping only the recap's lines."""

    def __init__(self, ruleset: Ruleset | None, steading: str, audience: Audience) -> None:
        self.ruleset = ruleset
        self.steading = steading
        self.gm = audience.gm
        """The GM's recap: a foe's exact health and the secret notes too."""
        self.foes: dict[str, int | None] = dict(audience.tops)
        """The foes seen in the fight, with their starting health where it was seen."""
        self.first: datetime | None = None
        self.last: datetime | None = None
        self.count = 0
        self.rows: dict[str, list[str]] = {}
        """Rows by owner: a character's name, "steading" or "notes"."""
        self.changes: dict[Path, tuple[object, object]] = {}
        """Each field changed: its value when the session began (or it came in), and its last."""
        self.holders: set[Path] = set()
        """The paths with a changed field inside them."""

    def add(self, event: Event) -> None:
        if event.secret and not self.gm:  # the players' recap: not a hint the note was there
            return
        self.count += 1
        when = _when(event)
        if when is not None:
            self.first = when if self.first is None else min(self.first, when)
            self.last = when if self.last is None else max(self.last, when)
        for delta in event.deltas:
            self._change(delta)
        if event.kind == "note":
            self.rows.setdefault("notes", []).append(_note_line(event, self.gm))
        elif event.kind == "oracle":  # the GM's roll on a table: said, nothing changed
            self.rows.setdefault("oracles", []).append(join_phrases(event.results))
        elif event.steading:
            if event.kind in ROLLS:
                self.rows.setdefault("steading", []).append(
                    roll_line(self._told(event), self.ruleset)
                )
        elif event.actor:
            told = self._told(event)
            row = roll_line(told, self.ruleset) if event.kind in ROLLS else other_line(told)
            self.rows.setdefault(event.actor, []).append(row)

    def _told(self, event: Event) -> Event:
        """The event as the recap tells it: a foe's exact health in words, unless it is the
        GM's recap."""
        if self.gm or not self.foes:
            return event
        results = tuple(
            hide_health(r, lambda name: name not in self.foes, self.foes.get) for r in event.results
        )
        return attrs.evolve(event, results=results)

    def take_in(self, later: _SessionBuilder) -> None:
        """What `later` took, taken here after this one's own events (as if each had been
        added here in turn)."""
        self.count += later.count
        for when in (later.first, later.last):
            if when is not None:
                self.first = when if self.first is None else min(self.first, when)
                self.last = when if self.last is None else max(self.last, when)
        for owner, rows in later.rows.items():
            self.rows.setdefault(owner, []).extend(rows)
        self.foes.update(later.foes)
        for path, (before, after) in later.changes.items():
            self._note(path, before, after)

    def _change(self, delta: Delta) -> None:
        path = tuple(str(p) for p in delta.path)
        if not path or path[0] in _SKIPPED:
            return
        for name, foe in _foes_in(path, delta.after):
            top = getattr(foe, "maxima", {}).get(HEALTH)
            self.foes[name] = top if isinstance(top, int) else self.foes.get(name)
        for field, before, after in fields(path, delta.before, delta.after):
            self._note(field, before, after)

    def _note(self, path: Path, before: object, after: object) -> None:
        """One field's change taken in: the value it started the session with is kept and its
        end moves on, and a changed field holding it, or held in it, is kept in step."""
        for n in range(1, len(path)):
            if path[:n] in self.changes:
                start, end = self.changes[path[:n]]
                self.changes[path[:n]] = (start, put(end, path[n:], after))
        if path in self.holders:
            for inner, (start, end) in list(self.changes.items()):
                if len(inner) > len(path) and inner[: len(path)] == path:
                    now = at(after, inner[len(path) :])
                    self.changes[inner] = (start, end if now is ABSENT else now)
        self.changes[path] = (self.changes[path][0] if path in self.changes else before, after)
        self.holders.update(path[:n] for n in range(1, len(path)))

    def _foe_health(self, path: Path, pair: tuple[object, object]) -> str | None:
        """A foe's health as the players hear it ("Ogre hurt → bloodied"; its top not told);
        None where the path is no foe's health, or in the GM's recap."""
        if self.gm or len(path) != 5 or path[:2] != ("encounter", "foes") or path[4] != HEALTH:
            return None
        if path[3] == "maxima":
            return ""
        before, after = pair
        if path[3] != "meters" or not isinstance(after, int):
            return None
        top = self.foes.get(path[2])
        if isinstance(before, int):
            return f"{path[2]} {health_change(before, after, top)}"
        return f"{path[2]} {health_words(after, top) if top else 'hurt'}"

    def session(self) -> Session:
        changed: dict[str, list[str]] = {}
        for path, pair in told_changes(self.changes, self.ruleset).items():
            said = self._foe_health(path, pair)
            if said is None:
                said = change_words(path, pair, self.ruleset)
            if said:
                changed.setdefault(owner_of(path), []).append(said)
        owners = [o for o in self.rows if o not in ("steading", "notes", "oracles")]
        owners += [o for o in changed if o not in owners and o not in ("steading", "other")]
        heads = [(o, o) for o in owners]
        heads += [("steading", self.steading or "The steading"), ("other", "Elsewhere")]
        parts = [
            Part(head, tuple(self.rows.get(owner, ())), tuple(changed.get(owner, ())))
            for owner, head in heads
            if self.rows.get(owner) or changed.get(owner)
        ]
        if self.rows.get("oracles"):
            parts.append(Part("The oracles", tuple(self.rows["oracles"])))
        if self.rows.get("notes"):
            parts.append(Part("The GM's notes", tuple(self.rows["notes"]), notes=True))
        return Session(self.first, self.last, self.count, tuple(parts))


def _foes_in(path: Path, value: object) -> Iterator[tuple[str, object]]:
    """The foes a change to the encounter speaks of, by name, each with its whole self where the
    change holds it (the whole encounter, its foes, or one foe)."""
    if path == ("encounter",):
        path, value = ("encounter", "foes"), getattr(value, "foes", None)
    if path == ("encounter", "foes") and isinstance(value, dict):
        yield from ((str(k), v) for k, v in value.items())
    elif len(path) >= 3 and path[:2] == ("encounter", "foes"):
        yield path[2], value if len(path) == 3 else None


def _note_line(event: Event, gm: bool) -> str:
    return f"(secret) {event.text}" if gm and event.secret else event.text


def session_recap(
    events: Iterable[Event],
    ruleset: Ruleset | None = None,
    steading: str = "",
    undone: set[int] | None = None,
    audience: Audience = PLAYERS,
) -> Session:
    """One session's recap. Without `undone`, what the session's own undos and redos leave
    standing; with it, every event but those and the undo and redo lines."""
    builder = _SessionBuilder(ruleset, steading, audience)
    kept = standing(list(events)) if undone is None else _kept(events, undone)
    for event in kept:
        builder.add(event)
    return builder.session()


def _kept(events: Iterable[Event], undone: set[int]) -> Iterator[Event]:
    return (e for e in events if e.kind not in ("undo", "redo") and e.seq not in undone)


def recap_sessions(
    events: Iterable[Event],
    ruleset: Ruleset | None = None,
    steading: str = "",
    undone: set[int] | None = None,
    audience: Audience = PLAYERS,
) -> Iterator[Session]:
    """A recap of each session in `events` (oldest first), one at a time. `undone` names the
    events undone anywhere in the log (else each session's own undos count).

    With `undone`, no event is held: each is taken into its session's recap as it comes (the
    undated ones after a session's newest dated event into a recap of their own, which goes
    with the next session if a pause comes, as `split_sessions` cuts).
    """
    if undone is None:
        for events_of_one in split_sessions(events):
            session = session_recap(events_of_one, ruleset, steading, undone, audience)
            if session.events:
                yield session
        return
    current = _SessionBuilder(ruleset, steading, audience)
    tail = _SessionBuilder(ruleset, steading, audience)
    earlier: datetime | None = None
    for event in events:
        when = _when(event)
        if when is not None and earlier is not None and when - earlier >= SESSION_GAP:
            if current.count:
                yield current.session()
            current, tail = tail, _SessionBuilder(ruleset, steading, audience)
        kept = event.kind not in ("undo", "redo") and event.seq not in undone
        if when is None:
            if kept:
                tail.add(event)
            continue
        earlier = when
        if tail.count:
            current.take_in(tail)
            tail = _SessionBuilder(ruleset, steading, audience)
        if kept:
            current.add(event)
    current.take_in(tail)
    if current.count:
        yield current.session()


def build_recap(
    title: str,
    events: Iterable[Event],
    ruleset: Ruleset | None = None,
    steading: str = "",
    undone: set[int] | None = None,
    audience: Audience = PLAYERS,
) -> Recap:
    """The recap of `events`, held whole (for a session or a few)."""
    return Recap(title, tuple(recap_sessions(events, ruleset, steading, undone, audience)))


def markdown_recap(
    title: str,
    events: Sequence[Event],
    ruleset: Ruleset | None = None,
    steading: str = "",
    audience: Audience = PLAYERS,
) -> str:
    """The Markdown recap of `events`, every session in them (undone events left out)."""
    sessions = recap_sessions(events, ruleset, steading, _undone(events), audience)
    return "".join(markdown_chunks(title, sessions))


def text_recap(
    title: str,
    events: Sequence[Event],
    ruleset: Ruleset | None = None,
    steading: str = "",
    audience: Audience = PLAYERS,
) -> str:
    """The plain-text recap of `events`, every session in them (undone events left out)."""
    sessions = recap_sessions(events, ruleset, steading, _undone(events), audience)
    return "".join(text_chunks(title, sessions))


def _undone(events: Sequence[Event]) -> set[int]:
    return {e.seq for e in events} - {e.seq for e in standing(events)}
