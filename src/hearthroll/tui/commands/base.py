"""A table command: one key, its words, the games that offer it, why it cannot act now, and
what it does."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs
from textual.binding import Binding

from hearthroll.core.campaign.events import Event
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.records import Record
from hearthroll.core.rules.model import Ruleset
from hearthroll.tui.table_protocol import Table


@attrs.frozen
class Seat(Record):
    """What a command's "why not now?" looks at: the campaign, its ruleset, who acts, and the
    recent log (what the newest roll offers next)."""

    state: Campaign
    ruleset: Ruleset
    active: str | None
    events: Sequence[Event] = ()


Offered = Callable[[Campaign, Ruleset], str | None]
"""Why a game has no such command at all (None when it has)."""
WhyNot = Callable[[Seat], str | None]
"""Why the command cannot act now (None when it can)."""
InFooter = Callable[[Campaign, Ruleset], bool]
"""Whether the footer has room for the command's words in this game."""
Run = Callable[..., None]
"""The command's body: `run(table, *parameters)`."""
Boxed = Callable[[Table, str], None]
"""What a key that opens a text box does when it cannot act now: opens the box all the same,
the reason inside (`boxed(table, why)`), so the letters typed after it land there."""


EMPTY_PARTY = "the party is empty: A adds a character"


def party(seat: Seat) -> str | None:
    """Why a command for a character cannot act: there is no one at the table."""
    return None if seat.state.characters else EMPTY_PARTY


def everywhere(state: Campaign, ruleset: Ruleset) -> str | None:
    """Every game offers it."""
    return None


def any_time(seat: Seat) -> str | None:
    """It can always act."""
    return None


def always(state: Campaign, ruleset: Ruleset) -> bool:
    """In the footer of every game that offers it."""
    return True


def nothing(table: Table, *parameters: Any) -> None:
    """A command whose body is another's (the app's quit)."""


@attrs.frozen(kw_only=True)
class Command(Record):
    """One table key, and everything said and done about it."""

    key: str
    """Textual's keys for it, comma-separated ("U,ctrl+r")."""
    action: str
    """Its action as the binding names it: "reroll(True)" for the reroll with real dice."""
    name: str
    """Its name, as Textual's key lists show it ("Reroll real dice")."""
    help: str
    """Its line in the help (`?`)."""
    run: Run = nothing
    footer: str = ""
    """Its words in the footer (none: never there)."""
    rank: int = 0
    """Its place in the footer: the lower, the sooner it gets room."""
    in_footer: InFooter = always
    key_display: str | None = None
    offered: Offered = everywhere
    why_not: WhyNot = any_time
    boxed: Boxed | None = None
    """For a key that opens a text box: the box it opens when it cannot act now."""

    @property
    def method(self) -> str:
        """The name of its action without parameters: "reroll" for "reroll(True)"."""
        return self.action.partition("(")[0]

    def refusal(self, seat: Seat) -> str | None:
        """Why it cannot act now: first whether the game has it, then the engine's answer."""
        return self.offered(seat.state, seat.ruleset) or self.why_not(seat)

    def binding(self) -> Binding:
        """Its key binding (its help words as the binding's tooltip)."""
        return Binding(
            self.key,
            self.action,
            self.name,
            key_display=self.key_display,
            show=bool(self.footer),
            priority=True,
            tooltip=self.help,
        )
