"""Why a table key cannot act now is the engine's own answer: the app's refusal for a key is the
words the verb refuses with, so the two can never drift apart."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import HearthrollError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import edits, fight, pool
from hearthroll.core.verbs.session import make_move
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui.refusals import refusal

CATALOG = load_catalog(with_user=False)
HOUSE = CATALOG.ruleset("house")
MANEUVERS = CATALOG.ruleset("maneuvers")


def said(verb: Callable[[], Outcome]) -> str:
    with pytest.raises(HearthrollError) as refused:
        verb()
    return str(refused.value)


def test_level_up_accept_and_stop_refuse_in_the_verbs_own_words() -> None:
    state = demo_campaign(HOUSE)
    who = next(iter(state.characters))
    assert refusal(state, HOUSE, who, "level_up") == said(
        lambda: edits.do_level_up(state, HOUSE, who)
    )
    assert refusal(state, HOUSE, who, "accept") == said(
        lambda: pool.accept(state, HOUSE, TypedDice([]))
    )
    assert refusal(state, HOUSE, who, "stop") == said(lambda: pool.stop(state, HOUSE))


def test_a_waiting_bust_is_refused_for_stop_as_the_verb_refuses_it() -> None:
    state = demo_campaign(HOUSE)
    who = next(n for n, c in state.characters.items() if not c.holds)
    busted: Campaign = make_move(state, HOUSE, "clash", TypedDice([1]), actor=who).state
    assert busted.turn.status == "bust_pending"  # a reroll left: the bust waits
    assert refusal(busted, HOUSE, who, "stop") == said(lambda: pool.stop(busted, HOUSE))
    assert refusal(busted, HOUSE, who, "accept") is None


def test_wield_is_refused_as_the_verb_refuses_it() -> None:
    from hearthroll.core.games.demo import demo_campaign as demo

    state = demo(MANEUVERS)
    who = next(iter(state.characters))
    assert refusal(state, MANEUVERS, who, "wield") == said(
        lambda: fight.wield_again(state, MANEUVERS, who)
    )


def test_a_move_offered_next_that_the_roller_cannot_make_is_not_offered() -> None:
    """A companion destroyed by the roll takes the offer of a companion's move with it (the
    shell would refuse it: "Kael has no companion")."""
    import attrs

    from hearthroll.core.campaign.events import Event
    from hearthroll.core.games.demo import starforged_demo
    from hearthroll.core.verbs.offers import offered_next

    starforged = CATALOG.ruleset("starforged")
    state = starforged_demo(starforged)
    follow = ("starforged_companion_takes_a_hit", "starforged_endure_harm")
    rolled = Event(kind="move", actor="Kael", move="starforged_withstand_damage", follow=follow)
    offered = [o.move for o in offered_next([rolled], starforged, state)]
    assert offered == list(follow)
    kael = state.characters["Kael"]
    alone = attrs.evolve(kael, assets=tuple(a for a in kael.assets or () if a.kind != "companion"))
    without = attrs.evolve(state, characters={**state.characters, "Kael": alone})
    offered = [o.move for o in offered_next([rolled], starforged, without)]
    assert offered == ["starforged_endure_harm"]


def test_a_waiting_last_breath_is_refused_in_the_table_s_words_in_the_app() -> None:
    """The shell names its command; the app says it in its own words, no shell syntax."""
    from hearthroll.core.verbs import sheet
    from hearthroll.core.verbs.before import refusal_before_roll
    from hearthroll.tui.refusals import at_table

    hack = CATALOG.ruleset("hack")
    state = demo_campaign(hack)
    who = next(iter(state.characters))
    down = sheet.hurt(state, hack, 99, who).state
    assert down.characters[who].waits
    error = refusal_before_roll(down, hack, "defy danger", actor=who)
    assert error is not None
    assert f"--as {who}" in str(error)
    words = at_table(error)
    assert words.startswith(f"{who}'s Last Breath waits: roll it first")
    assert "--" not in words and "move '" not in words
