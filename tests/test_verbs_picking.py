"""What a move is given and picks (`core/verbs/picking.py`, reading 23): a band's words, what
the move's gates read, a list short of picks refused in its own words, the stat the player
names (by id or name, best first when asked), the picks a move knows, and its inputs checked
against their specs."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.errors import RuleError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import picking
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HACK = CATALOG.ruleset("hack")
HOUSE = CATALOG.ruleset("house")
ROAD = demo_campaign(HACK)
MIRA = ROAD.characters["Mira"]
VOLLEY = HACK.move("hack_volley")
DEFY = HACK.move("hack_defy_danger")
TRADE = HOUSE.move("trade_and_barter")
DEFY_STATS = ["forceful", "agile", "insightful", "charming"]


def test_a_band_is_said_by_its_label_and_text_and_an_unknown_one_by_its_id() -> None:
    assert picking.band_words(VOLLEY, "weak") == ("7–9", "Deal your damage, but pick 1.")
    assert picking.band_words(VOLLEY, "fumble") == ("fumble", "")


def test_the_gates_read_the_weapon_the_move_attacks_with_and_the_inputs() -> None:
    ctx = picking.move_context(ROAD, HACK, VOLLEY, MIRA, {"value": 1})
    assert ctx.inputs == {"value": 1}
    assert ctx.weapon is not None and ctx.weapon.spec.id == "bow"
    assert ctx.gear_tags is not None and {"ranged", "ammo"} <= ctx.gear_tags
    assert "melee" not in ctx.gear_tags
    bare = picking.move_context(ROAD, HACK, VOLLEY, None)
    assert (bare.actor, bare.gear_tags, bare.weapon) == (None, None, None)


def test_a_list_short_of_picks_is_refused_naming_each_choice_and_its_flag() -> None:
    (weak,) = VOLLEY.options
    with pytest.raises(picking.PicksNeeded) as short:
        picking.refuse_short(VOLLEY, "weak", [weak], [])
    assert str(short.value) == (
        "Volley on 7–9: pick 1 (got 0), nothing was saved. Choose from: "
        "“You must move for the shot, into danger the GM describes.” (--pick exposed); "
        "“Take what you can get: −1 damage.” (--pick take_what_you_get); "
        "“It takes several shots: ammo −1.” (--pick several_shots)"
    )
    assert short.value.lists == (weak,)
    picking.refuse_short(VOLLEY, "weak", [weak], [weak.items[2]])
    picking.refuse_short(VOLLEY, "weak", [attrs.evolve(weak, up_to=True)], [])
    picking.refuse_short(
        VOLLEY, "weak", [attrs.evolve(weak, pick=5, items=weak.items[:1])], weak.items[:1]
    )


def test_the_stat_is_taken_out_of_the_inputs_by_id_or_name() -> None:
    inputs: dict[str, int | str] = {"stat": " AGILE ", "value": 1}
    assert picking.stat_choice(HACK, DEFY, inputs) == "agile"
    assert inputs == {"value": 1}
    assert picking.stat_choice(HACK, VOLLEY, {"stat": "agile"}) is None  # Volley names its own


def test_a_stat_unsaid_or_unknown_is_refused_naming_the_stats() -> None:
    listed = "forceful (Forceful), agile (Agile), insightful (Insightful), charming (Charming)"
    with pytest.raises(picking.StatNeeded) as unsaid:
        picking.stat_choice(HACK, DEFY, {})
    assert str(unsaid.value) == f"Defy Danger: the player says which stat: --stat one of {listed}"
    with pytest.raises(picking.StatNeeded) as unknown:
        picking.stat_choice(HACK, DEFY, {"stat": "luck"})
    assert str(unknown.value) == f"Defy Danger rolls with one of {listed}, not 'luck'"


def test_a_pick_the_move_has_no_list_for_is_refused_listing_its_options() -> None:
    with pytest.raises(RuleError) as refused:
        picking.known_picks(VOLLEY, ["exposed", "dodge"])
    assert str(refused.value) == (
        "Volley has no option 'dodge'; its options: exposed, several_shots, take_what_you_get"
    )
    picking.known_picks(VOLLEY, ["dodge"], {"dodge"})


@pytest.mark.parametrize(
    ("inputs", "refusal"),
    [
        ({"price": 1}, "Trade & Barter takes no input 'price'; its inputs: value, deal"),
        ({"deal": "steal", "value": 1}, "Buying or selling is one of buy, sell, not 'steal'"),
        ({"value": "lots", "deal": "buy"}, "Value is a number, not 'lots'"),
        ({"value": -1, "deal": "buy"}, "Value is 0 to …, not -1"),
        ({"deal": "buy"}, "Trade & Barter needs Value: give it with --value N (The item's Value.)"),
    ],
)
def test_an_input_out_of_its_spec_is_refused_in_its_words(
    inputs: dict[str, int | str], refusal: str
) -> None:
    with pytest.raises(RuleError) as refused:
        picking.check_inputs(TRADE, inputs)
    assert str(refused.value) == refusal


def test_the_muster_s_picks_on_a_six_come_from_its_band_s_list() -> None:
    village = demo_campaign(HOUSE)
    muster = HOUSE.move("muster")
    ctx = picking.move_context(village, HOUSE, muster, None)
    chosen, lists = picking.picked(muster, "strong", ["defenses", "potential"], ctx, HOUSE)
    assert [o.id for o in chosen] == ["defenses", "potential"]
    assert [(lst.on, lst.pick) for lst in lists] == [(("strong",), 2)]


@settings(deadline=None)
@given(st.lists(st.integers(-3, 3), min_size=4, max_size=4))
def test_the_stats_are_offered_best_first_and_each_is_taken_by_id_or_name(
    values: list[int],
) -> None:
    cog = attrs.evolve(ROAD.characters["Cog"], stats=dict(zip(DEFY_STATS, values, strict=True)))
    asked = picking.stat_choices(HACK, DEFY, cog)
    assert asked is not None
    expected = sorted(DEFY_STATS, key=lambda s: -values[DEFY_STATS.index(s)])
    assert list(asked.choices) == expected
    for stat in asked.choices:
        name = HACK.stat(stat).name
        assert picking.stat_choice(HACK, DEFY, {"stat": name.upper()}) == stat
        assert picking.stat_choice(HACK, DEFY, {"stat": stat}) == stat
