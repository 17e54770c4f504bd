"""What every campaign verb shares: its FILE and --moves, the campaign opened or read, one event
saved and printed."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hearthroll.cli.common import EXIT_OK, add_json, add_moves, cached_catalog, memo, print_json

if TYPE_CHECKING:
    from hearthroll.core.campaign.events import Event, Outcome
    from hearthroll.store.campaigns import CampaignStore


def add_campaign_options(parser: argparse.ArgumentParser) -> None:
    """--json, and --moves for the extra ruleset files the campaign's ruleset may come from."""
    add_json(parser)
    add_moves(parser, "an extra ruleset file to load (repeatable)")


def add_verb(
    verbs: Any, name: str, text: str, run: Callable[[argparse.Namespace], int]
) -> argparse.ArgumentParser:
    """A verb on a campaign FILE, run by `run`, with the campaign options."""
    parser: argparse.ArgumentParser = verbs.add_parser(name, help=text)
    parser.add_argument("file", type=Path, metavar="FILE")
    add_campaign_options(parser)
    parser.set_defaults(run=run)
    return parser


def moves_of(args: argparse.Namespace) -> list[Path]:
    """The move files a campaign verb loads: the campaign's own, then those typed with --moves."""
    from hearthroll.store.campaign_moves import with_typed

    return with_typed(args.file, args.moves)


@contextlib.contextmanager
def own_moves(args: argparse.Namespace) -> Iterator[list[Path]]:
    """The move files a campaign verb loads (`moves_of`); a problem in one the campaign names
    itself is tied to its place in the campaign's list, with the fix."""
    from hearthroll.store.errors import StoreError

    moves = moves_of(args)
    try:
        yield moves
    except StoreError as error:
        from hearthroll.store.campaign_moves import explained

        found = explained(args.file, error)
        if found is error:
            raise
        raise found from None


def open_campaign(args: argparse.Namespace) -> CampaignStore:
    """The campaign named on the command line, opened as the app opens it: from the snapshot
    the last opening kept, when the files are exactly as they were then."""
    from hearthroll.store.campaigns import RECENT_WINDOW, CampaignStore

    with own_moves(args) as moves:
        catalog = cached_catalog(moves)
        store = CampaignStore.open(args.file, catalog, recent=RECENT_WINDOW, memo=memo())
    if store.hand_edit is not None:
        from hearthroll.core.campaign.events import summary

        print(
            f"hearthroll: recorded a hand edit of {args.file} as event #{store.hand_edit.seq}: "
            f"{summary(store.hand_edit)} (undo reverts it)",
            file=sys.stderr,
        )
    if store.lagging:
        print(f"hearthroll: warning: {store.lagging}", file=sys.stderr)
    say_damage(store)
    return store


def read_campaign(args: argparse.Namespace) -> CampaignStore:
    """The campaign named on the command line, read for a verb that only looks: no byte is
    written and no lock taken (the snapshot is used, never kept)."""
    from hearthroll.store.campaigns import RECENT_WINDOW, CampaignStore

    with own_moves(args) as moves:
        catalog = cached_catalog(moves)
        store = CampaignStore.read(args.file, catalog, recent=RECENT_WINDOW, memo=memo())
    say_damage(store)
    say_unrecorded(store)
    return store


def say_damage(store: CampaignStore) -> None:
    """Every command's lines about damage found earlier in the journal and not yet repaired
    (its damage note): the damage, in check's words, and what to do."""
    if store.files.damage is not None:
        from hearthroll.store.damage_note import warning

        print(f"hearthroll: warning: {warning(store.path, store.files.damage)}", file=sys.stderr)


def say_unrecorded(store: CampaignStore) -> None:
    """A reader's one line about a hand edit of the state file the journal has not recorded."""
    if store.unrecorded is not None:
        print(
            f"hearthroll: note: {store.path} has a hand edit not yet in its journal "
            f"({store.unrecorded.words()}); shown as the file has it. The next command that "
            f"writes records it as an event; `hearthroll repair {store.path}` puts back the "
            "journal's state.",
            file=sys.stderr,
        )


def with_store(args: argparse.Namespace, verb: Callable[[CampaignStore], Outcome]) -> int:
    """Open the campaign, make the one event `verb` returns, save it and print it."""
    from hearthroll.core.campaign import events
    from hearthroll.store.errors import StateWriteError

    with open_campaign(args) as store:
        outcome = verb(store)
        try:
            event = store.commit(outcome)
        except StateWriteError as error:
            # Saved: the event is in the journal. Only the state file lags, and catches up at
            # the next opening; a script must not run the command again.
            event = error.event if isinstance(error.event, events.Event) else outcome.event
            print_event(event, args.json)
            print(f"hearthroll: warning: {error}", file=sys.stderr)
            return EXIT_OK
        print_event(event, args.json)
    return EXIT_OK


def print_event(event: Event, as_json: bool) -> None:
    """An event as a verb prints it: its summary and what the roll said, or its JSON."""
    if as_json:
        print_json(event_json(event))
        return
    from hearthroll.core.campaign.events import summary

    print(f"#{event.seq} {summary(event)}")
    rolled = event.kind in ("move", "reroll", "accept", "prep", "burn")
    if event.line and rolled:
        print(f"  {event.line}")
    if event.text and event.band and not event.pending:
        print(f"  {event.text}")
    for line in event.modifiers:
        print(f"  ({line})")
    if rolled and event.total is not None and event.mechanic not in ("pool", "stat_dice"):
        print(f"  total {event.total}")
    for line in event.results if rolled or event.kind in ("undo", "redo") else ():
        print(f"  {line}")


def event_json(event: Event) -> dict[str, object]:
    """An event as the JSON the verbs print."""
    from hearthroll.store.codec import event_data

    deltas = event_data(event)["deltas"]
    for raw in deltas:
        raw["path"] = ".".join(raw["path"])
        raw.setdefault("before", None)
        raw.setdefault("after", None)
    return {
        "event": event.kind,
        "seq": event.seq,
        "at": event.at,
        "move": event.move,
        "move_name": event.move_name,
        "actor": event.actor,
        "mechanic": event.mechanic,
        "dice": list(event.dice),
        "kept": list(event.kept),
        "dropped": list(event.dropped),
        "band": event.band,
        "label": event.label,
        "bust": event.bust,
        "only_ones": event.only_ones,
        "match": event.match,
        "pending": event.pending,
        "xp_gained": event.xp_gained,
        "rerolls_left": event.rerolls_left,
        "pool": event.pool,
        "total": event.total,
        "text": event.text,
        "options": list(event.options),
        "modifiers": list(event.modifiers),
        "results": list(event.results),
        "line": event.line,
        "follow": list(event.follow),
        "target": event.target,
        **({"secret": True} if event.secret else {}),
        "deltas": deltas,
    }
