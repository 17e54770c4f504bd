"""A full disk: what reached the journal is saved and said so; nothing unsaved is called saved."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from hearthroll.cli import main
from hearthroll.store.campaign_files import journal_folder


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(tmp_path / "data"))


def no_space(*args: object, **kwargs: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def campaign(tmp_path: Path) -> Path:
    path = tmp_path / "table" / "p.toml"
    assert main(["new", str(path), "--demo"]) == 0
    return path


def test_an_event_in_the_journal_is_saved_exit_0_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = campaign(tmp_path)
    capsys.readouterr()
    monkeypatch.setattr(os, "replace", no_space)  # the state file cannot be rewritten
    assert main(["note", str(path), "the river rises"]) == 0
    out, err = capsys.readouterr()
    assert "#1 GM: the river rises" in out
    assert err.startswith("hearthroll: warning: event 1 is saved in the journal")
    assert "no space left on device" in err and "catches up" in err
    assert main(["state", str(path), "--json"]) == 0  # a reader, still on the full disk
    assert '"events": 1' in capsys.readouterr().out
    assert main(["log", str(path)]) == 0
    assert "the river rises" in capsys.readouterr().out
    monkeypatch.undo()
    assert main(["note", str(path), "and falls"]) == 0
    assert "last_event = 2" in path.read_text()
    capsys.readouterr()
    assert main(["log", str(path)]) == 0
    assert capsys.readouterr().out.count("GM:") == 2  # nothing duplicated


def test_an_event_that_did_not_reach_the_journal_is_not_saved_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = campaign(tmp_path)
    assert main(["note", str(path), "first"]) == 0
    segment = journal_folder(path) / "00000001.toml"
    before = (segment.read_bytes(), path.read_bytes())
    capsys.readouterr()
    monkeypatch.setattr(os, "fsync", no_space)
    assert main(["note", str(path), "second"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "could not save event 2" in err and "the journal still ends at event 1" in err
    assert (segment.read_bytes(), path.read_bytes()) == before


def test_new_on_a_full_disk_says_nothing_was_created(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "table" / "p.toml"
    monkeypatch.setattr(os, "fsync", no_space)
    assert main(["new", str(path), "--demo"]) == 2
    err = capsys.readouterr().err
    assert "the file was not created" in err
    assert "still holds" not in err
    assert not path.exists() and not journal_folder(path).exists()


def test_a_save_into_a_folder_that_is_not_there_says_to_make_it(tmp_path: Path) -> None:
    from hearthroll.store.atomic import atomic_write
    from hearthroll.store.errors import StoreError

    missing = tmp_path / "nowhere" / "x.toml"
    with pytest.raises(StoreError) as refused:
        atomic_write(missing, b"x = 1\n")
    said = str(refused.value)
    assert said.endswith(f"Make the folder {missing.parent} first, or save somewhere else.")
    assert "disk space" not in said
