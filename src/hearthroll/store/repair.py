"""`check` and `repair`: a campaign's journal replayed whole and compared, and the state rebuilt.

`check_campaign` replays the whole journal from its checkpoints, compares the state each event
makes with the digest its record holds, and names every difference; damage it finds where
opening does not look is kept in the journal's damage note until the journal is sound again.
`RepairPlan` rebuilds the state file (and lost checkpoints) from the journal.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import attrs

from hearthroll.core.campaign.deltas import Delta, diff, value_words
from hearthroll.core.campaign.events import Event, replay
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.records import Record
from hearthroll.store import damage_note
from hearthroll.store.campaign_files import CampaignFiles, place, render_state, stamp
from hearthroll.store.campaigns import CampaignStore, known_ruleset, refused_sheets
from hearthroll.store.codec import campaign_data, campaign_of, event_from_data, events_of, placed
from hearthroll.store.errors import StoreError
from hearthroll.store.hand_edits import checkpoint_state, replay_onto, state_at
from hearthroll.store.journal import Block, JournalReader, digest_of, recorded_digest
from hearthroll.store.state_bytes import StateBytes

if TYPE_CHECKING:
    from hearthroll.core.rules.model import Catalog


@attrs.frozen
class CampaignCheck(Record):
    """What `check` found in a campaign."""

    problems: list[str]
    """Each positioned; empty when the campaign is sound."""
    hand_edit: list[str]
    """Each field where the state file differs from the journal's replay and still validates:
    a hand edit not yet recorded (positioned, with both values)."""
    proven_from: int | None
    """The event from whose checkpoint the replay started (0: the first event's); None when
    the journal has no checkpoint (an older hearthroll wrote it) and nothing was replayed."""


def check_campaign(
    path: Path, catalog: Catalog, progress: Callable[[int, int], None] | None = None
) -> list[str]:
    """Problems in a campaign file and its journal, each positioned; empty when it is sound.

    See `check_report`; an unrecorded hand edit is not a problem here.
    """
    return check_report(path, catalog, progress).problems


def check_report(
    path: Path, catalog: Catalog, progress: Callable[[int, int], None] | None = None
) -> CampaignCheck:
    """Check a campaign file and its journal, writing nothing but the journal's damage note.

    It refuses whatever opening the campaign refuses (it reads it the same way), then reads
    every event of the journal and replays it from the checkpoints: the state each event makes
    must have the digest its record holds, each checkpoint must equal the replay of the events
    before it, and the state file the replay of them all. A state file that differs but
    validates is a hand edit (named field by field); a difference in the history is a problem.
    The journal is read one segment at a time; after each, `progress(events read, events)`.

    Damage found in the journal is kept in its damage note, so that every command says so; a
    journal found sound loses its note.
    """
    try:
        store = CampaignStore.read(path, catalog)
    except StoreError as error:
        return CampaignCheck(str(error).splitlines(), [], None)
    journal = store.files.journal
    damage, replayed, start = check_journal(journal, progress)
    problems = list(damage)
    edits: list[str] = []
    if replayed is not None and not problems:
        for delta, line in _difference_lines(path, store.state, replayed):
            if delta.path[:1] == ("history",):
                problems.append(line)
            else:
                edits.append(line)
    problems += _sheet_problems(path, store)
    with contextlib.suppress(StoreError):  # a folder that cannot be written: said all the same
        if damage:
            damage_note.remember(journal.folder, damage)
        elif store.files.damage is not None:
            damage_note.forget(journal.folder)
    return CampaignCheck(problems, edits, start)


def check_journal(
    journal: JournalReader, progress: Callable[[int, int], None] | None = None
) -> tuple[list[str], Campaign | None, int | None]:
    """What is wrong in the journal (check's words: [] when it is sound), the state its
    replay ends at, and the event whose checkpoint the replay started from (see
    `CampaignCheck.proven_from`)."""
    problems: list[str] = []
    replayed: Campaign | None = None
    start: int | None = None
    try:
        replayed, start = _replay_journal(journal, problems, progress)
    except StoreError as error:
        problems += str(error).splitlines()
    except Exception as error:  # an event that does not structure: name it in words
        problems.append(f"{journal.folder}: an event cannot be read: {error}")
    return problems, replayed, start


class _Replay:
    """The journal's replay, event by event, from the first checkpoint on: each event's state
    compared with the digest its record holds, each later checkpoint with the replay when it
    is met."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        self.state: Campaign | None = None
        self.start: int | None = None
        """The event whose checkpoint the replay started from."""
        self.comparing = True
        """False after a digest differed, until a checkpoint puts the replay right again."""
        self.files = StateBytes()

    def meet(self, checkpoint: Campaign, where: Path) -> None:
        """The replay goes on from `checkpoint`, after naming where it differs from it."""
        self.state = _meet(self.state, checkpoint, where, self.problems)
        self.start = checkpoint.history.events if self.start is None else self.start
        self.comparing = True

    def play(self, segment: Path, block: Block, event: Event) -> None:
        """Replay one event and compare the state it makes with its recorded digest."""
        if self.state is None:
            return
        try:
            self.state = replay(self.state, [event])
        except (ValueError, KeyError, TypeError) as error:
            self.problems.append(
                f"{segment}:{block.line}: event {block.seq} cannot be replayed onto the state "
                f"before it: {error}"
            )
            self.state = None
            return
        recorded = recorded_digest(block) if self.comparing else None
        if recorded is None or self.files.digest(self.state, block.seq) == recorded:
            return
        # rendered whole, as a writer renders it, before the event is said to differ
        data = render_state(stamp(campaign_data(self.state), last_event=block.seq), segment)
        found = digest_of(data)
        if found == recorded:
            return
        self.problems.append(
            f"{segment}:{block.line}: event {block.seq}: the state its replay makes does not "
            f"match the digest its record holds (digest {recorded}; the replay's is {found}): "
            "this event, or one before it, was changed after it was saved, with its end line's "
            "checksum made again to fit. Nothing was changed. Restore this file from a backup "
            "(the events after it are compared again from the next checkpoint on)."
        )
        self.comparing = False


def _replay_journal(
    journal: JournalReader,
    problems: list[str],
    progress: Callable[[int, int], None] | None,
) -> tuple[Campaign | None, int | None]:
    """Every event structured and replayed from the first checkpoint on (see `_Replay`);
    differences go to `problems`."""
    run = _Replay(problems)
    segments: Iterable[tuple[int, list[Block]]]
    if journal.last_seq:
        segments = zip(journal.segments, journal.iter_segments(0), strict=False)
    else:  # no event yet: the checkpoint of the state the campaign was created with
        segments = [(first, []) for first in journal.segments or (1,)]
    for first, blocks in segments:
        where = journal.checkpoint_path(first)
        segment = journal.segment_path(first)
        try:
            checkpoint = checkpoint_state(journal, first)
        except StoreError as error:
            problems += str(error).splitlines()
            checkpoint = None

        for block, event in zip(blocks, events_of(journal, blocks), strict=True):
            if checkpoint is not None and checkpoint.history.events == block.seq - 1:
                run.meet(checkpoint, where)
                checkpoint = None
            run.play(segment, block, event)
        if checkpoint is not None:
            last = blocks[-1].seq if blocks else first - 1
            if checkpoint.history.events == last:
                run.meet(checkpoint, where)
            else:
                problems.append(
                    f"{place(where, ('last_event',))}: last_event: {checkpoint.history.events} "
                    f"is not an event of its segment (events {first} to {last}); restore it from "
                    "a backup, or delete it"
                )
        if progress is not None and blocks:
            progress(blocks[-1].seq, journal.last_seq)
    return run.state, run.start


def _meet(
    replayed: Campaign | None, checkpoint: Campaign, where: Path, problems: list[str]
) -> Campaign:
    """The replay goes on from `checkpoint`, after naming where it differs from it."""
    for delta in diff(replayed, checkpoint) if replayed is not None else ():
        problems.append(
            f"{where}: {'.'.join(delta.path)}: the checkpoint has {value_words(delta.after)}, "
            f"the replay of the events before it has {value_words(delta.before)}"
        )
    return checkpoint


def _difference_lines(path: Path, found: Campaign, replayed: Campaign) -> list[tuple[Delta, str]]:
    """Every leaf where the state file (`found`) differs from the journal's replay, positioned:
    `p.toml:12:1: characters.Brannoc.xp: the state file has 2, the journal's replay has 0`."""
    deltas = diff(replayed, found)
    said = [
        (
            delta.path,
            f"the state file has {value_words(delta.after)}, the journal's replay has "
            f"{value_words(delta.before)}",
        )
        for delta in deltas
    ]
    return list(zip(deltas, placed(path, said), strict=True))


def _sheet_problems(path: Path, store: CampaignStore) -> list[str]:
    """What `check` names on the campaign's sheets (`games/sheet.problems`), each placed in
    the file: beyond what opening refuses, momentum above the max its impacts make."""
    from hearthroll.core.games.sheet import problems

    return placed(path, problems(store.state, store.ruleset))


class RepairPlan:
    """`repair`: the campaign locked, its state rebuilt from the journal, and what that would
    change in the state file and the journal's checkpoints; nothing is written until
    `apply()`.

    A missing checkpoint is rebuilt from an older checkpoint and the events between. One that
    cannot be (no older checkpoint holds the state before it) is lost: the journal then starts
    its checkpoints again, with one of the state now, so that later hand edits are known. When
    no checkpoint is left to rebuild the state from, the state file is kept as it is (if it
    reads and validates), saying whether the digest the journal recorded vouches for it.

    When the journal has a damage note, the journal is checked as `check` checks it: found
    sound (its damaged files restored from a backup), the note goes; else `damage` says what
    is still wrong (a saved event is never rebuilt: it can only be restored).
    """

    def __init__(self, path: Path, catalog: Catalog) -> None:
        self.files = CampaignFiles.open_journal(path)
        try:
            journal = self.files.journal
            self.path = path
            self.readable = True
            """False when the state file cannot be read at all (`changes` then says why)."""
            self.checkpoints: list[tuple[int, Campaign]] = []
            """The missing checkpoints rebuilt: (segment, the state before its first event)."""
            self.lost = [f for f in journal.missing_checkpoints() if not self._rebuild(f)]
            """The missing checkpoints that cannot be rebuilt."""
            self.notes: list[str] = [
                f"{journal.checkpoint_path(first)}: rebuilt from the checkpoint before it and "
                "the events after that one"
                for first, _ in self.checkpoints
            ]
            """What rebuilding changes besides the state file's fields, line by line."""
            rebuilt = state_at(journal, journal.last_seq)
            self.adopted = rebuilt is None
            """True when no checkpoint could rebuild the state: the state file is kept."""
            if rebuilt is None:
                rebuilt = self._adopt(path, catalog)
            self.rebase = self.adopted or bool(self.lost)
            """True when the journal starts its checkpoints again at the next event."""
            for first in self.lost:
                self.notes.append(
                    f"{journal.checkpoint_path(first)}: cannot be rebuilt (no older checkpoint "
                    f"holds the state before event {first}); the journal starts its checkpoints "
                    f"again after event {journal.last_seq}, so `check` no longer replays the "
                    "events before that"
                )
            known_ruleset(catalog, rebuilt.ruleset, path)
            self.rebuilt = rebuilt
            self.changes = [] if self.adopted else self._changes(path)
            """What rebuilding changes in the state file, line by line (or why it cannot be
            read)."""
            self.damage: list[str] = []
            """What is still damaged in the journal, when it has a damage note."""
            if self.files.damage is not None:
                self.damage = check_journal(journal)[0]
                if not self.damage:
                    self.notes.append(
                        f"{damage_note.note_path(journal.folder)}: the damage it notes is gone "
                        "(every event reads and replays as recorded): the note is removed"
                    )
        except BaseException:
            self.files.close()
            raise

    def _rebuild(self, first: int) -> bool:
        before = state_at(self.files.journal, first - 1)
        if before is None:
            return False
        self.checkpoints.append((first, before))
        return True

    def _adopt(self, path: Path, catalog: Catalog) -> Campaign:
        """The state file as it is, when it reads and validates (else refused)."""
        from hearthroll.store.campaign_files import digest_at, read_state_bytes

        journal = self.files.journal
        try:
            data = read_state_bytes(path)
            raw, found = campaign_of(path, data)
            ruleset = catalog.ruleset(known_ruleset(catalog, found.ruleset, path))
            problems = refused_sheets(path, found, ruleset)
            if found.history.events != raw["last_event"] or raw["last_event"] > journal.last_seq:
                problems.append(
                    f"{place(path, ('last_event',), data)}: last_event: {raw['last_event']} "
                    f"does not fit: the journal ends at event {journal.last_seq}, and "
                    f"history.events is {found.history.events}"
                )
            if problems:
                raise StoreError("\n".join(problems))
            pending = [event_from_data(e) for e in journal.events_after(found.history.events)]
            state = replay_onto(journal, found, pending)
        except StoreError as error:
            raise StoreError(
                f"{journal.folder} has no checkpoint at or before event {journal.last_seq}, so "
                f"the state cannot be rebuilt from it, and {path.name} cannot be kept as it is:\n"
                f"{error}\nRestore the state file or the journal's checkpoints from a backup."
            ) from None
        vouched = digest_at(journal, raw["last_event"]) == digest_of(data)
        self.notes.append(
            f"{path}: no checkpoint holds the state at or before event {journal.last_seq}, so it "
            "cannot be rebuilt; the state file is kept as it is, "
            + (
                f"and it is exactly what the journal recorded after event {raw['last_event']} "
                "(its digest matches)"
                if vouched
                else "though it cannot be checked against the journal (a hand edit made to it "
                "cannot be told)"
            )
        )
        return state

    def _changes(self, path: Path) -> list[str]:
        """What rebuilding changes, line by line (the refusal, if the file cannot be read)."""
        from hearthroll.store.campaign_files import read_state_bytes

        try:
            data = read_state_bytes(path)
            raw, found = campaign_of(path, data)
        except StoreError as error:
            self.readable = False
            return str(error).splitlines()
        lines = [line for _, line in _difference_lines(path, found, self.rebuilt)]
        if not lines and raw["last_event"] != self.rebuilt.history.events:
            lines.append(
                f"{place(path, ('last_event',), data)}: last_event: {raw['last_event']} → "
                f"{self.rebuilt.history.events}"
            )
        return lines

    def apply(self) -> Path | None:
        """Write the rebuilt checkpoints, then the rebuilt state (atomically, keeping the old
        file as `NAME.toml.before-repair-N`) if it changes, then start the checkpoints again
        if some are lost; return where the old state file was kept (None: not replaced)."""
        files = self.files
        for first, state in self.checkpoints:
            files.write_checkpoint(first, campaign_data(state))
        kept = files.replace_state(campaign_data(self.rebuilt)) if self.changes else None
        if self.rebase:
            files.restart_checkpoints(campaign_data(self.rebuilt))
        if files.damage is not None and not self.damage:
            damage_note.forget(files.journal.folder)
        return kept

    def close(self) -> None:
        """Release the lock."""
        self.files.close()

    def __enter__(self) -> RepairPlan:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
