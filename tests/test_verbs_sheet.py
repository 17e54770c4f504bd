"""The verbs on a character's sheet (`core/verbs/sheet.py`): each lands on the one named or the
active character and records one event of its kind with its words; gear is given, dropped, worn
or stowed and nothing else; harm all soaked is still said; a blow below the breaking point says
who must flee; an ongoing penalty lasts 1 to 99 rolls and 0 clears it."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.deltas import apply
from hearthroll.core.campaign.state import Ongoing
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import NotFound, RuleError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import sheet
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HACK = CATALOG.ruleset("hack")
MANEUVERS = CATALOG.ruleset("maneuvers")
ROAD = demo_campaign(HACK)  # Grusha (active): ogre, 13 HP, armor 2; Cog: automaton; Mira


def test_gear_given_to_no_one_named_goes_to_the_active_character_as_one_event() -> None:
    given_ = sheet.give_gear(ROAD, HACK, "Crossbow")
    assert (given_.event.kind, given_.event.actor) == ("gear", "Grusha")
    assert given_.event.results == ("Grusha takes Crossbow (wielded): load 5/10, armor 2",)
    assert [d.path for d in given_.event.deltas] == [("characters", "Grusha", "gear")]
    assert apply(given_.state, given_.event.deltas, forward=False).characters == ROAD.characters


def test_gear_is_only_given_carried_dropped_worn_or_stowed() -> None:
    with pytest.raises(
        RuleError, match=r"^gear is given, carried, dropped, worn or stowed, not 'juggle'$"
    ):
        sheet.give_gear(ROAD, HACK, "bow", "juggle", "Mira")
    with pytest.raises(RuleError, match=r"^Cog has no worn Bow$"):
        sheet.give_gear(ROAD, HACK, "bow", "stow", "Cog")
    with pytest.raises(NotFound, match=r"^no gear 'rope' \(gear: "):
        sheet.give_gear(ROAD, HACK, "rope", "give", "Mira")
    with pytest.raises(NotFound, match=r"^no character 'Zed'"):
        sheet.give_gear(ROAD, HACK, "bow", "give", "Zed")


def test_harm_all_soaked_by_armor_is_still_an_event_that_says_so() -> None:
    soaked = sheet.hurt(ROAD, HACK, 1, "Grusha")
    assert (soaked.event.kind, soaked.event.actor, soaked.event.deltas) == ("hurt", "Grusha", ())
    assert soaked.event.results == ("Grusha takes 1 − 2 armor = 0: HP 13 → 13",)
    assert soaked.state.history.undo == (soaked.event.seq,)


def test_a_blow_below_the_breaking_point_says_who_must_flee() -> None:
    ford = demo_campaign(MANEUVERS)
    wren = attrs.evolve(ford.characters["Wren"], breaking_point=20)  # health 30
    ford = attrs.evolve(ford, characters={**ford.characters, "Wren": wren})
    blow = sheet.hurt(ford, MANEUVERS, 11, "Wren")
    assert blow.event.results == (
        "Wren takes 11: Health 30 → 19",
        "Wren is below their breaking point: Wren must flee",
    )
    assert sheet.hurt(ford, MANEUVERS, 10, "Wren").event.results == (
        "Wren takes 10: Health 30 → 20",
    )


def test_healing_and_a_use_are_events_of_their_kind() -> None:
    hurt = sheet.hurt(ROAD, HACK, 7, "Cog").state  # 10 → 3
    healed = sheet.heal(hurt, HACK, 4, "Cog")
    assert (healed.event.kind, healed.event.results) == ("heal", ("Cog heals 4: HP 3 → 7",))
    used = sheet.use(ROAD, HACK, "adventuring gear", TypedDice([]), "Cog")
    assert (used.event.kind, used.event.results) == ("use", ("Adventuring gear uses 3 → 2",))


def test_an_ongoing_penalty_is_set_then_cleared_in_words() -> None:
    set_ = sheet.ongoing(ROAD, HACK, -1, 2, "Cog")
    assert set_.state.characters["Cog"].ongoing == Ongoing(-1, 2)
    assert (set_.event.kind, set_.event.results) == (
        "ongoing",
        ("Cog: −1 ongoing on the next 2 rolls",),
    )
    cleared = sheet.ongoing(set_.state, HACK, 0, 5, "Cog")
    assert cleared.state.characters["Cog"].ongoing is None
    assert cleared.event.results == ("Cog: the ongoing −1 ends",)
    assert sheet.ongoing(ROAD, HACK, 1, 1).event.results == (
        "Grusha: +1 ongoing on the next 1 roll",
    )


@settings(deadline=None)
@given(st.integers(-5, 5), st.integers(-3, 120), st.booleans())
def test_an_ongoing_penalty_lasts_1_to_99_rolls_and_only_one_held_is_cleared(
    amount: int, rolls: int, held: bool
) -> None:
    cog = attrs.evolve(ROAD.characters["Cog"], ongoing=Ongoing(-2, 3) if held else None)
    state = attrs.evolve(ROAD, characters={**ROAD.characters, "Cog": cog})
    clears = amount == 0 or rolls == 0
    try:
        outcome = sheet.ongoing(state, HACK, amount, rolls, "Cog")
    except RuleError as refused:
        if not 0 <= rolls <= 99:
            assert str(refused) == f"an ongoing penalty lasts 1 to 99 rolls, not {rolls}"
        else:
            assert clears and not held
            assert str(refused) == "Cog has no ongoing penalty to clear"
        return
    assert 0 <= rolls <= 99
    after = outcome.state.characters["Cog"].ongoing
    assert after == (None if clears else Ongoing(amount, rolls))
