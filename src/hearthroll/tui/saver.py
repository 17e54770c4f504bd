"""The ordered save queue: one thread commits outcomes to the store, strictly in order, and
keeps (and retries) whatever fails, so nothing the table did is ever dropped."""

from __future__ import annotations

import contextlib
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from typing import Any, TypeVar

import attrs

from hearthroll.core.campaign.events import Event, Outcome
from hearthroll.core.errors import HearthrollError
from hearthroll.core.records import Record

T = TypeVar("T")


class SavingStopped(HearthrollError):
    """The campaign is closing (or closed): no more outcomes are taken to be saved."""


RETRY_DELAYS = (0.25, 0.5, 1.0, 2.0, 5.0)
"""Seconds to wait before each retry of a failed save; the last repeats."""


@attrs.frozen
class SaveStatus(Record):
    """Where saving stands, as the app shows it."""

    waiting: int = 0
    """Outcomes applied on screen but not yet on disk."""
    saved: int = 0
    """The number of the newest event on disk (0: none this session)."""
    error: str | None = None
    """Why the last save failed; None once saving works again."""
    note: str | None = None
    """A warning about a save that went through (the state file catches up later)."""
    stamped: tuple[Event, ...] = ()
    """Events just saved, as the journal has them (with their time)."""

    @property
    def failing(self) -> bool:
        """True while an outcome waits because saving fails."""
        return self.error is not None and self.waiting > 0


@attrs.frozen
class _Call(Record):
    fn: Callable[[Any], Any]
    future: Future[Any]


class Saver:
    """A single save thread over a queue: `put` outcomes, `drain` or `close` to finish."""

    def __init__(
        self,
        store: Any,
        report: Callable[[SaveStatus], None] | None = None,
        delays: Sequence[float] = RETRY_DELAYS,
    ) -> None:
        self._store = store
        self._report = report
        self._delays = tuple(delays) or (1.0,)
        self._queue: deque[Outcome | _Call] = deque()
        self._lock = threading.Condition()
        self._closing = False
        self._abandon = False
        self._retry = False
        self._status = SaveStatus()
        self._thread = threading.Thread(target=self._run, name="hearthroll-saver", daemon=True)
        self._thread.start()

    @property
    def closing(self) -> bool:
        """True once `close` was called: `put` refuses from then on."""
        with self._lock:
            return self._closing

    @property
    def status(self) -> SaveStatus:
        """The latest status (without the stamped events)."""
        with self._lock:
            return attrs.evolve(self._status, stamped=())

    def listen(self, report: Callable[[SaveStatus], None] | None) -> None:
        """Send status changes to `report` (called on the save thread)."""
        self._report = report

    def put(self, outcome: Outcome) -> None:
        """Queue an outcome to be saved after every one queued before it."""
        with self._lock:
            if self._closing:
                raise SavingStopped("the campaign is closing: that was not played or saved")
            self._queue.append(outcome)
            self._status = attrs.evolve(self._status, waiting=self._waiting(), stamped=())
            self._lock.notify_all()

    def call(self, fn: Callable[[Any], T], timeout: float = 5.0) -> T:
        """Run `fn(store)` on the save thread, after the saves queued before it."""
        future: Future[T] = Future()
        with self._lock:
            if self._abandon or not self._thread.is_alive():
                raise RuntimeError("saving stopped")
            self._queue.append(_Call(fn, future))
            self._lock.notify_all()
        return future.result(timeout)

    def drain(self, timeout: float | None = None) -> bool:
        """Wait until every queued outcome is saved; False if `timeout` ran out first."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._queue, timeout)

    def retry_now(self) -> None:
        """Cut short the wait before the next retry."""
        with self._lock:
            self._retry = True
            self._lock.notify_all()

    def close(self, timeout: float | None = 10.0) -> SaveStatus:
        """Save what is queued (retrying for up to `timeout` seconds), then stop the thread."""
        with self._lock:
            self._closing = True
            self._retry = True
            self._lock.notify_all()
            done = self._lock.wait_for(lambda: not self._queue, timeout)
            if not done:
                self._abandon = True
                for item in self._queue:
                    if isinstance(item, _Call) and not item.future.done():
                        item.future.set_exception(RuntimeError("saving stopped"))
                self._lock.notify_all()
            status = attrs.evolve(self._status, waiting=self._waiting(), stamped=())
        if done:
            self._thread.join(timeout=1.0)
        return status

    def _waiting(self) -> int:
        return sum(1 for item in self._queue if not isinstance(item, _Call))

    def _run(self) -> None:
        failures = 0
        while True:
            with self._lock:
                self._lock.wait_for(lambda: bool(self._queue) or self._closing or self._abandon)
                if self._abandon or (self._closing and not self._queue):
                    return
                item = self._queue[0]
            if isinstance(item, _Call):
                self._run_call(item)
                continue
            if self._save(item):
                failures = 0
                continue
            failures += 1
            self._pause(self._delays[min(failures - 1, len(self._delays) - 1)])

    def _pause(self, delay: float) -> None:
        """Wait before a retry; `retry_now` (and closing, once) cuts the wait short, new work
        does not."""
        deadline = time.monotonic() + delay
        with self._lock:
            while not (self._abandon or self._retry):
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    break
                self._lock.wait(remaining)
            self._retry = False

    def _run_call(self, call: _Call) -> None:
        if not call.future.done():
            try:
                result = call.fn(self._store)
            except BaseException as error:  # handed to the caller, never lost on this thread
                call.future.set_exception(error)
            else:
                call.future.set_result(result)
        with self._lock:
            self._queue.popleft()
            self._lock.notify_all()

    def _save(self, outcome: Outcome) -> bool:
        from hearthroll.store.errors import StateWriteError

        note = None
        try:
            event = self._store.commit(outcome)
        except StateWriteError as error:
            # The event is in the journal; the state file catches up at the next save.
            self._store.state = outcome.state
            saved = error.event if isinstance(error.event, Event) else outcome.event
            event, note = saved, str(error)
        except Exception as error:  # a save must never stop this thread: keep it and retry
            with self._lock:
                self._status = attrs.evolve(
                    self._status, waiting=self._waiting(), error=_reason(error), stamped=()
                )
                status = self._status
            self._tell(status)
            return False
        with self._lock:
            self._queue.popleft()
            self._status = SaveStatus(
                waiting=self._waiting(), saved=event.seq, note=note, stamped=(event,)
            )
            status = self._status
            self._lock.notify_all()
        self._tell(status)
        return True

    def _tell(self, status: SaveStatus) -> None:
        report = self._report
        if report is None:
            return
        with contextlib.suppress(Exception):  # the app may be closing; saving goes on
            report(status)


def _reason(error: BaseException) -> str:
    text = str(error).strip()
    return text or type(error).__name__
