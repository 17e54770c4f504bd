"""The campaign's lock: one writer at a time, no `NAME.toml.lock` left behind, and the same
flock filelock takes, so each refuses the other.

The lock file is removed on release, which is safe only because release unlinks the file it
still holds (same inode) before unlocking, and taking the lock checks, after its `flock`
succeeds, that the path still names the file it locked.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import filelock
import pytest

from cli_run import run_cli
from hearthroll.core.games.demo import demo_campaign
from hearthroll.store import lock
from hearthroll.store.campaign_files import CampaignFiles, lock_path
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.errors import StoreError
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
RACER = Path(__file__).with_name("lock_racer.py")
SRC = Path(__file__).parents[1] / "src"


def camp(folder: Path) -> Path:
    path = folder / "camp.toml"
    CampaignStore.create(path, demo_campaign(CATALOG.ruleset("house")), CATALOG).close()
    return path


def test_closing_a_campaign_removes_its_lock_file(tmp_path: Path) -> None:
    path = camp(tmp_path)
    assert not lock_path(path).exists()
    with CampaignFiles.open(path):
        assert lock_path(path).exists()
    assert not lock_path(path).exists()


def test_a_writing_verb_leaves_no_lock_file(tmp_path: Path) -> None:
    path = camp(tmp_path)
    result = run_cli("note", str(path), "The", "wolves", "howl")
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["camp.journal", "camp.toml"]


def test_a_refused_writer_leaves_the_holders_lock_file_alone(tmp_path: Path) -> None:
    path = camp(tmp_path)
    with CampaignFiles.open(path):
        held = os.stat(lock_path(path)).st_ino
        with pytest.raises(StoreError, match="open in another hearthroll"):
            CampaignFiles.open(path)
        assert os.stat(lock_path(path)).st_ino == held
    assert not lock_path(path).exists()


def test_release_leaves_a_lock_file_that_is_no_longer_its_own(tmp_path: Path) -> None:
    where = tmp_path / "camp.toml.lock"
    mine = lock.take(where)
    os.unlink(where)
    where.write_text("another's")  # a hand, or another tool, made a new file there
    mine.release()
    assert where.read_text() == "another's"


def test_a_waiter_that_locks_the_removed_file_takes_the_new_one_instead(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The race, forced: B opens the lock file, A releases (removing it), B's flock wins on the
    removed file. B must notice and lock the file at the path instead, so that C, coming
    after, is refused while B holds it."""
    where = tmp_path / "camp.toml.lock"
    a = lock.take(where)
    real_open = os.open
    opened = []

    def open_then_holder_releases(*args: object, **kwargs: object) -> int:
        fd = real_open(*args, **kwargs)  # type: ignore[arg-type]
        opened.append(os.fstat(fd).st_ino)
        if len(opened) == 1:
            a.release()  # A lets go between B's open and B's flock
        return fd

    monkeypatch.setattr(lock.os, "open", open_then_holder_releases)
    b = lock.take(where)
    monkeypatch.setattr(lock.os, "open", real_open)
    assert len(opened) == 2, "B retried at the path after locking a removed file"
    assert os.stat(where).st_ino == opened[1]
    with pytest.raises(lock.Busy):
        lock.take(where)  # C: B holds the file at the path
    b.release()
    assert not where.exists()


