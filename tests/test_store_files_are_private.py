"""A campaign is private by default: its files are made 0600 and the folders hearthroll makes
0700, and a file replaced keeps the mode it had (a GM who shares one, shares it still)."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from hearthroll.cli import main
from hearthroll.store.atomic import atomic_write
from hearthroll.store.campaign_files import journal_folder
from hearthroll.store.journal import render_block

pytestmark = pytest.mark.skipif(os.name == "nt", reason="POSIX file modes")


@pytest.fixture(autouse=True)
def usual_umask(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Files and folders as a usual shell makes them (umask 022: readable by all)."""
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(tmp_path / "data"))
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def modes(path: Path) -> dict[str, int]:
    """The mode of the state file and of every file of its journal, by name."""
    found = {path.name: mode(path)}
    for file in journal_folder(path).iterdir():
        found[file.name] = mode(file)
    return found


def test_new_makes_the_campaign_its_journal_and_their_folders_private(tmp_path: Path) -> None:
    path = tmp_path / "table" / "deep" / "p.toml"
    assert main(["new", str(path), "--demo"]) == 0
    assert modes(path) == {
        "p.toml": 0o600,
        "00000001.toml": 0o600,
        "00000001.checkpoint.toml": 0o600,
    }
    assert mode(journal_folder(path)) == 0o700
    assert mode(tmp_path / "table") == mode(tmp_path / "table" / "deep") == 0o700


def test_a_save_keeps_every_file_private(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    assert main(["new", str(path), "--demo"]) == 0
    assert main(["note", str(path), "the bridge creaks"]) == 0
    assert main(["set", str(path), "Brannoc.xp", "2"]) == 0
    assert set(modes(path).values()) == {0o600}


def test_a_file_replaced_keeps_the_mode_it_had(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    assert main(["new", str(path), "--demo"]) == 0
    path.chmod(0o640)
    assert main(["note", str(path), "shared with the table"]) == 0
    assert mode(path) == 0o640
    other = tmp_path / "notes.txt"
    other.write_text("old")
    other.chmod(0o644)
    atomic_write(other, b"new")
    assert mode(other) == 0o644 and other.read_bytes() == b"new"


def test_a_torn_event_set_aside_is_private(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    assert main(["new", str(path), "--demo"]) == 0
    assert main(["note", str(path), "one"]) == 0
    segment = journal_folder(path) / "00000001.toml"
    block = render_block(2, {"kind": "note", "text": "never acknowledged"})
    with segment.open("ab") as file:
        file.write(block[: len(block) // 2])
    assert main(["note", str(path), "two"]) == 0
    kept = journal_folder(path) / "00000001.toml.torn-1"
    assert kept.exists() and mode(kept) == 0o600


def test_a_segment_started_later_and_its_checkpoint_are_private(tmp_path: Path) -> None:
    from hearthroll.core.games.demo import demo_campaign
    from hearthroll.core.verbs import edits
    from hearthroll.store.campaign_files import CampaignFiles
    from hearthroll.store.campaigns import CampaignStore
    from hearthroll.store.codec import campaign_data
    from hearthroll.store.rulesets import load_catalog

    house = load_catalog(with_user=False).ruleset("house")
    path = tmp_path / "p.toml"
    start = demo_campaign(house)
    files = CampaignFiles.create(path, campaign_data(start), segment_size=2)
    with CampaignStore(files, start, house) as store:
        for n in range(5):
            store.commit(edits.note(store.state, f"note {n}"))
    assert sorted(modes(path)) == [
        "00000001.checkpoint.toml",
        "00000001.toml",
        "00000003.checkpoint.toml",
        "00000003.toml",
        "00000005.checkpoint.toml",
        "00000005.toml",
        "p.toml",
    ]
    assert set(modes(path).values()) == {0o600}


def test_the_lock_file_is_private_while_it_is_held(tmp_path: Path) -> None:
    from hearthroll.store.campaign_files import lock_path
    from hearthroll.store.lock import take

    path = tmp_path / "p.toml"
    assert main(["new", str(path), "--demo"]) == 0
    held = take(lock_path(path))
    try:
        assert mode(lock_path(path)) == 0o600
    finally:
        held.release()
