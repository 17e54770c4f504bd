"""Undo, redo and saving, as properties of any campaign the house game's verbs can reach."""

from __future__ import annotations

import contextlib
import tomllib
from collections.abc import Callable
from typing import Any

import attrs
import pytest
import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.deltas import apply
from hearthroll.core.campaign.events import Event, Outcome, replay
from hearthroll.core.campaign.state import Campaign, History
from hearthroll.core.dice.sources import DiceSource, RandomDice
from hearthroll.core.errors import HearthrollError, TurnError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import edits
from hearthroll.core.verbs.pool import accept, prep, reroll, stop
from hearthroll.core.verbs.session import make_move
from hearthroll.store.codec import campaign_data, campaign_from_data, event_data, event_from_data
from hearthroll.store.rulesets import load_catalog

HOUSE = load_catalog(with_user=False).ruleset("house")
START = demo_campaign(HOUSE)
PARTY = ("Brannoc", "Isolde", "Wren")

Step = tuple[Any, ...]

seeds = st.integers(0, 2**32 - 1)
actors = st.sampled_from((None, *PARTY))
words = st.text(st.characters(exclude_categories=("Cs",)), min_size=1, max_size=12)


def _number(low: int, high: int) -> st.SearchStrategy[str]:
    return st.integers(low, high).map(str)


field_values: st.SearchStrategy[tuple[str, str]] = st.one_of(
    st.tuples(st.sampled_from([f"{n}.xp" for n in PARTY]), _number(0, 30)),
    st.tuples(st.sampled_from([f"{n}.hp" for n in PARTY]), _number(0, 10)),
    st.tuples(st.sampled_from([f"{n}.readiness" for n in PARTY]), _number(0, 3)),
    st.tuples(st.sampled_from([f"{n}.notes" for n in PARTY]), words),
    st.tuples(st.just("Brannoc.rerolls"), _number(0, 2)),
    st.tuples(st.just("steading.season"), st.sampled_from(["spring", "summer", "winter"])),
    st.tuples(st.just("steading.size"), st.sampled_from(["hamlet", "village", "town", "city"])),
    st.tuples(st.just("steading.fortunes"), _number(-1, 3)),
    st.tuples(st.just("steading.population"), _number(0, 3)),
    st.tuples(st.just("steading.prosperity"), _number(0, 3)),
    st.tuples(
        st.sampled_from(["steading.diminished", "steading.lacking", "steading.malcontent"]),
        st.sampled_from(["true", "false"]),
    ),
    st.tuples(st.just("steading.name"), words),
)

muster_picks = st.sampled_from(
    [
        (),
        ("defenses",),
        ("everyone_pitches_in",),
        ("defenses", "everyone_pitches_in"),
        ("holds_without_you", "potential"),
    ]
)

risky_moves = st.sampled_from(["clash", "volley", "defend", "take_watch"])
risky = st.one_of(
    st.tuples(st.just("risky"), risky_moves, actors, seeds, st.booleans(), st.booleans()),
    st.tuples(
        st.just("bust"),
        risky_moves,
        actors,
        seeds,
        st.booleans(),
        st.booleans(),
        st.sampled_from([None, "reroll", "accept"]),
    ),
)
settle = st.one_of(st.tuples(st.just("reroll"), seeds), st.tuples(st.just("accept"), seeds))

steps: st.SearchStrategy[Step] = st.one_of(
    risky,
    risky,
    settle,
    settle,
    st.tuples(st.just("stop")),
    st.tuples(st.just("prep"), st.integers(1, 3)),
    st.tuples(
        st.just("hold"), st.sampled_from(["preparation", "readiness"]), st.integers(-2, 3), actors
    ),
    st.tuples(st.just("note"), words),
    st.tuples(st.just("set"), field_values),
    st.tuples(st.just("bolster"), actors, st.sampled_from(["week", "month", "season"])),
    st.tuples(st.just("muster"), seeds, muster_picks),
    st.tuples(st.just("seasons_change"), seeds),
    st.tuples(st.just("level_up"), actors),
    st.tuples(st.just("mark_xp"), actors),
    st.tuples(st.just("undo")),
    st.tuples(st.just("redo")),
)


