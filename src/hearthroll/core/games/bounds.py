"""The bounds a campaign's sheets keep, in one place: `set` edits within them
(`verbs/fields.py`), and a campaign file opened is checked against them (`problems`, to which
the store adds only the file, line and column).

`PLAIN` holds the fields every character has; a ruleset's meters, stats, holds, conditions,
templates and gear, a steading's size, season, flags and stats, a companion's or vehicle's
limits and a progress track's rank and ticks are the ruleset's and the game modules' own.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from hearthroll.core.campaign.state import Asset, Campaign, Character, Track
from hearthroll.core.games import clocks
from hearthroll.core.records import Record
from hearthroll.core.rules.model import Ruleset

KeyPath = tuple[str | int, ...]
Problem = tuple[KeyPath, str]
"""Where in the campaign file (its key path) and what is wrong there."""


@attrs.frozen
class Plain(Record):
    """A field every character has: the sheet's attribute it sets and its bounds."""

    attr: str
    low: int | None = None
    high: int | None = None
    """The most it takes; None with `low` set: the character's level (rerolls)."""
    text: bool = False

    def bounds(self, character: Character) -> tuple[int | None, int | None]:
        return self.low, self.high if self.high is not None else character.level


PLAIN: dict[str, Plain] = {
    "level": Plain("level", 1, 99),
    "xp": Plain("xp", 0, 9999),
    "rerolls": Plain("rerolls_left", 0),
    "armor": Plain("armor", 0, 99),
    "forward": Plain("forward", -99, 99),  # moves add to it roll after roll: no rule caps it
    "notes": Plain("notes", text=True),
}
"""The fields every character has, by the name `set` takes; `rerolls_left` is `rerolls` too."""
ALIASES = {"rerolls_left": "rerolls"}


def plain_fields(ruleset: Ruleset) -> dict[str, Plain]:
    """The fields of `PLAIN` a character of `ruleset` has, as its sheet shows them: XP where
    the ruleset levels up, rerolls where they follow the level."""
    rule = ruleset.xp
    absent = set()
    if rule is None:
        absent.add("xp")
    if rule is None or rule.rerolls != "level":
        absent.add("rerolls")
    return {field: plain for field, plain in PLAIN.items() if field not in absent}


def outside(value: int, low: int | None, high: int | None) -> bool:
    return (low is not None and value < low) or (high is not None and value > high)


def span(low: int | None, high: int | None) -> str:
    """`0 to 99`, `1 to …`."""
    return f"{low if low is not None else '…'} to {high if high is not None else '…'}"


def problems(state: Campaign, ruleset: Ruleset) -> list[Problem]:
    """Everything on the campaign's sheets that the ruleset does not have or that is out of its
    bounds (momentum above the max its impacts leave is `momentum.above_max`'s: the sheet still
    opens with it)."""
    found: list[Problem] = []
    for name, character in state.characters.items():
        found += _character(("characters", name), character, ruleset)
    found += _tracks(state.tracks or ())
    found += [
        (("clocks", i, key), f"{clock.name}: {why}")
        for i, clock in enumerate(state.clocks or ())
        for key, why in clocks.problems(clock)
    ]
    found += _steading(state, ruleset)
    return found


def _character(base: KeyPath, character: Character, ruleset: Ruleset) -> list[Problem]:
    from hearthroll.core.games.momentum import meter_of

    found: list[Problem] = []
    for field, plain in plain_fields(ruleset).items():  # a game's own: no rerolls in hack
        value = getattr(character, plain.attr)
        if not plain.text and outside(value, *plain.bounds(character)):
            where = (*base, plain.attr)
            found.append((where, f"{field} is {span(*plain.bounds(character))}, not {value}"))
    holds = {h.id for h in ruleset.holds}
    found += [
        ((*base, "holds", h), f"unknown hold {h!r}") for h in character.holds if h not in holds
    ]
    conditions = {c.id for c in ruleset.conditions}
    found += [
        ((*base, "conditions", c), f"unknown condition {c!r}")
        for c in character.conditions
        if c not in conditions
    ]
    gauge = meter_of(ruleset)  # momentum: on its whole scale here, its max is its impacts'
    meters = {m.id: m for m in ruleset.meters}
    for meter_id, value in character.meters.items():
        where = (*base, "meters", meter_id)
        if meter_id not in meters:
            found.append((where, f"unknown meter {meter_id!r}"))
            continue
        low, high = meters[meter_id].min, character.maxima.get(meter_id, meters[meter_id].max)
        if gauge is not None and meter_id == gauge.id:
            high = gauge.max
        if outside(value, low, high):
            found.append((where, f"{value} is outside {low} to {high}"))
    found += _kit(base, character, ruleset)
    found += _assets((*base, "assets"), character.assets or ())
    return found


