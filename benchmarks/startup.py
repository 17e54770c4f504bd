"""Benchmark: start of the app, from process start to the first rendered table, cold and warm.

Each run starts a fresh Python process that opens a campaign in the app as `hearthroll FILE`
does (`tui.run`: `build`, then `launch`; its ruleset read, the campaign locked and read, the
table composed and painted) and exits as soon as the first frame of the table is drawn. The
same is measured, in the same run and interleaved, for a plain Textual app with Header, Footer,
Input, OptionList, DataTable, RichLog and TabbedContent. Both run headless, so the terminal's
own speed does not count.

Two starts are measured, on a campaign of 10 events and one of 100,000 (written by
`campaign_io.build`, as hearthroll keeps them):

- cold: the cache folder is deleted before every run, as on the first open after an upgrade or
  an edit of a move file: the catalog is parsed and checked, the campaign read from its files;
- warm: as a GM's next session starts, from the memos the last one kept (the campaign's
  ruleset, its snapshot).

Reports the median time to the first frame and to exit of each, the ratio of hearthroll's
first frame to the plain app's, and whether each aim holds: cold at most 1.3x, warm at most
1.2x. Run it with `python benchmarks/startup.py [--runs N] [--sizes 10,100000]` (not part of
the test suite; building the campaign of 100,000 events takes about a minute).
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

sys.path.insert(0, str(Path(__file__).parent))

SIZES = (10, 100_000)
AIMS = {"cold": 1.3, "warm": 1.2}
"""The most each start's first frame may take, as a multiple of the plain app's."""

HEARTHROLL = """
import sys, time
from pathlib import Path
from textual import events
from hearthroll.tui import build, launch

app = build(Path(sys.argv[1]), to_run=True)  # as `hearthroll FILE` builds it (tui.run)
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="runs of each start (default 10)")
    parser.add_argument(
        "--sizes",
        default=",".join(str(n) for n in SIZES),
        help="events in the campaigns, comma-separated (default 10,100000)",
    )
    args = parser.parse_args()
    sizes = [int(n) for n in args.sizes.split(",")]
    print(
        f"runs: {args.runs} of each start, interleaved with the plain app's, headless 80x24, "
        f"Python {sys.version.split()[0]}"
    )
    print(f"{'':30}{'first frame':>14}{'exit':>10}{'x plain':>10}  aim")
    held = True
    for size in sizes:
        held &= measure_size(size, args.runs)
    print(f"every aim: {'holds' if held else 'MISSED'}")
    return 0 if held else 1


def measure_size(events: int, runs: int) -> bool:
    """Measure both starts on a campaign of `events` events; whether both aims hold."""
    from campaign_io import build

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        campaign = folder / "bench.toml"
        build(campaign, events)
        cache = folder / "data" / ".cache"
        # Both children read and write bytecode under one private prefix, as an installed
        # package has its .pyc files (pip compiles them on install); without this, a
        # PYTHONDONTWRITEBYTECODE environment would compile every module from source each run.
        env = {**os.environ, "HEARTHROLL_DATA_DIR": str(folder / "data"), "HEARTHROLL_WARM": "0"}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
        # one untimed run of each warms the OS file cache, fills the bytecode cache and keeps
        # the memos the first warm run starts from
        measure(HEARTHROLL, [str(campaign)], env)
        measure(PLAIN, [], env)
        times: dict[str, list[tuple[float, float]]] = {"cold": [], "warm": [], "plain": []}
        for _ in range(runs):
            shutil.rmtree(cache, ignore_errors=True)
            times["cold"].append(measure(HEARTHROLL, [str(campaign)], env))
            times["plain"].append(measure(PLAIN, [], env))
            times["warm"].append(measure(HEARTHROLL, [str(campaign)], env))
            times["plain"].append(measure(PLAIN, [], env))
    plain = statistics.median(t[0] for t in times["plain"])
    held = True
    print(f"{events:,} events in the campaign")
    for name in ("cold", "warm", "plain"):
        frame = statistics.median(t[0] for t in times[name])
        done = statistics.median(t[1] for t in times[name])
        label = f"  hearthroll, {name}" if name != "plain" else "  plain Textual app"
        row = f"{label:30}{frame * 1000:>11.0f} ms{done * 1000:>7.0f} ms"
        if name in AIMS:
            ratio = frame / plain
            holds = ratio <= AIMS[name]
            held &= holds
            row += f"{ratio:>9.2f}x  {AIMS[name]}x: {'holds' if holds else 'MISSED'}"
        print(row)
    return held


if __name__ == "__main__":
    sys.exit(main())
