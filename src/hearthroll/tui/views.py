"""Snapshots the widgets render: plain immutable values read off the campaign and its log.

The main screen builds them after every event and hands them down; a widget only formats
what it is given. Numbers the rules define (XP needed, load, odds) are read here from the
ruleset and the engine, never worked out in a widget. They are NamedTuples: a dozen classes
made at every start, and a NamedTuple class is several times cheaper to make than an attrs
one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from hearthroll.core.campaign.events import Event
from hearthroll.core.campaign.state import Campaign, Character, rerolls_at
from hearthroll.core.games.holds import on_roll
from hearthroll.core.games.sheet import Section
from hearthroll.core.numbers import signed
from hearthroll.core.rules.describe import rolled_words, word
from hearthroll.core.rules.model import Ruleset

ROLL_KINDS = ("move", "reroll", "accept", "prep", "burn", "track", "oracle", "clock")


class StatusView(NamedTuple):
    """The top line: which campaign, and whether everything is saved."""

    campaign: str
    ruleset: str
    file: str
    waiting: int = 0
    error: str | None = None
    note: str | None = None
    said: str | None = None
    """A line for the GM: why a key could not act, what undo reverted."""


class Member(NamedTuple):
    """One character in the party bar."""

    number: int
    name: str
    level: int
    hp: str
    rerolls: int | None
    active: bool
    in_turn: bool
    ready: bool


class PartyView(NamedTuple):
    """The party bar: every character, one short status each."""

    members: tuple[Member, ...] = ()


class SheetView(NamedTuple):
    """The active character's sheet, section by section as the ruleset shapes it."""

    name: str
    title: str
    sections: tuple[Section, ...]
    ready: bool


class PlanView(NamedTuple):
    """A plan and its tick boxes."""

    name: str
    requirements: tuple[tuple[str, bool], ...]


class SteadingView(NamedTuple):
    """The steading's sheet."""

    name: str
    size: str
    season: str
    stats: tuple[tuple[str, int], ...]
    flags: tuple[str, ...]
    muster: tuple[str, ...]
    plans: tuple[PlanView, ...]


class RollView(NamedTuple):
    """The last roll, as the tray shows it."""

    seq: int
    title: str
    mechanic: str
    kept: tuple[int, ...]
    dropped: tuple[int, ...]
    total: int | None
    band: str
    label: str
    words: str
    text: str
    pending: bool
    picked: tuple[str, ...]
    modifiers: tuple[str, ...]
    results: tuple[str, ...]
    match: bool = False
    """The challenge dice matched: the move's twist on a match applies."""
    line: str = ""
    """The roll in words: `action die 4 + iron 2 = 6  vs  3 · 9 → weak hit`."""


class TrayView(NamedTuple):
    """The dice tray: the turn, the last roll, what can be done next and the odds of a push."""

    pool: bool
    turn: str
    roll: RollView | None
    actions: tuple[tuple[str, str], ...]
    odds: str | None


class LogLine(NamedTuple):
    """One event in the move log."""

    seq: int
    text: str
    undone: bool = False


class LogView(NamedTuple):
    """The move log, oldest first."""

    lines: tuple[LogLine, ...] = ()


def status_view(state: Campaign, ruleset: Ruleset, file: str) -> StatusView:
    """The campaign's name, ruleset and file."""
    return StatusView(state.name or file, ruleset.name, file)


def party_view(state: Campaign, ruleset: Ruleset, active: str | None) -> PartyView:
    """Every character with level, HP, rerolls and markers."""
    members = []
    for number, character in enumerate(state.characters.values(), start=1):
        members.append(
            Member(
                number=number,
                name=character.name,
                level=character.level,
                hp=_hp(ruleset, character),
                rerolls=character.rerolls_left if _pool(ruleset) else None,
                active=character.name == active,
                in_turn=character.name == state.turn.actor,
                ready=ready_to_level(ruleset, character),
            )
        )
    return PartyView(tuple(members))


def _pool(ruleset: Ruleset) -> bool:
    return "pool" in ruleset.mechanics


def _hp(ruleset: Ruleset, character: Character) -> str:
    for meter in ruleset.meters:
        if meter.id in character.meters:
            top = character.maxima.get(meter.id, meter.max)
            value = character.meters[meter.id]
            return f"{meter.name} {value}" + (f"/{top}" if top is not None else "")
    return ""


