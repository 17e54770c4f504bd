"""The footer's keys: for each ruleset the commands it plays by, most important first, in their
short words, as many as the width holds (`/`, `?` and `q` always)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping

from textual.binding import ActiveBinding

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.rules.model import Ruleset
from hearthroll.tui.commands import COMMANDS, HELP
from hearthroll.tui.commands.table import PALETTE, QUIT

ALWAYS = (PALETTE.action, HELP.action, QUIT.action)
"""Shown at every width."""

PALETTE_ROOM = 13
"""The columns the command palette's own key takes at the footer's right end."""


def footer_plan(state: Campaign, ruleset: Ruleset) -> list[tuple[str, str]]:
    """The actions the footer may show for this game, most important first, each with its
    short words. A key that cannot act now is left out anyway (the screen's `check_action`)."""
    shown = [
        c
        for c in COMMANDS
        if c.footer and c.in_footer(state, ruleset) and c.offered(state, ruleset) is None
    ]
    return [(c.action, c.footer) for c in sorted(shown, key=lambda c: c.rank)]


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
