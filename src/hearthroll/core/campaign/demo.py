"""New campaigns: empty, or the demo table a newcomer can play at once."""

from __future__ import annotations

import attrs

from hearthroll.core.campaign.state import (
    Asset,
    Campaign,
    Encounter,
    Foe,
    Steading,
    Track,
    new_character,
    new_steading,
)
from hearthroll.core.errors import RuleError
from hearthroll.core.rules.model import Ruleset


def new_campaign(ruleset: Ruleset, name: str = "") -> Campaign:
    """An empty campaign of `ruleset`, with a steading if the ruleset has one."""
    steading = new_steading(ruleset) if ruleset.steading is not None else None
    return Campaign(ruleset=ruleset.id, name=name, steading=steading)


def _armor(ruleset: Ruleset, gear: tuple[str, ...]) -> int:
    return sum(g.armor for g in ruleset.gear if g.id in gear)


def demo_campaign(ruleset: Ruleset, name: str = "Millbrook") -> Campaign:
    """A small ready party and a steading: three characters of the house game (or, for
    maneuvers, three fighters facing two foes; for starforged, Kael with a companion, a
    starship and two vows)."""
    if ruleset.id == "maneuvers":
        return _maneuvers_demo(ruleset, "The Ford" if name == "Millbrook" else name)
    if ruleset.id == "starforged":
        return starforged_demo(ruleset)
    if ruleset.id != "house":
        raise RuleError(
            f"the demo party plays the house game (or maneuvers, or starforged), not {ruleset.id!r}"
        )
    party = [
        ("Brannoc", "human", 2, ("weapon", "medium_armor", "shield", "adventuring_gear"), 3),
        ("Isolde", "ogre", 1, ("big_weapon", "light_armor"), 5),
        ("Wren", "automaton", 1, ("bow", "repair_kit"), 0),
    ]
    templates = {t.id for t in ruleset.templates}
    gear_ids = {g.id for g in ruleset.gear}
    characters = {}
    for who, template, level, gear, xp in party:
        character = new_character(ruleset, who, template if template in templates else "", level)
        kept = tuple(g for g in gear if g in gear_ids)
        characters[who] = attrs.evolve(character, gear=kept, armor=_armor(ruleset, kept), xp=xp)
    steading = attrs.evolve(
        new_steading(ruleset, name, "village"),
        stats={"fortunes": 1, "surplus": 2, "population": 2, "prosperity": 1, "defenses": 1},
    )
    return Campaign(
        ruleset=ruleset.id,
        name=name,
        characters=characters,
        active="Brannoc",
        steading=steading if isinstance(steading, Steading) else None,
    )


def _maneuvers_demo(ruleset: Ruleset, name: str) -> Campaign:
    """Three fighters with scores, stamina, gear and varied efficacy, against two foes."""
    party = [
        ("Brannoc", 14, 12, ("weapon", "shield"), {"kick": 85, "bash": 90, "rescue": 60}),
        ("Isolde", 16, 10, ("two_handed_weapon",), {"kick": 50, "trip": 40, "disarm": 70}),
        ("Wren", 10, 16, ("weapon",), {"kick": 80, "trip": 75, "disarm": 30, "rescue": 20}),
    ]
    gear_ids = {g.id for g in ruleset.gear}
    moves = {m.id for m in ruleset.moves}
    characters = {}
    for who, strength, dex, gear, skill in party:
        character = new_character(ruleset, who)
        efficacy = {f"maneuvers_{k}": v for k, v in skill.items() if f"maneuvers_{k}" in moves}
        characters[who] = attrs.evolve(
            character,
            stats={**character.stats, "str": strength, "dex": dex},
            gear=tuple(g for g in gear if g in gear_ids),
            efficacy=efficacy,
        )
    foes = {
        "Bandit": Foe(
            name="Bandit",
            stats={"str": 12, "dex": 12},
            meters={"health": 20},
            maxima={"health": 20},
            armor=1,
            weapon="two_handed",
            attacking="Brannoc",
        ),
        "Ogre": Foe(
            name="Ogre",
            stats={"str": 18, "dex": 8},
            meters={"health": 40},
            maxima={"health": 40},
            armor=2,
            weapon="one_handed",
            huge=True,
            attacking="Wren",
        ),
    }
    return Campaign(
        ruleset=ruleset.id,
        name=name,
        characters=characters,
        active="Brannoc",
        encounter=Encounter(foes=foes),
    )


def starforged_demo(ruleset: Ruleset, name: str = "The Forge") -> Campaign:
    """Kael, with a companion, a command starship and two vows, ready to play."""
    kael = new_character(ruleset, "Kael")
    kael = attrs.evolve(
        kael,
        stats={**kael.stats, "edge": 2, "heart": 2, "iron": 3, "shadow": 1, "wits": 2},
        assets=(
            Asset(name="Rook", kind="companion", max=3, value=3),
            Asset(name="Petrel", kind="vehicle", max=5, value=5, type="command"),
        ),
    )
    tracks = (
        Track(name="Find the lost beacon", rank="formidable", kind="vow", ticks=4),
        Track(name="Avenge the Ironhold", rank="dangerous", kind="vow", ticks=8),
    )
    return Campaign(
        ruleset=ruleset.id, name=name, characters={"Kael": kael}, active="Kael", tracks=tracks
    )
