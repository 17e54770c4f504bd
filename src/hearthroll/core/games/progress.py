"""Progress tracks: 10 boxes of 4 ticks, marked and cleared by rank, and progress rolls (30)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from hearthroll.core.campaign.state import Campaign, Track
from hearthroll.core.errors import NotFound, RuleError
from hearthroll.core.rules.effects import Effect, OptionList
from hearthroll.core.rules.model import Ruleset

if TYPE_CHECKING:  # a progress roll imports the dice's rules: reading the tracks needs none
    from hearthroll.core.dice.mechanics import Roll
    from hearthroll.core.dice.sources import DiceSource

BOXES = 10
TICKS_PER_BOX = 4
FULL = BOXES * TICKS_PER_BOX

RANKS = {"troublesome": 12, "dangerous": 8, "formidable": 4, "extreme": 2, "epic": 1}
"""Ticks one unit of progress is worth at each rank: 3 boxes, 2, 1, 2 ticks, 1 tick."""

KINDS = ("vow", "expedition", "connection", "combat")


def keeps_tracks(state: Campaign, ruleset: Ruleset) -> bool:
    """Whether the campaign has progress tracks to show: a game of action rolls does (none
    made yet is an empty list of them), and any campaign that holds some."""
    return state.tracks is not None or "action" in ruleset.mechanics


def new_track(name: str, rank: str, kind: str = "vow") -> Track:
    """An empty track; an unknown rank or kind is refused, naming the known ones."""
    if not name.strip():
        raise RuleError("a track needs a name")
    if rank not in RANKS:
        raise RuleError(f"a rank is one of {', '.join(RANKS)}, not {rank!r}")
    if kind not in KINDS:
        raise RuleError(f"a track's kind is one of {', '.join(KINDS)}, not {kind!r}")
    return Track(name=name.strip(), rank=rank, kind=kind)


def boxes(track: Track) -> int:
    """Full boxes: what a progress roll counts."""
    return track.ticks // TICKS_PER_BOX


def unit(track: Track) -> str:
    """One unit of progress at the track's rank, in words (2 boxes, 1 tick)."""
    ticks = RANKS[track.rank]
    if ticks % TICKS_PER_BOX == 0:
        count = ticks // TICKS_PER_BOX
        return f"{count} box{'es' if count != 1 else ''}"
    return f"{ticks} tick{'s' if ticks != 1 else ''}"


def mark(track: Track, times: int = 1) -> Track:
    """Mark progress `times` times by rank, never past 10 boxes."""
    if times < 1:
        raise RuleError(f"progress is marked 1 or more times, not {times}")
    return attrs.evolve(track, ticks=min(FULL, track.ticks + RANKS[track.rank] * times))


def clear(track: Track) -> Track:
    """Clear one unit of progress by rank (Lose Momentum's cost), never below 0."""
    return attrs.evolve(track, ticks=max(0, track.ticks - RANKS[track.rank]))


def clear_refusal(track: Track) -> str | None:
    """Why no progress can be cleared from the track (it has none), or None when it can."""
    if track.ticks <= 0:
        return f"{track.name} has no progress to clear (0 ticks)"
    return None


def clearable(state: Campaign) -> tuple[Track, ...]:
    """The tracks with progress to clear: a loss of progress is paid on one of these."""
    return tuple(t for t in state.tracks or () if clear_refusal(t) is None)


def clears(effect: Effect) -> bool:
    """Whether the effect clears progress from a track (Lose Momentum's cost at −6)."""
    return effect.kind == "progress" and effect.mode == "clear"


def offered(options: OptionList, state: Campaign) -> OptionList:
    """The list without the picks that clear progress when no track has any to clear: a loss
    of progress with nothing to lose is no price paid, so it is not offered."""
    if clearable(state):
        return options
    kept = tuple(o for o in options.items if not any(clears(e) for e in o.effects))
    if len(kept) == len(options.items):
        return options
    return attrs.evolve(options, items=kept, pick=min(options.pick, len(kept)))


