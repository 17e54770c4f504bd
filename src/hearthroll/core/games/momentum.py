"""Momentum: its bounds, the impacts that lower its max and reset, and burning it (15, 27, 28)."""

from __future__ import annotations

import attrs

from hearthroll.core.campaign.state import Campaign, Character, LastRoll
from hearthroll.core.errors import RuleError
from hearthroll.core.games.sections import Line, Section
from hearthroll.core.numbers import signed
from hearthroll.core.records import Record
from hearthroll.core.rules.model import Condition, Meter, Ruleset

IMPACTS = frozenset(
    {
        "wounded",
        "shaken",
        "unprepared",
        "permanently_harmed",
        "traumatized",
        "battered",
        "cursed",
    }
)
"""The impacts reading 28 names; a ruleset may mark more with `impact = true`."""

BAND_ORDER = ("miss", "weak", "strong")
BAND_WORDS = {"miss": "miss", "weak": "weak hit", "strong": "strong hit"}


def meter_of(ruleset: Ruleset) -> Meter | None:
    """The ruleset's momentum: the character meter that has a reset (None: no momentum)."""
    for meter in ruleset.meters:
        if meter.reset is not None and meter.scope == "character":
            return meter
    return None


def value_of(ruleset: Ruleset, character: Character | None) -> int:
    """The character's momentum now (0 in a game without it, or with no character)."""
    meter = meter_of(ruleset)
    if meter is None or character is None:
        return 0
    return character.meters.get(meter.id, 0)


COUNTED_VEHICLES = ("command",)
"""The vehicles whose marks are their owner's impacts: the command vehicle's battered or
cursed lowers its owner's max and reset; a support or incidental vehicle's battered stays its
own (it stops that vehicle's Bypass and the weak hit's trade, and lowers no momentum)."""


@attrs.frozen
class Impact(Record):
    """An impact marked: on the character, or on their command vehicle (`vehicle` names it)."""

    id: str
    name: str
    vehicle: str = ""

    @property
    def words(self) -> str:
        """Its name on the sheet: `Wounded`, `Battered (Petrel)`."""
        return f"{self.name} ({self.vehicle})" if self.vehicle else self.name

    @property
    def path(self) -> str:
        """Where it is marked, as `set` names it: `wounded`, `Petrel.battered`."""
        return f"{self.vehicle}.{self.id}" if self.vehicle else self.id


def _is_impact(condition: Condition) -> bool:
    return condition.impact or condition.id in IMPACTS


def impacts(ruleset: Ruleset, character: Character) -> list[Impact]:
    """Reading 28: the impacts marked on the sheet and on the character's command vehicle, in
    the ruleset's order (the sheet's first, then each vehicle's)."""
    found = [
        Impact(c.id, c.name)
        for c in ruleset.conditions
        if c.scope == "character" and c.id in character.conditions and _is_impact(c)
    ]
    for asset in character.assets or ():
        if asset.kind == "vehicle" and asset.type in COUNTED_VEHICLES:
            found += [
                Impact(c.id, c.name, asset.name)
                for c in ruleset.conditions
                if c.scope == "vehicle" and c.id in asset.conditions and _is_impact(c)
            ]
    return found


def max_momentum(ruleset: Ruleset, character: Character) -> int:
    """Reading 28: the meter's max less one for each impact marked, read from the impacts
    each time (never kept on the sheet, so a mark made or cleared any way counts at once)."""
    meter = meter_of(ruleset)
    if meter is None or meter.max is None:
        raise RuleError(f"ruleset {ruleset.id!r} has no momentum")
    return meter.max - len(impacts(ruleset, character))


def reset_of(ruleset: Ruleset, character: Character) -> int:
    """Reading 28: the reset (+2) less one per impact, never below 0 (+2, +1, then 0)."""
    meter = meter_of(ruleset)
    if meter is None or meter.reset is None:
        raise RuleError(f"ruleset {ruleset.id!r} has no momentum")
    return max(0, meter.reset - len(impacts(ruleset, character)))


