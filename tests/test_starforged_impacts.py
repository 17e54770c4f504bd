"""Reading 28 however an impact is marked: max momentum is 10 less one per impact and the reset
+2, +1, then 0, read from the impacts each time (a `set`, a move's effect, undo and redo, a hand
edit, the command vehicle's battered or cursed), never from a copy kept on the sheet."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.cli import main
from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign, History
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import HearthrollError, RuleError
from hearthroll.core.games import momentum
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.games.sheet import character_sheet
from hearthroll.core.verbs import edits, starforged
from hearthroll.core.verbs.edits import set_field
from hearthroll.core.verbs.session import make_move
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.codec import campaign_data, campaign_from_data
from hearthroll.store.rulesets import load_catalog
from test_store_hand_edits import hand_write

CATALOG = load_catalog(with_user=False)
SF = CATALOG.ruleset("starforged")
DEMO = demo_campaign(SF)  # Kael (iron 3), Rook, the Petrel (command vehicle, 5/5)


def edit(state: Campaign, *changes: tuple[str, str]) -> Outcome:
    """`set` each (path, value) in turn; the last outcome."""
    outcome = None
    for path, value in changes:
        outcome = set_field(state, SF, path, value)
        state = outcome.state
    assert outcome is not None
    return outcome


def move(state: Campaign, wanted: str, faces: tuple[int, ...], **kw: Any) -> Outcome:
    dice = TypedDice(faces)
    outcome = make_move(state, SF, wanted, dice, actor="Kael", **kw)
    dice.finish()
    return outcome


def momentum_line(state: Campaign) -> dict[str, str]:
    section = character_sheet(SF, state.characters["Kael"]).section("momentum")
    assert section is not None
    return {line.label: line.text for line in section.lines}


def gauge(state: Campaign) -> tuple[int, int, int]:
    """Kael's momentum, its max and its reset."""
    kael = state.characters["Kael"]
    return kael.meters["momentum"], momentum.max_momentum(SF, kael), momentum.reset_of(SF, kael)


# --- marked or cleared by hand ------------------------------------------------------------------


def test_impacts_set_by_hand_lower_the_max_and_bring_momentum_down_saying_so() -> None:
    high = edit(DEMO, ("Kael.momentum", "=10")).state

    shaken = edit(high, ("Kael.shaken", "yes"))
    assert shaken.event.results == (
        "Kael.shaken = yes",
        "Momentum 10 → 9 (max +9 with 1 impact: Shaken)",
    )
    both = edit(shaken.state, ("Kael.wounded", "yes"))
    assert both.event.results[-1] == "Momentum 9 → 8 (max +8 with 2 impacts: Wounded, Shaken)"
    assert gauge(both.state) == (8, 8, 0)
    assert "momentum" not in both.state.characters["Kael"].maxima  # nothing kept to go stale
    assert momentum_line(both.state)["impacts"] == "Wounded, Shaken"


def test_set_momentum_is_bounded_by_the_impacts_marked_now() -> None:
    marked = edit(DEMO, ("Kael.shaken", "yes"), ("Kael.wounded", "yes")).state
    with pytest.raises(
        RuleError,
        match=re.escape(
            "Kael.momentum is -6 to 8, not 10 (max +8 with 2 impacts: Wounded, Shaken)"
        ),
    ):
        set_field(marked, SF, "Kael.momentum", "=10")
    assert gauge(edit(marked, ("Kael.momentum", "=8")).state) == (8, 8, 0)

    cleared = edit(marked, ("Kael.wounded", "no"), ("Kael.shaken", "no")).state
    assert gauge(cleared) == (2, 10, 2)
    assert gauge(edit(cleared, ("Kael.momentum", "=10")).state) == (10, 10, 2)


def test_max_momentum_is_not_set_by_hand() -> None:
    marked = edit(DEMO, ("Kael.unprepared", "yes")).state
    assert edits.field_value(marked, SF, "Kael.max_momentum") == "9"
    with pytest.raises(RuleError, match="not set by hand: it is 10 less one per impact marked"):
        set_field(marked, SF, "Kael.max_momentum", "10")


