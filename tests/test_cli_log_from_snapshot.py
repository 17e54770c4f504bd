"""`log --last N` (N up to the snapshot's window of 40) is served by the campaign's snapshot
when it fits and the newest segment holds the window: the same lines as reading the journal,
without parsing an event or opening an older segment; a hand edit or a bigger N reads the
journal as before."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cli_run import run_cli
from hearthroll.cli import main
from hearthroll.store import folders, journal
from test_cli_log_readers import log


@pytest.fixture
def campaign(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    env = {folders.ENV_DATA_DIR: str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path)}
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    path = tmp_path / "camp.toml"
    script = [f"new {path} --demo"] + [f"note {path} 'line {n}'" for n in range(45)]
    (tmp_path / "s.txt").write_text("\n".join(script), encoding="utf-8")
    done = run_cli("batch", str(tmp_path / "s.txt"), env={**os.environ, **env})
    assert done.returncode == 0, done.stderr
    return path


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The seq of each journal event parsed one at a time."""
    seen: list[int] = []
    original = journal.parse_block

    def counting(block: journal.Block, path: Path) -> dict[str, object]:
        seen.append(block.seq)
        return original(block, path)

    monkeypatch.setattr(journal, "parse_block", counting)
    return seen


def test_log_last_is_read_from_the_snapshot_as_the_journal_reads_it(
    campaign: Path, capsys: pytest.CaptureFixture[str], parsed: list[int]
) -> None:
    quick = log(capsys, str(campaign), "--last", "5")
    assert parsed == []
    assert [line.split()[0] for line in quick.splitlines()] == [f"#{n}" for n in range(41, 46)]
    slow = log(capsys, str(campaign), "--last", "5", "--since", "0")  # read from the journal
    assert parsed == list(range(41, 46))
    assert quick == slow
    parsed.clear()
    assert log(capsys, str(campaign), "--last", "40", "--json") == log(
        capsys, str(campaign), "--last", "40", "--json", "--since", "0"
    )
    assert parsed == list(range(6, 46))  # only the second read parsed


def test_beyond_the_window_or_after_a_hand_edit_the_journal_is_read(
    campaign: Path, capsys: pytest.CaptureFixture[str], parsed: list[int]
) -> None:
    shown = log(capsys, str(campaign), "--last", "41")
    assert len(shown.splitlines()) == 41
    assert parsed == list(range(5, 46))
    text = campaign.read_text(encoding="utf-8")
    campaign.write_text(text.replace("xp = 3", "xp = 4", 1), encoding="utf-8")
    parsed.clear()
    capsys.readouterr()
    assert main(["log", str(campaign), "--last", "2"]) == 0
    out, err = capsys.readouterr()
    assert "has a hand edit not yet in" in err
    assert [line.split()[0] for line in out.splitlines() if line.startswith("#")] == ["#44", "#45"]
