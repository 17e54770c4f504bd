"""Everyone aboard (`core/games/aboard.py`, reading 32): a Withstand Damage row that sends
everyone aboard leaves each character and companion owing one of its moves; each pays with a
move they can make; whoever has gone owes nothing; the GM may let the rest off."""

from __future__ import annotations

import attrs
import pytest

from hearthroll.core.campaign.resolve import Context
from hearthroll.core.campaign.state import Aboard, Campaign
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import RuleError
from hearthroll.core.games import aboard
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.games.stage import Landing
from hearthroll.store.rulesets import load_catalog

STARFORGED = load_catalog(with_user=False).ruleset("starforged")
FORGE = demo_campaign(STARFORGED)  # Kael, with Rook (a companion) and Petrel (a vehicle)
KAEL = FORGE.characters["Kael"]
ROOK = next(a for a in KAEL.assets or () if a.name == "Rook")
TABLE = STARFORGED.move("starforged_withstand_damage_table")
HARM = "starforged_endure_harm"
STRESS = "starforged_endure_stress"
HIT = "starforged_companion_takes_a_hit"
OFFERS = (f"{HARM}:serious", f"{STRESS}:serious", f"{HIT}:serious")


def rough_ride() -> tuple[Campaign, list[str]]:
    return aboard.after_move(FORGE, STARFORGED, TABLE, "Kael", None, "rough_ride")


def test_the_rough_ride_leaves_everyone_and_every_companion_aboard_owing() -> None:
    state, words = rough_ride()
    assert state.aboard == Aboard(OFFERS, ("Kael", "Kael.Rook"))
    assert words == []


def test_each_pays_with_the_moves_they_can_make() -> None:
    state, _ = rough_ride()
    assert aboard.owed(state, STARFORGED) == (
        aboard.Owed(HARM, "serious", "Kael"),
        aboard.Owed(STRESS, "serious", "Kael"),
        aboard.Owed(HIT, "serious", "Kael", "Rook"),
    )


def test_a_companion_part_is_its_own_and_made_by_its_owner() -> None:
    assert aboard.Owed(HIT, "serious", "Kael", "Rook").who == "Rook"
    assert aboard.Owed(HARM, "serious", "Kael").who == "Kael"


def test_a_row_that_sends_no_one_leaves_nobody_owing() -> None:
    state, words = aboard.after_move(FORGE, STARFORGED, TABLE, "Kael", None, "holds")
    assert state.aboard is None
    assert words == []
    assert aboard.owed(state, STARFORGED) == ()


def test_paying_a_part_says_who_still_owes_then_that_everyone_has_paid() -> None:
    owing, _ = rough_ride()
    paid, words = aboard.after_move(
        owing, STARFORGED, STARFORGED.move(HARM), "Kael", None, "strong"
    )
    assert paid.aboard == Aboard(OFFERS, ("Kael.Rook",))
    assert words == ["aboard, still to pay their part: Rook"]
    done, words = aboard.after_move(paid, STARFORGED, STARFORGED.move(HIT), "Kael", ROOK, "weak")
    assert done.aboard is None
    assert words == ["everyone aboard has paid their part"]


def test_a_move_the_row_did_not_offer_pays_nothing() -> None:
    owing, _ = rough_ride()
    same, words = aboard.after_move(
        owing, STARFORGED, STARFORGED.move("starforged_lose_momentum"), "Kael", None, None
    )
    assert same.aboard == owing.aboard
    assert words == []


def test_someone_gone_from_the_campaign_owes_nothing() -> None:
    owing, _ = rough_ride()
    without_rook = attrs.evolve(KAEL, assets=tuple(a for a in KAEL.assets or () if a is not ROOK))
    gone = attrs.evolve(owing, characters={"Kael": without_rook})
    assert [o.who for o in aboard.owed(gone, STARFORGED)] == ["Kael", "Kael"]
    after, words = aboard.after_move(
        gone, STARFORGED, STARFORGED.move("starforged_lose_momentum"), "Kael", None, None
    )
    assert after.aboard is not None
    assert after.aboard.owing == ("Kael",)
    assert words == []


def test_the_gm_lets_the_rest_off() -> None:
    owing, _ = rough_ride()
    state, words = aboard.let_off(owing)
    assert state.aboard is None
    assert words == ["the rest aboard owe nothing more: Kael, Rook"]


def test_letting_off_when_nobody_owes_is_refused() -> None:
    with pytest.raises(RuleError) as refused:
        aboard.let_off(FORGE)
    assert str(refused.value) == "nobody aboard owes a move: there is nothing to let them off"


def test_land_leaves_everyone_aboard_owing_after_the_rough_ride() -> None:
    landing = Landing(
        before=FORGE,
        state=FORGE,
        ruleset=STARFORGED,
        move=TABLE,
        who="Kael",
        band="rough_ride",
        chosen=(),
        ctx=Context(FORGE, KAEL),
        dice=TypedDice([]),
    )
    landed = aboard.land(landing)
    assert landed.state.aboard is not None
    assert landed.state.aboard.owing == ("Kael", "Kael.Rook")
    assert landed.words == ()
