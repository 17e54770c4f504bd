"""`hearthroll batch`: a script's commands run in one process, each exactly as at the shell.

A batch gives the same output and leaves the same campaign as the same commands run one by
one; it stops at the first command that fails, saying where, with that command's status (or
goes on with `--keep-going`); it reads a file or standard input, skips comments and blank
lines, takes a leading `hearthroll`, and refuses what cannot run inside it (the app, the
players' view, serving, another batch) by line.
"""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from cli_run import run_cli
from hearthroll.cli.batch import run_lines

SCRIPT = [
    "new camp.toml --demo",
    "note camp.toml 'the bridge holds'",
    "move camp.toml clash --dice 4 --effect-dice 3",
    "move camp.toml volley --pick take_what_you_get --dice 2,5 --effect-dice 4",
    "move camp.toml defend --dice 1,6,3",
    "reroll camp.toml --dice 5",
    "set camp.toml steading.season winter",
    "undo camp.toml",
    "state camp.toml",
    "log camp.toml --last 3",
]
CLOCK = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d")


def batch(folder: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hearthroll", "batch", *args],
        cwd=folder,
        env={**os.environ, "HEARTHROLL_DATA_DIR": str(folder / "data")},
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def env(folder: Path) -> dict[str, str]:
    return {"HEARTHROLL_DATA_DIR": str(folder / "data")}


def state_json(folder: Path) -> dict[str, object]:
    done = run_cli("state", "camp.toml", "--json", cwd=folder, env=env(folder))
    assert done.returncode == 0, done.stderr
    found: dict[str, object] = json.loads(done.stdout)
    return found


def test_a_batch_prints_and_saves_what_the_commands_one_by_one_do(tmp_path: Path) -> None:
    alone, together = tmp_path / "alone", tmp_path / "together"
    alone.mkdir()
    together.mkdir()
    outputs = []
    for line in SCRIPT:
        done = run_cli(*shlex.split(line), cwd=alone, env=env(alone))
        assert done.returncode == 0, (line, done.stderr)
        outputs.append(done.stdout)
    (together / "tonight.txt").write_text("\n".join(SCRIPT) + "\n", encoding="utf-8")
    done = batch(together, "tonight.txt")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert CLOCK.sub("T", done.stdout) == CLOCK.sub("T", "".join(outputs))
    assert state_json(together) == state_json(alone)


def test_the_first_failure_stops_the_batch_and_says_where(tmp_path: Path) -> None:
    script = ["new camp.toml --demo", "note camp.toml one", "move camp.toml 'push on'"]
    script += ["note camp.toml never"]
    (tmp_path / "s.txt").write_text("\n".join(script), encoding="utf-8")
    done = batch(tmp_path, "s.txt")
    assert done.returncode == 2
    assert "hearthroll: no move 'push on'" in done.stderr
    assert "batch: stopped at s.txt:3 (exit 2): 2 commands done before it, none after it" in (
        done.stderr
    )
    log = run_cli("log", "camp.toml", cwd=tmp_path, env=env(tmp_path)).stdout
    assert "one" in log and "never" not in log


def test_keep_going_runs_every_line_and_exits_with_the_first_failure(tmp_path: Path) -> None:
    script = "new camp.toml --demo\nmove camp.toml nowhere\nroll 1d0\nnote camp.toml after\n"
    done = batch(tmp_path, "--keep-going", stdin=script)
    assert done.returncode == 2
    assert "batch: stdin:2 failed (exit 2); going on" in done.stderr
    assert "batch: stdin:3 failed (exit 2); going on" in done.stderr
    assert "GM: after" in done.stdout


def test_comments_blank_lines_quotes_and_a_leading_hearthroll(tmp_path: Path) -> None:
    script = (
        "# the evening's opening\n"
        "\n"
        "hearthroll new camp.toml --demo   # Millbrook\n"
        '   note camp.toml "rain, \\"heavy\\" rain"\n'
        "--version\n"
    )
    done = batch(tmp_path, "-", "--echo", stdin=script)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "$ hearthroll new camp.toml --demo",
        "created camp.toml: House game, Brannoc, Isolde, Wren",
        "$ hearthroll note camp.toml 'rain, \"heavy\" rain'",
        '#1 GM: rain, "heavy" rain',
        "$ hearthroll --version",
        done.stdout.splitlines()[-1],
    ]
    assert done.stdout.splitlines()[-1].startswith("hearthroll ")


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("batch other.txt", "stdin:1: batch: a batch runs commands, not another batch"),
        ("view camp.toml", "stdin:1: view: the players' view runs until it is closed"),
        ("serve camp.toml", "stdin:1: serve: serving runs until it is stopped"),
        ("camp.toml", "stdin:1: `hearthroll FILE` opens the app; a batch runs commands"),
        ("hearthroll", "stdin:1: `hearthroll` alone opens the app"),
        ("note camp.toml 'open", "stdin:1: no closing quotation; close the quote or escape it"),
    ],
)
def test_what_cannot_run_in_a_batch_is_refused_by_line(
    tmp_path: Path, line: str, said: str
) -> None:
    assert run_cli("new", "camp.toml", cwd=tmp_path, env=env(tmp_path)).returncode == 0
    done = batch(tmp_path, stdin=line + "\nnote camp.toml never\n")
    assert done.returncode == 2
    assert f"hearthroll: batch: {said}" in done.stderr
    assert "stopped at stdin:1 (exit 2): no command done before it, none after it" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_script_that_cannot_be_read_is_refused(tmp_path: Path) -> None:
    missing = batch(tmp_path, "nope.txt")
    assert missing.returncode == 2
    assert missing.stderr.strip() == (
        "hearthroll: cannot read the script nope.txt: no such file or directory"
    )
    (tmp_path / "latin.txt").write_bytes(b"note camp.toml ok\nnote camp.toml caf\xe9\n")
    latin = batch(tmp_path, "latin.txt")
    assert latin.returncode == 2
    assert "latin.txt:2: the script is not UTF-8 text; save it as UTF-8" in latin.stderr


def test_ctrl_c_stops_the_batch_even_when_it_keeps_going() -> None:
    ran: list[Sequence[str]] = []

    def run(words: Sequence[str]) -> int:
        ran.append(words)
        return 130 if words[0] == "stop" else 0

    err = io.StringIO()
    status = run_lines(
        ["note a", "stop", "note b"], "s", run, keep_going=True, out=io.StringIO(), err=err
    )
    assert status == 130
    assert ran == [["note", "a"], ["stop"]]
    assert err.getvalue() == "hearthroll: batch: interrupted at s:2\n"
