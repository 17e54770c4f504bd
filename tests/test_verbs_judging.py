"""The judge stage of a move (`core/verbs/judging.py`): a table roll's row and line, an action
roll's line, burning momentum offered and made before anything of the band lands (reading
27), and what a roll leaves on the sheet (reading 24) and in the event's words."""

from __future__ import annotations

import attrs
import pytest

from hearthroll.core.campaign.events import Event
from hearthroll.core.campaign.state import Campaign, Character, Ongoing
from hearthroll.core.dice.bands import BandRange, Bands
from hearthroll.core.dice.mechanics import BURNED, ActionRoll, roll_action, roll_table
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import RuleError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs.judging import (
    BurnOffered,
    action_line,
    burn_on,
    offer_burn,
    rolled,
    rolled_with,
    table_row,
)
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
STARFORGED = CATALOG.ruleset("starforged")
FORGE = demo_campaign(STARFORGED)  # Kael: iron 3, momentum 2
ENDURE_HARM = STARFORGED.move("starforged_endure_harm")


def missed() -> ActionRoll:
    """Action die 2 + iron 3 = 5 against 5 and 9: a miss (ties go to the challenge die)."""
    return roll_action(TypedDice([2, 5, 9]), 3, momentum=2)


def with_momentum(momentum: int) -> Campaign:
    kael = FORGE.characters["Kael"]
    kael = attrs.evolve(kael, meters={**kael.meters, "momentum": momentum})
    return attrs.evolve(FORGE, characters={"Kael": kael})


@pytest.mark.parametrize(
    ("face", "row"),
    [
        (5, ("mortal", "Mortal harm. Face Death.", "d100 = 5 → mortal", ["Face Death"])),
        (60, ("standing", "Still on your feet.", "d100 = 60 → standing", [])),
    ],
)
def test_a_table_roll_names_its_row_its_line_and_the_moves_it_offers(
    face: int, row: tuple[str, str, str, list[str]]
) -> None:
    table = STARFORGED.table("endure_harm")
    rows = Bands(tuple(BandRange(r.id, r.low, r.high) for r in table.rows))
    assert table_row(STARFORGED, "endure_harm", roll_table(TypedDice([face]), 100, rows)) == row


def test_an_action_line_says_the_die_the_stat_and_the_challenge_dice() -> None:
    assert action_line(STARFORGED, ("iron", 3), missed(), "Miss") == (
        "action die 2 + iron 3 = 5  vs  5 · 9 → miss"
    )


def test_an_action_line_says_the_adds_the_cap_and_a_match() -> None:
    roll = roll_action(TypedDice([6, 4, 4]), 3, adds=3)
    assert action_line(STARFORGED, ("health", 3), roll, "Strong hit") == (
        "action die 6 + health 3 + adds 3 = 12, capped at 10  vs  4 · 4 → strong hit, a match"
    )


def test_burning_momentum_is_offered_where_it_would_better_the_band() -> None:
    event = Event("move", actor="Kael", move=ENDURE_HARM.id)
    with pytest.raises(BurnOffered) as offered:
        offer_burn(with_momentum(8), STARFORGED, ENDURE_HARM, missed(), event, ("iron", 3))
    assert str(offered.value) == "Endure Harm: burn momentum (+8): miss → weak hit? (--burn)"
    assert offered.value.words == "burn momentum (+8): miss → weak hit"
    seen = offered.value.seen.event
    assert (seen.band, seen.dice, seen.total) == ("miss", (2, 5, 9), 5)
    assert seen.line == "action die 2 + iron 3 = 5  vs  5 · 9 → miss"


def test_no_burn_is_offered_where_momentum_would_not_better_the_band() -> None:
    event = Event("move", actor="Kael", move=ENDURE_HARM.id)
    offer_burn(FORGE, STARFORGED, ENDURE_HARM, missed(), event, ("iron", 3))


def test_a_burn_replaces_the_action_score_and_resets_momentum() -> None:
    state, roll, words = burn_on(with_momentum(8), STARFORGED, ENDURE_HARM, "Kael", missed())
    assert state.characters["Kael"].meters["momentum"] == 2
    assert (roll.band, roll.score, roll.challenge) == ("weak", 8, (5, 9))
    assert roll.has(BURNED)
    assert words == [
        "momentum +8 replaces the action score 5: miss → weak hit",
        "Momentum 8 → 2 (reset)",
    ]
    assert action_line(STARFORGED, ("iron", 3), roll, "Weak hit") == (
        "momentum 8  vs  5 · 9 → weak hit"
    )


def test_a_move_with_no_action_roll_has_nothing_to_burn() -> None:
    with pytest.raises(RuleError, match=r"^Endure Harm makes no action roll to burn momentum on$"):
        burn_on(FORGE, STARFORGED, ENDURE_HARM, "Kael", None)


def test_a_roll_spends_forward_and_counts_an_ongoing_penalty_down() -> None:
    sheet = Character("Hale", forward=1, ongoing=Ongoing(-1, 2))
    once = rolled(sheet)
    assert (once.forward, once.ongoing) == (0, Ongoing(-1, 1))
    assert rolled(once).ongoing is None


def test_the_event_names_the_stat_rolled_and_the_steading_for_a_community_roll() -> None:
    house = CATALOG.ruleset("house")
    hack = CATALOG.ruleset("hack")
    village = demo_campaign(house)
    assert rolled_with(village, ("population", 2), house, house.move("muster")) == (
        "Population 2",
        "Millbrook",
    )
    road = demo_campaign(hack)
    hack_and_slash = hack.move("hack_hack_and_slash")
    assert rolled_with(road, ("forceful", 2), hack, hack_and_slash) == ("Forceful +2", "")
    assert rolled_with(road, ("forceful", -1), hack, hack_and_slash) == ("Forceful −1", "")
    table = STARFORGED.move("starforged_endure_harm_table")
    assert rolled_with(FORGE, ("iron", 3), STARFORGED, table) == ("", "")
