"""The table's starforged keys: burn momentum, the tracks, and the suffer moves' "resist?"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import DiceSource
from hearthroll.core.errors import HearthrollError
from hearthroll.core.games import progress
from hearthroll.core.numbers import whole_number
from hearthroll.core.rules.effects import OptionList
from hearthroll.core.rules.model import Move
from hearthroll.core.verbs import starforged
from hearthroll.tui.screens.options import OptionsPicker, PickList
from hearthroll.tui.screens.prompt import LinePrompt

if TYPE_CHECKING:
    from hearthroll.tui.screens.table import TableScreen

BANDS = {"miss": "miss", "weak": "weak hit", "strong": "strong hit"}

TRACK_HELP = (
    "new NAME / RANK [KIND] · mark NAME [N] · roll NAME · clear NAME · drop NAME "
    "(ranks: troublesome dangerous formidable extreme epic)"
)


def floor_picker(move: Move, lists: Sequence[OptionList]) -> OptionsPicker:
    """Lose Momentum's choice at −6 (reading 29), as a picker."""
    shown = [
        PickList(lst.label or "Momentum at −6", tuple((o.id, o.text) for o in lst.items), lst.pick)
        for lst in lists
    ]
    note = Text("Momentum is at −6 and more must be lost: choose how it is paid.", style="italic")
    return OptionsPicker(f"{move.name}: momentum at −6", note, shown, lambda _: None)


def track_question(state: Campaign, picked: list[str]) -> OptionsPicker | None:
    """Which track loses progress, when the choice was to lose progress and there are several."""
    tracks = state.tracks or ()
    if "lose_progress" not in picked or len(tracks) < 2:
        return None
    items = tuple((t.name, f"{t.name} ({t.rank} {t.kind}): −{progress.unit(t)}") for t in tracks)
    lists = [PickList("Which track?", items, 1)]
    return OptionsPicker("Lose progress on", Text(""), lists, lambda _: None)


def burn(table: TableScreen) -> None:
    """Burn the active character's momentum on their last action roll; the band it lands on
    asks its options (the old band's are undone)."""
    from hearthroll.tui.moves import burn_flow

    async def run() -> None:
        await burn_flow(table)

    table.run_flow(run)


def track_verb(state: Campaign, text: str, dice: DiceSource) -> Outcome:
    """One line typed into the tracks prompt, as its verb."""
    verb, _, rest = text.strip().partition(" ")
    rest = rest.strip()
    if verb == "new":
        name, slash, spec = rest.partition("/")
        words = spec.split()
        if not slash or not words:
            raise HearthrollError("new NAME / RANK [KIND], e.g. new Find the beacon / formidable")
        kind = words[1] if len(words) > 1 else "vow"
        return starforged.new_track(state, name.strip(), words[0], kind)
    if verb == "mark":
        name, times = rest, 1
        head, _, last = rest.rpartition(" ")
        typed = whole_number(last)
        if head and typed is not None:
            name, times = head, typed
        return starforged.mark_track(state, name, times)
    if verb == "roll":
        return starforged.roll_track(state, rest, dice)
    if verb == "clear":
        return starforged.clear_track(state, rest)
    if verb == "drop":
        return starforged.drop_track(state, rest)
    raise HearthrollError(f"start with new, mark, roll, clear or drop: {TRACK_HELP}")


def tracks(table: TableScreen) -> None:
    """The tracks prompt: new, mark, roll, clear or drop, as one line."""

    def check(text: str) -> str | None:
        return table.attempt(lambda: track_verb(table.live.state, text, table.dice()))

    table.app.push_screen(LinePrompt(f"Tracks: {TRACK_HELP}", check, placeholder="mark Beacon"))
