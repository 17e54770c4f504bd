"""The house game's readings 1-13 (DESIGN), pinned through the session verbs on the demo table."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import pytest

from hearthroll.core.campaign.events import Outcome, summary
from hearthroll.core.campaign.state import Campaign, Item
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import DiceError, HearthrollError, NotFound, RuleError, TurnError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import edits
from hearthroll.core.verbs.pool import accept, prep, reroll, stop
from hearthroll.core.verbs.session import make_move
from hearthroll.store.rulesets import load_catalog

HOUSE = load_catalog(with_user=False).ruleset("house")


@pytest.fixture
def table() -> Campaign:
    """The demo table: Brannoc (level 2), Isolde and Wren (level 1), and Millbrook, a village
    in spring with Fortunes +1, Surplus 2, Population 2, Prosperity 1, Defenses 1."""
    return demo_campaign(HOUSE)


def move(
    state: Campaign,
    wanted: str,
    faces: Sequence[int],
    effect: Sequence[int] = (),
    **options: Any,
) -> Outcome:
    """Make a move with typed faces, and check every face typed was rolled."""
    dice = TypedDice(faces)
    outcome = make_move(state, HOUSE, wanted, dice, effect_dice=TypedDice(effect), **options)
    dice.finish()
    return outcome


def with_fields(state: Campaign, **fields: str) -> Campaign:
    """The campaign after `set` of each field (`steading__size="hamlet"`, `Wren__xp="20"`)."""
    for path, value in fields.items():
        state = edits.set_field(state, HOUSE, path.replace("__", "."), value).state
    return state


def refused(
    error: type[HearthrollError],
    verb: Callable[..., Any],
    state: Campaign,
    *args: Any,
    **kwargs: Any,
) -> HearthrollError:
    """The verb raises `error`, and the campaign it was given is left exactly as it was."""
    before = copy.deepcopy(state)
    with pytest.raises(error) as info:
        verb(state, *args, **kwargs)
    assert state == before
    return info.value


def said(outcome: Outcome, words: str) -> bool:
    """True when one of the event's results says `words`."""
    return any(words.lower() in line.lower() for line in outcome.event.results)


# --- reading 1: the n-th RISKY move of a turn rolls n dice ----------------------------------


def test_reading1_third_risky_move_of_a_turn_rolls_three_dice(table: Campaign) -> None:
    first = move(table, "clash", [4], effect=[3])
    second = move(first.state, "clash", [4, 5], effect=[3])
    third = move(second.state, "clash", [2, 3, 6], effect=[3])
    assert [e.pool for e in (first.event, second.event, third.event)] == [1, 2, 3]
    assert third.event.dice == (2, 3, 6) and third.event.band == "strong"
    assert third.state.turn.pushes == 3


def test_reading1_a_turn_with_too_few_typed_faces_for_its_pool_is_refused(table: Campaign) -> None:
    first = move(table, "clash", [4], effect=[3])
    refused(DiceError, make_move, first.state, HOUSE, "clash", TypedDice([5]))


def test_reading1_safe_move_does_not_grow_the_pool(table: Campaign) -> None:
    first = move(table, "clash", [4], effect=[3])
    bolster = move(first.state, "bolster", [], picks=["month"])
    assert bolster.event.dice == () and bolster.event.pool == 0
    assert bolster.state.turn == first.state.turn
    assert bolster.state.characters["Brannoc"].holds == {"preparation": 2}
    second = move(bolster.state, "clash", [4, 5], effect=[3])
    assert second.event.pool == 2 and len(second.event.dice) == 2


def test_reading1_a_community_roll_mid_turn_leaves_the_pool_alone(table: Campaign) -> None:
    first = move(table, "defend", [5])
    muster = move(first.state, "muster", [3, 4], picks=["defenses"])
    assert muster.state.turn == first.state.turn
    assert move(muster.state, "defend", [5, 5]).event.pool == 2


# --- reading 2: advantage and disadvantage on the pool --------------------------------------


def test_reading2_advantage_rolls_one_more_die_and_drops_the_lowest(table: Campaign) -> None:
    outcome = move(table, "defend", [1, 5], advantage=True)
    assert outcome.event.kept == (5,) and outcome.event.dropped == (1,)
    assert outcome.event.band == "weak" and not outcome.event.bust
    assert outcome.event.pool == 1
    assert outcome.state.characters["Brannoc"].holds == {"readiness": 1}


def test_reading2_disadvantage_rolls_one_more_die_and_drops_the_highest(table: Campaign) -> None:
    outcome = move(table, "defend", [6, 1], disadvantage=True)
    assert outcome.event.kept == (1,) and outcome.event.dropped == (6,)
    assert outcome.event.bust and outcome.event.pending


def test_reading2_advantage_and_disadvantage_cancel_on_the_pool(table: Campaign) -> None:
    outcome = move(table, "defend", [6], advantage=True, disadvantage=True)
    assert outcome.event.dice == (6,) and outcome.event.dropped == ()


# --- reading 3: bust, only 1s, success with and without a 6 ---------------------------------


def test_reading3_any_kept_one_is_a_bust(table: Campaign) -> None:
    first = move(table, "defend", [5])
    outcome = move(first.state, "defend", [6, 1])
    assert outcome.event.bust and outcome.event.band == "miss"
    assert not outcome.event.only_ones
    assert outcome.event.label == "Bust"


