"""The campaign's lock: flock by hand, the same lock filelock takes, so each refuses the other."""

from pathlib import Path

import filelock
import pytest

from hearthroll.store.campaign_files import CampaignFiles, lock_path
from hearthroll.store.errors import StoreError
from hearthroll.store.lock import Busy, take


def test_a_lock_is_refused_while_held_and_taken_once_released(tmp_path: Path) -> None:
    where = tmp_path / "camp.toml.lock"
    held = take(where)
    with pytest.raises(Busy):
        take(where)
    held.release()
    held.release()  # twice is harmless
    take(where).release()
    assert where.exists()  # the file stays: everyone locks the same one


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
