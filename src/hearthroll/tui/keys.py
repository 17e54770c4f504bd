"""Every key for the help screen: the table's bindings, then the palette's and the modals'."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from textual.binding import Binding, BindingType

from hearthroll.tui.screens.help import Section

PALETTE_KEYS = (
    ("type", "find a move (typos forgiven: hakc → Clash)"),
    ("↑ ↓", "choose among the matches"),
    ("⏎", "roll it (as the active character; community moves roll for the steading)"),
    ("F2, alt+a", "toggle advantage"),
    ("F3, alt+d", "toggle disadvantage"),
    ("F4, alt+t", "toggle real dice: type the faces before it rolls"),
    ("F5, alt+p", "toggle Preparation (when held): +1 to a kept die, or to the roll"),
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

LONG = {
    "palette": "the move palette: 3–4 letters and Enter roll a move for the active character",
    "push": "push: the palette on RISKY moves only, for the turn's next pool",
    "reroll": "spend a reroll on the bust: every kept 1 is rolled again",
    "reroll(True)": "the same reroll, with the faces of real dice typed in",
    "accept": "take the bust: XP for each kept 1, the turn ends, the GM makes a hard move",
    "stop": "end the turn before a bust: rerolls come back up to the level",
    "prep": "spend 1 Preparation: +1 to one kept die of the waiting bust (its options are "
    "asked if that lifts it onto some)",
    "undo": "undo the last event (the sheets and the log follow)",
    "redo": "redo what was undone",
    "hold": "gain (+N) or spend (-N) a hold: Preparation, Readiness…",
    "mark_xp": "mark 1 XP on the active character",
    "level_up": "Level Up (shown when the XP is there)",
    "add_character": "add a character: name, template and level",
    "edit": "edit any field: NAME.field or steading.field; a bad value is refused",
    "note": "the GM's line in the log: a hard move, a scene (! first: secret, never in the "
    "players' view)",
    "damage": "roll the active character's weapon damage",
    "damage(True)": "weapon damage with real dice",
    "new_plan": "Make a Plan: a project and its requirements",
    "plans": "tick a plan's boxes, or strike a plan",
    "campaigns": "the campaign list: open another, or make a new one",
    "burn": "burn momentum on the last action roll: it replaces the action score, then resets",
    "next_move": "play the move a table row offers next (Face Death, Endure Harm −2), its harm "
    "preset; after a rough ride, each one aboard's in turn, or let the rest off",
    "next_move(True)": "the same, with the faces of real dice typed in (as F4 in the palette)",
    "tracks": "progress tracks: new NAME / RANK, mark NAME [N], roll, clear, drop",
    "recap": "write tonight's recap (Markdown, for the group chat) beside the campaign file",
    "foe": "the aimed foe (← →): hurt N (ignore: past armor), heal N, wield, drop, attacking "
    "NAME, stop",
    "wield": "the active character, disarmed by their own fumble, wields their weapon again "
    "(their turn)",
    "tab(1)": "the next character; in a fight with two foes or more, the next target (as →)",
    "tab(-1)": "the previous character; in a fight, the previous target (as ←)",
    "served": "where the players' view is served to browsers, and whether it runs; when it "
    "is not, the command, and an offer to serve it from here while the app runs",
    "help": "this list",
    "app.quit": "quit (everything is saved first; it never asks)",
}

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


def help_sections(
    bindings: Iterable[BindingType], has: Callable[[str], bool] = lambda action: True
) -> list[Section]:
    """The table's keys this game `has` (number keys folded into one line), the palette's,
    the modals'."""
    table: list[tuple[str, str]] = []
    for binding in bindings:
        if not isinstance(binding, Binding) or not has(binding.action):
            continue
        if binding.action.startswith("pick("):
            if binding.key == "1":
                table.append(("1-9", "look at character 1 to 9 (moves are made as them)"))
            continue
        text = LONG.get(binding.action, binding.description or binding.action)
        if table and table[-1][1] == text:  # two keys for one thing: one line
            table[-1] = (f"{table[-1][0]}, {_key(binding)}", text)
            continue
        table.append((_key(binding), text))
    return [
        ("At the table", table),
        ("In the move log", LOG_KEYS),
        ("In the move palette", PALETTE_KEYS),
        ("In the modals", MODAL_KEYS),
    ]
