"""Small pure changes to sheets and the steading, each returning the new value and its words."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from hearthroll.core.campaign.state import Campaign, Character, Steading
from hearthroll.core.errors import NotFound, RuleError
from hearthroll.core.numbers import signed
from hearthroll.core.records import Record

if TYPE_CHECKING:
    from hearthroll.core.rules.model import Ruleset


def put_character(state: Campaign, character: Character) -> Campaign:
    """The campaign with this character's sheet replaced (same name, same place)."""
    return attrs.evolve(state, characters={**state.characters, character.name: character})


def meter_bounds(ruleset: Ruleset, character: Character, meter_id: str) -> tuple[int, int | None]:
    """The lowest and highest value a meter may take on this sheet."""
    meter = ruleset.meter(meter_id)
    top = character.maxima.get(meter_id, meter.max)
    return meter.min, top


@attrs.frozen
class MeterChange(Record):
    """A meter changed: the sheet, the words, and any loss nothing could take (past every floor)."""

    character: Character
    words: tuple[str, ...]
    dropped: tuple[tuple[str, int], ...] = ()
    """(meter, amount) lost past the floor of a meter with no overflow left to take it."""


def change_meter(
    ruleset: Ruleset, character: Character, meter_id: str, amount: int, mode: str = "add"
) -> tuple[Character, list[str]]:
    """Add to, set or fill a meter, clamped to its bounds; a loss past the bottom overflows."""
    change = meter_change(ruleset, character, meter_id, amount, mode)
    return change.character, list(change.words)


def meter_change(
    ruleset: Ruleset, character: Character, meter_id: str, amount: int, mode: str = "add"
) -> MeterChange:
    """`change_meter`, also saying what a loss could not take past the last floor."""
    low, high = meter_bounds(ruleset, character, meter_id)
    meter = ruleset.meter(meter_id)
    old = character.meters.get(meter_id, meter.start or 0)
    if mode == "fill":
        wanted = high if high is not None else old
    elif mode == "set":
        wanted = amount
    else:
        wanted = old + amount
    new = max(low, wanted if high is None else min(high, wanted))
    meters = {**character.meters, meter_id: new}
    words = [f"{meter.name} {old} → {new}"] if new != old else []
    character = attrs.evolve(character, meters=meters)
    past = low - wanted
    dropped: tuple[tuple[str, int], ...] = ()
    if past > 0 and meter.overflow:
        more = meter_change(ruleset, character, meter.overflow, -past)
        character, dropped = more.character, more.dropped
        words += [f"{past} past {low}: " + w for w in more.words]
        if not more.words:
            words.append(f"{past} past {low}: {ruleset.meter(meter.overflow).name} stays")
    elif past > 0 and mode == "add" and amount < 0:
        dropped = ((meter_id, past),)
    return MeterChange(character, tuple(words), dropped)


def change_hold(
    ruleset: Ruleset, character: Character, hold_id: str, amount: int, mode: str = "gain"
) -> tuple[Character, list[str]]:
    """Gain, spend, set or lose a hold; spending more than is held is refused."""
    hold = ruleset.hold(hold_id)
    old = character.holds.get(hold_id, 0)
    if mode == "spend":
        new = old - amount
    elif mode == "set":
        new = amount
    elif mode == "lose":
        new = 0
    else:
        new = old + amount
    if new < 0:
        raise RuleError(f"{character.name} holds {old} {hold.name}; cannot spend {old - new}")
    if hold.max is not None and new > hold.max:
        new = hold.max
    holds = {**character.holds, hold_id: new}
    if new == 0:
        holds.pop(hold_id)
    words = [f"{hold.name} {old} → {new}"] if new != old else []
    return attrs.evolve(character, holds=holds), words


def change_condition(
    ruleset: Ruleset, character: Character, condition_id: str, mark: bool, rounds: int | None
) -> tuple[Character, list[str]]:
    """Mark (for some rounds, or until cleared) or clear a condition."""
    condition = ruleset.condition(condition_id)
    conditions = dict(character.conditions)
    if mark:
        last = rounds if rounds is not None else (condition.rounds or 0)
        conditions[condition_id] = last
        span = f" for {last} round{'s' if last != 1 else ''}" if last else ""
        words = [f"{condition.name} marked{span}"]
    else:
        if condition_id not in conditions:
            return character, []
        conditions.pop(condition_id)
        words = [f"{condition.name} cleared"]
    return attrs.evolve(character, conditions=conditions), words


@attrs.frozen
class StatChange(Record):
    """A steading stat changed, and whether a loss went past its floor."""

    steading: Steading
    words: tuple[str, ...]
    past_min: str | None = None
    """The move a loss past the floor triggers (Meet With Disaster), if one did."""


