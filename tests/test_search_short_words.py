"""Search stays quick on big catalogs without changing what it finds: the ranking of one or two
letters worked out ahead is the one worked out fresh, a short word after others narrows what
they found, and a typo is looked for only when the typed word begins none."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.rules import search
from hearthroll.core.rules.search import MoveIndex
from test_search_ranking import Move

RULESETS = ("house", "hack", "starforged", "maneuvers")


WORDS = ["mark", "mire", "muster", "mend", "ma", "village", "vale", "veil", "vex", "me"]


def big_catalog(seed: int, size: int = 400) -> list[Move]:
    """Enough moves that a letter alone finds more than `RANK_AHEAD` of them."""
    import random

    rng = random.Random(seed)
    return [
        Move(
            f"move_{n}",
            " ".join(rng.sample(WORDS, rng.randint(1, 3))).title(),
            rng.choice(RULESETS),
            "When you " + " ".join(rng.choices(WORDS, k=6)),
            tags=(rng.choice(WORDS),),
        )
        for n in range(size)
    ]


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    query=st.sampled_from(["m", "v", "ma", "mi", "me", "ve", "vi", "mu"]),
    ruleset=st.sampled_from([None, *RULESETS]),
    limit=st.sampled_from([None, 1, 5, 40]),
)
def test_a_ranking_worked_out_ahead_is_the_fresh_one(
    seed: int, query: str, ruleset: str | None, limit: int | None
) -> None:
    moves = big_catalog(seed)
    ahead = MoveIndex(moves)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search, "RANK_AHEAD", len(moves))  # nothing worked out ahead
        fresh = MoveIndex(moves)
    assert len(ahead.search("m")) > search.RANK_AHEAD  # the prepared ranking is the one used
    assert ahead.search(query, ruleset=ruleset, limit=limit) == fresh.search(
        query, ruleset=ruleset, limit=limit
    )


SMALL = [
    Move("muster", "Muster", "house", "When you press every able body in the village into defense"),
    Move("pull_together", "Pull Together", "house", "When you set the village to work"),
    Move("mend", "Mend", "house", "When you mend what the storm broke"),
    Move("march", "March", "hack", "When you march through the night"),
    Move("flee", "Flee", "maneuvers", "When you run from a fight"),
    Move("free", "Free", "maneuvers", "When you cut a friend loose"),
    Move("hack_and_slash", "Hack and Slash", "hack", "When you fight in melee"),
]
INDEX = MoveIndex(SMALL)


def found(query: str) -> list[str]:
    return [SMALL[hit.index].id for hit in INDEX.search(query)]


def test_a_short_word_after_others_narrows_what_they_found() -> None:
    assert found("village") == ["muster", "pull_together"]
    assert found("village m") == ["muster", "pull_together"]  # not Mend or March: no village
    assert found("village p") == ["pull_together", "muster"]  # a p-word comes first
    assert found("m") == ["march", "mend", "muster"]  # alone, a letter finds its own
    assert set(found("nowhere m")) == set(found("m"))  # as when the others find nothing


def test_short_words_alone_find_what_the_rarest_of_them_finds() -> None:
    assert found("t") == ["pull_together"]
    assert found("m t") == found("t m") == ["pull_together"]
    assert found("p t") == ["pull_together"]


def test_a_typo_is_looked_for_only_when_the_word_begins_none() -> None:
    assert found("hakc") == ["hack_and_slash"]
    assert found("frea") == ["free"]  # begins no word: its close spellings are looked for
    assert found("free") == ["free"]  # begins one: Flee, one letter off, is not taken for it
    assert found("flee") == ["flee"]
