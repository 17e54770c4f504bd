"""Why a table key cannot act now, in words: the footer leaves such a key out, and pressing it
says the reason in the status line instead of doing nothing."""

from __future__ import annotations

from collections.abc import Sequence

from hearthroll.core.campaign.events import Event
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.errors import HearthrollError
from hearthroll.core.games.holds import on_roll
from hearthroll.core.rules.model import Ruleset


def at_table(error: HearthrollError) -> str:
    """The engine's refusal as the table says it: with the app's keys where the engine's words
    name the commands (a waiting bust: "reroll (r) or accept (a) first")."""
    words = getattr(error, "at_table", None)
    return words if isinstance(words, str) else str(error)


def _pool(ruleset: Ruleset) -> bool:
    return "pool" in ruleset.mechanics


def can_reroll(state: Campaign, ruleset: Ruleset) -> str | None:
    """Why the waiting bust cannot be rerolled (None when it can): the engine's reason, with
    the table's key for accepting it."""
    from hearthroll.core.verbs.pool import reroll_refusal

    why = reroll_refusal(state, ruleset)
    return why.replace("accept the bust", "a accepts the bust") if why else None


def missing(state: Campaign, ruleset: Ruleset, action: str) -> str | None:
    """Why this game has no such table key at all (the help and the footer leave it out, and
    pressed it says so); None when the game has it."""
    name = ruleset.name
    if action in ("push", "reroll", "reroll(True)", "accept", "stop") and not _pool(ruleset):
        return f"{name} has no push-your-luck pool: / makes a move"
    if action == "prep" and on_roll(ruleset) is None:
        return f"{name} has no Preparation"
    if action == "mark_xp" and ruleset.xp is None:
        return f"{name} has no XP to mark"
    if action == "level_up" and ruleset.xp is None:
        return f"{name} has no XP to level up with"
    if action == "hold" and not ruleset.holds:
        return f"{name} has no holds"
    if action in ("new_plan", "plans") and state.steading is None:
        return "plans belong to the steading, and this campaign has none"
    if action in ("damage", "damage(True)") and not any(g.damage for g in ruleset.gear):
        return f"{name} has no weapon damage"
    if action == "gear" and not ruleset.gear:
        return f"{name} has no gear"
    if action == "burn" and "action" not in ruleset.mechanics:
        return f"{name} has no momentum to burn"
    if action in ("next_move", "next_move(True)") and not any(
        row.follow for t in ruleset.tables for row in t.rows
    ):
        return f"{name} has no table that offers a next move"
    if action == "tracks":
        from hearthroll.core.games.progress import keeps_tracks

        return None if keeps_tracks(state, ruleset) else f"{name} has no progress tracks"
    if action in ("add_foe", "end_round", "aim(1)", "aim(-1)", "foe", "wield"):
        from hearthroll.core.verbs.fight import has_encounters

        return None if has_encounters(ruleset) else f"{name} has no encounters"
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
    absent = missing(state, ruleset, action)
    if absent is not None:
        return absent
    from hearthroll.core.verbs import pool

    if action in ("reroll", "reroll(True)"):
        return can_reroll(state, ruleset)
    if action == "accept":
        return pool.accept_refusal(state)
    if action == "prep":
        return pool.prep_refusal(state, ruleset)
    if action == "stop":
        return pool.stop_refusal(state)
    if action == "push":
        return _bust_waits(state)
    if action == "level_up":
        from hearthroll.core.campaign.sheets import level_refusal

        character = state.characters.get(active or "")
        return (
            "no character to level up" if character is None else level_refusal(ruleset, character)
        )
    if action == "burn":
        from hearthroll.core.verbs.starforged import burn_offer

        burn, reason = burn_offer(state, ruleset, active, events)
        return None if burn is not None else reason
    if action in ("next_move", "next_move(True)"):
        from hearthroll.core.verbs.offers import offered_next

        if offered_next(events, ruleset, state):
            return None
        return "no move is offered next (a table row that names one offers it)"
    if action in ("add_foe", "end_round", "aim(1)", "aim(-1)", "foe"):
        return _encounter(state, action)
    if action == "wield":
        from hearthroll.core.games.encounter import wield_refusal

        return wield_refusal(state.characters.get(active or ""), active)
    if action in ("mark_xp", "hold", "damage", "damage(True)") and not state.characters:
        return "the party is empty: A adds a character"
    return None


def _bust_waits(state: Campaign) -> str | None:
    """The engine's refusal while a bust waits, in the table's words (its keys)."""
    from hearthroll.core.games import pool_turn

    try:
        pool_turn.refuse_while_a_bust_waits(state.turn.status, state.turn.actor)
    except HearthrollError as error:
        return at_table(error)
    return None


def _encounter(state: Campaign, action: str) -> str | None:
    fight = state.encounter
    if action == "add_foe":
        return None
    if fight is None:
        return "no encounter: f adds a foe"
    if action.startswith("aim") and len(fight.foes) < 2:
        return "there is only one foe to aim at"
    return None
