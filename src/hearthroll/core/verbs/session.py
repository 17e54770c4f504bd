"""Making a move: one pipeline, check → before the roll → roll → judge → after the roll →
effects → aftermath → record, a short function a stage (`docs/how-a-move-is-resolved.md`).
At the check, effects and aftermath stages every game module is asked in turn, from a table
(`CHECKS`, `EFFECTS`, `AFTERMATH`; what each is handed is in `games/stage.py`).

A verb never mutates: it computes the state after, and `record` turns the difference into
the event's deltas. Bad input raises a HearthrollError and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import attrs

from hearthroll.core.campaign.events import Event, Outcome, record
from hearthroll.core.campaign.resolve import (
    Applied,
    Context,
    apply_live,
    effects_in_order,
    missing_picks,
)
from hearthroll.core.campaign.sheets import find_character, put_character
from hearthroll.core.campaign.state import Asset, Campaign, Character, LastRoll
from hearthroll.core.dice.mechanics import MATCH, ActionRoll, Roll
from hearthroll.core.dice.sources import DiceSource
from hearthroll.core.errors import RuleError
from hearthroll.core.games import (
    aboard,
    aftermath,
    assets,
    encounter,
    floor,
    harm,
    momentum,
    steading,
)
from hearthroll.core.games.stage import Landing
from hearthroll.core.records import Record
from hearthroll.core.rules.effects import Option, OptionList
from hearthroll.core.rules.model import Move, Ruleset
from hearthroll.core.rules.search import find_move
from hearthroll.core.verbs.before import (
    at_floor,
    check_before_roll,
    mount_asset,
    mount_momentum,
    own_pick,
    refusal_before_roll,
    refuse_what_it_takes_not,
    spend_on_roll,
)
from hearthroll.core.verbs.judging import (
    BurnOffered,
    action_line,
    burn_on,
    offer_burn,
    rolled,
    rolled_with,
    table_row,
)
from hearthroll.core.verbs.offers import follow_lines
from hearthroll.core.verbs.picking import (
    Inputs,
    band_words,
    check_inputs,
    known_picks,
    move_context,
    picked,
    refuse_short,
    stat_choice,
)
from hearthroll.core.verbs.pool import pool_move
from hearthroll.core.verbs.rolling import no_edge, roll_move, rolled_stat, takes_adds, takes_edge

__all__ = ["BurnOffered", "make_move", "no_edge", "refusal_before_roll", "takes_edge"]


EFFECTS: tuple[Callable[[Landing], Landing], ...] = (harm.land, floor.land, steading.land)
"""The effects each game module applies itself once the band's effects have landed."""

AFTERMATH: tuple[Callable[[Landing], Landing], ...] = (assets.land, aftermath.land, aboard.land)
"""What follows a move by itself: the companion taken back, every sheet settled, who aboard
still owes a move."""


def make_move(
    state: Campaign,
    ruleset: Ruleset,
    wanted: str,
    dice: DiceSource,
    *,
    actor: str | None = None,
    advantage: bool = False,
    disadvantage: bool = False,
    picks: Sequence[str] = (),
    inputs: Inputs | None = None,
    effect_dice: DiceSource | None = None,
    boost: int | None = None,
    at: str | None = None,
    resist: bool = False,
    asset: str | None = None,
    track: str | None = None,
    short_ok: bool = False,
    burn: bool | None = False,
) -> Outcome:
    """Make a move: check → before the roll → roll → judge → after the roll → effects →
    aftermath → record, each stage a function below (`docs/how-a-move-is-resolved.md`).

    `boost` spends 1 Preparation for +1 on that kept die (counted from 1) of a pool roll,
    before the roll is judged (reading 8). A maneuver (a move with a cost, a cooldown, an
    efficacy check or a turn in an encounter) is resolved by the encounter, against the foe
    `at` names (readings 33-40). Options picked before the roll (a suffer move's harm) land
    first, and the roll reads the sheet after them (reading 25); an optional roll is made
    only with `resist` or when its meter is at 0. `asset` names the companion or vehicle a
    move acts on; `track` the track Lose Momentum's cost clears (reading 29). An option list
    given fewer picks than it asks is refused (reading 23) unless `short_ok`: a preview, to
    see which lists the band offers. `burn` burns momentum on the action roll as it is made
    (reading 27): the band is judged on the momentum, which resets before the band lands;
    `burn=None` asks: where a burn would better the roll, `BurnOffered` is raised as the roll
    is judged, before anything of its band lands.
    """
    move = find_move(ruleset.moves, wanted, where=f" in ruleset {ruleset.id!r}")
    character = find_character(state, actor) if state.characters else None
    check_before_roll(state, ruleset, move, character, at)
    edge = (advantage, disadvantage)
    if encounter.is_maneuver(move):
        made = (dice, effect_dice, at, picks, edge, boost, inputs)
        return _maneuver(state, ruleset, move, character, *made)
    refuse_what_it_takes_not(ruleset, move, character, at, edge, picks)
    making = _begin(state, ruleset, move, character, picks, inputs, asset, effect_dice or dice)
    if resist and not move.roll.optional:
        raise RuleError(f"{move.name} always rolls; drop --roll")
    if move.roll.mechanic == "pool":
        return _pool(making, dice, edge, tuple(picks), boost, short_ok)
    making = _before_roll(making, short_ok, resist)
    making = _roll(making, dice, edge, boost)
    making = _judge(making, burn)
    making = _after_roll(making, short_ok)
    landing = _land(making, track)
    return _record(making, landing)


