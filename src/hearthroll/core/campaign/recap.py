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

from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

import attrs

from hearthroll.core.campaign.deltas import Delta, Path, diff, evolve
from hearthroll.core.campaign.events import Event, standing
from hearthroll.core.campaign.secrets import (
    HEALTH,
    PLAYERS,
    Audience,
    health_change,
    health_words,
    hide_health,
)
from hearthroll.core.rules.describe import band_words, join_phrases, option_text, value_words, word

if TYPE_CHECKING:  # the rules are asked of, never built, here: a plain log needs none
    from hearthroll.core.rules.model import Ruleset

SESSION_GAP = timedelta(hours=4)
"""A session ends after this long without an event."""

ROLLS = ("move", "reroll", "accept", "prep", "burn")
_SKIPPED = {"turn", "active", "history", "last_roll"}
"""Bookkeeping no recap speaks of: whose turn it is, who is looked at, the roll kept for
momentum to be burned on."""

NOTHING = "Nothing has happened yet."


@attrs.frozen
class Part:
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
class Session:
    """One evening's recap."""

    first: datetime | None
    last: datetime | None
    events: int
    """The events that still stand in it."""
    parts: tuple[Part, ...]


@attrs.frozen
class Recap:
    """A campaign's recap: its title and its sessions, oldest first."""

    title: str
    sessions: tuple[Session, ...]


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


def _roll_line(event: Event, ruleset: Ruleset | None) -> str:
    move = next((m for m in ruleset.moves if m.id == event.move), None) if ruleset else None
    name = event.move_name or event.move or ""
    verb = {
        "move": "",
        "reroll": "rerolls ",
        "accept": "takes the bust on ",
        "prep": "spends Preparation on ",
        "burn": "burns momentum on ",
    }[event.kind]
    rolled = f" ({event.rolled})" if event.rolled else ""
    dice = f" 🎲 {' '.join(str(f) for f in event.dice)}" if event.dice else ""
    if event.dropped:
        dice += f" (kept {' '.join(str(f) for f in event.kept)})"
    band = f" → {band_words(event.mechanic, event.band, event.label)}" if event.band else ""
    if event.pending:
        band += " (bust!)"
    picks = join_phrases(option_text(move, o) for o in event.options)
    extra = join_phrases(event.results)
    return (
        f"{verb}{name}{rolled}{dice}{band}"
        + (f"; picked {picks.rstrip('.')}" if picks else "")
        + (f" — {extra}" if extra else "")
    )


def _other_line(event: Event) -> str:
    detail = join_phrases(event.results)
    return event.kind.replace("_", " ") + (f": {detail}" if detail else "")


def _change_words(
    path: tuple[str, ...], pair: tuple[object, object], ruleset: Ruleset | None
) -> str:
    """ "XP 3 → 5", "Fortunes +1 → 0": the field (after its owner) by its name; the encounter
    and marks in the table's words ("the encounter ends", "Disarmed marked"); "" for
    bookkeeping no recap speaks of."""
    if path[0] == "encounter":
        return _encounter_words(path[1:], pair, ruleset)
    if path == ("clocks",):
        return _clock_words(pair)
    own = path[2:] if path[0] == "characters" else path[1:] if path[0] == "steading" else path
    if not own:  # a character who joins: the join's own row says so
        return ""
    if own[-1:] == ("conditions",):
        return _marks_words(pair, ruleset)
    return _plain_words(own, pair, ruleset)


def _clock_words(pair: tuple[object, object]) -> str:
    """ "Raiders strike 2/6 → 4/6; Storm (new) 1/4; Old feud struck"."""
    before, after = ({c.name: c for c in v} if isinstance(v, tuple) else {} for v in pair)
    said = []
    for name, clock in after.items():
        now = f"{clock.filled}/{clock.segments}"
        was = before.get(name)
        if was is None:
            said.append(f"{name} (new) {now}")
        elif (was.filled, was.segments) != (clock.filled, clock.segments):
            said.append(f"{name} {was.filled}/{was.segments} → {now}")
    said += [f"{name} struck" for name in before if name not in after]
    return "; ".join(said)


def _plain_words(own: tuple[str, ...], pair: tuple[object, object], ruleset: Ruleset | None) -> str:
    what = " ".join(word(ruleset, p) for p in own if p not in ("stats", "meters", "holds"))
    before, after = (value_words(v, ruleset) for v in pair)
    return f"{what} {before} → {after}"


