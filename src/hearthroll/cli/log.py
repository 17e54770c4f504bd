"""`hearthroll log`: the campaign's events one a line, as JSON, or drawn as a recap."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from hearthroll.cli.common import EXIT_OK, cached_catalog, memo
from hearthroll.cli.kernel import (
    add_campaign_options,
    event_json,
    moves_of,
    say_damage,
    say_unrecorded,
)

if TYPE_CHECKING:
    from hearthroll.core.campaign.events import Event
    from hearthroll.store.campaigns import CampaignStore


def add_parsers(verbs: Any) -> None:
    """Add `log` to the command line."""
    log = verbs.add_parser("log", help="every event; --markdown or --recap for a recap")
    log.add_argument("file", type=Path, metavar="FILE")
    drawn = log.add_mutually_exclusive_group()
    drawn.add_argument("--markdown", action="store_true", help="the recap, to paste into a chat")
    drawn.add_argument("--recap", action="store_true", help="the recap as plain text")
    log.add_argument(
        "--gm",
        action="store_true",
        help="the recap for the GM: foes' exact health and the secret notes too (without it, "
        "the recap keeps them from the players)",
    )
    log.add_argument("--last", type=int, metavar="N", help="only the last N events")
    log.add_argument("--since", type=int, metavar="SEQ", help="only the events after event SEQ")
    log.add_argument(
        "--last-session",
        action="store_true",
        help="only the last session (it ends after 4 hours without an event)",
    )
    add_campaign_options(log)
    log.set_defaults(run=run_log)


def run_log(args: argparse.Namespace) -> int:
    """Print the log: only the newest segments for --last, --since and --last-session, and the
    whole log one journal segment at a time, so neither time nor memory grows with what is not
    shown. --markdown and --recap draw the same recap, in Markdown or as plain text."""
    from hearthroll.core.campaign.events import summary
    from hearthroll.store.campaigns import RECENT_WINDOW, CampaignStore

    # Read without a lock or a write. `--last` up to the snapshot's window of newest events is
    # served by the snapshot when it fits and the newest segment holds the window (no older one
    # is opened): its state and events, without parsing a line.
    window = RECENT_WINDOW if args.last and args.since is None and not args.last_session else 0
    kept = memo() if window else None
    with CampaignStore.read(
        args.file, cached_catalog(moves_of(args)), recent=window, memo=kept, within_newest=True
    ) as store:
        say_damage(store)
        say_unrecorded(store)
        events = _chosen(args, store)
        events = events if _whole(args) else list(events)
        out = sys.stdout
        if args.json:
            out.write("[")
            for at, event in enumerate(events):
                out.write(", " if at else "")
                out.write(json.dumps(event_json(event), ensure_ascii=False))
            out.write("]\n")
        elif args.markdown or args.recap:
            _write_recap(args, store, events, out)
        else:
            undone = _undone(args, store, events)
            for event in events:
                when = event.at[:16].replace("T", " ")
                mark = "  (undone)" if event.seq in undone else ""
                out.write(f"#{event.seq:<4} {when}  {summary(event)}{mark}\n")
    return EXIT_OK


def _whole(args: argparse.Namespace) -> bool:
    return not args.last and args.since is None and not args.last_session


def _undone(args: argparse.Namespace, store: CampaignStore, shown: Iterable[Event]) -> set[int]:
    """The events undone: in the whole log, or among those shown when only some are."""
    from hearthroll.core.campaign.events import standing

    if _whole(args) or not isinstance(shown, list):
        return store.undone()
    undoing = ("undo", "redo")
    return {e.seq for e in shown if e.kind not in undoing} - {e.seq for e in standing(shown)}


def _chosen(args: argparse.Namespace, store: CampaignStore) -> Iterable[Event]:
    """The events the flags ask for: the last session's, the last N, those after SEQ, or all."""
    if args.last_session:  # the events since the last pause of 4 hours
        session = store.last_session(args.since or 0)
        return session[-args.last :] if args.last else session
    if args.last:
        events = store.last_events(args.last)
        if args.since is not None:
            return [e for e in events if e.seq > args.since]
        return events
    return store.events_after(args.since or 0)


def _write_recap(
    args: argparse.Namespace, store: CampaignStore, events: Iterable[Event], out: TextIO
) -> None:
    """The recap of `events`, in Markdown (--markdown) or as plain text (--recap)."""
    from hearthroll.core.campaign import recap, recap_draw, secrets

    undone = _undone(args, store, events)
    state = store.state
    steading = state.steading.name if state.steading is not None else ""
    audience = secrets.GM if args.gm else secrets.players(state)
    sessions = recap.recap_sessions(events, store.ruleset, steading, undone, audience)
    draw = recap_draw.markdown_chunks if args.markdown else recap_draw.text_chunks
    for chunk in draw(state.name or store.path.stem, sessions):
        out.write(chunk)
