"""Oracles as a GM rolls them: typed faces land on exact rows (a d100's 00 is 100), the rolls a
row makes are made (five deep at most), Ask the Oracle answers yes at or under its odds and says
a match, the log and the recap say each, and without a campaign nothing is written."""

from __future__ import annotations

import os
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.cli import main
from hearthroll.core.campaign.recap import text_recap
from hearthroll.core.dice.sources import AskingDice, RandomDice, TypedDice
from hearthroll.core.errors import DiceError, NotFound, RuleError
from hearthroll.core.games.demo import starforged_demo
from hearthroll.core.rules.effects import Effect
from hearthroll.core.rules.model import Ruleset, Table, TableRow
from hearthroll.core.verbs.edits import undo_last
from hearthroll.core.verbs.oracle import (
    ODDS,
    ORACLE_DEPTH,
    ask,
    ask_the_oracle,
    consult,
    find_table,
    roll_oracle,
)
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog

DATA = Path(__file__).parent / "data" / "datasworn"
TRIMMED = DATA / "starforged-0.1.0.json"
UNPACKED = DATA / "package" / "json" / "starforged.json"
WHOLE = Path(os.environ.get("HEARTHROLL_DATASWORN_STARFORGED") or UNPACKED)

SHIPPED = load_catalog(with_user=False)
WITH_DATASWORN = load_catalog([TRIMMED], with_user=False)
STARFORGED = SHIPPED.ruleset("starforged")
IMPORTED = WITH_DATASWORN.ruleset("starforged")


def drawn(ruleset: Ruleset, name: str, *faces: int, row: str | None = None) -> list[str]:
    """The ids of the rows an oracle lands on, as `table:row`, in the order they are drawn."""
    table, found_in = find_table((ruleset,), name)
    reading = consult(found_in, table, TypedDice(faces), row=row)
    return [f"{d.table.id}:{d.row.id}" for d in reading.drawn]


# --- typed faces land on exact rows ------------------------------------------------------------


@pytest.mark.parametrize(
    ("face", "row"),
    [(1, "mortal"), (10, "mortal"), (11, "dying"), (50, "reeling"), (51, "standing")],
)
def test_a_typed_face_lands_on_its_row_of_a_shipped_table(face: int, row: str) -> None:
    assert drawn(STARFORGED, "Endure Harm", face) == [f"endure_harm:{row}"]


def test_a_d100_typed_as_00_or_0_is_100() -> None:
    assert drawn(STARFORGED, "withstand damage", 0) == ["withstand_damage:holds"]
    assert drawn(STARFORGED, "withstand damage", 100) == ["withstand_damage:holds"]
    answer = ask("likely", TypedDice([0]))
    assert (answer.face, answer.yes, answer.match) == (100, False, True)


def test_a_face_off_the_die_is_refused() -> None:
    with pytest.raises(DiceError, match="d100"):
        drawn(STARFORGED, "endure_stress", 101)


def test_a_typed_face_lands_on_its_row_of_an_imported_table() -> None:
    found = drawn(IMPORTED, "Action", 3)
    assert found == ["ds_starforged_core_action:" + _row(IMPORTED, "core_action", 3).id]


def test_the_row_picked_is_taken_without_a_roll() -> None:
    table, _ = find_table((STARFORGED,), "endure_stress")
    reading = consult(STARFORGED, table, TypedDice(()), row="26")
    assert [(d.row.id, d.face) for d in reading.drawn] == [("give_in", None)]
    assert reading.lines() == (
        "Endure Stress picked (26–50): Fear or compulsion wins; you act against your better "
        "judgment.",
    )
    assert drawn(STARFORGED, "endure_stress", row="persevere") == ["endure_stress:persevere"]
    with pytest.raises(NotFound, match="no row 'panic'"):
        drawn(STARFORGED, "endure_stress", row="panic")


# --- the rolls a row makes -----------------------------------------------------------------------


ONE = TableRow("one", 1, 1, "One")


def _row(ruleset: Ruleset, id_tail: str, face: int) -> TableRow:
    return ruleset.table(f"ds_starforged_{id_tail}").row_for(face)


def test_a_row_that_rolls_on_other_tables_makes_those_rolls_in_order() -> None:
    found = drawn(IMPORTED, "character role", 94, 3, 50)
    assert found == [
        "ds_starforged_character_role:" + _row(IMPORTED, "character_role", 94).id,
        "ds_starforged_core_action:" + _row(IMPORTED, "core_action", 3).id,
        "ds_starforged_core_theme:" + _row(IMPORTED, "core_theme", 50).id,
    ]


def test_a_picked_row_still_makes_its_rolls() -> None:
    found = drawn(IMPORTED, "character role", 3, 50, row="93")
    assert found[1:] == [
        "ds_starforged_core_action:" + _row(IMPORTED, "core_action", 3).id,
        "ds_starforged_core_theme:" + _row(IMPORTED, "core_theme", 50).id,
    ]


