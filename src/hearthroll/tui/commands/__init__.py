"""The table's commands, one list: the key bindings, the footer, the help and the refusals on
the top line are all drawn from it."""

from __future__ import annotations

from hearthroll.tui.commands import clocks, encounter, pool, sheet, starforged, table
from hearthroll.tui.commands.base import Command, Seat
from hearthroll.tui.table_protocol import Table

# A command's body imports what only it needs when it runs: the first frame loads the command
# list, the footer and the why-not answers alone.


def show_help(at: Table) -> None:
    """Every key this game has, then the log's, the palette's and the modals'."""
    from hearthroll.core.games.holds import on_roll
    from hearthroll.core.verbs.session import takes_edge
    from hearthroll.tui.keys import help_sections, palette_keys
    from hearthroll.tui.screens.help import HelpScreen

    state, ruleset = at.live.state, at.live.ruleset
    offered = [c.binding() for c in COMMANDS if c.offered(state, ruleset) is None]
    edge = any(takes_edge(m) for m in ruleset.moves)
    palette = palette_keys(edge=edge, preparation=on_roll(ruleset) is not None)
    at.show(HelpScreen(help_sections(offered, palette=palette)))


HELP = Command(
    key="question_mark",
    action="help",
    name="Keys",
    key_display="?",
    help="this list",
    footer="Keys",
    rank=71,
    run=show_help,
)

COMMANDS: tuple[Command, ...] = (
    table.PALETTE,
    pool.PUSH,
    pool.REROLL,
    pool.REROLL_TYPED,
    pool.ACCEPT,
    pool.STOP,
    pool.PREP,
    table.UNDO,
    table.REDO,
    sheet.HOLD,
    sheet.MARK_XP,
    sheet.LEVEL_UP,
    table.ADD_CHARACTER,
    table.EDIT,
    table.NOTE,
    sheet.DAMAGE,
    sheet.GEAR,
    sheet.HURT,
    sheet.HEAL,
    sheet.DAMAGE_TYPED,
    sheet.NEW_PLAN,
    sheet.PLANS,
    table.CAMPAIGNS,
    encounter.ADD_FOE,
    encounter.END_ROUND,
    encounter.END_ENCOUNTER,
    encounter.WAY_OUT,
    encounter.FOE,
    encounter.WIELD,
    encounter.NEXT_FOE,
    encounter.PREVIOUS_FOE,
    starforged.BURN,
    starforged.TRACKS,
    starforged.ASSETS,
    starforged.NEXT_MOVE,
    starforged.NEXT_MOVE_TYPED,
    clocks.CLOCKS,
    table.RECAP,
    table.NEXT,
    table.PREVIOUS,
    *table.PICKS,
    HELP,
    table.QUIT,
    table.SERVED,
)
"""Every table command, in the order the help lists them."""

_BY_ACTION = {c.action: c for c in COMMANDS}
_BY_METHOD = {c.method: c for c in reversed(COMMANDS)}


def command(action: str) -> Command | None:
    """The command bound to `action` as the binding names it ("reroll(True)")."""
    return _BY_ACTION.get(action)


def runner(method: str) -> Command | None:
    """The command whose body runs the action method `method` ("reroll", any parameters)."""
    return _BY_METHOD.get(method)


__all__ = ["COMMANDS", "Command", "Seat", "command", "runner"]
