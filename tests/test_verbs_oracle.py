"""The oracle verbs (`core/verbs/oracle.py`), beside the rows and finding that `test_oracle.py`
pins: a ruleset's tables by collection, a picked row in words, a face off the die refused, the
most rolls one oracle makes however its rows branch, the odds as the GM may say them, and the
fields of the `oracle` events; every d100 face answers yes at or under the odds and is a match
exactly when its two digits are the same."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import RuleError
from hearthroll.core.rules.effects import Effect
from hearthroll.core.rules.model import Ruleset, Table, TableRow
from hearthroll.core.verbs import oracle
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
STARFORGED = CATALOG.ruleset("starforged")
ENDURE_HARM = STARFORGED.table("endure_harm")


def test_the_shipped_tables_are_starforged_s_under_no_collection() -> None:
    assert [(name, [t.id for t in tables]) for name, tables in oracle.collections(STARFORGED)] == [
        ("", ["endure_harm", "endure_stress", "withstand_damage"])
    ]
    for game in ("house", "hack", "maneuvers"):
        assert oracle.collections(CATALOG.ruleset(game)) == ()


def test_tables_are_grouped_by_the_collection_each_first_comes_in() -> None:
    one = TableRow("one", 1, 1, "One")
    tables = tuple(
        Table(tid, tid.title(), 1, (one,), collection=collection)
        for tid, collection in [("a", "Core"), ("b", ""), ("c", "Space"), ("d", "Core")]
    )
    ruleset = Ruleset("t", "T", ("table",), tables=tables)
    assert [(name, [t.id for t in ts]) for name, ts in oracle.collections(ruleset)] == [
        ("", ["b"]),
        ("Core", ["a", "d"]),
        ("Space", ["c"]),
    ]


def test_a_picked_row_says_its_faces_and_a_face_off_the_die_is_refused() -> None:
    reading = oracle.consult(STARFORGED, ENDURE_HARM, TypedDice([]), row="100")
    assert reading.lines() == ("Endure Harm picked (51–100): Still on your feet.",)
    single = Table(
        "coin", "Coin", 2, (TableRow("heads", 1, 1, "Heads"), TableRow("tails", 2, 2, "Tails"))
    )
    assert oracle.Drawn(single, single.rows[1], None).words() == "Coin picked (2): Tails"
    with pytest.raises(RuleError, match=r"^Endure Harm is rolled on a d100: pick a face 1 to 100$"):
        oracle.pick_row(ENDURE_HARM, "101")


def test_an_oracle_whose_rows_branch_stops_at_its_most_rolls_and_says_what_it_left() -> None:
    split = TableRow("split", 1, 1, "Split", effects=(Effect(kind="table", table="tri"),) * 3)
    tri = Table("tri", "Tri", 1, (split,))
    ruleset = Ruleset("t", "T", ("table",), tables=(tri,))
    reading = oracle.consult(ruleset, tri, TypedDice([1] * 200))
    assert len(reading.drawn) == oracle.MOST_ROLLS
    assert max(d.depth for d in reading.drawn) == oracle.ORACLE_DEPTH
    assert reading.unmade == (
        "Tri: not rolled, 5 rolls deep already (123 times)",
        "Tri: not rolled, 64 rolls made already (6 times)",
    )


def test_the_odds_are_read_in_any_case_spacing_or_with_dashes() -> None:
    assert oracle.odds_named(" Fifty  Fifty ") == ("50/50", 50)
    assert oracle.odds_named("50 50") == ("50/50", 50)
    assert oracle.odds_named("Almost-Certain") == ("almost certain", 90)
    assert oracle.odds_named("SMALL chance") == ("small chance", 10)


def test_a_roll_on_a_table_is_an_oracle_event_naming_the_table_and_its_row() -> None:
    event = oracle.oracle_event(STARFORGED, ENDURE_HARM, TypedDice([15]))
    text = "Dying. Heal above 0 health within an hour or two, or Face Death."
    assert (event.kind, event.move, event.move_name, event.mechanic) == (
        "oracle",
        "endure_harm",
        "Endure Harm",
        "table",
    )
    assert (event.dice, event.text, event.results) == (
        (15,),
        text,
        (f"Endure Harm d100 = 15: {text}",),
    )
    picked = oracle.oracle_event(STARFORGED, ENDURE_HARM, TypedDice([]), row="mortal")
    assert picked.dice == ()


def test_a_question_is_an_oracle_event_with_its_answer_as_its_band() -> None:
    event = oracle.answer_event("Almost-Certain", TypedDice([91]))
    assert (event.move_name, event.dice, event.total, event.band, event.label, event.match) == (
        "Ask the Oracle",
        (91,),
        91,
        "no",
        "no",
        False,
    )
    assert event.results == ("Ask the Oracle (almost certain: 90 or under) d100 = 91 → no",)


@settings(deadline=None)
@given(st.sampled_from(sorted(oracle.ODDS)), st.integers(1, 100))
def test_every_face_is_yes_at_or_under_the_odds_and_a_match_when_its_digits_agree(
    odds: str, face: int
) -> None:
    answer = oracle.ask(odds, TypedDice([face]))
    digits = f"{face % 100:02d}"
    assert answer.yes == (face <= oracle.ODDS[odds])
    assert answer.match == (digits[0] == digits[1]) == oracle.is_match(face)
    assert answer.words().startswith(f"Ask the Oracle ({odds}: {oracle.ODDS[odds]} or under) ")
