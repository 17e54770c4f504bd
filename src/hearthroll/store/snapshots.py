"""A campaign's snapshot: the state and newest events an opening read, kept as a memo, and used
instead of parsing the files only while their bytes are exactly as they were when it was kept
(the state file's digest and the newest journal blocks make its key, with the code's)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import attrs

from hearthroll.core.campaign.events import Event
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.records import Record
from hearthroll.store.campaign_files import CampaignFiles
from hearthroll.store.digests import sha256
from hearthroll.store.journal import Block
from hearthroll.store.memo import Memo, code_key, key_of


@attrs.frozen
class Snapshot(Record):
    """What opening a campaign read: its state and its newest events, kept as a memo."""

    state: Campaign
    events: tuple[Event, ...]


def kept(memo: Memo, files: CampaignFiles, blocks: Sequence[Block]) -> Snapshot | None:
    """The snapshot kept for these files as they are now; None when there is none that fits."""
    name = snapshot_name(files.path)
    key = snapshot_key(files, blocks) if memo.holds(name) else None
    return memo.get(name, key, Snapshot) if key else None


def keep(
    memo: Memo,
    files: CampaignFiles,
    blocks: Sequence[Block],
    state: Campaign,
    events: tuple[Event, ...],
) -> bool:
    """Keep `state` and `events` as the snapshot of the files as they are now (False: not
    kept, as when what is on disk cannot be known)."""
    key = snapshot_key(files, blocks)
    if key is None:
        return False
    return memo.put(snapshot_name(files.path), key, Snapshot(state, events))


def snapshot_name(path: Path) -> str:
    """The memo's name for the campaign at `path`."""
    where = str(path.resolve()).encode()
    return "campaign-" + sha256(where).hexdigest()[:20]


def snapshot_key(files: CampaignFiles, blocks: Sequence[Block]) -> str | None:
    """The snapshot's key for the files as they are; None when it cannot be known."""
    if files.state_digest is None:
        return None
    try:
        parts = [code_key(), files.state_digest]
    except OSError:  # the package's source cannot be read: no snapshots then
        return None
    for block in blocks:
        parts += [str(block.seq).encode(), block.data]
    return key_of(parts)
