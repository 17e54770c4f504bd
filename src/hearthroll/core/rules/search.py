"""Move search: token and prefix matching with typo tolerance, for the CLI and the app's palette
(which finds oracle tables and Ask the Oracle by the same search)."""

from __future__ import annotations

import heapq
import itertools
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

import attrs

from hearthroll.core.errors import NotFound
from hearthroll.core.records import Record

if TYPE_CHECKING:
    from hearthroll.core.rules.model import Catalog, Ruleset

# How much a word found in each field counts toward a match.
NAME, ALIAS, TAG, TRIGGER = 3.0, 2.5, 2.0, 1.0
PREFIX = 0.9  # a word that the typed token begins
TYPO_CUTOFF = 0.7  # OSA similarity a misspelled token needs ("hakc" ~ "hack" is 0.75)
_WORD = re.compile(r"[a-z0-9]+")
STOP_WORDS = frozenset(
    {"a", "an", "the", "and", "or", "of", "to", "on", "in", "at", "for", "with", "from", "by"}
    | {"i", "we", "you", "he", "she", "they", "it", "my", "our", "your", "his", "her", "their"}
    | {"is", "are", "am", "m", "s", "me", "him", "them", "us", "up", "out", "past"}
)
"""Words a GM says around a move ("I climb the wall") that name nothing: not indexed, and
dropped from a query once typed in full."""
_CACHE_SIZE = 512
_FEW = 256
"""Up to this many scored items, each name is checked for the phrase; past it, the names are
searched for the phrase all at once."""
CLEAR_LEAD = 1.0
"""How far the best match must score above the next for `search_move` to settle on it: about a
word more found, or found in a weightier field."""
CANDIDATES_SHOWN = 6
"""How many of the moves that match about equally well an ambiguous `search_move` names."""
RANK_AHEAD = 256
"""A one- or two-letter token alone that finds more items than this has its ranking worked
out when the index is built."""


class Searchable(Protocol):
    """What search needs of a move."""

    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def ruleset(self) -> str: ...
    @property
    def aliases(self) -> Sequence[str]: ...
    @property
    def tags(self) -> Sequence[str]: ...
    @property
    def trigger(self) -> str: ...


TABLE, ASK = "table", "ask"
"""The kinds of `Entry`: an oracle table, and Ask the Oracle at some odds."""
ASK_ID = "ask the oracle: "
"""What an Ask the Oracle entry's id begins with; the odds follow."""


@attrs.frozen
class Entry(Record):
    """Something found beside the moves by the same search: an oracle table (by its name, its
    id and its collection's words), or Ask the Oracle at the odds named."""

    id: str
    name: str
    ruleset: str
    kind: str
    """`TABLE` or `ASK`."""
    aliases: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    trigger: str = ""

    @property
    def odds(self) -> str:
        """The odds an Ask the Oracle entry asks at ("likely")."""
        return self.id.removeprefix(ASK_ID)


def palette_items(ruleset: Ruleset, odds: Mapping[str, int]) -> tuple[Searchable, ...]:
    """What the palette searches: the ruleset's moves, then each of its oracle tables, then
    Ask the Oracle at each of `odds` (their names and the d100 roll a yes needs)."""
    tables = (
        Entry(t.id, t.name, ruleset.id, TABLE, tags=("oracle", t.collection), trigger=t.text)
        for t in ruleset.tables
    )
    asks = (
        Entry(
            f"{ASK_ID}{said}",
            f"Ask the Oracle: {said} ({chance})",
            ruleset.id,
            ASK,
            tags=("oracle", "yes or no"),
        )
        for said, chance in odds.items()
    )
    return (*ruleset.moves, *tables, *asks)


@attrs.frozen
class Hit(Record):
    """One match: the position of the item in the index, and how well it matched."""

    index: int
    score: float


def words(text: str) -> list[str]:
    """Lower-case alphanumeric words of `text`."""
    return _WORD.findall(text.lower())


def _indexed(text: str) -> list[str]:
    return [w for w in words(text) if w not in STOP_WORDS]


