"""An outcome's plain gains, read as effects the engine applies.

A sentence of a band that says only "Take +2 momentum." (or "Then, take +1 spirit.", "Suffer
-1 momentum.") on a meter of the character's sheet becomes a `meter` effect on that band; "Add
+1 on your next move (not a progress move)." becomes `forward`. An option that says only so
("Prepare to act: Take +2 momentum") does the same when picked. "Mark progress." (or "mark
progress twice, but you expose yourself to danger") marks progress on the track the player
names, once or twice. Anything more, or less sure
("If you are shaken, clear the impact and take +1 spirit", "take +1 momentum, and envision
what you do"), stays words for the GM to apply by hand.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from hearthroll.core.rules.effects import Effect
from hearthroll.core.rules.model import Meter
from hearthroll.store.datasworn.words import bullets, paragraphs

SHEET_SCOPES = ("character", "party")
"""The meters a gain may name: the sheet's own (a companion's health needs its asset named)."""
_SENTENCES = re.compile(r"(?<=[.!?])\s+")
_THEN = re.compile(r"^then,\s+", re.IGNORECASE)
_ANOTHER = re.compile(r"^on an? ", re.IGNORECASE)
"""A sentence led by a band ("On a weak hit, …" inside a strong hit's words; "On a miss with a
match, …"): said of another outcome, or only sometimes."""
_LABEL = re.compile(r"^[^:.!?]{1,40}:\s+")
_METER = re.compile(r"(take|suffer) ([+\-−]\d{1,2}) ([a-z][a-z ]*?)\.?", re.IGNORECASE)
_PROGRESS = re.compile(
    r"(?:.*?\band )?mark progress( twice)?(?: per the rank of the expedition"
    r"| on your expedition, per its rank)?(?:,? but .*)?\.?",
    re.IGNORECASE,
)
_UNSURE = re.compile(r"\bif\b|\bmay\b|\bnot\b", re.IGNORECASE)
_FORWARD = re.compile(
    r"add \+(\d{1,2}) on your next move(?: \(not a progress move\))?\.?", re.IGNORECASE
)


def sheet_meters(meters: tuple[Meter, ...]) -> dict[str, str]:
    """The meters a gain may name, by their id and their name in lower case."""
    found: dict[str, str] = {}
    for meter in meters:
        if meter.scope in SHEET_SCOPES:
            found[meter.id] = meter.id
            found[meter.name.casefold()] = meter.id
    return found


def band_sentences(text: str) -> Iterator[str]:
    """The sentences a band says outright (its own lead already taken off), "Then," dropped:
    not its bullets, nor what it says only with a match, nor a sentence led by another band."""
    for paragraph in paragraphs(text):
        if bullets(paragraph) is not None or paragraph.startswith("With a match:"):
            continue
        for sentence in _SENTENCES.split(paragraph.replace("\n", " ")):
            sentence = sentence.strip()
            if sentence and not _ANOTHER.match(sentence):
                yield _THEN.sub("", sentence, count=1)


def band_gains(text: str, band: str, meters: Mapping[str, str]) -> tuple[Effect, ...]:
    """The gains a band's words state outright, each an effect on that band."""
    return tuple(e for sentence in band_sentences(text) for e in _gains(sentence, meters, band))


def option_gains(text: str, meters: Mapping[str, str]) -> tuple[Effect, ...]:
    """What picking an option does, when its words (after a label) state one gain only."""
    return _gains(_LABEL.sub("", text.strip(), count=1), meters, None)


def _gains(sentence: str, meters: Mapping[str, str], band: str | None) -> tuple[Effect, ...]:
    """The effects one sentence states outright: a meter's gain or loss, a bonus to the next
    move, or progress marked on a track (once, or twice)."""
    on = () if band is None else (band,)
    marked = _PROGRESS.fullmatch(sentence)
    if marked is not None and not _UNSURE.search(sentence.partition(", but")[0]):
        return (Effect(kind="progress", on=on),) * (2 if marked.group(1) else 1)
    effect = _gain(sentence, meters, on)
    return () if effect is None else (effect,)


def _gain(sentence: str, meters: Mapping[str, str], on: tuple[str, ...]) -> Effect | None:
    said = _METER.fullmatch(sentence)
    if said is not None:
        verb, amount, name = said.groups()
        number = int(amount.replace("−", "-"))
        meter = meters.get(name.casefold())
        if meter is None or number == 0 or (number < 0) != (verb.lower() == "suffer"):
            return None
        return Effect(kind="meter", meter=meter, amount=number, on=on)
    forward = _FORWARD.fullmatch(sentence)
    if forward is not None:
        return Effect(kind="forward", amount=int(forward.group(1)), on=on)
    return None
