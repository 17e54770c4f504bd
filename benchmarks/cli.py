"""Benchmark: the command line, each verb a fresh process, against `hearthroll --version`.

Campaigns of real events are written with `campaign_io.build`. Every run is a new process, as
a script or a person at the shell runs it, from the caches the last run kept (the checked
catalog, the campaign's snapshot), with bytecode compiled as an installed package has it.

- Single-event verbs (`state`, `note`, `undo`, `move`) at 10 and at 100,000 events, interleaved
  with `--version` in the same rounds; the median of each, and its ratio to `--version`.
  Aim: every one at most 2x `--version`, at both sizes, as a person runs them: with the warm
  process the first command starts (see `hearthroll.launch`). The same verbs are measured
  again with it turned off (`HEARTHROLL_WARM=0`) and printed, for information.
- Tonight's recap, `log --markdown --last-session`, at 1,000 / 10,000 / 100,000 events (the
  campaigns' events are dated in evenings of 60 a week apart: an undated log is one session,
  so its recap would be the whole log), with the warm process, against `--version` in the same
  rounds. Aim: at most 2x `--version` at every size, and flat (100k within 1.5x of 1k).
- A script of 50 notes, as 50 processes and as one `hearthroll batch` (for information).
- Readers at 1,000 / 10,000 / 100,000 events: `log --last 5`, `log --since`, `log --json`,
  `log --markdown` and `check`, each in a process of its own (the warm process turned off, so
  the peak memory is the reader's own). Aims: `log --last` and `log --since` flat (100k
  within 1.5x of 1k); a full `log` in at most 150 MB at 100k; `check` within 1.3x of a bare
  `tomllib` read of the same files (measured in a process too), at every size.

Run it with `python benchmarks/cli.py [--rounds N] [--sizes 1000,10000,100000]` (not part of
the test suite; the 100,000-event campaign takes a minute or two to write).

`python benchmarks/cli.py --big [N]` measures one campaign of N events (100,000), every process
fresh: opening it (from the snapshot the last command kept, and without one), saving one event
(`note`, then `undo`), `log --last 20`, `state`, tonight's recap, `check` against the bare
`tomllib` read, and a full `log --json`, each with the peak memory of its process. Aims: the
single-event commands and the recap at most 2x `--version` (with the warm process), `check`
within 1.3x of `tomllib`, every process in at most 150 MB (each command in a process of its
own, the warm process off).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from campaign_io import build

ENV_WARM = "HEARTHROLL_WARM"

VERB_SIZES = (10, 100_000)
LOG_SIZES = (1_000, 10_000, 100_000)
AIM_VERB = 2.0
AIM_FLAT = 1.5
AIM_MEMORY_MB = 150.0
AIM_CHECK = 1.3
TOMLLIB = """
import sys, tomllib
from pathlib import Path
path = Path(sys.argv[1])
tomllib.loads(path.read_text(encoding="utf-8"))
for segment in sorted(path.with_suffix(".journal").glob("*.toml")):
    tomllib.loads(segment.read_text(encoding="utf-8"))
"""


def run(args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds a process took from start to exit, and its peak memory in MB.

    The peak is the one `/usr/bin/time` reports for the command it starts (a process forked
    from this one would count this one's memory as its own).
    """
    start = time.perf_counter()
    done = subprocess.run(
        ["/usr/bin/time", "-f", "%M", *args],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        check=False,
    )
    took = time.perf_counter() - start
    error = done.stderr.decode()
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(args)} failed ({done.returncode}):\n{error}")
    return took, int(error.strip().splitlines()[-1]) / 1024  # KiB


def hearthroll(*args: str) -> list[str]:
    return [sys.executable, "-m", "hearthroll", *args]


def verbs(path: Path) -> dict[str, list[str]]:
    """The verbs measured, in the order a round runs them (each undo undoes the verb before,
    so the campaign stays as it was)."""
    file = str(path)
    return {
        "--version": hearthroll("--version"),
        "state": hearthroll("state", file),
        "note": hearthroll("note", file, "the bridge holds"),
        "undo (note)": hearthroll("undo", file),
        "move": hearthroll("move", file, "defy_danger", "--as", "Wren", "--seed", "3"),
        "undo (move)": hearthroll("undo", file),
    }


RECAP = "log --markdown --last-session"


def recap(path: Path) -> list[str]:
    """Tonight's recap, as `W` writes it in the app."""
    return hearthroll("log", str(path), "--markdown", "--last-session")


