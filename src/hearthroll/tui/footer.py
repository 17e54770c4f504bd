"""The footer's keys: for each ruleset the keys it plays by, most important first, in short
words, as many as the width holds (`/`, `?` and `q` always)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping

from textual.binding import ActiveBinding

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.rules.model import Ruleset

ALWAYS = ("palette", "help", "app.quit")
"""Shown at every width."""

PALETTE_ROOM = 13
"""The columns the command palette's own key takes at the footer's right end."""


def footer_plan(state: Campaign, ruleset: Ruleset) -> list[tuple[str, str]]:
    """The actions the footer may show for this game, most important first, each with its
    short words. A key that cannot act now is left out anyway (the screen's `check_action`)."""
    from hearthroll.core.verbs.fight import has_encounters

    fights = has_encounters(ruleset)
    plan = [("palette", "Move")]
    if "pool" in ruleset.mechanics:  # the bust's keys first: they show only while one waits
        plan += [("reroll", "Reroll"), ("accept", "Accept"), ("prep", "+1 Prep")]
        plan += [("push", "Push"), ("stop", "Stop")]
    if fights:
        plan += [("end_round", "End round")]
        if state.encounter is not None and len(state.encounter.foes) > 1:
            plan += [("tab(1)", "Target")]
        plan += [("add_foe", "Foe")]
    if "action" in ruleset.mechanics:
        plan += [("next_move", "Play next"), ("burn", "Burn"), ("tracks", "Tracks")]
    plan += [("undo", "Undo"), ("note", "Note")]  # the GM's line in the log: said often
    if ruleset.gear or fights:
        plan += [("hurt", "Hurt"), ("heal", "Heal")]
    if ruleset.xp is not None:
        plan += [("level_up", "Level Up")]
    if ruleset.gear:
        plan += [("gear", "Gear")]
    if ruleset.holds:
        plan += [("hold", "Holds")]
    plan += [("served", "Players' view"), ("edit", "Edit")]
    if ruleset.xp is not None:
        plan += [("mark_xp", "XP")]
    if ruleset.gear:
        plan += [("damage", "Damage")]
    plan += [("campaigns", "Campaigns"), ("help", "Keys"), ("app.quit", "Quit")]
    return plan


def _width(key: str, words: str) -> int:
    return len(key) + 1 + len(words) + 2


def footer_bindings(
    found: Mapping[str, ActiveBinding],
    plan: list[tuple[str, str]],
    width: int,
    display: Callable[[ActiveBinding], str],
) -> dict[str, ActiveBinding]:
    """`found` (the screen's active bindings) with `show` set on the plan's keys that fit in
    `width`, by priority, under their short words; shown keys first, in the plan's order.

    `display` names a binding's key as the footer draws it ("/" for slash)."""
    first: dict[str, str] = {}
    """Each action's key: the one shown before if any, else the first bound."""
    for key, active in found.items():
        action = active.binding.action
        if action not in first or (active.binding.show and not found[first[action]].binding.show):
            first[action] = key
    words = dict(plan)
    room = width - PALETTE_ROOM
    room -= sum(_width(display(found[first[a]]), words[a]) for a in ALWAYS if a in first)
    chosen = {a for a in ALWAYS if a in first}
    for action, said in plan:
        if action in chosen or action not in first:
            continue
        need = _width(display(found[first[action]]), said)
        if need <= room:
            chosen.add(action)
            room -= need
    shown: dict[str, ActiveBinding] = {}
    for action, said in plan:
        if action in chosen:
            active = found[first[action]]
            binding = dataclasses.replace(active.binding, show=True, description=said)
            shown[first[action]] = active._replace(binding=binding)
    rest = {
        key: active._replace(binding=dataclasses.replace(active.binding, show=False))
        for key, active in found.items()
        if key not in shown
    }
    return {**shown, **rest}