def test_plus_one_momentum_at_the_max_after_clearing_a_moves_impact_by_hand_keeps_it() -> None:
    # Endure Harm marks wounded: health 2 − 2 = 0, 1 + iron 3 = 4 against 9 and 9, a miss
    hurt = edit(DEMO, ("Kael.health", "2")).state
    hurt = move(hurt, "endure harm", (1, 9, 9), picks=["serious", "momentum", "wounded"]).state
    assert gauge(hurt) == (0, 9, 1)
    state = edit(hurt, ("Kael.wounded", "no"), ("Kael.health", "5"), ("Kael.momentum", "=10")).state
    # Endure Harm, minor (health 4): 6 + health 4 = 10 against 1 and 1, a strong hit;
    # embrace the pain (+1 momentum) at the max of 10 leaves it there
    out = move(state, "endure harm", (6, 1, 1), picks=["minor", "embrace_the_pain"], resist=True)
    assert out.event.band == "strong"
    assert gauge(out.state) == (10, 10, 2)
    assert not any("Momentum" in line for line in out.event.results)


def test_undo_and_redo_of_a_marked_impact_walk_momentum_with_it() -> None:
    high = edit(DEMO, ("Kael.momentum", "=10")).state
    marked = edit(high, ("Kael.traumatized", "yes"))
    back = edits.undo(marked.state, marked.event).state
    assert gauge(back) == (10, 10, 2) and back.characters == high.characters
    again = edits.redo(back, marked.event).state
    assert gauge(again) == (9, 9, 1)


def test_a_stored_momentum_max_from_an_older_file_is_ignored_and_kept_as_it_was() -> None:
    kael = DEMO.characters["Kael"]
    old = attrs.evolve(
        DEMO,
        characters={
            "Kael": attrs.evolve(
                kael, maxima={"momentum": 8}, meters={**kael.meters, "momentum": 9}
            )
        },
    )
    assert campaign_from_data(campaign_data(old)) == old
    assert gauge(old) == (9, 10, 2)  # no impact: the 8 an older version kept counts for nothing
    assert momentum_line(old)["Momentum"].endswith("max +10 · reset +2")
    out = move(old, "endure harm", (6, 1, 1), picks=["minor", "embrace_the_pain"], resist=True)
    after = out.state.characters["Kael"]
    assert after.meters["momentum"] == 10
    assert after.maxima == {"momentum": 8}  # left as it was: the move's deltas do not touch it
    assert all(d.path[:3] != ("characters", "Kael", "maxima") for d in out.event.deltas)
    assert edit(old, ("Kael.momentum", "=10")).state.characters["Kael"].meters["momentum"] == 10


# --- marked by a move ---------------------------------------------------------------------------


def test_a_move_that_marks_an_impact_says_momentum_came_down() -> None:
    state = edit(DEMO, ("Kael.momentum", "=10"), ("Kael.supply", "1")).state
    out = move(state, "sacrifice resources", (), picks=["minor"])
    assert out.event.results[-1] == "Momentum 10 → 9 (max +9 with 1 impact: Unprepared)"
    assert gauge(out.state) == (9, 9, 1)


# --- the command vehicle's battered and cursed --------------------------------------------------


def test_the_command_vehicle_battered_by_hand_is_its_owner_s_impact() -> None:
    high = edit(DEMO, ("Kael.momentum", "=10")).state
    battered = edit(high, ("Petrel.battered", "yes"))
    assert battered.event.results == (
        "Petrel.battered = yes",
        "Momentum 10 → 9 (max +9 with 1 impact: Battered (Petrel))",
    )
    assert gauge(battered.state) == (9, 9, 1)
    assert momentum_line(battered.state)["impacts"] == "Battered (Petrel)"
    data = character_sheet(SF, battered.state.characters["Kael"]).data()
    assert data["impacts"] == ["Petrel.battered"]  # as `set` names it
    assert data["momentum"] == {"value": 9, "min": -6, "max": 9, "reset": 1}
    assert data["maxima"] == {"health": 5, "spirit": 5, "supply": 5, "momentum": 9}
    both = edit(battered.state, ("Kael.Petrel.cursed", "yes"), ("Kael.wounded", "yes")).state
    assert momentum_line(both)["impacts"] == "Wounded, Battered (Petrel), Cursed (Petrel)"
    assert gauge(both) == (7, 7, 0)
    mended = edit(both, ("Petrel.battered", "no"), ("Petrel.cursed", "no")).state
    assert gauge(mended)[1:] == (9, 1)


def test_withstand_damage_miss_marking_battered_lowers_the_owner_s_max() -> None:
    # integrity 1, minor: 0; at 0 the roll is made: 1 + 0 = 1 against 9 and 9, a miss;
    # −1 integrity more goes past 0 (momentum 2 → 1), and the command vehicle is battered
    state = edit(DEMO, ("Petrel.integrity", "1")).state
    out = move(state, "withstand damage", (1, 9, 9), picks=["minor", "more_damage", "battered"])
    assert out.event.band == "miss"
    (_, petrel) = out.state.characters["Kael"].assets or ()
    assert dict(petrel.conditions) == {"battered": 0}
    assert gauge(out.state) == (1, 9, 1)
    assert momentum_line(out.state)["impacts"] == "Battered (Petrel)"


