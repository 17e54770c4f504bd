"""The memo folder stays small: a family's memos beyond the most lately written are removed, the
shared catalog memos never are, and a crashed writer's old temp files go."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.store import catalog_cache, snapshots
from hearthroll.store.memo import STALE_TEMP, SUFFIX, Memo, of_family

FAMILY = [f"campaign-{n:04x}" for n in range(6)] + ["catalog-ab12", "catalog-ab12.ruleset.hack"]
SHARED = ["catalog", "catalog.rulesets", "catalog.ruleset.my-homebrew"]


def _age(path: Path, tick: int) -> None:
    """Give `path` a modification time `tick` seconds into a past long gone, so the order of
    writes is exact however coarse the file system's clock."""
    stamp = (1_000_000_000 + tick) * 1_000_000_000
    os.utime(path, ns=(stamp, stamp))


@settings(max_examples=60, deadline=None)
@given(kept=st.integers(1, 4), names=st.lists(st.sampled_from(FAMILY + SHARED), max_size=25))
def test_a_folder_keeps_the_families_memos_written_most_lately_and_every_shared_one(
    kept: int, names: list[str]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        memo = Memo(Path(folder), kept=kept)
        written: dict[str, int] = {}  # the model: each memo still kept, and when it was written
        for tick, name in enumerate(names):
            assert memo.put(name, "key", tick)
            _age(memo.path(name), tick)
            written[name] = tick
            family = sorted((t, n) for n, t in written.items() if n in FAMILY)
            for _, gone in family[:-kept]:
                del written[gone]

            on_disk = {p.name.removesuffix(SUFFIX) for p in Path(folder).iterdir()}
            assert on_disk == set(written)
            assert memo.get(name, "key", int) == tick


def test_the_names_the_store_gives_say_which_memos_may_go(tmp_path: Path) -> None:
    memo = Memo(tmp_path)
    snapshot = memo.path(snapshots.snapshot_name(tmp_path / "camp.toml")).name
    assert of_family(snapshot)
    assert not of_family(memo.path(catalog_cache.NAME).name)
    assert not of_family(memo.path(f"{catalog_cache.NAME}.ruleset.my-homebrew").name)
    extra = catalog_cache._name([tmp_path / "extra.toml"])
    assert of_family(memo.path(extra).name)
    assert of_family(memo.path(f"{extra}.ruleset.hack").name)


def test_a_crashed_writers_old_temp_file_goes_and_a_live_one_stays(tmp_path: Path) -> None:
    memo = Memo(tmp_path, kept=8)
    old = tmp_path / f".campaign-0001{SUFFIX}.4242.tmp"
    live = tmp_path / f".campaign-0002{SUFFIX}.4343.tmp"
    other = tmp_path / "notes.txt"
    for path in (old, live, other):
        path.write_bytes(b"half a memo")
    long_ago = os.stat(old).st_mtime_ns - int(2 * STALE_TEMP * 1e9)
    os.utime(old, ns=(long_ago, long_ago))

    assert memo.put("campaign-0003", "key", "value")

    assert not old.exists()
    assert live.read_bytes() == b"half a memo"
    assert other.read_bytes() == b"half a memo"


def test_writing_an_existing_memo_again_removes_nothing(tmp_path: Path) -> None:
    memo = Memo(tmp_path, kept=1)
    (tmp_path / f"campaign-0001{SUFFIX}").write_bytes(b"left by a larger cache")
    (tmp_path / f"campaign-0002{SUFFIX}").write_bytes(b"left by a larger cache")

    assert memo.put("campaign-0002", "key", "again")
    _age(tmp_path / f"campaign-0001{SUFFIX}", 0)
    _age(tmp_path / f"campaign-0002{SUFFIX}", 1)

    assert (tmp_path / f"campaign-0001{SUFFIX}").exists()
    assert memo.get("campaign-0002", "key", str) == "again"
    assert memo.prune() == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"campaign-0002{SUFFIX}"]


def test_a_folder_that_cannot_be_listed_prunes_nothing_and_raises_nothing(tmp_path: Path) -> None:
    assert Memo(tmp_path / "never made").prune() == 0