def test_reading3_every_kept_die_a_one_is_a_bust_with_only_ones(table: Campaign) -> None:
    first = move(table, "defend", [5])
    outcome = move(first.state, "defend", [1, 1])
    assert outcome.event.bust and outcome.event.only_ones
    assert move(table, "defend", [1]).event.only_ones


def test_reading3_only_ones_reads_the_kept_dice_only(table: Campaign) -> None:
    first = move(table, "defend", [5])
    outcome = move(first.state, "defend", [1, 6, 1], disadvantage=True)
    assert outcome.event.kept == (1, 1) and outcome.event.only_ones


def test_reading3_a_kept_six_is_success_with_a_six(table: Campaign) -> None:
    strong = move(table, "defend", [6])
    assert strong.event.band == "strong" and strong.event.label == "Success with a 6"
    weak = move(table, "defend", [5])
    assert weak.event.band == "weak" and weak.event.label == "Success, no 6"


# --- reading 4: a reroll on a bust ----------------------------------------------------------


def test_reading4_bust_saved_by_a_reroll_lands_the_success_effects(table: Campaign) -> None:
    bust = move(table, "defend", [1])
    assert bust.event.pending and bust.state.turn.status == "bust_pending"
    assert "readiness" not in bust.state.characters["Brannoc"].holds
    saved = reroll(bust.state, HOUSE, TypedDice([6]))
    assert saved.event.kind == "reroll" and saved.event.band == "strong"
    assert saved.event.dice == (6,) and not saved.event.bust
    brannoc = saved.state.characters["Brannoc"]
    assert brannoc.holds == {"readiness": 3}
    assert brannoc.rerolls_left == 1  # a saved bust still costs the reroll
    assert saved.state.turn.status == "open"


def test_reading4_reroll_rerolls_only_the_kept_ones(table: Campaign) -> None:
    first = move(table, "clash", [5], effect=[2])
    bust = move(first.state, "clash", [1, 6, 1], advantage=True)
    assert bust.event.kept == (1, 6) and bust.event.dropped == (1,)
    dice = TypedDice([3])  # one kept 1: one die; the dropped 1 stays dropped
    saved = reroll(bust.state, HOUSE, dice, TypedDice([2]))
    dice.finish()
    assert saved.event.dice == (3, 6, 1)
    assert saved.event.kept == (3, 6) and saved.event.dropped == (1,)
    assert saved.event.band == "strong"


def test_reading4_reroll_needs_a_die_for_every_kept_one(table: Campaign) -> None:
    first = move(table, "defend", [5])
    bust = move(first.state, "defend", [1, 1])
    refused(DiceError, reroll, bust.state, HOUSE, TypedDice([4]))


def test_reading4_a_new_bust_may_be_saved_by_another_reroll(table: Campaign) -> None:
    bust = move(table, "defend", [1])
    again = reroll(bust.state, HOUSE, TypedDice([1]))
    assert again.event.pending and again.state.characters["Brannoc"].rerolls_left == 1
    saved = reroll(again.state, HOUSE, TypedDice([5]))
    assert saved.event.band == "weak"
    assert saved.state.characters["Brannoc"].rerolls_left == 0
    assert saved.state.characters["Brannoc"].holds == {"readiness": 1}


def test_reading4_no_reroll_left_no_reroll_is_made(table: Campaign) -> None:
    bust = move(table, "defend", [1], actor="Wren")
    again = reroll(bust.state, HOUSE, TypedDice([1]))
    assert again.state.characters["Wren"].rerolls_left == 0
    refused(TurnError, reroll, again.state, HOUSE, TypedDice([6]))


def test_reading4_no_reroll_without_a_bust(table: Campaign) -> None:
    success = move(table, "defend", [5])
    refused(TurnError, reroll, success.state, HOUSE, TypedDice([6]))
    refused(TurnError, reroll, table, HOUSE, TypedDice([6]))


# --- reading 5: the final bust --------------------------------------------------------------


def test_reading5_accepted_bust_pays_xp_for_each_kept_one(table: Campaign) -> None:
    first = move(table, "defend", [5])
    bust = move(first.state, "defend", [1, 1])
    taken = accept(bust.state, HOUSE, TypedDice([]))
    assert taken.event.kind == "accept" and taken.event.xp_gained == 2
    brannoc = taken.state.characters["Brannoc"]
    assert brannoc.xp == 3 + 2
    assert taken.state.turn.status == "busted"
    assert said(taken, "hard move")


def test_reading5_xp_counts_kept_ones_not_dropped_ones(table: Campaign) -> None:
    first = move(table, "defend", [5])
    bust = move(first.state, "defend", [1, 1, 4], advantage=True)
    assert bust.event.kept == (1, 4) and bust.event.dropped == (1,)
    assert accept(bust.state, HOUSE, TypedDice([])).event.xp_gained == 1


def test_reading5_what_was_achieved_earlier_in_the_turn_stays(table: Campaign) -> None:
    guard = move(table, "defend", [6])
    bust = move(guard.state, "defend", [2, 1])
    taken = accept(bust.state, HOUSE, TypedDice([]))
    assert taken.state.characters["Brannoc"].holds == {"readiness": 3}


def test_reading5_rerolls_do_not_refresh_after_a_final_bust(table: Campaign) -> None:
    bust = move(table, "defend", [1])
    again = reroll(bust.state, HOUSE, TypedDice([1]))
    taken = accept(again.state, HOUSE, TypedDice([]))
    assert taken.state.characters["Brannoc"].rerolls_left == 1
    refused(TurnError, stop, taken.state, HOUSE)
    next_turn = move(taken.state, "defend", [5])
    assert next_turn.event.pool == 1  # a new turn, with an empty pool
    assert next_turn.state.characters["Brannoc"].rerolls_left == 1


