"""The ruleset of a Datasworn package that is not Starforged's (Ironsworn classic): drawn from
its `rules`, with the mechanics the engine has for that family of games.

Its stats (1 to 3), condition meters (as the package gives them), momentum (−6 to +10, start
and reset +2: the Ironsworn games' own) and impacts; it rolls `action` and `table`, and keeps
progress tracks as every action-roll game does. Its moves' suffer costs stay words.
"""

from __future__ import annotations

from typing import Any

from hearthroll.core.rules.model import Condition, Meter, Ruleset, Stat
from hearthroll.store.datasworn.package import Package, entries, plain_id
from hearthroll.store.datasworn.words import capitalised, plain

DESCRIPTION = (
    "Action roll: d6 + stat + adds (the score caps at 10) against two d10 challenge dice. Beat "
    "both: strong hit; beat one: weak hit; neither: miss; ties go to the challenge die. Equal "
    "challenge dice are a match. Burning momentum swaps it in for the action score, then "
    "resets momentum. Progress rolls are made on a track's filled boxes."
)
MOMENTUM = Meter(
    "momentum",
    "Momentum",
    min=-6,
    max=10,
    start=2,
    reset=2,
    text="Burn it to replace your action score, then reset it.",
)


def own_ruleset(package: Package) -> Ruleset:
    """The ruleset a standalone package describes."""
    rules = package.doc.get("rules")
    rules = rules if isinstance(rules, dict) else {}
    stats = tuple(
        Stat(plain_id(key), _label(item, key), min=1, max=3, default=1, text=_words(item))
        for key, item in entries(rules.get("stats"))
    )
    meters = [
        Meter(
            plain_id(key),
            _label(item, key),
            min=_number(item.get("min"), 0),
            max=_number(item.get("max"), 5),
            start=_number(item.get("value"), _number(item.get("max"), 5)),
            text=_words(item),
        )
        for key, item in entries(rules.get("condition_meters"))
    ]
    if "momentum" not in {m.id for m in meters}:
        meters.append(MOMENTUM)
    conditions = tuple(
        Condition(plain_id(key), _label(item, key), impact=True, text=_words(item))
        for _, group in entries(rules.get("impacts"))
        for key, item in entries(group.get("contents"))
    )
    title = package.doc.get("title")
    return Ruleset(
        id=plain_id(package.id),
        name=title if isinstance(title, str) and title else package.id,
        mechanics=("action", "table"),
        description=DESCRIPTION,
        stats=stats,
        meters=tuple(meters),
        conditions=conditions,
    )


def _label(item: dict[str, Any], key: str) -> str:
    label = item.get("label")
    return capitalised(label if isinstance(label, str) and label else key.replace("_", " "))


def _words(item: dict[str, Any]) -> str:
    description = item.get("description")
    return plain(description, lambda _: None).text if isinstance(description, str) else ""


def _number(value: object, default: int) -> int:
    return value if type(value) is int else default
