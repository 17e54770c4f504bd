"""A fighter a blow left under their breaking point: their Flee opens at once, aimed at the
foe facing them, or waits for the next round when their turn is taken (reading 39)."""

from __future__ import annotations

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.games.encounter import aim, flee_move, newly_breaking
from hearthroll.core.games.encounter.rounds import turn_refusal
from hearthroll.tui.moves import open_on
from hearthroll.tui.table_protocol import Table


def open_flee(table: Table, before: Campaign) -> None:
    """Open the Flee of the first fighter who broke since `before`, if one did."""
    live = table.live
    fleeing = newly_breaking(before, live.state)
    move = flee_move(live.ruleset)
    if not fleeing or move is None:
        return
    who = fleeing[0]
    why = f"{who} is below their breaking point and must flee"
    waits = _turn_taken(table, who)
    if waits is not None:
        table.notify(f"{why}: their {move.name} waits for the next round. {waits}")
        return
    table.target = aim(live.state, None, who)  # the foe facing them
    table.notify(why, severity="warning")
    open_on(table, who, move.id, why)


def _turn_taken(table: Table, who: str) -> str | None:
    """Why `who` has no turn left this round (the engine's words), if they have none."""
    fight_on = table.live.state.encounter
    if fight_on is None:
        return None
    return turn_refusal(fight_on, table.live.ruleset, who)
