"""The game's words everywhere: every move, option, effect, modifier and band of the four
shipped rulesets reads as words, never as an id, a Python repr, doubled punctuation or an
empty phrase, on the command line's card and the app's."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from hearthroll.cli.card import card
from hearthroll.core.rules.describe import (
    auto_line,
    effect_line,
    join_phrases,
    options_heading,
    roll_line,
    word,
)
from hearthroll.core.rules.model import Catalog, Move, Ruleset
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui.card import move_card

ID = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")
REPR = re.compile(r"\('|',\)|\[\]|\(\)|\{'|\bNone\b|\bTrue\b|\bFalse\b|<[a-z]+ object")
DOUBLED = re.compile(r"[.;,:]\s*[;,:]|;\s*\.|\.\.(?!\.)|  +[;,.]|\s[;,.]\s")
STUTTER = re.compile(r"\b(if|when|unless|while) (if|when|unless|while)\b|\b(\w+) \3\b")
EMPTY = re.compile(r"^\s*[;,:]|[;,:]\s*$|→\s*$|:\s*;")

CATALOG: Catalog = load_catalog()
MOVES = [(r, m) for r in CATALOG.rulesets for m in r.moves]


def faults(text: str, whole: bool = True) -> list[str]:
    """What is wrong with a phrase a player would read (a wrapped card line may end on a
    comma: `whole` is False for those)."""
    found = []
    if not text.strip():
        found.append("empty")
    found += [f"id {m!r}" for m in ID.findall(text)]
    found += [f"repr {m.group()!r}" for m in REPR.finditer(text)]
    found += [f"doubled {m.group()!r}" for m in DOUBLED.finditer(text)]
    found += [f"stutter {m.group()!r}" for m in STUTTER.finditer(text)]
    if whole:
        found += [f"empty phrase {m.group()!r}" for m in EMPTY.finditer(text)]
    return found


def phrases(move: Move, ruleset: Ruleset) -> list[str]:
    """Every line the describer makes for `move`."""
    found = [roll_line(move, ruleset)]
    found += [auto_line(a, ruleset) for a in move.roll.auto]
    found += [effect_line(e, ruleset) for e in move.effects]
    for band in move.bands:
        found += [band.label or band.id, band.text]
    for options in move.options:
        found.append(options_heading(options, move))
        for item in options.items:
            found.append(item.text)
            found += [effect_line(e, ruleset) for e in item.effects]
    return found


def rendered(renderable: object) -> str:
    console = Console(record=True, width=200, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize(("ruleset", "move"), MOVES, ids=[f"{r.id}:{m.id}" for r, m in MOVES])
def test_every_phrase_of_a_move_is_in_the_game_s_words(ruleset: Ruleset, move: Move) -> None:
    bad = {p: faults(p) for p in phrases(move, ruleset) if faults(p)}
    assert not bad


@pytest.mark.parametrize(("ruleset", "move"), MOVES, ids=[f"{r.id}:{m.id}" for r, m in MOVES])
def test_both_cards_of_a_move_read_as_words(ruleset: Ruleset, move: Move) -> None:
    for text in (rendered(card(move, ruleset)), rendered(move_card(move, ruleset))):
        lines = [line.strip(" │╭╮╰╯─") for line in text.splitlines()]
        bad = [(line, faults(line, False)) for line in lines if line and faults(line, False)]
        assert not bad


def test_every_band_of_every_ruleset_has_a_label() -> None:
    for ruleset, move in MOVES:
        for band in move.bands:
            assert (band.label or band.id).strip(), f"{ruleset.id}:{move.id}:{band.id}"


def test_an_unknown_id_still_reads_as_words() -> None:
    assert word(None, "out_of_action") == "out of action"
    assert word(CATALOG.default, "malcontent") == "Malcontent"


def test_phrases_join_without_doubled_stops() -> None:
    joined = join_phrases(["The muster holds.", "", "Everyone pitches in."])
    assert joined == "The muster holds; Everyone pitches in."


def test_a_recorded_roll_reads_as_its_fields_never_a_repr() -> None:
    from hearthroll.core.campaign.state import LastRoll
    from hearthroll.core.rules.describe import value_words

    ruleset = CATALOG.ruleset("starforged")
    move = next(m for m in ruleset.moves if m.name == "Endure Harm")
    roll = LastRoll("Kael", move.id, 4, (3, 9), 8, "weak_hit", seq=1, picks=("minor",))
    words = value_words(roll, ruleset)
    assert words == (
        "actor Kael, move Endure Harm, die 4, challenge 3, 9, score 8, band weak hit, seq 1, "
        "picks minor"
    )
    assert not REPR.search(words) and "LastRoll" not in words
