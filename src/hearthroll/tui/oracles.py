"""The oracles at the table: a table rolled (or its row picked) or Ask the Oracle asked from
the palette, with the app's dice or the faces of real ones; each is one `oracle` event."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.dice.sources import AskingDice, DiceSource, parse_faces
from hearthroll.core.errors import DiceError, HearthrollError
from hearthroll.core.rules.search import ASK_ID, TABLE
from hearthroll.core.verbs.oracle import ask_the_oracle, roll_oracle
from hearthroll.tui.refused import at_table
from hearthroll.tui.screens.dice_input import DiceInput
from hearthroll.tui.screens.options import OptionsPicker, PickList
from hearthroll.tui.screens.palette import PaletteChoice
from hearthroll.tui.table_protocol import Table

Roll = Callable[[DiceSource], Outcome]
"""The oracle's verb, everything but its dice bound."""


def oracle_flow(table: Table, choice: PaletteChoice) -> None:
    """Roll the table (or ask) the palette picked: its row picked first where F6 asked for
    it, the faces of real dice asked where F4 did; then committed."""

    async def run() -> None:
        row = await _picked_row(table, choice.move) if choice.pick else None
        if choice.pick and row is None:
            return
        roll = _verb(table, choice, row)
        if choice.typed:
            outcome = await _typed(table, choice, roll)
        else:
            try:
                outcome = roll(table.dice())
            except HearthrollError as error:
                table.notify(at_table(error), severity="error", title="not done")
                return
        if outcome is not None:
            table.commit(outcome)

    table.run_flow(run)


def _verb(table: Table, choice: PaletteChoice, row: str | None) -> Roll:
    state, ruleset = table.live.state, table.live.ruleset
    if choice.oracle == TABLE:
        return lambda dice: roll_oracle(state, ruleset, choice.move, dice, row)
    odds = choice.move.removeprefix(ASK_ID)
    return lambda dice: ask_the_oracle(state, odds, dice)


async def _picked_row(table: Table, table_id: str) -> str | None:
    """The row the GM picks from the table's rows (a face it covers), or None (Escape)."""
    oracle = table.live.ruleset.table(table_id)
    items = tuple(
        (str(r.low), f"{r.low}–{r.high}: {r.text}" if r.low != r.high else f"{r.low}: {r.text}")
        for r in oracle.rows
    )
    picker = OptionsPicker(
        f"{oracle.name}: pick a row",
        Text(f"instead of the d{oracle.die}", style="italic"),
        [PickList("Which row?", items, 1)],
        lambda _: None,
        escape="cancel",
    )
    picked = await table.ask(picker)
    return picked[0] if picked else None


async def _typed(table: Table, choice: PaletteChoice, roll: Roll) -> Outcome | None:
    """The oracle rolled with the faces typed, in the order the rolls are made: a face short
    is asked for, one too many refused; Enter on an empty line rolls the app's dice."""
    held: list[Outcome] = []

    def check(text: str) -> str | None:
        try:
            held[:] = [roll(table.dice()) if not text.strip() else _exact(roll, text)]
        except HearthrollError as error:
            return at_table(error)
        return None

    if choice.oracle == TABLE:
        oracle = table.live.ruleset.table(choice.move)
        title = f"{oracle.name}: the d{oracle.die}, then any table its row rolls on"
    else:
        title = f"Ask the Oracle ({choice.move.removeprefix(ASK_ID)}): the d100 (00 is 100)"
    hint = "the faces rolled, in order; ⏎ on an empty line rolls them"
    typed = await table.ask(DiceInput(title, hint, check, keys="⏎ roll  esc cancel"))
    return held[0] if typed is not None and held else None


def _exact(roll: Roll, text: str) -> Outcome:
    """The oracle rolled with exactly these faces: short is asked, too many refused."""
    faces = parse_faces(text)
    source = AskingDice(faces)
    outcome = roll(source)
    if len(source.faces) < len(faces):
        raise DiceError(
            f"too many faces: the oracle rolled {len(source.faces)}, {len(faces)} were typed"
        )
    return outcome
