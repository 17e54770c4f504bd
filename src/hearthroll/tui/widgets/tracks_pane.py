"""The progress tracks pane (starforged): each track as 10 boxes, its rank and kind."""

from __future__ import annotations

from typing import NamedTuple

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.rules.model import Ruleset
from hearthroll.tui.widgets import overflow


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
    """Every track of the campaign."""

    tracks: tuple[TrackLine, ...] = ()


def tracks_view(state: Campaign, ruleset: Ruleset) -> TracksView | None:
    """The tracks pane's snapshot; None where the campaign keeps no tracks."""
    from hearthroll.core.games import progress

    if not progress.keeps_tracks(state, ruleset):
        return None
    return TracksView(
        tuple(
            TrackLine(t.name, t.kind, t.rank, progress.show(t), progress.boxes(t), t.ticks)
            for t in state.tracks or ()
        )
    )


class TracksPane(Static):
    """Vows, expeditions, connections and fights, where the house game has its steading."""

    view: reactive[TracksView | None] = reactive(None, init=False)
    keys = True
    """The GM's keys are named in the pane (the players' view has none of them)."""

    def on_mount(self) -> None:
        self.watch_view(self.view)  # hidden from the start where the campaign has none

    def watch_view(self, view: TracksView | None) -> None:
        self.border_title = "tracks"
        self.display = view is not None
        overflow.show(self, render_tracks(view, keys=self.keys))

    def on_resize(self) -> None:
        self.watch_view(self.view)


def render_tracks(view: TracksView | None, *, keys: bool = True) -> Text:
    """The pane's text: a name line and a boxes line per track."""
    if view is None:
        return Text("")
    if not view.tracks:
        return Text("no tracks: T makes one" if keys else "no tracks yet", style="dim")
    lines = []
    for track in view.tracks:
        lines.append(Text.assemble((track.name, "bold"), (f"  {track.rank} {track.kind}", "dim")))
        lines.append(
            Text.assemble(
                (track.boxes, "cyan"), (f"  {track.full}/10 · {track.ticks} ticks", "dim")
            )
        )
    return Text("\n").join(lines)