def test_a_support_vehicle_s_battered_stays_its_own() -> None:
    state = starforged.add_asset(DEMO, SF, "vehicle", "Skiff", 3, "support").state
    battered = edit(state, ("Skiff.battered", "yes")).state
    assert gauge(battered) == (2, 10, 2)
    assert momentum_line(battered)["impacts"] == "none"
    # Withstand Damage on the Skiff: 3 − 3 = 0, then 1 + 0 against 9 and 9, a miss: Lose
    # Momentum (−2), and the support vehicle is battered
    clean = move(
        state,
        "withstand damage",
        (1, 9, 9),
        picks=["major", "momentum", "battered"],
        asset="Skiff",
    )
    skiff = next(a for a in clean.state.characters["Kael"].assets or () if a.name == "Skiff")
    assert "battered" in skiff.conditions
    assert gauge(clean.state) == (0, 10, 2)


def test_a_companion_s_marks_are_not_impacts() -> None:
    out = edit(DEMO, ("Rook.out_of_action", "yes")).state
    assert gauge(out) == (2, 10, 2)


# --- hand edits and check -----------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_an_impact_marked_in_the_state_file_is_named_by_check_and_settled_by_the_writer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "sf.toml"
    assert run(capsys, "new", str(path), "--ruleset", "starforged", "--demo")[0] == 0
    assert run(capsys, "set", str(path), "Kael.momentum", "=10")[0] == 0
    with CampaignStore.read(path, CATALOG) as store:
        made = store.state
    kael = made.characters["Kael"]
    hand_write(
        path,
        attrs.evolve(made, characters={"Kael": attrs.evolve(kael, conditions={"wounded": 0})}),
    )

    code, out, _ = run(capsys, "state", str(path))
    assert code == 0 and "max +9 · reset +1 · impacts Wounded" in out
    code, out, _ = run(capsys, "check", str(path))
    assert code != 0
    assert re.search(
        r"sf\.toml:\d+:\d+: characters\.Kael\.meters\.momentum: 10 is above Kael's max \+9 "
        r"with 1 impact: Wounded; set momentum to 9 or less, or clear an impact",
        out,
    ), out

    with CampaignStore.open(path, CATALOG) as store:
        assert store.hand_edit is not None
        assert store.hand_edit.results[-1] == (
            "Kael: Momentum 10 → 9 (max +9 with 1 impact: Wounded)"
        )
        assert gauge(store.state) == (9, 9, 1)
    assert run(capsys, "check", str(path))[0] == 0


# --- a property: whatever is marked, cleared, set, undone -----------------------------------------

OWN = ("wounded", "shaken", "unprepared", "permanently_harmed", "traumatized")
steps = st.one_of(
    st.tuples(st.sampled_from([f"Kael.{i}" for i in OWN]), st.sampled_from(["yes", "no"])),
    st.tuples(
        st.sampled_from(["Petrel.battered", "Petrel.cursed"]), st.sampled_from(["yes", "no"])
    ),
    st.tuples(st.just("Kael.momentum"), st.integers(-6, 10).map(lambda n: f"={n}")),
)


def _expected_impacts(state: Campaign) -> int:
    kael = state.characters["Kael"]
    petrel = next(a for a in kael.assets or () if a.name == "Petrel")
    return len(set(OWN) & kael.conditions.keys()) + len(petrel.conditions)


@settings(max_examples=80, deadline=None)
@given(st.lists(steps, max_size=14))
def test_momentum_never_passes_the_max_its_impacts_make_and_undo_walks_back(
    plan: list[tuple[str, str]],
) -> None:
    state = DEMO
    done: list[Outcome] = []
    for path, value in plan:
        try:
            outcome = set_field(state, SF, path, value)
        except HearthrollError:
            continue
        state = outcome.state
        done.append(outcome)
        value_now, top, reset = gauge(state)
        count = _expected_impacts(state)
        assert top == 10 - count and reset == max(0, 2 - count)
        assert -6 <= value_now <= top
        assert "momentum" not in state.characters["Kael"].maxima
    assert campaign_from_data(campaign_data(state)) == state
    for outcome in reversed(done):
        state = edits.undo(state, outcome.event).state
    assert attrs.evolve(state, history=History()) == attrs.evolve(DEMO, history=History())
