"""The state file is a hand-editable summary of the journal: each event records a digest of the
state it made and each segment a checkpoint, so a hand edit is known at once. A writer records
it as one undoable `edit` event; a reader says so; `check` replays the journal and names every
difference; `repair` rebuilds the state from the journal."""

from __future__ import annotations

import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearthroll.cli import main
from hearthroll.core.campaign.events import Event, summary
from hearthroll.core.campaign.state import Campaign, History
from hearthroll.core.errors import HearthrollError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import edits
from hearthroll.store.campaign_files import (
    CampaignFiles,
    journal_folder,
    parse_state,
    render_state,
    stamp,
)
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.codec import campaign_data, campaign_from_data, event_data
from hearthroll.store.errors import StoreError
from hearthroll.store.journal import digest_of, render_block, seal, segment_name
from hearthroll.store.repair import check_report
from hearthroll.store.rulesets import load_catalog
from test_campaign_undo_properties import field_values

CATALOG = load_catalog(with_user=False)
HOUSE = CATALOG.ruleset("house")
EXAMPLES = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(tmp_path / "data"))


def played(folder: Path, notes: int = 3, segment_size: int = 1000) -> Path:
    """The demo campaign with `notes` GM notes saved, segments of `segment_size` events."""
    path = folder / "p.toml"
    start = demo_campaign(HOUSE)
    files = CampaignFiles.create(path, campaign_data(start), segment_size=segment_size)
    with CampaignStore(files, start, HOUSE) as store:
        for n in range(1, notes + 1):
            store.commit(edits.note(store.state, f"note {n}"))
    return path


def game(state: Campaign) -> Campaign:
    return attrs.evolve(state, history=History())


def read(path: Path) -> CampaignStore:
    with CampaignStore.read(path, CATALOG) as store:
        return store


def byte_flips(path: Path) -> Iterator[tuple[int, bytearray, CampaignStore | None]]:
    """Each flip of one bit of one byte of the state file in turn, read: where, the bytes, and
    the store that opened them, or None for a flip refused with its position (checked here).
    The file is put back as it was at the end."""
    original = path.read_bytes()
    position = re.compile(rf"^{re.escape(str(path))}(:\d+:\d+)?: ")
    try:
        for at in range(len(original)):
            flipped = bytearray(original)
            flipped[at] ^= 0x01
            path.write_bytes(bytes(flipped))
            try:
                store = read(path)
            except StoreError as error:
                assert position.match(str(error)), (at, str(error))
                yield at, flipped, None
                continue
            yield at, flipped, store
    finally:
        path.write_bytes(original)


def hand_write(path: Path, state: Campaign) -> None:
    """Write `state` over the state file as an editor would: the journal is not told."""
    data = render_state(stamp(campaign_data(state), last_event=state.history.events), path)
    path.write_bytes(data)


def edit_in_file(path: Path, section: str, old: str, new: str) -> None:
    """Change the first line `old` after the `[section]` header into `new`."""
    text = path.read_text()
    at = text.index(f"[{section}]\n")
    line = text.index(f"\n{old}\n", at) + 1
    path.write_text(text[:line] + new + text[line + len(old) :])


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def everything(folder: Path) -> dict[str, bytes]:
    return {
        str(file.relative_to(folder)): file.read_bytes()
        for file in sorted(folder.rglob("*"))
        if file.is_file() and file.suffix != ".lock"
    }


# --- what the journal records ----------------------------------------------------------------


def test_each_event_records_the_digest_of_the_state_it_made_and_each_segment_a_checkpoint(
    tmp_path: Path,
) -> None:
    path = played(tmp_path, notes=7, segment_size=3)
    folder = journal_folder(path)
    assert sorted(p.name for p in folder.iterdir()) == [
        "00000001.checkpoint.toml",
        "00000001.toml",
        "00000004.checkpoint.toml",
        "00000004.toml",
        "00000007.checkpoint.toml",
        "00000007.toml",
    ]
    with CampaignStore.read(path, CATALOG) as store:
        journal = store.files.journal
        assert journal.parse(journal.last_blocks(1)[0])["digest"] == digest_of(path.read_bytes())
        # The checkpoint of a segment is the state file as it was before its first event.
        before_seventh = journal.checkpoint(7)
        assert before_seventh is not None
        assert parse_state(path, before_seventh)["last_event"] == 6
        assert digest_of(before_seventh) == journal.parse(journal.blocks_after(5)[0])["digest"]
    report = check_report(path, CATALOG)
    assert (report.problems, report.hand_edit, report.proven_from) == ([], [], 0)


