"""Getting out of a fight: flee, break off, the way out, and the breaking point that makes a
character flee at once (readings 38 and 39)."""

from __future__ import annotations

import attrs

from hearthroll.core.campaign.secrets import HEALTH
from hearthroll.core.campaign.state import Campaign, Character, Foe
from hearthroll.core.errors import RuleError
from hearthroll.core.games.encounter.foes import put_foe
from hearthroll.core.rules.model import Move, Ruleset

HELD = "held"
"""The condition of someone a spell holds where they are."""
BREAKING_SHARE = (3, 4)
"""The highest share of health a breaking point may be (reading 39)."""


def escape_refusal(state: Campaign, move: Move, character: Character) -> str | None:
    """Why the character cannot flee or break off: no way out, or held where they stand."""
    if not move.escape:
        return None
    name = character.name
    if state.encounter is not None and state.encounter.no_way_out:
        return f"there is no way out: {name} cannot {move.name.lower()}"
    if HELD in character.conditions:
        return f"{name} is held where they stand: no {move.name}"
    return None


def way_out_refusal(state: Campaign, no_way_out: bool) -> str | None:
    """Why the place cannot be marked so now: no encounter, or it is so already."""
    encounter = state.encounter
    if encounter is None:
        return "there is no encounter"
    if encounter.no_way_out == no_way_out:
        return "the encounter " + ("has no way out already" if no_way_out else "has one")
    return None


def set_no_way_out(state: Campaign, no_way_out: bool) -> tuple[Campaign, list[str]]:
    """Mark (or clear) that the place has no open way out."""
    encounter = state.encounter
    if encounter is None:
        raise RuleError("there is no encounter: add a foe first (hearthroll foe FILE NAME ...)")
    why = way_out_refusal(state, no_way_out)
    if why is not None:
        raise RuleError(why)
    state = attrs.evolve(state, encounter=attrs.evolve(encounter, no_way_out=no_way_out))
    return state, ["no way out: no one can flee or break off" if no_way_out else "a way out opens"]


def flee(state: Campaign, actor: str) -> tuple[Campaign, list[str]]:
    """Reading 38: the character runs out of the fight; foes attacking them stop."""
    encounter = state.encounter
    if encounter is None:
        return state, []
    foes = {
        n: attrs.evolve(f, attacking=None) if f.attacking == actor else f
        for n, f in encounter.foes.items()
    }
    words = [f"{actor} is out of the fight"]
    words += [
        f"{n} stops attacking {actor}" for n, f in encounter.foes.items() if f.attacking == actor
    ]
    after = attrs.evolve(encounter, foes=foes, fled=(*encounter.fled, actor))
    return attrs.evolve(state, encounter=after), words


TURN_ON = "turn_on"
"""The input that names whom a foe broken off from turns on."""


def breaks_off(move: Move) -> bool:
    """Whether the move breaks off from a foe (the foe then turns on another, or stops)."""
    return any(e.kind == "break_off" for e in move.effects)


def turn_choices(state: Campaign, actor: str | None) -> tuple[str, ...]:
    """Whom a foe broken off from may turn on: anyone else still in the fight (reading 38)."""
    fight = state.encounter
    if fight is None:
        return ()
    return tuple(n for n in state.characters if n != actor and n not in fight.fled)


def turn_named(state: Campaign, actor: str | None, name: str) -> str:
    """The one the GM named for the foe to turn on, as the party writes them (any case);
    refused when they are not someone else still in the fight."""
    choices = turn_choices(state, actor)
    for choice in choices:
        if choice.lower() == name.strip().lower():
            return choice
    still = ", ".join(choices) or "nobody"
    raise RuleError(
        f"the foe can turn only on someone else still in the fight ({still}), not {name}"
    )


def break_off(
    state: Campaign, actor: str, foe: Foe, turn_on: str | None = None
) -> tuple[Campaign, list[str]]:
    """Reading 38: the mover stays; the foe turns on the one the GM names (`turn_on`), else
    the next one still in the fight, or stops when nobody is."""
    others = turn_choices(state, actor)
    turned = turn_on if turn_on in others else others[0] if others else None
    state = put_foe(state, attrs.evolve(foe, attacking=turned))
    if turned is None:
        return state, [f"{foe.name} stops fighting"]
    return state, [f"{foe.name} turns on {turned}"]


def flee_move(ruleset: Ruleset) -> Move | None:
    """The move a breaking point makes the character try: the one whose hit flees."""
    return next((m for m in ruleset.moves if any(e.kind == "flee" for e in m.effects)), None)


def max_health(ruleset: Ruleset, character: Character) -> int | None:
    """The character's maximum health, if the sheet has one."""
    if HEALTH not in character.meters:
        return None
    top = character.maxima.get(HEALTH)
    if top is None:
        try:
            top = ruleset.meter(HEALTH).max
        except RuleError:
            return None
    return top


def set_breaking_point(ruleset: Ruleset, character: Character, value: int | None) -> Character:
    """A share of health, at most three-quarters of the maximum; None clears it."""
    if value is None:
        return attrs.evolve(character, breaking_point=None)
    top = max_health(ruleset, character)
    if top is None:
        raise RuleError(f"{character.name} has no health to set a breaking point against")
    share, whole = BREAKING_SHARE
    highest = top * share // whole
    if not 0 <= value <= highest:
        raise RuleError(
            f"{character.name}'s breaking point is 0 to {highest} (three-quarters of {top} "
            f"health), not {value}"
        )
    return attrs.evolve(character, breaking_point=value)


def breaks(character: Character) -> bool:
    """True when health stands below the breaking point: the character must flee at once."""
    point = character.breaking_point
    return point is not None and character.meters.get(HEALTH, point) < point


def newly_breaking(before: Campaign, after: Campaign) -> list[str]:
    """Characters in the fight that this change left below their breaking point (reading 39):
    every blow that leaves them below it (not only the first), and a point raised above their
    health; healing that leaves them below it is no blow and calls for nothing."""
    fight = after.encounter
    if fight is None:
        return []
    found = []
    for name, character in after.characters.items():
        was = before.characters.get(name)
        if name in fight.fled or not breaks(character):
            continue
        if was is not None and breaks(was) and not _took_a_blow(was, character):
            continue
        found.append(name)
    return found


def _took_a_blow(was: Character, now: Character) -> bool:
    return now.meters.get(HEALTH, 0) < was.meters.get(HEALTH, 0)