def test_reading5_a_bust_no_reroll_can_save_is_final_at_once(table: Campaign) -> None:
    bust = move(table, "clash", [1], actor="Isolde")
    assert bust.event.pending  # a reroll left: it waits
    again = reroll(bust.state, HOUSE, TypedDice([1]))
    assert (again.event.kind, again.event.pending, again.event.bust) == ("reroll", False, True)
    assert again.event.xp_gained == 1
    isolde = again.state.characters["Isolde"]
    assert (isolde.xp, isolde.rerolls_left) == (5 + 1, 0)
    assert again.state.turn.status == "busted"
    assert said(again, "it stands (no reroll left, no Preparation to lift it): the turn ends")
    assert said(again, "hard move")
    refused(TurnError, accept, again.state, HOUSE, TypedDice([]))
    after = move(again.state, "volley", [6], effect=[3], actor="Wren")  # no accept waited for
    assert after.event.band == "strong"


def test_reading5_a_first_roll_with_no_reroll_to_spend_is_final_at_once(table: Campaign) -> None:
    spent = with_fields(table, Wren__rerolls="0")
    bust = move(spent, "defend", [1], actor="Wren")
    assert (bust.event.kind, bust.event.pending, bust.event.xp_gained) == ("move", False, 1)
    assert bust.state.turn.status == "busted"


def test_reading5_a_bust_waits_while_preparation_could_lift_it(table: Campaign) -> None:
    prepared = with_fields(table, Wren__rerolls="0", Wren__preparation="1")
    bust = move(prepared, "defend", [1], actor="Wren")
    assert bust.event.pending and bust.state.turn.status == "bust_pending"
    lifted = prep(bust.state, HOUSE, 1, TypedDice([]))
    assert lifted.event.band == "weak" and not lifted.event.bust
    two = move(prepared, "defend", [5], actor="Wren")
    ones = move(two.state, "defend", [1, 1], actor="Wren")  # one point cannot lift two 1s
    assert not ones.event.pending and ones.event.xp_gained == 2


def test_reading5_risky_move_while_a_bust_waits_is_refused_and_changes_nothing(
    table: Campaign,
) -> None:
    bust = move(table, "defend", [1])
    refused(TurnError, make_move, bust.state, HOUSE, "defend", TypedDice([5, 5]))
    refused(TurnError, make_move, bust.state, HOUSE, "volley", TypedDice([5]), actor="Wren")
    refused(TurnError, stop, bust.state, HOUSE)


def test_reading5_no_accept_without_a_bust(table: Campaign) -> None:
    success = move(table, "defend", [5])
    refused(TurnError, accept, success.state, HOUSE, TypedDice([]))


# --- reading 6: stop -------------------------------------------------------------------------


def test_reading6_stop_refreshes_rerolls_to_level(table: Campaign) -> None:
    bust = move(table, "defend", [1])
    saved = reroll(bust.state, HOUSE, TypedDice([4]))
    assert saved.state.characters["Brannoc"].rerolls_left == 1
    stopped = stop(saved.state, HOUSE)
    assert stopped.event.kind == "stop" and stopped.event.rerolls_left == 2
    assert stopped.state.characters["Brannoc"].rerolls_left == 2
    assert stopped.state.turn.pushes == 0 and stopped.state.turn.actor is None


def test_reading6_stop_resets_the_pool(table: Campaign) -> None:
    first = move(table, "defend", [5])
    second = move(first.state, "defend", [5, 5])
    stopped = stop(second.state, HOUSE)
    assert move(stopped.state, "defend", [5]).event.pool == 1


def test_reading6_stop_with_no_turn_open_is_refused(table: Campaign) -> None:
    refused(TurnError, stop, table, HOUSE)


def test_risky_move_by_another_character_ends_the_open_turn_as_a_stop(table: Campaign) -> None:
    bust = move(table, "defend", [1])
    saved = reroll(bust.state, HOUSE, TypedDice([4]))
    assert saved.state.characters["Brannoc"].rerolls_left == 1
    wren = move(saved.state, "volley", [6], effect=[3], actor="Wren")
    assert wren.event.pool == 1 and wren.event.actor == "Wren"
    assert wren.state.characters["Brannoc"].rerolls_left == 2
    assert wren.state.turn.actor == "Wren" and wren.state.turn.pushes == 1
    assert said(wren, "Brannoc") and said(wren, "stop")


def test_risky_move_by_another_character_after_a_final_bust_refreshes_nothing(
    table: Campaign,
) -> None:
    bust = move(table, "defend", [1])
    again = reroll(bust.state, HOUSE, TypedDice([1]))
    taken = accept(again.state, HOUSE, TypedDice([]))
    wren = move(taken.state, "volley", [6], effect=[3], actor="Wren")
    assert wren.state.characters["Brannoc"].rerolls_left == 1


# --- reading 7: rerolls and levels -----------------------------------------------------------


def test_reading7_rerolls_start_equal_to_level(table: Campaign) -> None:
    for character in table.characters.values():
        assert character.rerolls_left == character.level


def test_reading7_level_up_adds_a_reroll_per_level(table: Campaign) -> None:
    rich = with_fields(table, Wren__xp="20")
    # 6 + 2 × 1 = 8 for level 2, then 6 + 2 × 2 = 10 for level 3: 2 XP left.
    levelled = edits.do_level_up(rich, HOUSE, "Wren")
    wren = levelled.state.characters["Wren"]
    assert (wren.level, wren.xp, wren.rerolls_left) == (3, 2, 3)
    assert levelled.event.kind == "level_up"


