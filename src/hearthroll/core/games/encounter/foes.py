"""The foes of an encounter: made, joined, found, hurt, healed, told and dropped (readings 33, 36).

What a foe is (its scores, health, armor, weapon, shield, huge) and the tags a maneuver reads
from it and from the character's gear.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from hearthroll.core.campaign.secrets import HEALTH
from hearthroll.core.campaign.state import Campaign, Character, Encounter, Foe
from hearthroll.core.errors import NotFound, RuleError
from hearthroll.core.rules.model import Ruleset

WEAPONS = ("none", "one_handed", "two_handed")
"""What a foe can wield."""
FOE_TAGS = ("weapon", "one_handed", "two_handed", "shield", "huge")
"""What `foe_requires`, `foe_refuses` and `if_foe_tag` can name."""
DISARMED = "disarmed"
"""The condition of a weapon put away in the pack."""


def make_foe(
    name: str,
    scores: Mapping[str, int],
    health: int,
    *,
    armor: int = 0,
    weapon: str = "none",
    shield: bool = False,
    huge: bool = False,
    attacking: str | None = None,
) -> Foe:
    """A foe at full health; bad numbers are refused, naming the fix."""
    name = " ".join(name.split())
    found = foe_problems(name, scores, health, armor=armor, weapon=weapon)
    if found:
        raise RuleError(found[0][1])
    return Foe(
        name=name,
        stats=dict(scores),
        meters={HEALTH: health},
        maxima={HEALTH: health},
        armor=armor,
        weapon=weapon,
        shield=shield,
        huge=huge,
        attacking=attacking,
    )


def foe_problems(
    name: str, scores: Mapping[str, int], health: int, *, armor: int = 0, weapon: str = "none"
) -> list[tuple[tuple[str, ...], str]]:
    """What is wrong with these numbers for a foe, each with the key it is under."""
    found: list[tuple[tuple[str, ...], str]] = []
    if not name or "." in name:
        found.append((("name",), "a foe needs a name, without dots"))
    if health < 1:
        found.append((("health",), f"{name}'s health is 1 or more, not {health}"))
    if armor < 0:
        found.append((("armor",), f"{name}'s armor is 0 or more, not {armor}"))
    for stat, score in scores.items():
        if not 1 <= score <= 30:
            found.append((("scores", stat), f"{name}'s {stat} score is 1 to 30, not {score}"))
    if weapon not in WEAPONS:
        message = f"a foe's weapon is one of {', '.join(WEAPONS)}, not {weapon!r}"
        found.append((("weapon",), message))
    return found


def check_scores(ruleset: Ruleset, scores: Mapping[str, int]) -> None:
    """A foe's scores are the ruleset's stats; another is refused, naming them."""
    known = [s.id for s in ruleset.stats]
    for stat in scores:
        if stat not in known:
            raise RuleError(
                f"a {ruleset.name} foe has no score {stat!r}; scores: {', '.join(known)}"
            )


def foe_tags(foe: Foe) -> frozenset[str]:
    """What the foe is, for `foe_requires`, `foe_refuses` and `if_foe_tag`."""
    tags: set[str] = set()
    if foe.weapon != "none" and DISARMED not in foe.conditions:
        tags |= {"weapon", foe.weapon}
    if foe.shield:
        tags.add("shield")
    if foe.huge:
        tags.add("huge")
    return frozenset(tags)


def gear_tags(ruleset: Ruleset, character: Character) -> frozenset[str]:
    """The tags of what the character carries; a weapon in the pack (disarmed) does not count."""
    held = {i.id for i in character.gear}
    items = [g for g in ruleset.gear if g.id in held]
    if DISARMED in character.conditions:
        items = [g for g in items if "weapon" not in g.tags]
    return frozenset(t for g in items for t in g.tags)


def find_foe(encounter: Encounter | None, name: str) -> Foe:
    """The named foe (any case); unknown names list the foes."""
    if encounter is None or not encounter.foes:
        raise NotFound("there is no encounter: add a foe first (hearthroll foe FILE NAME ...)")
    try:
        return encounter.foe(name)
    except KeyError:
        listed = ", ".join(encounter.foes)
        raise NotFound(f"no foe {name!r} in the encounter (the foes: {listed})") from None


def put_foe(state: Campaign, foe: Foe) -> Campaign:
    """The campaign with this foe replaced (same name, same place)."""
    encounter = state.encounter or Encounter()
    return attrs.evolve(
        state, encounter=attrs.evolve(encounter, foes={**encounter.foes, foe.name: foe})
    )


def add_foe(state: Campaign, foe: Foe) -> tuple[Campaign, list[str]]:
    """The foe joins the encounter (which opens with it, in round 1)."""
    encounter = state.encounter
    words = [] if encounter is not None else ["the encounter opens: round 1"]
    if encounter is not None and any(n.lower() == foe.name.lower() for n in encounter.foes):
        raise RuleError(f"there is a {foe.name} in the encounter already")
    if foe.attacking is not None:
        foe = attrs.evolve(foe, attacking=_party_name(state, foe.attacking))
    state = put_foe(state, foe)
    what = f"{foe.name} joins the fight ({foe_line(foe)})"
    return state, [*words, what]


def _party_name(state: Campaign, name: str) -> str:
    try:
        return state.character(name).name
    except KeyError:
        listed = ", ".join(state.characters) or "nobody yet"
        raise NotFound(f"no character {name!r} to attack (the party: {listed})") from None


def drop_foe(state: Campaign, name: str) -> tuple[Campaign, list[str]]:
    """The foe leaves the encounter (beaten, gone); the encounter stays open until ended."""
    encounter = state.encounter
    foe = find_foe(encounter, name)
    assert encounter is not None
    foes = {k: v for k, v in encounter.foes.items() if k != foe.name}
    return attrs.evolve(state, encounter=attrs.evolve(encounter, foes=foes)), [
        f"{foe.name} leaves the fight"
    ]


def is_down(foe: Foe) -> bool:
    """True when the foe's health is 0: it attacks nobody and is no one's default target."""
    return foe.meters.get(HEALTH, 0) <= 0


def hurt_foe(foe: Foe, amount: int, *, ignore_armor: bool = False) -> tuple[Foe, list[str]]:
    """Reading 36: the foe's armor takes its share (never below 0), the rest comes off health."""
    taken = amount if ignore_armor else max(0, amount - foe.armor)
    old = foe.meters.get(HEALTH, 0)
    new = max(0, old - taken)
    share = (
        f" (armor {foe.armor} takes {min(amount, foe.armor)})"
        if foe.armor and not ignore_armor
        else ""
    )
    words = [f"{foe.name} takes {taken}{share}: health {old} → {new}"]
    foe = attrs.evolve(foe, meters={**foe.meters, HEALTH: new})
    if new == 0:
        words.append(f"{foe.name} is down and out")
        if foe.attacking is not None:
            words.append(f"{foe.name} stops attacking {foe.attacking}")
            foe = attrs.evolve(foe, attacking=None)
    return foe, words


