"""Every key for the help screen: the table's bindings, then the palette's and the modals'."""

from __future__ import annotations

from collections.abc import Iterable

from textual.binding import Binding, BindingType

from hearthroll.tui.screens.help import Section

PALETTE_KEYS = (
    ("type", "find a move (typos forgiven: hakc → Clash)"),
    ("↑ ↓", "choose among the matches"),
    ("⏎", "roll it (as the active character; community moves roll for the steading)"),
    ("F2 / alt+a", "toggle advantage"),
    ("F3 / alt+d", "toggle disadvantage"),
    ("F4 / alt+t", "toggle real dice: type the faces before it rolls"),
    ("esc", "close"),
)

MODAL_KEYS = (
    ("space", "options: tick an option"),
    ("1-9", "options: tick that option"),
    ("⏎", "take what is typed or picked (refused values say why and stay open)"),
    ("tab", "next field"),
    ("esc", "cancel: nothing changes"),
    ("ctrl+k", "Textual's command palette: themes"),
    ("ctrl+q", "quit (saves first, never asks)"),
)

_NAMES = {
    "slash": "/",
    "plus": "+",
    "question_mark": "?",
    "tab": "tab",
    "shift+tab": "shift+tab",
}


def _key(binding: Binding) -> str:
    keys = [_NAMES.get(k, k) for k in binding.key.split(",")]
    return " / ".join(keys)


def help_sections(bindings: Iterable[BindingType]) -> list[Section]:
    """The table's keys (number keys folded into one line), the palette's, the modals'."""
    table: list[tuple[str, str]] = []
    for binding in bindings:
        if not isinstance(binding, Binding):
            continue
        if binding.action.startswith("pick("):
            if binding.key == "1":
                table.append(("1-9", "look at character 1 to 9 (moves are made as them)"))
            continue
        table.append((_key(binding), binding.description or binding.action))
    return [
        ("At the table", table),
        ("In the move palette", PALETTE_KEYS),
        ("In the modals", MODAL_KEYS),
    ]