def readers(path: Path, events: int) -> dict[str, list[str]]:
    file = str(path)
    return {
        "log --last 5": hearthroll("log", file, "--last", "5"),
        "log --since": hearthroll("log", file, "--since", str(events - 5)),
        "log --json": hearthroll("log", file, "--json"),
        "log --markdown": hearthroll("log", file, "--markdown"),
        RECAP: recap(path),
        "check": hearthroll("check", file),
        "tomllib read": [sys.executable, "-c", TOMLLIB, file],
    }


OPEN = """
import sys
from pathlib import Path
from hearthroll.cli.common import load_catalog, memo
from hearthroll.store.campaigns import RECENT_WINDOW, CampaignStore
kept = memo() if sys.argv[2] == "snapshot" else None
CampaignStore.open(Path(sys.argv[1]), load_catalog(), recent=RECENT_WINDOW, memo=kept).close()
"""


BIG_VERBS = ("note", "undo (note)", "state", RECAP)
"""The single-event commands held to the --version aim (the others' ratios are printed)."""


def big_commands(path: Path) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """The commands measured on one big campaign: the quick ones (many rounds), and the
    ones that read the whole journal (fewer rounds)."""
    file = str(path)
    quick = {
        "--version": hearthroll("--version"),
        "open (snapshot)": [sys.executable, "-c", OPEN, file, "snapshot"],
        "open (no snapshot)": [sys.executable, "-c", OPEN, file, "none"],
        "note": hearthroll("note", file, "the bridge holds"),
        "undo (note)": hearthroll("undo", file),
        "state": hearthroll("state", file),
        "log --last 20": hearthroll("log", file, "--last", "20"),
        RECAP: recap(path),
    }
    whole = {
        "check": hearthroll("check", file),
        "tomllib read": [sys.executable, "-c", TOMLLIB, file],
        "log --json": hearthroll("log", file, "--json"),
    }
    return quick, whole


def big(events: int, rounds: int, slow_rounds: int, folder: Path, env: dict[str, str]) -> bool:
    """Every measure on one campaign of `events` events; True when every aim holds."""
    path = folder / f"campaign-{events}.toml"
    started = time.perf_counter()
    build(path, events)
    print(f"wrote {events:,} events in {time.perf_counter() - started:.1f} s")
    ready(path, env)
    quick, whole = big_commands(path)
    start_warm(env)
    try:
        found = measure(quick, rounds, env)
    finally:
        stop_warm(env)
    alone_env = environment(folder, warm=False)
    served = {name: quick[name] for name in ("--version", *BIG_VERBS, "log --last 20")}
    alone = measure(served, rounds, alone_env)
    found |= measure(whole, slow_rounds, alone_env, warm=False)
    base = median(found["--version"])
    held = True
    print(f"\n{events:,} events: {rounds} interleaved rounds ({slow_rounds} for whole reads)")
    print("(a verb's MB is its own process's, measured with the warm process off)")
    print(f"{'command':<20} | {'ms':>9} | {'ratio':>12} | {'MB':>6} | aims")
    print("-" * 78)
    for name, samples in found.items():
        took = median(samples)
        memory = median(alone.get(name, samples), 1)
        ok_memory = memory <= AIM_MEMORY_MB
        if name in whole:
            ratio, against = took / median(found["tomllib read"]), "x tomllib"
            aim = AIM_CHECK if name == "check" else None
        else:
            ratio, against = took / base, "x --version"
            aim = AIM_VERB if name in BIG_VERBS else None
        ok = (aim is None or ratio <= aim) and ok_memory
        held = held and ok
        wanted = f"<= {aim}x, " if aim else ""
        print(
            f"{name:<20} | {took * 1000:9.1f} | {ratio:5.2f} {against:<6} | {memory:6.1f} | "
            f"{wanted}<= {AIM_MEMORY_MB:.0f} MB: {verdict(ok)}"
        )
    base_alone = median(alone["--version"])
    print(f"\nwithout the warm process ({ENV_WARM}=0, for information):")
    for name, samples in alone.items():
        print(f"{name:<20} | {median(samples) * 1000:9.1f} | {median(samples) / base_alone:5.2f}x")
    return held


SCRIPT_LINES = 50


def script(folder: Path, env: dict[str, str], rounds: int = 3) -> None:
    """A script of 50 notes: 50 processes, against one `batch` of the same lines (printed for
    information: no aim is set on it)."""
    path = folder / "script.toml"
    build(path, 10)
    lines = [f"note {path} 'line {n}'" for n in range(SCRIPT_LINES)]
    listing = folder / "script.txt"
    listing.write_text("\n".join(lines) + "\n", encoding="utf-8")
    one_by_one: list[float] = []
    batched: list[float] = []
    for _ in range(rounds):
        started = time.perf_counter()
        for n in range(SCRIPT_LINES):
            run(hearthroll("note", str(path), f"line {n}"), env)
        one_by_one.append(time.perf_counter() - started)
        batched.append(run(hearthroll("batch", str(listing)), env)[0])
    alone, together = statistics.median(one_by_one), statistics.median(batched)
    print(
        f"\na script of {SCRIPT_LINES} notes ({rounds} rounds, medians): {SCRIPT_LINES} processes "
        f"{alone:.2f} s, one `batch` {together:.2f} s: {alone / together:.1f}x quicker"
    )


