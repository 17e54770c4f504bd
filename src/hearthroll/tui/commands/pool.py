"""The push-your-luck pool's commands: push, reroll (with real dice too), accept, stop and
Preparation's +1 on a waiting bust."""

from __future__ import annotations

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.errors import HearthrollError
from hearthroll.core.games import pool_turn
from hearthroll.core.games.holds import on_roll
from hearthroll.core.rules.model import Ruleset
from hearthroll.core.verbs import pool
from hearthroll.tui.commands.base import Command, Seat
from hearthroll.tui.refused import at_table
from hearthroll.tui.table_protocol import Table

# A command's body imports what only it needs when it runs: the first frame loads the command
# list, the footer and the why-not answers alone.


def _pool(state: Campaign, ruleset: Ruleset) -> str | None:
    if "pool" in ruleset.mechanics:
        return None
    return f"{ruleset.name} has no push-your-luck pool: / makes a move"


def _preparation(state: Campaign, ruleset: Ruleset) -> str | None:
    return None if on_roll(ruleset) is not None else f"{ruleset.name} has no Preparation"


def _in_pool_game(state: Campaign, ruleset: Ruleset) -> bool:
    return "pool" in ruleset.mechanics


def _bust_waits(seat: Seat) -> str | None:
    """The engine's refusal while a bust waits, in the table's words (its keys)."""
    turn = seat.state.turn
    try:
        pool_turn.refuse_while_a_bust_waits(turn.status, turn.actor)
    except HearthrollError as error:
        return at_table(error)
    return None


def can_reroll(seat: Seat) -> str | None:
    """Why the waiting bust cannot be rerolled (None when it can): the engine's reason, with
    the table's key for accepting it."""
    why = pool.reroll_refusal(seat.state, seat.ruleset)
    return why.replace("accept the bust", "a accepts the bust") if why else None


def push(table: Table) -> None:
    """Open the palette on RISKY moves: the next push of the turn."""
    from hearthroll.tui.commands.sheet import new_plan
    from hearthroll.tui.moves import open_palette

    open_palette(table, new_plan, risky_only=True)


def push_refused(table: Table, why: str) -> None:
    """The push palette all the same, its title saying why nothing can be pushed now: the
    letters typed after `p` land in it (Enter on a move gives the engine's reason again)."""
    from hearthroll.tui.commands.sheet import new_plan
    from hearthroll.tui.moves import make_chosen, refusal
    from hearthroll.tui.screens.palette import MovePalette, PaletteChoice

    def chosen(choice: PaletteChoice | None) -> None:
        if choice is not None:
            make_chosen(table, choice, new_plan)

    palette = MovePalette(
        table.live.ruleset,
        table.live.index,
        title=f"Push: {why}",
        risky_only=True,
        check=lambda move_id: refusal(table, move_id),
    )
    table.show(palette, chosen)


def reroll(table: Table, typed: bool = False) -> None:
    """Spend a reroll on the pending bust."""
    from hearthroll.tui.moves import reroll_flow

    reroll_flow(table, typed)


def accept(table: Table) -> None:
    """Take the bust: XP for each kept 1, the turn ends."""
    live = table.live
    table.run_verb(lambda: pool.accept(live.state, live.ruleset, table.dice()))


def stop(table: Table) -> None:
    """End the turn before a bust: rerolls refresh."""
    live = table.live
    table.run_verb(lambda: pool.stop(live.state, live.ruleset))


def prep(table: Table) -> None:
    """Spend 1 Preparation for +1 on one kept die of the pending bust."""
    from hearthroll.tui.moves import prep_flow

    prep_flow(table)


PUSH = Command(
    key="p",
    action="push",
    name="Push",
    help="push: the palette on RISKY moves only, for the turn's next pool",
    footer="Push",
    rank=13,
    in_footer=_in_pool_game,
    offered=_pool,
    why_not=_bust_waits,
    run=push,
    boxed=push_refused,
)
REROLL = Command(
    key="r",
    action="reroll",
    name="Reroll",
    help="spend a reroll on the bust: every kept 1 is rolled again",
    footer="Reroll",
    rank=10,
    in_footer=_in_pool_game,
    offered=_pool,
    why_not=can_reroll,
    run=reroll,
)
REROLL_TYPED = Command(
    key="R",
    action="reroll(True)",
    name="Reroll real dice",
    help="the same reroll, with the faces of real dice typed in",
    offered=_pool,
    why_not=can_reroll,
    run=reroll,
)
ACCEPT = Command(
    key="a",
    action="accept",
    name="Accept bust",
    help="take the bust: XP for each kept 1, the turn ends, the GM makes a hard move",
    footer="Accept",
    rank=11,
    in_footer=_in_pool_game,
    offered=_pool,
    why_not=lambda seat: pool.accept_refusal(seat.state),
    run=accept,
)
STOP = Command(
    key="s",
    action="stop",
    name="Stop",
    help="end the turn before a bust: rerolls come back up to the level",
    footer="Stop",
    rank=14,
    in_footer=_in_pool_game,
    offered=_pool,
    why_not=lambda seat: pool.stop_refusal(seat.state),
    run=stop,
)
PREP = Command(
    key="plus",
    action="prep",
    name="+1 Prep",
    key_display="+",
    help="spend 1 Preparation: +1 to one kept die of the waiting bust (its options are "
    "asked if that lifts it onto some)",
    footer="+1 Prep",
    rank=12,
    in_footer=_in_pool_game,
    offered=_preparation,
    why_not=lambda seat: pool.prep_refusal(seat.state, seat.ruleset),
    run=prep,
)
