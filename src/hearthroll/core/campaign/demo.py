"""New campaigns: empty, or the demo table a newcomer can play at once."""

from __future__ import annotations

import attrs

from hearthroll.core.campaign.state import Campaign, Steading, new_character, new_steading
from hearthroll.core.errors import RuleError
from hearthroll.core.rules.model import Ruleset


def new_campaign(ruleset: Ruleset, name: str = "") -> Campaign:
    """An empty campaign of `ruleset`, with a steading if the ruleset has one."""
    steading = new_steading(ruleset) if ruleset.steading is not None else None
    return Campaign(ruleset=ruleset.id, name=name, steading=steading)


def _armor(ruleset: Ruleset, gear: tuple[str, ...]) -> int:
    return sum(g.armor for g in ruleset.gear if g.id in gear)


def demo_campaign(ruleset: Ruleset, name: str = "Millbrook") -> Campaign:
    """A small ready party and a steading: three characters of the house game."""
    if ruleset.id != "house":
        raise RuleError(f"the demo party plays the house game, not {ruleset.id!r}")
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
