"""The table's dice and the pool verbs' previews: a reroll or Preparation's +1 rolled with
recorded dice to see the band it lands on, then made for real with the same dice and the
options picked (a move's own questions are `tui.answers`'); typed faces read from a line."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs

from hearthroll.core.campaign.events import Event, Outcome
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import (
    DiceSource,
    RandomDice,
    RecordingDice,
    TypedDice,
    face_on,
    parse_faces,
)
from hearthroll.core.errors import DiceError, HearthrollError
from hearthroll.core.records import Record
from hearthroll.core.rules.effects import OptionList
from hearthroll.core.rules.model import Ruleset
from hearthroll.core.verbs.pool import prep, reroll

DiceFactory = Callable[[], DiceSource]
"""Where the app's dice come from: a new (or shared) source for each roll."""


class Replay:
    """Faces rolled before, handed out again in order, then more from another source.

    A face that does not fit the die asked for ends the replay: the rest come from `then`.
    """

    def __init__(self, faces: Sequence[int], then: DiceSource) -> None:
        self._faces = list(faces)
        self._then = then

    def roll(self, sides: int, count: int = 1) -> tuple[int, ...]:
        taken: list[int] = []
        while self._faces and len(taken) < count:
            shown = face_on(self._faces[0], sides)
            if shown is None:
                break
            self._faces.pop(0)
            taken.append(shown)
        if len(taken) < count:
            self._faces.clear()
            taken += self._then.roll(sides, count - len(taken))
        return tuple(taken)


@attrs.frozen
class Preview(Record):
    """A roll made but not committed: its outcome, its dice, and the lists left to pick from."""

    outcome: Outcome
    dice: tuple[int, ...]
    effect: tuple[int, ...]
    lists: tuple[OptionList, ...]
    effect_source: DiceSource = attrs.field(eq=False, repr=False)
    """Where further effect dice come from, after the recorded ones."""

    @property
    def event(self) -> Event:
        """The previewed event."""
        return self.outcome.event

    def settled(self, picks: Sequence[str], again: Callable[[DiceSource], Outcome]) -> Outcome:
        """The outcome to commit: the previewed one when nothing was picked, else `again` made
        with the previewed effect dice (then more from the same source) and the picks."""
        return again(Replay(self.effect, self.effect_source)) if picks else self.outcome


@attrs.frozen
class TypedRoll(Record):
    """Faces typed for a roll: the roll's own dice, and optionally the effect dice after `/`."""

    dice: tuple[int, ...]
    effect: tuple[int, ...] | None = None


def parse_typed(text: str) -> TypedRoll:
    """Read "3,1,6" or "3,1,6 / 4": the roll's faces, then the damage or healing dice."""
    main, slash, rest = text.partition("/")
    effect = parse_faces(rest) if slash and rest.strip() else None
    return TypedRoll(parse_faces(main), effect)


def offered_lists(outcome: Outcome) -> tuple[OptionList, ...]:
    """The lists the band offers, to pick from before the move is committed: the engine's
    own, gates read as it reads them (the sheet after the harm, a companion's meter)."""
    return tuple(lst for lst in outcome.offered if lst.items)


def preview_reroll(
    state: Campaign, ruleset: Ruleset, dice: DiceSource, effect: DiceSource
) -> Preview:
    """Spend a reroll on the pending bust, recorded; nothing is committed."""
    recorded, effects = RecordingDice(dice), RecordingDice(effect)
    outcome = reroll(state, ruleset, recorded, effects, short_ok=True)
    lists = offered_lists(outcome)
    return Preview(outcome, tuple(recorded.faces), tuple(effects.faces), lists, effect)


def preview_prep(state: Campaign, ruleset: Ruleset, position: int, effect: DiceSource) -> Preview:
    """Spend Preparation on kept die `position` of the pending bust; nothing is committed."""
    effects = RecordingDice(effect)
    outcome = prep(state, ruleset, position, effects, short_ok=True)
    return Preview(outcome, (), tuple(effects.faces), offered_lists(outcome), effect)


def settle_prep(
    state: Campaign, ruleset: Ruleset, position: int, preview: Preview, picks: Sequence[str]
) -> Outcome:
    """The +1 for real, with the options picked for the band it lifts the roll onto."""
    return preview.settled(
        picks,
        lambda effect: prep(state, ruleset, position, effect, picks=[*state.turn.picks, *picks]),
    )


def settle_reroll(
    state: Campaign, ruleset: Ruleset, preview: Preview, picks: Sequence[str]
) -> Outcome:
    """The reroll for real, with the options picked for the band it lands on."""
    return preview.settled(
        picks,
        lambda effect: reroll(
            state, ruleset, TypedDice(preview.dice), effect, picks=[*state.turn.picks, *picks]
        ),
    )


def dice_needed(roll: Callable[[DiceSource], object]) -> int | None:
    """How many dice a roll takes, found by making it once with throwaway dice."""
    recorded = RecordingDice(RandomDice())
    try:
        roll(recorded)
    except HearthrollError:
        return None
    return len(recorded.faces)


def check_typed(text: str) -> TypedRoll:
    """Typed faces read for a roll; DiceError says what is wrong with them."""
    if not text.strip():
        raise DiceError("type the faces of the dice, e.g. 3,1,6")
    return parse_typed(text)