@EXAMPLES
@given(changes=st.lists(field_values, min_size=1, max_size=4))
def test_a_digest_is_stable_under_load_save(changes: list[tuple[str, str]]) -> None:
    state = demo_campaign(HOUSE)
    for key, value in changes:
        try:
            state = edits.set_field(state, HOUSE, key, value).state
        except HearthrollError:
            continue
        where = Path("p.toml")
        data = render_state(stamp(campaign_data(state), last_event=state.history.events), where)
        loaded = campaign_from_data(parse_state(where, data))
        assert loaded == state
        again = render_state(stamp(campaign_data(loaded), last_event=state.history.events), where)
        assert digest_of(again) == digest_of(data)


# --- a hand edit ---------------------------------------------------------------------------


def test_a_hand_edit_is_shown_by_readers_and_recorded_by_the_next_writer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = played(tmp_path)
    journal_before = everything(journal_folder(path))
    edit_in_file(path, "characters.Brannoc", "xp = 3", "xp = 2")
    # Readers show the file as it is, say so in one line, and write nothing.
    code, out, err = run(capsys, "state", str(path), "--json")
    assert code == 0 and '"xp": 2' in out
    assert err.count("\n") == 1
    assert "has a hand edit not yet in its journal (Brannoc.xp 3 → 2)" in err
    code, out, err = run(capsys, "check", str(path))
    assert code == 3
    assert re.search(
        r"p\.toml:\d+:\d+: characters\.Brannoc\.xp: the state file has 2, the "
        r"journal's replay has 3 \(a hand edit\)",
        out,
    ), out
    assert everything(journal_folder(path)) == journal_before
    # The next command that writes records it, then makes its own event.
    code, out, err = run(capsys, "note", str(path), "the bridge holds")
    assert code == 0 and out.startswith("#5 GM: the bridge holds")
    assert "recorded a hand edit of" in err and "as event #4" in err
    code, out, _ = run(capsys, "log", str(path), "--last", "2")
    assert "#4" in out and "edited outside hearthroll: Brannoc.xp 3 → 2" in out
    assert run(capsys, "check", str(path))[0] == 0
    # Undo reverts the edit like any event, and redo makes it again.
    assert run(capsys, "undo", str(path))[0] == 0  # the note
    code, out, _ = run(capsys, "undo", str(path))
    assert code == 0 and "undid: edited outside hearthroll: Brannoc.xp 3 → 2" in out
    assert read(path).state.characters["Brannoc"].xp == 3
    assert run(capsys, "redo", str(path))[0] == 0
    assert read(path).state.characters["Brannoc"].xp == 2
    assert run(capsys, "check", str(path))[0] == 0


