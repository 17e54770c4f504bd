"""Where randomness enters: the DiceSource protocol, seeded dice and the GM's typed faces."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol

from hearthroll.core.errors import DiceError
from hearthroll.core.numbers import describe, whole_number


class DiceSource(Protocol):
    """Anything that can roll dice: one face per die, in order."""

    def roll(self, sides: int, count: int = 1) -> tuple[int, ...]:
        """Roll `count` dice with `sides` sides and return their faces in order."""
        ...


class RandomDice:
    """Dice from a seeded generator of their own; never the global one."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def roll(self, sides: int, count: int = 1) -> tuple[int, ...]:
        if sides < 1:
            raise DiceError(f"a die needs at least 1 side, not {sides}")
        below = self._rng.randrange  # randint(1, s) is 1 + randrange(s): the same faces
        return tuple(below(sides) + 1 for _ in range(count))


PERCENTILE = 100
"""The die read from two ten-sided dice, whose 00 is 100."""


def face_on(face: int, sides: int) -> int | None:
    """A typed face as the die shows it, or None when no die of `sides` shows it: real
    percentile dice read 00 as 100, so a d100 typed as `00` (or `0`) is 100."""
    if face == 0 and sides == PERCENTILE:
        return PERCENTILE
    return face if 1 <= face <= sides else None


def _faces_on(start: int, faces: Sequence[int], sides: int, wrong: str) -> tuple[int, ...]:
    """The typed faces as the dice show them, numbered from `start` + 1; a face no die of
    `sides` shows is refused in the words `wrong` gives (`{n}`, `{sides}`, `{face}`)."""
    read = []
    for offset, face in enumerate(faces):
        shown = face_on(face, sides)
        if shown is None:
            raise DiceError(wrong.format(n=start + offset + 1, sides=sides, face=face))
        read.append(shown)
    return tuple(read)


