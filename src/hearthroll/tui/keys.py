"""Every key for the help screen: the table's bindings, then the palette's and the modals'."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from textual.binding import Binding, BindingType

from hearthroll.tui.screens.help import Section

PALETTE_KEYS = (
    ("type", "find a move or an oracle (typos forgiven: hakc → Clash, ask lik → Ask the Oracle)"),
    ("↑ ↓", "choose among the matches"),
    ("⏎", "roll it (as the active character; community moves roll for the steading)"),
    ("F2, alt+a", "toggle advantage"),
    ("F3, alt+d", "toggle disadvantage"),
    ("F4, alt+t", "toggle real dice: type the faces before it rolls"),
    ("F5, alt+p", "toggle Preparation (when held): +1 to a kept die, or to the roll"),
    ("F6, alt+r", "toggle pick a row (where there are tables): ⏎ on an oracle lists its rows"),
    ("esc", "close"),
)

MODAL_KEYS = (
    ("space", "options: tick an option"),
    ("1-9", "options: tick that option"),
    (
        "⏎",
        "take what is typed or ticked (refused values say why and stay open; an option "
        "list short of its picks says how many are left)",
    ),
    ("tab", "next field"),
    ("esc", "cancel: nothing changes"),
    ("ctrl+k", "Textual's command palette: themes"),
    ("ctrl+q", "quit (saves first, never asks)"),
)

LOG_KEYS = (
    ("↑ ↓, PgUp PgDn", "walk the move log (it stops following the newest event)"),
    ("⏎", "the highlighted event's whole record: dice, band, options, every change"),
    ("End", "back to the newest event, followed again as events come"),
    ("top of the log", "older events are read in"),
)

SIGNS = (
    ("▶", "the character moves are made as (the active one)"),
    ("⟳2", "rerolls left"),
    ("●", "whose pool turn is open"),
    ("▲", "enough XP to Level Up"),
    ("[1] [6]", "kept dice: 1s red, 6s green; dropped dice struck through"),
    ("NOT SAVED", "saving fails and is being retried; nothing is dropped"),
)

_NAMES = {
    "slash": "/",
    "plus": "+",
    "question_mark": "?",
    "tab": "Tab",
    "shift+tab": "Shift+Tab",
}


def _key(binding: Binding) -> str:
    keys = [_NAMES.get(k, k) for k in binding.key.split(",")]
    return ", ".join(keys)


EDGE_KEYS = ("F2, alt+a", "F3, alt+d")
"""The palette's keys for the GM's advantage, in a game where some move takes it."""
PREPARATION_KEYS = ("F5, alt+p",)
"""The palette's key for Preparation, in a game that spends it on a roll."""


def palette_keys(*, edge: bool = True, preparation: bool = True) -> tuple[tuple[str, str], ...]:
    """The palette's keys this game has: advantage only where a move takes it, Preparation only
    where a roll spends it."""
    left_out = (() if edge else EDGE_KEYS) + (() if preparation else PREPARATION_KEYS)
    return tuple((key, words) for key, words in PALETTE_KEYS if key not in left_out)


def help_sections(
    bindings: Iterable[BindingType],
    has: Callable[[str], bool] = lambda action: True,
    palette: tuple[tuple[str, str], ...] = PALETTE_KEYS,
) -> list[Section]:
    """The table's keys this game `has`, each with its help words (the binding's tooltip; number
    keys folded into one line), then the log's, the `palette`'s and the modals'."""
    table: list[tuple[str, str]] = []
    for binding in bindings:
        if not isinstance(binding, Binding) or not has(binding.action):
            continue
        if binding.action.startswith("pick("):
            if binding.key == "1":
                table.append(("1-9", "look at character 1 to 9 (moves are made as them)"))
            continue
        text = binding.tooltip or binding.description or binding.action
        if table and table[-1][1] == text:  # two keys for one thing: one line
            table[-1] = (f"{table[-1][0]}, {_key(binding)}", text)
            continue
        table.append((_key(binding), text))
    return [
        ("At the table", table),
        ("In the move log", LOG_KEYS),
        ("In the move palette", palette),
        ("In the modals", MODAL_KEYS),
    ]
