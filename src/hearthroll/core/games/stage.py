"""What a game module is handed at the two stages of a move where it adds its own rules.

A move is resolved by one pipeline (`core/verbs/session.make_move`; the stages are listed in
`docs/how-a-move-is-resolved.md`). At two of its stages the pipeline asks every game module
in turn, from a table, and never which game or which move it is:

- **check** ("why not?"): each module's `check(Attempt)` raises its own refusal (a bust that
  waits, a Last Breath that waits, a maneuver cooling down, a companion the character lacks);
- **effects and aftermath**: each module's `land(Landing) -> Landing` applies what its rules
  add once the band's effects have landed (a Rest's kit, a loss past momentum's floor, the
  muster's picks, the companion taken back, the sheets settled) and says it.

Questions a module needs answered are raised as their own errors (`floor.FloorChoiceNeeded`,
`progress.TrackNeeded`), which the pipeline turns into questions (`verbs/asking.py`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from hearthroll.core.records import Record

if TYPE_CHECKING:  # a game module loads this for its stage functions: it loads no rules
    from hearthroll.core.campaign.resolve import Context
    from hearthroll.core.campaign.state import Asset, Campaign, Character
    from hearthroll.core.dice.sources import DiceSource
    from hearthroll.core.rules.effects import Effect, Option
    from hearthroll.core.rules.model import Move, Ruleset


@attrs.frozen
class Attempt(Record):
    """A move about to be tried: what every module's `check` reads before anything is asked."""

    state: Campaign
    ruleset: Ruleset
    move: Move
    character: Character | None
    at: str | None = None
    """The foe named (`--at`), for a maneuver."""


@attrs.frozen
class Landing(Record):
    """A move whose band has landed, and what the modules have added after it so far."""

    before: Campaign
    """The campaign before the move (a mounted companion is taken back from its sheet)."""
    state: Campaign
    ruleset: Ruleset
    move: Move
    who: str | None
    band: str | None
    chosen: tuple[Option, ...]
    ctx: Context
    dice: DiceSource
    """The dice for what the modules roll (a Rest's kit)."""
    mounted: Asset | None = None
    floor_picks: tuple[str, ...] = ()
    track: str | None = None
    dropped: tuple[tuple[str, int], ...] = ()
    """Losses past a floor that nothing could take (meter, amount)."""
    deferred: tuple[Effect, ...] = ()
    """Effects left for a module to apply (progress cleared from a track)."""
    words: tuple[str, ...] = ()
    follow: tuple[str, ...] = ()

    def then(
        self, state: Campaign, words: Iterable[str] = (), follow: Iterable[str] = ()
    ) -> Landing:
        """This landing with the campaign as a module left it, and what it said and offered."""
        return attrs.evolve(
            self, state=state, words=(*self.words, *words), follow=(*self.follow, *follow)
        )
