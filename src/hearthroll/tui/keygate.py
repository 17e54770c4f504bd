"""Keys in the order they were typed, each reaching the screen that is there for it.

Textual hands each key at once to whatever has focus, and the screens and widgets handle
their messages each in their own time. When a GM types fast ("/mus⏎2⏎" to Muster and pick the
second option), a key could reach a screen that is about to close, or the table while a move
is still being worked out, and pick a character instead of an option; and inside one field,
a bound key (Ctrl+U, Backspace, Enter) acts only once it has bubbled back up to the app, after
letters typed behind it. The gate hands keys on one at a time: each only once the screen has
dealt with the one before (its messages handled, the next screen up and focused, no move flow
at work between two questions).

A flow is a worker in the `flow` group; it says when it waits on a question with `asking()`.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import ScreenStackError
from textual.worker import WorkerState

if TYPE_CHECKING:
    from textual.app import App
    from textual.dom import DOMNode
    from textual.screen import Screen

STEP = 0.005
"""Seconds between looks while the table is busy or a screen is still coming up."""
FLOWS = "flow"
"""The worker group of the table's flows (a move with its questions)."""
QUIET_ROUNDS = 2
"""Rounds in a row that must find nothing more sent before the next key goes."""
LIMIT = 2.0
"""A key never waits longer than this (a flow stuck on something slow must not eat keys)."""
STUCK = 10 * LIMIT
"""A round of callbacks on the key's path is given up after this long: a node closed with one
still queued would never answer (a slow round, on a busy machine, is waited for)."""


class KeyGate:
    """Holds keys until the app is ready for the next one, then hands them on in order."""

    def __init__(
        self,
        app: App[Any],
        forward: Callable[[events.Key], Awaitable[None]],
        flows: str = FLOWS,
    ) -> None:
        self._app = app
        self._forward = forward
        self._flows = flows
        self._held: deque[events.Key] = deque()
        self._asking = 0
        self._settled = True
        self._since = 0.0
        self._current: events.Key | None = None
        self._target: DOMNode | None = None
        self._quiet = 0

    @contextmanager
    def asking(self) -> Iterator[None]:
        """While inside, a flow waits on a question: keys go to the screen asking it."""
        self._asking += 1
        try:
            yield
        finally:
            self._asking -= 1

    def _busy(self) -> bool:
        """True while a flow works out a move (started, and not waiting on a question)."""
        flows = sum(
            1
            for worker in self._app.workers
            if worker.group == self._flows
            and worker.state in (WorkerState.PENDING, WorkerState.RUNNING)
        )
        return flows > self._asking

    async def key(self, key: events.Key) -> None:
        """A key from the terminal: handed on now if the app is ready, else when it is."""
        self._held.append(key)
        if len(self._held) == 1:
            self._since = time.monotonic()
            if self._settled:
                await self._pump()

    def bubbled(self, key: events.Key) -> None:
        """A key handed on came back up to the app, and the app has done what it binds."""
        if key is self._current:
            self._current = None

    async def _pump(self) -> None:
        if not self._held:
            return
        if not self._ready() and time.monotonic() - self._since < LIMIT:
            self._soon(self._pump)
            return
        key = self._held.popleft()
        self._current = key
        self._target = self._app.focused or self._screen()
        self._settled = False
        self._quiet = 0
        await self._forward(key)
        self._since = time.monotonic()
        if not key.is_forwarded:  # a priority binding took it at once
            self._current = None
        self._follow()

    def _soon(self, callback: Callable[[], object]) -> None:
        """`callback` on the app's messages in `STEP` seconds. The loop's own timer: Textual's
        one-shot `set_timer` drops its only tick when the process was paused past it (skipped as
        late), and a key would then wait for good."""
        asyncio.get_running_loop().call_later(STEP, self._app.call_later, callback)

    def _screen(self) -> Screen[object] | None:
        try:
            return self._app.screen
        except ScreenStackError:  # the app is closing
            return None

    def _ready(self) -> bool:
        screen = self._screen()
        if screen is None:
            return True  # nothing to wait for: the key goes wherever Textual sends it now
        if self._busy() or not screen.is_mounted:
            return False
        return screen.focused is not None or not screen.focus_chain

    def _follow(self) -> None:
        """Wait for the key in hand to be dealt with: stopped by a widget, or back at the app
        (which runs what it binds), then for everything that sent on the way to be handled."""
        current, target = self._current, self._target
        late = time.monotonic() - self._since >= LIMIT
        gone = target is None or not target.is_attached  # its screen closed before it came
        # a widget that handled the key stopped it (Message keeps that flag private)
        if current is not None and not current._stop_propagation and not late and not gone:
            self._soon(self._follow)
            return
        self._current = None
        self._wait_for_screen()

    def _wait_for_screen(self) -> None:
        """One round: every node on the key's path handles what it holds, then the app looks."""
        nodes = self._path()
        waiting = len(nodes)
        over = False

        def finish() -> None:
            nonlocal over
            if not over:
                over = True
                late.cancel()
                self._app.call_later(self._check)

        def done() -> None:
            nonlocal waiting
            waiting -= 1
            if waiting == 0:
                finish()

        # a node that closes with `done` still queued never runs it: the round ends anyway
        late = asyncio.get_running_loop().call_later(STUCK, finish)
        for node in nodes:
            if not node.call_later(done):  # a node no longer running has nothing left to do
                waiting -= 1
        if waiting == 0:
            finish()

    def _check(self) -> None:
        """Settled after two rounds in a row find nothing more sent to the nodes."""
        sent_more = any(node.is_running and node.message_queue_size for node in self._path())
        self._quiet = 0 if sent_more else self._quiet + 1
        if self._quiet < QUIET_ROUNDS and time.monotonic() - self._since < LIMIT:
            self._wait_for_screen()
            return
        self._settled = True
        if self._held:
            self._app.call_later(self._pump)

    def _path(self) -> list[DOMNode]:
        """The screen and the focused widget with what lies between (the app aside)."""
        screen = self._screen()
        if screen is None:
            return []
        focused = screen.focused
        if focused is None:
            return [screen]
        return [node for node in focused.ancestors_with_self if node is not self._app]


async def ask(app: App[Any], screen: Screen[Any]) -> Any:
    """Push `screen` and wait for its answer; the keys typed meanwhile are for it."""
    with asking(app):
        return await app.push_screen_wait(screen)


@contextmanager
def asking(app: App[Any]) -> Iterator[None]:
    """`KeyGate.asking` on the app's gate, if it has one."""
    gate = getattr(app, "keys", None)
    if isinstance(gate, KeyGate):
        with gate.asking():
            yield
    else:
        yield