def change_steading_stat(
    ruleset: Ruleset, steading: Steading, stat_id: str, amount: int, mode: str = "add"
) -> StatChange:
    """Add to or set a steading stat; a loss past its floor stops at the floor and says so."""
    stat = ruleset.stat(stat_id)
    old = steading.stats.get(stat_id, stat.default)
    wanted = amount if mode == "set" else old + amount
    new = wanted
    if stat.min is not None:
        new = max(stat.min, new)
    if stat.max is not None:
        new = min(stat.max, new)
    words = [f"{stat.name} {signed(old)} → {signed(new)}"] if new != old else []
    low = stat.min
    past = stat.past_min if low is not None and wanted < low else None
    if past and low is not None:
        words.append(
            f"{stat.name} cannot go below {signed(low)}: the steading Meets With Disaster; "
            "the GM picks one (diminished, lacking, malcontent, or Population −1)"
        )
    return StatChange(
        attrs.evolve(steading, stats={**steading.stats, stat_id: new}), tuple(words), past
    )


def change_flag(
    ruleset: Ruleset, steading: Steading, flag_id: str, mark: bool
) -> tuple[Steading, list[str]]:
    """Mark or clear a steading flag (diminished, lacking, malcontent, …)."""
    name = ruleset.condition(flag_id).name
    has = flag_id in steading.flags
    if mark == has:
        return steading, []
    flags = (*steading.flags, flag_id) if mark else tuple(f for f in steading.flags if f != flag_id)
    return attrs.evolve(steading, flags=flags), [f"{name} {'marked' if mark else 'cleared'}"]


def level_refusal(ruleset: Ruleset, character: Character) -> str | None:
    """Why `character` cannot Level Up now (no levels in the game, XP short), or None."""
    rule = ruleset.xp
    if rule is None:
        return f"{ruleset.name} has no XP to level up with"
    if not rule.can_level(character):
        needed = rule.needed(character.level)
        return f"{character.name} needs {needed} XP, has {character.xp}"
    return None


def level_up(ruleset: Ruleset, character: Character) -> tuple[Character, list[str]]:
    """Level Up as many times as the XP allows (the ruleset's XP rule: 6 + 2 × level each in
    the house game); a reroll per level gained where rerolls follow the level."""
    why = level_refusal(ruleset, character)
    if why is not None:
        raise RuleError(why)
    rule = ruleset.xp
    assert rule is not None
    level, xp = rule.climb(character)
    gained = level - character.level
    rerolls = character.rerolls_left + (gained if rule.rerolls == "level" else 0)
    words = [f"level {character.level} → {level}", f"XP {character.xp} → {xp}"]
    if rule.rerolls == "level":
        words.append(f"rerolls {character.rerolls_left} → {rerolls}")
    if rule.each_level:
        words.append(f"choose {rule.each_level}" + (f" ({gained} to choose)" if gained > 1 else ""))
    return attrs.evolve(character, level=level, xp=xp, rerolls_left=rerolls), words


def advance_season(ruleset: Ruleset, steading: Steading) -> tuple[Steading, list[str]]:
    """The next season. What ends with it is the moves' to say: Seasons Change's data clears
    the muster's flag, and the muster's end is `games.steading`'s."""
    seasons = ruleset.steading.seasons if ruleset.steading else ()
    if not seasons:
        return steading, []
    index = seasons.index(steading.season) if steading.season in seasons else -1
    season = seasons[(index + 1) % len(seasons)]
    return attrs.evolve(steading, season=season), [f"season {steading.season} → {season}"]


def use_item(ruleset: Ruleset, character: Character, gear_id: str) -> tuple[Character, str]:
    """Mark off one use of an item (it is gone at its last); one with no uses left is refused."""
    spec = ruleset.gear_item(gear_id)
    found = [i for i, it in enumerate(character.gear) if it.id == gear_id]
    if not found:
        raise RuleError(f"{character.name} has no {spec.name}")
    usable = [
        i for i in found if character.gear[i].uses is None or (character.gear[i].uses or 0) > 0
    ]
    if not usable:
        raise RuleError(f"{character.name}'s {spec.name} has no uses left")
    index = usable[0]
    item = character.gear[index]
    gear = list(character.gear)
    if item.uses is None or item.uses <= 1:
        gear.pop(index)
        words = f"{spec.name} used up"
    else:
        gear[index] = attrs.evolve(item, uses=item.uses - 1)
        words = f"{spec.name} uses {item.uses} → {item.uses - 1}"
    return attrs.evolve(character, gear=tuple(gear)), words


def spend_ammo(ruleset: Ruleset, character: Character, index: int) -> tuple[Character, str]:
    """One shot from the item at `index` of the sheet's gear; none left is refused."""
    item = character.gear[index]
    name = ruleset.gear_item(item.id).name
    if not item.ammo:
        raise RuleError(f"{character.name}'s {name} has no ammo left")
    gear = list(character.gear)
    gear[index] = attrs.evolve(item, ammo=item.ammo - 1)
    return attrs.evolve(character, gear=tuple(gear)), f"{name} ammo {item.ammo} → {item.ammo - 1}"


def find_character(state: Campaign, name: str | None) -> Character:
    """The named character (any case), or the active one; unknown names suggest the nearest."""
    if not state.characters:
        raise NotFound("this campaign has no characters yet")
    if name is None:
        wanted = state.turn.actor or state.active or next(iter(state.characters))
        return state.characters[wanted]
    try:
        return state.character(name)
    except KeyError:
        from hearthroll.core.rules.search import nearest

        names = list(state.characters)
        close = nearest(name, names)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise NotFound(f"no character {name!r}{hint} (the party: {', '.join(names)})") from None
