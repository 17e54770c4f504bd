"""The journal's checkpoints and its format: a new campaign's first state is checked like any
later one; a lost checkpoint is refused by name and rebuilt by `repair`; a journal from a newer
hearthroll is refused as such, and older ones are read as they are."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import edits
from hearthroll.store.campaign_files import CampaignFiles, journal_folder, render_state, stamp
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.codec import campaign_data
from hearthroll.store.errors import StoreError
from hearthroll.store.journal import JOURNAL_FORMAT, render_header, segment_name
from hearthroll.store.repair import check_report
from hearthroll.store.rulesets import load_catalog
from test_store_check_refuses_what_opening_refuses import (
    own_data_folder,  # noqa: F401  (autouse: each test its own data folder)
    run,
)
from test_store_hand_edits import byte_flips, played, read

CATALOG = load_catalog(with_user=False)
HOUSE = CATALOG.ruleset("house")
RULESETS = [r.id for r in CATALOG.rulesets]
NEWER = (
    "written by a newer hearthroll (journal format {n}, this one reads up to "
    f"{JOURNAL_FORMAT}): upgrade"
)


def everything(folder: Path) -> dict[str, bytes]:
    return {
        str(file.relative_to(folder)): file.read_bytes()
        for file in sorted(folder.rglob("*"))
        if file.is_file() and file.suffix != ".lock" and "data" not in file.parts
    }


def set_xp(path: Path, name: str, old: int, new: int) -> None:
    text = path.read_text()
    at = text.index(f"\nxp = {old}\n", text.index(f"[characters.{name}]")) + 1
    path.write_text(text[:at] + f"xp = {new}" + text[at + len(f"xp = {old}") :])


# --- a new campaign's first state --------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_byte_flip_of_a_new_demo_state_is_refused_or_named(
    tmp_path: Path, ruleset: str
) -> None:
    path = tmp_path / "p.toml"
    assert run("new", str(path), "--demo", "--ruleset", ruleset)[0] == 0
    assert (journal_folder(path) / "00000001.checkpoint.toml").exists()
    size = len(path.read_bytes())
    made = read(path).state
    journal = everything(journal_folder(path))
    refused = named = 0
    for at, flipped, store in byte_flips(path):
        if store is None:
            refused += 1
            continue
        # Opened: only with the change named, never as if it were what `new` wrote.
        assert store.unrecorded is not None, (at, bytes(flipped[at - 20 : at + 20]))
        assert store.unrecorded.changes and store.state != made and store.unrecorded.made == made
        if named % 8 == 0:
            report = check_report(path, CATALOG)
            assert report.problems == [] and report.hand_edit, at
        if named % 40 == 0:  # a writer records it (on a copy, to keep the journal as it is)
            copy = tmp_path / f"copy-{at}"
            copy.mkdir()
            shutil.copy(path, copy / path.name)
            shutil.copytree(journal_folder(path), journal_folder(copy / path.name))
            with CampaignStore.open(copy / path.name, CATALOG) as writer:
                assert writer.hand_edit is not None and writer.hand_edit.seq == 1
                assert writer.hand_edit.kind == "edit"
            assert check_report(copy / path.name, CATALOG).hand_edit == []
        named += 1
    assert everything(journal_folder(path)) == journal
    assert refused + named == size and named > 10 and refused > 10


def test_a_new_campaigns_journal_starts_with_a_checkpoint_and_an_empty_segment(
    tmp_path: Path,
) -> None:
    path = tmp_path / "p.toml"
    assert run("new", str(path), "--demo")[0] == 0
    folder = journal_folder(path)
    assert (folder / "00000001.toml").read_bytes() == render_header(1)
    checkpoint = (folder / "00000001.checkpoint.toml").read_bytes()
    assert checkpoint.startswith(path.read_bytes() + b"# sealed ")
    report = check_report(path, CATALOG)
    assert (report.problems, report.hand_edit, report.proven_from) == ([], [], 0)
    assert run("note", str(path), "the first")[0] == 0
    # The first event goes into that segment: the checkpoint is the state before it.
    assert (folder / "00000001.toml").read_bytes().startswith(render_header(1) + b"[[events]]\n")
    assert check_report(path, CATALOG).proven_from == 0


def test_a_campaign_an_older_hearthroll_created_gets_its_first_checkpoint_from_a_writer(
    tmp_path: Path,
) -> None:
    """No journal at all (a campaign created, never played, by an older hearthroll): its state
    cannot be checked against anything, and `check` says so; the next writer starts its
    journal as `new` does, and from then on a change is known."""
    path = tmp_path / "p.toml"
    state = demo_campaign(HOUSE)
    path.write_bytes(render_state(stamp(campaign_data(state), last_event=0), path))
    set_xp(path, "Wren", 0, 1)  # before any checkpoint: cannot be told
    assert read(path).unrecorded is None
    code, text = run("check", str(path))
    assert code == 0 and "has no checkpoint" in text and "not replayed" in text
    assert not journal_folder(path).exists()  # readers write nothing
    with CampaignStore.open(path, CATALOG) as store:
        assert store.hand_edit is None and store.state.characters["Wren"].xp == 1
    assert (journal_folder(path) / "00000001.checkpoint.toml").exists()
    assert check_report(path, CATALOG).proven_from == 0
    set_xp(path, "Wren", 1, 2)
    edit = read(path).unrecorded
    assert edit is not None and edit.words() == "Wren.xp 1 → 2"
    assert run("check", str(path))[0] == 3


# --- a lost checkpoint -------------------------------------------------------------------------


def test_a_lost_checkpoint_is_refused_by_name_and_repair_rebuilds_it(tmp_path: Path) -> None:
    path = played(tmp_path, notes=8, segment_size=3)  # segments 1, 4, 7
    lost = journal_folder(path) / "00000004.checkpoint.toml"
    original = lost.read_bytes()
    lost.unlink()
    before = everything(tmp_path)
    for verb in (("state", str(path)), ("log", str(path)), ("note", str(path), "no")):
        code, text = run(*verb)
        assert code == 2, verb
        assert f"{lost}: this checkpoint is missing" in text, text
        assert f"hearthroll repair {path}" in text
    code, text = run("check", str(path))
    assert code == 1 and f"{lost}: this checkpoint is missing" in text
    assert everything(tmp_path) == before  # refused: nothing changed, nothing rewritten
    code, text = run("repair", str(path), "--yes")
    assert code == 0 and f"{lost}: rebuilt from the checkpoint before it" in text, text
    assert lost.read_bytes() == original  # exactly what was lost
    assert run("check", str(path))[0] == 0
    assert run("note", str(path), "on we go")[0] == 0


def test_a_lost_first_checkpoint_cannot_be_rebuilt_so_repair_starts_the_checkpoints_again(
    tmp_path: Path,
) -> None:
    path = played(tmp_path, notes=4)
    (journal_folder(path) / "00000001.checkpoint.toml").unlink()
    assert run("state", str(path))[0] == 2
    code, text = run("repair", str(path), "--yes")
    assert code == 0, text
    assert "its digest matches" in text and "cannot be rebuilt" in text
    assert "the journal checks its state file from now on" in text
    report = check_report(path, CATALOG)
    assert (report.problems, report.proven_from) == ([], 4)
    assert "events 1 to 4 were read but not replayed" in run("check", str(path))[1]
    set_xp(path, "Wren", 0, 3)  # known again
    assert read(path).unrecorded is not None
    assert run("check", str(path))[0] == 3
    assert run("note", str(path), "recorded")[0] == 0
    assert run("check", str(path))[0] == 0


def test_a_state_unlike_its_digest_with_no_checkpoint_left_is_refused_not_passed(
    tmp_path: Path,
) -> None:
    """A journal without headers (format 1) and with its only checkpoint deleted, then a hand
    edit: the digest says the file changed, nothing can say what; refused, never passed (nor
    made the new checkpoint by a writer)."""
    path = played(tmp_path, notes=2)
    segment = journal_folder(path) / segment_name(1)
    segment.write_bytes(segment.read_bytes().removeprefix(render_header(1)))
    (journal_folder(path) / "00000001.checkpoint.toml").unlink()
    set_xp(path, "Wren", 0, 5)
    before = everything(tmp_path)
    for verb in (("state", str(path)), ("note", str(path), "no")):
        code, text = run(*verb)
        assert code == 2 and "its digest differs" in text and "no checkpoint" in text, text
    assert run("check", str(path))[0] == 1
    assert everything(tmp_path) == before
    code, text = run("repair", str(path), "--yes")
    assert code == 0 and "cannot be checked against the journal" in text, text
    assert read(path).state.characters["Wren"].xp == 5
    assert run("check", str(path))[0] == 0


# --- the journal's format ----------------------------------------------------------------------


def newer_header(version: int) -> bytes:
    return f"journal_format = {version}\nwhatever_it_adds = 1\n".encode()


@pytest.mark.parametrize("where", ["newest segment", "empty newest segment"])
def test_a_journal_from_a_newer_hearthroll_is_refused_as_such(tmp_path: Path, where: str) -> None:
    path = played(tmp_path, notes=2)
    segment = journal_folder(path) / segment_name(1)
    body = segment.read_bytes().removeprefix(render_header(1))
    segment.write_bytes(newer_header(JOURNAL_FORMAT + 1) + (b"" if "empty" in where else body))
    if "empty" in where:
        path.write_bytes(
            render_state(stamp(campaign_data(demo_campaign(HOUSE)), last_event=0), path)
        )
    before = everything(tmp_path)
    message = NEWER.format(n=JOURNAL_FORMAT + 1)
    for verb in (
        ("state", str(path)),
        ("log", str(path)),
        ("check", str(path)),
        ("note", str(path), "no"),
        ("repair", str(path), "--yes"),
    ):
        code, text = run(*verb)
        assert code in (1, 2) and f"{segment}:1: journal_format: this journal was " in text, verb
        assert message in text, text
    assert everything(tmp_path) == before


def test_a_damaged_header_is_damage_not_a_newer_format(tmp_path: Path) -> None:
    path = played(tmp_path, notes=2)
    segment = journal_folder(path) / segment_name(1)
    data = segment.read_bytes()
    segment.write_bytes(data.replace(b"checkpoints_from = 1", b"checkpoints_from = 3", 1))
    code, text = run("state", str(path))
    assert code == 2 and f"{segment}:1: the segment's header is damaged" in text, text
    assert "newer" not in text
    assert run("check", str(path))[0] == 1


def test_journals_of_the_older_formats_open_and_grow_in_the_new_one(tmp_path: Path) -> None:
    """Format 1 (no header): its segments are read as they are and never rewritten; the next
    segment a writer starts has the header, and its `checkpoints_from` reaches back over the
    older segments that have their checkpoints."""
    path = played(tmp_path, notes=6, segment_size=3)  # segments 1 and 4, both full
    folder = journal_folder(path)
    for first in (1, 4):
        segment = folder / segment_name(first)
        segment.write_bytes(segment.read_bytes().removeprefix(render_header(1)))
    old = {first: (folder / segment_name(first)).read_bytes() for first in (1, 4)}
    assert not any(data.startswith(b"journal_format") for data in old.values())
    report = check_report(path, CATALOG)
    assert (report.problems, report.proven_from) == ([], 0)
    files = CampaignFiles.open(path, segment_size=3)
    with CampaignStore(files, read(path).state, HOUSE) as store:
        assert files.journal.header.format == 1
        for n in range(7, 10):
            store.commit(edits.note(store.state, f"note {n}"))
    assert {first: (folder / segment_name(first)).read_bytes() for first in (1, 4)} == old
    assert (folder / segment_name(7)).read_bytes().startswith(render_header(1))
    assert check_report(path, CATALOG).problems == []
    (folder / "00000004.checkpoint.toml").unlink()  # the new header promises it
    assert "00000004.checkpoint.toml: this checkpoint is missing" in run("state", str(path))[1]


def test_a_segment_whose_checkpoint_could_not_be_written_promises_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk when a segment starts: the event is saved in a segment without a header,
    which the opener does not hold to a checkpoint; the next writer gives it one."""
    path = played(tmp_path, notes=3, segment_size=3)
    files = CampaignFiles.open(path, segment_size=3)
    journal = files.journal
    real = type(journal).write_checkpoint

    def full(self: object, first: int, data: bytes) -> None:
        raise StoreError("no space left on device")

    monkeypatch.setattr(type(journal), "write_checkpoint", full)
    with CampaignStore(files, read(path).state, HOUSE) as store:
        store.commit(edits.note(store.state, "note 4"))
    monkeypatch.setattr(type(journal), "write_checkpoint", real)
    segment = journal_folder(path) / segment_name(4)
    assert not segment.read_bytes().startswith(b"journal_format")
    assert not (journal_folder(path) / "00000004.checkpoint.toml").exists()
    assert run("state", str(path))[0] == 0 and run("check", str(path))[0] == 0
    assert run("note", str(path), "note 5")[0] == 0
    assert (journal_folder(path) / "00000004.checkpoint.toml").exists()
    assert run("check", str(path))[0] == 0
