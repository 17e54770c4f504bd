"""The tracks pane: starforged's progress tracks, each as 10 boxes with its rank and kind, and
the campaign's clocks in any game, a line each."""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual.reactive import reactive

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.rules.model import Ruleset
from hearthroll.tui.widgets import overflow
from hearthroll.tui.widgets.pane import Pane, retitle


class TrackLine(NamedTuple):
    """One track as the pane shows it."""

    name: str
    kind: str
    rank: str
    boxes: str
    """Ten boxes, each showing its ticks: ■ full, ▤ ▥ ▦ partly, □ empty."""
    full: int
    ticks: int


class TracksView(NamedTuple):
    """Every track of the campaign (where the ruleset keeps them), and every clock."""

    tracks: tuple[TrackLine, ...] = ()
    keeps: bool = True
    """The ruleset keeps progress tracks (none yet is said so)."""
    clocks: tuple[tuple[str, bool], ...] = ()
    """Each clock in a line ("Raiders strike (tension) ▰▰▱▱▱▱ 2/6"), and whether it is full."""


def tracks_view(state: Campaign, ruleset: Ruleset) -> TracksView | None:
    """The tracks pane's snapshot; None where the campaign keeps no tracks and has no clock."""
    from hearthroll.core.games import clocks, progress

    keeps = progress.keeps_tracks(state, ruleset)
    if not keeps and not state.clocks:
        return None
    return TracksView(
        tuple(
            TrackLine(t.name, t.kind, t.rank, progress.show(t), progress.boxes(t), t.ticks)
            for t in state.tracks or ()
        ),
        keeps,
        tuple((clocks.line(c), clocks.full(c)) for c in state.clocks or ()),
    )


class TracksPane(Pane):
    """Vows, expeditions, connections and fights, where the house game has its steading."""

    view: reactive[TracksView | None] = reactive(None, init=False, repaint=False)
    keys = True
    """The GM's keys are named in the pane (the players' view has none of them)."""

    def on_mount(self) -> None:
        self.watch_view(self.view)  # hidden from the start where the campaign has none

    def watch_view(self, view: TracksView | None) -> None:
        retitle(self, _title(view))
        self.display = view is not None
        overflow.show(self, render_tracks(view, keys=self.keys))

    def on_resize(self) -> None:
        self.watch_view(self.view)


def _title(view: TracksView | None) -> str:
    if view is None or not view.clocks:
        return "tracks"
    return "tracks · clocks" if view.keeps else "clocks"


def render_tracks(view: TracksView | None, *, keys: bool = True) -> Text:
    """The pane's text: a name line and a boxes line per track, then a line per clock."""
    if view is None:
        return Text("")
    lines = [Text(line, style="bold magenta" if full else "") for line, full in view.clocks]
    if not view.keeps:
        return Text("\n").join(lines)
    if not view.tracks:
        empty = "no tracks: T makes one" if keys else "no tracks yet"
        return Text("\n").join([Text(empty, style="dim"), *lines])
    return Text("\n").join([*_track_lines(view), *lines])


def _track_lines(view: TracksView) -> list[Text]:
    lines = []
    for track in view.tracks:
        lines.append(Text.assemble((track.name, "bold"), (f"  {track.rank} {track.kind}", "dim")))
        lines.append(
            Text.assemble(
                (track.boxes, "cyan"), (f"  {track.full}/10 · {track.ticks} ticks", "dim")
            )
        )
    return lines