def test_reading7_level_up_adds_rerolls_to_those_left_not_to_the_level(table: Campaign) -> None:
    bust = move(table, "defend", [1], actor="Wren")
    saved = reroll(bust.state, HOUSE, TypedDice([5]))
    rich = with_fields(saved.state, Wren__xp="8")
    wren = edits.do_level_up(rich, HOUSE, "Wren").state.characters["Wren"]
    assert (wren.level, wren.xp, wren.rerolls_left) == (2, 0, 1)


def test_reading7_after_a_level_up_a_stop_refreshes_to_the_new_level(table: Campaign) -> None:
    rich = with_fields(table, Wren__xp="20")
    levelled = edits.do_level_up(rich, HOUSE, "Wren").state
    bust = move(levelled, "defend", [1], actor="Wren")
    saved = reroll(bust.state, HOUSE, TypedDice([5]))
    assert stop(saved.state, HOUSE).state.characters["Wren"].rerolls_left == 3


def test_reading7_level_up_move_is_safe_and_levels_as_often_as_xp_allows(table: Campaign) -> None:
    rich = with_fields(table, Wren__xp="20")
    outcome = move(rich, "level_up", [], actor="Wren")
    wren = outcome.state.characters["Wren"]
    assert (wren.level, wren.xp, wren.rerolls_left) == (3, 2, 3)
    assert outcome.state.turn == rich.turn


def test_reading7_level_up_without_the_xp_is_refused(table: Campaign) -> None:
    refused(RuleError, edits.do_level_up, table, HOUSE, "Wren")  # 0 XP, 8 needed


# --- reading 8: Preparation -----------------------------------------------------------------


def test_reading8_preparation_lifts_a_kept_one_out_of_a_bust(table: Campaign) -> None:
    bolstered = move(table, "bolster", [], picks=["week"])
    first = move(bolstered.state, "defend", [5])
    bust = move(first.state, "defend", [1, 5])
    lifted = prep(bust.state, HOUSE, 1, TypedDice([]))
    assert lifted.event.kind == "prep"
    assert lifted.event.dice == (2, 5) and lifted.event.band == "weak"
    assert not lifted.event.bust
    brannoc = lifted.state.characters["Brannoc"]
    assert "preparation" not in brannoc.holds
    assert brannoc.holds == {"readiness": 2}  # 1 from each success
    assert lifted.state.turn.status == "open"


def test_reading8_preparation_lifting_a_bust_onto_options_takes_picks(table: Campaign) -> None:
    bolstered = move(table, "bolster", [], picks=["week"])
    bust = move(bolstered.state, "volley", [1])
    lifted = prep(bust.state, HOUSE, 1, TypedDice([4]), picks=["take_what_you_get"])
    assert (lifted.event.band, lifted.event.options) == ("weak", ("take_what_you_get",))
    assert any("damage" in r for r in lifted.event.results)
    refused(RuleError, prep, bust.state, HOUSE, 1, TypedDice([4]), picks=["no_such_pick"])


def test_reading8_preparation_counts_the_kept_dice_only(table: Campaign) -> None:
    bolstered = move(table, "bolster", [], picks=["week"])
    first = move(bolstered.state, "defend", [5])
    bust = move(first.state, "defend", [1, 6, 3], disadvantage=True)
    assert bust.event.kept == (1, 3)
    lifted = prep(bust.state, HOUSE, 1, TypedDice([]))
    assert lifted.event.kept == (2, 3) and lifted.event.dropped == (6,)


def test_reading8_preparation_on_one_of_two_ones_leaves_the_bust(table: Campaign) -> None:
    bolstered = move(table, "bolster", [], picks=["month"])
    first = move(bolstered.state, "defend", [5])
    bust = move(first.state, "defend", [1, 1])
    lifted = prep(bust.state, HOUSE, 1, TypedDice([]))
    assert lifted.event.pending and lifted.event.dice == (2, 1)
    assert lifted.state.characters["Brannoc"].holds["preparation"] == 1


def test_reading8_preparation_once_per_roll(table: Campaign) -> None:
    bolstered = move(table, "bolster", [], picks=["month"])
    first = move(bolstered.state, "defend", [5])
    bust = move(first.state, "defend", [1, 1])
    lifted = prep(bust.state, HOUSE, 1, TypedDice([]))
    refused(HearthrollError, prep, lifted.state, HOUSE, 2, TypedDice([]))


def test_reading8_preparation_as_the_pool_is_rolled(table: Campaign) -> None:
    bolstered = move(table, "bolster", [], picks=["week"])
    outcome = move(bolstered.state, "defend", [1], boost=1)
    assert outcome.event.dice == (2,) and outcome.event.band == "weak"
    assert outcome.state.characters["Brannoc"].holds == {"readiness": 1}


def test_reading8_preparation_cannot_raise_a_six(table: Campaign) -> None:
    bolstered = move(table, "bolster", [], picks=["week"])
    refused(HearthrollError, make_move, bolstered.state, HOUSE, "defend", TypedDice([6]), boost=1)


def test_reading8_preparation_needs_preparation_held(table: Campaign) -> None:
    bust = move(table, "defend", [1])
    refused(RuleError, prep, bust.state, HOUSE, 1, TypedDice([]))
    refused(RuleError, make_move, table, HOUSE, "defend", TypedDice([1]), boost=1)


