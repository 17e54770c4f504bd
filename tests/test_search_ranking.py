"""Move search: ranking, typo tolerance and filters over a small catalog of real move names."""

import attrs
import pytest

from hearthroll.core.rules.search import MoveIndex, nearest


@attrs.frozen
class Move:
    id: str
    name: str
    ruleset: str
    trigger: str
    aliases: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()


MOVES = [
    Move(
        "clash",
        "Clash",
        "house",
        "When you fight in melee or close quarters",
        ("Hack and Slash",),
        ("basic", "combat"),
    ),
    Move("hack_and_slash", "Hack and Slash", "hack", "When you fight in melee", (), ("basic",)),
    Move("volley", "Volley", "house", "When you take aim and shoot at a foe at range"),
    Move(
        "muster",
        "Muster",
        "house",
        "When you press every able body in the village into defense",
        (),
        ("steading",),
    ),
    Move(
        "pull_together",
        "Pull Together",
        "house",
        "When you set the village to work",
        (),
        ("steading",),
    ),
    Move(
        "seasons_change",
        "Seasons Change",
        "house",
        "When the season turns in downtime",
        (),
        ("steading",),
    ),
    Move("endure_harm", "Endure Harm", "starforged", "When you face physical injury"),
    Move("flee", "Flee", "maneuvers", "When you run from a fight"),
    Move("defy_danger", "Defy Danger", "house", "When you act despite an imminent threat"),
]
INDEX = MoveIndex(MOVES)


def names(query: str, **kw: str) -> list[str]:
    return [f"{MOVES[h.index].ruleset}:{MOVES[h.index].name}" for h in INDEX.search(query, **kw)]


def test_a_typo_finds_hack_and_slash() -> None:
    found = names("hakc")
    assert found[0] in ("hack:Hack and Slash", "house:Clash")
    assert {"hack:Hack and Slash", "house:Clash"} <= set(found[:2])


def test_village_muster_finds_muster_first() -> None:
    assert names("village muster")[0] == "house:Muster"


def test_exact_name_beats_trigger_words() -> None:
    assert names("flee")[0] == "maneuvers:Flee"


def test_prefix_of_a_name_matches_as_you_type() -> None:
    assert names("sea")[0] == "house:Seasons Change"
    assert names("pu")[0] == "house:Pull Together"


def test_trigger_words_match() -> None:
    assert names("imminent threat")[0] == "house:Defy Danger"


def test_ruleset_filter() -> None:
    assert names("hack", ruleset="hack") == ["hack:Hack and Slash"]


def test_empty_query_lists_everything_in_catalog_order() -> None:
    assert len(INDEX.search("")) == len(MOVES)


def test_nonsense_finds_nothing() -> None:
    assert names("zzzzqqq") == []


def test_a_single_letter_does_not_match_every_trigger() -> None:
    assert "house:Volley" not in names("w")


def test_nearest_suggests_close_names() -> None:
    assert nearest("musterr", [m.name for m in MOVES])[0] == "Muster"


def test_stop_words_are_dropped_once_typed_in_full() -> None:
    from hearthroll.core.rules.search import query_words

    assert query_words("I push on and climb the wall") == ["push", "climb", "wall"]
    assert query_words("climb the ") == ["climb"]
    assert query_words("climb the") == ["climb", "the"]  # "the" may become "theft"
    assert query_words("the") == ["the"]  # stop words alone are kept


SAID = {
    "house": {
        "I push on and climb the wall": "defy_danger",
        "the whole village musters": "muster",
        "we attack the orc": "clash",
        "shoot it": "volley",
        "keep watch tonight": "take_watch",
        "the seasons change": "seasons_change",
        "make a plan": "make_a_plan",
    },
    "hack": {
        "I push on and climb the wall": "hack_defy_danger",
        "climb": "hack_defy_danger",
        "jump the gap": "hack_defy_danger",
        "swim across the river": "hack_defy_danger",
        "balance on the beam": "hack_defy_danger",
        "shoot it": "hack_volley",
    },
}


@pytest.mark.parametrize("ruleset", sorted(SAID))
def test_what_a_player_says_finds_the_shipped_move(ruleset: str) -> None:
    from hearthroll.store.rulesets import load_catalog

    moves = load_catalog(with_user=False).ruleset(ruleset).moves
    index = MoveIndex(moves)
    for words, move in SAID[ruleset].items():
        assert moves[index.search(words)[0].index].id == move, words


def _short_queries(name: str, aliases: tuple[str, ...], own_id: str) -> list[str]:
    """Queries of at most 4 characters a GM could type for a move: prefixes of its names, and
    two word starts ("e t" for Endure Harm table)."""
    from itertools import permutations

    found = set()
    for text in (name, *aliases, own_id.replace("_", " ")):
        words = [w for w in text.lower().split() if w.isalnum()]
        found.update(text.lower()[:n] for n in range(1, 5))
        for a, b in permutations(words, 2):
            found.update(f"{a[:i]} {b[:j]}" for i in (1, 2) for j in (1, 2) if i + j < 4)
    return sorted(found, key=lambda q: (len(q), q))


def test_every_shipped_move_is_found_first_by_four_characters_at_most() -> None:
    """So that `/`, four letters and Enter (six keystrokes) roll any move."""
    from hearthroll.store.rulesets import load_catalog

    for ruleset in load_catalog(with_user=False).rulesets:
        index = MoveIndex(ruleset.moves)
        for position, move in enumerate(ruleset.moves):
            own = move.id.removeprefix(f"{ruleset.id}_")
            queries = _short_queries(move.name, move.aliases, own)
            first = [
                q for q in queries if [h.index for h in index.search(q, limit=1)] == [position]
            ]
            assert first, f"{ruleset.id}: nothing of 4 characters finds {move.name} first"
