"""The starforged verbs (`core/verbs/starforged.py`), beside the burns the readings pin: what a
burn would do now or why not, read from the log at hand; an asset joining; the track verbs'
words (a full track refused in each screen's words); the odds of resisting after the harm; and a
progress roll, for any track and challenge dice, judged on full boxes alone and changing nothing."""

from __future__ import annotations

from fractions import Fraction

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign, Track
from hearthroll.core.dice.odds import action_odds
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import RuleError
from hearthroll.core.games import momentum
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import edits, starforged
from hearthroll.core.verbs.session import make_move
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
STARFORGED = CATALOG.ruleset("starforged")
HACK = CATALOG.ruleset("hack")
FORGE = demo_campaign(STARFORGED)  # Find the lost beacon (formidable, 4), Avenge the Ironhold (8)


def kael_at(momentum_now: int, health: int = 5) -> Campaign:
    kael = FORGE.characters["Kael"]
    kael = attrs.evolve(kael, meters={**kael.meters, "momentum": momentum_now, "health": health})
    return attrs.evolve(FORGE, characters={"Kael": kael})


def weak_hit(momentum_now: int) -> Outcome:
    """Endure Harm resisted after a minor harm: 3 + health 4 = 7 against 5 and 8."""
    return make_move(
        kael_at(momentum_now), STARFORGED, "endure harm", TypedDice([3, 5, 8]), actor="Kael",
        picks=["minor"], resist=True,
    )  # fmt: skip


def test_a_burn_is_offered_on_the_last_roll_and_over_a_note_since() -> None:
    rolled = weak_hit(9)
    offer = momentum.Burn(9, "weak", "strong", 2)
    assert starforged.burn_offer(rolled.state, STARFORGED, "Kael", [rolled.event]) == (offer, "")
    noted = edits.note(rolled.state, "the hull holds")
    events = [rolled.event, noted.event]
    assert starforged.burn_offer(noted.state, STARFORGED, "Kael", events) == (offer, "")


@pytest.mark.parametrize(
    ("case", "said"),
    [
        ("nobody", "no character to burn momentum for"),
        ("no roll", "Kael has made no action roll to burn momentum on"),
        ("log too short", "Kael's last action roll is further back than the log at hand"),
        ("too little", "Kael cannot burn momentum: momentum +2 is not above the action score 7"),
    ],
)
def test_a_burn_not_offered_says_why(case: str, said: str) -> None:
    rolled = weak_hit(9 if case == "log too short" else 2)
    state, events, who = rolled.state, [rolled.event], "Kael"
    if case == "nobody":
        who = "Zed"
    elif case == "no roll":
        state, events = FORGE, []
    elif case == "log too short":
        events = []
    assert starforged.burn_offer(state, STARFORGED, who, events) == (None, said)


def test_a_game_without_momentum_offers_no_burn() -> None:
    road = demo_campaign(HACK)
    assert starforged.burn_offer(road, HACK, "Cog", []) == (
        None,
        "Hack (2d6 + stat) has no momentum to burn",
    )


def test_an_asset_joins_its_owner_full_and_says_what_it_is() -> None:
    vex = starforged.add_asset(FORGE, STARFORGED, "companion", "Vex", 4)
    assert (vex.event.kind, vex.event.actor, vex.event.results) == (
        "asset",
        "Kael",
        ("Vex (companion) joins Kael: 4/4",),
    )
    skiff = starforged.add_asset(FORGE, STARFORGED, "vehicle", "Skiff", 3, "support", "Kael")
    assert skiff.event.results == ("Skiff (support vehicle) joins Kael: 3/3",)


def test_a_track_is_new_once_and_says_what_one_mark_is_worth() -> None:
    oath = starforged.new_track(FORGE, "Oath", "dangerous", "connection")
    assert oath.event.results == ("new dangerous connection: Oath (one mark: 2 boxes)",)
    with pytest.raises(RuleError, match=r"^there is a track named find the LOST beacon already$"):
        starforged.new_track(FORGE, "find the LOST beacon", "epic")


def test_marking_and_clearing_say_the_boxes_and_the_ticks() -> None:
    assert starforged.mark_track(FORGE, "ironhold").event.results == (
        "Avenge the Ironhold: +2 boxes, 2 → 4 boxes (ticks 8 → 16)",
    )
    assert starforged.mark_track(FORGE, "ironhold", 3).event.results == (
        "Avenge the Ironhold: +2 boxes ×3, 2 → 8 boxes (ticks 8 → 32)",
    )
    assert starforged.clear_track(FORGE, "avenge").event.results == (
        "Avenge the Ironhold: −2 boxes, ticks 8 → 0",
    )


def test_a_full_track_is_refused_a_mark_in_the_shell_s_and_the_app_s_words() -> None:
    full = starforged.mark_track(FORGE, "ironhold", 10).state
    with pytest.raises(RuleError) as refused:
        starforged.mark_track(full, "ironhold")
    assert str(refused.value) == (
        "Avenge the Ironhold is full (10/10 boxes): make its progress roll "
        "(track FILE roll 'Avenge the Ironhold') or strike it (track FILE drop)"
    )
    assert refused.value.at_table == (
        "Avenge the Ironhold is full (10/10 boxes): roll Avenge the Ironhold makes its "
        "progress roll, drop Avenge the Ironhold strikes it"
    )


def test_striking_the_last_track_leaves_none() -> None:
    one = starforged.drop_track(FORGE, "avenge")
    assert one.event.results == ("Avenge the Ironhold is struck",)
    assert one.state.tracks == (Track("Find the lost beacon", "formidable", "vow", 4),)
    assert starforged.drop_track(one.state, "beacon").state.tracks is None


def test_the_odds_of_resisting_read_the_meter_after_the_harm() -> None:
    odds = starforged.resist_odds(FORGE, STARFORGED, "endure harm", actor="Kael", picks=["minor"])
    assert odds == action_odds(4, momentum=2)  # health 5 − 1
    assert odds is not None and dict(odds.bands)["strong"] == Fraction(271, 600)
    assert starforged.resist_odds(FORGE, STARFORGED, "endure harm table") is None
    at_one = kael_at(2, health=1)
    assert (
        starforged.resist_odds(at_one, STARFORGED, "endure harm", actor="Kael", picks=["serious"])
        is None
    )


@settings(deadline=None)
@given(st.integers(0, 40), st.integers(1, 10), st.integers(1, 10))
def test_a_progress_roll_is_full_boxes_against_the_challenge_and_changes_nothing(
    ticks: int, first: int, second: int
) -> None:
    state = attrs.evolve(FORGE, tracks=(Track("Oath", "epic", "vow", ticks),))
    rolled = starforged.roll_track(state, "oath", TypedDice([first, second]))
    event = rolled.event
    boxes = ticks // 4
    beaten = (boxes > first) + (boxes > second)
    assert event.band == ("miss", "weak", "strong")[beaten]
    assert (event.kind, event.total, event.dice, event.match) == (
        "track",
        boxes,
        (first, second),
        first == second,
    )
    assert event.deltas == ()
    assert event.line.endswith(", a match") == (first == second)
    assert attrs.evolve(rolled.state, history=state.history) == state
