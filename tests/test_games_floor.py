"""A loss past momentum's floor (`core/games/floor.py`, reading 29), called directly: the choice
it requires is Lose Momentum's list gated on it; a loss with nowhere to go is never dropped (the
choice is asked, worded by where momentum stood before); the pick made is paid and said; a pick
of that choice with no loss past the floor is refused."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

from hearthroll.core.campaign.resolve import Context
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.games import floor
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.games.stage import Landing
from hearthroll.core.rules.effects import Effect
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
STARFORGED = CATALOG.ruleset("starforged")
FORGE = demo_campaign(STARFORGED)  # Find the lost beacon (formidable, 4), Avenge the Ironhold (8)
ENDURE_HARM = STARFORGED.move("starforged_endure_harm")
SUFFER_MOVES = [
    "starforged_endure_harm",
    "starforged_endure_stress",
    "starforged_companion_takes_a_hit",
    "starforged_withstand_damage",
    "starforged_sacrifice_resources",
]


def at(value: int) -> Campaign:
    kael = FORGE.characters["Kael"]
    kael = attrs.evolve(kael, meters={**kael.meters, "momentum": value})
    return attrs.evolve(FORGE, characters={"Kael": kael})


def past(
    state: Campaign,
    dropped: Sequence[tuple[str, int]],
    picks: Sequence[str] = (),
    *,
    track: str | None = None,
    deferred: Sequence[Effect] = (),
    before: Campaign | None = None,
) -> tuple[Campaign, list[str], list[str]]:
    ctx = Context(state, state.characters["Kael"])
    return floor.past_floor(
        state, STARFORGED, ENDURE_HARM, "Kael", dropped, picks, ctx, track, deferred,
        TypedDice([]), before,
    )  # fmt: skip


def test_the_choice_past_the_floor_is_lose_momentum_s_list_gated_on_momentum() -> None:
    (choice,) = floor.floor_lists(STARFORGED, "momentum")
    assert (choice.if_past_min, choice.label, choice.pick) == (
        "momentum",
        "Momentum already at −6",
        1,
    )
    assert [o.id for o in choice.items] == ["other_move", "lose_progress"]
    assert floor.floor_lists(STARFORGED, "health") == []
    assert floor.floor_ids(STARFORGED) == {"other_move", "lose_progress"}
    assert floor.floor_ids(CATALOG.ruleset("hack")) == set()


def test_a_loss_past_the_floor_without_its_pick_is_asked_and_nothing_is_saved() -> None:
    with pytest.raises(floor.FloorChoiceNeeded) as asked:
        past(at(-6), [("momentum", 2)])
    assert str(asked.value) == (
        "Momentum is at −6 and 2 more is lost: pick 1 of: other_move, lose_progress (--pick); "
        "nothing was saved"
    )
    assert asked.value.heading == ""
    assert [[o.id for o in lst.items] for lst in asked.value.lists] == [
        ["other_move", "lose_progress"]
    ]


def test_a_loss_that_would_take_momentum_below_its_floor_is_asked_as_such() -> None:
    with pytest.raises(floor.FloorChoiceNeeded) as asked:
        past(at(-6), [("momentum", 1), ("momentum", 2)], before=at(-5))
    assert asked.value.heading == "Momentum would go below −6"
    assert str(asked.value).startswith("Momentum is at −6 and 3 more is lost:")


def test_progress_lost_past_the_floor_is_cleared_from_the_track_named_and_said() -> None:
    state, words, follow = past(at(-6), [("momentum", 2)], ["lose_progress"], track="avenge")
    assert [t.ticks for t in state.tracks or ()] == [4, 0]
    assert words[0] == "Momentum at its floor, 2 more to lose"
    assert words[1].startswith("Say how it undoes progress on a vow")
    assert words[2:] == ["Avenge the Ironhold (dangerous vow): cleared 2 boxes, ticks 8 → 0"]
    assert follow == []


def test_another_suffer_move_past_the_floor_offers_them_all_next() -> None:
    state, words, follow = past(at(-6), [("momentum", 1)], ["other_move"])
    assert state == at(-6)
    assert words == [
        "Momentum at its floor, 1 more to lose",
        "Say how the price is paid, and apply it through a different suffer move.",
    ]
    assert follow == SUFFER_MOVES


def test_a_floor_pick_with_no_loss_past_the_floor_is_refused() -> None:
    with pytest.raises(floor.FloorPickUnneeded) as refused:
        past(at(-6), [], ["lose_progress"])
    assert str(refused.value) == (
        "'lose_progress' is picked only when a loss goes past momentum's floor "
        "(at −6 with more to lose)"
    )


def test_with_no_floor_gone_past_the_move_s_own_progress_lands_on_its_track() -> None:
    mark = Effect(kind="progress", mode="mark")
    state, words, follow = past(at(0), [("health", 3)], track="beacon", deferred=[mark])
    assert [t.ticks for t in state.tracks or ()] == [8, 8]
    assert (words, follow) == (
        ["Find the lost beacon (formidable vow): marked 1 box, ticks 4 → 8"],
        [],
    )


def test_land_adds_the_floor_s_words_and_offers_after_the_earlier_ones() -> None:
    state = at(-6)
    landing = Landing(
        before=state,
        state=state,
        ruleset=STARFORGED,
        move=ENDURE_HARM,
        who="Kael",
        band="miss",
        chosen=(),
        ctx=Context(state, state.characters["Kael"]),
        dice=TypedDice([]),
        floor_picks=("other_move",),
        dropped=(("momentum", 1),),
        words=("earlier",),
    )
    landed = floor.land(landing)
    assert landed.words == (
        "earlier",
        "Momentum at its floor, 1 more to lose",
        "Say how the price is paid, and apply it through a different suffer move.",
    )
    assert landed.follow == tuple(SUFFER_MOVES)
