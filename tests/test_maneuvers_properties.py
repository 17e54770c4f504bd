"""Any fight, step by step (maneuvers, rounds, practice, edits, blows and healing on either
side): meters stay in bounds, no cooling maneuver gets through, no downed foe attacks anyone,
undo of all of it is the start."""

from __future__ import annotations

import contextlib
import re

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import RandomDice
from hearthroll.core.errors import HearthrollError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import edits, fight, sheet
from hearthroll.core.verbs.session import make_move
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui.view.players import hide_health

MANEUVERS = load_catalog(with_user=False).ruleset("maneuvers")
START = demo_campaign(MANEUVERS)
PARTY = tuple(START.characters)
FOES = ("Bandit", "Ogre")
MOVES = ("kick", "bash", "trip", "disarm", "rescue", "flee", "break off")

seeds = st.integers(0, 2**32 - 1)
steps = st.one_of(
    st.tuples(
        st.just("move"),
        st.sampled_from(MOVES),
        st.sampled_from(PARTY),
        st.sampled_from(FOES),
        seeds,
    ),
    st.tuples(st.just("round")),
    st.tuples(st.just("practice"), st.sampled_from(MOVES[:5]), st.sampled_from(PARTY)),
    st.tuples(
        st.just("set"),
        st.sampled_from(PARTY),
        st.sampled_from(["stamina", "health"]),
        st.integers(0, 30),
    ),
    st.tuples(st.just("wield"), st.sampled_from(FOES)),
    st.tuples(st.just("wield_again"), st.sampled_from(PARTY)),
    st.tuples(st.just("hurt_foe"), st.sampled_from(FOES), st.integers(0, 30)),
    st.tuples(st.just("heal_foe"), st.sampled_from(FOES), st.integers(0, 30)),
    st.tuples(st.just("hurt"), st.sampled_from(PARTY), st.integers(0, 40), st.booleans()),
    st.tuples(st.just("heal"), st.sampled_from(PARTY), st.integers(0, 40)),
    st.tuples(st.just("undo")),
)


def _no_foe_health_shown(outcome: Outcome) -> None:
    """What the players' view shows of the event names no foe's exact health."""
    foes = outcome.state.encounter.foes if outcome.state.encounter else {}
    for phrase in outcome.event.results:
        seen = hide_health(phrase, outcome.state)
        for foe in foes.values():
            if foe.name in seen:
                top = foe.maxima["health"]
                assert not re.search(r"health\W*\d|\d+ ?/ ?" + str(top) + r"\b", seen), seen


def _in_bounds(state: Campaign) -> None:
    for character in state.characters.values():
        assert 0 <= character.meters["stamina"] <= 60
        assert 0 <= character.meters["health"] <= 30
        assert all(0 <= v <= 100 for v in character.efficacy.values())
        assert all(v > 0 for v in character.cooldowns.values())
    if state.encounter is not None:
        for foe in state.encounter.foes.values():
            assert 0 <= foe.meters["health"] <= foe.maxima["health"]
            assert foe.meters["health"] > 0 or foe.attacking is None, foe


@settings(max_examples=60, deadline=None)
@given(st.lists(steps, max_size=30))
def test_any_fight_stays_in_bounds_and_undoes_to_the_start(plan: list[tuple[object, ...]]) -> None:
    state = START
    done: list[Outcome] = []
    for step in plan:
        kind = step[0]
        outcome: Outcome | None = None
        with contextlib.suppress(HearthrollError):
            if kind == "move":
                _, wanted, actor, at, seed = step
                assert isinstance(wanted, str) and isinstance(actor, str) and isinstance(at, str)
                waiting = state.characters[actor].cooldowns
                move = MANEUVERS.moves[[m.name.lower() for m in MANEUVERS.moves].index(wanted)]
                dice = RandomDice(int(str(seed)))
                outcome = make_move(state, MANEUVERS, wanted, dice, actor=actor, at=at)
                assert waiting.get(move.id, 0) == 0, f"{wanted} got through while cooling down"
            elif kind == "round":
                outcome = fight.end_round(state, MANEUVERS)
            elif kind == "practice":
                outcome = fight.practice(state, MANEUVERS, str(step[1]), str(step[2]))
            elif kind == "set":
                path = f"{step[1]}.{step[2]}"
                outcome = edits.set_field(state, MANEUVERS, path, str(step[3]))
            elif kind == "wield":
                outcome = fight.wield(state, str(step[1]))
            elif kind == "wield_again":
                outcome = fight.wield_again(state, MANEUVERS, str(step[1]))
                assert "disarmed" not in outcome.state.characters[str(step[1])].conditions
            elif kind == "hurt_foe":
                outcome = fight.hurt_foe(state, str(step[1]), int(str(step[2])))
            elif kind == "heal_foe":
                outcome = fight.heal_foe(state, str(step[1]), int(str(step[2])))
            elif kind in ("hurt", "heal"):
                who, amount = str(step[1]), int(str(step[2]))
                health = state.characters[who].meters["health"]
                if kind == "hurt":
                    outcome = sheet.hurt(state, MANEUVERS, amount, who, ignore_armor=bool(step[3]))
                    assert outcome.state.characters[who].meters["health"] <= health
                else:
                    outcome = sheet.heal(state, MANEUVERS, amount, who)
                    assert outcome.state.characters[who].meters["health"] >= health
            elif kind == "undo" and done:
                outcome = edits.undo(state, done.pop().event)
        if outcome is not None:
            if kind != "undo":
                done.append(outcome)
            state = outcome.state
            _in_bounds(state)
            _no_foe_health_shown(outcome)
    for outcome in reversed(done):
        state = edits.undo(state, outcome.event).state
    assert attrs.evolve(state, history=START.history) == START