def test_a_table_that_rolls_on_itself_stops_five_rolls_deep() -> None:
    again = TableRow("again", 1, 2, "Roll again", effects=(Effect(kind="table", table="echo"),))
    echo = Table("echo", "Echo", 2, (again,))
    ruleset = Ruleset("test", "Test", ("table",), tables=(echo,))
    reading = consult(ruleset, echo, TypedDice([1] * (ORACLE_DEPTH + 1)))
    assert [d.depth for d in reading.drawn] == list(range(ORACLE_DEPTH + 1))
    assert reading.unmade == ("Echo: not rolled, 5 rolls deep already",)


# --- finding a table ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "found"),
    [
        ("ds_starforged_core_action", "ds_starforged_core_action"),
        ("ACTION", "ds_starforged_core_action"),
        ("core oracles / action", "ds_starforged_core_action"),
        ("take decis", "ds_starforged_combat_take_decisive_action_table"),
    ],
)
def test_a_table_is_found_by_id_name_collection_or_the_start_of_its_name(
    said: str, found: str
) -> None:
    assert find_table((IMPORTED,), said)[0].id == found


def test_a_start_several_names_share_is_refused_naming_them() -> None:
    with pytest.raises(NotFound, match="'char' names several tables: First Look"):
        find_table((IMPORTED,), "char")


def test_an_unknown_name_is_refused_with_the_nearest_names() -> None:
    with pytest.raises(
        NotFound, match="no table 'endur harm' in ruleset 'starforged'; did you mean Endure Harm"
    ):
        find_table((STARFORGED,), "endur harm")


def test_a_name_two_tables_share_is_refused_naming_their_ids() -> None:
    rulesets = tuple(
        Ruleset(id, id, ("table",), tables=(Table(f"{id}_echo", "Echo", 1, (ONE,)),))
        for id in ("first", "second")
    )
    with pytest.raises(NotFound, match=r"names several tables: Echo \(first_echo\), Echo"):
        find_table(rulesets, "echo")


def test_an_id_beats_a_name_another_table_shares() -> None:
    assert find_table((IMPORTED,), "Endure Harm")[0].id == "endure_harm"


def test_a_ruleset_without_tables_says_so() -> None:
    with pytest.raises(NotFound, match="ruleset 'house' has none"):
        find_table((SHIPPED.ruleset("house"),), "action")


# --- Ask the Oracle ----------------------------------------------------------------------------


@pytest.mark.parametrize(("odds", "chance"), sorted(ODDS.items()))
def test_ask_the_oracle_is_yes_at_its_odds_and_no_above(odds: str, chance: int) -> None:
    assert ask(odds, TypedDice([chance])).yes
    assert not ask(odds, TypedDice([chance + 1])).yes


def test_likely_is_yes_on_75_and_no_on_76() -> None:
    assert ask("Likely", TypedDice([75])).words().endswith("d100 = 75 → yes")
    assert ask("likely", TypedDice([76])).words().endswith("d100 = 76 → no")


@pytest.mark.parametrize("face", [11, 22, 33, 44, 55, 66, 77, 88, 99, 100])
def test_both_digits_the_same_is_a_match(face: int) -> None:
    answer = ask("50/50", TypedDice([face]))
    assert answer.match and "a match" in answer.words()


@pytest.mark.parametrize("face", [1, 10, 12, 50, 90, 98])
def test_other_faces_are_no_match(face: int) -> None:
    assert "match" not in ask("fifty-fifty", TypedDice([face])).words()


def test_unknown_odds_are_refused_naming_the_odds() -> None:
    with pytest.raises(RuleError, match="almost certain, likely, 50/50, unlikely, small chance"):
        ask("maybe", TypedDice([5]))


# --- the log and the recap ---------------------------------------------------------------------


def test_an_oracle_is_logged_and_recapped_and_changes_no_sheet() -> None:
    state = starforged_demo(STARFORGED)
    rolled = roll_oracle(state, STARFORGED, "endure harm", TypedDice([15]))
    assert attrs.evolve(rolled.state, history=state.history) == state
    assert rolled.event.kind == "oracle" and rolled.event.deltas == ()
    asked = ask_the_oracle(rolled.state, "unlikely", TypedDice([44]))
    assert asked.event.match and asked.event.band == "no"
    events = [
        attrs.evolve(rolled.event, at="2024-05-01T20:00:00"),
        attrs.evolve(asked.event, at="2024-05-01T20:01:00"),
    ]
    recap = text_recap("The Forge", events, STARFORGED)
    assert "The oracles" in recap
    assert "Endure Harm d100 = 15: Dying" in recap
    assert "Ask the Oracle (unlikely: 25 or under) d100 = 44 → no, a match" in recap


def test_undo_takes_an_oracle_back_out_of_the_log() -> None:
    state = starforged_demo(STARFORGED)
    rolled = roll_oracle(state, STARFORGED, "endure harm", TypedDice([15]))
    undone = undo_last(rolled.state, lambda seq: rolled.event)
    assert undone.event.target == rolled.event.seq
    assert attrs.evolve(undone.state, history=state.history) == state


