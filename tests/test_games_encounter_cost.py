"""What a maneuver costs (`core/games/encounter/cost.py`, readings 16, 34 and 35): refused
when exhausted, short of stamina or still waiting, in exact words; else its stamina is paid up
front and its cooldown started."""

from __future__ import annotations

import attrs

from hearthroll.core.campaign.state import Character
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.games.encounter.cost import cost_refusal, meter_name, pay
from hearthroll.store.rulesets import load_catalog

MANEUVERS = load_catalog(with_user=False).ruleset("maneuvers")
WREN = demo_campaign(MANEUVERS).characters["Wren"]  # 60 stamina
KICK = MANEUVERS.move("maneuvers_kick")  # 10 stamina, waits 1 round
RESCUE = MANEUVERS.move("maneuvers_rescue")  # 20 stamina, waits 5 rounds
FLEE = MANEUVERS.move("maneuvers_flee")  # costs nothing


def with_stamina(stamina: int) -> Character:
    return attrs.evolve(WREN, meters={**WREN.meters, "stamina": stamina})


def test_a_meter_is_named_as_the_ruleset_names_it_else_by_its_id() -> None:
    assert meter_name(MANEUVERS, "stamina") == "Stamina"
    assert meter_name(MANEUVERS, "focus") == "focus"


def test_an_exhausted_character_can_make_no_maneuver() -> None:
    assert cost_refusal(MANEUVERS, KICK, with_stamina(0)) == (
        "Wren is exhausted (Stamina 0): no maneuvers until they rest"
    )


def test_a_maneuver_costing_more_than_is_left_is_refused() -> None:
    assert (
        cost_refusal(MANEUVERS, RESCUE, with_stamina(19)) == "Rescue costs 20 Stamina; Wren has 19"
    )
    assert cost_refusal(MANEUVERS, RESCUE, with_stamina(20)) is None


def test_a_maneuver_cooling_down_waits_its_rounds() -> None:
    waiting = attrs.evolve(WREN, cooldowns={"maneuvers_rescue": 2, "maneuvers_kick": 1})
    assert cost_refusal(MANEUVERS, RESCUE, waiting) == "Rescue waits 2 more rounds"
    assert cost_refusal(MANEUVERS, KICK, waiting) == "Kick waits 1 more round"


def test_a_move_with_no_cost_is_never_refused_for_stamina() -> None:
    assert cost_refusal(MANEUVERS, FLEE, with_stamina(0)) is None


def test_paying_takes_the_stamina_and_starts_the_cooldown() -> None:
    paid, words = pay(MANEUVERS, RESCUE, WREN)
    assert paid.meters["stamina"] == 40
    assert paid.cooldowns == {"maneuvers_rescue": 5}
    assert words == ["Stamina 60 → 40", "Rescue waits 5 rounds"]
    kicked, words = pay(MANEUVERS, KICK, WREN)
    assert words == ["Stamina 60 → 50", "Kick waits 1 round"]
    assert kicked.cooldowns == {"maneuvers_kick": 1}


def test_a_move_with_no_cost_and_no_cooldown_pays_nothing() -> None:
    assert pay(MANEUVERS, FLEE, WREN) == (WREN, [])
