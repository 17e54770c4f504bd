"""The campaign as text for `hearthroll state`: the party, the tracks, the steading, the turn."""

from __future__ import annotations

import os
import re
import sys
from typing import TYPE_CHECKING, NamedTuple, TextIO

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.numbers import signed
from hearthroll.core.rules.model import Ruleset

if TYPE_CHECKING:
    from rich.console import Console

_EMOJI_CODE = re.compile(r":[^\s:]+:")
"""What rich's printing could turn into an emoji in any line."""
_MARKUP = re.compile(r"\\|\[[a-z#/@]")
"""What rich could read as markup (a tag or an escape) in a line printed with markup."""
_RICH_ENVIRONMENT = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "JUPYTER_COLUMNS")


def sheet_lines(state: Campaign, ruleset: Ruleset, name: str) -> list[str]:
    """A character's sheet as lines of text, section by section as the ruleset shapes it."""
    from hearthroll.core.games.sheet import character_sheet

    sheet = character_sheet(ruleset, state.characters[name])
    head = sheet.sections[0]
    marker = " ◀" if name == state.active else ""
    top = " · ".join(f"{line.label} {line.text}" for line in head.lines)
    lines = [f"{head.title}{marker} · {top}"]
    small: list[str] = []
    for section in sheet.sections[1:]:
        if not section.lines:
            continue
        if section.id == "gear":
            body = ", ".join(line.text for line in section.lines)
        else:
            body = " · ".join(f"{line.label} {line.text}" for line in section.lines)
        if section.id in ("meters", "armor", "load"):
            small.append(body)
            continue
        if small:
            lines.append("  " + " · ".join(small))
            small = []
        lines.append(
            f"  {section.title}: {body}" if section.id in ("gear", "holds") else f"  {body}"
        )
    if small:
        lines.append("  " + " · ".join(small))
    return lines


def track_lines(state: Campaign, ruleset: Ruleset) -> list[str]:
    """The campaign's progress tracks, one a line, where the ruleset keeps them (none: no
    lines at all)."""
    from hearthroll.core.games import progress

    if not progress.keeps_tracks(state, ruleset):
        return []
    tracks = state.tracks or ()
    if not tracks:
        return ["tracks: none yet (track FILE new NAME --rank R)"]
    return ["tracks", *(f"  {progress.line(t)}" for t in tracks)]


def clock_lines(state: Campaign) -> list[str]:
    """The campaign's clocks under a `clocks` heading, one a line as `clock list` prints them
    (none: no lines at all)."""
    if not state.clocks:
        return []
    from hearthroll.core.games.clocks import line

    return ["clocks", *(f"  {line(c)}" for c in state.clocks)]


class Line(NamedTuple):
    """A line of `hearthroll state` and how rich prints it."""

    text: str
    folds: bool = True
    """A terminal may fold it (the sheets' lines never are)."""
    markup: bool = False
    """Rich reads it as markup (the names are escaped, so they are not)."""


def state_lines(state: Campaign, ruleset: Ruleset) -> list[Line]:
    """The text of `hearthroll state`, line by line."""
    lines = [Line(f"{state.name or 'campaign'} · {ruleset.name}")]
    for name in state.characters:
        lines += [Line(line, folds=False) for line in sheet_lines(state, ruleset, name)]
    if not state.characters:
        lines.append(Line("no characters yet", markup=True))
    lines += [Line(line, folds=False) for line in track_lines(state, ruleset)]
    lines += [Line(line, folds=False) for line in clock_lines(state)]
    steading = state.steading
    if steading is not None:
        stats = "  ".join(f"{k.title()} {signed(v)}" for k, v in steading.stats.items())
        flags = ", ".join(steading.flags) or "no flags"
        lines.append(Line(f"{steading.name} · {steading.size} · {steading.season}"))
        lines += [Line(f"  {stats}", markup=True), Line(f"  {flags}", markup=True)]
        for plan in steading.plans:
            ticks = " ".join("[x]" if r.done else "[ ]" for r in plan.requirements)
            lines.append(Line(f"  plan: {plan.name} {ticks}"))
    turn = state.turn
    if "pool" not in ruleset.mechanics:
        return lines
    if turn.actor:
        dice = ", ".join(str(f) for f in turn.last.faces) if turn.last else ""
        text = f"turn: {turn.actor}, {turn.pushes} RISKY move(s), {turn.status}"
        lines.append(Line(text + (f", dice [{dice}]" if dice else ""), markup=True))
    else:
        lines.append(Line("turn: none open", markup=True))
    return lines


