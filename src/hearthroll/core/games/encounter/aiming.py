"""Aiming: which foe a maneuver faces when the table names one, or none (reading 33)."""

from __future__ import annotations

from hearthroll.core.campaign.state import Campaign, Character, Foe
from hearthroll.core.errors import RuleError
from hearthroll.core.games.encounter.foes import find_foe, is_down


def default_foe(state: Campaign, actor: str | None) -> Foe | None:
    """The foe a maneuver faces when none is named: the only one still up, else the one still
    up attacking the character; None when there is no such one foe."""
    encounter = state.encounter
    if encounter is None:
        return None
    up = [f for f in encounter.foes.values() if not is_down(f)]
    if len(up) == 1:
        return up[0]
    mine = [f for f in up if f.attacking is not None and f.attacking == actor]
    return mine[0] if len(mine) == 1 else None


def aim(state: Campaign, wanted: str | None, actor: str | None) -> str | None:
    """The foe the table aims at: the one picked while it is still up, else the default foe
    (`default_foe`), else the first still up; a downed foe only when every foe is down."""
    encounter = state.encounter
    if encounter is None or not encounter.foes:
        return None
    up = [n for n, f in encounter.foes.items() if not is_down(f)]
    if wanted in up:
        return wanted
    found = default_foe(state, actor)
    if found is not None:
        return found.name
    if up:
        return up[0]
    return wanted if wanted in encounter.foes else next(iter(encounter.foes))


def pick_target(state: Campaign, character: Character, at: str | None) -> Foe | None:
    """The foe named, else the only foe still up, else the one up attacking the character."""
    encounter = state.encounter
    if at is not None:
        return find_foe(encounter, at)
    if encounter is None or not encounter.foes:
        return None
    found = default_foe(state, character.name)
    if found is not None:
        return found
    up = [n for n, f in encounter.foes.items() if not is_down(f)]
    if not up:
        down = ", ".join(encounter.foes)
        raise RuleError(
            f"every foe is down ({down}): name one with --at, or end the encounter "
            "(hearthroll encounter FILE --end)"
        )
    raise RuleError(f"name the foe with --at: {', '.join(up)}")
