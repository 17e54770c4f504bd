"""The starforged verbs: burn momentum, add an asset, and the progress tracks' verbs."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import attrs

from hearthroll.core.campaign.deltas import Delta, apply, diff
from hearthroll.core.campaign.events import Event, Outcome, record, reverse
from hearthroll.core.campaign.sheets import find_character, put_character
from hearthroll.core.campaign.state import Campaign, History
from hearthroll.core.dice.mechanics import MATCH
from hearthroll.core.dice.odds import Odds, action_odds
from hearthroll.core.dice.sources import DiceSource, TypedDice
from hearthroll.core.errors import HearthrollError, RuleError
from hearthroll.core.games import assets, momentum, progress
from hearthroll.core.games.floor import FloorPickUnneeded, floor_ids
from hearthroll.core.rules.model import Ruleset
from hearthroll.core.rules.search import find_move
from hearthroll.core.verbs.picking import STAT
from hearthroll.core.verbs.session import make_move

LABELS = {"miss": "miss", "weak": "weak hit", "strong": "strong hit"}


def burn(
    state: Campaign,
    ruleset: Ruleset,
    actor: str | None,
    lookup: Callable[[int], Event],
    *,
    picks: Sequence[str] = (),
    track: str | None = None,
    effect_dice: DiceSource | None = None,
    short_ok: bool = False,
) -> Outcome:
    """Reading 27: burn momentum on the character's last action roll, when it improves it.

    The roll's move is judged again on the new band: what its old band applied is reverted
    and the new band's options are `picks` (the harm before the roll stays as it was). The
    burn is one event whose deltas take the sheet from the old band's outcome to the new.
    Events since the roll may stand (a note, another character's move, a track marked) while
    none of them touches the character's sheet or what the burn changes; `lookup(seq)` reads
    them from the log.
    """
    character = find_character(state, actor)
    meter = momentum.meter_of(ruleset)
    if meter is None:
        raise RuleError(f"ruleset {ruleset.id!r} has no momentum to burn")
    made, later = _roll_to_burn(state, character.name, lookup)
    then = state
    for event in later:  # newest first: the campaign as the roll left it
        then = apply(then, reverse(event.deltas))
    roll = then.last_roll
    if roll is None or roll.actor != character.name:
        raise RuleError(f"{character.name} has made no action roll to burn momentum on")
    reason = momentum.can_burn(momentum.at_roll(then.characters[character.name], roll, meter), roll)
    if reason is not None:
        raise RuleError(f"{character.name} cannot burn momentum: {reason}")
    before = apply(then, reverse(made.deltas))
    move = ruleset.move(roll.move)
    carried = [p for p in made.options if p in floor_ids(ruleset) and p not in picks]
    own = [*roll.picks, *picks]

    # the band is judged on momentum, not on the stat: where the player picked one, any serves
    chosen = move.roll.stat_choice if move.roll.choose == "player" else ()
    inputs = {STAT: chosen[0]} if chosen else None

    def again(floor: Sequence[str]) -> Outcome:
        return make_move(
            before,
            ruleset,
            move.id,
            TypedDice((roll.die, *roll.challenge)),
            actor=character.name,
            inputs=inputs,
            picks=[*own, *floor],
            effect_dice=effect_dice,
            resist=move.roll.optional,
            asset=roll.asset or None,
            track=track,
            short_ok=short_ok,
            burn=True,
        )

    try:
        outcome = again(carried)
    except FloorPickUnneeded:
        if not carried:
            raise
        outcome = again(())
    changes = diff(
        attrs.evolve(then, history=History()), attrs.evolve(outcome.state, history=History())
    )
    changes = _past_later(changes, later, character.name)
    after = apply(state, changes)
    event = attrs.evolve(outcome.event, kind="burn", seq=0, deltas=())
    return attrs.evolve(record(state, after, event), offered=outcome.offered)


def burn_offer(
    state: Campaign, ruleset: Ruleset, actor: str | None, events: Sequence[Event]
) -> tuple[momentum.Burn | None, str]:
    """What a burn would do now on the character's last action roll, reading the recent log
    `events`, or why it cannot (no roll, no better band, an event since stands in between, or
    the roll is older than the log read)."""
    if actor is None or actor not in state.characters:
        return None, "no character to burn momentum for"
    meter = momentum.meter_of(ruleset)
    if meter is None:
        return None, f"{ruleset.name} has no momentum to burn"
    by_seq = {e.seq: e for e in events}
    try:
        _, later = _roll_to_burn(state, actor, by_seq.__getitem__)
    except HearthrollError as error:
        return None, str(error)
    except KeyError:
        return None, f"{actor}'s last action roll is further back than the log at hand"
    then = state
    for event in later:
        then = apply(then, reverse(event.deltas))
    roll, character = then.last_roll, then.characters[actor]
    if roll is None or roll.actor != actor:
        return None, f"{actor} has made no action roll to burn momentum on"
    reason = momentum.can_burn(momentum.at_roll(character, roll, meter), roll)
    if reason is not None:
        return None, f"{actor} cannot burn momentum: {reason}"
    return momentum.burn_preview(ruleset, character, roll), ""


ROLLS = frozenset({"move", "burn"})
"""The events that make (or re-judge) a character's action roll."""


def _roll_to_burn(
    state: Campaign, name: str, lookup: Callable[[int], Event]
) -> tuple[Event, list[Event]]:
    """The character's last action roll still standing, and the events since it, newest first.

    An event since that touches the character's sheet stands in between: refused, naming it.
    """
    last = state.last_roll
    if last is not None and last.actor == name and not last.seq:
        raise RuleError(
            "this roll was saved before a burn could judge its options again: roll anew"
        )
    later: list[Event] = []
    blocker: Event | None = None
    if last is not None:  # none: no action roll stands anywhere
        for seq in reversed(state.history.undo):
            event = lookup(seq)
            if (
                event.actor == name
                and event.kind in ROLLS
                and event.mechanic == "action"
                and event.dice
            ):
                if blocker is not None:
                    raise RuleError(
                        f"{name} cannot burn momentum: {_named(blocker)} came after {name}'s "
                        f"roll (event {event.seq}) and changed their sheet (undo it first)"
                    )
                return event, later
            if blocker is None and any(_touches(d, ("characters", name)) for d in event.deltas):
                blocker = event
            later.append(event)
    raise RuleError(f"{name} has made no action roll to burn momentum on")


def _past_later(changes: Sequence[Delta], later: Sequence[Event], name: str) -> tuple[Delta, ...]:
    """The burn's changes, laid over the events since the roll: one that changed what the burn
    changes stands in between (refused, named); the last roll another character has made since
    stays theirs."""
    rolled_since = any(d.path[:1] == ("last_roll",) for e in later for d in e.deltas)
    kept: list[Delta] = []
    for change in changes:
        if change.path[:1] == ("last_roll",) and rolled_since:
            continue  # a later roll is the last one now: the burn marks none
        for event in later:
            if not any(_touches(d, change.path) for d in event.deltas):
                continue
            raise RuleError(
                f"{name} cannot burn momentum: {_named(event)} came after {name}'s roll and "
                f"changed {'.'.join(change.path)} that the burn changes (undo it first)"
            )
        kept.append(change)
    return tuple(kept)


def _touches(delta: Delta, path: tuple[str, ...]) -> bool:
    """Whether the delta changed what lies at `path`: below it, or above it with that part
    changed (a character joining rewrites the whole party, leaving the others as they were)."""
    if delta.path[: len(path)] == path:
        return True
    if path[: len(delta.path)] != delta.path:
        return False
    rest = path[len(delta.path) :]
    return _at(delta.before, rest) != _at(delta.after, rest)


def _at(node: object, path: tuple[str, ...]) -> object:
    for key in path:
        if isinstance(node, dict):
            node = node.get(key)
        else:
            node = getattr(node, key, None)
    return node


def _named(event: Event) -> str:
    what = event.move_name or event.kind
    who = f"{event.actor}'s " if event.actor else ""
    return f"{who}{what} (event {event.seq})"


def add_asset(
    state: Campaign,
    ruleset: Ruleset,
    kind: str,
    name: str,
    top: int,
    type: str = "",
    owner: str | None = None,
) -> Outcome:
    """A companion or vehicle joins a character's sheet, its meter full."""
    character = find_character(state, owner)
    asset = assets.new_asset(ruleset, kind, name, top, type)
    changed = assets.add(character, asset)
    kind_words = f"{type} vehicle" if type else kind
    event = Event(
        kind="asset",
        actor=character.name,
        results=(f"{asset.name} ({kind_words}) joins {character.name}: {asset.value}/{asset.max}",),
    )
    return record(state, put_character(state, changed), event)


def new_track(state: Campaign, name: str, rank: str, kind: str = "vow") -> Outcome:
    """A new progress track, empty."""
    track = progress.new_track(name, rank, kind)
    tracks = state.tracks or ()
    if any(t.name.lower() == track.name.lower() for t in tracks):
        raise RuleError(f"there is a track named {track.name} already")
    after = attrs.evolve(state, tracks=(*tracks, track))
    words = (f"new {rank} {kind}: {track.name} (one mark: {progress.unit(track)})",)
    return record(state, after, Event(kind="track", results=words))


def mark_track(state: Campaign, name: str, times: int = 1) -> Outcome:
    """Mark progress on a track `times` times by its rank."""
    tracks = state.tracks or ()
    track = progress.find_track(tracks, name)
    marked = progress.mark(track, times)
    if marked == track:
        full = f"{track.name} is full ({progress.BOXES}/{progress.BOXES} boxes)"
        raise RuleError(
            f"{full}: make its progress roll (track FILE roll {track.name!r}) or strike it "
            "(track FILE drop)",
            at_table=f"{full}: roll {track.name} makes its progress roll, drop {track.name} "
            "strikes it",
        )
    words = (
        f"{track.name}: +{progress.unit(track)}{f' ×{times}' if times > 1 else ''}, "
        f"{progress.boxes(track)} → {progress.boxes(marked)} boxes "
        f"(ticks {track.ticks} → {marked.ticks})",
    )
    after = attrs.evolve(state, tracks=progress.replace(tracks, marked))
    return record(state, after, Event(kind="track", results=words))


def clear_track(state: Campaign, name: str) -> Outcome:
    """Clear one unit of progress on a track by its rank."""
    tracks = state.tracks or ()
    track = progress.find_track(tracks, name)
    why = progress.clear_refusal(track)
    if why is not None:
        raise RuleError(why)
    cleared = progress.clear(track)
    words = (f"{track.name}: −{progress.unit(track)}, ticks {track.ticks} → {cleared.ticks}",)
    after = attrs.evolve(state, tracks=progress.replace(tracks, cleared))
    return record(state, after, Event(kind="track", results=words))


def drop_track(state: Campaign, name: str) -> Outcome:
    """Strike a track (fulfilled, forsaken or ended)."""
    tracks = state.tracks or ()
    track = progress.find_track(tracks, name)
    rest = tuple(t for t in tracks if t.name != track.name)
    after = attrs.evolve(state, tracks=rest or None)
    return record(state, after, Event(kind="track", results=(f"{track.name} is struck",)))


def roll_track(state: Campaign, name: str, dice: DiceSource) -> Outcome:
    """A progress roll: the track's full boxes against two d10 (momentum stays out)."""
    track = progress.find_track(state.tracks or (), name)
    roll = progress.progress_roll(dice, track)
    c1, c2 = roll.faces
    match = ", a match" if roll.has(MATCH) else ""
    line = f"progress {roll.total}  vs  {c1} · {c2} → {LABELS[roll.band]}{match}"
    event = Event(
        kind="track",
        move_name=f"progress roll: {track.name}",
        mechanic="progress",
        dice=roll.faces,
        kept=roll.kept,
        band=roll.band,
        label=LABELS[roll.band],
        total=roll.total,
        match=roll.has(MATCH),
        line=line,
        results=(f"{track.name}: {line}",),
    )
    return record(state, state, event)


def resist_odds(
    state: Campaign,
    ruleset: Ruleset,
    wanted: str,
    *,
    actor: str | None = None,
    picks: Sequence[str] = (),
    inputs: Mapping[str, int | str] | None = None,
    asset: str | None = None,
    track: str | None = None,
) -> Odds | None:
    """The odds of resisting after the harm picked (reading 25), or None when there is no
    choice: the roll is not optional, or the harm leaves the meter at 0 and forces it."""
    move = find_move(ruleset.moves, wanted)
    if not move.roll.optional or move.roll.mechanic != "action":
        return None
    harmed = make_move(
        state,
        ruleset,
        move.id,
        _NoDice(),
        actor=actor,
        picks=picks,
        inputs=inputs,
        asset=asset,
        track=track,
        short_ok=True,  # the band's picks come later
    )
    if harmed.event.dice:
        return None
    who = harmed.event.actor
    if who is None:
        return None
    character = harmed.state.characters[who]
    stats = move.roll.stat_choice or ((move.roll.stat,) if move.roll.stat else ())
    kind = _asset_meter_kind(ruleset, stats)
    values: list[int] = []
    if kind is not None:
        values.append(assets.find_asset(character, kind, asset).value)
    values += [character.meters.get(s, character.stats.get(s, 0)) for s in stats if s]
    stat = max(values) if values else 0
    now = momentum.value_of(ruleset, character)
    return action_odds(stat, momentum=max(-6, min(10, now)))


def _asset_meter_kind(ruleset: Ruleset, stats: Sequence[str | None]) -> str | None:
    for meter in ruleset.meters:
        if meter.id in stats and meter.scope in ("companion", "vehicle"):
            return meter.scope
    return None


class _NoDice:
    """Dice for a move that must not roll: asked for any, the move rolls (so it is forced)."""

    def roll(self, sides: int, count: int = 1) -> tuple[int, ...]:
        return (1,) * count
