"""The campaign as a whole: `new` creates it, `state` shows it, `repair` rebuilds its state
file from its journal."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hearthroll.cli.common import EXIT_OK, UsageError, load_catalog, memo, print_json
from hearthroll.cli.kernel import add_campaign_options, read_campaign

if TYPE_CHECKING:
    from hearthroll.core.campaign.state import Campaign
    from hearthroll.store.campaigns import CampaignStore


def add_parsers(verbs: Any) -> None:
    """Add `new`, `state` and `repair` to the command line."""
    new = verbs.add_parser("new", help="create a campaign file")
    new.add_argument("file", type=Path, metavar="FILE")
    new.add_argument("--ruleset", default=None, metavar="R", help="house (default), hack, ...")
    new.add_argument("--demo", action="store_true", help="a ready party and a steading")
    new.add_argument("--name", default="", help="the campaign's name")
    add_campaign_options(new)
    new.set_defaults(run=run_new)

    state = verbs.add_parser("state", help="the campaign as it stands")
    state.add_argument("file", type=Path, metavar="FILE")
    add_campaign_options(state)
    state.set_defaults(run=run_state)

    repair = verbs.add_parser(
        "repair", help="rebuild the state file from the journal (after showing what changes)"
    )
    repair.add_argument("file", type=Path, metavar="FILE")
    repair.add_argument("--yes", action="store_true", help="do not ask (for a script)")
    add_campaign_options(repair)
    repair.set_defaults(run=run_repair)


def run_new(args: argparse.Namespace) -> int:
    """Create a campaign, empty or with the demo party."""
    from hearthroll.core.games.demo import demo_campaign, new_campaign
    from hearthroll.store.campaigns import RECENT_WINDOW, CampaignStore

    catalog = load_catalog(args.moves)
    ruleset = catalog.ruleset(args.ruleset) if args.ruleset else catalog.default
    name = args.name or args.file.stem
    campaign = (
        demo_campaign(ruleset, args.name or None) if args.demo else new_campaign(ruleset, name)
    )
    if args.moves:  # the campaign remembers them: every later opening loads them
        import attrs

        from hearthroll.store.campaign_moves import written

        campaign = attrs.evolve(campaign, moves=written(args.file, args.moves))
    with CampaignStore.create(
        args.file, campaign, catalog, recent=RECENT_WINDOW, memo=memo()
    ) as store:
        if args.json:
            print_json(state_json(store))
        else:
            who = ", ".join(campaign.characters) or "no characters yet"
            print(f"created {args.file}: {ruleset.name}, {who}")
    return EXIT_OK


def run_state(args: argparse.Namespace) -> int:
    """Print the campaign."""
    with read_campaign(args) as store:
        if args.json:
            print_json(state_json(store))
        else:
            from hearthroll.cli.fight import print_encounter
            from hearthroll.cli.sheets import print_state

            print_state(store.state, store.ruleset)
            print_encounter(store.state, store.ruleset)
    return EXIT_OK


def run_repair(args: argparse.Namespace) -> int:
    """Rebuild the state file (and any missing checkpoint) from the journal, after showing what
    differs and asking."""
    from hearthroll.store.repair import RepairPlan

    with RepairPlan(args.file, load_catalog(_repair_moves(args))) as plan:
        events = plan.rebuilt.history.events
        if plan.damage:
            print(
                f"the journal of {args.file} is still damaged, and repair cannot rebuild a saved "
                "event (every command says so until it is sound):"
            )
            for line in plan.damage:
                print(f"  {line}")
            print(
                "  Restore the damaged files from a backup, then run `hearthroll check "
                f"{args.file}`."
            )
            if not plan.changes and not plan.notes:
                raise UsageError(f"not repaired: the journal of {args.file} is as it was")
        if not plan.changes and not plan.notes:
            print(f"{args.file}: the state file is already what its {events} events make")
            return EXIT_OK
        if plan.changes and plan.readable:
            print(f"rebuilding {args.file} from its journal ({events} events) changes:")
        elif plan.changes:
            print(f"{args.file} cannot be read; it is rebuilt from its journal ({events} events):")
        for line in plan.changes:
            print(f"  {line}")
        if plan.notes:
            print(f"repairing the journal of {args.file}:")
        for line in plan.notes:
            print(f"  {line}")
        if not args.yes:
            if not sys.stdin.isatty():
                raise UsageError("repair asks before it writes; say --yes to repair without asking")
            question = "Rebuild the state file from the journal?" if not plan.notes else "Repair?"
            answer = input(f"{question} [y/N] ")
            if answer.strip().lower() not in ("y", "yes"):
                raise UsageError(f"not repaired: {args.file} is as it was")
        kept = plan.apply()
        where = f"; the old file is kept as {kept}" if kept is not None else ""
        what = (
            "the journal checks its state file from now on"
            if plan.adopted
            else "its state is the journal's again"
        )
        print(f"repaired {args.file}: {what}{where}")
    return EXIT_OK


def _repair_moves(args: argparse.Namespace) -> list[Path]:
    """The move files repair loads: the campaign's own where its state file names them and
    they are there, and those typed with --moves (a damaged state file names none)."""
    from hearthroll.store.campaign_moves import unique, with_typed
    from hearthroll.store.errors import StoreError

    try:
        return with_typed(args.file, args.moves)
    except StoreError:
        return unique(args.moves)


def state_json(store: CampaignStore) -> dict[str, object]:
    """The campaign as the JSON `state --json` prints."""
    from hearthroll.cli.clock import clock_json
    from hearthroll.core.games.pool_turn import plays_pool, pool_for
    from hearthroll.core.games.progress import keeps_tracks
    from hearthroll.core.games.sheet import character_sheet

    state = store.state
    steading = state.steading
    characters = [character_sheet(store.ruleset, c).data() for c in state.characters.values()]
    steading_json: dict[str, object] | None = None
    if steading is not None:
        steading_json = {
            "name": steading.name,
            "size": steading.size,
            "season": steading.season,
            **{k: v for k, v in steading.stats.items()},
            "flags": list(steading.flags),
            "muster": list(steading.muster),
            "plans": [
                {
                    "name": p.name,
                    "requirements": [{"text": r.text, "done": r.done} for r in p.requirements],
                }
                for p in steading.plans
            ],
        }
    turn = state.turn
    fights = _encounter_json(store)
    return {
        **fights,
        "ruleset": state.ruleset,
        "name": state.name,
        "active": state.active,
        "characters": characters,
        **({"steading": steading_json} if steading_json is not None else {}),
        **(
            {
                "turn": {
                    "actor": turn.actor,
                    "pool": turn.pushes,
                    "next_pool": pool_for(turn, turn.actor),
                    "status": turn.status,
                    "pending_bust": turn.status == "bust_pending",
                    "move": turn.move,
                    "dice": list(turn.last.faces) if turn.last else [],
                }
            }
            if plays_pool(store.ruleset)
            else {}
        ),
        **({"tracks": tracks_json(state)} if keeps_tracks(state, store.ruleset) else {}),
        **({"clocks": [clock_json(c) for c in state.clocks]} if state.clocks else {}),
        **({"moves": list(state.moves)} if state.moves else {}),
        "events": state.history.events,
        "can_undo": bool(state.history.undo),
        "can_redo": bool(state.history.redo),
    }


def tracks_json(state: Campaign) -> list[dict[str, object]]:
    """The campaign's progress tracks as `state --json` and `track FILE list --json` print
    them."""
    from hearthroll.core.games.progress import boxes

    return [
        {"name": t.name, "kind": t.kind, "rank": t.rank, "ticks": t.ticks, "boxes": boxes(t)}
        for t in state.tracks or ()
    ]


def _encounter_json(store: CampaignStore) -> dict[str, object]:
    """The encounter (None when no fight is on), where the ruleset fights."""
    from hearthroll.core.verbs.fight import has_encounters

    if not has_encounters(store.ruleset):
        return {}
    fight = store.state.encounter
    if fight is None:
        return {"encounter": None}
    foes = [
        {
            "name": f.name,
            **dict(f.stats),
            "meters": dict(f.meters),
            "maxima": dict(f.maxima),
            "armor": f.armor,
            "weapon": f.weapon,
            "shield": f.shield,
            "huge": f.huge,
            "conditions": dict(f.conditions),
            "attacking": f.attacking,
        }
        for f in fight.foes.values()
    ]
    return {
        "encounter": {
            "round": fight.round,
            "foes": foes,
            "acted": dict(fight.acted),
            "fled": list(fight.fled),
            "no_way_out": fight.no_way_out,
        }
    }