def test_reading8_preparation_adds_one_to_the_kept_die_of_a_community_roll(
    table: Campaign,
) -> None:
    bolstered = move(table, "bolster", [], picks=["week"])
    season = move(bolstered.state, "seasons_change", [5], boost=1)
    assert season.event.total == 6 and season.event.band == "strong"
    assert "preparation" not in season.state.characters["Brannoc"].holds


# --- readings 9 and 10: the community roll and its bands --------------------------------------


def test_reading9_community_roll_keeps_the_highest_of_stat_dice(table: Campaign) -> None:
    outcome = move(table, "muster", [3, 6], picks=["defenses", "potential"])
    assert outcome.event.mechanic == "stat_dice"
    assert outcome.event.kept == (6,) and outcome.event.dropped == (3,)


def test_reading9_community_roll_with_stat_zero_rolls_two_dice_and_keeps_the_lowest(
    table: Campaign,
) -> None:
    broken = with_fields(table, steading__defenses="0")
    outcome = move(broken, "deploy", [6, 2])
    assert outcome.event.kept == (2,) and outcome.event.dropped == (6,)
    assert outcome.event.band == "miss"


def test_reading9_community_roll_below_zero_rolls_two_dice_and_keeps_the_lowest(
    table: Campaign,
) -> None:
    outcome = move(table, "trade_and_barter", [6, 4], inputs={"value": 3, "deal": "sell"})
    assert outcome.event.kept == (4,) and outcome.event.band == "weak"


def test_reading9_advantage_at_stat_zero_rolls_one_die(table: Campaign) -> None:
    broken = with_fields(table, steading__defenses="0")
    outcome = move(broken, "deploy", [5], advantage=True, picks=["less_effective"])
    assert outcome.event.dice == (5,) and outcome.event.band == "weak"


def test_reading9_disadvantage_at_stat_zero_rolls_three_dice_and_keeps_the_lowest(
    table: Campaign,
) -> None:
    broken = with_fields(table, steading__defenses="0")
    outcome = move(broken, "deploy", [6, 5, 4], disadvantage=True, picks=["less_effective"])
    assert outcome.event.kept == (4,) and outcome.event.dropped == (6, 5)


def test_reading9_disadvantage_rolls_one_more_and_keeps_the_lowest(table: Campaign) -> None:
    outcome = move(table, "muster", [6, 5, 4], disadvantage=True, picks=["defenses"])
    assert outcome.event.kept == (4,) and outcome.event.band == "weak"


def test_reading9_advantage_and_disadvantage_cancel(table: Campaign) -> None:
    outcome = move(
        table, "muster", [6, 3], advantage=True, disadvantage=True, picks=["defenses", "potential"]
    )
    assert outcome.event.kept == (6,) and outcome.event.dropped == (3,)
    assert any("cancel" in m for m in outcome.event.modifiers)


@pytest.mark.parametrize(
    ("face", "band", "label"),
    [
        (6, "strong", "6"),
        (5, "weak", "4–5"),
        (4, "weak", "4–5"),
        (3, "miss", "1–3"),
        (1, "miss", "1–3"),
    ],
)
def test_reading10_community_die_six_four_five_one_to_three(
    table: Campaign, face: int, band: str, label: str
) -> None:
    outcome = move(table, "seasons_change", [face])
    assert outcome.event.band == band and outcome.event.label == label
    assert outcome.event.total == face
    assert outcome.event.text == next(
        b.text for b in HOUSE.move("seasons_change").bands if b.id == band
    )


# --- reading 11: which stat each steading move rolls ----------------------------------------


def test_reading11_deploy_rolls_defenses(table: Campaign) -> None:
    outcome = move(with_fields(table, steading__defenses="3"), "deploy", [2, 6, 3])
    assert outcome.event.kept == (6,) and outcome.event.band == "strong"


@pytest.mark.parametrize("wanted", ["muster", "pull_together"])
def test_reading11_muster_and_pull_together_roll_population(table: Campaign, wanted: str) -> None:
    outcome = move(with_fields(table, steading__population="3"), wanted, [2, 3, 1])
    assert len(outcome.event.dice) == 3 and outcome.event.kept == (3,)


def test_reading11_trade_and_barter_rolls_prosperity_minus_value(table: Campaign) -> None:
    rich = with_fields(table, steading__prosperity="3")
    outcome = move(rich, "trade_and_barter", [2, 6], inputs={"value": 1, "deal": "buy"})
    assert outcome.event.kept == (6,) and outcome.event.band == "strong"  # 3 − 1 = 2 dice
    # At Prosperity 1, Value 1 leaves 0: two dice, keep the lowest.
    poor = move(table, "trade_and_barter", [3, 5], inputs={"value": 1, "deal": "buy"})
    assert poor.event.kept == (3,) and poor.event.band == "miss"
    assert any("value" in m.lower() for m in poor.event.modifiers)


def test_reading11_trade_and_barter_needs_the_value(table: Campaign) -> None:
    refused(
        RuleError,
        make_move,
        table,
        HOUSE,
        "trade_and_barter",
        TypedDice([3, 3]),
        inputs={"deal": "buy"},
    )


def test_reading11_a_value_below_zero_is_refused(table: Campaign) -> None:
    # The ruleset gives Value a minimum of 0: a Value never adds to Prosperity.
    assert next(i for i in HOUSE.move("trade_and_barter").inputs if i.id == "value").min == 0
    refused(
        RuleError,
        make_move,
        table,
        HOUSE,
        "trade_and_barter",
        TypedDice([2, 6]),
        inputs={"value": -1, "deal": "buy"},
    )


