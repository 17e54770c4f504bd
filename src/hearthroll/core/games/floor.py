"""A loss past a meter's floor (reading 29: momentum at −6 with more to lose): it is never
dropped; the choice it requires (another suffer move, or progress lost) is made and paid."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from hearthroll.core.campaign.resolve import (
    Context,
    apply_effects,
    choose,
    items_holding,
    missing_picks,
)
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import DiceSource
from hearthroll.core.errors import RuleError
from hearthroll.core.games import progress
from hearthroll.core.games.stage import Landing
from hearthroll.core.numbers import signed
from hearthroll.core.rules.effects import Effect, OptionList
from hearthroll.core.rules.model import Move, Ruleset


class FloorPickUnneeded(RuleError):
    """A pick of the past-the-floor choice was given, and no loss went past the floor."""


class FloorChoiceNeeded(RuleError):
    """A loss went past a meter's floor (momentum at −6) and its required choice is missing."""

    def __init__(self, message: str, lists: tuple[OptionList, ...], heading: str = "") -> None:
        super().__init__(message)
        self.lists = lists
        """The lists to pick from (Lose Momentum's: another suffer move, or lose progress)."""
        self.heading = heading
        """What the choice is asked under when the loss would take the meter below its floor
        (it was above it); empty when it stood at the floor already (the list's label)."""


def floor_lists(ruleset: Ruleset, meter_id: str) -> list[OptionList]:
    """The choice a loss past the meter's floor requires (Lose Momentum's at −6)."""
    meter = ruleset.meter(meter_id)
    if meter.past_min is None:
        return []
    return [lst for lst in ruleset.move(meter.past_min).options if lst.if_past_min == meter_id]


def floor_ids(ruleset: Ruleset) -> set[str]:
    """Options of every meter's past-the-floor choice (Lose Momentum's at −6)."""
    return {o.id for m in ruleset.meters for lst in floor_lists(ruleset, m.id) for o in lst.items}


def past_floor(
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    who: str | None,
    dropped: Sequence[tuple[str, int]],
    floor_picks: Sequence[str],
    ctx: Context,
    track: str | None,
    deferred: Sequence[Effect],
    dice: DiceSource,
    before: Campaign | None = None,
) -> tuple[Campaign, list[str], list[str]]:
    """Reading 29: a loss past momentum's floor is never dropped: its choice is required,
    asked as one that would take the meter below its floor where it stood above it `before`."""
    past: dict[str, int] = {}
    for meter_id, amount in dropped:
        if ruleset.meter(meter_id).past_min is not None:
            past[meter_id] = past.get(meter_id, 0) + amount
    lists = [lst for meter_id in past for lst in floor_lists(ruleset, meter_id)]
    if not lists:
        if floor_picks:
            raise FloorPickUnneeded(
                f"{floor_picks[0]!r} is picked only when a loss goes past momentum's floor "
                "(at −6 with more to lose)"
            )
        marked: list[str] = []
        for effect in deferred:  # progress the move marks itself, no floor gone past
            state, said = progress.apply_effect(state, effect, track)
            marked += said
        return state, marked, []
    here = attrs.evolve(ctx, past_min=tuple(past))
    offers = [progress.offered(items_holding(lst, here, ruleset), state) for lst in lists]
    chosen = choose(offers, floor_picks, move)
    short = missing_picks(offers, chosen)
    if short:
        meter_id, amount = next(iter(past.items()))
        name = ruleset.meter(meter_id).name
        low = ruleset.meter(meter_id).min
        mover = before.characters.get(who or "") if before is not None else None
        was = mover.meters.get(meter_id) if mover is not None else None
        below = f"{name} would go below {signed(low)}" if was is not None and was > low else ""
        raise FloorChoiceNeeded(
            f"{name} is at {signed(low)} and {amount} more is lost: {short[0]} (--pick); "
            "nothing was saved",
            tuple(offers),
            below,
        )
    words = [f"{ruleset.meter(m).name} at its floor, {n} more to lose" for m, n in past.items()]
    words += [o.text for o in chosen]
    effects = [*deferred, *(e for o in chosen for e in o.effects)]
    follow: list[str] = []
    for effect in effects:
        if effect.kind == "progress":
            state, said = progress.apply_effect(state, effect, track)
            words += said
        elif effect.kind == "follow" and effect.move:
            follow.append(effect.move)
        else:
            state, said = apply_effects(state, ruleset, who, [effect], dice)
            words += said
    return state, words, follow


def land(landing: Landing) -> Landing:
    """The effects stage: a loss past momentum's floor takes its choice (reading 29), and
    progress cleared from a track lands."""
    state, said, follow = past_floor(
        landing.state,
        landing.ruleset,
        landing.move,
        landing.who,
        landing.dropped,
        landing.floor_picks,
        landing.ctx,
        landing.track,
        landing.deferred,
        landing.dice,
        landing.before,
    )
    return landing.then(state, said, follow)
