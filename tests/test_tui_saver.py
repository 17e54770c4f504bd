"""The save queue: events saved strictly in order on one thread, failures kept and retried
(and shown on screen), nothing dropped, quitting waits for the queue."""

from __future__ import annotations

import concurrent.futures
import threading
from pathlib import Path

import attrs
import pytest

from hearthroll.core.campaign.events import Event, Outcome
from hearthroll.core.campaign.state import Campaign
from hearthroll.store.errors import StateWriteError, StoreError
from hearthroll.tui.saver import Saver, SaveStatus
from test_tui_helpers import demo, settle, shown


def outcome(seq: int) -> Outcome:
    return Outcome(Campaign(ruleset="house", name=str(seq)), Event(kind="note", seq=seq))


class FlakyStore:
    """A store whose commits fail the first `failures` times."""

    def __init__(self, failures: int = 0, state_write_errors: int = 0) -> None:
        self.failures = failures
        self.state_write_errors = state_write_errors
        self.saved: list[int] = []
        self.threads: set[str] = set()
        self.state: Campaign | None = None

    def commit(self, outcome: Outcome) -> Event:
        self.threads.add(threading.current_thread().name)
        if self.failures:
            self.failures -= 1
            raise StoreError("disk full")
        self.saved.append(outcome.event.seq)
        if self.state_write_errors:
            self.state_write_errors -= 1
            raise StateWriteError("state file not rewritten", outcome.event.seq)
        self.state = outcome.state
        return attrs.evolve(outcome.event, at="now")


def test_events_are_saved_in_order_on_one_thread() -> None:
    store = FlakyStore()
    saver = Saver(store)
    for seq in range(1, 51):
        saver.put(outcome(seq))
    status = saver.close()
    assert store.saved == list(range(1, 51))
    assert store.threads == {"hearthroll-saver"}
    assert status.waiting == 0 and status.saved == 50


def test_a_failed_save_is_kept_retried_and_reported() -> None:
    reports: list[SaveStatus] = []
    store = FlakyStore(failures=3)
    saver = Saver(store, reports.append, delays=(0.01,))
    saver.put(outcome(1))
    saver.put(outcome(2))
    assert saver.drain(timeout=5)
    assert store.saved == [1, 2]
    failing = [r for r in reports if r.failing]
    assert len(failing) == 3 and failing[0].error == "disk full" and failing[0].waiting == 2
    assert not reports[-1].failing and reports[-1].saved == 2
    saver.close()


def test_closing_while_saving_fails_says_how_much_is_unsaved() -> None:
    store = FlakyStore(failures=10_000)
    saver = Saver(store, delays=(0.01,))
    saver.put(outcome(1))
    saver.put(outcome(2))
    status = saver.close(timeout=0.3)
    assert status.waiting == 2 and status.error == "disk full"
    assert store.saved == []


def test_an_event_in_the_journal_is_not_saved_twice() -> None:
    store = FlakyStore(state_write_errors=1)
    reports: list[SaveStatus] = []
    saver = Saver(store, reports.append)
    saver.put(outcome(1))
    saver.put(outcome(2))
    saver.close()
    assert store.saved == [1, 2]
    assert any(r.note and "not rewritten" in r.note for r in reports)


def test_a_call_runs_on_the_save_thread_after_the_saves_before_it() -> None:
    store = FlakyStore()
    saver = Saver(store)
    saver.put(outcome(1))
    assert saver.call(lambda s: list(s.saved)) == [1]
    saver.close()


async def test_a_failing_save_shows_not_saved_then_recovers(tmp_path: Path) -> None:
    app = demo(tmp_path / "data")
    async with app.run_test(size=(100, 32)) as pilot:
        assert app.live is not None
        store = app.live._store
        real = store.commit
        disk = {"full": True}

        def flaky(outcome: Outcome) -> Event:
            if disk["full"]:
                raise StoreError("the disk is full")
            return real(outcome)

        store.commit = flaky  # type: ignore[method-assign]
        app.live.saver._delays = (0.05,)
        await pilot.press("x")
        await settle(pilot, app)
        for _ in range(100):
            await pilot.pause(0.05)
            if "NOT SAVED" in shown(app, "#status"):
                break
        assert "NOT SAVED — retrying (1 waiting): the disk is full" in shown(app, "#status")
        assert app.live.state.characters["Brannoc"].xp == 4  # shown at once regardless
        disk["full"] = False
        for _ in range(100):
            await pilot.pause(0.05)
            if "✓ saved" in shown(app, "#status"):
                break
        assert "✓ saved" in shown(app, "#status")
        path = app.live.path
    assert "xp = 4" in path.read_text(encoding="utf-8")


def test_a_call_behind_a_failing_save_is_released_when_saving_stops() -> None:
    store = FlakyStore(failures=10_000)
    saver = Saver(store, delays=(0.01,))
    saver.put(outcome(1))
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        waiting = pool.submit(saver.call, lambda s: "read", 30.0)
        saver.close(timeout=0.2)
        with pytest.raises(RuntimeError, match="saving stopped"):
            waiting.result(timeout=5)