def test_reading11_seasons_change_rolls_fortunes(table: Campaign) -> None:
    hopeful = with_fields(table, steading__fortunes="2")
    assert move(hopeful, "seasons_change", [2, 5]).event.kept == (5,)
    assert move(table, "seasons_change", [4]).event.kept == (4,)


# --- reading 12: automatic modifiers from the steading --------------------------------------


def test_reading12_muster_in_a_hamlet_rolls_with_disadvantage(table: Campaign) -> None:
    hamlet = with_fields(table, steading__size="hamlet")
    outcome = move(hamlet, "muster", [6, 4, 5], picks=["defenses"])
    assert outcome.event.kept == (4,) and outcome.event.dropped == (6, 5)
    assert any("hamlet" in m for m in outcome.event.modifiers)
    assert any("disadvantage" in m for m in outcome.event.modifiers)


def test_reading12_pull_together_in_a_hamlet_rolls_with_disadvantage(table: Campaign) -> None:
    hamlet = with_fields(table, steading__size="hamlet")
    outcome = move(hamlet, "pull_together", [6, 5, 4], picks=["shoddy"])
    assert outcome.event.kept == (4,) and any("hamlet" in m for m in outcome.event.modifiers)


@pytest.mark.parametrize("size", ["town", "city"])
@pytest.mark.parametrize("wanted", ["muster", "pull_together"])
def test_reading12_town_or_city_rolls_with_advantage(
    table: Campaign, size: str, wanted: str
) -> None:
    big = with_fields(table, steading__size=size)
    picks = ["defenses", "potential"] if wanted == "muster" else []
    outcome = move(big, wanted, [2, 1, 6], picks=picks)
    assert outcome.event.kept == (6,) and outcome.event.dropped == (2, 1)
    assert any(size in m and "advantage" in m for m in outcome.event.modifiers)


def test_reading12_size_does_not_touch_deploy(table: Campaign) -> None:
    hamlet = with_fields(table, steading__size="hamlet")
    outcome = move(hamlet, "deploy", [6])
    assert outcome.event.modifiers == ()


@pytest.mark.parametrize("wanted", ["deploy", "muster", "pull_together"])
def test_reading12_diminished_rolls_deploy_muster_pull_together_with_disadvantage(
    table: Campaign, wanted: str
) -> None:
    hurt = with_fields(table, steading__diminished="true")
    faces = [6, 3] if wanted == "deploy" else [6, 3, 5]
    outcome = move(hurt, wanted, faces)
    assert outcome.event.kept == (3,) and outcome.event.band == "miss"
    assert any("diminished" in m for m in outcome.event.modifiers)


def test_reading12_diminished_does_not_touch_trade(table: Campaign) -> None:
    hurt = with_fields(table, steading__diminished="true")
    outcome = move(hurt, "trade_and_barter", [5], inputs={"value": 0, "deal": "sell"})
    assert outcome.event.kept == (5,) and outcome.event.modifiers == ()


def test_reading12_lacking_prosperity_counts_one_lower(table: Campaign) -> None:
    short = with_fields(table, steading__lacking="true")
    # Prosperity 1 counts as 0: two dice, keep the lowest.
    outcome = move(short, "trade_and_barter", [3, 5], inputs={"value": 0, "deal": "buy"})
    assert outcome.event.kept == (3,) and outcome.event.band == "miss"
    assert any("lacking" in m for m in outcome.event.modifiers)
    assert outcome.state.steading is not None
    assert outcome.state.steading.stats["prosperity"] == 1  # the stat itself is unchanged


def test_reading12_winter_rolls_trade_and_barter_with_disadvantage(table: Campaign) -> None:
    winter = with_fields(table, steading__season="winter")
    outcome = move(winter, "trade_and_barter", [6, 5], inputs={"value": 0, "deal": "sell"})
    assert outcome.event.kept == (5,) and outcome.event.dropped == (6,)
    assert any("winter" in m for m in outcome.event.modifiers)


def test_reading12_winter_with_prosperity_minus_value_zero_rolls_three_keep_lowest(
    table: Campaign,
) -> None:
    winter = with_fields(table, steading__season="winter")
    outcome = move(winter, "trade_and_barter", [3, 5, 6], inputs={"value": 1, "deal": "buy"})
    assert outcome.event.kept == (3,) and outcome.event.dropped == (5, 6)


def test_reading12_winter_does_not_touch_muster(table: Campaign) -> None:
    winter = with_fields(table, steading__season="winter")
    assert move(winter, "muster", [3, 6], picks=["defenses", "potential"]).event.modifiers == ()


def test_reading12_hamlet_and_advantage_cancel(table: Campaign) -> None:
    hamlet = with_fields(table, steading__size="hamlet")
    outcome = move(hamlet, "muster", [6, 2], advantage=True, picks=["defenses", "potential"])
    assert outcome.event.kept == (6,) and outcome.event.dropped == (2,)
    assert any("cancel" in m for m in outcome.event.modifiers)


def test_reading12_diminished_town_cancel(table: Campaign) -> None:
    town = with_fields(table, steading__size="town", steading__diminished="true")
    outcome = move(town, "pull_together", [6, 3])
    assert outcome.event.kept == (6,) and outcome.event.band == "strong"


