"""What a flow needs of the table: the campaign, who acts and at whom, the dice, a way to ask
and a way to commit. The table screen is one; a flow names no screen."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from textual.message import Message
from textual.notifications import SeverityLevel
from textual.screen import Screen

from hearthroll.core.campaign.events import Event, Outcome
from hearthroll.tui.live import LiveCampaign

if TYPE_CHECKING:
    from hearthroll.tui.flow import DiceFactory

T = TypeVar("T")

Verb = Callable[[], Outcome]
"""An engine verb, its arguments bound: called, it returns the outcome to commit."""


class Table(Protocol):
    """The table a flow plays at."""

    live: LiveCampaign
    """The campaign played, with its ruleset and its log."""
    active: str | None
    """The character moves are made as."""
    target: str | None
    """The foe maneuvers are aimed at."""
    dice: DiceFactory
    """Where the app's own dice come from."""

    async def ask(self, screen: Screen[T]) -> T | None:
        """Push a modal and wait for its answer (None when it is cancelled)."""
        ...

    def show(self, screen: Screen[Any], then: Callable[[Any], None] | None = None) -> None:
        """Push a modal; `then` gets its answer."""
        ...

    def commit(self, outcome: Outcome) -> Event | None:
        """Play an outcome: shown at once, saved behind."""
        ...

    def attempt(self, verb: Verb) -> str | None:
        """Run a verb and commit it; the engine's refusal comes back as words."""
        ...

    def run_verb(self, verb: Verb) -> None:
        """Run a verb and commit it; a refusal shows as a notification."""
        ...

    def run_flow(self, flow: Callable[[], Awaitable[None]]) -> None:
        """Run a flow of modals, one after another, keys typed meanwhile waiting for it."""
        ...

    def say(self, words: str) -> None:
        """A line for the GM in the status line."""
        ...

    def refresh_view(self) -> None:
        """Hand every pane a fresh snapshot."""
        ...

    def behind(self, work: Callable[[], None], group: str) -> None:
        """Run `work` on a thread, behind the screen."""
        ...

    def from_behind(self, then: Callable[[], None]) -> None:
        """From a thread: run `then` on the screen's own thread."""
        ...

    def post_message(self, message: Message) -> bool:
        """Post a message up, to the app."""
        ...

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A notification."""
        ...
