"""A ruleset file's `[[tables]]` join the ruleset each names, as its `[[moves]]` do (how an
import adds oracles to `starforged`); tables and moves may name their collection and source."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_run import run_cli
from hearthroll.core.rules.model import Move, Source, Table, TableRow
from hearthroll.store.ruleset_file import JoinedTable
from hearthroll.store.rulesets import RulesetError, dump_text, load_catalog, parse_text

WEATHER = """\
schema_version = 1

[[tables]]
ruleset = "starforged"
id = "my_weather"
name = "Weather"
die = 6
collection = "Our Oracles"
source = { title = "The GM's notebook", authors = ["Sam"], license = "CC BY 4.0" }
rows = [
    { id = "clear", low = 1, high = 3, text = "Clear skies." },
    { id = "storm", low = 4, high = 6, text = "A storm." },
]

[[moves]]
id = "my_read_the_sky"
name = "Read the Sky"
ruleset = "starforged"
trigger = "When you look up to see what the day brings..."
text = "Roll on the Weather table."
roll = { mechanic = "table", table = "my_weather" }
source = { title = "The GM's notebook", page = 3 }
"""


def write(folder: Path, text: str) -> Path:
    path = folder / "mine.toml"
    path.write_text(text, encoding="utf-8")
    return path


def problems(folder: Path, text: str) -> list[str]:
    with pytest.raises(RulesetError) as caught:
        load_catalog([write(folder, text)], with_user=False)
    return [str(p) for p in caught.value.problems]


def test_a_file_s_tables_join_the_ruleset_they_name(tmp_path: Path) -> None:
    ruleset = load_catalog([write(tmp_path, WEATHER)], with_user=False).ruleset("starforged")
    weather = ruleset.table("my_weather")
    assert (weather.collection, weather.row_for(5).text) == ("Our Oracles", "A storm.")
    assert weather.source == Source("The GM's notebook", authors=("Sam",), license="CC BY 4.0")
    assert ruleset.table("endure_harm").die == 100  # the ruleset's own tables stay
    assert ruleset.move("my_read_the_sky").source == Source("The GM's notebook", page=3)


def test_rolling_a_joined_table_lands_on_its_row(tmp_path: Path) -> None:
    write(tmp_path, WEATHER)
    made = run_cli("new", "sf.toml", "--ruleset", "starforged", "--demo", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    rolled = run_cli(
        "move", "sf.toml", "read the sky", "--dice", "4", "--moves", "mine.toml", cwd=tmp_path
    )
    assert rolled.returncode == 0, rolled.stderr
    assert "d6 = 4 → storm" in rolled.stdout and "A storm." in rolled.stdout


def test_a_joined_table_names_a_ruleset_the_catalog_has(tmp_path: Path) -> None:
    found = problems(
        tmp_path,
        WEATHER.replace(
            'ruleset = "starforged"\nid = "my_weather"', 'ruleset = "stars"\nid = "my_weather"'
        ),
    )
    assert found[0].startswith(
        f"{tmp_path / 'mine.toml'}:4:1: tables[0].ruleset: unknown ruleset 'stars'; known: "
    )


def test_a_joined_table_takes_no_id_its_ruleset_has(tmp_path: Path) -> None:
    found = problems(tmp_path, WEATHER.replace('"my_weather"', '"endure_harm"'))
    assert found == [
        f"{tmp_path / 'mine.toml'}:5:1: tables[0].id: table id 'endure_harm' is also a table of "
        "ruleset 'starforged' (in moves.toml); give one of them another id"
    ]


def test_a_joined_table_s_rows_cover_its_die_exactly(tmp_path: Path) -> None:
    found = problems(tmp_path, WEATHER.replace("low = 4, high = 6", "low = 5, high = 6"))
    assert found == [
        f"{tmp_path / 'mine.toml'}:10:1: tables[0].rows: table 'my_weather' (d6): no row covers 4"
    ]


def test_a_joined_table_s_row_effects_name_what_the_ruleset_has(tmp_path: Path) -> None:
    rolling = WEATHER.replace(
        'text = "A storm." }', 'text = "A storm.", effects = [{ kind = "table", table = "hail" }] }'
    )
    (found,) = problems(tmp_path, rolling)
    assert "tables[0].rows[1].effects[0].table: unknown table 'hail'" in found


ECHO = """\
schema_version = 1

[[tables]]
ruleset = "starforged"
id = "my_echo"
name = "Echo"
die = 6

[[tables.rows]]
id = "again"
low = 1
high = 6
text = "It echoes."
effects = [{ kind = "table", table = "my_echo" }]

[[moves]]
id = "my_shout"
name = "Shout Into the Canyon"
ruleset = "starforged"
trigger = "When you shout into the canyon..."
text = "Listen to the echoes."
effects = [{ kind = "table", table = "my_echo" }]
"""


def test_a_table_that_rolls_itself_stops_eight_tables_deep(tmp_path: Path) -> None:
    write(tmp_path, ECHO)
    made = run_cli("new", "sf.toml", "--ruleset", "starforged", "--demo", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    shout = run_cli(
        "move",
        "sf.toml",
        "shout into the canyon",
        "--seed",
        "1",
        "--moves",
        "mine.toml",
        cwd=tmp_path,
    )
    assert shout.returncode == 0, shout.stderr
    assert shout.stdout.count("Echo d6 = ") == 8
    assert "Echo: not rolled, 8 tables deep already" in shout.stdout


def test_a_table_s_collection_and_source_are_written_and_read_back() -> None:
    table = Table(
        "my_names",
        "Names",
        10,
        (TableRow("a", 1, 10, "Ada"),),
        collection="Our Oracles / People",
        source=Source("Notes", authors=("Sam", "Kim"), page=2, url="https://example.org"),
    )
    move = Move("my_name_them", "Name Them", "starforged", "When you need a name...", "Roll.",
                source=Source("Notes", license="CC BY 4.0"))  # fmt: skip
    parsed, found = parse_text(
        dump_text(moves=[move], tables=[JoinedTable("starforged", table)]), "x.toml"
    )
    assert found == [] and parsed is not None
    assert parsed.tables == (JoinedTable("starforged", table),)
    assert parsed.moves == (move,)
