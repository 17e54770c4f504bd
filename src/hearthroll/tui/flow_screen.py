"""A screen flows play at: the modals they ask and show, their work behind the screen and
back, one flow at a time."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from textual.screen import Screen

from hearthroll.tui import keygate
from hearthroll.tui.keygate import FLOWS

T = TypeVar("T")


class FlowScreen(Screen[None]):
    """What a flow asks of the screen it runs on, beyond the campaign (`Table`)."""

    async def ask(self, screen: Screen[T]) -> T | None:
        """Push a modal and wait for its answer; the keys typed meanwhile are for it."""
        answer: T | None = await keygate.ask(self.app, screen)
        return answer

    def show(self, screen: Screen[Any], then: Callable[[Any], None] | None = None) -> None:
        """Push a modal; `then` gets its answer."""
        self.app.push_screen(screen, then)

    def behind(self, work: Callable[[], None], group: str) -> None:
        """Run `work` on a thread, behind the screen."""
        self.run_worker(work, thread=True, group=group)

    def from_behind(self, then: Callable[[], None]) -> None:
        """From a thread: run `then` on the screen's own thread."""
        self.app.call_from_thread(then)

    def run_flow(self, flow: Callable[[], Awaitable[None]]) -> None:
        """Run a flow of modals one after another (a move, its inputs, its options); keys
        typed meanwhile wait for its next question (or for the table, once it is done)."""
        self.run_worker(flow, group=FLOWS, exclusive=True)
