"""Ruleset files: one small bad file per error kind, each reported at its exact line and key."""

import subprocess
from pathlib import Path

import pytest

from cli_run import run_cli
from hearthroll.store.rulesets import (
    MAX_BYTES,
    RulesetError,
    build_catalog,
    load_catalog,
    read_file,
    shipped_file,
)

DATA = Path(__file__).parent / "data"


def problems(name: str) -> list[str]:
    """Every problem `hearthroll check` would print for a file, checked with the shipped catalog."""
    try:
        extra = read_file(DATA / name, name)
        build_catalog([shipped_file(), extra])
    except RulesetError as error:
        return [str(p) for p in error.problems]
    return []


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("bad_syntax.toml", "bad_syntax.toml:10:9: TOML syntax: Invalid value"),
        (
            "bad_unknown_key.toml",
            "bad_unknown_key.toml:10:1: moves[0].risk: unknown key 'risk'; check its spelling",
        ),
        ("bad_missing_key.toml", "bad_missing_key.toml:3:1: moves[0].trigger: is required"),
        (
            "bad_wrong_type.toml",
            "bad_wrong_type.toml:33:1: moves[0].effects[0].amount: expected a whole number, "
            "got text '1'",
        ),
        (
            "bad_duplicate_id.toml",
            "bad_duplicate_id.toml:4:1: moves[0].id: move id 'clash' is also defined "
            "at moves.toml:",
        ),
        (
            "bad_reference.toml",
            "bad_reference.toml:32:1: moves[0].effects[0].hold: unknown hold 'courage'; "
            "known: preparation, readiness",
        ),
        (
            "bad_band_missing.toml",
            "bad_band_missing.toml:15:1: moves[0].bands: a pool move needs a 'weak' band",
        ),
        (
            "bad_band_gap.toml",
            "bad_band_gap.toml:10:1: moves[0].bands: no band covers a total of 9",
        ),
        (
            "bad_band_overlap.toml",
            "bad_band_overlap.toml:10:1: moves[0].bands: total 10 is in more than one band: "
            "weak, strong",
        ),
        (
            "bad_table_gap.toml",
            "bad_table_gap.toml:12:1: rulesets[0].tables[0].rows: table 'weather' (d6): "
            "no row covers 3",
        ),
        (
            "bad_newer_schema.toml",
            "bad_newer_schema.toml:1:1: schema_version: written for schema 99, newer than",
        ),
    ],
)
def test_each_error_kind_names_file_line_column_and_key(name: str, expected: str) -> None:
    found = problems(name)
    assert len(found) == 1, found
    assert found[0].startswith(expected), found[0]


def test_a_good_extra_file_joins_the_shipped_catalog() -> None:
    assert problems("good_extra_moves.toml") == []
    catalog = load_catalog([DATA / "good_extra_moves.toml"], with_user=False)
    assert catalog.move("hold_the_bridge").ruleset == "house"


def test_all_problems_are_reported_at_once(tmp_path: Path) -> None:
    text = (DATA / "good_extra_moves.toml").read_text()
    text = text.replace("risky = true", 'risky = "yes"').replace('hold = "readiness"', "hold = 3")
    text = text.replace('name = "Hold the Bridge"', 'name = "Hold"\nbogus = 1')
    path = tmp_path / "many.toml"
    path.write_text(text)
    with pytest.raises(RulesetError) as caught:
        read_file(path)
    paths = sorted(p.path for p in caught.value.problems)
    assert paths == ["moves[0].bogus", "moves[0].effects[0].hold", "moves[0].risky"]


def test_no_silent_coercion_of_text_to_numbers_or_lists(tmp_path: Path) -> None:
    text = (DATA / "good_extra_moves.toml").read_text()
    text = text.replace('tags = ["combat", "homebrew"]', 'tags = "combat"')
    path = tmp_path / "coerce.toml"
    path.write_text(text)
    with pytest.raises(RulesetError, match=r"moves\[0\].tags: expected a list, got text"):
        read_file(path)


def test_a_table_rows_lists_are_as_strict_as_a_moves(tmp_path: Path) -> None:
    text = (DATA / "bad_row_effect.toml").read_text()
    text = text.replace('text = "Sun." }', 'text = "Sun.", refs = "wind" }')
    text = text.replace('condition = "soaked"', 'condition = "wet", on = "ab"')
    path = tmp_path / "rows.toml"
    path.write_text(text)
    with pytest.raises(RulesetError) as caught:
        read_file(path)
    assert [p.path for p in caught.value.problems] == [
        "rulesets[0].tables[0].rows[0].refs",
        "rulesets[0].tables[0].rows[1].effects[0].on",
    ]
    assert "expected a list, got text 'wind'" in str(caught.value)


def test_a_file_too_large_is_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    path.write_text("schema_version = 1\n" + "# padding\n" * (MAX_BYTES // 10 + 1))
    with pytest.raises(RulesetError, match=r"huge\.toml:1:1: file is larger than"):
        read_file(path)


def test_a_missing_file_is_a_clear_problem(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="cannot be read"):
        read_file(tmp_path / "nope.toml")


def test_an_id_clash_between_two_user_files_names_both(tmp_path: Path) -> None:
    text = (DATA / "good_extra_moves.toml").read_text()
    (tmp_path / "a.toml").write_text(text)
    (tmp_path / "b.toml").write_text(text)
    with pytest.raises(RulesetError) as caught:
        load_catalog(with_user=True, user_folder=tmp_path)
    message = str(caught.value)
    assert "b.toml:4:1" in message and "a.toml:4" in message


def run_check(*files: str) -> subprocess.CompletedProcess[str]:
    return run_cli("check", *files)


def test_check_command_exits_1_with_positioned_lines() -> None:
    result = run_check(str(DATA / "bad_reference.toml"), str(DATA / "bad_syntax.toml"))
    assert result.returncode == 1
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 2
    assert all(":" in line.split(" ")[0] for line in lines)
    assert "Traceback" not in result.stderr


def test_check_command_on_a_good_file_prints_a_summary() -> None:
    result = run_check(str(DATA / "good_extra_moves.toml"))
    assert result.returncode == 0, result.stdout
    assert "ok: 0 rulesets, 1 move" in result.stdout


def test_a_table_rows_effects_are_checked_like_a_moves() -> None:
    (found,) = problems("bad_row_effect.toml")
    assert "rulesets[0].tables[0].rows[1].effects[0].condition: unknown condition 'soaked'" in found
    assert "known: wet" in found


def test_a_rows_follow_names_each_move_once_and_its_preset_fits_every_one() -> None:
    assert problems("bad_row_follow.toml") == [
        "bad_row_follow.toml:19:77: rulesets[0].tables[0].rows[0].aboard: everyone aboard needs "
        "`follow` to name a move of the catalog",
        "bad_row_follow.toml:20:102: rulesets[0].tables[0].rows[1].preset: unknown option of "
        "Bail 'hard'; known: soft",
        "bad_row_follow.toml:21:60: rulesets[0].tables[0].rows[2].follow: names 'tiny_brace' "
        "twice; name each move once",
    ]


def test_a_rows_follow_may_be_one_move_as_text_or_several_as_a_list() -> None:
    ruleset = load_catalog(with_user=False).ruleset("starforged")
    rows = {r.id: r for r in ruleset.table("withstand_damage").rows}
    assert rows["lost_cargo"].follow == ("starforged_sacrifice_resources",)
    assert rows["rough_ride"].follow == (
        "starforged_endure_harm",
        "starforged_endure_stress",
        "starforged_companion_takes_a_hit",
    )
