"""What a game module is handed at the stages of a move (`core/games/stage.py`): an `Attempt`
the check stage reads and a `Landing` each effects and aftermath stage passes on, driven here
through one module of each table: `before.CHECKS`, `session.EFFECTS` and `session.AFTERMATH`."""

from __future__ import annotations

import attrs
import pytest

from hearthroll.core.campaign.resolve import Context
from hearthroll.core.campaign.state import Asset, Campaign
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import RuleError
from hearthroll.core.games import assets, encounter, steading
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.games.stage import Attempt, Landing
from hearthroll.core.rules.effects import Option
from hearthroll.core.rules.model import Move, Ruleset
from hearthroll.core.verbs.before import CHECKS
from hearthroll.core.verbs.session import AFTERMATH, EFFECTS
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HOUSE = CATALOG.ruleset("house")
STARFORGED = CATALOG.ruleset("starforged")
MANEUVERS = CATALOG.ruleset("maneuvers")


def landing(
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    band: str | None,
    *,
    chosen: tuple[Option, ...] = (),
    mounted: Asset | None = None,
    words: tuple[str, ...] = (),
    follow: tuple[str, ...] = (),
) -> Landing:
    who = state.active
    actor = state.characters[who] if who else None
    return Landing(
        before=state,
        state=state,
        ruleset=ruleset,
        move=move,
        who=who,
        band=band,
        chosen=chosen,
        ctx=Context(state, actor),
        dice=TypedDice([]),
        mounted=mounted,
        words=words,
        follow=follow,
    )


def test_then_keeps_the_new_campaign_and_adds_words_and_offers_after_the_earlier() -> None:
    village = demo_campaign(HOUSE)
    first = landing(village, HOUSE, HOUSE.move("rest"), "weak", words=("a",), follow=("x",))
    changed = attrs.evolve(village, name="Elsewhere")
    after = first.then(changed, ["b", "c"], ["y"])
    assert after.state is changed
    assert after.before is village
    assert after.words == ("a", "b", "c")
    assert after.follow == ("x", "y")
    assert attrs.evolve(after, state=village, words=("a",), follow=("x",)) == first


def test_then_with_nothing_said_changes_only_the_campaign() -> None:
    village = demo_campaign(HOUSE)
    first = landing(village, HOUSE, HOUSE.move("rest"), "weak", words=("a",))
    assert first.then(village) == first


def test_a_landing_starts_with_nothing_mounted_picked_dropped_or_said() -> None:
    plain = landing(demo_campaign(HOUSE), HOUSE, HOUSE.move("rest"), "weak")
    assert plain.mounted is None
    assert (plain.floor_picks, plain.track, plain.dropped, plain.deferred) == ((), None, (), ())
    assert (plain.words, plain.follow) == ((), ())


def test_an_attempt_names_no_foe_unless_one_is_aimed_at() -> None:
    ford = demo_campaign(MANEUVERS)
    kick = MANEUVERS.move("maneuvers_kick")
    assert Attempt(ford, MANEUVERS, kick, ford.characters["Wren"]).at is None
    assert Attempt(ford, MANEUVERS, kick, None, at="Ogre").at == "Ogre"


def test_the_check_stage_refuses_a_maneuver_cooling_down() -> None:
    assert encounter.check in CHECKS
    ford = demo_campaign(MANEUVERS)
    wren = attrs.evolve(ford.characters["Wren"], cooldowns={"maneuvers_kick": 1})
    attempt = Attempt(ford, MANEUVERS, MANEUVERS.move("maneuvers_kick"), wren, at="Bandit")
    with pytest.raises(RuleError) as refused:
        encounter.check(attempt)
    assert str(refused.value) == "Kick waits 1 more round"


def test_the_check_stage_reads_the_foe_the_attempt_aims_at() -> None:
    ford = demo_campaign(MANEUVERS)
    trip = MANEUVERS.move("maneuvers_trip")
    wren = ford.characters["Wren"]
    encounter.check(Attempt(ford, MANEUVERS, trip, wren, at="Bandit"))
    with pytest.raises(RuleError) as refused:
        encounter.check(Attempt(ford, MANEUVERS, trip, wren, at="Ogre"))
    assert str(refused.value) == "Ogre is huge: out of Trip's reach"


def test_the_effects_stage_records_the_picks_of_a_muster_that_holds() -> None:
    assert steading.land in EFFECTS
    village = demo_campaign(HOUSE)
    muster = HOUSE.move("muster")
    picks = tuple(o for o in muster.options[0].items if o.id in ("defenses", "potential"))
    held = steading.land(landing(village, HOUSE, muster, "strong", chosen=picks))
    assert held.state.steading is not None
    assert held.state.steading.muster == ("defenses", "potential")
    missed = steading.land(landing(village, HOUSE, muster, "miss", chosen=picks))
    assert missed.state == village


def test_the_aftermath_stage_gives_the_companion_back_its_meter() -> None:
    assert assets.land in AFTERMATH
    forge = demo_campaign(STARFORGED)
    kael = forge.characters["Kael"]
    rook = next(a for a in kael.assets or () if a.name == "Rook")
    moved = assets.mount(STARFORGED, kael, rook)
    moved = attrs.evolve(moved, meters={**moved.meters, "companion_health": 1})
    hit = landing(
        forge,
        STARFORGED,
        STARFORGED.move("starforged_companion_takes_a_hit"),
        "weak",
        mounted=rook,
    )
    landed = assets.land(hit.then(attrs.evolve(forge, characters={"Kael": moved})))
    sheet = landed.state.characters["Kael"]
    assert "companion_health" not in sheet.meters
    assert "companion_health" not in sheet.maxima
    assert [(a.name, a.value) for a in sheet.assets or ()] == [("Rook", 1), ("Petrel", 5)]


def test_the_aftermath_stage_passes_a_move_on_no_asset_through_unchanged() -> None:
    forge = demo_campaign(STARFORGED)
    plain = landing(forge, STARFORGED, STARFORGED.move("starforged_endure_harm"), "weak")
    assert assets.land(plain) is plain
