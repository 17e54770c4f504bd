"""What any change to a sheet leaves to settle (`core/games/aftermath.py`): momentum brought
within the max its impacts leave (reading 28), a Last Breath that waits no more above 0 HP
(reading 20), the steading's muster ended with its flag or holding each pick once (reading 13),
and each word after its character's name where more than one could be meant."""

from __future__ import annotations

import attrs

from hearthroll.core.campaign.resolve import Context
from hearthroll.core.campaign.state import Campaign, Character
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.games import aftermath
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.games.stage import Landing
from hearthroll.core.rules.model import Ruleset
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HACK = CATALOG.ruleset("hack")
HOUSE = CATALOG.ruleset("house")
STARFORGED = CATALOG.ruleset("starforged")
FORGE = demo_campaign(STARFORGED)
KAEL = FORGE.characters["Kael"]
ROAD = demo_campaign(HACK)


def wounded_at_ten(kael: Character = KAEL) -> Character:
    return attrs.evolve(kael, meters={**kael.meters, "momentum": 10}, conditions={"wounded": 0})


def put(state: Campaign, *sheets: Character) -> Campaign:
    return attrs.evolve(state, characters={**state.characters, **{s.name: s for s in sheets}})


def test_momentum_comes_down_to_the_max_an_impact_leaves() -> None:
    settled, words = aftermath.settle_sheet(STARFORGED, KAEL, wounded_at_ten())
    assert settled.meters["momentum"] == 9
    assert words == ["Momentum 10 → 9 (max +9 with 1 impact: Wounded)"]


def test_a_sheet_with_nothing_to_settle_is_the_same_sheet() -> None:
    assert aftermath.settle_sheet(STARFORGED, KAEL, KAEL) == (KAEL, [])
    cog = ROAD.characters["Cog"]
    settled, words = aftermath.settle_sheet(HACK, None, cog)
    assert settled is cog
    assert words == []


def test_last_breath_waits_no_more_once_hp_is_above_zero() -> None:
    cog = attrs.evolve(ROAD.characters["Cog"], waits="hack_last_breath")
    settled, words = aftermath.settle_sheet(HACK, cog, cog)
    assert settled.waits == ""
    assert words == ["Cog is above 0 HP: Last Breath waits no more"]


def test_a_lone_character_words_go_unnamed_unless_asked() -> None:
    after = put(FORGE, wounded_at_ten())
    state, words = aftermath.settle(STARFORGED, FORGE, after)
    assert state.characters["Kael"].meters["momentum"] == 9
    assert words == ["Momentum 10 → 9 (max +9 with 1 impact: Wounded)"]
    _, named = aftermath.settle(STARFORGED, FORGE, after, named=True)
    assert named == ["Kael: Momentum 10 → 9 (max +9 with 1 impact: Wounded)"]


def test_words_that_name_their_character_already_are_not_named_again() -> None:
    cog = attrs.evolve(ROAD.characters["Cog"], waits="hack_last_breath")
    mira = attrs.evolve(ROAD.characters["Mira"], waits="hack_last_breath")
    state, words = aftermath.settle(HACK, ROAD, put(ROAD, cog, mira))
    assert (state.characters["Cog"].waits, state.characters["Mira"].waits) == ("", "")
    assert words == [
        "Cog is above 0 HP: Last Breath waits no more",
        "Mira is above 0 HP: Last Breath waits no more",
    ]


def test_only_the_sheets_named_are_settled_and_unknown_names_are_passed_over() -> None:
    cog = attrs.evolve(ROAD.characters["Cog"], waits="hack_last_breath")
    mira = attrs.evolve(ROAD.characters["Mira"], waits="hack_last_breath")
    state, words = aftermath.settle(HACK, ROAD, put(ROAD, cog, mira), ["Mira", "Nobody"])
    assert state.characters["Cog"].waits == "hack_last_breath"
    assert state.characters["Mira"].waits == ""
    assert words == ["Mira is above 0 HP: Last Breath waits no more"]


def mustered(ruleset: Ruleset, muster: tuple[str, ...], flags: tuple[str, ...]) -> Campaign:
    state = demo_campaign(ruleset)
    assert state.steading is not None
    steading = attrs.evolve(
        state.steading,
        muster=muster,
        flags=flags,
        stats={**state.steading.stats, "defenses": 3},
    )
    return attrs.evolve(state, steading=steading)


def test_the_muster_ends_with_its_flag_and_its_defenses_come_back_down() -> None:
    ended = mustered(HOUSE, ("defenses", "potential"), ())
    state, words = aftermath.settle(HOUSE, ended, ended, names=[])
    assert state.steading is not None
    assert state.steading.muster == ()
    assert state.steading.stats["defenses"] == 2
    assert words == ["the muster ends: Defenses +3 → +2"]


def test_a_muster_holds_each_pick_once() -> None:
    twice = mustered(HOUSE, ("defenses", "defenses"), ("mustered",))
    state, words = aftermath.settle(HOUSE, twice, twice, names=[])
    assert state.steading is not None
    assert state.steading.muster == ("defenses",)
    assert state.steading.stats["defenses"] == 2
    assert words == ["the muster gives its Defenses +1 once: Defenses +3 → +2"]


def test_a_muster_that_holds_with_its_flag_stays() -> None:
    holding = mustered(HOUSE, ("defenses",), ("mustered",))
    assert aftermath.settle(HOUSE, holding, holding, names=[]) == (holding, [])


def test_land_settles_every_sheet_after_the_move_and_adds_its_words() -> None:
    after = put(FORGE, wounded_at_ten())
    landing = Landing(
        before=FORGE,
        state=after,
        ruleset=STARFORGED,
        move=STARFORGED.moves[0],
        who="Kael",
        band=None,
        chosen=(),
        ctx=Context(FORGE, KAEL),
        dice=TypedDice([]),
        words=("the move's own",),
    )
    landed = aftermath.land(landing)
    assert landed.state.characters["Kael"].meters["momentum"] == 9
    assert landed.words == ("the move's own", "Momentum 10 → 9 (max +9 with 1 impact: Wounded)")
    assert landed.before is FORGE