def _keeps(ruleset: Ruleset, character: Character) -> Meter | None:
    """The momentum meter, where this sheet has one on a scale with a max."""
    meter = meter_of(ruleset)
    if meter is None or meter.max is None or meter.id not in character.meters:
        return None
    return meter


def meter_max(ruleset: Ruleset, character: Character, meter_id: str) -> int | None:
    """A meter's max on this sheet: momentum's as its impacts make it, any other's as the
    sheet keeps it (max HP) or the ruleset sets it (None: no max)."""
    meter = _keeps(ruleset, character)
    if meter is not None and meter.id == meter_id:
        return max_momentum(ruleset, character)
    return character.maxima.get(meter_id, ruleset.meter(meter_id).max)


def why_max(ruleset: Ruleset, character: Character) -> str:
    """Why max momentum is what it is, in words: `max +8 with 2 impacts: Wounded, Shaken`."""
    marked = impacts(ruleset, character)
    top = signed(max_momentum(ruleset, character))
    if not marked:
        return f"max {top} with no impact"
    count = f"{len(marked)} impact{'s' if len(marked) != 1 else ''}"
    return f"max {top} with {count}: {', '.join(i.words for i in marked)}"


def mounted(ruleset: Ruleset, character: Character) -> Character:
    """The sheet as a move's meter changes clamp it: momentum's max, as the impacts make it,
    put among the sheet's maxima for the move (`settle` takes it out again)."""
    meter = _keeps(ruleset, character)
    if meter is None:
        return character
    top = max_momentum(ruleset, character)
    return attrs.evolve(character, maxima={**character.maxima, meter.id: top})


def settle(
    ruleset: Ruleset, before: Character | None, character: Character
) -> tuple[Character, list[str]]:
    """The sheet after a change: momentum brought down to the max its impacts now leave (and
    the words saying so), its maxima as they were `before` the change. Momentum's max is not
    kept on the sheet: an entry an older file holds is left as it was, and nothing reads it."""
    meter = _keeps(ruleset, character)
    if meter is None:
        return character, []
    maxima = {k: v for k, v in character.maxima.items() if k != meter.id}
    if before is not None and meter.id in before.maxima:
        maxima[meter.id] = before.maxima[meter.id]
    value = character.meters[meter.id]
    top = max_momentum(ruleset, character)
    words = []
    meters = character.meters
    if value > top:
        meters = {**meters, meter.id: top}
        words.append(f"{meter.name} {value} → {top} ({why_max(ruleset, character)})")
    if maxima == character.maxima and meters == character.meters:
        return character, words
    return attrs.evolve(character, maxima=maxima, meters=meters), words


@attrs.frozen
class Burn(Record):
    """What burning momentum on a roll would do: the band before and after, the reset."""

    momentum: int
    band_before: str
    band_after: str
    reset: int


def can_burn(momentum: int, roll: LastRoll) -> str | None:
    """Why momentum cannot be burned on this roll, or None when burning improves it."""
    if roll.burned:
        return "momentum was burned on this roll already"
    if momentum <= 0:
        return f"momentum {signed(momentum)} is not positive"
    if momentum <= roll.score:
        return f"momentum {signed(momentum)} is not above the action score {roll.score}"
    after = _judged(momentum, roll.challenge)
    if BAND_ORDER.index(after) <= BAND_ORDER.index(roll.band):
        return (
            f"momentum {signed(momentum)} against {roll.challenge[0]} and {roll.challenge[1]} "
            f"would not improve the {BAND_WORDS[roll.band]}"
        )
    return None


