"""`hearthroll state` shows the campaign's clocks, in text and in JSON, only once it has any."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_run import run_cli


@pytest.mark.parametrize("game", ["hack", "maneuvers"])
def test_state_shows_the_clocks_as_clock_list_does(tmp_path: Path, game: str) -> None:
    path = tmp_path / "c.toml"
    assert run_cli("new", str(path), "--ruleset", game, "--demo").returncode == 0
    before = run_cli("state", str(path))
    assert "clocks" not in before.stdout
    assert "clocks" not in json.loads(run_cli("state", str(path), "--json").stdout)
    assert run_cli("clock", str(path), "new", "Storm", "--segments", "4").returncode == 0
    assert run_cli("clock", str(path), "advance", "storm").returncode == 0
    listed = run_cli("clock", str(path), "list").stdout.strip()
    shown = run_cli("state", str(path)).stdout.splitlines()
    at = shown.index("clocks")
    assert shown[at + 1] == f"  {listed}" == "  Storm (tension) ▰▱▱▱ 1/4"
    data = json.loads(run_cli("state", str(path), "--json").stdout)
    assert data["clocks"] == [{"name": "Storm", "segments": 4, "kind": "tension", "filled": 1}]
