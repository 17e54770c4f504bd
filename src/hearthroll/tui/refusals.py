"""Why a table key cannot act now, in words: the footer leaves such a key out, and pressing it
says the reason in the status line instead of doing nothing."""

from __future__ import annotations

from collections.abc import Sequence

from hearthroll.core.campaign.events import Event
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.errors import HearthrollError
from hearthroll.core.rules.model import Ruleset


def at_table(error: HearthrollError) -> str:
    """The engine's refusal as the table says it: with the app's keys where the engine's words
    name the commands (a waiting bust: "reroll (r) or accept (a) first")."""
    words = getattr(error, "at_table", None)
    return words if isinstance(words, str) else str(error)


def _pool(ruleset: Ruleset) -> bool:
    return "pool" in ruleset.mechanics


def can_reroll(state: Campaign, ruleset: Ruleset) -> str | None:
    """Why the waiting bust cannot be rerolled (None when it can)."""
    turn = state.turn
    if turn.status != "bust_pending" or turn.actor not in state.characters:
        return "no bust waits to be rerolled"
    who = state.characters[turn.actor]
    if who.rerolls_left < 1:
        return f"{who.name} has no rerolls left: a accepts the bust"
    spent = turn.last.rerolls_spent if turn.last else 0
    cap = ruleset.rerolls_per_roll
    if cap is not None and spent >= cap:
        return f"this roll has had its {cap} reroll{'s' if cap != 1 else ''}: a accepts the bust"
    return None


def refusal(
    state: Campaign,
    ruleset: Ruleset,
    active: str | None,
    action: str,
    events: Sequence[Event] = (),
) -> str | None:
    """Why the table's `action` cannot act now; None when it can (or is always allowed).
    `events` is the recent log (what the newest roll offers next)."""
    turn = state.turn
    pending = turn.status == "bust_pending"
    if action in ("reroll", "reroll(True)"):
        return can_reroll(state, ruleset)
    if action == "accept":
        return None if pending else "no bust waits to be accepted"
    if action == "prep":
        if not pending:
            return "Preparation is spent on a waiting bust (F5 in the palette spends it on a roll)"
        actor = state.characters.get(turn.actor or "")
        if actor is None or not actor.holds.get("preparation"):
            return f"{turn.actor} holds no Preparation"
        return None
    if action == "stop":
        if turn.actor is None or turn.status != "open" or turn.pushes == 0:
            return "no turn is open to stop"
        return None
    if action == "push":
        if not _pool(ruleset):
            return f"{ruleset.name} has no push-your-luck pool: / makes a move"
        if pending:
            return f"{turn.actor}'s bust waits: reroll it (r) or accept it (a) first"
        return None
    if action == "level_up":
        character = state.characters.get(active or "")
        if character is None:
            return "no character to level up"
        if ruleset.xp is None:
            return f"{ruleset.name} has no XP to level up with"
        needed = ruleset.xp.needed(character.level)
        if character.xp < needed:
            return f"{character.name} needs {needed} XP, has {character.xp}"
        return None
    if action == "burn":
        from hearthroll.core.verbs.starforged import burn_offer

        burn, reason = burn_offer(state, ruleset, active, events)
        return None if burn is not None else reason
    if action in ("next_move", "next_move(True)"):
        from hearthroll.core.verbs.session import offered_next

        if offered_next(events, ruleset):
            return None
        return "no move is offered next (a table row that names one offers it)"
    if action == "tracks":
        from hearthroll.core.games.progress import keeps_tracks

        if keeps_tracks(state, ruleset):
            return None
        return f"{ruleset.name} has no progress tracks"
    if action in ("add_foe", "end_round", "aim(1)", "aim(-1)"):
        return _encounter(state, ruleset, action)
    if action in ("mark_xp", "hold", "damage", "damage(True)") and not state.characters:
        return "the party is empty: A adds a character"
    return None


def _encounter(state: Campaign, ruleset: Ruleset, action: str) -> str | None:
    from hearthroll.core.verbs.fight import has_encounters

    if not has_encounters(ruleset):
        return f"{ruleset.name} has no encounters"
    fight = state.encounter
    if action == "add_foe":
        return None
    if fight is None:
        return "no encounter: f adds a foe"
    if action.startswith("aim") and len(fight.foes) < 2:
        return "there is only one foe to aim at"
    return None