def show(track: Track) -> str:
    """The track as 10 boxes, each showing its ticks: ■ full, ▤ ▥ ▦ partly, □ empty."""
    glyphs = "□▤▥▦■"
    cells = []
    for box in range(BOXES):
        ticks = min(TICKS_PER_BOX, max(0, track.ticks - box * TICKS_PER_BOX))
        cells.append(glyphs[ticks])
    return "".join(cells)


def line(track: Track) -> str:
    """The track on one line, as the tracks pane reads it: its name, rank and kind, its boxes
    and ticks (`Find the beacon · formidable vow · ■▤□□□□□□□□ 1/10 · 6 ticks`)."""
    return (
        f"{track.name} · {track.rank} {track.kind} · {show(track)} "
        f"{boxes(track)}/{BOXES} · {track.ticks} tick{'s' if track.ticks != 1 else ''}"
    )


def progress_roll(dice: DiceSource, track: Track) -> Roll:
    """Full boxes against two d10: strong, weak or miss as an action roll; momentum stays out."""
    from hearthroll.core.dice.mechanics import MATCH, Roll, judge_action

    score = boxes(track)
    c1, c2 = dice.roll(10, 2)
    flags = frozenset({MATCH} if c1 == c2 else set())
    return Roll("progress", 10, (c1, c2), (0, 1), judge_action(score, (c1, c2)), flags, score)


def find_track(tracks: Sequence[Track], name: str) -> Track:
    """The track with this name (any case); unknown names list the tracks there are."""
    wanted = name.strip().lower()
    for track in tracks:
        if track.name.lower() == wanted:
            return track
    close = [t for t in tracks if wanted and wanted in t.name.lower()]
    if len(close) == 1:
        return close[0]
    listed = ", ".join(t.name for t in tracks) or "none yet"
    raise NotFound(f"no track {name!r} (the tracks: {listed})")


def replace(tracks: Sequence[Track], track: Track) -> tuple[Track, ...]:
    """The tracks with the one of the same name replaced, in place."""
    return tuple(track if t.name == track.name else t for t in tracks)


class TrackNeeded(RuleError):
    """Progress is to be marked or cleared and several tracks could take it: which one is
    asked."""

    def __init__(
        self,
        message: str,
        tracks: tuple[tuple[str, str], ...],
        *,
        at_table: str | None = None,
        marks: bool = False,
    ) -> None:
        super().__init__(message, at_table=at_table)
        self.tracks = tracks
        """The tracks to name (name, the track and what it would gain or lose in words)."""
        self.title = "Which track gains progress?" if marks else "Which track loses progress?"
        """The question, as the table asks it."""


def apply_effect(
    state: Campaign, effect: Effect, track_name: str | None
) -> tuple[Campaign, list[str]]:
    """A move's progress effect on the track named (the only one, else `TrackNeeded`);
    progress is cleared only from a track that has some, named or offered."""
    tracks = state.tracks or ()
    doing = "clear" if clears(effect) else "mark"
    if not tracks:
        raise RuleError(
            f"there is no progress track to {doing}: add one (track FILE new NAME)",
            at_table=f"there is no progress track to {doing}: T adds one (new NAME / RANK)",
        )
    if track_name is not None:
        found = find_track(tracks, track_name)
        why = clear_refusal(found) if clears(effect) else None
        if why is not None:
            raise RuleError(why)
    else:
        open_to = clearable(state) if clears(effect) else tracks
        if not open_to:
            raise RuleError("no track has progress to clear: every track is at 0 ticks")
        if len(open_to) > 1:
            names = ", ".join(t.name for t in open_to)
            sign = "−" if clears(effect) else "+"
            choices = tuple(
                (t.name, f"{t.name} ({t.rank} {t.kind}): {sign}{unit(t)}") for t in open_to
            )
            raise TrackNeeded(
                f"name the track whose progress is {doing}ed (--track): {names}",
                choices,
                at_table=f"name the track whose progress is {doing}ed: {names}",
                marks=not clears(effect),
            )
        found = open_to[0]
    changed = clear(found) if clears(effect) else mark(found)
    verb = "cleared" if effect.mode == "clear" else "marked"
    words = [
        f"{found.name} ({found.rank} {found.kind}): {verb} {unit(found)}, "
        f"ticks {found.ticks} → {changed.ticks}"
    ]
    return attrs.evolve(state, tracks=replace(tracks, changed)), words
