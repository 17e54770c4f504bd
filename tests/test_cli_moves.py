"""`check`, `moves` and `show` (`cli.moves`): a ruleset file checked with the shipped catalog
(every problem by file and line, exit 1), a demo campaign checked as sound; moves found by a
typo, best first, in one ruleset or as JSON; a move's card or a table's rows; and what they
refuse: exit 2 (or 1 where nothing matches), the fix named."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hearthroll.cli import main

DATA = Path(__file__).parent / "data"
PACKAGE = DATA / "datasworn" / "starforged-0.1.0.json"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """`hearthroll ARGS…` in this process: its exit code, stdout and stderr."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_passes_a_sound_file_and_counts_what_it_adds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    good = DATA / "good_extra_moves.toml"
    code, out, err = run(capsys, "check", str(good))
    assert (code, err) == (0, "")
    assert re.fullmatch(
        rf"{re.escape(str(good))}: ok: 0 rulesets, 1 move, 0 tables \(\d+ moves in the "
        r"catalog they join\)\n",
        out,
    ), out


def test_check_names_every_problem_by_file_and_line_and_exits_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    unknown, missing = DATA / "bad_unknown_key.toml", DATA / "bad_missing_key.toml"
    assert run(capsys, "check", str(unknown), str(missing)) == (
        1,
        f"{unknown}:10:1: moves[0].risk: unknown key 'risk'; check its spelling\n"
        f"{missing}:3:1: moves[0].trigger: is required but missing\n",
        "2 problems found\n",
    )


def test_check_proves_a_demo_campaign_from_its_journal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    camp = tmp_path / "millbrook.toml"
    assert main(["new", str(camp), "--ruleset", "house", "--demo"]) == 0
    assert main(["note", str(camp), "The bridge groans"]) == 0
    capsys.readouterr()
    assert run(capsys, "check", str(camp)) == (
        0,
        f"{camp}: ok: a campaign; the state is the journal's replay (from the checkpoint "
        "before its first event)\n",
        "",
    )


def test_moves_finds_a_typo_best_first_in_one_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "moves", "hakc", "--ruleset", "house", "--limit", "1")
    assert code == 0
    (line,) = out.splitlines()
    assert line.split()[:2] == ["Clash", "●"] and "house" in line
    code, out, _ = run(capsys, "moves", "kick", "--ruleset", "maneuvers", "--json")
    assert code == 0
    (kick,) = json.loads(out)
    assert kick == {
        "id": "maneuvers_kick",
        "name": "Kick",
        "ruleset": "maneuvers",
        "trigger": "When you spend your turn kicking a foe…",
        "tags": ["maneuver", "fight"],
        "aliases": [],
        "mechanic": "d20",
    }


def test_moves_with_no_query_lists_every_move_of_the_ruleset(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "moves", "--ruleset", "starforged", "--json")
    assert code == 0
    found = json.loads(out)
    assert {m["ruleset"] for m in found} == {"starforged"}
    assert "starforged_endure_harm" in {m["id"] for m in found}


def test_show_prints_a_moves_card_and_its_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "clash", "--ruleset", "hack")
    assert code == 0
    assert "Hack and Slash  hack" in out  # found by its alias in that ruleset
    for words in ("When you fight in melee…", "10–12", "Always: lose all Readiness"):
        assert words in out
    code, out, _ = run(capsys, "show", "clash", "--json")
    card = json.loads(out)
    assert (card["id"], card["risky"], card["roll"]["mechanic"]) == ("clash", True, "pool")
    assert [b["label"] for b in card["bands"]] == ["Success with a 6", "Success, no 6", "Bust"]


def test_show_prints_a_tables_rows_when_no_move_has_the_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "show", "Theme", "--moves", str(PACKAGE))
    assert code == 0
    assert "Theme  starforged table" in out and "Roll: d100" in out
    assert re.search(r"^│\s+1\s+Ability\s+│$", out, re.M) and re.search(
        r"^│ 100\s+World\s+│$", out, re.M
    )
    table = json.loads(
        run(capsys, "show", "ds_starforged_core_theme", "--moves", str(PACKAGE), "--json")[1]
    )
    assert (table["die"], len(table["rows"]), table["collection"]) == (100, 100, "Core Oracles")


@pytest.mark.parametrize(
    ("args", "code", "said"),
    [
        (("moves", "zzzzqqq"), 1, "no move matches 'zzzzqqq'"),
        (
            ("moves", "--ruleset", "nope"),
            2,
            "hearthroll: unknown ruleset 'nope'; known: house, hack, starforged, maneuvers",
        ),
        (("show", "nothing", "at", "all"), 2, "hearthroll: no move 'nothing at all'"),
        (
            ("show", "kick", "--ruleset", "house"),
            2,
            "hearthroll: no move 'kick' in ruleset 'house'",
        ),
    ],
)
def test_what_cannot_be_found_is_said_on_stderr_with_its_exit_code(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], code: int, said: str
) -> None:
    assert run(capsys, *args) == (code, "", f"{said}\n")