def _and(names: Iterable[str]) -> str:
    """ "Bandit", "Bandit and Ogre", "Bandit, Ogre and Wolf"."""
    listed = list(names)
    return ", ".join(listed[:-1]) + " and " + listed[-1] if len(listed) > 1 else "".join(listed)


def _dict(value: object) -> dict[str, object]:
    return {str(k): v for k, v in value.items()} if isinstance(value, dict) else {}


def _marks_words(pair: tuple[object, object], ruleset: Ruleset | None) -> str:
    """ "Disarmed marked", "Stunned 2 rounds marked; Down cleared"."""
    before, after = (_dict(v) for v in pair)
    said = []
    for mark, rounds in after.items():
        if before.get(mark, None) != rounds:
            span = f" {rounds} round{'s' if rounds != 1 else ''}" if rounds else ""
            said.append(f"{word(ruleset, mark)}{span} marked")
    said += [f"{word(ruleset, mark)} cleared" for mark in before if mark not in after]
    return "; ".join(said)


def _encounter_words(
    rest: tuple[str, ...], pair: tuple[object, object], ruleset: Ruleset | None
) -> str:
    """The encounter's changes as the table says them: it opens and ends, foes join and leave
    the fight, a foe's health and marks, the round; whose turn is taken is left out."""
    before, after = pair
    if not rest:
        if after is None:
            return "the encounter ends"
        foes = _dict(getattr(after, "foes", None))
        return "an encounter opens" + (f" ({_and(foes)})" if foes else "")
    head = rest[0]
    if head == "foes" and len(rest) == 1:
        was, now = _dict(before), _dict(after)
        left = [n for n in was if n not in now]
        joined = [n for n in now if n not in was]
        said = [f"{_and(left)} leave{'s' if len(left) == 1 else ''} the fight"] if left else []
        said += [f"{_and(joined)} join{'s' if len(joined) == 1 else ''} the fight"] * bool(joined)
        return "; ".join(said)
    if head == "foes" and len(rest) > 2:
        name, field = rest[1], rest[2:]
        if field == ("conditions",):
            marks = _marks_words(pair, ruleset)
            return f"{name}: {marks}" if marks else ""
        if field == ("attacking",):
            return f"{name} attacking {before or 'nobody'} → {after or 'nobody'}"
        return f"{name} {_plain_words(field, pair, ruleset)}"
    if head == "fled":
        earlier = tuple(before) if isinstance(before, (tuple, list)) else ()
        later = tuple(after) if isinstance(after, (tuple, list)) else ()
        gone = [str(n) for n in later if n not in earlier]
        return f"{_and(gone)} fled the fight" if gone else ""
    if head == "no_way_out":
        return "no way out" if after else "a way out opens"
    if head == "acted":
        return ""
    return _plain_words(rest, pair, ruleset)


class _Absent:
    """The side of a change where a dict's key is not there."""

    def __repr__(self) -> str:
        return "ABSENT"


ABSENT = _Absent()
"""A hold never gained, a mark not made, a foe not (or no longer) in the fight."""

_TOLD_WHOLE = ("conditions", "foes")
"""Keyed fields told as a whole ("Bandit and Ogre leave the fight", "Disarmed marked; Down
cleared"): the keys of one that changed are gathered back into it."""


def _fields(path: Path, before: object, after: object) -> Iterator[tuple[Path, object, object]]:
    """A change cut into the fields it changed: a dict that gained or lost keys (the whole dict
    on each side of its delta) as one change a key, `ABSENT` on the side it is not."""
    if not (isinstance(before, dict) and isinstance(after, dict)):
        yield path, before, after
        return
    for key in {**before, **after}:
        was, now = before.get(key, ABSENT), after.get(key, ABSENT)
        if was is ABSENT or now is ABSENT:  # the key came or went: one change
            yield (*path, str(key)), was, now
            continue
        for delta in diff(was, now, (*path, str(key))):
            yield from _fields(tuple(str(p) for p in delta.path), delta.before, delta.after)