@attrs.frozen
class Making(Record):
    """A move on its way down the pipeline: what was asked, and what each stage made of it."""

    before: Campaign
    """The campaign before the move."""
    state: Campaign
    ruleset: Ruleset
    move: Move
    event: Event
    inputs: Inputs
    stat: str | None
    """The stat the player picked, where the move lets them."""
    ctx: Context
    dice: DiceSource
    """The dice for what the effects roll (damage, a table, a kit)."""
    mounted: Asset | None
    picks: tuple[str, ...]
    floor_picks: tuple[str, ...]
    pre: tuple[Option, ...] = ()
    """The picks made before the roll (a suffer move's harm), landed first."""
    first: Applied | None = None
    rolls: bool = True
    roll: Roll | None = None
    used: tuple[str, int] | None = None
    modifiers: tuple[str, ...] = ()
    said: tuple[str, ...] = ()
    """What the roll's own stage said (Preparation spent, the burn)."""
    at_roll: int | None = None
    """Momentum as the roll was made."""
    burned: bool = False
    chosen: tuple[Option, ...] = ()
    lists: tuple[OptionList, ...] = ()
    applied: Applied | None = None

    @property
    def who(self) -> str | None:
        return self.event.actor

    @property
    def character(self) -> Character | None:
        return self.state.characters[self.who] if self.who is not None else None

    def context(self) -> Context:
        """The gates' context on the campaign as it stands now."""
        return move_context(self.state, self.ruleset, self.move, self.character, self.inputs)


def _maneuver(
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    character: Character | None,
    dice: DiceSource,
    effect_dice: DiceSource | None,
    at: str | None,
    picks: Sequence[str],
    edge: tuple[bool, bool],
    boost: int | None,
    inputs: Mapping[str, int | str] | None,
) -> Outcome:
    """A maneuver is resolved by the encounter (readings 33-40); Break Off's foe turns on the
    one the GM names (`turn_on`)."""
    if character is None:
        raise RuleError(f"{move.name} is made by a character; the party is empty")
    if boost is not None or picks or any(edge):
        raise RuleError(
            f"{move.name} takes no --prep, --pick, --adv or --dis: its modifiers are its own"
        )
    from hearthroll.core.verbs.fight import maneuver

    turn_on = (inputs or {}).get(encounter.TURN_ON)
    named = encounter.turn_named(state, character.name, str(turn_on)) if turn_on else None
    return maneuver(state, ruleset, move, character, dice, effect_dice or dice, at, named)