class Table:
    """A campaign played step by step, keeping every event by number as the journal would."""

    def __init__(self) -> None:
        self.state = START
        self.events: list[Event] = []
        self.states: list[Campaign] = [START]

    def by_seq(self, seq: int) -> Event:
        return self.events[seq - 1]

    def commit(self, outcome: Outcome) -> None:
        assert outcome.event.seq == len(self.events) + 1
        self.events.append(outcome.event)
        self.state = outcome.state
        self.states.append(outcome.state)

    def undo(self) -> None:
        self.commit(edits.undo(self.state, self.by_seq(self.state.history.undo[-1])))

    def redo(self) -> None:
        self.commit(edits.redo(self.state, self.by_seq(self.state.history.redo[-1])))

    def play(self, step: Step) -> None:
        """Make the step's verb; a step the rules refuse now is skipped."""
        verb = _VERBS[step[0]]
        with contextlib.suppress(HearthrollError):
            self.commit(verb(self, *step[1:]))


class Loaded:
    """Dice whose first die shows 1 (a bust, unless advantage drops it); the rest are seeded."""

    def __init__(self, seed: int) -> None:
        self._rest = RandomDice(seed)
        self._first = True

    def roll(self, sides: int, count: int = 1) -> tuple[int, ...]:
        faces = self._rest.roll(sides, count)
        if self._first and faces:
            self._first = False
            return (1, *faces[1:])
        return faces


def _risky(
    table: Table, wanted: str, actor: str | None, seed: int, adv: bool, dis: bool
) -> Outcome:
    return _push(table, wanted, actor, RandomDice(seed), adv, dis)


def _bust(
    table: Table,
    wanted: str,
    actor: str | None,
    seed: int,
    adv: bool,
    dis: bool,
    then: str | None,
) -> Outcome:
    """A RISKY move on loaded dice; `then` settles the bust at once, as the next event."""
    outcome = _push(table, wanted, actor, Loaded(seed), adv, dis)
    if then is None or outcome.state.turn.status != "bust_pending":
        return outcome
    table.commit(outcome)
    return _VERBS[then](table, seed)


def _push(
    table: Table, wanted: str, actor: str | None, dice: DiceSource, adv: bool, dis: bool
) -> Outcome:
    return make_move(
        table.state,
        HOUSE,
        wanted,
        dice,
        actor=actor,
        advantage=adv,
        disadvantage=dis,
        effect_dice=dice,
    )


def _undo(table: Table) -> Outcome:
    stack = table.state.history.undo
    if not stack:
        raise TurnError("nothing to undo")
    return edits.undo(table.state, table.by_seq(stack[-1]))


def _redo(table: Table) -> Outcome:
    stack = table.state.history.redo
    if not stack:
        raise TurnError("nothing to redo")
    return edits.redo(table.state, table.by_seq(stack[-1]))


_VERBS: dict[str, Callable[..., Outcome]] = {
    "risky": _risky,
    "bust": _bust,
    "reroll": lambda t, seed: reroll(t.state, HOUSE, RandomDice(seed), RandomDice(seed + 1)),
    "accept": lambda t, seed: accept(t.state, HOUSE, RandomDice(seed)),
    "stop": lambda t: stop(t.state, HOUSE),
    "prep": lambda t, die: prep(t.state, HOUSE, die, RandomDice(die)),
    "hold": lambda t, hold, amount, actor: edits.hold(t.state, HOUSE, hold, amount, actor),
    "note": lambda t, text: edits.note(t.state, text),
    "set": lambda t, field: edits.set_field(t.state, HOUSE, *field),
    "bolster": lambda t, actor, pick: make_move(
        t.state, HOUSE, "bolster", RandomDice(0), actor=actor, picks=[pick]
    ),
    "muster": lambda t, seed, picks: make_move(
        t.state, HOUSE, "muster", RandomDice(seed), picks=list(picks)
    ),
    "seasons_change": lambda t, seed: make_move(t.state, HOUSE, "seasons_change", RandomDice(seed)),
    "level_up": lambda t, actor: edits.do_level_up(t.state, HOUSE, actor),
    "mark_xp": lambda t, actor: edits.mark_xp(t.state, HOUSE, actor),
    "undo": _undo,
    "redo": _redo,
}