def heal_foe(foe: Foe, amount: int) -> tuple[Foe, list[str]]:
    """Health back, never above what the foe started with."""
    old = foe.meters.get(HEALTH, 0)
    top = foe.maxima.get(HEALTH, old)
    new = min(top, old + max(0, amount))
    return attrs.evolve(foe, meters={**foe.meters, HEALTH: new}), [
        f"{foe.name}: health {old} → {new}"
    ]


def foe_line(foe: Foe) -> str:
    """The foe in one line: scores, health, armor, weapon, marks and whom it attacks."""
    parts = [" ".join(f"{k.title()} {v}" for k, v in foe.stats.items())]
    parts.append(f"health {foe.meters.get(HEALTH, 0)}/{foe.maxima.get(HEALTH, 0)}")
    if foe.armor:
        parts.append(f"armor {foe.armor}")
    if foe.weapon != "none":
        held = " (in its pack)" if DISARMED in foe.conditions else ""
        parts.append(foe.weapon.replace("_", "-") + " weapon" + held)
    if foe.shield:
        parts.append("shield")
    if foe.huge:
        parts.append("huge")
    parts += [_mark(c, r) for c, r in foe.conditions.items() if c != DISARMED]
    if foe.attacking:
        parts.append(f"attacking {foe.attacking}")
    return ", ".join(p for p in parts if p)


def _mark(condition: str, rounds: int) -> str:
    name = condition.replace("_", " ")
    return f"{name} {rounds} round{'s' if rounds != 1 else ''}" if rounds else name
