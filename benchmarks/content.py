"""Benchmark: the palette's search and the opening of a campaign with the whole Starforged
package loaded (tests/data/datasworn/package), against the same without it, in one run.

Search: the palette's index over the `starforged` ruleset's moves, oracle tables and Ask the
Oracle (`palette_items`, as the app builds it), with the package's moves, assets, foes and
tables and without them. Every query is typed a keystroke at a time, the two indexes
interleaved keystroke by keystroke so both see the same load; each pass starts with the
index's per-word cache empty, and a keystroke's time is its median over the passes. Reports
the median, p95 and worst keystroke of each, and the worst's ratio.

Opening: a Starforged campaign made with `new --moves starforged.json` (the campaign names the
package itself), against one made without it, each opened by `hearthroll state FILE`:

- first: the cache folder emptied before each run, as on the first opening after the package
  was added (the package is parsed, converted and checked); shown, with no aim;
- cold: a fresh process, the catalog's memos kept by the last opening (a GM's next command);
- warm: opened again and again inside one process (the imports done, as in the warm process),
  as a verb that only looks opens it (the files and the memos read again each time), and
  `warm + ruleset`: with its ruleset read too, as `state`, `move` and the app's first frame do.

Aims: worst keystroke with the package <= 15 ms; cold and warm opening with the package at
most 1.3x the opening without it. Run it with `python benchmarks/content.py [--passes N]
[--runs N]` (not part of the test suite). Without the package it says so and stops.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent / "tests" / "data" / "datasworn" / "package" / "json" / "starforged.json"
QUERIES = [
    "face danger",
    "endure harm",
    "secure an advantage",
    "hakc",
    "chiton",
    "action theme",
    "ask the oracle",
    "planet",
    "s",
]
WORST_MS = 15.0
OPENING = 1.3
"""The most opening with the package may take, as a multiple of opening without it."""
RUN = "import sys\nfrom hearthroll.cli import main\nsys.exit(main(sys.argv[1:]))\n"


def keystrokes(queries: Sequence[str]) -> list[str]:
    """Each query as typed: its first letter, its first two, and so on."""
    return [query[: i + 1] for query in queries for i in range(len(query))]


def palette(extra: Sequence[Path]) -> tuple[object, int]:
    """The palette's index for `starforged` with `extra` files, and how many items it holds."""
    from hearthroll.core.rules.search import MoveIndex, palette_items
    from hearthroll.core.verbs.oracle import ODDS
    from hearthroll.store.rulesets import load_catalog

    ruleset = load_catalog(extra, with_user=False).ruleset("starforged")
    items = palette_items(ruleset, ODDS)
    return MoveIndex(items), len(items)


def summary(times: list[float]) -> tuple[float, float, float]:
    """The median, the 95th percentile and the worst of `times`, in ms."""
    ms = [t * 1000 for t in times]
    return statistics.median(ms), statistics.quantiles(ms, n=20)[-1], max(ms)


def measure_search(passes: int) -> bool:
    """The worst keystroke with the package and without it; whether the aim holds."""
    indexes = {"without": palette(()), "with": palette([PACKAGE])}
    texts = keystrokes(QUERIES)
    runs: dict[str, list[list[float]]] = {name: [] for name in indexes}
    for _ in range(passes):
        for name, (index, _) in indexes.items():
            index._cache.clear()  # type: ignore[attr-defined]  # each new word worked out again
            runs[name].append([])
        for text in texts:
            for name, (index, _) in indexes.items():
                start = time.perf_counter()
                index.search(text, limit=50)  # type: ignore[attr-defined]
                runs[name][-1].append(time.perf_counter() - start)
    print(f"search: {len(texts)} keystrokes, each the median of {passes} passes")
    worst: dict[str, float] = {}
    for name, (_, size) in indexes.items():
        median = [statistics.median(run[i] for run in runs[name]) for i in range(len(texts))]
        mid, p95, worst[name] = summary(median)
        slowest = texts[median.index(max(median))]
        print(
            f"  {name:7} the package ({size:5} items): median {mid:6.2f} ms   p95 {p95:6.2f} ms"
            f"   worst {worst[name]:6.2f} ms ({slowest!r})"
        )
    held = worst["with"] <= WORST_MS
    print(f"  worst with / without: {worst['with'] / worst['without']:.2f}x")
    print(f"  aim: worst keystroke with the package <= {WORST_MS:.0f} ms: {_said(held)}")
    return held


def _said(held: bool) -> str:
    return "holds" if held else "MISSED"