def _begin(
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    character: Character | None,
    picks: Sequence[str],
    given: Inputs | None,
    asset: str | None,
    dice: DiceSource,
) -> Making:
    """The answers read and checked: the stat picked, the companion or vehicle mounted, the
    inputs, the picks sorted into the band's and the floor's (a bad pick fails first)."""
    inputs = dict(given or {})
    stat = stat_choice(ruleset, move, inputs)
    before = state
    if character is not None and state.active != character.name:
        state = attrs.evolve(state, active=character.name)
    state, ruleset, mounted = mount_asset(state, ruleset, move, character, asset, inputs)
    state = mount_momentum(state, ruleset)  # the max the impacts leave clamps each change
    character = state.characters[character.name] if character is not None else None
    check_inputs(move, inputs)
    floors = floor.floor_ids(ruleset)
    main = tuple(p for p in picks if p not in floors or own_pick(move, p, floors))
    ctx = move_context(state, ruleset, move, character, inputs)
    picked(move, None, main, ctx, ruleset, before_only=True)  # a bad pick fails first
    known_picks(move, picks, floors)
    event = Event(
        kind="move",
        actor=character.name if character else None,
        move=move.id,
        move_name=move.name,
        mechanic=move.roll.mechanic,
    )
    floor_picks = tuple(p for p in picks if p in floors)
    return Making(
        before, state, ruleset, move, event, inputs, stat, ctx, dice, mounted, main, floor_picks
    )


def _pool(
    m: Making,
    dice: DiceSource,
    edge: tuple[bool, bool],
    picks: tuple[str, ...],
    boost: int | None,
    short_ok: bool,
) -> Outcome:
    """A pool roll is the pool turn's (readings 1-8)."""
    character = m.character
    if character is None:
        raise RuleError(f"{m.move.name} is made by a character; the party is empty")
    return pool_move(
        m.before, m.state, m.ruleset, m.move, character, dice, m.dice, edge, picks, boost,
        m.event, short_ok,
    )  # fmt: skip


def _before_roll(m: Making, short_ok: bool, resist: bool) -> Making:
    """Before the roll: the picks made first land (reading 25: the roll reads the sheet after
    them), and whether an optional roll is made."""
    pre, pre_lists = picked(m.move, None, m.picks, m.ctx, m.ruleset, before_only=True)
    if not short_ok:
        refuse_short(m.move, None, pre_lists, pre)
    effects = [e for o in pre for e in o.effects]
    first = apply_live(m.state, m.ruleset, m.who, effects, m.dice, m.ctx)
    m = attrs.evolve(m, state=first.state, pre=tuple(pre), first=first)
    ctx = m.context()
    rolls = not m.move.roll.optional or resist or at_floor(m.move, ctx, m.ruleset)
    return attrs.evolve(m, ctx=ctx, rolls=rolls)


def _roll(m: Making, dice: DiceSource, edge: tuple[bool, bool], boost: int | None) -> Making:
    """The roll: Preparation spent on it, then the mechanic's roller (`verbs/rolling.py`)."""
    lift, said = 0, list[str]()
    if boost is not None:
        state, lift, said = spend_on_roll(m.state, m.ruleset, m.move, m.character, m.rolls)
        m = attrs.evolve(m, state=state)
    meter = momentum.meter_of(m.ruleset)
    character = m.character
    at_roll = character.meters.get(meter.id) if character and meter else None
    m = attrs.evolve(m, said=tuple(said), at_roll=at_roll)
    if not m.rolls:
        return m
    used = rolled_stat(m.state, character, m.ruleset, m.move, m.stat)
    roll, modifiers = roll_move(
        m.state, m.ruleset, m.move, character, m.ctx, dice, *edge, lift, m.stat
    )
    return attrs.evolve(m, roll=roll, used=used, modifiers=tuple(modifiers))


def _judge(m: Making, burn: bool | None) -> Making:
    """The roll judged: burn offered (`None`) or made, before anything of the band lands
    (reading 27); forward and ongoing spent by the roll."""
    if burn is None:
        seen = attrs.evolve(m.event, modifiers=m.modifiers)
        offer_burn(m.state, m.ruleset, m.move, m.roll, seen, m.used)
    if burn:
        state, roll, words = burn_on(m.state, m.ruleset, m.move, m.who, m.roll)
        meter = momentum.meter_of(m.ruleset)
        used = (meter.id, roll.score) if meter else m.used  # the stat gave way to momentum
        # the stat's reason gave way to the momentum
        m = attrs.evolve(
            m, state=state, roll=roll, used=used, modifiers=m.modifiers[1:], burned=True,
            said=(*m.said, *words),
        )  # fmt: skip
    if m.roll is not None and m.who is not None and takes_adds(m.move):
        m = attrs.evolve(m, state=put_character(m.state, rolled(m.state.characters[m.who])))
    match = m.roll is not None and m.roll.has(MATCH)
    return attrs.evolve(m, ctx=attrs.evolve(m.ctx, state=m.state, match=match))


