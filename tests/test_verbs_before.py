"""Before a move's roll (`core/verbs/before.py`): the check stage's modules in order and the
refusal it returns rather than raises, what a move takes and refuses (a foe, the GM's edge, a
second Medical kit), the companion or vehicle mounted for a move on it, Preparation spent on
the roll, an optional roll forced at a meter's floor, and the move's own picks."""

from __future__ import annotations

import attrs
import pytest

from hearthroll.core.campaign.resolve import Context
from hearthroll.core.campaign.state import Campaign, TurnState
from hearthroll.core.errors import BustWaits, HearthrollError, MoveWaits, NotFound, RuleError
from hearthroll.core.games import assets, encounter, harm, pool_turn
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import before
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HOUSE = CATALOG.ruleset("house")
HACK = CATALOG.ruleset("hack")
STARFORGED = CATALOG.ruleset("starforged")
MILLBROOK = demo_campaign(HOUSE)
BRANNOC = MILLBROOK.characters["Brannoc"]
FORGE = demo_campaign(STARFORGED)
KAEL = FORGE.characters["Kael"]


def isolde_busts(state: Campaign = MILLBROOK) -> Campaign:
    return attrs.evolve(state, turn=TurnState(actor="Isolde", pushes=1, status="bust_pending"))


def test_the_check_stage_asks_harm_then_the_pool_then_the_encounter_then_assets() -> None:
    assert (harm.check, pool_turn.check, encounter.check, assets.check) == before.CHECKS


def test_a_refusal_before_the_roll_is_returned_not_raised() -> None:
    assert before.refusal_before_roll(MILLBROOK, HOUSE, "clash", actor="Brannoc") is None
    unknown = before.refusal_before_roll(MILLBROOK, HOUSE, "clsh")
    assert isinstance(unknown, NotFound)
    assert str(unknown) == "no move 'clsh' in ruleset 'house'; did you mean Clash?"
    nobody = before.refusal_before_roll(MILLBROOK, HOUSE, "clash", actor="Nobody")
    assert str(nobody) == "no character 'Nobody' (the party: Brannoc, Isolde, Wren)"


def test_a_waiting_bust_stops_every_roll_but_not_a_move_without_one() -> None:
    waiting = isolde_busts()
    refused = before.refusal_before_roll(waiting, HOUSE, "clash", actor="Brannoc")
    assert isinstance(refused, BustWaits) and refused.actor == "Isolde"
    assert before.refusal_before_roll(waiting, HOUSE, "bolster", actor="Brannoc") is None


def test_a_waiting_last_breath_is_said_before_a_waiting_bust() -> None:
    dying = attrs.evolve(BRANNOC, meters={"hp": 0}, waits="last_breath")
    both = isolde_busts(
        attrs.evolve(MILLBROOK, characters={**MILLBROOK.characters, "Brannoc": dying})
    )
    refused = before.refusal_before_roll(both, HOUSE, "clash", actor="Brannoc")
    assert isinstance(refused, MoveWaits)
    assert (
        str(refused)
        == "Brannoc's Last Breath waits: roll it first (move 'Last Breath' --as Brannoc)"
    )


def test_a_move_refuses_a_foe_an_edge_it_has_no_roll_for_and_a_second_kit() -> None:
    clash = HOUSE.move("clash")
    with pytest.raises(RuleError, match=r"^Clash is not made against a foe; drop --at$"):
        before.refuse_what_it_takes_not(HOUSE, clash, BRANNOC, "Ogre", (False, False), [])
    with pytest.raises(RuleError, match=r"^Bolster takes no --adv or --dis: it makes no roll$"):
        before.refuse_what_it_takes_not(
            HOUSE, HOUSE.move("bolster"), BRANNOC, None, (True, False), []
        )
    with pytest.raises(RuleError) as action:
        before.refuse_what_it_takes_not(
            STARFORGED, STARFORGED.move("starforged_endure_harm"), KAEL, None, (False, True), []
        )
    assert str(action.value) == (
        "Endure Harm takes no --adv or --dis: an action roll has no advantage "
        "(its adds come from the move and its picks)"
    )
    mira = attrs.evolve(demo_campaign(HACK).characters["Mira"], rest_bonus="1d3")
    with pytest.raises(RuleError, match=r"^Mira used a Medical kit already"):
        before.refuse_what_it_takes_not(
            HACK, HACK.move("hack_rest"), mira, None, (False, False), ["medical_kit"]
        )
    before.refuse_what_it_takes_not(HOUSE, clash, BRANNOC, None, (True, True), [])


