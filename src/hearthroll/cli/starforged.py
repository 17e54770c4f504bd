"""The starforged verbs on the command line: burn, asset and track."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hearthroll.cli.common import UsageError
from hearthroll.cli.dice_flags import add_effect_dice, dice_source, finish_dice, finish_effect
from hearthroll.cli.kernel import add_campaign_options, with_store

if TYPE_CHECKING:
    from hearthroll.core.campaign.events import Outcome
    from hearthroll.store.campaigns import CampaignStore


def add_parsers(verbs: Any) -> None:
    """Add burn, asset and track to the command line."""
    burn = verbs.add_parser("burn", help="burn momentum on the last action roll")
    burn.add_argument("file", type=Path, metavar="FILE")
    burn.add_argument("--as", dest="actor", metavar="NAME", help="whose momentum")
    burn.add_argument(
        "--pick",
        action="append",
        default=[],
        metavar="OPTION",
        help="an option of the band the burn lands on (repeatable)",
    )
    burn.add_argument("--track", metavar="NAME", help="the track a loss of progress clears")
    add_effect_dice(burn)
    add_campaign_options(burn)
    burn.set_defaults(run=run_burn)

    asset = verbs.add_parser("asset", help="add a companion or a vehicle to a sheet")
    asset.add_argument("file", type=Path, metavar="FILE")
    asset.add_argument("kind", choices=("companion", "vehicle"))
    asset.add_argument("name", metavar="NAME")
    asset.add_argument("--max", type=int, required=True, metavar="N", help="its health/integrity")
    asset.add_argument("--type", default="", metavar="T", help="command, support or incidental")
    asset.add_argument("--as", dest="actor", metavar="OWNER", help="whose asset it is")
    add_campaign_options(asset)
    asset.set_defaults(run=run_asset)

    track = verbs.add_parser("track", help="progress tracks: list, new, mark, roll, clear, drop")
    track.add_argument("file", type=Path, metavar="FILE")
    track.add_argument("action", choices=("list", "new", "mark", "roll", "clear", "drop"))
    track.add_argument("name", metavar="NAME", nargs="?", help="the track (not for list)")
    track.add_argument("--rank", metavar="R", help="troublesome, dangerous, formidable, ...")
    track.add_argument("--kind", default="vow", metavar="K", help="vow, expedition, ...")
    track.add_argument("--times", type=int, default=1, metavar="N", help="marks at once")
    track.add_argument("--dice", metavar="A,B", help="the two challenge dice, typed")
    track.add_argument("--seed", type=int, help="seed the dice")
    add_campaign_options(track)
    track.set_defaults(run=run_track)


def run_burn(args: argparse.Namespace) -> int:
    """Burn momentum."""
    from hearthroll.core.verbs.starforged import burn

    def verb(store: CampaignStore) -> Outcome:
        effect = dice_source(args.effect_dice, None)
        outcome = burn(
            store.state,
            store.ruleset,
            args.actor,
            store.event,
            picks=args.pick,
            track=args.track,
            effect_dice=effect,
        )
        finish_effect(effect)
        return outcome

    return with_store(args, verb)


def run_asset(args: argparse.Namespace) -> int:
    """Add an asset."""
    from hearthroll.core.verbs.starforged import add_asset

    return with_store(
        args,
        lambda s: add_asset(
            s.state, s.ruleset, args.kind, args.name, args.max, args.type, args.actor
        ),
    )


def run_track(args: argparse.Namespace) -> int:
    """One of the track verbs."""
    from hearthroll.core.verbs import starforged

    if args.action == "list":
        return _list_tracks(args)
    if args.name is None:
        raise UsageError(f"track {args.action} needs the track's NAME")

    def verb(store: CampaignStore) -> Outcome:
        state = store.state
        if args.action == "new":
            if args.rank is None:
                raise UsageError("a new track needs --rank (troublesome, dangerous, ...)")
            return starforged.new_track(state, args.name, args.rank, args.kind)
        if args.action == "mark":
            return starforged.mark_track(state, args.name, args.times)
        if args.action == "clear":
            return starforged.clear_track(state, args.name)
        if args.action == "drop":
            return starforged.drop_track(state, args.name)
        dice = dice_source(args.dice, args.seed)
        outcome = starforged.roll_track(state, args.name, dice)
        finish_dice(dice)
        return outcome

    return with_store(args, verb)


def _list_tracks(args: argparse.Namespace) -> int:
    """The campaign's tracks, one a line (as `state` shows them), read without a write."""
    from hearthroll.cli.campaign import tracks_json
    from hearthroll.cli.common import EXIT_OK, print_json
    from hearthroll.cli.kernel import read_campaign
    from hearthroll.cli.sheets import track_lines
    from hearthroll.core.games.progress import keeps_tracks

    if args.name is not None:
        raise UsageError("track list takes no NAME: it lists every track")
    with read_campaign(args) as store:
        if not keeps_tracks(store.state, store.ruleset):
            raise UsageError(f"a {store.ruleset.name} campaign keeps no progress tracks")
        if args.json:
            print_json({"tracks": tracks_json(store.state)})
        else:
            print("\n".join(track_lines(store.state, store.ruleset)))
    return EXIT_OK
