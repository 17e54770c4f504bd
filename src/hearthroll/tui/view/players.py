"""What the players may see: the table's snapshots with the GM's own things left out (secret
notes, a foe's exact health, and the odds unless the GM allows them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import attrs

from hearthroll.core.campaign import secrets
from hearthroll.core.campaign.events import Event
from hearthroll.core.campaign.secrets import HEALTH_WORDS, health_words, shown
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.games.encounter import HEALTH
from hearthroll.core.rules.model import Ruleset
from hearthroll.tui import views
from hearthroll.tui.views import LogView, SheetView, SteadingView, TrayView
from hearthroll.tui.widgets.tracks_pane import TracksView, tracks_view


class FoeSeen(NamedTuple):
    """A foe as the players see it: its health in words, never in numbers."""

    name: str
    health: str
    """unhurt, hurt, bloodied, near death or down."""
    level: int
    """How much of the bar is filled: 4 unhurt … 0 down."""
    armor: int
    weapon: str
    marks: tuple[str, ...]
    attacking: str | None
    stunned: bool


class FightSeen(NamedTuple):
    """The encounter as the players see it."""

    round: int
    foes: tuple[FoeSeen, ...]
    acted: tuple[str, ...]
    fled: tuple[str, ...]
    no_way_out: bool


class PlayersView(NamedTuple):
    """Everything the players' screen shows, in one snapshot."""

    title: str
    sheets: tuple[SheetView, ...]
    steading: SteadingView | None
    fight: FightSeen | None
    tracks: TracksView | None
    tray: TrayView
    log: LogView


def hide_health(phrase: str, state: Campaign) -> str:
    """A phrase with any foe's exact health put in words; a character's stays."""
    fight = state.encounter

    def top(name: str) -> int | None:
        foe = fight.foes.get(name) if fight is not None else None
        return foe.maxima.get(HEALTH) if foe is not None else None

    return secrets.hide_health(phrase, state.characters.__contains__, top)


def _hidden(event: Event, state: Campaign) -> Event:
    if not any("health" in r for r in event.results):
        return event
    return attrs.evolve(event, results=tuple(hide_health(r, state) for r in event.results))


def fight_seen(state: Campaign, ruleset: Ruleset) -> FightSeen | None:
    """The encounter pane's snapshot, each foe's health in words; None outside a fight."""
    fight = views.encounter_view(state, ruleset, None)
    if fight is None or state.encounter is None:
        return None
    foes = []
    for line in fight.foes:
        foe = state.encounter.foes[line.name]
        words = health_words(foe.meters.get(HEALTH, 0), foe.maxima.get(HEALTH, 0))
        foes.append(
            FoeSeen(
                name=line.name,
                health=words,
                level=HEALTH_WORDS.index(words),
                armor=line.armor,
                weapon=line.weapon,
                marks=line.marks,
                attacking=line.attacking,
                stunned=line.stunned,
            )
        )
    return FightSeen(fight.round, tuple(foes), fight.acted, fight.fled, fight.no_way_out)


def _roller(state: Campaign, events: Sequence[Event]) -> str | None:
    """Whose odds the tray shows: in a fight, the first who has yet to act this round; else
    the character whose turn it is, else the last to roll."""
    fight = state.encounter
    if fight is not None:
        waiting = [n for n in state.characters if n not in fight.acted and n not in fight.fled]
        if waiting:
            return waiting[0]
    if state.turn.actor in state.characters:
        return state.turn.actor
    last = views.last_roll(events)
    if last is not None and last.actor in state.characters:
        return last.actor
    return state.active or next(iter(state.characters), None)


def tray_seen(
    state: Campaign, ruleset: Ruleset, events: Sequence[Event], *, odds: bool
) -> TrayView:
    """The tray: the turn and the last roll (a foe's health in words), no keys; the odds only
    when the GM allows them."""
    actor = _roller(state, events)
    tray = views.tray_view(state, ruleset, actor, events)
    last = views.last_roll(events)
    roll = views.roll_view(_hidden(last, state), ruleset) if last is not None else None
    shown = tray.odds if odds else None
    if shown and actor and not shown.startswith(actor):
        shown = f"{actor}: {shown}"  # the players see whose odds they are
    return tray._replace(roll=roll, actions=(), odds=shown)


def log_seen(state: Campaign, events: Sequence[Event]) -> LogView:
    """The log's lines, a foe's health in words. The players' log is not numbered (a gap
    would tell of a secret note), so an undo or redo names the event it took back instead."""
    log = views.log_view([_hidden(e, state) for e in events])
    said = {line.seq: line.text for line in log.lines}
    targets = {e.seq: e.target for e in events if e.kind in ("undo", "redo")}
    lines = []
    for line, event in zip(log.lines, events, strict=True):
        target = targets.get(line.seq)
        if event.kind in ("undo", "redo"):
            what = said.get(target, "an earlier event") if target is not None else "an event"
            line = line._replace(text=f"{event.kind}: {what}")
        lines.append(line)
    return LogView(tuple(lines))


def players_view(
    state: Campaign, ruleset: Ruleset, events: Sequence[Event], *, odds: bool = False
) -> PlayersView:
    """The players' screen for the campaign as it stands and its newest events."""
    seen = shown(events)
    sheets = tuple(
        sheet
        for name in state.characters
        if (sheet := views.sheet_view(state, ruleset, name)) is not None
    )
    return PlayersView(
        title=f"{state.name or 'campaign'} · {ruleset.name}",
        sheets=sheets,
        steading=views.steading_view(state, ruleset),
        fight=fight_seen(state, ruleset),
        tracks=tracks_view(state, ruleset),
        tray=tray_seen(state, ruleset, seen, odds=odds),
        log=log_seen(state, seen),
    )