def played(sequence: list[Step]) -> Table:
    table = Table()
    for step in sequence:
        table.play(step)
    return table


def game(state: Campaign) -> Campaign:
    """The campaign as the game sees it: the log's bookkeeping aside."""
    return attrs.evolve(state, history=History())


def through_toml(data: dict[str, Any]) -> dict[str, Any]:
    return tomllib.loads(tomli_w.dumps(data))


sequences = st.lists(steps, max_size=12)


@settings(deadline=None, max_examples=60)
@given(sequences)
def test_undoing_every_event_gives_back_the_start(sequence: list[Step]) -> None:
    table = played(sequence)
    while table.state.history.undo:
        table.undo()
    assert game(table.state) == game(START)


@settings(deadline=None, max_examples=60)
@given(sequences)
def test_redoing_every_undone_event_gives_back_the_furthest_state(sequence: list[Step]) -> None:
    furthest = played(sequence)
    while furthest.state.history.redo:
        furthest.redo()
    table = played(sequence)
    while table.state.history.undo:
        table.undo()
    while table.state.history.redo:
        table.redo()
    assert game(table.state) == game(furthest.state)


@settings(deadline=None, max_examples=60)
@given(sequences)
def test_undo_then_redo_gives_the_same_state(sequence: list[Step]) -> None:
    table = played(sequence)
    before = table.state
    if not before.history.undo:
        return
    table.undo()
    table.redo()
    assert game(table.state) == game(before)
    assert table.state.history.undo == before.history.undo
    assert table.state.history.redo == before.history.redo


@settings(deadline=None, max_examples=60)
@given(sequences, words.filter(str.strip))
def test_a_new_event_after_an_undo_clears_the_redo_stack(sequence: list[Step], text: str) -> None:
    table = played(sequence)
    if not table.state.history.undo:
        return
    table.undo()
    assert table.state.history.redo
    table.commit(edits.note(table.state, text))
    assert table.state.history.redo == ()
    with pytest.raises(TurnError):
        edits.redo(table.state, table.events[-2])


@settings(deadline=None, max_examples=60)
@given(sequences)
def test_every_event_takes_its_before_state_to_its_after_state(sequence: list[Step]) -> None:
    table = played(sequence)
    pairs = zip(table.states, table.states[1:], strict=False)
    for event, (before, after) in zip(table.events, pairs, strict=True):
        assert game(apply(game(before), event.deltas)) == game(after)
        assert game(apply(game(after), event.deltas, forward=False)) == game(before)


@settings(deadline=None, max_examples=60)
@given(sequences)
def test_replaying_the_saved_events_gives_the_same_campaign(sequence: list[Step]) -> None:
    table = played(sequence)
    saved = [
        attrs.evolve(event_from_data(through_toml(event_data(e))), seq=e.seq) for e in table.events
    ]
    assert replay(START, saved) == table.state


@settings(deadline=None, max_examples=60)
@given(sequences)
def test_save_then_load_is_identity_for_every_reachable_state(sequence: list[Step]) -> None:
    table = played(sequence)
    for state in table.states:
        assert campaign_from_data(through_toml(campaign_data(state))) == state


@settings(deadline=None, max_examples=60)
@given(sequences)
def test_save_then_load_is_identity_for_every_event(sequence: list[Step]) -> None:
    table = played(sequence)
    for event in table.events:
        back = event_from_data(through_toml(event_data(event)))
        assert back.seq == 0  # the journal numbers events; the data does not
        assert attrs.evolve(back, seq=event.seq) == event


@settings(deadline=None, max_examples=60)
@given(sequences)
def test_every_reachable_state_keeps_the_bounds_a_file_is_opened_with(
    sequence: list[Step],
) -> None:
    """What the verbs make, the store opens: no state they reach is out of `bounds.problems`'
    bounds (a forward that moves add to roll after roll was once refused on opening)."""
    from hearthroll.core.games.bounds import problems

    table = played(sequence)
    for state in table.states:
        assert problems(state, HOUSE) == []
