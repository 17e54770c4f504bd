"""Benchmark: a table key to the screen, against a plain Textual app's key in the same run.

In one process, each app run headless by `run_test`, the table of a demo campaign with a few
dozen notes in its log takes `u` (undo the last event) and `U` (redo it) in turn; each is
measured from the key until the screen has drawn the outcome and the save's report (the
event on disk, the top line saying so), and everything that follows settled. The same is
measured, interleaved block by block, for a plain Textual app whose key updates a Static
above a Footer; for a plain Textual app shaped like the table (a top line, four bordered
panes, Textual's own `Log` with as many lines, a footer) whose key adds a line to the log and
changes the top line, as an undo does at the table; and for the table of a campaign whose last
event is an XP mark (its undo and redo draw the sheet again too).

What is measured is the CPU time of the app's own thread (the event loop: the key, the
verb, the redraws, the footer), not the wall time: the screen is painted on a 60 Hz timer,
which would bury a key's few milliseconds of work in waiting. The keys are posted to the app
as the terminal's driver posts them, and the benchmark then sleeps (no CPU) while the app
works: Pilot's own waits would cost CPU in proportion to the widgets on screen. The save
itself runs on its own thread and is not counted.

Reports the median of each, the ratio of the table's undo to the plain app's key (CPU),
whether the aim holds (at most 2x), how many widgets the footer made per key (none when the
keys it shows stay the same) and how often the table's screen was laid out again per key
(none when no pane changes size). The load average is printed with the results: other work
on the machine slows both apps, not always alike. Run it with `python benchmarks/keys.py
[--rounds N] [--presses N]` (not part of the test suite).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, ClassVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Log, Static

from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs.edits import note, set_field
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.messages import SaveChanged
from hearthroll.tui.table import TableScreen

AIM = 2.0
"""The most the table's undo may take, as a multiple of the plain app's key."""
SIZE = (120, 36)
NOTES = 40
SETTLE = 0.05
"""Seconds a key is given, once handled, for the screen to be painted and what follows to run."""


class Plain(App[None]):
    """A plain Textual app: one key updates a Static."""

    BINDINGS: ClassVar[list[BindingType]] = [("u", "count", "Count")]

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def compose(self) -> ComposeResult:
        yield Static("0", id="count")
        yield Footer()

    def action_count(self) -> None:
        self.count += 1
        self.query_one("#count", Static).update(str(self.count))


class Shaped(App[None]):
    """A plain Textual app shaped like the table: a top line, a sheet and a steading beside a
    tray and a log (Textual's own `Log`), a footer; one key adds a line to the log and
    changes the top line, as an undo does at the table."""

    BINDINGS: ClassVar[list[BindingType]] = [("u", "count", "Count")]
    CSS = """
    .pane { border: round $primary; height: 1fr; }
    #top { height: 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def compose(self) -> ComposeResult:
        yield Static("the table", id="top")
        with Horizontal():
            with Vertical():
                yield Static("Brannoc\nlevel 2", classes="pane")
                yield Static("Millbrook\nspring", classes="pane")
            with Vertical():
                yield Static("no roll yet", classes="pane")
                yield Log(classes="pane")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Log).write_lines(f"#{n} GM: the night's note {n}" for n in range(NOTES))

    def action_count(self) -> None:
        self.count += 1
        self.query_one(Log).write_line(f"#{NOTES + self.count} undo of event {self.count}")
        self.query_one("#top", Static).update(f"the table · undid #{self.count}")


class SaveWatch(TableScreen):
    """The table, telling the benchmark when a save's report has been handled."""

    reported: asyncio.Event

    def on_save_changed(self, message: SaveChanged) -> None:
        self.reported.set()  # the table's own handler runs right after, in the same dispatch


def campaign(folder: Path, xp: bool = False) -> Path:
    """A house campaign with `NOTES` notes in its log (`xp`: then an XP mark for its first
    character, the one whose sheet is shown)."""
    catalog = load_catalog()
    path = folder / ("xp.toml" if xp else "keys.toml")
    with CampaignStore.create(path, demo_campaign(catalog.default), catalog) as store:
        for n in range(NOTES):
            store.commit(note(store.state, f"the night's note {n}"))
        if xp:
            hero = next(iter(store.state.characters.values()))
            field = f"{hero.name}.xp"
            store.commit(set_field(store.state, store.ruleset, field, str(hero.xp + 1)))
    return path


def counting_widgets() -> list[int]:
    """Count every widget made from now on (one counter, shared by both apps)."""
    made = [0]
    init = Widget.__init__

    def counted(self: Widget, *args: Any, **kwargs: Any) -> None:
        made[0] += 1
        init(self, *args, **kwargs)

    Widget.__init__ = counted  # type: ignore[method-assign]
    return made


def counting_layouts() -> list[int]:
    """Count every time a screen is laid out again from now on (both apps)."""
    done = [0]
    lay_out = Screen._refresh_layout

    def counted(self: Screen[Any], *args: Any, **kwargs: Any) -> None:
        done[0] += 1
        lay_out(self, *args, **kwargs)

    Screen._refresh_layout = counted  # type: ignore[method-assign]
    return done


class Frames:
    """When the app paints the first frame after `shown()` holds (the app's own painter,
    watched; headless, it paints to no terminal)."""

    def __init__(self, app: App[Any]) -> None:
        self.shown: Callable[[], bool] = lambda: False
        self.painted = asyncio.Event()
        self.at = 0.0
        paint = app._display

        def watched(screen: Any, renderable: Any) -> None:
            paint(screen, renderable)
            if renderable is not None and not self.painted.is_set() and self.shown():
                self.at = time.perf_counter()
                self.painted.set()

        app._display = watched  # type: ignore[method-assign]


