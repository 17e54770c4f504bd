"""A move as the GM asks for it (`MoveRequest`), and one thing it still needs (`Question`).

Both are plain values: the app and the shell build a request, `asking.resolve` answers it with
the outcome or with questions, and `asking.answer` folds an answer back in.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from hearthroll.core.records import Record
from hearthroll.core.rules.model import Input

KINDS = ("asset", "stat", "input", "picks", "floor", "track", "resist", "dice", "burn", "boost")
"""Every kind of question, in the order a move asks them."""

BEFORE = "before"
BAND = "band"
"""The lists a request has shown the GM (`MoveRequest.shown`): those picked before the roll,
and the band's. A list the rules let the player pick fewer of ("up to") is asked once."""


@attrs.frozen
class MoveRequest(Record):
    """A move as the GM asks for it, and the answers given so far."""

    move: str
    actor: str | None = None
    advantage: bool = False
    disadvantage: bool = False
    inputs: Mapping[str, int | str] = attrs.field(factory=dict)
    """The move's inputs by id, and the stat the player picked (`stat`)."""
    picks: tuple[str, ...] = ()
    """Every option picked: before the roll, on the band, at momentum's floor."""
    prepare: bool = False
    """Spend Preparation on this roll (+1; on a pool, on the kept die `boost` names)."""
    boost: int | None = None
    """The kept die (from 1) Preparation's +1 goes on, on a pool; asked where unsaid."""
    at: str | None = None
    """The foe a maneuver is made against."""
    resist: bool | None = None
    """Make an optional roll (a suffer move's "resist?"); None: not answered yet."""
    asset: str | None = None
    """The companion or vehicle the move acts on."""
    track: str | None = None
    """The track a loss of progress clears."""
    burn: bool | None = None
    """Burn momentum on the action roll as it is judged; None: asked where it would help."""
    faces: tuple[int, ...] = ()
    """The faces given so far, in the order the move rolls them."""
    shown: frozenset[str] = frozenset()
    """The lists shown to the GM already (`BEFORE`, `BAND`): a list of "up to" is not asked
    again."""

    @classmethod
    def answered(cls, move: str, **given: object) -> MoveRequest:
        """A request whose every question the caller answers itself (the shell): no list
        of "up to" is asked, and resist and burn are no unless given."""
        given.setdefault("resist", False)
        given.setdefault("burn", False)
        return cls(move, shown=frozenset({BEFORE, BAND}), **given)  # type: ignore[arg-type]


@attrs.frozen
class Question(Record):
    """One thing a move still needs, in words a person can answer."""

    kind: str
    """One of `KINDS`."""
    title: str
    """The question: `Endure Harm: resist?`, `damage 1d6 (Sword)`."""
    choices: tuple[tuple[str, str], ...] = ()
    """(answer, words) to choose from; empty for a number or faces."""
    pick: int = 1
    """How many choices to pick."""
    up_to: bool = False
    """Fewer picks (or none) are allowed."""
    flag: str = ""
    """The shell flag that answers it (`--pick ID`, `--track NAME`)."""
    said: str = ""
    """The shell's refusal for it, in full."""
    spec: Input | None = None
    """An input's spec (its bounds, its choices)."""
    sides: int = 0
    count: int = 0
    """For dice: how many, of how many sides."""
