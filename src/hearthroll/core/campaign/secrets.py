"""What the players are not told: a foe's exact health (they hear it in words) and the GM's
secret notes. The players' view and the recap for the players both ask here."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

import attrs

from hearthroll.core.campaign.events import Event
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.records import Record

HEALTH = "health"
"""The meter a blow takes from, on a foe and on a character."""

HEALTH_WORDS = ("down", "near death", "bloodied", "hurt", "unhurt")
"""How the players hear a foe's health, worst first (its index is the bar's length)."""


@attrs.frozen
class Audience(Record):
    """Whom a recap is for: the players (a foe's health in words, never a secret note) or the
    GM (everything). `tops` is each foe's starting health, as the campaign knows it."""

    gm: bool = False
    tops: Mapping[str, int] = attrs.field(factory=dict)


GM = Audience(gm=True)
PLAYERS = Audience()


def players(state: Campaign) -> Audience:
    """The players, with the starting health of the foes in the campaign's fight."""
    fight = state.encounter
    foes = fight.foes.items() if fight is not None else ()
    return Audience(tops={name: foe.maxima[HEALTH] for name, foe in foes if HEALTH in foe.maxima})


def health_words(health: int, top: int) -> str:
    """A foe's health as the players hear it (never the numbers): `down` at 0, `near death` at
    a quarter of its starting health or less, `bloodied` at half or less, `hurt` below its
    start, `unhurt` at it."""
    if health <= 0:
        return "down"
    if top <= 0 or health >= top:
        return "unhurt"
    if 4 * health <= top:
        return "near death"
    if 2 * health <= top:
        return "bloodied"
    return "hurt"


def shown(events: Sequence[Event]) -> list[Event]:
    """The events the players may see: secret notes left out, and the undo or redo of one."""
    secret = {e.seq for e in events if e.kind == "note" and e.secret}
    return [
        e
        for e in events
        if e.seq not in secret and not (e.kind in ("undo", "redo") and e.target in secret)
    ]


_HEALTH = re.compile(r"health (\d+) → (\d+)|health (\d+)/(\d+)")
_SUBJECT = re.compile(r"^(.*?)(?: takes |: | joins | \(|$)")


def hide_health(
    phrase: str, is_character: Callable[[str], bool], top: Callable[[str], int | None]
) -> str:
    """A phrase with a foe's exact health put in words: `Bandit takes 12 (armor 1 takes 1):
    health 20 → 8` becomes `Bandit takes 12 (armor 1 takes 1): bloodied`. A character's health
    stays (the players see their sheets). `top` is the foe's starting health, when known (else
    a foe still standing is `hurt`)."""
    if "health" not in phrase:
        return phrase
    found = _SUBJECT.match(phrase)
    subject = found.group(1) if found else ""
    if is_character(subject):
        return phrase
    most = top(subject)

    def words(match: re.Match[str]) -> str:
        if match.group(4) is not None:
            return health_words(int(match.group(3)), int(match.group(4)))
        after = int(match.group(2))
        if most is None:
            return "down" if after <= 0 else "hurt"
        return health_words(after, most)

    return _HEALTH.sub(words, phrase)


def health_change(before: int, after: int, top: int | None) -> str:
    """A foe's health going from `before` to `after` in the players' words: `bloodied`, or
    `hurt → down` when it was already hurt; `hurt` (or `down`) when its start is not known."""
    if top is None:
        return "down" if after <= 0 else "hurt" if after < before else "better"
    was, now = health_words(before, top), health_words(after, top)
    return now if was in ("unhurt", now) else f"{was} → {now}"
