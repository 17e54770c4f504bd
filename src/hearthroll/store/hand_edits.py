"""What the events made, rebuilt from the journal's checkpoints, and what a hand edit changed.

Opening compares the state file with the digest its last event recorded. When they differ,
the state the events made is rebuilt from the newest checkpoint and the events after it (the
newest segment only), and compared: a state file that validates but differs is a *hand edit*.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import attrs

from hearthroll.core.campaign.deltas import Delta, change_words, diff
from hearthroll.core.campaign.events import Event, replay
from hearthroll.core.campaign.state import Campaign, History
from hearthroll.core.records import Record
from hearthroll.store.campaign_files import place
from hearthroll.store.codec import campaign_of, event_from_data
from hearthroll.store.errors import StoreError
from hearthroll.store.journal import JournalReader


@attrs.frozen
class HandEdit(Record):
    """A state file that validates but is not what the events made: what changed outside
    hearthroll, leaf by leaf (`before`: as the events made it; `after`: as the file has it)."""

    made: Campaign
    """The state the events made (at the state file's `last_event`)."""
    found: Campaign
    """The state file as it is."""
    changes: tuple[Delta, ...]

    def words(self) -> str:
        """`Brannoc.xp 0 → 2, Brannoc.level 1 → 9`."""
        return ", ".join(change_words(d) for d in self.changes)


def state_at(journal: JournalReader, seq: int) -> Campaign | None:
    """The state the events made at event `seq`: the newest checkpoint at or before it, with
    the events after it replayed. None when no checkpoint is that old (a journal written by an
    older hearthroll). Reads only the segments from that checkpoint's on.

    Raises:
        StoreError: a checkpoint or an event is damaged, or an event cannot be replayed.
    """
    # A new campaign's journal whose first segment could not be started yet has its checkpoint.
    for first in reversed(journal.segments or (1,)):
        if first > seq + 1:
            continue
        base = checkpoint_state(journal, first)
        if base is None or base.history.events > seq:
            continue
        events = []
        for blocks in journal.iter_segments(base.history.events):
            events += [event_from_data(journal.parse(b)) for b in blocks if b.seq <= seq]
            if blocks and blocks[-1].seq >= seq:
                break
        return replay_onto(journal, base, events)
    return None


def checkpoint_state(journal: JournalReader, first: int) -> Campaign | None:
    """The state the checkpoint of segment `first` holds (None: it has none)."""
    data = journal.checkpoint(first)
    if data is None:
        return None
    where = journal.checkpoint_path(first)
    raw, state = campaign_of(where, data)
    if state.history.events != raw["last_event"]:
        raise StoreError(
            f"{place(where, ('history', 'events'), data)}: history.events: "
            f"{state.history.events}, but last_event is {raw['last_event']}: the two count the "
            "same events; restore the checkpoint from a backup, or delete it"
        )
    return state


def replay_onto(journal: JournalReader, state: Campaign, events: Sequence[Event]) -> Campaign:
    """`state` with `events` replayed onto it; refused in the journal's words when they do not
    fit it."""
    try:
        return replay(state, events)
    except (ValueError, KeyError, TypeError) as error:
        raise StoreError(
            f"{journal.folder}: the events cannot be replayed onto the checkpoint before them "
            f"({error}); restore the journal folder from a backup"
        ) from None


def find_hand_edit(path: Path, journal: JournalReader, state: Campaign) -> HandEdit | None:
    """What the state file changed of the state the events made; None when nothing did. A
    changed history is refused: it is hearthroll's own; so is a state file that differs from
    the digest the journal recorded when no checkpoint is left to tell what changed."""
    made = state_at(journal, state.history.events)
    if made is None:
        raise StoreError(
            f"{path}: the state file is not what the journal recorded after event "
            f"{state.history.events} (its digest differs), and no checkpoint in "
            f"{journal.folder} holds the state at or before it, so what changed cannot be told. "
            f"Nothing was changed. Put the journal's checkpoint files back from a backup; or, "
            f"to keep the state file as it is, run `hearthroll repair {path}`: it shows what it "
            "cannot check and asks before it writes."
        )
    if made == state:
        return None
    if made.history != state.history:
        changes = "; ".join(
            f"{change_words(d)}" for d in diff(made.history, state.history, ("history",))
        )
        raise StoreError(
            f"{place(path, ('history',))}: history: differs from what the journal made "
            f"({changes}); the history is hearthroll's bookkeeping of undo and redo, not a hand "
            f"edit. Put it back as it was, or run `hearthroll repair {path}` to rebuild the "
            "state from the journal."
        )
    return HandEdit(made, state, diff(_game(made), _game(state)))


def _game(state: Campaign) -> Campaign:
    return attrs.evolve(state, history=History())


def replay_both(path: Path, edit: HandEdit, pending: Sequence[Event]) -> tuple[Campaign, Campaign]:
    """The state the events made and the hand-edited one, each with the events the state file
    has not caught up on replayed onto it."""
    if not pending:
        return edit.made, edit.found
    try:
        return replay(edit.made, pending), replay(edit.found, pending)
    except (ValueError, KeyError, TypeError):
        raise StoreError(
            f"{path}: the state file was edited by hand ({edit.words()}) while it was behind "
            f"the journal, and the events after it do not fit the edit. Run `hearthroll repair "
            f"{path}` to rebuild the state from the journal, then make the edit again."
        ) from None
