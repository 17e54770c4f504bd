"""Benchmark: cold start of the app, from process start to the first rendered table and exit.

Each run starts a fresh Python process that opens a demo campaign in the app (catalog loaded,
campaign locked and read, the table composed and painted) and exits as soon as the first
frame of the table is drawn. The same is measured, in the same run and interleaved, for a plain
Textual app with Header, Footer, Input, OptionList, DataTable, RichLog and TabbedContent. Both
run headless, so the terminal's own speed does not count.

Reports the median time to the first frame and to exit over the runs, and the ratio of
hearthroll's to the plain app's. Each run of hearthroll starts as a GM's next session does: from
the memos the last one kept on closing (the checked catalog, the campaign's snapshot); with
`--cold` they are deleted before every run, as on the first open after an upgrade or an edit.
Run it with `python benchmarks/startup.py [--runs N] [--events N] [--cold]` (not part of the
test suite).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HEARTHROLL = """
import sys, time
from pathlib import Path
from textual import events
from hearthroll.tui import build, launch

app = build(Path(sys.argv[1]))
app_events = app.on_event

async def on_event(event):
    await app_events(event)
    if isinstance(event, events.Ready):  # the first frame of the table is on screen
        print(time.time(), flush=True)
        app.exit()

app.on_event = on_event
launch(app, headless=True, size=(80, 24))
if app.live is not None:
    app.live.close()
"""

PLAIN = """
import sys, time
from textual.app import App
from textual.widgets import (
    DataTable, Footer, Header, Input, OptionList, RichLog, TabbedContent, TabPane,
)

class Plain(App):
    def compose(self):
        yield Header()
        yield Input(placeholder="type")
        yield OptionList("one", "two", "three")
        with TabbedContent():
            with TabPane("table"):
                yield DataTable()
            with TabPane("log"):
                yield RichLog()
        yield Footer()

    def on_mount(self):
        table = self.query_one(DataTable)
        table.add_columns("name", "level")
        table.add_rows([("Brannoc", 2), ("Isolde", 1)])

    async def on_ready(self):  # the first frame is on screen
        print(time.time(), flush=True)
        self.exit()

Plain().run(headless=True, size=(80, 24))
"""


def measure(code: str, args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds from process start to the first frame, and to exit."""
    start = time.time()
    result = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=60,
    )
    end = time.time()
    if result.returncode != 0:
        raise SystemExit(f"the child failed:\n{result.stderr}")
    frame = float(result.stdout.strip().splitlines()[-1])
    return frame - start, end - start


def demo_campaign_file(folder: Path, events: int) -> Path:
    """A demo campaign to open, made once, with `events` pool turns already in its log."""
    from hearthroll.core.dice.sources import RandomDice
    from hearthroll.core.games.demo import demo_campaign
    from hearthroll.core.verbs.session import accept, make_move, stop
    from hearthroll.store.campaigns import CampaignStore
    from hearthroll.store.rulesets import load_catalog

    catalog = load_catalog()
    path = folder / "bench.toml"
    dice = RandomDice(7)
    with CampaignStore.create(path, demo_campaign(catalog.default), catalog) as store:
        for _ in range(events):
            state, ruleset = store.state, store.ruleset
            if state.turn.status == "bust_pending":
                store.commit(accept(state, ruleset, dice))
            elif state.turn.status == "open" and state.turn.pushes >= 2:
                store.commit(stop(state, ruleset))
            else:
                store.commit(make_move(state, ruleset, "defy_danger", dice))
    return path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument(
        "--events", type=int, default=0, help="events already in the campaign's log (default 0)"
    )
    parser.add_argument(
        "--cold", action="store_true", help="delete the startup memos before each run"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        campaign = demo_campaign_file(folder, args.events)
        # Both children read and write bytecode under one private prefix, as an installed
        # package has its .pyc files (pip compiles them on install); without this, a
        # PYTHONDONTWRITEBYTECODE environment would compile every module from source each run.
        env = {**os.environ, "HEARTHROLL_DATA_DIR": str(folder / "data")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
        # one untimed run of each warms the OS file cache and fills the bytecode cache
        measure(HEARTHROLL, [str(campaign)], env)
        measure(PLAIN, [], env)
        ours: list[tuple[float, float]] = []
        plain: list[tuple[float, float]] = []
        for _ in range(args.runs):
            if args.cold:
                shutil.rmtree(folder / "data" / ".cache", ignore_errors=True)
            ours.append(measure(HEARTHROLL, [str(campaign)], env))
            plain.append(measure(PLAIN, [], env))
    print(
        f"runs: {args.runs} each, interleaved, headless 80x24, Python {sys.version.split()[0]}, "
        f"{args.events} events in the campaign"
        + (", memos deleted before each run" if args.cold else "")
    )
    print(f"{'':24}{'first frame':>14}{'exit':>10}")
    for name, times in (("hearthroll (the table)", ours), ("plain Textual app", plain)):
        frame = statistics.median(t[0] for t in times)
        done = statistics.median(t[1] for t in times)
        print(f"{name:24}{frame * 1000:>11.0f} ms{done * 1000:>7.0f} ms")
    ratio_frame = statistics.median(t[0] for t in ours) / statistics.median(t[0] for t in plain)
    ratio_exit = statistics.median(t[1] for t in ours) / statistics.median(t[1] for t in plain)
    print(f"ratio (hearthroll / plain): first frame {ratio_frame:.2f}x, exit {ratio_exit:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