def test_without_the_check_after_flock_two_writers_would_hold_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The negative control of the test above: if taking trusted its flock without checking
    the path, B would hold the removed file and C the new one, both at once."""
    where = tmp_path / "camp.toml.lock"
    a = lock.take(where)
    real_open = os.open
    calls = []

    def open_then_holder_releases(*args: object, **kwargs: object) -> int:
        fd = real_open(*args, **kwargs)  # type: ignore[arg-type]
        calls.append(fd)
        if len(calls) == 1:
            a.release()
        return fd

    monkeypatch.setattr(lock.os, "open", open_then_holder_releases)
    monkeypatch.setattr(lock, "_same_file", lambda fd, where: True)
    b = lock.take(where)
    monkeypatch.setattr(lock.os, "open", real_open)
    c = lock.take(where)  # not refused: two holders
    assert os.fstat(calls[0]).st_nlink == 0  # B holds a file no longer at the path
    b.release()
    c.release()


def test_writers_racing_lose_no_event_and_leave_no_lock_file(tmp_path: Path) -> None:
    path = camp(tmp_path)
    writers, notes = 4, 12
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), str(RACER.parent)])}
    racers = [
        subprocess.Popen(
            [sys.executable, str(RACER), str(path), f"w{n}", str(notes)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for n in range(writers)
    ]
    for racer in racers:
        out, err = racer.communicate(timeout=600)
        assert racer.returncode == 0, err
        assert out.split("\n")[-2] == f"ack {racer.args[3]} {notes}"
    with CampaignStore.read(path, CATALOG) as store:
        written = [e.text for e in store.events() if e.kind == "note"]
        assert [e.seq for e in store.events()] == list(range(1, writers * notes + 1))
    assert sorted(written) == sorted(f"w{n} {i}" for n in range(writers) for i in range(1, 13))
    for n in range(writers):  # each writer's notes in its own order
        assert [t for t in written if t.startswith(f"w{n} ")] == [
            f"w{n} {i}" for i in range(1, notes + 1)
        ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["camp.journal", "camp.toml"]


# --- with filelock: the same flock, so each refuses the other -----------------------------


def test_a_lock_is_refused_while_held_and_taken_once_released(tmp_path: Path) -> None:
    where = tmp_path / "camp.toml.lock"
    held = lock.take(where)
    with pytest.raises(lock.Busy):
        lock.take(where)
    held.release()
    held.release()  # twice is harmless
    lock.take(where).release()
    assert not where.exists()  # removed on release


def test_a_campaign_held_by_filelock_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    CampaignFiles.create(path, {"turn": 1}).close()
    other = filelock.FileLock(str(lock_path(path)), timeout=0, thread_local=False)
    with other, pytest.raises(StoreError, match="is open in another hearthroll"):
        CampaignFiles.open(path)
    CampaignFiles.open(path).close()


def test_filelock_cannot_take_a_campaign_hearthroll_holds(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    with CampaignFiles.create(path, {"turn": 1}):
        other = filelock.FileLock(str(lock_path(path)), timeout=0, thread_local=False)
        with pytest.raises(filelock.Timeout):
            other.acquire()
    with filelock.FileLock(str(lock_path(path)), timeout=0, thread_local=False):
        pass


# --- a second writer waits a moment for a short holder -------------------------------------

HOLDER = """
import sys, time
from pathlib import Path
from hearthroll.store import lock
held = lock.take(Path(sys.argv[1]))
print("held", flush=True)
time.sleep(float(sys.argv[2]))
held.release()
"""


def _holder(where: Path, seconds: float) -> subprocess.Popen[str]:
    """Another process that holds the lock at `where` for `seconds` once it says `held`."""
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(where), str(seconds)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert holder.stdout is not None and holder.stdout.readline() == "held\n"
    return holder


def test_a_second_writer_waits_for_a_short_command_to_give_the_lock_back(tmp_path: Path) -> None:
    path = camp(tmp_path)
    holder = _holder(lock_path(path), 0.2)  # a verb saving its event
    try:
        CampaignFiles.open(path).close()  # taken once the short holder is done, not refused
    finally:
        holder.wait(timeout=60)


def test_a_holder_that_keeps_the_lock_is_refused_after_the_wait(tmp_path: Path) -> None:
    path = camp(tmp_path)
    holder = _holder(lock_path(path), 60)  # the app, open on the campaign
    try:
        with pytest.raises(StoreError, match=r"open in another hearthroll .* close it there first"):
            CampaignFiles.open(path)
    finally:
        holder.kill()
        holder.wait(timeout=60)
