"""Any sequence of suffer moves, burns and track verbs keeps every meter in bounds; undo of
all of them is the start; the state saves and loads back equal."""

from __future__ import annotations

from typing import Any

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.events import Event, Outcome
from hearthroll.core.campaign.state import Campaign, History
from hearthroll.core.dice.sources import RandomDice
from hearthroll.core.errors import HearthrollError
from hearthroll.core.games import momentum
from hearthroll.core.games.demo import new_campaign
from hearthroll.core.verbs import edits, starforged
from hearthroll.core.verbs.session import make_move
from hearthroll.store.codec import campaign_data, campaign_from_data
from hearthroll.store.rulesets import load_catalog

SF = load_catalog(with_user=False).ruleset("starforged")


def _start() -> Campaign:
    state = edits.add_character(new_campaign(SF), SF, "Kael").state
    state = starforged.add_asset(state, SF, "companion", "Rook", 3).state
    state = starforged.add_asset(state, SF, "vehicle", "Petrel", 5, "command").state
    state = starforged.new_track(state, "Beacon", "dangerous").state
    return attrs.evolve(state, history=History())


START = _start()
harm = st.sampled_from(["minor", "serious", "major"])
after = st.lists(
    st.sampled_from(
        [
            "more_harm",
            "momentum",
            "wounded",
            "table",
            "shake_it_off",
            "embrace_the_pain",
            "trade",
            "more_stress",
            "shaken",
            "battered",
            "ride_it_out",
            "bypass",
            "lose_progress",
            "other_move",
            "more_damage",
        ]
    ),
    max_size=3,
    unique=True,
)
suffer = st.tuples(
    st.just("move"),
    st.sampled_from(
        [
            "endure harm",
            "endure stress",
            "lose momentum",
            "sacrifice resources",
            "companion takes a hit",
            "withstand damage",
        ]
    ),
    harm,
    after,
    st.booleans(),
    st.integers(0, 2**32 - 1),
)
steps = st.one_of(
    suffer,
    st.tuples(st.just("burn"), after),
    st.tuples(st.just("mark"), st.integers(1, 6)),
    st.tuples(st.just("clear")),
    st.tuples(st.just("roll"), st.integers(0, 2**32 - 1)),
)


def _do(state: Campaign, step: tuple[Any, ...], log: dict[int, Event]) -> Outcome:
    if step[0] == "move":
        _, wanted, size, picks, resist, seed = step
        return make_move(
            state, SF, wanted, RandomDice(seed), actor="Kael", picks=[size, *picks], resist=resist
        )
    if step[0] == "burn":
        return starforged.burn(state, SF, "Kael", log.__getitem__, picks=step[1])
    if step[0] == "mark":
        return starforged.mark_track(state, "Beacon", step[1])
    if step[0] == "clear":
        return starforged.clear_track(state, "Beacon")
    return starforged.roll_track(state, "Beacon", RandomDice(step[1]))


def _in_bounds(state: Campaign) -> None:
    kael = state.characters["Kael"]
    for meter in SF.meters:
        if meter.id in kael.meters:
            top = kael.maxima.get(meter.id, meter.max)
            assert meter.min <= kael.meters[meter.id] <= (top or 99)
    assert -6 <= kael.meters["momentum"] <= momentum.max_momentum(SF, kael)
    for asset in kael.assets or ():
        assert 0 <= asset.value <= asset.max
    for track in state.tracks or ():
        assert 0 <= track.ticks <= 40


@settings(max_examples=60, deadline=None)
@given(st.lists(steps, max_size=12))
def test_any_sequence_keeps_bounds_and_undoes_to_the_start(plan: list[tuple[Any, ...]]) -> None:
    state = START
    done: list[Outcome] = []
    for step in plan:
        try:
            outcome = _do(state, step, {o.event.seq: o.event for o in done})
        except HearthrollError:
            continue
        state = outcome.state
        done.append(outcome)
        _in_bounds(state)
    assert campaign_from_data(campaign_data(state)) == state
    for outcome in reversed(done):
        state = edits.undo(state, outcome.event).state
    assert attrs.evolve(state, history=History()) == START
