"""Band ranges read one way everywhere, as the rules print them: an en dash between two
numbers (`4–5`, `10–12`) and a minus sign after one (`6−`), in the data, the cards, the
command line's odds and the words the tray and the log use."""

from __future__ import annotations

import re

import pytest

from hearthroll.cli import main
from hearthroll.cli.card import card
from hearthroll.core.rules.describe import BAND_WORDS, PBTA_BANDS, band_words, span_words
from hearthroll.tui.card import move_card
from test_describe_every_move import MOVES, rendered

HYPHEN_RANGE = re.compile(r"(?<![d0-9])\d+-(\d+\b|(?=[\s)/]|$))")
"""`4-5`, `6-` and `(6-)`, but not a dice expression's `1d6-1`."""


def hyphens(text: str) -> list[str]:
    return [m.group() for m in HYPHEN_RANGE.finditer(text)]


def test_the_pattern_finds_a_hyphen_range_and_spares_dice() -> None:
    assert hyphens("4-5 (7-9) · 6- · 1-3 (6-)") == ["4-5", "7-9", "6-", "1-3", "6-"]
    assert hyphens("1d6-1 · 4–5 (7–9) · 6− · 10+") == []


def test_a_span_reads_with_an_en_dash_and_a_minus_sign() -> None:
    assert [span_words(7, 9), span_words(10, None), span_words(None, 6), span_words(5, 5)] == [
        "7–9",
        "10+",
        "6−",
        "5",
    ]


def test_the_words_for_bands_use_the_dash() -> None:
    words = [w for table in BAND_WORDS.values() for w in table.values()]
    words += [*PBTA_BANDS.values(), band_words("stat_dice", "weak", "4–5")]
    assert not [w for w in words if hyphens(w)]
    assert band_words("stat_dice", "weak", "4–5") == "4–5 (7–9)"


@pytest.mark.parametrize(("ruleset", "move"), MOVES, ids=[f"{r.id}:{m.id}" for r, m in MOVES])
def test_every_band_in_the_data_and_on_the_cards_uses_the_dash(
    ruleset: object, move: object
) -> None:
    labels = [b.label for b in move.bands]
    assert not [label for label in labels if hyphens(label)]
    for text in (rendered(card(move, ruleset)), rendered(move_card(move, ruleset))):
        assert not hyphens(text), text


@pytest.mark.parametrize(
    "args",
    [
        ["odds", "stat-dice", "2"],
        ["odds", "sum", "2d6", "--mod", "1"],
        ["show", "muster", "--ruleset", "house"],
        ["show", "hack and slash", "--ruleset", "hack"],
    ],
)
def test_the_command_line_prints_the_dash(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 0
    out = capsys.readouterr().out
    assert not hyphens(out), out
    assert "–" in out or "−" in out
