"""`check` says ok only for a campaign `state` opens: the damage `check` once passed."""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from hearthroll.cli import main


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(tmp_path / "data"))


def run(*args: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue() + err.getvalue()


def played(tmp_path: Path) -> Path:
    path = tmp_path / "p.toml"
    assert run("new", str(path), "--demo")[0] == 0
    assert run("note", str(path), "a first note")[0] == 0
    assert run("note", str(path), "a second note")[0] == 0
    return path


def replacing(old: str, new: str) -> Callable[[str], str]:
    return lambda text: text.replace(old, new, 1)


DAMAGE = {
    "schema_version 2": replacing("schema_version = 1", "schema_version = 2"),
    "schema_version 0": replacing("schema_version = 1", "schema_version = 0"),
    "schema_version -1": replacing("schema_version = 1", "schema_version = -1"),
    'schema_version "1"': replacing("schema_version = 1", 'schema_version = "1"'),
    "schema_version 1.0": replacing("schema_version = 1", "schema_version = 1.0"),
    "last_event behind history.events": replacing("last_event = 2", "last_event = 1"),
    "history.events deleted": lambda text: re.sub(r"(?m)^events = 2\n", "", text, count=1),
    "an unknown hold": replacing("[characters.Brannoc.holds]", "[characters.Brannoc.holds]\nx = 1"),
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_check_refuses_what_opening_refuses(tmp_path: Path, damage: str) -> None:
    path = played(tmp_path)
    text = path.read_text()
    changed = DAMAGE[damage](text)
    assert changed != text
    path.write_text(changed)
    checked, said = run("check", str(path))
    opened, refused = run("state", str(path))
    assert (checked, opened) == (1, 2), (said, refused)
    assert said.startswith(str(path)) and refused.startswith(f"hearthroll: {path}")


def test_an_untouched_campaign_passes_check_and_opens(tmp_path: Path) -> None:
    path = played(tmp_path)
    assert run("check", str(path)) == (
        0,
        f"{path}: ok: a campaign; the state is the journal's replay (from the checkpoint "
        "before its first event)\n",
    )
    assert run("state", str(path))[0] == 0
