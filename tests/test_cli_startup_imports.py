"""What a command imports once the caches are warm: only what its work needs.

A new process for each, as at the shell; it prints the heavy libraries it loaded. Saving an
event needs neither cattrs (the writer walks the fields itself) nor filelock (the lock is
flock), and nothing prints through rich into a pipe; `note` and `undo` leave the dice, the
games' rules and the rules model alone (the catalog's memo of its ruleset ids is enough to
open the campaign), and `state` reads its one ruleset, not the whole catalog, and rolls
nothing, so it loads no dice: no expressions, odds or effects resolver (nor, for the text,
the mechanics).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cli_run import run_cli

HEAVY = ("cattrs", "filelock", "rich", "textual", "rapidfuzz", "hearthroll.store.rulesets")
RULES = (
    "hearthroll.core.campaign.resolve",
    "hearthroll.core.dice.mechanics",
    "hearthroll.core.rules.model",
)
EXPR = "hearthroll.core.dice.expr"
ODDS = "hearthroll.core.dice.odds"
SEARCH = "hearthroll.core.rules.search"
"""Loaded by a command that searches the moves (a search is built when it is asked for)."""
PROBE = (
    "import sys\n"
    "from hearthroll.cli import main\n"
    "status = main(sys.argv[2:])\n"
    "watched = sys.argv[1].split(',')\n"
    "found = [m for m in watched if m in sys.modules]\n"
    "print('loaded:', *found, file=sys.stderr)\n"
    "raise SystemExit(status)\n"
)


@pytest.fixture
def home(tmp_path: Path) -> tuple[dict[str, str], str]:
    env = {**os.environ, "HEARTHROLL_DATA_DIR": str(tmp_path / "data")}
    path = str(tmp_path / "camp.toml")
    assert run_cli("new", path, "--demo", env=env).returncode == 0
    assert run_cli("note", path, "the caches are warm", env=env).returncode == 0
    return env, path


def probe(env: dict[str, str], watched: tuple[str, ...], *args: str) -> list[str]:
    """The `watched` modules a fresh `hearthroll ARGS` process loaded."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, ",".join(watched), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("loaded:"), done.stderr
    return last.removeprefix("loaded:").split()


@pytest.mark.parametrize(
    "args",
    [
        ("note", "{path}", "the bridge holds"),
        ("undo", "{path}"),
        ("move", "{path}", "defy_danger", "--as", "Wren", "--seed", "3"),
        ("state", "{path}"),
    ],
)
def test_a_command_loads_none_of_the_heavy_libraries(
    home: tuple[dict[str, str], str], args: tuple[str, ...]
) -> None:
    env, path = home
    assert probe(env, HEAVY, *(a.format(path=path) for a in args)) == []


def test_note_and_undo_leave_the_dice_and_the_rules_alone(
    home: tuple[dict[str, str], str],
) -> None:
    env, path = home
    assert probe(env, RULES, "note", path, "a quiet night") == []
    assert probe(env, RULES, "undo", path) == []
    # a control: a move does roll, and loads them
    assert probe(env, RULES, "move", path, "defy_danger", "--as", "Wren", "--seed", "3") == [*RULES]


def test_redo_loads_none_of_them_either(home: tuple[dict[str, str], str]) -> None:
    env, path = home
    assert run_cli("undo", path, env=env).returncode == 0
    assert probe(env, (*HEAVY, *RULES), "redo", path) == []


def test_state_reads_its_ruleset_alone_not_the_whole_catalog(
    home: tuple[dict[str, str], str],
) -> None:
    env, path = home
    assert probe(env, (SEARCH,), "state", path) == []
    # a control: `moves` with words searches the whole catalog
    assert probe(env, (SEARCH,), "moves", "climb") == [SEARCH]


def test_state_rolls_nothing_so_loads_no_dice(home: tuple[dict[str, str], str]) -> None:
    env, path = home
    dice = (EXPR, ODDS, *RULES[:2])
    assert probe(env, dice, "state", path) == []
    # the JSON asks the pool turn whether the game plays one, which knows the pool's rolls
    assert probe(env, (EXPR, ODDS, RULES[0]), "state", path, "--json") == []
    # a control: rolling an expression loads it
    assert probe(env, (EXPR,), "roll", "2d6") == [EXPR]


def test_a_move_without_an_expression_leaves_expressions_alone(
    home: tuple[dict[str, str], str],
) -> None:
    env, path = home
    move = ("move", path, "defy_danger", "--as", "Wren", "--seed", "3")
    assert probe(env, (EXPR, ODDS), *move) == []


STORE_LIBRARIES = ("tomllib", "hashlib", "platformdirs")
"""What opening and saving a campaign in the shape hearthroll writes does without: the state
file is read by the journal's quick reader, SHA-256 comes from its own small module, and the
user's folders are found by the XDG rule."""


@pytest.mark.parametrize("ruleset", ["house", "hack", "starforged", "maneuvers"])
def test_a_campaign_in_hearthroll_s_own_shape_opens_without_tomllib_or_hashlib(
    tmp_path: Path, ruleset: str
) -> None:
    env = {**os.environ, "HEARTHROLL_DATA_DIR": str(tmp_path / "data")}
    path = str(tmp_path / "camp.toml")
    assert run_cli("new", path, "--demo", "--ruleset", ruleset, env=env).returncode == 0
    assert run_cli("note", path, "the caches are warm", env=env).returncode == 0
    for args in (("note", path, "dusk"), ("undo", path), ("redo", path), ("state", path)):
        assert probe(env, STORE_LIBRARIES, *args) == [], args


def test_a_hand_edited_state_file_is_still_read_by_tomllib(
    home: tuple[dict[str, str], str],
) -> None:
    env, path = home
    text = Path(path).read_text(encoding="utf-8")
    Path(path).write_text(text.replace("\n", "  # edited\n", 1), encoding="utf-8")
    assert probe(env, ("tomllib",), "state", path) == ["tomllib"]
