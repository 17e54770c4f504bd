"""`check FILE.json` names a Datasworn package's problems by their JSON path; `import` writes
a ruleset file that checks clean and loads as the package itself does."""

from __future__ import annotations

import tomllib
from pathlib import Path

from cli_run import run_cli
from hearthroll.store.rulesets import load_catalog

DATA = Path(__file__).parent / "data" / "datasworn"
NEW = DATA / "starforged-0.1.0.json"
OLD = DATA / "starforged-0.0.10.json"
BROKEN = DATA / "broken.json"


def test_check_names_each_problem_of_a_package_by_its_json_path() -> None:
    checked = run_cli("check", str(BROKEN))
    assert checked.returncode == 1
    name = str(BROKEN)
    assert checked.stdout.splitlines() == [
        f"{name}: oracles.odd.contents.gappy.rows: no row covers face 3; the table is left out",
        f"{name}: oracles.odd.contents.crowded.rows: faces 3 to 4 are in several rows; the "
        "table is left out",
        f"{name}: moves.odd.contents.lost.outcomes.miss.text: 'Somewhere Else' links to "
        "move:gm_broken/odd/somewhere_else, which leads nowhere",
        f"{name}: oracles.odd.contents.rolling.rows.0.oracle_rolls.0.oracle: rolls on "
        "oracle_rollable:gm_broken/odd/missing, which leads nowhere",
    ]
    assert "4 problems found" in checked.stderr


def test_what_check_finds_is_left_out_or_kept_as_words_and_the_rest_loads() -> None:
    ruleset = load_catalog([NEW, BROKEN], with_user=False).ruleset("starforged")
    ids = {t.id for t in ruleset.tables}
    assert "ds_gm_broken_odd_rolling" in ids
    assert not {"ds_gm_broken_odd_gappy", "ds_gm_broken_odd_crowded"} & ids
    lost = ruleset.move("ds_gm_broken_odd_lost")
    assert lost.band("miss").text == "You end up Somewhere Else." and lost.refs == ()
    (row,) = ruleset.table("ds_gm_broken_odd_rolling").rows
    assert row.effects == () and "roll on missing" in row.text


def test_check_passes_the_trimmed_package_and_counts_what_it_holds() -> None:
    checked = run_cli("check", str(NEW))
    assert checked.returncode == 0, checked.stdout
    assert checked.stdout.startswith(f"{NEW}: ok: 0 rulesets, 62 moves, 55 tables")


def test_check_reports_the_links_even_the_0_0_10_package_leaves_dangling() -> None:
    checked = run_cli("check", str(OLD))
    assert checked.returncode == 1
    lines = checked.stdout.splitlines()
    assert len(lines) == 10
    assert all("oracles.factions.collections.name.contents.template.rows." in ln for ln in lines)
    expected = (
        f"{OLD}: oracles.factions.collections.name.contents.template.rows.0.text: 'Legacy' "
        "links to starforged/oracles/factions/legacy, which leads nowhere"
    )
    assert expected in lines
    ruleset = load_catalog([OLD], with_user=False).ruleset("starforged")  # it loads all the same
    template = ruleset.table("ds_starforged_factions_name_template")
    assert template.row_for(1).text == "Legacy Affiliation"


def test_import_writes_a_ruleset_file_that_checks_and_loads_as_the_package_does(
    tmp_path: Path,
) -> None:
    out = tmp_path / "starforged.toml"
    made = run_cli("import", str(NEW), "--out", str(out))
    assert made.returncode == 0, made.stderr
    assert made.stdout.splitlines()[0] == (
        f"{out}: 53 moves, 6 assets, 3 foes, 55 tables (1590 rows) for starforged"
    )
    assert "content: Ironsworn: Starforged Rulebook, by Shawn Tomkin; CC BY 4.0" in made.stdout
    head = out.read_text(encoding="utf-8").splitlines()[:3]
    assert head[1].startswith("# Content: Ironsworn: Starforged Rulebook, by Shawn Tomkin;")
    assert tomllib.loads(out.read_text(encoding="utf-8"))["schema_version"] == 1
    checked = run_cli("check", str(out))
    assert checked.returncode == 0, checked.stdout
    from_toml = load_catalog([out], with_user=False).ruleset("starforged")
    from_json = load_catalog([NEW], with_user=False).ruleset("starforged")
    assert from_toml.moves == from_json.moves
    assert from_toml.tables == from_json.tables


def test_import_refuses_to_write_over_a_file_unless_told(tmp_path: Path) -> None:
    out = tmp_path / "mine.toml"
    out.write_text("schema_version = 1\n", encoding="utf-8")
    refused = run_cli("import", str(NEW), "--out", str(out))
    assert refused.returncode == 2 and "--force" in refused.stderr
    assert out.read_text(encoding="utf-8") == "schema_version = 1\n"
    forced = run_cli("import", str(NEW), "--out", str(out), "--force")
    assert forced.returncode == 0, forced.stderr


def test_import_says_what_it_writes_as_words_and_refuses_what_is_not_a_package(
    tmp_path: Path,
) -> None:
    made = run_cli("import", str(OLD), "--out", str(tmp_path / "old.toml"))
    assert made.returncode == 0, made.stderr
    assert made.stderr.count("(written as its words)") == 10
    not_one = tmp_path / "not.json"
    not_one.write_text('{"moves": {}}', encoding="utf-8")
    refused = run_cli("import", str(not_one), "--out", str(tmp_path / "x.toml"))
    assert refused.returncode == 1
    assert f"{not_one}: not a Datasworn package: it has no datasworn_version" in refused.stdout
    assert not (tmp_path / "x.toml").exists()