def query_words(query: str) -> list[str]:
    """The words of a typed query that search looks for: stop words are dropped, except the
    last one while it may still be the start of a longer word ("an" of "ancient"). A query
    of stop words alone keeps them."""
    found = words(query)
    typing = found[-1:] if found and not query[-1:].isspace() else []
    complete = found[: len(found) - len(typing)]
    kept = [w for w in complete if w not in STOP_WORDS] + typing
    return kept or found


class MoveIndex:
    """An inverted index over move names, aliases, tags and triggers, built once per catalog."""

    def __init__(self, items: Iterable[Searchable]) -> None:
        self.items: tuple[Searchable, ...] = tuple(items)
        self._names = [" ".join(_indexed(item.name)) for item in self.items]
        ranks = {name: rank for rank, name in enumerate(sorted(set(self._names)))}
        self._name_rank = [ranks[name] for name in self._names]
        """Each item's place in name order: equal names share one."""
        self._blob = "\n".join(self._names)
        """Every name on its own line, to find the items whose name holds a phrase at once."""
        self._starts = list(itertools.accumulate((len(n) + 1 for n in self._names), initial=0))
        self._postings: dict[str, dict[int, float]] = {}
        self._short: dict[str, dict[int, float]] = {}  # name, alias and tag words only
        for index, item in enumerate(self.items):
            own_id = item.id.removeprefix(f"{item.ruleset}_")
            best: dict[str, float] = {}  # each word once, with the weight of its best field
            for weight, found in (
                (TRIGGER, _indexed(item.trigger)),
                (TAG, [w for tag in item.tags for w in _indexed(tag)]),
                (ALIAS, [w for alias in (*item.aliases, own_id) for w in _indexed(alias)]),
                (NAME, _indexed(item.name)),
            ):
                best.update(dict.fromkeys(found, weight))  # fields rise in weight
            for word, weight in best.items():
                self._postings.setdefault(word, {})[index] = weight
                if weight > TRIGGER:
                    self._short.setdefault(word, {})[index] = weight
        self._vocab = sorted(self._postings)
        self._short_vocab = sorted(self._short)
        self._cache: dict[str, dict[int, float]] = {}
        self._prefixes: dict[str, dict[int, float]] = {}
        """The scores of every one- and two-letter token, worked out here: one letter can
        begin thousands of words, too many to gather while a key is pressed."""
        for size in (1, 2):
            for prefix in dict.fromkeys(w[:size] for w in self._short_vocab if len(w) >= size):
                self._prefixes[prefix] = self._token_scores(prefix)
        self._cache.clear()
        self._ranked: dict[str, tuple[tuple[int, ...], tuple[float, ...]]] = {}
        """The hits of each one- or two-letter token that alone finds more than a few items,
        best first (their positions, and their scores): worked out here, as its scores are."""
        for prefix, prefixed in self._prefixes.items():
            if len(prefixed) > RANK_AHEAD:
                self._ranked[prefix] = self._ranked_alone(prefix, prefixed)

    def search(
        self, query: str, *, ruleset: str | None = None, limit: int | None = None
    ) -> list[Hit]:
        """Items matching `query`, best first; an empty query lists everything in order."""
        tokens = query_words(query)
        if not tokens:
            hits = [Hit(i, 0.0) for i in range(len(self.items))]
            if ruleset is not None:
                hits = [h for h in hits if self.items[h.index].ruleset == ruleset]
            return hits if limit is None else hits[:limit]
        ranked = self._ranked.get(tokens[0]) if len(tokens) == 1 else None
        if ranked is not None:
            items = self.items
            found: Iterable[tuple[int, float]] = zip(*ranked, strict=True)
            if ruleset is not None:
                found = ((i, score) for i, score in found if items[i].ruleset == ruleset)
            return [Hit(i, score) for i, score in itertools.islice(found, limit)]
        return self._rank(tokens, ruleset, limit)

    def _rank(self, tokens: list[str], ruleset: str | None, limit: int | None) -> list[Hit]:
        """The hits for `tokens`, best first: the sum of each token's score, +2 for matching
        them all, and a bonus when the name is, starts with, or holds the phrase typed. Equal
        scores go by name, then by the order the items were first matched.

        The items are those the words of three letters or more match. A word of one or two
        letters only narrows: it adds to the score of the items the others found, and finds
        none of its own ("village m" is the village moves, those with an m-word first, not
        every move with an m-word). A query of short words alone, or one whose longer words
        find nothing, finds the items of the short word that matches fewest, the others
        adding to their scores.
        """
        each = [self._token_scores(token) for token in tokens]
        if len(each) == 1:
            scores = {index: score + 2.0 for index, score in each[0].items()}
        else:
            pairs = list(zip(tokens, each, strict=True))
            base = [found for token, found in pairs if len(token) >= 3]
            short = [found for token, found in pairs if len(token) < 3]
            if short and not any(base):
                base = [min(short, key=len)]
            narrow = [found for found in each if all(found is not b for b in base)]
            scores = {index: 0.0 + score for index, score in base[0].items()}
            for found in base[1:]:
                for index, score in found.items():
                    scores[index] = scores.get(index, 0.0) + score
            for found in narrow:
                if len(found) < len(scores):
                    for index, score in found.items():
                        if index in scores:
                            scores[index] += score
                else:
                    for index in scores:
                        scores[index] += found.get(index, 0.0)
            smallest = min(each, key=len)
            for index in smallest:
                if index in scores and all(index in found for found in each):
                    scores[index] += 2.0
        if ruleset is not None:
            items = self.items
            scores = {i: v for i, v in scores.items() if items[i].ruleset == ruleset}
        for index, bonus in self._phrase_bonus(" ".join(tokens), scores):
            scores[index] += bonus
        rank = self._name_rank
        order = [
            (-score, rank[index], at, index) for at, (index, score) in enumerate(scores.items())
        ]
        best = sorted(order) if limit is None else heapq.nsmallest(limit, order)
        return [Hit(index, -score) for score, _, _, index in best]

    def _ranked_alone(
        self, token: str, found: dict[int, float]
    ) -> tuple[tuple[int, ...], tuple[float, ...]]:
        """What `_rank([token], None, None)` finds, as positions and scores, in one pass."""
        names, rank = self._names, self._name_rank
        order = []
        for at, (index, score) in enumerate(found.items()):
            name = names[index]
            total = score + 2.0
            if token in name:
                total += 6.0 if name == token else 4.0 if name.startswith(token) else 2.0
            order.append((-total, rank[index], at, index))
        order.sort()
        return tuple(entry[3] for entry in order), tuple(-entry[0] for entry in order)

    def _phrase_bonus(self, phrase: str, scores: dict[int, float]) -> Iterator[tuple[int, float]]:
        """+6 for each scored item whose name is `phrase`, +4 when it starts with it, else +2
        when it holds it."""
        names = self._names
        if len(scores) <= _FEW:
            found: Iterable[int] = [i for i in scores if phrase in names[i]]
        else:
            found = self._holding(phrase)
        for index in found:
            if index not in scores:
                continue
            name = names[index]
            yield index, 6.0 if name == phrase else 4.0 if name.startswith(phrase) else 2.0

    def _holding(self, phrase: str) -> Iterator[int]:
        """The items whose name holds `phrase`, in order, each once."""
        blob, starts = self._blob, self._starts
        at = blob.find(phrase)
        while at != -1:
            index = bisect_right(starts, at) - 1
            yield index
            at = blob.find(phrase, starts[index + 1])

    def _token_scores(self, token: str) -> dict[int, float]:
        cached = self._cache.get(token)
        if cached is None:
            cached = self._prefixes.get(token)
        if cached is not None:
            return cached
        # Short tokens match only the start of name, alias and tag words: "h" must not
        # light up every trigger that says "when".
        long = len(token) >= 3
        postings = self._postings if long else self._short
        vocab = self._vocab if long else self._short_vocab
        start = bisect_left(vocab, token)
        end = bisect_left(vocab, token[:-1] + chr(ord(token[-1]) + 1), start)
        matched = dict.fromkeys(vocab[start:end], PREFIX)  # every word `token` begins
        if token in matched:
            matched[token] = 1.0
        if len(token) >= 4 and not matched:
            # A typo is looked for only when the token begins no word: the typed word then
            # stands as it is, and the close-spelling pass over the whole vocabulary (the
            # slowest part of a keystroke) is spared.
            from rapidfuzz import process
            from rapidfuzz.distance import OSA

            for word, similarity, _ in process.extract(
                token,
                vocab,
                scorer=OSA.normalized_similarity,
                score_cutoff=TYPO_CUTOFF,
                limit=20,
            ):
                matched.setdefault(word, 0.8 * similarity)
        scores: dict[int, float] = {}
        for word, similarity in matched.items():
            for index, weight in postings[word].items():
                value = weight * similarity
                if scores.get(index, 0.0) < value:
                    scores[index] = value
        if len(self._cache) >= _CACHE_SIZE:
            self._cache.clear()
        self._cache[token] = scores
        return scores


