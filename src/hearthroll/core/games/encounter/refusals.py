"""Why a maneuver cannot be made now, asked before anything is paid (reading 34): no turn
left, no way out, no stamina, still waiting, no gear at hand, or a foe out of its reach."""

from __future__ import annotations

from hearthroll.core.campaign.state import Campaign, Character, Foe
from hearthroll.core.errors import RuleError
from hearthroll.core.games.encounter.aiming import pick_target
from hearthroll.core.games.encounter.cost import cost_refusal
from hearthroll.core.games.encounter.escape import escape_refusal
from hearthroll.core.games.encounter.foes import DISARMED, foe_tags, gear_tags, is_down
from hearthroll.core.games.encounter.rounds import is_maneuver, needs_encounter, turn_refusal
from hearthroll.core.games.encounter.wielding import disarmed_fix
from hearthroll.core.games.stage import Attempt
from hearthroll.core.rules.model import Move, Ruleset


def refusal(
    state: Campaign, ruleset: Ruleset, move: Move, character: Character, foe: Foe | None
) -> str | None:
    """Why the maneuver cannot be made now (nothing is paid), or None when it can."""
    encounter = state.encounter
    if needs_encounter(move):
        if encounter is None:
            return f"{move.name} is made in an encounter: add a foe first (hearthroll foe ...)"
        busy = turn_refusal(encounter, ruleset, character.name)
        if busy is not None:
            return busy
    return (
        escape_refusal(state, move, character)
        or cost_refusal(ruleset, move, character)
        or _gear_refusal(ruleset, move, character)
        or _foe_refusal(move, character, foe)
    )


def _gear_refusal(ruleset: Ruleset, move: Move, character: Character) -> str | None:
    """The gear the move needs that the character has not at hand."""
    missing = [t for t in move.requires if t not in gear_tags(ruleset, character)]
    if not missing:
        return None
    need = ", ".join(t.replace("_", " ") for t in missing)
    why = f"{move.name} needs a {need}; {character.name} has none at hand"
    if DISARMED in character.conditions and "weapon" in missing:
        why += f": {disarmed_fix(character)}"
    return why


def _foe_refusal(move: Move, character: Character, foe: Foe | None) -> str | None:
    """A foe the move needs and lacks, a downed one, or one out of its reach."""
    if foe is None:
        if needs_encounter(move) and _reaches_foe(move):
            return f"{move.name} needs a foe to face: add one (hearthroll foe ...)"
        return None
    if is_down(foe) and _acts_on_a_fighter(move):
        return (
            f"{foe.name} is down (health 0): no {move.name} against it; "
            "name a foe still fighting with --at"
        )
    tags = foe_tags(foe)
    lacking = [t for t in move.foe_requires if t not in tags]
    if lacking:
        what = ", ".join(t.replace("_", "-") for t in lacking)
        return f"{move.name} works only against a foe with a {what}; {foe.name} has none"
    barred = [t for t in move.foe_refuses if t in tags]
    if barred:
        return f"{foe.name} is {' and '.join(barred)}: out of {move.name}'s reach"
    redirects = any(e.kind == "redirect" for e in move.effects)
    if redirects and (foe.attacking is None or foe.attacking == character.name):
        return f"{foe.name} is not attacking a friend of {character.name}'s"
    return None


def _acts_on_a_fighter(move: Move) -> bool:
    """A move that reads the foe's scores or gear, or marks, turns or breaks off from it: it
    means nothing against a downed foe (damage alone still lands)."""
    return bool(
        any(
            e.kind in ("condition", "break_off", "redirect")
            for e in move.effects
            if e.subject == "foe" or e.kind in ("break_off", "redirect")
        )
        or any(a.from_foe or a.from_diff for a in move.roll.auto)
        or move.foe_requires
    )


def _reaches_foe(move: Move) -> bool:
    return bool(
        any(e.subject == "foe" or e.kind in ("break_off", "redirect") for e in move.effects)
        or any(a.from_foe or a.from_diff for a in move.roll.auto)
        or move.foe_requires
        or move.foe_refuses
    )


def check(attempt: Attempt) -> None:
    """The check stage: a maneuver that cannot be made now (nothing is paid)."""
    character = attempt.character
    if not is_maneuver(attempt.move) or character is None:
        return
    foe = pick_target(attempt.state, character, attempt.at)
    why = refusal(attempt.state, attempt.ruleset, attempt.move, character, foe)
    if why:
        raise RuleError(why)