def ready_to_level(ruleset: Ruleset, character: Character) -> bool:
    return ruleset.xp is not None and ruleset.xp.can_level(character)


def sheet_view(state: Campaign, ruleset: Ruleset, active: str | None) -> SheetView | None:
    """The active character's sheet; None when the party is empty."""
    from hearthroll.core.games.sheet import character_sheet

    if active is None or active not in state.characters:
        return None
    character = state.characters[active]
    sheet = character_sheet(ruleset, character)
    return SheetView(
        name=character.name,
        title=sheet.sections[0].title,
        sections=sheet.sections,
        ready=ready_to_level(ruleset, character),
    )


def steading_view(state: Campaign, ruleset: Ruleset) -> SteadingView | None:
    """The steading's sheet; None when the campaign has none."""
    steading = state.steading
    spec = ruleset.steading
    if steading is None or spec is None:
        return None
    flags = {f.id: f.name for f in spec.flags}
    return SteadingView(
        name=steading.name,
        size=steading.size,
        season=steading.season,
        stats=tuple((s.name, steading.stats.get(s.id, s.default)) for s in spec.stats),
        flags=tuple(flags.get(f, f) for f in steading.flags),
        muster=tuple(word(ruleset, m) for m in steading.muster),
        plans=tuple(
            PlanView(p.name, tuple((r.text, r.done) for r in p.requirements))
            for p in steading.plans
        ),
    )


def undone_events(events: Sequence[Event]) -> set[int]:
    """Events (by number) that an undo reverted and no redo brought back."""
    from hearthroll.core.campaign.events import standing

    kept = {e.seq for e in standing(events)}
    return {e.seq for e in events if e.kind not in ("undo", "redo") and e.seq not in kept}


def log_view(events: Sequence[Event]) -> LogView:
    """One line per event, undone ones marked."""
    if not events:
        return LogView()
    from hearthroll.core.campaign.events import summary

    undone = undone_events(events)
    return LogView(tuple(LogLine(e.seq, summary(e), e.seq in undone) for e in events))


def last_roll(events: Sequence[Event]) -> Event | None:
    """The newest roll that still stands (not undone)."""
    undone = undone_events(events)
    for event in reversed(events):
        if event.kind in ROLL_KINDS and event.seq not in undone:
            if event.kind == "track" and not event.dice:
                continue  # a track made or marked is no roll
            return event
    return None


def roll_view(event: Event, ruleset: Ruleset) -> RollView:
    """A roll event as the tray shows it."""
    from hearthroll.core.rules.describe import option_text

    move = next((m for m in ruleset.moves if m.id == event.move), None)
    by = event.steading or event.actor
    who = f"{by}: " if by else ""
    what = event.move_name or event.move or event.kind
    if event.kind not in ("move", "oracle", what):  # an oracle's table names itself
        what = f"{what} ({event.kind})"
    if event.rolled:
        what += f" ({event.rolled})"
    picked = tuple(option_text(move, o) for o in event.options)
    return RollView(
        seq=event.seq,
        title=who + what,
        mechanic=event.mechanic,
        kept=event.kept,
        dropped=event.dropped,
        total=event.total,
        band=event.band,
        label=event.label,
        words=rolled_words(event.mechanic, event.band, event.kept),
        text=event.text,
        pending=event.pending,
        picked=picked,
        modifiers=event.modifiers,
        results=tuple(r for r in event.results if r not in picked),  # the picked line says it
        match=event.match,
        line=event.line,
    )


def next_pool(state: Campaign, actor: str | None) -> int:
    """Dice in `actor`'s next RISKY move (the pool turn's rule)."""
    from hearthroll.core.games.pool_turn import pool_for

    return pool_for(state.turn, actor)


def dice(n: int) -> str:
    """ "1 die", "3 dice"."""
    return f"{n} {'die' if n == 1 else 'dice'}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def push_odds(state: Campaign, ruleset: Ruleset, actor: str | None) -> str | None:
    """ "push: 51.8% bust, 10.7% with 1 reroll" for the actor's next push (the push key's own
    label says how many dice it rolls)."""
    from hearthroll.core.dice.odds import percent, pool_odds

    if actor is None or actor not in state.characters or not _pool(ruleset):
        return None
    n = next_pool(state, actor)
    rerolls = state.characters[actor].rerolls_left
    cap = ruleset.rerolls_per_roll
    bust = percent(pool_odds(n).band("miss"))
    head = f"push: {bust} bust"
    if rerolls < 1:
        return f"{head} (no rerolls left)"
    saved = pool_odds(n, rerolls=rerolls, rerolls_per_roll=cap).band("miss")
    return f"{head}, {percent(saved)} with {_plural(rerolls, 'reroll')}"