# --- the shell ---------------------------------------------------------------------------------


@pytest.fixture
def forge(tmp_path: Path) -> Path:
    path = tmp_path / "forge.toml"
    assert main(["new", str(path), "--ruleset", "starforged", "--demo"]) == 0
    return path


def _events(path: Path) -> list[str]:
    with CampaignStore.open(path, SHIPPED) as store:
        return [e.kind for e in store.events()]


def test_the_shell_logs_an_oracle_in_the_campaign_and_the_recap_says_it(
    forge: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["oracle", str(forge), "withstand damage", "--dice", "00"]) == 0
    assert main(["oracle", str(forge), "ask", "almost", "certain", "--dice", "90"]) == 0
    out = capsys.readouterr().out
    assert "oracle: Withstand Damage d100 = 100: Somehow, it holds together." in out
    assert "Ask the Oracle (almost certain: 90 or under) d100 = 90 → yes" in out
    assert _events(forge)[-2:] == ["oracle", "oracle"]
    assert main(["log", str(forge), "--recap"]) == 0
    recap = capsys.readouterr().out
    assert "The oracles" in recap and "Withstand Damage d100 = 100" in recap


def test_the_shell_asks_with_odds_too(forge: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["oracle", str(forge), "--odds", "small chance", "--dice", "11"]) == 0
    assert "d100 = 11 → no, a match" in capsys.readouterr().out


def test_printing_without_a_campaign_changes_nothing(
    forge: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = {p: p.read_bytes() for p in forge.parent.rglob("*") if p.is_file()}
    capsys.readouterr()
    assert main(["oracle", "endure stress", "--dice", "7"]) == 0
    assert main(["oracle", "ask", "likely", "--dice", "80"]) == 0
    out = capsys.readouterr().out
    assert "oracle: Endure Stress d100 = 7: It overwhelms you: Face Desolation." in out
    assert "→ no" in out
    after = {p: p.read_bytes() for p in forge.parent.rglob("*") if p.is_file()}
    assert after == before


def test_faces_typed_past_the_rolls_are_refused_and_nothing_is_saved(
    forge: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    count = len(_events(forge))
    assert main(["oracle", str(forge), "endure harm", "--dice", "5,6"]) == 2
    assert "too many typed dice" in capsys.readouterr().err
    assert len(_events(forge)) == count


@pytest.mark.parametrize(
    ("args", "said"),
    [
        ((), "name a table"),
        (("ask",), "ask at which odds? almost certain, likely, 50/50"),
        (("ask", "likely", "--row", "3"), "--row picks a table's row"),
        (("endure harm", "--odds", "likely"), "--odds asks the Oracle"),
        (("endure harm", "--list"), "--list takes no NAME"),
        (("ask", "perhaps"), "no odds 'perhaps'"),
    ],
)
def test_a_command_line_the_oracle_cannot_run_is_refused_in_one_line(
    forge: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], said: str
) -> None:
    count = len(_events(forge))
    assert main(["oracle", str(forge), *args]) == 2
    assert said in capsys.readouterr().err
    assert len(_events(forge)) == count


def test_the_list_names_every_table_by_collection(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["oracle", "--list", "--moves", str(TRIMMED)]) == 0
    out = capsys.readouterr().out
    assert "  Core Oracles\n    Action · d100 · ds_starforged_core_action" in out
    assert "  Endure Harm · d100 · endure_harm" in out


# --- every face lands on exactly one row -------------------------------------------------------

TABLES = {t.id: (r, t) for r in WITH_DATASWORN.rulesets for t in r.tables}


@pytest.mark.parametrize("table_id", sorted(TABLES))
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_any_face_of_a_shipped_table_picks_exactly_one_row(
    table_id: str, data: st.DataObject
) -> None:
    ruleset, table = TABLES[table_id]
    face = data.draw(st.integers(1, table.die), label="face")
    covering = [row for row in table.rows if row.low <= face <= row.high]
    assert len(covering) == 1
    reading = consult(ruleset, table, AskingDice([face], then=RandomDice(face)))
    assert (reading.drawn[0].face, reading.drawn[0].row) == (face, covering[0])


# --- the whole Starforged package, where it has been fetched -----------------------------------


@pytest.mark.skipif(
    not WHOLE.is_file(),
    reason=(
        "the whole Starforged package is not here: fetch it with `npm pack "
        "@datasworn/starforged && tar xzf datasworn-starforged-*.tgz -C tests/data/datasworn` "
        "(or name its starforged.json in HEARTHROLL_DATASWORN_STARFORGED)"
    ),
)
def test_every_table_of_the_whole_package_lands_typed_faces_on_their_rows() -> None:
    ruleset = load_catalog([WHOLE], with_user=False).ruleset("starforged")
    for table in ruleset.tables:
        for row in table.rows:
            reading = consult(ruleset, table, RandomDice(row.low), row=str(row.low))
            assert reading.drawn[0].row == row, table.id
        (table_found, _) = find_table((ruleset,), table.id)
        assert table_found == table