# --- reading 13: Fortunes, Muster, Meet With Disaster, Seasons Change -----------------------


def test_reading13_muster_costs_one_fortunes_unless_everyone_pitches_in(table: Campaign) -> None:
    paid = move(table, "muster", [3, 4], picks=["defenses"])
    assert paid.state.steading is not None and paid.state.steading.stats["fortunes"] == 0
    assert paid.state.steading.stats["defenses"] == 2
    assert "mustered" in paid.state.steading.flags
    waived = move(table, "muster", [3, 4], picks=["everyone_pitches_in"])
    assert waived.state.steading is not None and waived.state.steading.stats["fortunes"] == 1
    assert "mustered" in waived.state.steading.flags


def test_reading13_a_muster_that_fails_still_costs_the_fortunes(table: Campaign) -> None:
    failed = move(table, "muster", [3, 2])
    assert failed.state.steading is not None
    assert failed.state.steading.stats["fortunes"] == 0
    assert "mustered" not in failed.state.steading.flags


def test_reading13_muster_at_fortunes_minus_one_stays_there_and_meets_with_disaster(
    table: Campaign,
) -> None:
    low = with_fields(table, steading__fortunes="=-1")
    outcome = move(low, "muster", [3, 4], picks=["defenses"])
    assert outcome.state.steading is not None
    assert outcome.state.steading.stats["fortunes"] == -1
    assert said(outcome, "Meets With Disaster")


def test_reading13_fortunes_cannot_be_set_below_minus_one(table: Campaign) -> None:
    refused(RuleError, edits.set_field, table, HOUSE, "steading.fortunes", "=-2")


def test_reading13_meet_with_disaster_lowers_fortunes_by_one(table: Campaign) -> None:
    outcome = move(with_fields(table, steading__fortunes="0"), "meet_with_disaster", [])
    assert outcome.state.steading is not None
    assert outcome.state.steading.stats["fortunes"] == -1


def test_reading13_meet_with_disaster_at_minus_one_takes_the_gms_pick(table: Campaign) -> None:
    low = with_fields(table, steading__fortunes="=-1")
    outcome = move(low, "meet_with_disaster", [], picks=["malcontent"])
    assert outcome.state.steading is not None
    assert outcome.state.steading.stats["fortunes"] == -1
    assert "malcontent" in outcome.state.steading.flags
    assert outcome.event.options == ("malcontent",)


def test_reading13_meet_with_disaster_folk_leaving_costs_population(table: Campaign) -> None:
    low = with_fields(table, steading__fortunes="=-1")
    outcome = move(low, "meet_with_disaster", [], picks=["leaving"])
    assert outcome.state.steading is not None
    assert outcome.state.steading.stats["population"] == 1


def test_reading13_meet_with_disaster_offers_the_picks_only_at_minus_one(table: Campaign) -> None:
    refused(
        RuleError,
        make_move,
        table,
        HOUSE,
        "meet_with_disaster",
        TypedDice([]),
        picks=["malcontent"],
    )


def test_reading13_seasons_change_advances_the_season_and_resets_fortunes(
    table: Campaign,
) -> None:
    low = with_fields(table, steading__fortunes="0")
    outcome = move(low, "seasons_change", [5, 2])
    assert outcome.state.steading is not None
    assert outcome.state.steading.season == "summer"
    assert outcome.state.steading.stats["fortunes"] == 1


def test_reading13_seasons_change_after_winter_is_spring(table: Campaign) -> None:
    winter = with_fields(table, steading__season="winter")
    outcome = move(winter, "seasons_change", [6])
    assert outcome.state.steading is not None and outcome.state.steading.season == "spring"


def test_reading13_seasons_change_resets_fortunes_to_zero_when_malcontent(
    table: Campaign,
) -> None:
    sour = with_fields(table, steading__fortunes="-1", steading__malcontent="true")
    outcome = move(sour, "seasons_change", [5, 2])
    assert outcome.state.steading is not None
    assert outcome.state.steading.stats["fortunes"] == 0


def test_reading13_seasons_change_ends_a_muster(table: Campaign) -> None:
    mustered = move(table, "muster", [3, 6], picks=["defenses", "holds_without_you"]).state
    assert mustered.steading is not None and mustered.steading.stats["defenses"] == 2
    outcome = move(mustered, "seasons_change", [5, 4])
    steading = outcome.state.steading
    assert steading is not None
    assert "mustered" not in steading.flags and steading.muster == ()
    assert steading.stats["defenses"] == 1  # the muster's Defenses +1 goes with it
    assert said(outcome, "muster ends")


# --- bad input changes nothing ---------------------------------------------------------------


def test_unknown_move_is_refused_with_the_nearest_name(table: Campaign) -> None:
    error = refused(NotFound, make_move, table, HOUSE, "clsh", TypedDice([4]))
    assert "Clash" in str(error)


def test_unknown_character_is_refused_with_the_party(table: Campaign) -> None:
    error = refused(NotFound, make_move, table, HOUSE, "clash", TypedDice([4]), actor="Nobody")
    assert "Brannoc" in str(error)
    refused(NotFound, edits.hold, table, HOUSE, "readiness", 1, "Nobody")
    refused(NotFound, edits.set_field, table, HOUSE, "Nobody.xp", "3")


def test_too_few_typed_faces_are_refused(table: Campaign) -> None:
    refused(DiceError, make_move, table, HOUSE, "muster", TypedDice([4]))