class TypedDice:
    """The faces of real dice, typed in by the GM, handed out in the order they were typed."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces: tuple[int, ...] = tuple(faces)
        self._next = 0
        self._sides: list[int] = []

    @property
    def used(self) -> int:
        """How many faces have been handed out so far."""
        return self._next

    @property
    def remaining(self) -> tuple[int, ...]:
        """The faces not handed out yet."""
        return self._faces[self._next :]

    def roll(self, sides: int, count: int = 1) -> tuple[int, ...]:
        wanted = self._next + count
        if wanted > len(self._faces):
            typed = len(self._faces)
            sides_of = [*self._sides, *[sides] * (typed - self._next)]
            read = ", ".join(f"d{s} {f}" for s, f in zip(sides_of, self._faces, strict=True))
            more = wanted - typed
            raise DiceError(
                f"not enough typed dice: this roll needs {wanted} "
                f"but {typed} {'was' if typed == 1 else 'were'} typed "
                f"({read + ', then ' if read else ''}{more} more d{sides})"
            )
        faces = _faces_on(
            self._next,
            self._faces[self._next : wanted],
            sides,
            "typed die {n} shows {face}, but a d{sides} has faces 1 to {sides}",
        )
        self._next = wanted
        self._sides += [sides] * count
        return faces

    def left_over(self, sides: int) -> int | None:
        """The next typed face, taken for a die that turned out not to be needed (the GM threw
        it with the others); None when no face is left for it."""
        if not self.remaining or face_on(self.remaining[0], sides) is None:
            return None
        return self.roll(sides, 1)[0]

    def finish(self) -> None:
        """Refuse typed faces that no die used: the GM typed more dice than the roll has."""
        if self._next != len(self._faces):
            raise DiceError(
                f"too many typed dice: the roll used {self._next} but {len(self._faces)} were typed"
            )


def check_faces(faces: Sequence[int], sides: Sequence[int]) -> None:
    """Check typed faces against the dice a roll needs, naming both when they differ."""
    need = ", ".join(f"d{s}" for s in sides) or "no dice"
    if len(faces) != len(sides):
        got = ",".join(str(f) for f in faces) or "none"
        raise DiceError(
            f"this roll needs {len(sides)} {'die' if len(sides) == 1 else 'dice'} ({need}); "
            f"{len(faces)} typed: {got}"
        )
    for index, (face, side) in enumerate(zip(faces, sides, strict=True), start=1):
        if face_on(face, side) is None:
            raise DiceError(f"die {index} is a d{side}, so it shows 1 to {side}, not {face}")


def parse_faces(text: str) -> tuple[int, ...]:
    """Read typed faces such as "3,1,6" or "3 1 6"; anything else is a clear error."""
    parts = [p for p in text.replace(",", " ").split() if p]
    faces: list[int] = []
    for part in parts:
        face = whole_number(part)
        if face is None:
            raise DiceError(
                f"typed dice are whole numbers (digits 0-9) separated by commas; "
                f"{describe(part)} is not"
            )
        faces.append(face)
    if not faces:
        raise DiceError("no dice typed: give the faces as numbers, e.g. 3,1,6")
    return tuple(faces)


class RecordingDice:
    """Another source's dice, remembered, so a roll can be shown first and replayed exactly.

    The app rolls a move with these to preview its band and options, then makes it for real
    with `TypedDice(recording.faces)` and the options the GM picked.
    """

    def __init__(self, source: DiceSource) -> None:
        self._source = source
        self.faces: list[int] = []

    def roll(self, sides: int, count: int = 1) -> tuple[int, ...]:
        faces = self._source.roll(sides, count)
        self.faces.extend(faces)
        return faces


class DiceNeeded(DiceError):
    """The faces of dice a roll still needs: the question a source that asks raises."""

    def __init__(self, sides: int, count: int, purpose: str) -> None:
        self.sides = sides
        self.count = count
        self.purpose = purpose
        super().__init__(f"{purpose}: the faces of {count}d{sides} are needed")


class AskingDice:
    """The faces given so far, in order; past them, `then`'s dice, or (without `then`) the
    question `DiceNeeded`, naming what the next dice are for.

    A request is resolved again from the start each time a question is answered: the same
    faces come out in the same order, so a roll made once stands. `faces` holds every face
    handed out, the given ones first.
    """

    def __init__(self, given: Sequence[int] = (), then: DiceSource | None = None) -> None:
        self._given = list(given)
        self._then = then
        self.faces: list[int] = []
        self.rolled: list[tuple[str, tuple[int, ...]]] = []
        """What `then` rolled, each with what it was for: the dice nobody typed."""
        self._purpose: dict[int | None, str] = {}

    def say(self, purpose: str, by_sides: Mapping[int, str] | None = None) -> None:
        """What the next dice are for ("damage 1d6 (Sword)"), and where one roll has dice of
        several kinds, each kind's own words by its sides (6: "action die", 10: "challenge
        dice")."""
        self._purpose = {None: purpose}
        for sides, words in (by_sides or {}).items():
            self._purpose[sides] = words

    def purpose(self, sides: int, count: int) -> str:
        """The words a question for these dice carries."""
        said = self._purpose.get(sides) or self._purpose.get(None)
        return f"{said} ({count}d{sides})" if said else f"{count}d{sides}"

    def left_over(self, sides: int) -> int | None:
        """The next face given, or typed behind `then`, for a die not needed; None when there
        is none (nothing is asked or rolled for it)."""
        at = len(self.faces)
        if at < len(self._given):
            if face_on(self._given[at], sides) is None:
                return None
            return self.roll(sides, 1)[0]
        typed = left_over(self._then, sides) if self._then is not None else None
        if typed is not None:
            self.faces.append(typed)
        return typed

    def roll(self, sides: int, count: int = 1) -> tuple[int, ...]:
        at = len(self.faces)
        given = list(
            _faces_on(
                at,
                self._given[at : at + count],
                sides,
                "die {n} is a d{sides}: it shows 1 to {sides}, not {face}",
            )
        )
        if len(given) < count:
            left = count - len(given)
            if self._then is None:  # the faces given so far are kept: only the rest is asked
                self.faces.extend(given)
                raise DiceNeeded(sides, left, self.purpose(sides, left))
            rolled = self._then.roll(sides, left)
            self.rolled.append((self.purpose(sides, left), rolled))
            given = [*given, *rolled]
        self.faces.extend(given)
        return tuple(given)


def left_over(dice: DiceSource, sides: int) -> int | None:
    """A face typed for a die that turned out not to be needed (a maneuver's d20 once its
    efficacy check failed: the GM throws both at once), taken so no typed face is left over;
    None where none was typed for it (nothing is rolled or asked for a die not needed)."""
    if isinstance(dice, (TypedDice, AskingDice)):
        return dice.left_over(sides)
    return None


def rolling_for(
    dice: DiceSource, purpose: str, by_sides: Mapping[int, str] | None = None
) -> DiceSource:
    """Name what the next dice from `dice` are for, where the source asks for them."""
    if isinstance(dice, AskingDice):
        dice.say(purpose, by_sides)
    return dice
