"""The serving note: kept per campaign path outside the campaign's folder, found only while its
server runs, ignored when damaged or stale, removed only by the process that wrote it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from hearthroll.store import serving
from hearthroll.store.folders import runtime_dirs


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "run"


def note(campaign: Path, pid: int | None = None) -> serving.Served:
    return serving.Served(
        campaign.resolve(),
        os.getpid() if pid is None else pid,
        "0.0.0.0",
        8000,
        ("http://192.168.1.20:8000",),
    )


def test_a_kept_note_is_found_for_its_campaign_only(tmp_path: Path, folder: Path) -> None:
    camp, other = tmp_path / "camp.toml", tmp_path / "other.toml"
    written = serving.keep(note(camp), [folder])
    assert written is not None and written.parent == folder
    assert serving.find(camp, [folder]) == note(camp)
    assert serving.find(Path(os.path.relpath(camp)), [folder]) == note(camp)
    assert serving.find(other, [folder]) is None
    assert not serving.find(camp, [folder]).local_only  # type: ignore[union-attr]


def test_a_note_whose_server_is_gone_is_ignored(tmp_path: Path, folder: Path) -> None:
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        text=True,
        capture_output=True,
        check=True,
    )
    camp = tmp_path / "camp.toml"
    serving.keep(note(camp, int(gone.stdout)), [folder])
    assert serving.find(camp, [folder]) is None


def test_a_damaged_note_is_ignored_never_raised(tmp_path: Path, folder: Path) -> None:
    camp = tmp_path / "camp.toml"
    written = serving.keep(note(camp), [folder])
    assert written is not None
    for text in ("", "{", "[]", '{"pid": "1"}', '{"campaign": 1, "pid": 1, "host": 1}', "\xff"):
        written.write_text(text, encoding="latin-1")
        assert serving.find(camp, [folder]) is None


def test_only_the_writer_removes_its_note(tmp_path: Path, folder: Path) -> None:
    camp = tmp_path / "camp.toml"
    written = serving.keep(note(camp), [folder])
    assert written is not None
    serving.drop(written, os.getpid() + 1)
    assert written.exists()
    serving.drop(written, os.getpid())
    assert not written.exists() and serving.find(camp, [folder]) is None


def test_an_unwritable_folder_falls_to_the_next(tmp_path: Path, folder: Path) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("a file, not a folder")
    written = serving.keep(note(tmp_path / "camp.toml"), [blocked / "run", folder])
    assert written is not None and written.parent == folder
    assert serving.keep(note(tmp_path / "camp.toml"), [blocked / "run"]) is None


def test_the_note_lives_beside_the_data_when_the_data_folder_is_moved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(tmp_path / "data"))
    assert runtime_dirs() == [tmp_path / "data" / "serving"]
    monkeypatch.delenv("HEARTHROLL_DATA_DIR")
    assert len(runtime_dirs()) == 2 and all("hearthroll" in str(p) for p in runtime_dirs())


def test_loopback_hosts_are_local_only() -> None:
    assert all(serving.is_local(h) for h in ("127.0.0.1", "127.0.1.1", "localhost", "::1"))
    assert not any(serving.is_local(h) for h in ("0.0.0.0", "::", "192.168.1.20"))
