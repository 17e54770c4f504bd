"""A recap of a session in Markdown, fit to paste into a group chat: per character their rolls
and what changed on their sheet, then the steading's rolls and changes, the other changes
(progress tracks, the encounter) and the GM's notes."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from hearthroll.core.campaign.deltas import Delta
from hearthroll.core.campaign.events import Event, standing
from hearthroll.core.rules.describe import band_words, join_phrases, option_text, value_words, word
from hearthroll.core.rules.model import Ruleset

SESSION_GAP = timedelta(hours=4)
"""A session ends after this long without an event."""

ROLLS = ("move", "reroll", "accept", "prep")
_SKIPPED = {"turn", "active", "history"}
"""Bookkeeping no recap speaks of: whose turn it is, who is looked at."""


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


def _roll_line(event: Event, ruleset: Ruleset | None) -> str:
    move = next((m for m in ruleset.moves if m.id == event.move), None) if ruleset else None
    name = event.move_name or event.move or ""
    verb = {
        "move": "",
        "reroll": "rerolls ",
        "accept": "takes the bust on ",
        "prep": "spends Preparation on ",
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
        f"- {verb}{name}{rolled}{dice}{band}"
        + (f"; picked {picks.rstrip('.')}" if picks else "")
        + (f" — {extra}" if extra else "")
    )


def _other_line(event: Event) -> str:
    detail = join_phrases(event.results)
    return f"- {event.kind.replace('_', ' ')}" + (f": {detail}" if detail else "")


def _changes(events: Sequence[Event]) -> dict[tuple[str, ...], tuple[object, object]]:
    """Each field the events changed, with its value before the first and after the last."""
    found: dict[tuple[str, ...], tuple[object, object]] = {}
    for event in events:
        for delta in event.deltas:
            _change(found, delta)
    return {path: pair for path, pair in found.items() if pair[0] != pair[1]}


def _change(found: dict[tuple[str, ...], tuple[object, object]], delta: Delta) -> None:
    path = tuple(str(p) for p in delta.path)
    if not path or path[0] in _SKIPPED:
        return
    before = found[path][0] if path in found else delta.before
    found[path] = (before, delta.after)


def _change_words(
    path: tuple[str, ...], pair: tuple[object, object], ruleset: Ruleset | None
) -> str:
    """ "XP 3 → 5", "Fortunes +1 → 0": the field (after its owner) by its name."""
    own = path[2:] if path[0] == "characters" else path[1:] if path[0] == "steading" else path
    what = " ".join(word(ruleset, p) for p in own if p not in ("stats", "meters"))
    before, after = (value_words(v, ruleset) for v in pair)
    return f"{what} {before} → {after}"


def _owner(path: tuple[str, ...]) -> str:
    """Whose section a changed field belongs in: a character's name, "steading" or "other"."""
    if path[0] == "characters" and len(path) > 1:
        return path[1]
    return "steading" if path[0] == "steading" else "other"


def markdown_recap(
    title: str, events: Sequence[Event], ruleset: Ruleset | None = None, steading: str = ""
) -> str:
    """The recap of `events` (undone ones left out): a section per character with their rolls
    and what changed, then the steading, the other changes and the GM's notes."""
    kept = standing(events)
    dated = [w for w in (_when(e) for e in kept) if w is not None]
    lines = [f"# {title}: session recap", ""]
    if dated:
        first, last = min(dated), max(dated)
        lines += [f"_{first:%Y-%m-%d %H:%M} – {last:%H:%M} · {len(kept)} events_", ""]
    if not kept:
        return "\n".join([*lines, "_Nothing has happened yet._", ""])
    changes = _changes(kept)
    people = list(dict.fromkeys(e.actor for e in kept if e.actor and not e.steading))
    people += [o for o in dict.fromkeys(_owner(p) for p in changes) if o not in people]
    for who in [p for p in people if p not in ("steading", "other")]:
        rows = [
            _roll_line(e, ruleset) if e.kind in ROLLS else _other_line(e)
            for e in kept
            if e.actor == who and not e.steading and e.kind != "note"
        ]
        lines += _section(f"## {who}", rows, changes, who, ruleset)
    community = [_roll_line(e, ruleset) for e in kept if e.steading and e.kind in ROLLS]
    lines += _section(f"## {steading or 'The steading'}", community, changes, "steading", ruleset)
    lines += _section("## Elsewhere", [], changes, "other", ruleset)
    notes = [f"- _{e.text}_" for e in kept if e.kind == "note" and not e.secret]
    if notes:
        lines += ["## The GM's notes", "", *notes, ""]
    return "\n".join(lines).rstrip("\n") + "\n"


def _section(
    heading: str,
    rows: list[str],
    changes: dict[tuple[str, ...], tuple[object, object]],
    owner: str,
    ruleset: Ruleset | None,
) -> list[str]:
    changed = [_change_words(p, pair, ruleset) for p, pair in changes.items() if _owner(p) == owner]
    if not rows and not changed:
        return []
    found = [heading, "", *rows]
    if changed:
        found += ["", "Changed: " + "; ".join(changed) + "."]
    return [*found, ""]
