"""The recap's words: a roll or another event as one row, and a field changed over a session
("XP 3 → 5", "Disarmed marked", "Bandit and Ogre leave the fight", "Raiders strike 0/4 → 3/4")."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from hearthroll.core.campaign.events import Event
from hearthroll.core.rules.describe import band_words, join_phrases, option_text, value_words, word

if TYPE_CHECKING:
    from hearthroll.core.rules.model import Ruleset


def roll_line(event: Event, ruleset: Ruleset | None) -> str:
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


def other_line(event: Event) -> str:
    detail = join_phrases(event.results)
    return event.kind.replace("_", " ") + (f": {detail}" if detail else "")


def change_words(
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
