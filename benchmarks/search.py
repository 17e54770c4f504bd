"""Benchmark: move search per keystroke over a synthetic catalog of 10,000 long-trigger moves.

Reports the median and 95th percentile time per keystroke for the engine's search and for a
plain substring filter measured in the same run, and their ratio. Run it with
`python benchmarks/search.py` (not part of the test suite).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import attrs

from hearthroll.core.rules.search import MoveIndex

SYLLABLES = [
    "ka",
    "lo",
    "mir",
    "th",
    "an",
    "el",
    "or",
    "us",
    "ve",
    "da",
    "ni",
    "ra",
    "go",
    "sh",
    "ul",
    "te",
    "fi",
    "wa",
    "be",
    "qu",
]
QUERIES = ["hakc and slash", "village muster", "defy danger", "endure harm", "flee", "kick"]


@attrs.frozen
class FakeMove:
    id: str
    name: str
    ruleset: str
    aliases: tuple[str, ...]
    tags: tuple[str, ...]
    trigger: str


def make_word(rng: random.Random) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 4)))


def catalog(size: int, seed: int = 7) -> list[FakeMove]:
    rng = random.Random(seed)
    vocab = [make_word(rng) for _ in range(6000)]
    common = [
        "when",
        "you",
        "the",
        "a",
        "to",
        "of",
        "and",
        "or",
        "in",
        "on",
        "at",
        "with",
        "your",
        "they",
        "it",
        "roll",
    ]
    real = ["hack and slash", "muster", "defy danger", "endure harm", "flee", "kick"]
    moves = []
    for i in range(size):
        name = real[i] if i < len(real) else " ".join(rng.sample(vocab, rng.randint(1, 3)))
        trigger_words = [rng.choice(common if rng.random() < 0.4 else vocab) for _ in range(60)]
        moves.append(
            FakeMove(
                id=f"m{i}",
                name=name.title(),
                ruleset=rng.choice(["house", "hack", "starforged", "maneuvers"]),
                aliases=(),
                tags=tuple(rng.sample(vocab, 2)),
                trigger="When you " + " ".join(trigger_words),
            )
        )
    return moves


def keystrokes(query: str) -> list[str]:
    return [query[: i + 1] for i in range(len(query))]


def time_per_keystroke(search: object, queries: list[str]) -> list[float]:
    times = []
    for query in queries:
        for typed in keystrokes(query):
            start = time.perf_counter()
            search(typed)  # type: ignore[operator]
            times.append(time.perf_counter() - start)
    return times


def main() -> int:
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    moves = catalog(size)
    start = time.perf_counter()
    index = MoveIndex(moves)
    build = time.perf_counter() - start
    lowered = [(m.name.lower(), m.trigger.lower()) for m in moves]

    def substring(query: str) -> list[int]:
        q = query.lower()
        return [i for i, (name, trigger) in enumerate(lowered) if q in name or q in trigger]

    engine = time_per_keystroke(lambda q: index.search(q, limit=50), QUERIES)
    plain = time_per_keystroke(substring, QUERIES)
    med_e, med_p = statistics.median(engine), statistics.median(plain)
    p95_e = statistics.quantiles(engine, n=20)[-1]
    print(f"catalog: {size} moves; index built in {build * 1000:.0f} ms")
    print(f"keystrokes: {len(engine)}")
    print(f"search     median {med_e * 1000:6.2f} ms   p95 {p95_e * 1000:6.2f} ms")
    print(f"substring  median {med_p * 1000:6.2f} ms")
    print(f"ratio (search / substring, median): {med_e / med_p:.2f}x")
    top = index.search("hakc")[0]
    print(f"'hakc' finds: {moves[top.index].name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
