"""The encounter's verbs (`core/verbs/fight.py`): a game without encounters refuses them; each
verb is one event of its kind (`foe`, `round`, `encounter`, `practice`, `move`) with its words;
a blow on a foe or its healing is refused below 0; a foe retargeted on whom it attacks already
is refused; a maneuver names its foe, makes its maker the one looked at, and lands its deltas."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.deltas import Delta
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import NotFound, RuleError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import fight
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
MANEUVERS = CATALOG.ruleset("maneuvers")
HACK = CATALOG.ruleset("hack")
FORD = demo_campaign(MANEUVERS)  # Bandit (health 20, armor 1) on Brannoc; Ogre (40, 2) on Wren
KICK = MANEUVERS.move("maneuvers_kick")


def test_a_game_without_encounters_refuses_foes_and_wielding() -> None:
    road = demo_campaign(HACK)
    refusal = r"^a Hack \(2d6 \+ stat\) campaign has no encounters, foes or rounds$"
    with pytest.raises(RuleError, match=refusal):
        fight.add_foe(road, HACK, "Wolf", {"str": 10}, 5)
    with pytest.raises(RuleError, match=refusal):
        fight.wield_again(road, HACK, "Cog")


def test_a_foe_joins_with_scores_health_and_whom_it_attacks() -> None:
    joined = fight.add_foe(FORD, MANEUVERS, "Wolf", {"str": 12, "dex": 14}, 12, attacking="Isolde")
    assert joined.event.kind == "foe"
    assert joined.event.results == (
        "Wolf joins the fight (Str 12 Dex 14, health 12/12, attacking Isolde)",
    )
    assert joined.state.encounter is not None
    assert list(joined.state.encounter.foes) == ["Bandit", "Ogre", "Wolf"]


def test_a_foe_of_a_score_or_weapon_the_game_lacks_is_refused() -> None:
    with pytest.raises(
        RuleError, match=r"^a Maneuvers and escape foe has no score 'luck'; scores: str, dex$"
    ):
        fight.add_foe(FORD, MANEUVERS, "Wolf", {"str": 10, "luck": 3}, 5)
    with pytest.raises(
        RuleError, match=r"^a foe's weapon is one of none, one_handed, two_handed, not 'spear'$"
    ):
        fight.add_foe(FORD, MANEUVERS, "Wolf", {"str": 10, "dex": 10}, 5, weapon="spear")


def test_a_blow_on_a_foe_goes_through_its_armor_unless_it_is_ignored() -> None:
    assert fight.hurt_foe(FORD, "bandit", 5).event.results == (
        "Bandit takes 4 (armor 1 takes 1): health 20 → 16",
    )
    assert fight.hurt_foe(FORD, "bandit", 5, ignore_armor=True).event.results == (
        "Bandit takes 5: health 20 → 15",
    )
    with pytest.raises(
        RuleError, match=r"^damage is 0 or more, not -1; heal the foe to give health back$"
    ):
        fight.hurt_foe(FORD, "Bandit", -1)
    with pytest.raises(
        NotFound, match=r"^no foe 'Wolf' in the encounter \(the foes: Bandit, Ogre\)$"
    ):
        fight.hurt_foe(FORD, "Wolf", 1)


def test_a_foe_heals_never_above_what_it_started_with() -> None:
    hurt = fight.hurt_foe(FORD, "Bandit", 5).state
    healed = fight.heal_foe(hurt, "Bandit", 10)
    assert healed.event.results == ("Bandit: health 16 → 20",)
    with pytest.raises(RuleError, match=r"^healing is 0 or more, not -2$"):
        fight.heal_foe(FORD, "Bandit", -2)


def test_a_foe_turns_on_another_or_on_nobody_but_not_on_whom_it_attacks() -> None:
    assert fight.retarget(FORD, "Bandit", "isolde").event.results == ("Bandit attacks Isolde",)
    assert fight.retarget(FORD, "Bandit", None).event.results == ("Bandit stops attacking",)
    with pytest.raises(RuleError, match=r"^Bandit attacks Brannoc already$"):
        fight.retarget(FORD, "Bandit", "Brannoc")


def test_the_place_s_way_out_closes_and_opens_as_encounter_events() -> None:
    closed = fight.no_way_out(FORD)
    assert (closed.event.kind, closed.event.results) == (
        "encounter",
        ("no way out: no one can flee or break off",),
    )
    assert fight.no_way_out(closed.state, False).event.results == ("a way out opens",)
    with pytest.raises(RuleError, match=r"^the encounter has one$"):
        fight.no_way_out(FORD, False)


def test_a_round_ends_and_a_foe_leaves_as_events_of_their_kind() -> None:
    ended = fight.end_round(FORD, MANEUVERS)
    assert (ended.event.kind, ended.event.results) == ("round", ("round 1 ends; round 2 begins",))
    left = fight.drop_foe(FORD, "ogre")
    assert (left.event.kind, left.event.results) == ("foe", ("Ogre leaves the fight",))


def test_practice_is_an_event_naming_the_maneuver() -> None:
    trained = fight.practice(FORD, MANEUVERS, "kick", "Wren")
    event = trained.event
    assert (event.kind, event.actor, event.move, event.move_name) == (
        "practice",
        "Wren",
        "maneuvers_kick",
        "Kick",
    )
    assert event.results == ("Kick efficacy 80 → 85",)


def test_a_maneuver_names_its_foe_and_makes_its_maker_the_one_looked_at() -> None:
    wren = FORD.characters["Wren"]
    made = fight.maneuver(FORD, MANEUVERS, KICK, wren, TypedDice([10]), TypedDice([3]))
    event = made.event
    assert (event.kind, event.mechanic, event.dice, event.kept, event.total) == (
        "move",
        "d20",
        (10,),
        (10,),
        13,
    )
    assert (event.band, event.label, event.modifiers) == ("hit", "Lands", ("+3 Dex",))
    assert event.results == (
        "against Ogre",
        "Stamina 60 → 50",
        "Kick waits 1 round",
        "Kick efficacy 80 → 81 (used in a fight)",
        "damage 1d4+3+str/3+dex/4 = [3]+3+10/3+16/4 = 13",
        "Ogre takes 11 (armor 2 takes 2): health 40 → 29",
    )
    assert Delta(("active",), "Brannoc", "Wren") in event.deltas
    assert made.state.active == "Wren"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["hurt", "heal"]), st.integers(0, 30)), max_size=10))
def test_a_foe_s_health_stays_between_zero_and_what_it_started_with(
    steps: list[tuple[str, int]],
) -> None:
    state = FORD
    for verb, amount in steps:
        try:
            if verb == "hurt":
                state = fight.hurt_foe(state, "Ogre", amount).state
            else:
                state = fight.heal_foe(state, "Ogre", amount).state
        except RuleError:
            continue
        assert state.encounter is not None
        if "Ogre" in state.encounter.foes:
            assert 0 <= state.encounter.foes["Ogre"].meters["health"] <= 40
