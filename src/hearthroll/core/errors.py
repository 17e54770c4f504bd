"""The one exception family the engine raises; every message says what to do about it."""


class HearthrollError(Exception):
    """Base of every error hearthroll shows to a person instead of a traceback."""

    at_table: str | None = None
    """The same refusal in the app's words, where the message names the shell's commands."""

    def __init__(self, *args: object, at_table: str | None = None) -> None:
        super().__init__(*args)
        if at_table is not None:
            self.at_table = at_table


class DiceError(HearthrollError):
    """Typed dice that do not fit the roll: a wrong count, or a face outside the die."""


class TurnError(HearthrollError):
    """A step the pool turn does not allow now (a reroll with none left, a push after a bust)."""


class BustWaits(TurnError):
    """A roll asked for while a character's pool bust waits to be rerolled or accepted.

    Its message names the commands (`hearthroll reroll`, `accept`); `at_table` says the same
    with the app's keys."""

    def __init__(self, actor: str) -> None:
        super().__init__(
            f"{actor}'s bust waits: reroll it (hearthroll reroll) or accept it "
            "(hearthroll accept) first"
        )
        self.actor = actor
        self.at_table = f"{actor}'s bust waits: reroll (r) or accept (a) first"


class ExprError(HearthrollError):
    """A dice expression that cannot be read, or that is too large to roll."""


class RuleError(HearthrollError):
    """Arguments a mechanic cannot resolve (a die with no sides, bands that leave a gap)."""


class NotFound(HearthrollError):
    """A name that matches nothing (or several things); the message suggests the nearest."""


class MoveWaits(RuleError):
    """A move asked for while another waits to be rolled first (a Last Breath): its message
    names the shell's command; `at_table` says it in the app's words."""

    def __init__(self, actor: str, waiting: str) -> None:
        super().__init__(
            f"{actor}'s {waiting} waits: roll it first (move {waiting!r} --as {actor})"
        )
        self.at_table = f"{actor}'s {waiting} waits: roll it first (/ finds it)"