@EXAMPLES
@given(changes=st.lists(field_values, min_size=1, max_size=4))
def test_any_legal_hand_edit_becomes_one_edit_event_that_undo_and_redo_walk(
    changes: list[tuple[str, str]],
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = played(Path(folder), notes=1)
        made = read(path).state
        edited = made
        for key, value in changes:
            try:
                edited = edits.set_field(edited, HOUSE, key, value).state
            except HearthrollError:
                continue
        edited = attrs.evolve(edited, history=made.history)
        hand_write(path, edited)
        with CampaignStore.open(path, CATALOG) as store:
            if edited == made:
                assert store.hand_edit is None
                return
            edit = store.hand_edit
            assert isinstance(edit, Event) and edit.kind == "edit" and edit.seq == 2
            assert summary(edit).startswith("edited outside hearthroll: ")
            assert len(edit.results) == len(edit.deltas) >= 1
            assert game(store.state) == game(edited)
            store.commit(edits.undo_last(store.state, store.event))
        undone = read(path)
        assert undone.unrecorded is None
        assert game(undone.state) == game(made)  # the state file as it was before the edit
        with CampaignStore.open(path, CATALOG) as store:
            assert store.hand_edit is None
            store.commit(edits.redo_last(store.state, store.event))
        assert game(read(path).state) == game(edited)
        assert check_report(path, CATALOG).problems == []
        assert check_report(path, CATALOG).hand_edit == []


def test_every_byte_flip_in_the_state_file_is_refused_or_named_never_accepted(
    tmp_path: Path,
) -> None:
    path = played(tmp_path, notes=2)
    size = len(path.read_bytes())
    made = read(path).state
    journal = everything(journal_folder(path))
    refused = named = 0
    for at, flipped, store in byte_flips(path):
        if store is None:
            refused += 1
            continue
        assert store.unrecorded is not None, (at, bytes(flipped[at - 20 : at + 20]))
        assert store.unrecorded.changes and store.state != made
        report = check_report(path, CATALOG)
        assert report.problems == [] and report.hand_edit, at
        for delta in store.unrecorded.changes:
            assert any(".".join(delta.path) in line for line in report.hand_edit)
        if named % 10 == 0:  # a writer records it (on a copy, to keep the journal as it is)
            copy = tmp_path / f"copy-{at}"
            shutil.copytree(tmp_path, copy, ignore=shutil.ignore_patterns("copy-*", "data"))
            with CampaignStore.open(copy / path.name, CATALOG) as writer:
                assert writer.hand_edit is not None and writer.hand_edit.kind == "edit"
                assert game(writer.state) == game(store.state)
            assert check_report(copy / path.name, CATALOG).hand_edit == []
        named += 1
    assert everything(journal_folder(path)) == journal
    assert refused + named == size and named > 20 and refused > 20


def test_an_edited_history_is_refused_with_its_position(tmp_path: Path) -> None:
    path = played(tmp_path)
    edit_in_file(path, "history", "    1,", "    2,")  # undo = [2, 2, 3]
    with pytest.raises(
        StoreError,
        match=r"p\.toml:\d+:\d+: history: differs from what the journal made \(history\.undo "
        r"\[1, 2, 3\] → \[2, 2, 3\]\).*hearthroll repair",
    ):
        read(path)
    assert check_report(path, CATALOG).problems


# --- check replays the journal -----------------------------------------------------------------


def test_check_names_a_checkpoint_that_differs_from_the_replay_before_it(tmp_path: Path) -> None:
    path = played(tmp_path, notes=5, segment_size=3)
    checkpoint = journal_folder(path) / "00000004.checkpoint.toml"
    body = checkpoint.read_bytes().rsplit(b"# sealed ", 1)[0]
    changed = body.replace(b"xp = 3", b"xp = 9", 1)
    checkpoint.write_bytes(seal(changed))
    problems = check_report(path, CATALOG).problems
    assert any(
        line.startswith(
            f"{checkpoint}: characters.Brannoc.xp: the checkpoint has 9, the replay "
            "of the events before it has 3"
        )
        for line in problems
    ), problems
    checkpoint.write_bytes(changed + b"# sealed 0000000000000000\n")
    problems = check_report(path, CATALOG).problems
    assert any(
        re.match(rf"{re.escape(str(checkpoint))}:\d+: the checkpoint does not match", p)
        for p in problems
    ), problems


def test_opening_reads_only_the_newest_segment_and_its_checkpoint(tmp_path: Path) -> None:
    path = played(tmp_path, notes=8, segment_size=3)
    oldest = journal_folder(path) / "00000001.toml"
    oldest.write_bytes(b"damaged beyond reading")
    (journal_folder(path) / "00000001.checkpoint.toml").write_bytes(b"damaged too")
    edit_in_file(path, "characters.Wren", "xp = 0", "xp = 4")
    store = read(path)  # the hand edit is known from segment 7 and its checkpoint alone
    assert store.unrecorded is not None and store.unrecorded.words() == "Wren.xp 0 → 4"
    assert check_report(path, CATALOG).problems  # check reads everything


def test_a_journal_without_digests_or_checkpoints_opens_and_gets_a_checkpoint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A journal an older hearthroll wrote: its events are never rewritten; a hand edit before
    the first checkpoint cannot be known, and any after it is."""
    path = tmp_path / "p.toml"
    state = demo_campaign(HOUSE)
    blocks = []
    for n in range(1, 4):
        outcome = edits.note(state, f"old note {n}")
        state = outcome.state
        blocks.append(render_block(n, event_data(outcome.event)))
    journal_folder(path).mkdir()
    segment = journal_folder(path) / segment_name(1)
    old = b"".join(blocks)
    segment.write_bytes(old)
    hand_write(path, state)
    edit_in_file(path, "characters.Wren", "xp = 0", "xp = 1")  # before any checkpoint
    assert read(path).unrecorded is None
    report = check_report(path, CATALOG)
    assert (report.problems, report.hand_edit, report.proven_from) == ([], [], None)
    assert run(capsys, "check", str(path))[1].endswith(
        "so the state was not replayed; the next command that writes gives it one\n"
    )
    with CampaignStore.open(path, CATALOG) as store:  # a writer gives the segment a checkpoint
        assert store.hand_edit is None
    assert (journal_folder(path) / "00000001.checkpoint.toml").exists()
    assert check_report(path, CATALOG).proven_from == 3
    assert run(capsys, "note", str(path), "new note")[0] == 0
    assert segment.read_bytes().startswith(old)  # the old events, byte for byte
    edit_in_file(path, "characters.Wren", "xp = 1", "xp = 2")
    assert read(path).unrecorded is not None
    assert read(path).unrecorded.words() == "Wren.xp 1 → 2"  # type: ignore[union-attr]


# --- repair ------------------------------------------------------------------------------------


def test_repair_shows_what_differs_asks_keeps_the_old_file_and_rebuilds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = played(tmp_path)
    made = path.read_bytes()
    edit_in_file(path, "characters.Brannoc", "level = 2", 'level = "two')  # no longer TOML
    broken = path.read_bytes()
    code, _, err = run(capsys, "state", str(path))
    assert code == 2 and re.match(rf"hearthroll: {re.escape(str(path))}:\d+:\d+: ", err)
    # Not a terminal, no --yes: refused, nothing written.
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    code, out, err = run(capsys, "repair", str(path))
    assert code == 2 and "say --yes" in err and "cannot be read" in out
    assert path.read_bytes() == broken
    # Asked and declined: nothing written.
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("builtins.input", lambda prompt: "n")
    assert run(capsys, "repair", str(path))[0] == 2
    assert path.read_bytes() == broken
    monkeypatch.setattr("builtins.input", lambda prompt: "y")
    code, out, _ = run(capsys, "repair", str(path))
    assert code == 0 and f"kept as {path}.before-repair-1" in out
    assert path.read_bytes() == made
    assert Path(f"{path}.before-repair-1").read_bytes() == broken
    # A hand edit that validates: the differences are shown, field by field.
    edit_in_file(path, "characters.Brannoc", "xp = 3", "xp = 7")
    edited = path.read_bytes()
    code, out, _ = run(capsys, "repair", str(path), "--yes")
    assert code == 0
    assert re.search(
        r"p\.toml:\d+:\d+: characters\.Brannoc\.xp: the state file has 7, the "
        r"journal's replay has 3",
        out,
    ), out
    assert path.read_bytes() == made and Path(f"{path}.before-repair-2").read_bytes() == edited
    code, out, _ = run(capsys, "repair", str(path), "--yes")
    assert code == 0 and "already what its 3 events make" in out
    assert not Path(f"{path}.before-repair-3").exists()
    assert run(capsys, "check", str(path))[0] == 0


def test_repair_takes_the_lock(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = played(tmp_path)
    with CampaignStore.open(path, CATALOG):
        code, _, err = run(capsys, "repair", str(path), "--yes")
    assert code == 2 and "open in another hearthroll" in err


def test_repair_rebuilds_a_state_behind_the_journal_and_a_state_file_gone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = played(tmp_path)
    made = path.read_bytes()
    os.remove(path)
    code, out, _ = run(capsys, "repair", str(path), "--yes")
    assert code == 0 and path.read_bytes() == made
    assert "kept as" not in out


def test_the_players_view_says_in_one_line_that_the_state_file_has_a_hand_edit(
    tmp_path: Path,
) -> None:
    from hearthroll.store.follow import look
    from hearthroll.tui.view.following import HAND_EDIT, Following

    path = played(tmp_path)
    assert not look(path, CATALOG).unrecorded
    edit_in_file(path, "characters.Brannoc", "xp = 3", "xp = 2")
    before = everything(tmp_path)
    seen = look(path, CATALOG)
    assert seen.unrecorded and seen.state.characters["Brannoc"].xp == 2
    following = Following.open(path, CATALOG)
    assert following.trouble == HAND_EDIT and "xp" not in HAND_EDIT
    assert everything(tmp_path) == before
    with CampaignStore.open(path, CATALOG):  # the GM's next command records it
        pass
    assert following.take(following.read()) and following.trouble is None
