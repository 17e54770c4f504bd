"""What the command line's verb tests share: a demo campaign made by `hearthroll new`, a verb
run in this process, the campaign's files byte for byte, and a refusal that saves nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearthroll.cli import main


def made(tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str) -> Path:
    """The game's demo campaign, made by `hearthroll new`."""
    path = tmp_path / f"{game}.toml"
    assert main(["new", str(path), "--ruleset", game, "--demo"]) == 0
    capsys.readouterr()
    return path


def run(
    capsys: pytest.CaptureFixture[str], verb: str, camp: Path, *args: str
) -> tuple[int, str, str]:
    """`hearthroll VERB FILE ARGS…` in this process: its exit code, stdout and stderr."""
    code = main([verb, str(camp), *args])
    out, err = capsys.readouterr()
    return code, out, err


def files(path: Path) -> dict[str, bytes]:
    """The campaign's state file and its journal's files, byte for byte."""
    journal = sorted(path.with_suffix(".journal").iterdir())
    return {p.name: p.read_bytes() for p in (path, *journal)}


def refused(capsys: pytest.CaptureFixture[str], camp: Path, verb: str, *args: str) -> str:
    """The one line a refused verb says; it exits 2 and leaves the files as they were."""
    before = files(camp)
    code, out, err = run(capsys, verb, camp, *args)
    assert (code, out) == (2, ""), err
    assert files(camp) == before
    assert err.startswith("hearthroll: ") and err.count("\n") == 1
    return err.removeprefix("hearthroll: ").rstrip("\n")