async def timed(
    app: App[Any],
    key: str,
    frames: Frames,
    shown: Callable[[], bool],
    handled: Callable[[], Awaitable[object]],
    times: dict[str, list[float]],
) -> None:
    """Time `key`: the wall time until the first frame that shows it (`shown()` holds), and
    the app thread's CPU time until `handled` and then `SETTLE` seconds have passed."""
    frames.shown, frames.painted = shown, asyncio.Event()
    start, cpu = time.perf_counter(), time.thread_time()
    app.post_message(events.Key(key, key))
    await frames.painted.wait()
    await handled()
    await asyncio.sleep(SETTLE)
    times["cpu"].append(time.thread_time() - cpu)
    times["screen"].append(frames.at - start)


Times = dict[str, list[float]]
"""Per key: "screen" (wall time to the first frame that shows it) and "cpu"."""


async def plain_block(
    presses: int, times: Times, made: list[int], widgets: list[int], shaped: bool = False
) -> None:
    app: Plain | Shaped = Shaped() if shaped else Plain()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        frames = Frames(app)
        for _ in range(presses):
            before, count = made[0], app.count

            def shown(count: int = count) -> bool:
                return app.count > count

            await timed(app, "u", frames, shown, lambda: asyncio.sleep(0), times)
            widgets.append(made[0] - before)


class Counts:
    """What the table did per key beside its work: the widgets made and the layouts (`made`
    and `laid`: the counters, shared)."""

    def __init__(self, made: list[int], laid: list[int]) -> None:
        self.made = made
        self.laid = laid
        self.widgets: list[int] = []
        self.layouts: list[int] = []


async def table_block(
    path: Path,
    folder: Path,
    presses: int,
    times: dict[str, Times],
    counts: Counts,
) -> None:
    app = build(path, data_dir=folder / "data")
    assert app.live is not None
    live = app.live
    screen = SaveWatch(live, app.dice)
    screen.reported = asyncio.Event()
    app.get_default_screen = lambda: screen  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        frames = Frames(app)
        for n in range(presses * 2):
            key = "u" if n % 2 == 0 else "U"
            screen.reported.clear()
            made, laid, played = counts.made[0], counts.laid[0], live.state.history.events

            def shown(played: int = played) -> bool:
                return live.state.history.events > played

            await timed(app, key, frames, shown, screen.reported.wait, times[key])
            counts.widgets.append(counts.made[0] - made)
            counts.layouts.append(counts.laid[0] - laid)
    live.close()


def times() -> Times:
    return {"screen": [], "cpu": []}


async def run(rounds: int, presses: int) -> bool:
    made, laid = counting_widgets(), counting_layouts()
    counts, counts_xp = Counts(made, laid), Counts(made, laid)
    plain_widgets: list[int] = []
    plain, table, xp = times(), {"u": times(), "U": times()}, {"u": times(), "U": times()}
    shaped = times()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path, path_xp = campaign(folder), campaign(folder, xp=True)
        await table_block(path, folder, 3, {"u": times(), "U": times()}, Counts(made, laid))
        await plain_block(3, times(), made, [])
        for _ in range(rounds):
            await plain_block(presses, plain, made, plain_widgets)
            await plain_block(presses, shaped, made, [], shaped=True)
            await table_block(path, folder, presses, table, counts)
            await table_block(path_xp, folder, presses, xp, counts_xp)
    print(f"{'':36}{'to screen':>12}{'x plain':>9}{'CPU':>10}{'x plain':>9}")
    rows = (("plain Textual key (a Static)", plain), ("plain, shaped like the table", shaped))
    rows += (("table: undo (u)", table["u"]),)
    rows += (("table: redo (U)", table["U"]), ("table: undo of an XP mark (u)", xp["u"]))
    rows += (("table: redo of an XP mark (U)", xp["U"]),)
    for label, measured in rows:
        row = f"{label:36}"
        for kind in ("screen", "cpu"):
            value = statistics.median(measured[kind])
            ratio = value / statistics.median(plain[kind])
            row += f"{value * 1000:>9.1f} ms{ratio:>8.2f}x"
        print(row)
    ratio = statistics.median(table["u"]["cpu"]) / statistics.median(plain["cpu"])
    print(f"undo, CPU: {ratio:.2f}x the plain key; aim {AIM}x: ", end="")
    print("holds" if ratio <= AIM else "MISSED")
    shape = statistics.median(table["u"]["cpu"]) / statistics.median(shaped["cpu"])
    print(f"undo, CPU: {shape:.2f}x the key of the plain app shaped like the table")

    def per_key(counted: list[int]) -> str:
        return f"{statistics.median(counted):.0f} (max {max(counted)})"

    print(
        f"widgets made per key: plain {statistics.median(plain_widgets):.0f}, "
        f"table {per_key(counts.widgets)}, XP mark {per_key(counts_xp.widgets)}"
    )
    print(f"layouts per key: table {per_key(counts.layouts)}, XP mark {per_key(counts_xp.layouts)}")
    print("load average: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    return ratio <= AIM


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="blocks of each app (default 5)")
    parser.add_argument("--presses", type=int, default=20, help="keys a block (default 20)")
    args = parser.parse_args()
    print(
        f"rounds: {args.rounds} blocks of {args.presses} keys each, interleaved, headless "
        f"{SIZE[0]}x{SIZE[1]}, Python {sys.version.split()[0]}"
    )
    return 0 if asyncio.run(run(args.rounds, args.presses)) else 1


if __name__ == "__main__":
    sys.exit(main())
