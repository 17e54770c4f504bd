"""The clocks key: one line says what happens to a clock (new, advance, roll to advance, clear,
drop), made by the engine's clock verbs; the engine's refusal is said in place."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hearthroll.tui.commands.base import Command
from hearthroll.tui.table_protocol import Table

if TYPE_CHECKING:
    from hearthroll.core.campaign.events import Outcome
    from hearthroll.core.campaign.state import Campaign
    from hearthroll.core.dice.sources import DiceSource

CLOCK_HELP = (
    "new NAME / 4|6|8|10 [campaign] · advance NAME [N] · roll NAME / ODDS · clear NAME · "
    "drop NAME (odds: almost certain, likely, 50/50, unlikely, small chance)"
)


def clock_verb(state: Campaign, text: str, dice: DiceSource) -> Outcome:
    """One line typed into the clocks prompt, as its clock verb."""
    from hearthroll.core.errors import RuleError
    from hearthroll.core.numbers import whole_number
    from hearthroll.core.verbs import clocks

    verb, _, rest = text.strip().partition(" ")
    name, slash, after = (part.strip() for part in rest.partition("/"))
    if verb == "new" and slash and after:
        size, _, kind = after.partition(" ")
        segments = whole_number(size)
        if segments is None:
            raise RuleError(f"a clock's segments are a number (4, 6, 8 or 10), not {size!r}")
        return clocks.new_clock(state, name, segments, kind.strip() or "tension")
    if verb == "roll" and slash and after:
        return clocks.roll_clock(state, name, after, dice)
    if verb == "advance" and not slash:
        head, _, last = name.rpartition(" ")
        times = whole_number(last)
        if head and times is not None:
            return clocks.advance_clock(state, head, times)
        return clocks.advance_clock(state, name)
    if verb in ("clear", "drop") and not slash:
        return (clocks.clear_clock if verb == "clear" else clocks.drop_clock)(state, name)
    raise RuleError(f"say what happens to a clock: {CLOCK_HELP}")


def clocks_prompt(table: Table) -> None:
    """The clocks prompt: one line of what happens to a clock (the tracks pane shows them)."""
    from hearthroll.tui.screens.prompt import LinePrompt

    def check(text: str) -> str | None:
        return table.attempt(lambda: clock_verb(table.live.state, text, table.dice()))

    table.show(LinePrompt(f"Clocks: {CLOCK_HELP}", check, placeholder="advance Raiders"))


CLOCKS = Command(
    key="K",
    action="clocks",
    name="Clocks",
    help="clocks: new NAME / 4|6|8|10 [campaign], advance NAME [N], roll NAME / ODDS (Ask "
    "the Oracle: a yes fills one), clear NAME, drop NAME",
    footer="Clocks",
    rank=64,
    run=clocks_prompt,
)
