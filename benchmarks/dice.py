"""Benchmark: rolling dice expressions, against the `d20` library in the same run.

Each expression is rolled with seeded dice, by hearthroll (`roll_expr` on the text, as the
engine calls it) and by `d20.roll` (which also keeps its parses), in interleaved batches; the
median time per roll of each is reported with the ratio (d20's time over ours: above 1 means
hearthroll is faster). Parsing anew (`parse_fresh` against `d20.parse` with its cache cleared)
is shown too. Aim: every expression at least as fast as d20 (ratio >= 1).

`d20` is an optional benchmark dependency: `pip install -e '.[bench]'`. Run it with
`python benchmarks/dice.py [--batches N]` (not part of the test suite).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

from hearthroll.core.dice.expr import parse_fresh, roll_expr
from hearthroll.core.dice.sources import RandomDice

EXPRESSIONS = ("2d6+3", "1d20+5", "4d6kh3", "1d4+3+2d6", "1d8+2d6+4", "(1d10+2)*2", "8d6")
ROLLS = 2_000
AIM = 1.0


def per_call(action: Callable[[], object], calls: int) -> float:
    """Seconds per call of `action`, over `calls` calls."""
    start = time.perf_counter()
    for _ in range(calls):
        action()
    return (time.perf_counter() - start) / calls


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batches", type=int, default=15, help="interleaved batches (15)")
    args = parser.parse_args()
    try:
        import d20
    except ImportError:
        print("this benchmark compares with the d20 library: pip install -e '.[bench]'")
        return 2
    random.seed(7)  # d20 rolls with the global generator
    dice = RandomDice(7)
    roller = d20.Roller()
    print(f"{ROLLS:,} rolls a batch, {args.batches} interleaved batches, medians per roll")
    print(
        f"{'expression':<12} | {'ours µs':>8} | {'d20 µs':>8} | {'ratio':>6} | "
        f"{'parse µs':>8} | {'d20 parse':>9} | aim"
    )
    print("-" * 72)
    held = True
    for text in EXPRESSIONS:
        ours: list[float] = []
        theirs: list[float] = []
        for _ in range(args.batches):
            ours.append(per_call(lambda text=text: roll_expr(text, dice), ROLLS))
            theirs.append(per_call(lambda text=text: roller.roll(text), ROLLS))
        fresh = statistics.median(
            per_call(lambda text=text: parse_fresh(text), 200) for _ in range(5)
        )

        def d20_parse(text: str = text) -> object:
            roller._parse_cache.clear()  # measure the parse itself, not d20's cache of it
            return roller.parse(text)

        their_fresh = statistics.median(per_call(d20_parse, 200) for _ in range(5))
        mine, other = statistics.median(ours), statistics.median(theirs)
        ratio = other / mine
        held = held and ratio >= AIM
        print(
            f"{text:<12} | {mine * 1e6:8.2f} | {other * 1e6:8.2f} | {ratio:5.2f}x | "
            f"{fresh * 1e6:8.2f} | {their_fresh * 1e6:9.2f} | "
            f"{'holds' if ratio >= AIM else 'MISSED'}"
        )
    print(
        f"aim: every expression rolls at least as fast as d20 (ratio >= {AIM}): "
        f"{'holds' if held else 'MISSED'}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