def _actions(
    state: Campaign, ruleset: Ruleset, actor: str | None, events: Sequence[Event] = ()
) -> tuple[tuple[str, str], ...]:
    if not state.characters:
        return (("A", "add a character"), ("/", "make a move"))
    if not _pool(ruleset):
        return (("/", "make a move"), *starforged_actions(state, ruleset, actor, events))
    turn = state.turn
    from hearthroll.core.verbs.pool import prep_refusal, reroll_refusal, stop_refusal

    if turn.status == "bust_pending" and turn.actor in state.characters:
        who = state.characters[turn.actor]
        found: list[tuple[str, str]] = []
        if reroll_refusal(state, ruleset) is None:
            found.append(("r", f"reroll the 1s ({who.rerolls_left} left)"))
            found.append(("R", "reroll with real dice"))
        found.append(("a", "accept the bust"))
        spend = on_roll(ruleset)
        if spend is not None and prep_refusal(state, ruleset) is None:
            found.append(("+", f"spend {spend.hold.name}: +{spend.bonus} to a die"))
        return tuple(found)
    found = [("p", f"push ({dice(next_pool(state, actor))})"), ("/", "move")]
    if actor is not None and turn.actor == actor and stop_refusal(state) is None:
        refresh = rerolls_at(ruleset, state.characters[actor].level)
        found.append(("s", f"stop (⟳ → {refresh})"))
    return tuple(found)


def starforged_actions(
    state: Campaign, ruleset: Ruleset, actor: str | None, events: Sequence[Event] = ()
) -> tuple[tuple[str, str], ...]:
    """`b burn momentum (+7): weak hit → strong hit` when burning the character's last action
    roll would help and nothing since stands in between (`events`: the recent log); `T` tracks."""
    from hearthroll.core.games.progress import keeps_tracks
    from hearthroll.core.verbs.starforged import burn_offer

    found: list[tuple[str, str]] = []
    if actor in state.characters:
        burn, _ = burn_offer(state, ruleset, actor, events)
        if burn is not None:
            before, after = BURN_WORDS[burn.band_before], BURN_WORDS[burn.band_after]
            found.append(("b", f"burn momentum ({signed(burn.momentum)}): {before} → {after}"))
    if keeps_tracks(state, ruleset):
        found.append(("T", "tracks"))
    return tuple(found)


BURN_WORDS = {"miss": "miss", "weak": "weak hit", "strong": "strong hit"}


def next_actions(
    events: Sequence[Event], ruleset: Ruleset, state: Campaign | None = None
) -> tuple[tuple[str, str], ...]:
    """`o play Endure Harm, serious` when the newest roll offers a move next, or everyone
    aboard still owes one (`Rook: Companion Takes a Hit, serious`; reading 32)."""
    from hearthroll.core.verbs.offers import offer_words, offered_next

    offers = offered_next(events, ruleset, state)
    if not offers:
        return ()
    names = [offer_words(o, ruleset) for o in offers]
    words = " or ".join(names) if len(names) < 3 else f"next: {names[0]} or {len(names) - 1} more"
    return (("o", f"play {words}"), ("O", "with real dice"))


def _turn_line(state: Campaign, ruleset: Ruleset, actor: str | None) -> str:
    turn = state.turn
    if not _pool(ruleset):
        return ""
    if turn.actor is None:
        return "no turn open" + (f" · {actor} rolls next" if actor else "")
    status = {
        "open": f"next pool {turn.pushes + 1}",
        "bust_pending": "a bust waits",
        "busted": "ended with a bust",
    }.get(turn.status, turn.status)
    return f"{turn.actor}'s turn: {turn.pushes} RISKY · {status}"


def _rolled_last(last: Event | None) -> str:
    """The tray's heading where the game keeps no pool turn: who rolled last."""
    return f"{last.actor}'s roll" if last is not None and last.actor else ""


