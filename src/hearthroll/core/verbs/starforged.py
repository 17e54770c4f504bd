"""The starforged verbs: burn momentum, add an asset, and the progress tracks' verbs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from hearthroll.core.campaign.events import Event, Outcome, record
from hearthroll.core.campaign.sheets import find_character, put_character
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.mechanics import MATCH
from hearthroll.core.dice.odds import Odds, action_odds
from hearthroll.core.dice.sources import DiceSource
from hearthroll.core.errors import HearthrollError, RuleError
from hearthroll.core.games import assets, momentum, progress
from hearthroll.core.rules.effects import OptionList
from hearthroll.core.rules.model import Ruleset
from hearthroll.core.rules.search import find_move
from hearthroll.core.verbs.session import FloorChoiceNeeded, make_move

LABELS = {"miss": "miss", "weak": "weak hit", "strong": "strong hit"}


def burn(state: Campaign, ruleset: Ruleset, actor: str | None = None) -> Outcome:
    """Reading 27: burn momentum on the character's last action roll, when it improves it."""
    character = find_character(state, actor)
    roll = state.last_roll
    if roll is None or roll.actor != character.name:
        raise RuleError(f"{character.name} has made no action roll to burn momentum on")
    burned, done = momentum.burn(ruleset, character, roll)
    move = ruleset.move(roll.move)
    after = attrs.evolve(
        put_character(state, burned),
        last_roll=attrs.evolve(roll, burned=True, band=done.band_after),
    )
    band = move.band(done.band_after) if any(b.id == done.band_after for b in move.bands) else None
    c1, c2 = roll.challenge
    words = [
        f"momentum {done.momentum:+d} replaces the action score {roll.score}: "
        f"{LABELS[done.band_before]} → {LABELS[done.band_after]}",
        f"Momentum {done.momentum} → {done.reset} (reset)",
        f"now: {band.text}" if band else "",
    ]
    event = Event(
        kind="burn",
        actor=character.name,
        move=move.id,
        move_name=move.name,
        mechanic="action",
        dice=(roll.die, c1, c2),
        band=done.band_after,
        label=band.label if band else LABELS[done.band_after],
        total=done.momentum,
        line=f"momentum {done.momentum}  vs  {c1} · {c2} → {LABELS[done.band_after]}",
        results=tuple(w for w in words if w),
    )
    return record(state, after, event)


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
        results=(line,),
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
    now = character.meters.get("momentum", 0)
    return action_odds(stat, momentum=max(-6, min(10, now)))


def floor_lists(
    state: Campaign,
    ruleset: Ruleset,
    wanted: str,
    *,
    actor: str | None = None,
    picks: Sequence[str] = (),
    inputs: Mapping[str, int | str] | None = None,
    asset: str | None = None,
) -> tuple[OptionList, ...]:
    """Reading 29: the choice the harm picked asks for when it goes past momentum's floor
    (another suffer move, or progress lost); empty when it does not."""
    try:
        make_move(
            state,
            ruleset,
            wanted,
            _NoDice(),
            actor=actor,
            picks=picks,
            inputs=inputs,
            asset=asset,
            short_ok=True,
        )
    except FloorChoiceNeeded as needed:
        return needed.lists
    except HearthrollError:
        return ()
    return ()


def _asset_meter_kind(ruleset: Ruleset, stats: Sequence[str | None]) -> str | None:
    for meter in ruleset.meters:
        if meter.id in stats and meter.scope in ("companion", "vehicle"):
            return meter.scope
    return None


class _NoDice:
    """Dice for a move that must not roll: asked for any, the move rolls (so it is forced)."""

    def roll(self, sides: int, count: int = 1) -> tuple[int, ...]:
        return (1,) * count