def run_process(env: dict[str, str], *args: str) -> float:
    """Seconds a fresh `hearthroll ARGS` process takes, start to exit."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", RUN, *args], env=env, capture_output=True, text=True, timeout=300
    )
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"hearthroll {' '.join(args)} failed: {done.stderr.strip()}")
    return took


def open_here(path: Path, *, ruleset: bool) -> float:
    """Seconds opening the campaign takes in this process, as a verb that only looks opens it
    (its own move files found, the catalog's memos read as far as opening needs), and with
    `ruleset`, reading its ruleset too (what `state`, `move` and the app's first frame need)."""
    from hearthroll.cli.kernel import read_campaign

    start = time.perf_counter()
    with contextlib.redirect_stderr(io.StringIO()):
        store = read_campaign(argparse.Namespace(file=path, moves=[]))
        with store:
            if ruleset:
                assert store.ruleset.id == "starforged"
    return time.perf_counter() - start


def interleaved(runs: int, timed: dict[str, Callable[[], float]]) -> dict[str, float]:
    """The median seconds of each, run in turn `runs` times."""
    times: dict[str, list[float]] = {name: [] for name in timed}
    for _ in range(runs):
        for name, measure in timed.items():
            times[name].append(measure())
    return {name: statistics.median(found) for name, found in times.items()}


def measure_opening(runs: int) -> bool:
    """Opening a campaign with the package and without it: first, cold and warm."""
    folder = Path(tempfile.mkdtemp(prefix="hearthroll-content-"))
    try:
        data = folder / "data"
        env = {**os.environ, "HEARTHROLL_DATA_DIR": str(data), "HEARTHROLL_WARM": "0"}
        os.environ["HEARTHROLL_DATA_DIR"] = str(data)
        os.environ["HEARTHROLL_WARM"] = "0"
        plain, big = folder / "plain.toml", folder / "big.toml"
        new = ["new", "--ruleset", "starforged", "--demo"]
        run_process(env, *new, str(plain))
        run_process(env, *new, str(big), "--moves", str(PACKAGE))
        cache = data / ".cache"

        def first(path: Path) -> Callable[[], float]:
            def timed() -> float:
                shutil.rmtree(cache, ignore_errors=True)
                return run_process(env, "state", str(path))

            return timed

        found = {
            "first": interleaved(max(1, runs // 2), {"without": first(plain), "with": first(big)})
        }
        for path in (plain, big):  # a writer keeps the memos, as a GM's last command did
            run_process(env, "note", str(path), "the memos are kept")
        found |= {
            "cold": interleaved(
                runs,
                {
                    "without": lambda: run_process(env, "state", str(plain)),
                    "with": lambda: run_process(env, "state", str(big)),
                },
            ),
        }
        for ruleset in (False, True):
            name = "warm + ruleset" if ruleset else "warm"
            open_here(plain, ruleset=ruleset)  # the imports, and each memo read once
            open_here(big, ruleset=ruleset)
            found[name] = interleaved(
                runs * 3,
                {
                    "without": lambda r=ruleset: open_here(plain, ruleset=r),  # type: ignore[misc]
                    "with": lambda r=ruleset: open_here(big, ruleset=r),  # type: ignore[misc]
                },
            )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return _report_opening(found, runs)


def _report_opening(found: dict[str, dict[str, float]], runs: int) -> bool:
    print(
        f"opening a campaign: first and cold `state FILE` in a fresh process, the median of "
        f"{runs} runs; warm, in this process, of {runs * 3}"
    )
    held = True
    for kind, times in found.items():
        ratio = times["with"] / times["without"]
        aim = "" if kind == "first" else f"   aim <= {OPENING}x: {_said(ratio <= OPENING)}"
        held = held and (kind == "first" or ratio <= OPENING)
        print(
            f"  {kind:14}  without {times['without'] * 1000:7.1f} ms   with "
            f"{times['with'] * 1000:7.1f} ms   {ratio:5.2f}x{aim}"
        )
    return held


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--passes", type=int, default=5, help="passes over the queries (5)")
    parser.add_argument("--runs", type=int, default=7, help="openings of each campaign (7)")
    args = parser.parse_args()
    if not PACKAGE.is_file():
        print(
            f"skipped: the whole Starforged package is not at {PACKAGE}; fetch the npm package "
            "@datasworn/starforged into tests/data/datasworn/package to measure with it"
        )
        return 0
    held = [measure_search(args.passes), measure_opening(args.runs)]
    print(f"every aim: {_said(all(held))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
