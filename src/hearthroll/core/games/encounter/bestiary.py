"""The bestiary: the foes a ruleset knows by name, checked, found (`wolves`, `an ogre`) and
made ready to join an encounter (`2 wolves` is Wolf 1 and Wolf 2)."""

from __future__ import annotations

import attrs

from hearthroll.core.campaign.state import Campaign, Encounter, Foe
from hearthroll.core.errors import NotFound, RuleError
from hearthroll.core.games.encounter.foes import check_scores, foe_problems, make_foe
from hearthroll.core.records import Record
from hearthroll.core.rules.model import Ruleset

MOST_AT_ONCE = 20
"""The most foes of one kind that join at once."""
_ONE = frozenset({"a", "an", "one"})

Where = tuple[str | int, ...]
"""A key path into the bestiary as written: `("foes", 3, "health")`."""


@attrs.frozen
class KnownFoe(Record):
    """A foe the bestiary knows: what each one of its kind starts a fight with."""

    name: str
    ruleset: str
    """The ruleset whose encounters it joins."""
    scores: dict[str, int]
    """Its scores, by the ruleset's stat ids (`str`, `dex`)."""
    health: int
    armor: int = 0
    weapon: str = "none"
    """`none`, `one_handed` or `two_handed`."""
    shield: bool = False
    huge: bool = False
    plural: str = ""
    """How several are called, where adding an `s` is wrong (`Wolves`)."""

    @property
    def many(self) -> str:
        """The plural: as written, else the name with the ending English gives it."""
        return self.plural or plural_of(self.name)


@attrs.frozen
class Bestiary(Record):
    """Every foe known, in the order written."""

    foes: tuple[KnownFoe, ...] = ()

    def of(self, ruleset: str) -> tuple[KnownFoe, ...]:
        """The foes known to one ruleset."""
        return tuple(f for f in self.foes if f.ruleset == ruleset)


def plural_of(name: str) -> str:
    """`Bandit` → `Bandits`, `Dire rat` → `Dire rats`, `Harpy` → `Harpies`, `Lynx` → `Lynxes`."""
    lower = name.lower()
    if lower.endswith(("s", "x", "z", "ch", "sh")):
        return name + "es"
    if lower.endswith("y") and lower[-2:-1] not in ("", *"aeiou"):
        return name[:-1] + "ies"
    return name + "s"


def problems(foes: tuple[KnownFoe, ...]) -> list[tuple[Where, str]]:
    """What is wrong in the bestiary, each under its key path: a foe's numbers as the foe
    rules judge them, a plural with dots, and a name or plural that two foes share."""
    found: list[tuple[Where, str]] = []
    seen: dict[tuple[str, str], str] = {}
    for index, foe in enumerate(foes):
        name = " ".join(foe.name.split())
        numbers = foe_problems(name, foe.scores, foe.health, armor=foe.armor, weapon=foe.weapon)
        found += [(("foes", index, *key), message) for key, message in numbers]
        if "." in foe.plural:
            found.append((("foes", index, "plural"), "a plural is written without dots"))
        clash = _clash(seen, foe.ruleset, (("name", name), ("plural", foe.many)))
        if clash is not None:
            key, message = clash
            found.append((("foes", index, key), message))
        for word in (name, foe.many):
            seen.setdefault((foe.ruleset, _folded(word)), name)
    return found


def _clash(
    seen: dict[tuple[str, str], str], ruleset: str, words: tuple[tuple[str, str], ...]
) -> tuple[str, str] | None:
    """The first of a foe's name and plural that another foe of the ruleset is called by."""
    for key, word in words:
        other = seen.get((ruleset, _folded(word)))
        if other is not None:
            return key, f"{other} is called {word!r} already: each {ruleset} foe needs its own"
    return None


def _folded(words: str) -> str:
    return " ".join(words.lower().split())


def read_wanted(wanted: str) -> tuple[int, str]:
    """`2 wolves` → (2, "wolves"); `an ogre` or `ogre` → (1, "ogre")."""
    head, _, rest = wanted.strip().partition(" ")
    if head.lower() in _ONE and rest.strip():
        return 1, rest.strip()
    if not head.isdigit() or not rest.strip():
        return 1, wanted.strip()
    count = int(head)
    if not 1 <= count <= MOST_AT_ONCE:
        raise RuleError(f"foes join 1 to {MOST_AT_ONCE} at a time, not {count}")
    return count, rest.strip()


def known_foe(ruleset: Ruleset, bestiary: Bestiary, name: str) -> KnownFoe:
    """The foe the bestiary knows by this name or its plural (any case); else the refusal
    names every foe the ruleset knows."""
    known = bestiary.of(ruleset.id)
    if not known:
        raise NotFound(f"the bestiary knows no {ruleset.name} foes")
    folded = _folded(name)
    for foe in known:
        if folded in (_folded(foe.name), _folded(foe.many)):
            return foe
    listed = ", ".join(f.name for f in known)
    raise NotFound(f"the bestiary knows no {name!r} (known foes: {listed})")


def foe_names(encounter: Encounter | None, name: str, count: int) -> list[str]:
    """The names `count` foes of a kind take: the name alone for the first of its kind in
    the fight, else numbered after those there (`Wolf 2`, `Wolf 3`)."""
    taken = {_folded(n) for n in (encounter.foes if encounter else {})}
    folded = _folded(name)
    numbered = (n.rpartition(" ") for n in taken)
    numbers = [int(tail) for head, _, tail in numbered if head == folded and tail.isdigit()]
    if count == 1 and folded not in taken and not numbers:
        return [name]
    start = max([*numbers, 1 if folded in taken else 0]) + 1
    return [f"{name} {n}" for n in range(start, start + count)]


def summon(
    state: Campaign,
    ruleset: Ruleset,
    bestiary: Bestiary,
    wanted: str,
    *,
    attacking: str | None = None,
) -> list[Foe]:
    """The foes `wanted` (`2 wolves`, `bandit`) brings, each at full health with its own name,
    ready to join the encounter; unknown names are refused, naming the known foes."""
    count, name = read_wanted(wanted)
    kind = known_foe(ruleset, bestiary, name)
    check_scores(ruleset, kind.scores)
    return [
        make_foe(
            called,
            kind.scores,
            kind.health,
            armor=kind.armor,
            weapon=kind.weapon,
            shield=kind.shield,
            huge=kind.huge,
            attacking=attacking,
        )
        for called in foe_names(state.encounter, " ".join(kind.name.split()), count)
    ]