def test_too_many_typed_faces_are_refused_when_the_roll_is_finished(table: Campaign) -> None:
    dice = TypedDice([4, 4])
    make_move(table, HOUSE, "defend", dice)
    with pytest.raises(DiceError):
        dice.finish()


def test_a_face_outside_one_to_six_is_refused(table: Campaign) -> None:
    refused(DiceError, make_move, table, HOUSE, "defend", TypedDice([7]))
    refused(DiceError, make_move, table, HOUSE, "defend", TypedDice([0]))
    bust = move(table, "defend", [1])
    refused(DiceError, reroll, bust.state, HOUSE, TypedDice([7]))


def test_a_hold_spent_below_zero_is_refused(table: Campaign) -> None:
    refused(RuleError, edits.hold, table, HOUSE, "readiness", -5, "Brannoc")
    guarded = move(table, "defend", [5]).state
    refused(RuleError, edits.hold, guarded, HOUSE, "readiness", -2, "Brannoc")


def test_an_unknown_hold_is_refused(table: Campaign) -> None:
    refused(NotFound, edits.hold, table, HOUSE, "acumen", 1, "Brannoc")


@pytest.mark.parametrize(
    ("path", "value"),
    [
        ("Brannoc.charisma", "2"),
        ("steading.mood", "grim"),
        ("Brannoc", "2"),
        ("Brannoc.hp", "99"),
        ("Brannoc.hp", "=-1"),
        ("Brannoc.hp", "lots"),
        ("Brannoc.rerolls", "3"),
        ("Brannoc.level", "0"),
        ("steading.size", "metropolis"),
        ("steading.season", "monsoon"),
        ("steading.fortunes", "=-2"),
        ("steading.population", "=-1"),
        ("steading.lacking", "perhaps"),
        ("Brannoc.xp", "3"),
    ],
)
def test_a_set_the_ruleset_does_not_allow_is_refused(
    table: Campaign, path: str, value: str
) -> None:
    refused(RuleError, edits.set_field, table, HOUSE, path, value)


def test_setting_a_flag_that_is_already_marked_is_refused(table: Campaign) -> None:
    flagged = with_fields(table, steading__diminished="true", steading__lacking="true")
    refused(RuleError, edits.set_field, flagged, HOUSE, "steading.diminished", "true")


def test_a_pick_the_move_does_not_offer_is_refused(table: Campaign) -> None:
    refused(RuleError, make_move, table, HOUSE, "defend", TypedDice([5]), picks=["nonsense"])


def test_a_pick_the_move_does_not_offer_is_refused_even_when_the_roll_busts(
    table: Campaign,
) -> None:
    refused(RuleError, make_move, table, HOUSE, "defend", TypedDice([1]), picks=["nonsense"])


def test_too_many_picks_for_the_band_are_refused(table: Campaign) -> None:
    refused(
        RuleError,
        make_move,
        table,
        HOUSE,
        "muster",
        TypedDice([3, 4]),
        picks=["defenses", "potential"],
    )


def test_an_input_the_move_does_not_take_is_refused(table: Campaign) -> None:
    refused(
        RuleError,
        make_move,
        table,
        HOUSE,
        "trade_and_barter",
        TypedDice([3, 3]),
        inputs={"value": 1, "deal": "steal"},
    )
    refused(RuleError, make_move, table, HOUSE, "muster", TypedDice([3, 3]), inputs={"value": 1})


def test_a_new_character_joins_with_a_sheet_shaped_by_the_ruleset() -> None:
    from hearthroll.core.verbs.edits import add_character

    state = demo_campaign(HOUSE)
    joined = add_character(state, HOUSE, "Tamsin", "ogre", 3).state
    tamsin = joined.characters["Tamsin"]
    assert (tamsin.level, tamsin.rerolls_left, tamsin.meters["hp"], tamsin.maxima["hp"]) == (
        3,
        3,
        13,
        13,
    )
    with pytest.raises(HearthrollError, match="already"):
        add_character(joined, HOUSE, "tamsin")
    with pytest.raises(HearthrollError, match="template"):
        add_character(state, HOUSE, "Odo", "dragon")


# --- Volley's weak hit: its picks, as the rules give them ---------------------------------


def test_volley_take_what_you_get_deals_one_less(table: Campaign) -> None:
    shot = move(table, "volley", [2], effect=[4], picks=["take_what_you_get"])
    assert shot.event.results == ("damage thrown with Weapon: 1d6 = [4] = 4 − 1 = 3",)


def test_volley_several_shots_needs_a_weapon_with_ammo(table: Campaign) -> None:
    refused(RuleError, make_move, table, HOUSE, "volley", TypedDice([2]), picks=["several_shots"])
    brannoc = table.characters["Brannoc"]
    archer = attrs.evolve(brannoc, gear=(*brannoc.gear, Item("bow", ammo=3)))
    armed = attrs.evolve(table, characters={**table.characters, "Brannoc": archer})
    shot = move(armed, "volley", [2], effect=[4, 4], picks=["several_shots"])
    assert shot.event.options == ("several_shots",)


def test_marking_xp_says_when_a_level_up_is_ready(table: Campaign) -> None:
    once = edits.mark_xp(table, HOUSE, "Wren")
    assert once.event.results == ("+1 XP (0 → 1)",)
    ready = edits.mark_xp(with_fields(table, Wren__xp="7"), HOUSE, "Wren")
    assert ready.event.results == ("+1 XP (7 → 8)", "Wren can Level Up at home")
    assert summary(ready.event).startswith("Wren: mark xp: +1 XP (7 → 8)")