def print_state(state: Campaign, ruleset: Ruleset, console: Console | None = None) -> None:
    """Print the sheets, the steading and the turn.

    Into a pipe or a file, where rich would add nothing to these lines, they are written as
    they are, without importing rich (most of a `state`'s start); on a terminal, or where rich
    could change a line (fold it, read markup or an emoji code in a name), rich prints them.
    """
    lines = state_lines(state, ruleset)
    out = sys.stdout
    if console is None and _plain_is_exact(lines, out):
        out.write("".join(f"{line.text}\n" for line in lines))
        return
    _print_rich(state, ruleset, console)


def _plain_is_exact(lines: list[Line], out: TextIO) -> bool:
    """True when rich would print `lines` to `out` exactly as they are: not a terminal, no
    setting that makes rich style a pipe, and no line it could fold or rewrite."""
    if out.isatty() or any(os.environ.get(name) for name in _RICH_ENVIRONMENT):
        return False
    width = _rich_width()
    for text, folds, markup in lines:
        if not text.isprintable() or _EMOJI_CODE.search(text):
            return False
        cells = len(text) if text.isascii() else 2 * len(text)  # at most two cells a letter
        if (markup and _MARKUP.search(text)) or (folds and cells > width):
            return False
    return True


def _rich_width() -> int:
    """The width rich gives a console that is not a terminal (its own rules)."""
    width = 0
    for fd in (0, 1, 2):
        try:
            width = os.get_terminal_size(fd).columns
        except (AttributeError, ValueError, OSError):
            continue
        break
    columns = os.environ.get("COLUMNS")
    if columns is not None and columns.isdigit():
        width = int(columns)
    if os.environ.get("TERM", "").lower() in ("dumb", "unknown"):
        width = 80
    return width or 80


def _print_rich(state: Campaign, ruleset: Ruleset, console: Console | None = None) -> None:
    from rich.console import Console
    from rich.text import Text

    console = console or Console()
    # names as Text, never markup: rich's escape leaves a backslash before `[` to be eaten
    console.print(Text.assemble((state.name or "campaign", "bold"), f" · {ruleset.name}"))
    for name in state.characters:
        for line in sheet_lines(state, ruleset, name):
            console.print(line, markup=False, highlight=False, soft_wrap=True)
    if not state.characters:
        console.print("no characters yet")
    for line in (*track_lines(state, ruleset), *clock_lines(state)):
        console.print(line, markup=False, highlight=False, soft_wrap=True)
    steading = state.steading
    if steading is not None:
        stats = "  ".join(f"{k.title()} {signed(v)}" for k, v in steading.stats.items())
        flags = ", ".join(steading.flags) or "no flags"
        where = f" · {steading.size} · {steading.season}"
        console.print(Text.assemble((steading.name, "bold"), where))
        console.print(f"  {stats}")
        console.print(f"  {flags}")
        for plan in steading.plans:
            ticks = " ".join("[x]" if r.done else "[ ]" for r in plan.requirements)
            console.print(f"  plan: {plan.name} {ticks}", markup=False)
    turn = state.turn
    if "pool" not in ruleset.mechanics:
        return
    if turn.actor:
        dice = ", ".join(str(f) for f in turn.last.faces) if turn.last else ""
        console.print(
            f"turn: {turn.actor}, {turn.pushes} RISKY move(s), {turn.status}"
            + (f", dice [{dice}]" if dice else "")
        )
    else:
        console.print("turn: none open")