def nearest(query: str, names: Sequence[str], limit: int = 3) -> list[str]:
    """The names closest to `query`, for a "did you mean" line."""
    from rapidfuzz import process

    found = process.extract(query.lower(), [n.lower() for n in names], limit=limit, score_cutoff=70)
    return [names[index] for _, _, index in found]


_S = TypeVar("_S", bound=Searchable)


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("_", " ").split())


def find_move(moves: Sequence[_S], wanted: str, *, where: str = "") -> _S:
    """A move by id, name or alias in any case; an unknown or ambiguous one is NotFound.

    An id beats a name and a name beats an alias: "clash" is the house Clash, not the alias
    another ruleset gives its Hack and Slash. The error suggests the nearest names.
    """
    move = exact_move(moves, wanted)
    if move is None:
        raise _unknown(moves, wanted, where)
    return move


def exact_move(moves: Sequence[_S], wanted: str) -> _S | None:
    """The move whose id, name or alias is `wanted` in any case (an id first, then a name, then
    an alias), or None; several of one kind are NotFound."""
    key = _norm(wanted)
    tiers: tuple[Callable[[_S], Sequence[str]], ...] = (
        lambda m: (m.id,),
        lambda m: (m.name,),
        lambda m: m.aliases,
    )
    for spelled in tiers:
        exact = [m for m in moves if key in {_norm(n) for n in spelled(m)}]
        if len(exact) == 1:
            return exact[0]
        if len(exact) > 1:
            choices = ", ".join(f"{m.id} ({m.ruleset})" for m in exact)
            raise NotFound(f"{wanted!r} names several moves: {choices}; name the ruleset or an id")
    return None