def _after_roll(m: Making, short_ok: bool) -> Making:
    """After the roll: the band's picks (those made before it stand: what they spent, a
    Medical Kit, is not offered again), then its effects in order, less those a pick waives."""
    band = m.roll.band if m.roll is not None else None
    done = {o.id for o in m.pre}
    rest = [p for p in m.picks if p not in done]
    later, lists = picked(m.move, band, rest, m.ctx, m.ruleset)
    chosen = [*m.pre, *later]
    if not short_ok:
        refuse_short(m.move, band, lists, chosen)
    waived = {e.effect for o in chosen for e in o.effects if e.kind == "waive"}
    effects = [e for e in effects_in_order(m.move, band, later) if e.id not in waived]
    ctx = m.ctx
    applied = apply_live(m.state, m.ruleset, m.who, effects, m.dice, ctx, weapon=ctx.weapon)
    return attrs.evolve(
        m, state=applied.state, chosen=tuple(chosen), lists=tuple(lists), applied=applied
    )


def _land(m: Making, track: str | None) -> Landing:
    """The effects each game module applies itself (`EFFECTS`), then the aftermath
    (`AFTERMATH`): what follows the move by itself."""
    first, applied = m.first, m.applied
    assert first is not None and applied is not None
    # a burn judges the roll again: the harm before it stands and is not said again
    words = [*([] if m.burned else first.words), *m.said, *applied.words]
    landing = Landing(
        before=m.before,
        state=m.state,
        ruleset=m.ruleset,
        move=m.move,
        who=m.who,
        band=m.roll.band if m.roll is not None else None,
        chosen=m.chosen,
        ctx=m.ctx,
        dice=m.dice,
        mounted=m.mounted,
        floor_picks=m.floor_picks,
        track=track,
        dropped=(*first.dropped, *applied.dropped),
        deferred=(*first.deferred, *applied.deferred),
        words=tuple(words),
        follow=(*first.follow, *applied.follow),
    )
    for land in EFFECTS:
        landing = land(landing)
    unsaid = missing_picks(m.lists, m.chosen)
    if not m.rolls and m.move.roll.mechanic != "none":
        unsaid.append("no roll: above 0 and not resisted")
    landing = attrs.evolve(landing, words=(*landing.words, *unsaid))
    for land in AFTERMATH:
        landing = land(landing)
    return landing


def _record(m: Making, landing: Landing) -> Outcome:
    """The move's one event: its dice, band, words and offers, and the action roll a later
    burn reads."""
    state, roll, move, ruleset = landing.state, m.roll, m.move, m.ruleset
    band = roll.band if roll is not None else None
    label, text = band_words(move, band) if band else ("", move.text)
    line = ""
    if isinstance(roll, ActionRoll) and m.who is not None:
        state = attrs.evolve(state, last_roll=_last_roll(m, roll))  # what a later burn reads
        line = action_line(ruleset, m.used, roll, label)
    follow = list(landing.follow)
    if roll is not None and move.roll.mechanic == "table" and move.roll.table:
        label, text, line, offers = table_row(ruleset, move.roll.table, roll)
        follow += offers
    words = [*landing.words, *follow_lines(ruleset, follow)]
    said, community = rolled_with(m.before, m.used if roll is not None else None, ruleset, move)
    event = attrs.evolve(
        m.event,
        dice=roll.faces if roll else (),
        kept=roll.kept if roll else (),
        dropped=roll.dropped if roll else (),
        band=band or "",
        label=label,
        total=roll.total if roll else None,
        text=text,
        options=tuple(o.id for o in m.chosen) + m.floor_picks,
        modifiers=m.modifiers,
        results=tuple(words),
        match=m.ctx.match,
        line=line,
        follow=tuple(follow),
        rolled=said,
        steading=community,
    )
    return attrs.evolve(record(m.before, state, event), offered=m.lists)


def _last_roll(m: Making, roll: ActionRoll) -> LastRoll:
    """The action roll as a burn after it reads it."""
    assert m.who is not None
    return LastRoll(
        m.who,
        m.move.id,
        roll.action_die,
        roll.challenge,
        roll.score,
        roll.band,
        burned=m.burned,
        seq=m.before.history.events + 1,
        momentum=m.at_roll,
        picks=tuple(o.id for o in m.pre),
        asset=m.mounted.name if m.mounted is not None else "",
    )
