"""Any sequence of gear, hurt, heal and use verbs keeps 0 ≤ HP ≤ max and load ≤ max load on
every sheet, and undoing all of them gives back the start exactly (hack and house)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.events import Event
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import RandomDice
from hearthroll.core.errors import HearthrollError
from hearthroll.core.games import gear
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.rules.model import Ruleset
from hearthroll.core.verbs import edits, sheet
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
RULESETS = [CATALOG.ruleset("hack"), CATALOG.ruleset("house")]
ITEMS = [g.id for g in RULESETS[0].gear]
ACTIONS = ["give", "carry", "drop", "wear", "stow"]

step = st.one_of(
    st.tuples(st.just("gear"), st.sampled_from(ITEMS), st.sampled_from(ACTIONS)),
    st.tuples(st.just("hurt"), st.integers(0, 15), st.booleans()),
    st.tuples(st.just("heal"), st.integers(0, 15), st.booleans()),
    st.tuples(st.just("use"), st.sampled_from(ITEMS), st.booleans()),
)


def apply(state: Campaign, ruleset: Ruleset, who: str, move: tuple[object, ...], seed: int):  # type: ignore[no-untyped-def]
    kind = move[0]
    if kind == "gear":
        return sheet.give_gear(state, ruleset, str(move[1]), str(move[2]), who)
    if kind == "hurt":
        return sheet.hurt(state, ruleset, int(move[1]), who, ignore_armor=bool(move[2]))  # type: ignore[call-overload]
    if kind == "heal":
        return sheet.heal(state, ruleset, int(move[1]), who)  # type: ignore[call-overload]
    return sheet.use(state, ruleset, str(move[1]), RandomDice(seed), who)


def check_bounds(state: Campaign, ruleset: Ruleset) -> None:
    for character in state.characters.values():
        hp = character.meters["hp"]
        top = character.maxima.get("hp", ruleset.meter("hp").max)
        assert top is not None and 0 <= hp <= top
        most = gear.max_load(ruleset, character)
        assert most is not None and gear.load(ruleset, character) <= most


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(RULESETS),
    st.lists(st.tuples(st.sampled_from([0, 1, 2]), step), max_size=25),
    st.integers(0, 10_000),
)
def test_gear_and_harm_keep_their_bounds_and_undo_to_the_start(
    ruleset: Ruleset, steps: list[tuple[int, tuple[object, ...]]], seed: int
) -> None:
    start = demo_campaign(ruleset)
    state = start
    names = list(state.characters)
    log: dict[int, Event] = {}
    for index, move in steps:
        try:
            outcome = apply(state, ruleset, names[index], move, seed)
        except HearthrollError:
            continue  # refused: nothing changed
        state = outcome.state
        log[outcome.event.seq] = outcome.event
        check_bounds(state, ruleset)
    while state.history.undo:
        outcome = edits.undo_last(state, log.__getitem__)
        log[outcome.event.seq] = outcome.event
        state = outcome.state
    assert state.characters == start.characters
