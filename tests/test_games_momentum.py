"""Momentum (`core/games/momentum.py`, readings 15, 27 and 28): the meter with a reset, the
impacts that lower its max and reset (the sheet's, and the command vehicle's), its scale and
section in words, burning it on an action roll, and a sheet brought back under its max."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.state import Character, LastRoll
from hearthroll.core.errors import RuleError
from hearthroll.core.games import momentum
from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
STARFORGED = CATALOG.ruleset("starforged")
HACK = CATALOG.ruleset("hack")
FORGE = demo_campaign(STARFORGED)
KAEL = FORGE.characters["Kael"]  # momentum +2, Rook (companion), Petrel (command vehicle)
WEAK = LastRoll("Kael", "starforged_endure_harm", 3, (5, 8), 6, "weak")
"""An action score of 6 against 5 and 8: a weak hit."""


def marked(*impacts: str, battered: bool = False, momentum_now: int = 2) -> Character:
    assets = KAEL.assets or ()
    petrel = attrs.evolve(assets[1], conditions={"battered": 0} if battered else {})
    return attrs.evolve(
        KAEL,
        conditions=dict.fromkeys(impacts, 0),
        assets=(assets[0], petrel),
        meters={**KAEL.meters, "momentum": momentum_now},
    )


def test_momentum_is_the_meter_with_a_reset_and_a_game_without_one_reads_zero() -> None:
    meter = momentum.meter_of(STARFORGED)
    assert meter is not None
    assert (meter.id, meter.min, meter.max, meter.reset) == ("momentum", -6, 10, 2)
    assert momentum.meter_of(HACK) is None
    assert momentum.value_of(HACK, demo_campaign(HACK).characters["Cog"]) == 0
    assert momentum.value_of(STARFORGED, None) == 0
    assert momentum.value_of(STARFORGED, KAEL) == 2
    with pytest.raises(RuleError, match=r"^ruleset 'hack' has no momentum$"):
        momentum.max_momentum(HACK, demo_campaign(HACK).characters["Cog"])


def test_the_command_vehicle_s_battered_is_named_after_the_sheet_s_impacts() -> None:
    kael = marked("shaken", "wounded", battered=True)
    assert [(i.words, i.path) for i in momentum.impacts(STARFORGED, kael)] == [
        ("Wounded", "wounded"),
        ("Shaken", "shaken"),
        ("Battered (Petrel)", "Petrel.battered"),
    ]
    assert momentum.why_max(STARFORGED, kael) == (
        "max +7 with 3 impacts: Wounded, Shaken, Battered (Petrel)"
    )
    assert momentum.why_max(STARFORGED, KAEL) == "max +10 with no impact"
    assert momentum.meter_max(STARFORGED, kael, "momentum") == 7
    assert momentum.meter_max(STARFORGED, kael, "health") == 5


def test_the_scale_marks_where_momentum_stands_and_what_impacts_took() -> None:
    assert momentum.scale(STARFORGED, KAEL) == "−6 ········●········ +10"
    kael = marked("wounded", "shaken", battered=True, momentum_now=-2)
    assert momentum.scale(STARFORGED, kael) == "−6 ····●·········✕✕✕ +10"
    assert momentum.scale(HACK, demo_campaign(HACK).characters["Cog"]) == ""


def test_the_momentum_section_says_value_scale_max_reset_and_impacts() -> None:
    section = momentum.momentum_section(STARFORGED, marked("wounded", "shaken", battered=True))
    assert section is not None
    assert [(line.label, line.text) for line in section.lines] == [
        ("Momentum", "+2  −6 ········●·····✕✕✕ +10  max +7 · reset +0"),
        ("impacts", "Wounded, Shaken, Battered (Petrel)"),
    ]
    assert section.data == {
        "momentum": {"value": 2, "min": -6, "max": 7, "reset": 0},
        "impacts": ["wounded", "shaken", "Petrel.battered"],
    }
    assert momentum.momentum_section(HACK, demo_campaign(HACK).characters["Cog"]) is None


def test_a_burn_is_refused_for_each_reason_in_words() -> None:
    assert momentum.can_burn(9, WEAK) is None
    assert momentum.can_burn(9, attrs.evolve(WEAK, burned=True)) == (
        "momentum was burned on this roll already"
    )
    assert momentum.can_burn(0, WEAK) == "momentum +0 is not positive"
    assert momentum.can_burn(6, WEAK) == "momentum +6 is not above the action score 6"
    assert momentum.can_burn(8, WEAK) == (
        "momentum +8 against 5 and 8 would not improve the weak hit"
    )


def test_burning_judges_the_band_again_and_resets_by_the_impacts() -> None:
    kael = marked("wounded", momentum_now=9)
    burned, done = momentum.burn(STARFORGED, kael, WEAK)
    assert done == momentum.Burn(9, "weak", "strong", 1)
    assert burned.meters["momentum"] == 1
    with pytest.raises(RuleError) as refused:
        momentum.burn(STARFORGED, marked(momentum_now=5), WEAK)
    assert str(refused.value) == (
        "Kael cannot burn momentum: momentum +5 is not above the action score 6"
    )


def test_a_burn_preview_weighs_momentum_as_it_stood_at_the_roll_and_only_for_its_maker() -> None:
    kael = marked(momentum_now=2)
    at_roll = attrs.evolve(WEAK, momentum=9)
    assert momentum.burn_preview(STARFORGED, kael, at_roll) == momentum.Burn(9, "weak", "strong", 2)
    assert momentum.burn_preview(STARFORGED, kael, WEAK) is None  # +2 now, none at the roll
    assert momentum.burn_preview(STARFORGED, kael, attrs.evolve(at_roll, actor="Rook")) is None
    assert momentum.burn_preview(STARFORGED, kael, None) is None


def test_mounting_puts_the_max_among_the_maxima_and_settling_takes_it_out() -> None:
    kael = marked("wounded", "shaken")
    mounted = momentum.mounted(STARFORGED, kael)
    assert mounted.maxima == {"momentum": 8}
    assert momentum.settle(STARFORGED, kael, mounted) == (kael, [])


def test_momentum_above_its_max_is_brought_down_and_named_by_check() -> None:
    kael = marked("wounded", "shaken", battered=True, momentum_now=10)
    settled, words = momentum.settle(STARFORGED, None, kael)
    assert settled.meters["momentum"] == 7
    assert words == ["Momentum 10 → 7 (max +7 with 3 impacts: Wounded, Shaken, Battered (Petrel))"]
    state = attrs.evolve(FORGE, characters={"Kael": kael})
    assert momentum.above_max(state, STARFORGED) == [
        (
            ("characters", "Kael", "meters", "momentum"),
            "10 is above Kael's max +7 with 3 impacts: Wounded, Shaken, Battered (Petrel); "
            "set momentum to 7 or less, or clear an impact",
        )
    ]
    assert momentum.above_max(FORGE, STARFORGED) == []


IMPACT_IDS = ["wounded", "shaken", "unprepared", "permanently_harmed", "traumatized"]


@settings(max_examples=60, deadline=None)
@given(
    st.sets(st.sampled_from(IMPACT_IDS)),
    st.booleans(),
    st.sampled_from(["command", "support", "incidental"]),
    st.integers(-6, 10),
)
def test_max_and_reset_fall_one_an_impact_and_settling_keeps_momentum_within_them(
    impacts: set[str], battered: bool, vehicle_type: str, value: int
) -> None:
    kael = marked(*impacts, battered=battered, momentum_now=value)
    assets = kael.assets or ()
    kael = attrs.evolve(kael, assets=(assets[0], attrs.evolve(assets[1], type=vehicle_type)))
    count = len(impacts) + (battered and vehicle_type == "command")
    assert momentum.max_momentum(STARFORGED, kael) == 10 - count
    assert momentum.reset_of(STARFORGED, kael) == max(0, 2 - count)
    settled, words = momentum.settle(STARFORGED, None, kael)
    assert -6 <= settled.meters["momentum"] <= 10 - count
    assert settled.meters["momentum"] == min(value, 10 - count)
    assert bool(words) == (value > 10 - count)