def _kit(base: KeyPath, character: Character, ruleset: Ruleset) -> list[Problem]:
    """The template and the gear: the ruleset's own."""
    found: list[Problem] = []
    templates = [t.id for t in ruleset.templates]
    if character.template and templates and character.template not in templates:
        said = f"unknown template {character.template!r}: one of {', '.join(templates)}"
        found.append(((*base, "template"), said))
    known = {g.id for g in ruleset.gear}
    for item in character.gear:
        if item.id not in known:
            has = ", ".join(sorted(known)) or "none"
            found.append(((*base, "gear"), f"unknown gear {item.id!r}: {ruleset.name} has {has}"))
    return found


def _assets(where: KeyPath, assets: Sequence[Asset]) -> list[Problem]:
    from hearthroll.core.games.assets import LIMITS, VEHICLE_TYPES

    found: list[Problem] = []
    for asset in assets:
        if asset.kind not in LIMITS:
            found.append((where, f"{asset.name}: an asset is a companion or a vehicle"))
            continue
        low, high = LIMITS[asset.kind]
        if not low <= asset.max <= high:
            found.append((where, f"{asset.name}: a {asset.kind}'s max is {low} to {high}"))
        if not 0 <= asset.value <= asset.max:
            found.append((where, f"{asset.name}: {asset.value} is outside 0 to {asset.max}"))
        if asset.kind == "vehicle" and asset.type not in VEHICLE_TYPES:
            types = ", ".join(VEHICLE_TYPES)
            found.append((where, f"{asset.name}: a vehicle's type is one of {types}"))
    return found


def _tracks(tracks: Sequence[Track]) -> list[Problem]:
    from hearthroll.core.games.progress import FULL, KINDS, RANKS

    found: list[Problem] = []
    for track in tracks:
        if track.rank not in RANKS:
            found.append((("tracks",), f"{track.name}: rank is one of {', '.join(RANKS)}"))
        if track.kind not in KINDS:
            found.append((("tracks",), f"{track.name}: kind is one of {', '.join(KINDS)}"))
        if not 0 <= track.ticks <= FULL:
            found.append((("tracks",), f"{track.name}: ticks are 0 to {FULL}, not {track.ticks}"))
    return found


def _steading(state: Campaign, ruleset: Ruleset) -> list[Problem]:
    steading, spec = state.steading, ruleset.steading
    if steading is None or spec is None:
        return []
    found: list[Problem] = []
    if steading.size not in spec.sizes:
        found.append((("steading", "size"), f"size is one of {', '.join(spec.sizes)}"))
    if steading.season not in spec.seasons:
        found.append((("steading", "season"), f"season is one of {', '.join(spec.seasons)}"))
    flags = {f.id for f in spec.flags}
    found += [
        (("steading", "flags"), f"unknown flag {f!r}") for f in steading.flags if f not in flags
    ]
    stats = {s.id: s for s in spec.stats}
    for stat_id, value in steading.stats.items():
        where = ("steading", "stats", stat_id)
        if stat_id not in stats:
            found.append((where, f"unknown stat {stat_id!r}"))
        elif outside(value, stats[stat_id].min, stats[stat_id].max):
            found.append((where, f"{value} is out of bounds"))
    return found
