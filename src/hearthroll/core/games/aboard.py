"""Everyone aboard (reading 32): the moves a table row sends every character and companion to
make (the rough ride), which each can make, and who has still to make one."""

from __future__ import annotations

import attrs

from hearthroll.core.campaign.resolve import all_aboard
from hearthroll.core.campaign.state import Aboard, Asset, Campaign
from hearthroll.core.errors import RuleError
from hearthroll.core.games import assets
from hearthroll.core.games.stage import Landing
from hearthroll.core.records import Record
from hearthroll.core.rules.model import Move, Ruleset

COMPANION = "companion"


@attrs.frozen
class Owed(Record):
    """A move someone aboard may make to pay their part: the move, the pick it starts with,
    who makes it (a companion's owner) and the companion it acts on ("" for the character)."""

    move: str
    preset: str
    actor: str
    companion: str = ""

    @property
    def who(self) -> str:
        """Whose part it pays: the character, or the companion."""
        return self.companion or self.actor


def owed(state: Campaign, ruleset: Ruleset) -> tuple[Owed, ...]:
    """Each move each one aboard who still owes could make, in the order they owe and the row
    names the moves: a character the moves on no companion, a companion the moves on one (as
    its owner's move). Someone gone from the campaign owes nothing."""
    aboard = state.aboard
    if aboard is None:
        return ()
    known = {m.id: m for m in ruleset.moves}
    found: list[Owed] = []
    for key in aboard.owing:
        owner, _, companion = key.partition(".")
        character = state.characters.get(owner)
        if character is None or (companion and _companion(character.assets, companion) is None):
            continue
        for offer in aboard.moves:
            move_id, _, preset = offer.partition(":")
            move = known.get(move_id)
            if move is not None and _makes(ruleset, move, bool(companion)):
                found.append(Owed(move_id, preset, owner, companion))
    return tuple(found)


def _companion(have: tuple[Asset, ...] | None, name: str) -> Asset | None:
    return next((a for a in have or () if a.name == name and a.kind == COMPANION), None)


def _makes(ruleset: Ruleset, move: Move, companion: bool) -> bool:
    """A companion makes the moves on a companion; a character those on no asset."""
    on = assets.kind_for(ruleset, move)
    return on == COMPANION if companion else on is None


def after_move(
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    who: str | None,
    mounted: Asset | None,
    band: str | None,
) -> tuple[Campaign, list[str]]:
    """A table move whose row sends everyone aboard leaves them owing (a row rolled by an
    effect does as it lands); a move that pays someone's part takes it off; whoever can make
    none of the moves owes nothing. The words say who still owes, once someone has paid."""
    if move.roll.mechanic == "table" and move.roll.table and band:
        row = next((r for r in ruleset.table(move.roll.table).rows if r.id == band), None)
        if row is not None:
            state = all_aboard(state, ruleset, row)
    aboard = state.aboard
    if aboard is None:
        return state, []
    paid = ""
    if who is not None and move.id in {o.partition(":")[0] for o in aboard.moves}:
        on = mounted.name if mounted is not None and mounted.kind == COMPANION else ""
        key = f"{who}.{on}" if on else who
        if key in aboard.owing:
            paid = key
    able = {f"{o.actor}.{o.companion}" if o.companion else o.actor for o in owed(state, ruleset)}
    owing = tuple(k for k in aboard.owing if k in able and k != paid)
    state = attrs.evolve(state, aboard=Aboard(aboard.moves, owing) if owing else None)
    if not paid:
        return state, []
    if not owing:
        return state, ["everyone aboard has paid their part"]
    names = ", ".join(k.partition(".")[2] or k for k in owing)
    return state, [f"aboard, still to pay their part: {names}"]


def let_off(state: Campaign) -> tuple[Campaign, list[str]]:
    """The GM lets the rest aboard off: nobody owes a move any more."""
    aboard = state.aboard
    if aboard is None:
        raise RuleError("nobody aboard owes a move: there is nothing to let them off")
    names = ", ".join(k.partition(".")[2] or k for k in aboard.owing)
    return attrs.evolve(state, aboard=None), [f"the rest aboard owe nothing more: {names}"]


def land(landing: Landing) -> Landing:
    """The aftermath: who aboard still owes a move (the rough ride's part paid, or owed from
    now)."""
    state, words = after_move(
        landing.state, landing.ruleset, landing.move, landing.who, landing.mounted, landing.band
    )
    return landing.then(state, words)