def search_move(moves: Sequence[_S], wanted: str, *, where: str = "") -> _S:
    """The move search ranks clearly first for `wanted` (a typo, a player's words): ahead of
    the next by CLEAR_LEAD at least. Several close together are NotFound naming them; none,
    NotFound with the nearest names, as `find_move` says it."""
    hits = MoveIndex(moves).search(wanted) if query_words(wanted) else []
    if not hits:
        raise _unknown(moves, wanted, where)
    close = [moves[h.index].name for h in hits if h.score > hits[0].score - CLEAR_LEAD]
    if len(close) == 1:
        return moves[hits[0].index]
    shown = close[:CANDIDATES_SHOWN]
    more = len(close) - len(shown)
    listed = ", ".join(shown) + (f" and {more} more" if more else "")
    raise NotFound(f"{wanted!r} could be several moves{where}: {listed}; name one")


def _unknown(moves: Sequence[Searchable], wanted: str, where: str) -> NotFound:
    """No move is `wanted`: the error, with the nearest names (or the move whose alias is)."""
    suggestions = nearest(wanted, sorted({m.name for m in moves}))
    if not suggestions:  # a typo of an alias: suggest the move that has it
        aliases = {a: m.name for m in moves for a in m.aliases}
        suggestions = sorted({aliases[a] for a in nearest(wanted, sorted(aliases))})
    hint = f"; did you mean {', '.join(suggestions)}?" if suggestions else ""
    return NotFound(f"no move {wanted!r}{where}{hint}")


def catalog_index(catalog: Catalog, ruleset_id: str | None = None) -> MoveIndex:
    """The move search over one ruleset's moves of the catalog (None: every move), built on
    first use and kept on the catalog."""
    found = catalog.searches.get(ruleset_id)
    if not isinstance(found, MoveIndex):
        moves = catalog.moves() if ruleset_id is None else catalog.ruleset(ruleset_id).moves
        found = catalog.searches[ruleset_id] = MoveIndex(moves)
    return found