def ready(path: Path, env: dict[str, str]) -> None:
    """Settle a bust the built campaign may end on, so `move` can be made."""
    shown = subprocess.run(
        hearthroll("state", str(path), "--json"), env=env, capture_output=True, check=True
    )
    if json.loads(shown.stdout)["turn"]["pending_bust"]:
        subprocess.run(hearthroll("accept", str(path)), env=env, capture_output=True, check=True)


def measure(
    commands: dict[str, list[str]], rounds: int, env: dict[str, str], warm: bool = True
) -> dict[str, list]:
    """Each command `rounds` times, interleaved: one of each per round, after one warm-up
    (unless `warm` is False: for the commands that read the whole journal)."""
    for args in commands.values() if warm else ():
        run(args, env)
    found: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for _ in range(rounds):
        for name, args in commands.items():
            found[name].append(run(args, env))
    return found


def environment(folder: Path, warm: bool = True) -> dict[str, str]:
    """The processes' environment: caches in `folder`, bytecode compiled and kept, and the warm
    process used (or, with `warm` False, each command run in its own process)."""
    env = {**os.environ, "HEARTHROLL_DATA_DIR": str(folder / "data")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
    env[ENV_WARM] = "1" if warm else "0"
    return env


WHERE = "from hearthroll.store.warm_place import socket_path; print(socket_path())"


def start_warm(env: dict[str, str]) -> None:
    """Start the warm process the commands in `env` use, as a first command does, and wait
    until it listens."""
    subprocess.run(hearthroll("roll", "1d6"), env=env, capture_output=True, check=True)
    place = subprocess.run(
        [sys.executable, "-c", WHERE], env=env, capture_output=True, text=True, check=True
    ).stdout.strip()
    if place == "None":
        raise SystemExit("no warm process on this system: its cache folder needs platformdirs")
    deadline = time.monotonic() + 60
    while not os.path.exists(place):
        if time.monotonic() > deadline:
            raise SystemExit(f"the warm process did not listen at {place}")
        time.sleep(0.05)


def stop_warm(env: dict[str, str]) -> None:
    subprocess.run(hearthroll("warm", "stop"), env=env, capture_output=True, check=False)


def verb_table(
    paths: dict[int, Path], sizes: list[int], rounds: int, folder: Path, warm: bool
) -> bool:
    """The single-event verbs against `--version` at each size: with the warm process (the
    aim is judged), or without (printed for information); True when the aim holds."""
    env = environment(folder, warm)
    how = "with the warm process" if warm else f"without it ({ENV_WARM}=0, for information)"
    print(f"\nsingle-event verbs {how}: {rounds} interleaved rounds, medians")
    aim = f"aim <= {AIM_VERB}x" if warm else "no aim"
    print(f"{'events':>8} | {'verb':<12} | {'ms':>7} | {'x --version':>11} | {aim}")
    print("-" * 62)
    held = True
    for events in sizes:
        ready(paths[events], env)
        found = measure(verbs(paths[events]), rounds, env)
        base = median(found["--version"])
        for name, samples in found.items():
            ratio = median(samples) / base
            ok = name == "--version" or ratio <= AIM_VERB
            held = held and ok
            mark = "" if name == "--version" or not warm else verdict(ok)
            print(
                f"{events:>8,} | {name:<12} | {median(samples) * 1000:7.1f} | "
                f"{ratio:10.2f}x | {mark}"
            )
    return held or not warm


def recap_table(paths: dict[int, Path], sizes: list[int], rounds: int, folder: Path) -> bool:
    """Tonight's recap against `--version` at each size, with the warm process; True when it
    is at most 2x `--version` at every size and flat (the largest within 1.5x of the
    smallest)."""
    env = environment(folder)
    print(f"\ntonight's recap with the warm process: {rounds} interleaved rounds, medians")
    print(f"{'events':>8} | {'command':<32} | {'ms':>7} | {'x --version':>11} | aim <= {AIM_VERB}x")
    print("-" * 84)
    held = True
    took: dict[int, float] = {}
    for events in sizes:
        found = measure(
            {"--version": hearthroll("--version"), RECAP: recap(paths[events])}, rounds, env
        )
        base = median(found["--version"])
        took[events] = median(found[RECAP])
        ratio = took[events] / base
        held = held and ratio <= AIM_VERB
        print(
            f"{events:>8,} | {RECAP:<32} | {took[events] * 1000:7.1f} | {ratio:10.2f}x | "
            f"{verdict(ratio <= AIM_VERB)}"
        )
    flat = took[max(sizes)] / took[min(sizes)]
    print(
        f"{RECAP} at {max(sizes):,} / at {min(sizes):,} events: {flat:.2f}x "
        f"(aim <= {AIM_FLAT}x): {verdict(flat <= AIM_FLAT)}"
    )
    return held and flat <= AIM_FLAT


def median(samples: list[tuple[float, float]], at: int = 0) -> float:
    return statistics.median(sample[at] for sample in samples)


def verdict(held: bool) -> str:
    return "holds" if held else "MISSED"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="interleaved rounds (7)")
    parser.add_argument(
        "--sizes", default=",".join(str(s) for s in LOG_SIZES), help="events for the readers"
    )
    parser.add_argument(
        "--verb-sizes", default=",".join(str(s) for s in VERB_SIZES), help="events for the verbs"
    )
    parser.add_argument("--dir", type=Path, help="where to write the campaigns (a temp folder)")
    parser.add_argument(
        "--big",
        type=int,
        nargs="?",
        const=100_000,
        metavar="N",
        help="measure one campaign of N events (100,000) instead",
    )
    parser.add_argument(
        "--slow-rounds", type=int, default=3, help="rounds of the whole reads with --big (3)"
    )
    parser.add_argument("--no-script", action="store_true", help="leave out the script of 50 notes")
    args = parser.parse_args()
    if args.big:
        with tempfile.TemporaryDirectory(dir=args.dir, prefix="hearthroll-cli-") as root:
            folder = Path(root)
            held = big(args.big, args.rounds, args.slow_rounds, folder, environment(folder))
        print(f"\nevery aim: {verdict(held)}")
        return 0
    log_sizes = [int(s) for s in args.sizes.split(",")]
    verb_sizes = [int(s) for s in args.verb_sizes.split(",")]
    sizes = sorted({*verb_sizes, *log_sizes})
    held = True
    with tempfile.TemporaryDirectory(dir=args.dir, prefix="hearthroll-cli-") as root:
        folder = Path(root)
        env = environment(folder)
        paths = {}
        for events in sizes:
            paths[events] = folder / f"campaign-{events}.toml"
            started = time.perf_counter()
            build(paths[events], events)
            print(f"wrote {events:,} events in {time.perf_counter() - started:.1f} s")
        start_warm(env)
        try:
            for warm in (True, False):
                held = verb_table(paths, verb_sizes, args.rounds, folder, warm) and held
            held = recap_table(paths, log_sizes, args.rounds, folder) and held
            if not args.no_script:
                script(folder, env)
        finally:
            stop_warm(env)
        env = environment(folder, warm=False)
        print(f"\nreaders: {args.rounds} interleaved rounds, medians; peak memory of the process")
        print(f"{'events':>8} | {'reader':<29} | {'ms':>8} | {'MB':>6}")
        print("-" * 61)
        table: dict[int, dict[str, list[tuple[float, float]]]] = {}
        for events in log_sizes:
            table[events] = measure(readers(paths[events], events), args.rounds, env)
            for name, samples in table[events].items():
                print(
                    f"{events:>8,} | {name:<29} | {median(samples) * 1000:8.1f} | "
                    f"{median(samples, 1):6.1f}"
                )
    small, large = table[min(log_sizes)], table[max(log_sizes)]
    top = f"{max(log_sizes):,}"
    print()
    for name in ("log --last 5", "log --since"):
        ratio = median(large[name]) / median(small[name])
        held = held and ratio <= AIM_FLAT
        print(
            f"{name} at {top} / at {min(log_sizes):,} events: {ratio:.2f}x "
            f"(aim <= {AIM_FLAT}x): {verdict(ratio <= AIM_FLAT)}"
        )
    for name in ("log --json", "log --markdown"):
        memory = median(large[name], 1)
        held = held and memory <= AIM_MEMORY_MB
        print(
            f"{name} at {top} events: {memory:.0f} MB (aim <= {AIM_MEMORY_MB:.0f} MB): "
            f"{verdict(memory <= AIM_MEMORY_MB)}"
        )
    for events in log_sizes:
        ratio = median(table[events]["check"]) / median(table[events]["tomllib read"])
        ok = ratio <= AIM_CHECK
        held = held and ok
        print(
            f"check / tomllib at {events:,} events: {ratio:.2f}x (aim <= {AIM_CHECK}x): "
            f"{verdict(ok)}"
        )
    print(f"\nevery aim: {verdict(held)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
