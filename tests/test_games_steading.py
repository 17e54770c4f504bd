"""The steading's muster (`core/games/steading.py`, reading 13), called directly: which move is
the Muster and which starts a plan, read from the data; a Muster that holds records its picks
after those already held; `settle` gives a pick made twice once, and ends a muster whose flag
was cleared, taking back what its picks gave."""

from __future__ import annotations

import attrs

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.games import steading
from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HOUSE = CATALOG.ruleset("house")
MILLBROOK = demo_campaign(HOUSE)  # a village in spring, Defenses 1, no muster
MUSTER = HOUSE.move("muster")
PICKS = {o.id: o for o in MUSTER.options[0].items}


def mustered(muster: tuple[str, ...], defenses: int, *, flag: bool = True) -> Campaign:
    assert MILLBROOK.steading is not None
    village = attrs.evolve(
        MILLBROOK.steading,
        stats={**MILLBROOK.steading.stats, "defenses": defenses},
        flags=("mustered",) if flag else (),
        muster=muster,
    )
    return attrs.evolve(MILLBROOK, steading=village)


def test_the_muster_and_the_plan_are_found_by_their_data_not_their_ids() -> None:
    assert steading.muster_move(HOUSE) is MUSTER
    assert steading.muster_move(CATALOG.ruleset("hack")) is None
    assert [m.id for m in HOUSE.moves if steading.starts_plan(m)] == ["make_a_plan"]


def test_a_muster_that_holds_records_its_picks_after_those_already_held() -> None:
    state = mustered(("potential",), 2)
    after = steading.after_move(state, MUSTER, "weak", [PICKS["defenses"]])
    assert after.steading is not None
    assert after.steading.muster == ("potential", "defenses")


def test_a_missed_muster_or_another_move_records_nothing() -> None:
    chosen = [PICKS["defenses"]]
    assert steading.after_move(MILLBROOK, MUSTER, "miss", chosen) is MILLBROOK
    assert steading.after_move(MILLBROOK, HOUSE.move("pull_together"), "strong", chosen) is (
        MILLBROOK
    )
    no_village = attrs.evolve(MILLBROOK, steading=None)
    assert steading.after_move(no_village, MUSTER, "strong", chosen) is no_village


def test_a_pick_made_twice_gives_once_and_the_log_says_so() -> None:
    state, words = steading.settle(HOUSE, mustered(("defenses", "potential", "defenses"), 3))
    assert state.steading is not None
    assert state.steading.muster == ("defenses", "potential")
    assert state.steading.stats["defenses"] == 2
    assert words == ["the muster gives its Defenses +1 once: Defenses +3 → +2"]


def test_a_muster_whose_flag_is_cleared_ends_and_takes_back_what_it_gave() -> None:
    state, words = steading.settle(HOUSE, mustered(("defenses", "potential"), 3, flag=False))
    assert state.steading is not None
    assert (state.steading.muster, state.steading.stats["defenses"]) == ((), 2)
    assert words == ["the muster ends: Defenses +3 → +2"]


def test_a_muster_that_gave_no_stat_ends_in_plain_words() -> None:
    state, words = steading.settle(HOUSE, mustered(("potential",), 3, flag=False))
    assert state.steading is not None
    assert (state.steading.muster, state.steading.stats["defenses"]) == ((), 3)
    assert words == ["the muster ends"]


def test_a_muster_standing_with_each_pick_once_settles_to_itself() -> None:
    held = mustered(("defenses", "potential"), 2)
    assert steading.settle(HOUSE, held) == (held, [])
    assert steading.settle(HOUSE, MILLBROOK) == (MILLBROOK, [])