def _at(value: object, path: Path) -> object:
    """What `value` holds at `path`; `ABSENT` where there is nothing there."""
    for key in path:
        if isinstance(value, dict):
            value = value.get(key, ABSENT)
        elif attrs.has(type(value)):
            value = getattr(value, key, ABSENT)
        else:
            return ABSENT
    return value


def _put(value: object, path: Path, new: object) -> object:
    """`value` with `new` at `path` (a dict's key dropped where `new` is `ABSENT`)."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        inner = _put(value.get(head, ABSENT), rest, new)
        if inner is ABSENT:
            return {k: v for k, v in value.items() if k != head}
        return {**value, head: inner}
    if attrs.has(type(value)) and hasattr(value, head):
        return evolve(value, **{head: _put(getattr(value, head), rest, new)})
    return value


def _reading(path: Path, value: object, ruleset: Ruleset | None) -> object:
    """A field's value as its sheet reads it: a hold or a cooldown not there is 0, an
    efficacy not there is the ruleset's start, anything else not there is nothing."""
    if value is not ABSENT:
        return value
    field = path[-2] if len(path) > 1 else ""
    if field in ("holds", "cooldowns"):
        return 0
    if field == "efficacy" and ruleset is not None and ruleset.efficacy is not None:
        return ruleset.efficacy.start
    return None


def _told(
    changes: dict[Path, tuple[object, object]], ruleset: Ruleset | None
) -> dict[Path, tuple[object, object]]:
    """The fields the Changed line tells, in the order they first changed, each as (its value
    at the session's start, at its end): those back where they started left out, the keys of
    a field told whole gathered back into it."""
    told: dict[Path, tuple[object, object]] = {}
    wholes: dict[Path, tuple[dict[str, object], dict[str, object]]] = {}
    for path, (start, end) in changes.items():
        was, now = _reading(path, start, ruleset), _reading(path, end, ruleset)
        if was == now:
            continue
        if len(path) > 1 and path[-2] in _TOLD_WHOLE:
            whole = told[path[:-1]] = wholes.setdefault(path[:-1], ({}, {}))
            for side, value in zip(whole, (start, end), strict=True):
                if value is not ABSENT:
                    side[path[-1]] = value
        else:
            told[path] = (was, now)
    return told


def _owner(path: tuple[str, ...]) -> str:
    """Whose part a changed field belongs in: a character's name, "steading" or "other"."""
    if path[0] == "characters" and len(path) > 1:
        return path[1]
    return "steading" if path[0] == "steading" else "other"


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
        self.count += 1
        when = _when(event)
        if when is not None:
            self.first = when if self.first is None else min(self.first, when)
            self.last = when if self.last is None else max(self.last, when)
        for delta in event.deltas:
            self._change(delta)
        if event.kind == "note":
            if self.gm or not event.secret:  # a secret note is the GM's, not the group chat's
                self.rows.setdefault("notes", []).append(_note_line(event, self.gm))
        elif event.kind == "oracle":  # the GM's roll on a table: said, nothing changed
            self.rows.setdefault("oracles", []).append(join_phrases(event.results))
        elif event.steading:
            if event.kind in ROLLS:
                self.rows.setdefault("steading", []).append(
                    _roll_line(self._told(event), self.ruleset)
                )
        elif event.actor:
            told = self._told(event)
            row = _roll_line(told, self.ruleset) if event.kind in ROLLS else _other_line(told)
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
        for field, before, after in _fields(path, delta.before, delta.after):
            self._note(field, before, after)

    def _note(self, path: Path, before: object, after: object) -> None:
        """One field's change taken in: the value it started the session with is kept and its
        end moves on, and a changed field holding it, or held in it, is kept in step."""
        for n in range(1, len(path)):
            if path[:n] in self.changes:
                start, end = self.changes[path[:n]]
                self.changes[path[:n]] = (start, _put(end, path[n:], after))
        if path in self.holders:
            for inner, (start, end) in list(self.changes.items()):
                if len(inner) > len(path) and inner[: len(path)] == path:
                    now = _at(after, inner[len(path) :])
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
        for path, pair in _told(self.changes, self.ruleset).items():
            said = self._foe_health(path, pair)
            if said is None:
                said = _change_words(path, pair, self.ruleset)
            if said:
                changed.setdefault(_owner(path), []).append(said)
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


# --- drawing it ------------------------------------------------------------------------------


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
