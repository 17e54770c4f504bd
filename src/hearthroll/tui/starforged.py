"""The table's starforged keys: burn momentum, the progress tracks, and a companion or a
vehicle joining a sheet."""

from __future__ import annotations

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import DiceSource
from hearthroll.core.errors import HearthrollError
from hearthroll.core.games.assets import LIMITS, VEHICLE_TYPES
from hearthroll.core.numbers import whole_number
from hearthroll.core.rules.model import Ruleset
from hearthroll.core.verbs import starforged
from hearthroll.tui.moves import burn_flow
from hearthroll.tui.screens.prompt import LinePrompt
from hearthroll.tui.table_protocol import Table

TRACK_HELP = (
    "new NAME / RANK [KIND] · mark NAME [N] · roll NAME · clear NAME · drop NAME "
    "(ranks: troublesome dangerous formidable extreme epic)"
)

ASSET_HELP = f"companion NAME / MAX · vehicle NAME / MAX TYPE (types: {' '.join(VEHICLE_TYPES)})"


def burn(table: Table) -> None:
    """Burn the active character's momentum on their last action roll; the band it lands on
    asks its options (the old band's are undone)."""

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


def tracks(table: Table) -> None:
    """The tracks prompt: new, mark, roll, clear or drop, as one line."""

    def check(text: str) -> str | None:
        return table.attempt(lambda: track_verb(table.live.state, text, table.dice()))

    table.show(LinePrompt(f"Tracks: {TRACK_HELP}", check, placeholder="mark Beacon"))


def asset_verb(state: Campaign, ruleset: Ruleset, text: str, owner: str | None) -> Outcome:
    """One line typed into the assets prompt (`companion Rook / 3`, `vehicle Petrel / 5
    command`), as the verb that adds it to the owner's sheet."""
    kind, _, rest = text.strip().partition(" ")
    name, slash, spec = rest.partition("/")
    words = spec.split()
    if kind not in LIMITS or not slash or not words:
        raise HearthrollError(f"{ASSET_HELP}, e.g. companion Rook / 3")
    top = whole_number(words[0])
    if top is None:
        raise HearthrollError(f"after the / comes its maximum, a number, not {words[0]!r}")
    kept = words[1] if len(words) > 1 else ""
    return starforged.add_asset(state, ruleset, kind, name.strip(), top, kept, owner)


def assets(table: Table) -> None:
    """The assets prompt: a companion or a vehicle joins the active character's sheet."""
    live = table.live

    def check(text: str) -> str | None:
        return table.attempt(lambda: asset_verb(live.state, live.ruleset, text, table.active))

    who = table.active or "the active character"
    table.show(
        LinePrompt(
            f"A companion or vehicle joins {who}: {ASSET_HELP}",
            check,
            placeholder="companion Rook / 3",
        )
    )
