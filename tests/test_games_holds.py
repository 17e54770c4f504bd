"""Holds spent on a roll (`core/games/holds.py`, reading 8): a spend whose effect is a `bonus`
goes on the roll just made and is never picked by hand; what it adds is the sum of its bonuses;
the ruleset's one such hold names its most a roll."""

from __future__ import annotations

import attrs

from hearthroll.core.games import holds
from hearthroll.core.rules.effects import Effect, Option
from hearthroll.core.rules.model import Hold
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HOUSE = CATALOG.ruleset("house")
HACK = CATALOG.ruleset("hack")
PREPARATION = HOUSE.hold("preparation")
READINESS = HOUSE.hold("readiness")

LUCKY = Option(
    id="lucky",
    text="+3 to a roll, and +1 forward",
    effects=(
        Effect(kind="bonus", amount=2),
        Effect(kind="bonus", amount=1),
        Effect(kind="forward", amount=1),
    ),
)


def test_a_spend_adds_its_bonuses_and_nothing_else_to_the_roll() -> None:
    assert holds.roll_bonus(LUCKY) == 3
    assert holds.goes_on_a_roll(LUCKY)


def test_readiness_s_spends_are_picked_by_hand_and_add_nothing_to_a_roll() -> None:
    for option in READINESS.spends:
        assert not holds.goes_on_a_roll(option)
        assert holds.roll_bonus(option) == 0
    assert holds.by_hand(READINESS) == READINESS.spends
    assert [o.id for o in holds.by_hand(READINESS)] == [
        "redirect",
        "halve",
        "ally_forward",
        "half_damage",
        "hold_back",
        "draw_attention",
    ]


def test_preparation_has_no_spend_picked_by_hand() -> None:
    assert [o.id for o in PREPARATION.spends] == ["plus_one"]
    assert holds.by_hand(PREPARATION) == ()


def test_a_hold_of_both_kinds_keeps_only_its_hand_picked_spends_by_hand() -> None:
    both = Hold(id="luck", name="Luck", spends=(LUCKY, *READINESS.spends[:2]))
    assert holds.by_hand(both) == READINESS.spends[:2]


def test_the_first_hold_with_a_bonus_spend_is_the_one_on_a_roll_and_its_per_roll_is_kept() -> None:
    luck = Hold(id="luck", name="Luck", spends=(READINESS.spends[0], LUCKY))
    homebrew = attrs.evolve(HACK, holds=(*HACK.holds, luck, PREPARATION))
    assert holds.on_roll(homebrew) == holds.RollHold(luck, 3, None)


def test_no_ruleset_but_the_house_game_spends_a_hold_on_a_roll() -> None:
    assert holds.on_roll(CATALOG.ruleset("starforged")) is None
    assert holds.on_roll(CATALOG.ruleset("maneuvers")) is None
    assert holds.on_roll(HOUSE) == holds.RollHold(PREPARATION, 1, 1)