def burn(ruleset: Ruleset, character: Character, roll: LastRoll) -> tuple[Character, Burn]:
    """Reading 27: the score becomes the momentum, the band is judged again, momentum resets."""
    meter = meter_of(ruleset)
    if meter is None:
        raise RuleError(f"ruleset {ruleset.id!r} has no momentum to burn")
    momentum = character.meters.get(meter.id, 0)
    reason = can_burn(momentum, roll)
    if reason is not None:
        raise RuleError(f"{character.name} cannot burn momentum: {reason}")
    reset = reset_of(ruleset, character)
    after = _judged(momentum, roll.challenge)
    burned = attrs.evolve(character, meters={**character.meters, meter.id: reset})
    return burned, Burn(momentum, roll.band, after, reset)


def at_roll(character: Character, roll: LastRoll, meter: Meter) -> int:
    """The momentum a burn on this roll spends: as it stood when the roll was made (its band's
    effects are judged again), else as it stands."""
    return roll.momentum if roll.momentum is not None else character.meters.get(meter.id, 0)


def burn_preview(ruleset: Ruleset, character: Character, roll: LastRoll | None) -> Burn | None:
    """What a burn would do now on the character's last roll; None when it would not help."""
    meter = meter_of(ruleset)
    if meter is None or roll is None or roll.actor != character.name:
        return None
    momentum = at_roll(character, roll, meter)
    if can_burn(momentum, roll) is not None:
        return None
    return Burn(
        momentum, roll.band, _judged(momentum, roll.challenge), reset_of(ruleset, character)
    )


def _judged(score: int, challenge: tuple[int, int]) -> str:
    """The band `score` makes against the challenge dice (the dice's rules are imported only
    when a burn is weighed: the sheet's section needs none of them)."""
    from hearthroll.core.dice.mechanics import judge_action

    return judge_action(score, challenge)


def scale(ruleset: Ruleset, character: Character) -> str:
    """Momentum on its −6..+10 scale: ● where it stands, · open, ✕ what impacts took away."""
    meter = meter_of(ruleset)
    if meter is None or meter.max is None:
        return ""
    value = character.meters.get(meter.id, 0)
    top = max_momentum(ruleset, character)
    marks = "".join(
        "●" if k == value else "·" if k <= top else "✕" for k in range(meter.min, meter.max + 1)
    )
    return f"{signed(meter.min)} {marks} {signed(meter.max)}"


def shows_impacts(ruleset: Ruleset, character: Character) -> bool:
    """Whether the character's sheet has the momentum section, whose line names the impacts."""
    return _keeps(ruleset, character) is not None


def momentum_section(ruleset: Ruleset, character: Character) -> Section | None:
    """Momentum with its max and reset, and the impacts that lower them (readings 15, 28)."""
    meter = _keeps(ruleset, character)
    if meter is None:
        return None
    value = character.meters[meter.id]
    top = max_momentum(ruleset, character)
    reset = reset_of(ruleset, character)
    marked = impacts(ruleset, character)
    lines = (
        Line(
            meter.name,
            f"{signed(value)}  {scale(ruleset, character)}  max {signed(top)} · reset "
            f"{signed(reset)}",
            value,
            top,
        ),
        Line("impacts", ", ".join(i.words for i in marked) or "none", len(marked)),
    )
    data: dict[str, object] = {
        "momentum": {"value": value, "min": meter.min, "max": top, "reset": reset},
        "impacts": [i.path for i in marked],
    }
    return Section("momentum", meter.name.lower(), lines, data)


def above_max(state: Campaign, ruleset: Ruleset) -> list[tuple[tuple[str | int, ...], str]]:
    """Momentum above the max its impacts make (10 less one per impact), by key path: the sheet
    opens, and the next move or `set` brings it down, but `check` names it."""
    gauge = meter_of(ruleset)
    if gauge is None or gauge.max is None:
        return []
    found: list[tuple[tuple[str | int, ...], str]] = []
    for name, character in state.characters.items():
        value = character.meters.get(gauge.id)
        if value is None or value <= (top := max_momentum(ruleset, character)):
            continue
        found.append(
            (
                ("characters", name, "meters", gauge.id),
                f"{value} is above {name}'s {why_max(ruleset, character)}; set "
                f"{gauge.name.lower()} to {top} or less, or clear an impact",
            )
        )
    return found
