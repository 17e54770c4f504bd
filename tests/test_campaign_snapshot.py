"""The snapshot a closing campaign keeps for its next opening: used only while the files are
exactly as they were, and always the same as reading the files would give."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import edits
from hearthroll.store import campaigns, snapshots
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.errors import StoreError
from hearthroll.store.memo import SUFFIX, Memo
from hearthroll.store.rulesets import load_catalog
from hearthroll.store.snapshots import Snapshot
from test_campaign_undo_properties import Step, played, sequences

CATALOG = load_catalog(with_user=False)
WINDOW = 5


def new_campaign(path: Path, notes: int = 0, memo: Memo | None = None) -> None:
    with CampaignStore.create(
        path, demo_campaign(CATALOG.default), CATALOG, recent=WINDOW, memo=memo
    ) as store:
        for n in range(notes):
            store.commit(edits.note(store.state, f"note {n + 1}"))


def opened(path: Path, memo: Memo | None) -> tuple[object, list[int], list[object]]:
    with CampaignStore.open(path, CATALOG, recent=WINDOW, memo=memo) as store:
        store.memo = None  # this look does not keep a snapshot of its own
        return store.state, [e.seq for e in store.recent], list(store.recent)


def no_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    """From here on, reading the state or an event from the files fails the test."""

    def refuse(*args: object) -> None:
        raise AssertionError("the files were parsed although the snapshot was current")

    monkeypatch.setattr(campaigns, "read_campaign", refuse)
    monkeypatch.setattr(campaigns, "event_from_data", refuse)


def test_closing_keeps_a_snapshot_that_the_next_opening_uses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, memo = tmp_path / "camp.toml", Memo(tmp_path / "cache")
    new_campaign(path, notes=8, memo=memo)
    parsed = opened(path, None)
    assert parsed[1] == [4, 5, 6, 7, 8]
    no_parsing(monkeypatch)
    assert opened(path, memo) == parsed


def test_a_snapshot_is_not_used_once_the_campaign_moved_on_without_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, memo = tmp_path / "camp.toml", Memo(tmp_path / "cache")
    new_campaign(path, notes=3, memo=memo)
    with CampaignStore.open(path, CATALOG) as store:  # the command line: no memo
        store.commit(edits.note(store.state, "played from the shell"))
    state, seqs, _ = opened(path, memo)
    assert seqs == [1, 2, 3, 4]
    assert state.history.events == 4  # type: ignore[attr-defined]
    assert opened(path, memo) == opened(path, None)


def test_a_hand_edited_state_file_is_read_not_the_snapshot(tmp_path: Path) -> None:
    path, memo = tmp_path / "camp.toml", Memo(tmp_path / "cache")
    new_campaign(path, notes=1, memo=memo)
    text = path.read_text(encoding="utf-8")
    assert 'name = "Brannoc"' in text
    path.write_text(text.replace('name = "Brannoc"', 'name = "Brannock"', 1), encoding="utf-8")
    state, _, _ = opened(path, memo)
    assert state.characters["Brannoc"].name == "Brannock"  # type: ignore[attr-defined]


def test_an_event_the_state_file_missed_is_replayed_even_with_a_snapshot(tmp_path: Path) -> None:
    path, memo = tmp_path / "camp.toml", Memo(tmp_path / "cache")
    new_campaign(path, notes=2, memo=memo)
    before = path.read_bytes()
    with CampaignStore.open(path, CATALOG) as store:
        store.commit(edits.note(store.state, "saved to the journal only"))
    path.write_bytes(before)  # as if the state file's rewrite never landed
    with CampaignStore.open(path, CATALOG, recent=WINDOW, memo=memo) as store:
        assert store.repaired == 1
        assert store.state.history.events == 3
        assert [e.seq for e in store.recent] == [1, 2, 3]


def test_a_damaged_snapshot_is_read_past(tmp_path: Path) -> None:
    path, memo = tmp_path / "camp.toml", Memo(tmp_path / "cache")
    new_campaign(path, notes=2, memo=memo)
    (kept,) = memo.folder.glob(f"campaign-*{SUFFIX}")
    key = kept.read_bytes().split(b"\n")[0]
    kept.write_bytes(key + b"\nnot a memo")
    assert opened(path, memo) == opened(path, None)


def test_no_snapshot_is_kept_when_the_state_file_could_not_be_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hearthroll.store import campaign_files

    path, memo = tmp_path / "camp.toml", Memo(tmp_path / "cache")
    new_campaign(path)
    store = CampaignStore.open(path, CATALOG, recent=WINDOW, memo=memo)

    def full_disk(*args: object) -> None:
        raise StoreError("no space left on device")

    monkeypatch.setattr(campaign_files, "atomic_write", full_disk)
    with pytest.raises(StoreError):
        store.commit(edits.note(store.state, "the state file cannot follow"))
    store.close()
    assert list(memo.folder.glob(f"campaign-*{SUFFIX}")) == []


def test_a_snapshot_under_another_key_is_not_taken(tmp_path: Path) -> None:
    memo = Memo(tmp_path)
    campaign = demo_campaign(CATALOG.default)
    assert memo.put("one", "key-a", Snapshot(campaign, ()))
    assert memo.get("one", "key-a", Snapshot) == Snapshot(campaign, ())
    assert memo.get("one", "key-b", Snapshot) is None
    assert memo.get("one", "key-a", Outcome) is None  # a different kind of value
    assert memo.get("missing", "key-a", Snapshot) is None


def test_opening_with_a_current_snapshot_parses_nothing(tmp_path: Path) -> None:
    """The point of the snapshot: no cattrs and no ruleset parsing before the first frame.
    The app keeps its memos once the table is on screen, so each opening shows it."""
    path = tmp_path / "camp.toml"
    new_campaign(path, notes=3)
    code = (
        "import asyncio, sys\n"
        "from pathlib import Path\n"
        "from hearthroll.tui import build\n"
        "app = build(Path(sys.argv[1]), data_dir=Path(sys.argv[2]))\n"
        "loaded = [m for m in sys.modules if m == 'cattrs' or m.endswith('.rulesets')]\n"
        "async def show():\n"
        "    async with app.run_test() as pilot:\n"
        "        await pilot.pause()\n"
        "asyncio.run(show())\n"
        "app.live.close()\n"
        "print(len(app.live.events), *loaded)\n"
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", code, str(path), str(tmp_path / "data")],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        for _ in range(2)
    ]
    assert all(run.returncode == 0 for run in runs), runs[0].stderr + runs[1].stderr
    first, second = (run.stdout.split() for run in runs)
    # the first opening parsed the catalog (sound files need no cattrs) and kept memos
    assert first == ["3", "hearthroll.store.rulesets"]
    assert second == ["3"]  # the second started from them


@settings(deadline=None, max_examples=20)
@given(sequences)
def test_a_snapshot_opens_as_the_files_read(sequence: list[Step]) -> None:
    table = played(sequence)
    with tempfile.TemporaryDirectory() as folder:
        path, memo = Path(folder) / "camp.toml", Memo(Path(folder) / "cache")
        start = table.states[0]
        with CampaignStore.create(path, start, CATALOG, recent=WINDOW, memo=memo) as store:
            for event, state in zip(table.events, table.states[1:], strict=True):
                store.commit(Outcome(state, event))
        snapshot = opened(path, memo)
        assert list(memo.folder.glob(f"campaign-*{SUFFIX}"))
        assert snapshot == opened(path, None)
        assert snapshot[0] == table.state


def test_a_source_that_cannot_be_read_means_no_snapshot_not_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unreadable() -> bytes:
        raise OSError("the package is in a zip")

    monkeypatch.setattr(snapshots, "code_key", unreadable)
    path, memo = tmp_path / "camp.toml", Memo(tmp_path / "cache")
    new_campaign(path, notes=2, memo=memo)
    assert opened(path, memo) == opened(path, None)
    assert not memo.folder.exists() or not list(memo.folder.glob(f"campaign-*{SUFFIX}"))


def test_opening_from_the_snapshot_still_refuses_a_ruleset_the_catalog_lacks(
    tmp_path: Path,
) -> None:
    path, memo = tmp_path / "camp.toml", Memo(tmp_path / "cache")
    new_campaign(path, notes=2, memo=memo)
    others = attrs.evolve(CATALOG, rulesets=tuple(r for r in CATALOG.rulesets if r.id != "house"))
    with pytest.raises(StoreError, match="'house' is not a ruleset this hearthroll knows"):
        CampaignStore.open(path, others, recent=WINDOW, memo=memo)
    with CampaignStore.open(path, CATALOG, recent=WINDOW, memo=memo) as store:
        assert store.ruleset == CATALOG.default