def tray_view(
    state: Campaign,
    ruleset: Ruleset,
    active: str | None,
    events: Sequence[Event],
    target: str | None = None,
) -> TrayView:
    """The turn, the last roll, the next actions and the odds of the next push (in a fight:
    the chance to land each ready maneuver against the target)."""
    last = last_roll(events)
    pending = state.turn.status == "bust_pending"
    actions = (*_actions(state, ruleset, active, events), *next_actions(events, ruleset, state))
    odds = None if pending else push_odds(state, ruleset, active)
    if state.encounter is not None:
        round_no = state.encounter.round
        actions = (*actions, ("f", "add a foe"), ("N", f"end round {round_no}"))
        odds = chances(state, ruleset, active, target)
    return TrayView(
        pool=_pool(ruleset),
        turn=_turn_line(state, ruleset, active) or _rolled_last(last),
        roll=roll_view(last, ruleset) if last is not None else None,
        actions=actions,
        odds=odds,
    )


# --- the encounter (maneuvers) ------------------------------------------------------------


class FoeLine(NamedTuple):
    """One foe in the encounter pane."""

    name: str
    health: int
    max_health: int
    armor: int
    weapon: str
    marks: tuple[str, ...]
    attacking: str | None
    stunned: bool
    target: bool


class EncounterView(NamedTuple):
    """The fight: its round, its foes (the target marked), who has acted or fled."""

    round: int
    foes: tuple[FoeLine, ...]
    acted: tuple[str, ...]
    fled: tuple[str, ...]
    no_way_out: bool


def target_foe(state: Campaign, wanted: str | None, actor: str | None = None) -> str | None:
    """The foe the table aims at: the one picked while still up, else the one the rules face
    (core's `encounter.aim`: the living foe attacking the active character)."""
    from hearthroll.core.games.encounter import aim

    return aim(state, wanted, actor)


def encounter_view(state: Campaign, ruleset: Ruleset, target: str | None) -> EncounterView | None:
    """The encounter pane's snapshot; None outside a fight."""
    from hearthroll.core.games.encounter import DISARMED, HEALTH

    fight = state.encounter
    if fight is None:
        return None
    names = {c.id: c.name for c in ruleset.conditions}
    aimed = target_foe(state, target)
    foes = []
    for foe in fight.foes.values():
        weapon = foe.weapon.replace("_", "-") if foe.weapon != "none" else "bare-handed"
        if DISARMED in foe.conditions:
            weapon = f"{weapon} (in its pack)"
        marks = tuple(
            names.get(k, k) + (f" {v}" if v else "")
            for k, v in foe.conditions.items()
            if k != DISARMED
        )
        foes.append(
            FoeLine(
                name=foe.name,
                health=foe.meters.get(HEALTH, 0),
                max_health=foe.maxima.get(HEALTH, 0),
                armor=foe.armor,
                weapon=weapon
                + (" + shield" if foe.shield else "")
                + (" · huge" if foe.huge else ""),
                marks=marks,
                attacking=foe.attacking,
                stunned="stunned" in foe.conditions,
                target=foe.name == aimed,
            )
        )
    return EncounterView(
        round=fight.round,
        foes=tuple(foes),
        acted=tuple(fight.acted),
        fled=fight.fled,
        no_way_out=fight.no_way_out,
    )


def chances(state: Campaign, ruleset: Ruleset, actor: str | None, target: str | None) -> str | None:
    """ "kick 45% · trip 30% · flee 55%": the active character's ready maneuvers against the
    target, each with its exact chance to land; None outside a fight."""
    from hearthroll.core.dice.odds import percent
    from hearthroll.core.errors import HearthrollError
    from hearthroll.core.games import encounter

    fight = state.encounter
    if fight is None or actor not in state.characters:
        return None
    character = state.characters[actor]
    aimed = target_foe(state, target, actor)
    foe = fight.foes.get(aimed) if aimed else None
    found = []
    why: set[str] = set()
    for move in ruleset.moves:
        if not encounter.needs_encounter(move) or move.roll.mechanic != "d20":
            continue
        try:
            refused = encounter.refusal(state, ruleset, move, character, foe)
            if refused is not None:
                why.add(refused)
                continue
            odds = encounter.chance(ruleset, move, character, foe)
        except HearthrollError:
            continue
        found.append(f"{move.name.lower()} {percent(odds)}")
    if not found and len(why) == 1:  # one reason holds them all back (a turn taken, fled…)
        return why.pop()
    if not found:
        return f"{actor}: no maneuver ready" + (f" against {aimed}" if aimed else "")
    return " · ".join(found) + (f"  (against {aimed})" if aimed else "")
