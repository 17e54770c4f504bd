"""The moves offered next (`core/verbs/offers.py`, reading 32), from the log alone: the newest
move still standing offers its row's moves (a note does not take them up, a move does, and
undoing that move brings them back); `next` takes the one offered with its preset first, or
asks which; an offer and a row's next moves in words."""

from __future__ import annotations

import pytest

from hearthroll.core.campaign.events import Event
from hearthroll.core.errors import RuleError
from hearthroll.core.verbs import offers
from hearthroll.core.verbs.offers import Offer
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
STARFORGED = CATALOG.ruleset("starforged")
HARM = "starforged_endure_harm"
STRESS = "starforged_endure_stress"
MORTAL = Event(kind="move", seq=1, actor="Kael", follow=(f"{HARM}:serious", "Face Death"))
"""A row offering Endure Harm with serious harm, and Face Death (a move the catalog lacks)."""
EITHER = Event(kind="move", seq=1, actor="Kael", follow=(f"{HARM}:serious", f"{STRESS}:serious"))
SUFFER = (
    "lose_momentum",
    "endure_harm",
    "endure_stress",
    "withstand_damage",
    "sacrifice_resources",
)


def test_the_newest_row_offers_the_moves_the_catalog_has_with_their_preset() -> None:
    assert offers.offered_next([MORTAL], STARFORGED) == (Offer(HARM, "serious"),)
    assert offers.offered_next([], STARFORGED) == ()


def test_a_note_leaves_the_offer_a_move_takes_it_up_and_undo_brings_it_back() -> None:
    note = Event(kind="note", seq=2, text="the hull groans")
    assert offers.offered_next([MORTAL, note], STARFORGED) == (Offer(HARM, "serious"),)
    made = Event(kind="move", seq=2, actor="Kael")
    assert offers.offered_next([MORTAL, made], STARFORGED) == ()
    undone = Event(kind="undo", seq=3, target=2)
    assert offers.offered_next([MORTAL, made, undone], STARFORGED) == (Offer(HARM, "serious"),)


def test_next_takes_the_one_offered_with_its_preset_first_and_once() -> None:
    assert offers.next_move([MORTAL], STARFORGED, ["minor"]) == (
        Offer(HARM, "serious"),
        ["serious", "minor"],
    )
    assert offers.next_move([MORTAL], STARFORGED, ["serious", "iron"])[1] == ["serious", "iron"]
    with pytest.raises(
        RuleError, match=r"^no move is offered next: a table row that names a move offers it$"
    ):
        offers.next_move([], STARFORGED)


def test_with_several_offered_next_asks_which_and_refuses_one_not_offered() -> None:
    with pytest.raises(RuleError) as several:
        offers.next_move([EITHER], STARFORGED)
    assert str(several.value) == (
        "several moves are offered next: Endure Harm, serious; Endure Stress, serious; "
        'say which after next, e.g. `move FILE next "endure stress"`'
    )
    with pytest.raises(RuleError) as other:
        offers.next_move([EITHER], STARFORGED, which="sacrifice")
    assert str(other.value) == (
        "'sacrifice' is not offered next; offered next: Endure Harm, serious; "
        "Endure Stress, serious"
    )
    assert offers.next_move([EITHER], STARFORGED, which="Endure Stress") == (
        Offer(STRESS, "serious"),
        ["serious"],
    )


def test_an_offer_says_whose_it_is_and_its_preset() -> None:
    assert offers.offer_words(Offer(HARM), STARFORGED) == "Endure Harm"
    hit = Offer("starforged_companion_takes_a_hit", "serious", "Kael", "Rook")
    assert offers.offer_words(hit, STARFORGED) == "Rook: Companion Takes a Hit, serious"
    mara = Offer(HARM, "serious", "Mara")
    assert offers.offer_list([mara, hit], STARFORGED) == (
        "Mara: Endure Harm, serious; Rook: Companion Takes a Hit, serious"
    )


def test_a_row_s_next_moves_are_said_each_with_its_harm_or_as_the_gm_s() -> None:
    assert offers.follow_lines(
        STARFORGED, (f"{HARM}:serious", STRESS, "Face Death", "x:minor")
    ) == [
        "next: Endure Harm, serious (Serious: −2 health)",
        "next: Endure Stress",
        "next: Face Death (the GM plays it)",
        "next: x:minor (the GM plays it)",
    ]
    assert offers.follow_words(STARFORGED, f"{HARM}:bogus") == "next: Endure Harm, bogus (bogus)"


def test_more_than_three_moves_on_one_pick_read_as_one_line() -> None:
    every = tuple(f"starforged_{m}:minor" for m in SUFFER)
    assert offers.follow_lines(STARFORGED, every) == [
        "next, minor: one of Lose Momentum, Endure Harm, Endure Stress, Withstand Damage "
        "or Sacrifice Resources"
    ]
    assert offers.follow_lines(STARFORGED, every[:3]) == [
        "next: Lose Momentum, minor (Minor: −1 momentum)",
        "next: Endure Harm, minor (Minor: −1 health)",
        "next: Endure Stress, minor (Minor: −1 spirit)",
    ]
    mixed = (*every[:3], f"{HARM}:serious")
    assert len(offers.follow_lines(STARFORGED, mixed)) == 4