def test_a_move_on_the_vehicle_mounts_it_and_answers_its_type() -> None:
    inputs: dict[str, int | str] = {}
    state, ruleset, mounted = before.mount_asset(
        FORGE, STARFORGED, STARFORGED.move("starforged_withstand_damage"), KAEL, None, inputs
    )
    assert mounted == (KAEL.assets or ())[1]
    assert inputs == {"vehicle": "command"}
    assert ruleset.meter("integrity").name == "Petrel's integrity"
    assert state.characters["Kael"].meters == {**KAEL.meters, "integrity": 5}


def test_a_move_on_no_asset_mounts_none_and_refuses_one_named() -> None:
    endure = STARFORGED.move("starforged_endure_harm")
    assert before.mount_asset(FORGE, STARFORGED, endure, KAEL, None, {}) == (
        FORGE,
        STARFORGED,
        None,
    )
    with pytest.raises(
        RuleError, match=r"^Endure Harm acts on no companion or vehicle; drop --asset$"
    ):
        before.mount_asset(FORGE, STARFORGED, endure, KAEL, "Rook", {})
    with pytest.raises(
        RuleError, match=r"^Withstand Damage is made by a character; the party is empty$"
    ):
        before.mount_asset(
            FORGE, STARFORGED, STARFORGED.move("starforged_withstand_damage"), None, None, {}
        )


def test_preparation_spent_on_a_roll_takes_a_point_and_says_both() -> None:
    prepared = attrs.evolve(BRANNOC, holds={"preparation": 2})
    state = attrs.evolve(MILLBROOK, characters={**MILLBROOK.characters, "Brannoc": prepared})
    after, bonus, words = before.spend_on_roll(state, HOUSE, HOUSE.move("clash"), prepared, True)
    assert (bonus, words) == (1, ["Preparation: +1 to the roll", "Preparation 2 → 1"])
    assert after.characters["Brannoc"].holds == {"preparation": 1}


def test_preparation_is_refused_without_a_roll_a_hold_or_a_point() -> None:
    clash = HOUSE.move("clash")
    for move, character, rolls in [
        (HOUSE.move("bolster"), BRANNOC, True),
        (clash, BRANNOC, False),
        (clash, None, True),
    ]:
        with pytest.raises(RuleError, match=r" has no roll to add Preparation to$"):
            before.spend_on_roll(MILLBROOK, HOUSE, move, character, rolls)
    with pytest.raises(RuleError, match=r"^Brannoc holds 0 Preparation; cannot spend 1$"):
        before.spend_on_roll(MILLBROOK, HOUSE, clash, BRANNOC, True)
    mira = demo_campaign(HACK).characters["Mira"]
    with pytest.raises(
        RuleError, match=r"^Hack \(2d6 \+ stat\) has no hold that is spent on a roll$"
    ):
        before.spend_on_roll(MILLBROOK, HACK, HACK.move("hack_volley"), mira, True)


def test_an_optional_roll_is_forced_only_at_its_meter_s_floor() -> None:
    endure = STARFORGED.move("starforged_endure_harm")
    assert endure.roll.required_at_min == "health"
    down = attrs.evolve(KAEL, meters={**KAEL.meters, "health": 0})
    assert before.at_floor(endure, Context(FORGE, down), STARFORGED)
    assert not before.at_floor(endure, Context(FORGE, KAEL), STARFORGED)
    assert not before.at_floor(HOUSE.move("clash"), Context(MILLBROOK, BRANNOC), HOUSE)


def test_a_pick_of_the_past_the_floor_list_is_not_the_move_s_own() -> None:
    lose = STARFORGED.move("starforged_lose_momentum")
    assert before.own_pick(lose, "minor", set())
    assert not before.own_pick(lose, "lose_progress", set())
    assert not before.own_pick(lose, "nothing", set())


def test_momentum_s_max_is_mounted_on_each_sheet_that_keeps_it() -> None:
    wounded = attrs.evolve(KAEL, conditions={"wounded": 0})
    state = attrs.evolve(FORGE, characters={"Kael": wounded})
    assert before.mount_momentum(state, STARFORGED).characters["Kael"].maxima == {"momentum": 9}
    assert before.mount_momentum(MILLBROOK, HOUSE) is MILLBROOK


@pytest.mark.parametrize("game", ["house", "hack", "starforged", "maneuvers"])
def test_every_move_of_every_demo_is_either_refused_in_words_or_may_be_tried(game: str) -> None:
    ruleset = CATALOG.ruleset(game)
    state = demo_campaign(ruleset)
    for move in ruleset.moves:
        for who in state.characters:
            found = before.refusal_before_roll(state, ruleset, move.id, actor=who)
            assert found is None or (isinstance(found, HearthrollError) and str(found)), move.id
