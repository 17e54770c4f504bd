"""The maneuvers game's readings 16 and 33-40 (DESIGN), pinned by typed dice on the demo fight.

The demo: Brannoc (Str 14, Dex 12, weapon and shield; kick 85, bash 90, rescue 60), Isolde
(Str 16, Dex 10, two-handed weapon; kick 50, trip 40, disarm 70), Wren (Str 10, Dex 16,
weapon; kick 80, trip 75, disarm 30, rescue 20), each with 60 stamina and 30 health; against
the Bandit (Str 12, Dex 12, health 20, armor 1, two-handed weapon, attacking Brannoc) and the
Ogre (Str 18, Dex 8, health 40, armor 2, one-handed weapon, huge, attacking Wren).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import product

import attrs
import pytest

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.odds import d20_odds
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import DiceError, RuleError
from hearthroll.core.games import encounter
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import edits, fight
from hearthroll.core.verbs.session import make_move
from hearthroll.store.rulesets import load_catalog

MANEUVERS = load_catalog(with_user=False).ruleset("maneuvers")


@pytest.fixture
def ford() -> Campaign:
    """The maneuvers demo: three fighters, two foes, round 1."""
    return demo_campaign(MANEUVERS)


def move(
    state: Campaign,
    wanted: str,
    actor: str,
    faces: Sequence[int],
    effect: Sequence[int] = (),
    at: str | None = None,
) -> Outcome:
    """Make a maneuver with typed dice, and check every face typed was rolled."""
    dice, extra = TypedDice(faces), TypedDice(effect)
    outcome = make_move(state, MANEUVERS, wanted, dice, actor=actor, effect_dice=extra, at=at)
    dice.finish()
    extra.finish()
    return outcome


def end_round(state: Campaign) -> Campaign:
    return fight.end_round(state, MANEUVERS).state


def foe(state: Campaign, name: str) -> encounter.Foe:
    assert state.encounter is not None
    return state.encounter.foes[name]


# --- reading 34: cost, exhaustion, refusals with nothing paid ---------------------------------


def test_kick_pays_ten_stamina_and_waits_one_round(ford: Campaign) -> None:
    after = move(ford, "kick", "Brannoc", [15], [3], at="Bandit").state
    brannoc = after.characters["Brannoc"]
    assert brannoc.meters["stamina"] == 50
    assert brannoc.cooldowns == {"maneuvers_kick": 1}
    after = end_round(after)  # round 2: still waiting
    with pytest.raises(RuleError, match="Kick waits 1 more round"):
        move(after, "kick", "Brannoc", [15], [3], at="Bandit")
    after = end_round(after)  # round 3 = 1 + cooldown 1 + 1: ready
    assert after.characters["Brannoc"].cooldowns == {}
    again = move(after, "kick", "Brannoc", [15], [3], at="Bandit").state
    assert again.characters["Brannoc"].meters["stamina"] == 40


def test_exhausted_character_cannot_kick(ford: Campaign) -> None:
    tired = edits.set_field(ford, MANEUVERS, "Brannoc.stamina", "0").state
    with pytest.raises(RuleError, match="exhausted"):
        move(tired, "kick", "Brannoc", [15], [3], at="Bandit")
    short = edits.set_field(ford, MANEUVERS, "Brannoc.stamina", "9").state
    with pytest.raises(RuleError, match="Kick costs 10 Stamina; Brannoc has 9"):
        move(short, "kick", "Brannoc", [15], [3], at="Bandit")


def test_refused_maneuver_pays_nothing_and_takes_no_turn(ford: Campaign) -> None:
    with pytest.raises(RuleError, match="needs a shield"):
        move(ford, "bash", "Wren", [15], [3, 16], at="Bandit")
    with pytest.raises(RuleError, match="Ogre is huge"):
        move(ford, "trip", "Wren", [10, 15], [2], at="Ogre")
    after = move(ford, "kick", "Wren", [15], [3], at="Bandit").state
    assert after.characters["Wren"].meters["stamina"] == 50


def test_one_turn_per_character_per_round(ford: Campaign) -> None:
    after = move(ford, "kick", "Brannoc", [15], [3], at="Bandit").state
    with pytest.raises(RuleError, match="has taken a turn this round"):
        move(after, "bash", "Brannoc", [15], [3, 16], at="Bandit")


# --- reading 36: damage reads scores, armor takes its share -----------------------------------


def test_kick_damage_reads_scores_and_armor_takes_its_share(ford: Campaign) -> None:
    outcome = move(ford, "kick", "Brannoc", [15], [3], at="Bandit")
    # 1d4 3 + 3 + 14/3 (4) + 12/4 (3) = 13, less the Bandit's armor 1 = 12.
    assert foe(outcome.state, "Bandit").meters["health"] == 8
    assert "+1 Dex" in outcome.event.modifiers
    assert outcome.event.band == "hit"


def test_kick_that_misses_deals_nothing(ford: Campaign) -> None:
    outcome = move(ford, "kick", "Brannoc", [7], at="Bandit")  # 7 + 1 = 8 < 9
    assert outcome.event.band == "fail"
    assert foe(outcome.state, "Bandit").meters["health"] == 20
    assert outcome.state.characters["Brannoc"].meters["stamina"] == 50


# --- reading 37: trip, disarm, bash, rescue ----------------------------------------------------


def test_trip_subtracts_foe_dex_mod(ford: Campaign) -> None:
    # Wren: Dex 16 (+3), the Bandit Dex 12 (+1): 8 + 3 − 1 = 10 misses, 10 + 3 − 1 = 12 lands.
    missed = move(ford, "trip", "Wren", [10, 8], at="Bandit")
    assert missed.event.band == "fail"
    assert "−1 Bandit's Dex" in missed.event.modifiers
    landed = move(ford, "trip", "Wren", [10, 10], [2], at="Bandit")
    assert landed.event.band == "hit"
    bandit = foe(landed.state, "Bandit")
    assert bandit.conditions == {"down": 2}
    assert bandit.meters["health"] == 18  # 1d3 2 + 1 = 3, less armor 1


def test_trip_natural_low_puts_the_mover_on_the_ground(ford: Campaign) -> None:
    outcome = move(ford, "trip", "Wren", [10, 2], at="Bandit")
    assert outcome.event.band == "fumble"
    assert outcome.state.characters["Wren"].conditions == {"on_the_ground": 1}


def test_disarm_needs_fifteen_against_two_handed(ford: Campaign) -> None:
    # Isolde: Dex 10 (+0), Str 16 (+3) over the Bandit's 12 (+1): +2. 12 + 2 = 14 < 15.
    missed = move(ford, "disarm", "Isolde", [10, 12], at="Bandit")
    assert missed.event.band == "fail"
    assert "needs 15: two-handed foe" in missed.event.modifiers
    landed = move(ford, "disarm", "Isolde", [10, 13], at="Bandit")
    assert landed.event.band == "hit"
    assert foe(landed.state, "Bandit").conditions == {"disarmed": 0}
    assert "weapon" not in encounter.foe_tags(foe(landed.state, "Bandit"))


def test_disarm_against_one_handed_needs_fourteen(ford: Campaign) -> None:
    # Wren (disarm 30) against the Ogre: Str 10 (+0) does not beat 18 (+4): nothing added.
    landed = move(ford, "disarm", "Wren", [30, 11], at="Ogre")  # 11 + 3 = 14
    assert landed.event.band == "hit"
    assert not any("Str" in m for m in landed.event.modifiers)


def test_disarm_refused_against_a_disarmed_foe_and_wield_rearms(ford: Campaign) -> None:
    after = move(ford, "disarm", "Isolde", [10, 13], at="Bandit").state
    after = end_round(after)
    with pytest.raises(RuleError, match="Disarm"):
        move(after, "disarm", "Wren", [10, 15], at="Bandit")
    rearmed = fight.wield(after, "Bandit").state
    assert "weapon" in encounter.foe_tags(foe(rearmed, "Bandit"))


def test_disarm_natural_one_disarms_the_mover(ford: Campaign) -> None:
    outcome = move(ford, "disarm", "Isolde", [10, 1], at="Bandit")
    assert outcome.state.characters["Isolde"].conditions == {"disarmed": 0}
    after = end_round(outcome.state)
    assert "weapon" not in encounter.gear_tags(MANEUVERS, after.characters["Isolde"])


def test_a_character_disarmed_by_their_fumble_wields_again_with_their_turn(
    ford: Campaign,
) -> None:
    from hearthroll.core.games import sheet

    fumbled = move(ford, "disarm", "Wren", [25, 1], at="Ogre").state
    wren = fumbled.characters["Wren"]
    gear = sheet.items(MANEUVERS, wren)
    assert gear is not None
    assert [line.text for line in gear.lines] == ["Weapon (in the pack: disarmed)"]
    with pytest.raises(RuleError, match="has taken a turn this round"):
        fight.wield_again(fumbled, MANEUVERS, "Wren")
    later = end_round(fumbled)
    rested = attrs.evolve(later.characters["Wren"], cooldowns={})  # as if Disarm were ready
    later = attrs.evolve(later, characters={**later.characters, "Wren": rested})
    with pytest.raises(RuleError, match=r"Disarm needs a weapon; Wren has none at hand: .*wield"):
        move(later, "disarm", "Wren", [25, 15], at="Ogre")
    wielded = fight.wield_again(later, MANEUVERS, "Wren")
    assert wielded.event.results == ("Wren wields their weapon again (their turn)",)
    assert wielded.state.characters["Wren"].conditions == {}
    assert "weapon" in encounter.gear_tags(MANEUVERS, wielded.state.characters["Wren"])
    assert wielded.state.encounter is not None
    assert wielded.state.encounter.acted == {"Wren": "wield"}
    with pytest.raises(RuleError, match="Wren is not disarmed"):
        fight.wield_again(end_round(wielded.state), MANEUVERS, "Wren")
    assert edits.undo(wielded.state, wielded.event).state.characters["Wren"].conditions == {
        "disarmed": 0
    }


def test_a_disarmed_character_takes_the_weapon_back_when_the_encounter_ends(
    ford: Campaign,
) -> None:
    fumbled = move(ford, "disarm", "Wren", [25, 1], at="Ogre").state
    ended = fight.end_encounter(fumbled, MANEUVERS)
    assert "Wren takes their weapon out of the pack" in ended.event.results
    assert ended.state.characters["Wren"].conditions == {}


def test_a_foe_brought_to_zero_stops_attacking_until_undone(ford: Campaign) -> None:
    down = fight.hurt_foe(ford, "Bandit", 21)  # 21 − armor 1 = 20
    assert down.event.results == (
        "Bandit takes 20 (armor 1 takes 1): health 20 → 0",
        "Bandit is down and out",
        "Bandit stops attacking Brannoc",
    )
    assert foe(down.state, "Bandit").attacking is None
    assert "attacking" not in encounter.foe_line(foe(down.state, "Bandit"))
    assert foe(edits.undo(down.state, down.event).state, "Bandit").attacking == "Brannoc"
    kicked = move(ford, "kick", "Brannoc", [15], [4], at="Bandit")  # 4 + 3 + 4 + 3 − 1 = 13
    assert foe(kicked.state, "Bandit").attacking == "Brannoc"  # 7 left: still fighting


def test_a_downed_foe_is_skipped_as_the_default_target(ford: Campaign) -> None:
    down = fight.hurt_foe(ford, "Bandit", 21).state
    # Brannoc (rescue 60): d100 40, d20 8 + 1 = 9 lands on the Ogre, who attacks Wren.
    rescued = move(down, "rescue", "Brannoc", [40, 8])
    assert "against Ogre" in rescued.event.results
    assert "Ogre turns from Wren onto Brannoc" in rescued.event.results
    kicked = move(down, "kick", "Isolde", [50, 15], [1])  # the only foe still up
    assert "against Ogre" in kicked.event.results
    assert encounter.aim(down, "Bandit", "Wren") == "Ogre"
    assert encounter.aim(down, None, "Brannoc") == "Ogre"
    both = fight.hurt_foe(down, "Ogre", 42).state
    with pytest.raises(RuleError, match=r"every foe is down \(Bandit, Ogre\): name one with --at"):
        move(both, "kick", "Brannoc", [15], [1])


def test_a_downed_foe_named_takes_damage_but_no_move_that_needs_it_fighting(
    ford: Campaign,
) -> None:
    down = fight.hurt_foe(ford, "Bandit", 21).state
    kicked = move(down, "kick", "Brannoc", [15], [4], at="Bandit")
    assert "Bandit takes 13 (armor 1 takes 1): health 0 → 0" in kicked.event.results
    for wanted, actor in (("trip", "Wren"), ("disarm", "Isolde"), ("flee", "Wren")):
        with pytest.raises(RuleError, match=f"Bandit is down \\(health 0\\): no {wanted.title()}"):
            move(down, wanted, actor, [10, 15], at="Bandit")
    assert down.characters["Wren"].meters["stamina"] == 60  # refused: nothing paid


def test_bash_stun_lasts_two_rounds(ford: Campaign) -> None:
    # Brannoc: Str 14 (+2): 9 + 2 = 11 lands; 1d6 4 + 4 + 7 = 15, less armor 1; stun 13 + 2 = 15.
    outcome = move(ford, "bash", "Brannoc", [9], [4, 13], at="Bandit")
    bandit = foe(outcome.state, "Bandit")
    assert bandit.meters["health"] == 6
    assert bandit.conditions == {"stunned": 2}
    once = end_round(outcome.state)
    assert foe(once, "Bandit").conditions == {"stunned": 1}
    twice = end_round(once)
    assert foe(twice, "Bandit").conditions == {}


def test_a_bash_that_takes_the_foe_down_rolls_no_stun(ford: Campaign) -> None:
    # Bandit at 5 health: 1d6 4 + 4 + 7 = 15, less armor 1, takes it to 0; no d20 is rolled.
    worn = encounter.put_foe(ford, attrs.evolve(foe(ford, "Bandit"), meters={"health": 5}))
    outcome = move(worn, "bash", "Brannoc", [9], [4], at="Bandit")
    bandit = foe(outcome.state, "Bandit")
    assert bandit.meters["health"] == 0
    assert bandit.conditions == {}
    assert "Bash: stun roll: not rolled, Bandit is down" in outcome.event.results
    with pytest.raises(DiceError, match="too many typed dice"):  # the stun die is not wanted
        move(worn, "bash", "Brannoc", [9], [4, 13], at="Bandit")


def test_bash_stun_roll_short_of_fifteen_does_not_stun(ford: Campaign) -> None:
    outcome = move(ford, "bash", "Brannoc", [9], [4, 12], at="Bandit")
    assert foe(outcome.state, "Bandit").conditions == {}


def test_bash_miss_on_one_to_three_is_off_balance(ford: Campaign) -> None:
    outcome = move(ford, "bash", "Brannoc", [3], at="Bandit")
    assert outcome.state.characters["Brannoc"].conditions == {"off_balance": 1}
    assert end_round(outcome.state).characters["Brannoc"].conditions == {}


def test_rescue_turns_the_foe_onto_the_rescuer(ford: Campaign) -> None:
    # Brannoc (rescue 60) steps in front of Wren, whom the Ogre attacks.
    outcome = move(ford, "rescue", "Brannoc", [40, 8], at="Ogre")  # 8 + 1 = 9
    assert foe(outcome.state, "Ogre").attacking == "Brannoc"
    missed = move(ford, "rescue", "Brannoc", [40, 7], at="Ogre")
    assert foe(missed.state, "Ogre").attacking == "Wren"


def test_rescue_refused_when_the_foe_attacks_the_rescuer(ford: Campaign) -> None:
    with pytest.raises(RuleError, match="not attacking a friend"):
        move(ford, "rescue", "Brannoc", [40, 8], at="Bandit")


# --- reading 38: flee and break off ------------------------------------------------------------


def test_flee_adds_two_per_dexterity_point(ford: Campaign) -> None:
    # Isolde Dex 10 against the Bandit's 12: −4. 14 − 4 = 10 < 11; 15 − 4 = 11 gets out.
    caught = move(ford, "flee", "Isolde", [14], at="Bandit")
    assert caught.event.band == "fail"
    assert "−4 2 × Dex under theirs (10 vs 12)" in caught.event.modifiers
    assert caught.state.encounter is not None and "Isolde" not in caught.state.encounter.fled
    away = move(ford, "flee", "Isolde", [15], at="Bandit")
    assert away.event.band == "hit"
    assert away.state.encounter is not None and away.state.encounter.fled == ("Isolde",)


def test_natural_twenty_always_flees(ford: Campaign) -> None:
    slow = edits.set_field(ford, MANEUVERS, "Isolde.dex", "1").state  # −22 against Dex 12
    away = move(slow, "flee", "Isolde", [20], at="Bandit")
    assert away.event.band == "hit"


@pytest.mark.parametrize("wanted", ["flee", "break off"])
def test_a_natural_1_gets_out_when_its_total_makes_11(ford: Campaign, wanted: str) -> None:
    # Wren Dex 16 against the Ogre's 8: +16. A 1 makes 17: out, no natural-1 miss of its own.
    out = move(ford, wanted, "Wren", [1], at="Ogre")
    assert (out.event.band, out.event.total) == ("hit", 17)
    assert out.event.label in ("Away", "Disengaged")
    # Isolde against the Bandit (−4): a 1 makes −3, a plain miss.
    caught = move(ford, wanted, "Isolde", [1], at="Bandit")
    assert caught.event.band == "fail"


@pytest.mark.parametrize("wanted", ["flee", "break off"])
def test_the_odds_of_getting_out_count_a_natural_1_by_its_total(
    ford: Campaign, wanted: str
) -> None:
    escape = MANEUVERS.move(f"maneuvers_{wanted.replace(' ', '_')}")
    wren = ford.characters["Wren"]
    assert encounter.chance(MANEUVERS, escape, wren, foe(ford, "Ogre")) == 1
    isolde = ford.characters["Isolde"]
    # −4: 15 to 19 make 11, and a natural 20 always gets out: 6 faces of 20.
    assert encounter.chance(MANEUVERS, escape, isolde, foe(ford, "Bandit")) == Fraction(6, 20)


def test_flee_refused_with_no_way_out_or_held(ford: Campaign) -> None:
    closed = fight.no_way_out(ford).state
    with pytest.raises(RuleError, match="no way out"):
        move(closed, "flee", "Wren", [15], at="Ogre")
    with pytest.raises(RuleError, match="no way out"):
        move(closed, "break off", "Wren", [15], at="Ogre")
    held = edits.set_field(ford, MANEUVERS, "Wren.held", "true").state
    with pytest.raises(RuleError, match="held"):
        move(held, "flee", "Wren", [15], at="Ogre")


def test_fled_character_is_out_and_foes_stop(ford: Campaign) -> None:
    away = move(ford, "flee", "Wren", [5], at="Ogre").state  # 5 + 16 = 21
    assert foe(away, "Ogre").attacking is None
    after = end_round(away)
    with pytest.raises(RuleError, match="fled"):
        move(after, "kick", "Wren", [15], [3], at="Ogre")


def test_break_off_turns_the_foe_on_another(ford: Campaign) -> None:
    outcome = move(ford, "break off", "Wren", [5], at="Ogre")
    assert outcome.event.band == "hit"
    assert foe(outcome.state, "Ogre").attacking == "Brannoc"
    assert outcome.state.encounter is not None and outcome.state.encounter.fled == ()


def test_failed_flee_costs_the_turn(ford: Campaign) -> None:
    after = move(ford, "flee", "Isolde", [2], at="Bandit").state
    with pytest.raises(RuleError, match="taken a turn"):
        move(after, "flee", "Isolde", [20], at="Bandit")


# --- reading 39: breaking point ----------------------------------------------------------------


def test_breaking_point_is_at_most_three_quarters(ford: Campaign) -> None:
    with pytest.raises(RuleError, match="0 to 22"):
        edits.set_field(ford, MANEUVERS, "Wren.breaking_point", "23")
    after = edits.set_field(ford, MANEUVERS, "Wren.breaking_point", "10").state
    assert after.characters["Wren"].breaking_point == 10


def test_breaking_point_forces_flee(ford: Campaign) -> None:
    after = edits.set_field(ford, MANEUVERS, "Wren.breaking_point", "10").state
    wren = after.characters["Wren"]
    assert not encounter.breaks(wren)
    assert not encounter.breaks(attrs.evolve(wren, meters={**wren.meters, "health": 10}))
    assert encounter.breaks(attrs.evolve(wren, meters={**wren.meters, "health": 9}))
    blow = edits.set_field(after, MANEUVERS, "Wren.health", "9")
    assert "Wren is below their breaking point: Wren must flee" in blow.event.results
    again = edits.set_field(blow.state, MANEUVERS, "Wren.health", "8")
    assert "Wren is below their breaking point: Wren must flee" in again.event.results
    assert encounter.flee_move(MANEUVERS) == MANEUVERS.move("maneuvers_flee")


def test_every_blow_below_the_breaking_point_calls_for_the_flee(ford: Campaign) -> None:
    from hearthroll.core.verbs import sheet

    fleeing = "Wren is below their breaking point: Wren must flee"
    state = edits.set_field(ford, MANEUVERS, "Wren.breaking_point", "20").state
    first = sheet.hurt(state, MANEUVERS, 11, "Wren")  # 30 → 19
    assert fleeing in first.event.results
    second = sheet.hurt(first.state, MANEUVERS, 2, "Wren")  # 19 → 17: still a blow below it
    assert "Wren takes 2: Health 19 → 17" in second.event.results
    assert fleeing in second.event.results
    assert encounter.newly_breaking(first.state, second.state) == ["Wren"]
    healed = sheet.heal(second.state, MANEUVERS, 1, "Wren").state  # 18: healing is no blow
    assert encounter.newly_breaking(second.state, healed) == []
    nothing = sheet.hurt(healed, MANEUVERS, 0, "Wren")  # a blow of 0 leaves health as it was
    assert fleeing not in nothing.event.results
    up = sheet.heal(healed, MANEUVERS, 10, "Wren").state  # 28: above it again
    down = sheet.hurt(up, MANEUVERS, 9, "Wren")  # 28 → 19
    assert fleeing in down.event.results
    raised = edits.set_field(up, MANEUVERS, "Wren.health", "22").state
    point = edits.set_field(raised, MANEUVERS, "Wren.breaking_point", "22")
    assert fleeing not in point.event.results  # 22 is not below 22
    fled = move(second.state, "flee", "Wren", [11], at="Ogre").state
    assert fleeing not in sheet.hurt(fled, MANEUVERS, 2, "Wren").event.results


def test_breaking_point_absent_outside_maneuvers() -> None:
    hack = load_catalog(with_user=False).ruleset("hack")
    state = edits.add_character(Campaign(ruleset="hack"), hack, "Ash").state
    with pytest.raises(RuleError, match="no field 'breaking_point'"):
        edits.set_field(state, hack, "Ash.breaking_point", "3")


# --- reading 16 and 40: efficacy ---------------------------------------------------------------


def test_efficacy_below_80_checks_d100_first(ford: Campaign) -> None:
    # Isolde kicks at 50 efficacy: d100 51 fails with the cost paid and the cooldown started.
    failed = move(ford, "kick", "Isolde", [51], at="Bandit")
    assert failed.event.band == "efficacy_fail"
    isolde = failed.state.characters["Isolde"]
    assert isolde.meters["stamina"] == 50
    assert isolde.cooldowns == {"maneuvers_kick": 1}
    assert foe(failed.state, "Bandit").meters["health"] == 20
    landed = move(ford, "kick", "Isolde", [50, 15], [1], at="Bandit")
    assert landed.event.band == "hit"
    assert landed.event.dice == (50, 15)


def test_a_failed_efficacy_check_takes_the_d20_thrown_with_it(ford: Campaign) -> None:
    failed = move(ford, "kick", "Isolde", [51, 15], at="Bandit")  # every face used
    assert failed.event.band == "efficacy_fail"
    assert failed.event.dice == (51,)
    assert "the d20 thrown with it (15) is not needed" in failed.event.results
    assert foe(failed.state, "Bandit").meters["health"] == 20
    alone = move(ford, "kick", "Isolde", [51], at="Bandit")
    assert not any("not needed" in w for w in alone.event.results)


def test_a_d100_typed_as_00_is_100(ford: Campaign) -> None:
    failed = move(ford, "trip", "Wren", [0, 15], at="Bandit")  # Wren trips at 75
    assert failed.event.dice == (100,)
    assert "efficacy 75: d100 100 > 75, it fails" in failed.event.results


def test_efficacy_at_80_rolls_no_d100(ford: Campaign) -> None:
    outcome = move(ford, "kick", "Wren", [15], [1], at="Bandit")  # Wren kicks at 80
    assert outcome.event.dice == (15,)


def test_efficacy_rises_by_one_with_use_in_a_fight(ford: Campaign) -> None:
    failed = move(ford, "kick", "Isolde", [99], at="Bandit")
    assert failed.state.characters["Isolde"].efficacy["maneuvers_kick"] == 51


def test_practice_raises_efficacy_by_five_or_the_gms_amount(ford: Campaign) -> None:
    after = fight.practice(ford, MANEUVERS, "bash", "Isolde").state
    assert after.characters["Isolde"].efficacy["maneuvers_bash"] == 5
    after = fight.practice(after, MANEUVERS, "bash", "Isolde", 200).state
    assert after.characters["Isolde"].efficacy["maneuvers_bash"] == 100
    with pytest.raises(RuleError, match="100 already"):
        fight.practice(after, MANEUVERS, "bash", "Isolde")


def test_flee_has_no_efficacy_to_practise(ford: Campaign) -> None:
    with pytest.raises(RuleError, match="no efficacy"):
        fight.practice(ford, MANEUVERS, "flee", "Isolde")


# --- reading 33 and 35: the encounter, rounds and their end ------------------------------------


def test_a_foe_opens_the_encounter_and_round_ticks() -> None:
    state = edits.add_character(Campaign(ruleset="maneuvers"), MANEUVERS, "Ash").state
    ash = state.characters["Ash"]
    assert ash.meters == {"stamina": 60, "health": 30}
    state = fight.add_foe(state, MANEUVERS, "Wolf", {"str": 12, "dex": 14}, 12).state
    assert state.encounter is not None and state.encounter.round == 1
    state = end_round(state)
    assert state.encounter is not None and state.encounter.round == 2
    ended = fight.end_encounter(state, MANEUVERS).state
    assert ended.encounter is None


def test_maneuver_outside_an_encounter_is_refused() -> None:
    state = edits.add_character(Campaign(ruleset="maneuvers"), MANEUVERS, "Ash").state
    with pytest.raises(RuleError, match="made in an encounter"):
        move(state, "kick", "Ash", [15], [3])


def test_several_foes_need_a_target_unless_one_attacks_the_mover(ford: Campaign) -> None:
    with pytest.raises(RuleError, match="name the foe with --at"):
        move(ford, "kick", "Isolde", [50, 15], [1])
    aimed = move(ford, "kick", "Brannoc", [15], [1])  # the Bandit attacks Brannoc
    assert foe(aimed.state, "Bandit").meters["health"] < 20


def test_encounters_are_absent_from_other_rulesets() -> None:
    house = load_catalog(with_user=False).ruleset("house")
    with pytest.raises(RuleError, match="no encounters"):
        fight.add_foe(Campaign(ruleset="house"), house, "Wolf", {}, 5)


def test_every_verb_undoes_to_the_start(ford: Campaign) -> None:
    state = ford
    outcomes = [
        move(state, "kick", "Brannoc", [15], [3], at="Bandit"),
    ]
    state = outcomes[-1].state
    for step in (
        lambda s: fight.end_round(s, MANEUVERS),
        lambda s: fight.practice(s, MANEUVERS, "kick", "Isolde"),
        lambda s: fight.add_foe(s, MANEUVERS, "Wolf", {"str": 10, "dex": 10}, 8),
        lambda s: fight.retarget(s, "Wolf", "Isolde"),
        lambda s: fight.no_way_out(s),
        lambda s: fight.drop_foe(s, "Wolf"),
        lambda s: fight.end_encounter(s, MANEUVERS),
    ):
        outcomes.append(step(state))
        state = outcomes[-1].state
    for outcome in reversed(outcomes):
        state = edits.undo(state, outcome.event).state
    assert attrs.evolve(state, history=ford.history) == ford


# --- exact odds with efficacy ------------------------------------------------------------------


@pytest.mark.parametrize("efficacy", [None, 0, 1, 37, 79, 100])
@pytest.mark.parametrize("modifier", [-4, -1, 0, 2, 5])
@pytest.mark.parametrize(("target", "nat20"), [(9, False), (11, True), (15, False), (30, True)])
def test_d20_odds_with_efficacy_match_enumeration(
    efficacy: int | None, modifier: int, target: int, nat20: bool
) -> None:
    counts: dict[str, int] = {}
    checks = range(1, 101) if efficacy is not None else [0]
    for check, die in product(checks, range(1, 21)):
        if efficacy is not None and check > efficacy:
            band = "efficacy_fail"
        elif die == 1:
            band = "fumble"
        elif die + modifier >= target or (nat20 and die == 20):
            band = "hit"
        else:
            band = "fail"
        counts[band] = counts.get(band, 0) + 1
    total = len(checks) * 20
    odds = d20_odds(modifier=modifier, target=target, nat20_succeeds=nat20, efficacy=efficacy)
    for band in ("hit", "fail", "fumble", "efficacy_fail"):
        assert odds.band(band) == Fraction(counts.get(band, 0), total)


def test_chance_to_land_counts_efficacy_and_modifiers(ford: Campaign) -> None:
    kick = MANEUVERS.move("maneuvers_kick")
    isolde = ford.characters["Isolde"]
    # Efficacy 50: ½ × P(d20 + 0 ≥ 9) = ½ × 12/20.
    assert encounter.chance(MANEUVERS, kick, isolde, foe(ford, "Bandit")) == Fraction(3, 10)
    trip = MANEUVERS.move("maneuvers_trip")
    wren = ford.characters["Wren"]
    # Efficacy 75: ¾ × P(d20 + 3 − 1 ≥ 12) = ¾ × 11/20.
    assert encounter.chance(MANEUVERS, trip, wren, foe(ford, "Bandit")) == Fraction(33, 80)
