"""New campaigns: empty, or the demo table a newcomer can play at once."""

from __future__ import annotations

import attrs

from hearthroll.core.campaign.state import (
    Asset,
    Campaign,
    Character,
    Encounter,
    Foe,
    Track,
    new_character,
    new_steading,
    start_level,
)
from hearthroll.core.errors import RuleError
from hearthroll.core.games import gear
from hearthroll.core.rules.model import Ruleset


def new_campaign(ruleset: Ruleset, name: str = "") -> Campaign:
    """An empty campaign of `ruleset`, with a steading if the ruleset has one."""
    steading = new_steading(ruleset) if ruleset.steading is not None else None
    return Campaign(ruleset=ruleset.id, name=name, steading=steading)


Member = tuple[str, str, int, dict[str, int], tuple[str, ...], int]
"""name, template, levels gained past the ruleset's start level, stats, gear (worn or wielded
where it can be), XP."""

PARTIES: dict[str, tuple[str, tuple[Member, ...]]] = {
    "house": (
        "Millbrook",
        (
            (
                "Brannoc",
                "human",
                1,
                {},
                ("weapon", "medium_armor", "shield", "adventuring_gear"),
                3,
            ),
            ("Isolde", "ogre", 0, {}, ("big_weapon", "light_armor"), 5),
            ("Wren", "automaton", 0, {}, ("adventuring_gear", "repair_kit"), 0),
        ),
    ),
    "hack": (
        "The Sunken Road",
        (
            (
                "Grusha",
                "ogre",
                0,
                {"forceful": 2, "agile": 0, "insightful": -1, "charming": 1},
                ("big_weapon", "medium_armor", "adventuring_gear", "healing_potion"),
                0,
            ),
            (
                "Cog",
                "automaton",
                0,
                {"forceful": 1, "agile": 1, "insightful": 2, "charming": -1},
                ("adventuring_gear", "repair_kit"),
                0,
            ),
            (
                "Mira",
                "human",
                0,
                {"forceful": 0, "agile": 2, "insightful": 1, "charming": 1},
                ("bow", "weapon", "light_armor", "shield", "healing_potion", "medical_kit"),
                0,
            ),
        ),
    ),
}
"""The demo party of each ruleset that has one."""


def _geared(ruleset: Ruleset, character: Character, items: tuple[str, ...]) -> Character:
    for item in items:
        character, _ = gear.give(ruleset, character, ruleset.gear_item(item))
    return character


def has_demo(ruleset_id: str) -> bool:
    """Whether `ruleset_id` has a demo party (the new-campaign form offers it only then)."""
    return ruleset_id in PARTIES or ruleset_id in ("maneuvers", "starforged")


def demo_campaign(ruleset: Ruleset, name: str | None = None) -> Campaign:
    """A small ready party, geared up, and a steading where the ruleset has one (for
    maneuvers, three fighters facing two foes; for starforged, Kael with a companion, a
    starship and two vows)."""
    if ruleset.id == "maneuvers":
        return _maneuvers_demo(ruleset, name or "The Ford")
    if ruleset.id == "starforged":
        return starforged_demo(ruleset, name or "The Forge")
    if ruleset.id not in PARTIES:
        known = ", ".join((*PARTIES, "maneuvers", "starforged"))
        raise RuleError(f"there is a demo party for {known}; not for {ruleset.id!r}")
    default, party = PARTIES[ruleset.id]
    characters = {}
    for who, template, gained, stats, items, xp in party:
        character = new_character(ruleset, who, template, start_level(ruleset) + gained)
        character = attrs.evolve(character, stats={**character.stats, **stats}, xp=xp)
        characters[who] = _geared(ruleset, character, items)
    steading = None
    if ruleset.steading is not None:
        steading = attrs.evolve(
            new_steading(ruleset, name or default, "village"),
            stats={"fortunes": 1, "surplus": 2, "population": 2, "prosperity": 1, "defenses": 1},
        )
    return Campaign(
        ruleset=ruleset.id,
        name=name or default,
        characters=characters,
        active=party[0][0],
        steading=steading,
    )


def _maneuvers_demo(ruleset: Ruleset, name: str) -> Campaign:
    """Three fighters with scores, stamina, gear and varied efficacy, against two foes."""
    party = [
        ("Brannoc", 14, 12, ("weapon", "shield"), {"kick": 85, "bash": 90, "rescue": 60}),
        ("Isolde", 16, 10, ("two_handed_weapon",), {"kick": 50, "trip": 40, "disarm": 70}),
        ("Wren", 10, 16, ("weapon",), {"kick": 80, "trip": 75, "disarm": 30, "rescue": 20}),
    ]
    moves = {m.id for m in ruleset.moves}
    characters = {}
    for who, strength, dex, items, skill in party:
        character = new_character(ruleset, who)
        efficacy = {f"maneuvers_{k}": v for k, v in skill.items() if f"maneuvers_{k}" in moves}
        character = attrs.evolve(
            character, stats={**character.stats, "str": strength, "dex": dex}, efficacy=efficacy
        )
        characters[who] = _geared(ruleset, character, items)
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
