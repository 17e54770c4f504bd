"""What any change to a sheet leaves to settle, however it was made (a move, `set`, a hand
edit): momentum within the max its impacts now leave (reading 28), a meter's bottom move
that no longer waits once the meter is above its bottom (reading 20), and the steading's
muster, which ends with its flag (reading 13)."""

from __future__ import annotations

from collections.abc import Iterable

from hearthroll.core.campaign.sheets import put_character
from hearthroll.core.campaign.state import Campaign, Character
from hearthroll.core.games import harm, momentum, steading
from hearthroll.core.games.stage import Landing
from hearthroll.core.rules.model import Ruleset


def settle_sheet(
    ruleset: Ruleset, before: Character | None, sheet: Character
) -> tuple[Character, list[str]]:
    """One sheet after a change (`before` it, where it was there), and the words saying what
    settled."""
    sheet, words = momentum.settle(ruleset, before, sheet)
    sheet, lifted = harm.lift_waits(ruleset, sheet)
    return sheet, words + lifted


def settle(
    ruleset: Ruleset,
    before: Campaign,
    after: Campaign,
    names: Iterable[str] | None = None,
    *,
    named: bool = False,
) -> tuple[Campaign, list[str]]:
    """The sheets `names` (every sheet when None) of `after` settled, and the words, each
    after its character's name where the campaign has more than one (or always, `named`: an
    event with no actor, as a hand edit); then the steading's muster, whatever `names` says."""
    words: list[str] = []
    many = named or len(after.characters) > 1
    for name in list(after.characters) if names is None else names:
        sheet = after.characters.get(name)
        if sheet is None:
            continue
        settled, said = settle_sheet(ruleset, before.characters.get(name), sheet)
        if settled is not sheet:
            after = put_character(after, settled)
        words += [f"{sheet.name}: {w}" if many and not _names(w, sheet) else w for w in said]
    after, mustered = steading.settle(ruleset, after)
    return after, words + mustered


def _names(words: str, sheet: Character) -> bool:
    """Whether `words` already begin with whose they are ("Hale is above 0 HP: …")."""
    return words.startswith(f"{sheet.name} ")


def land(landing: Landing) -> Landing:
    """The aftermath: every sheet and the steading settled after the move."""
    state, words = settle(landing.ruleset, landing.before, landing.state)
    return landing.then(state, words)
