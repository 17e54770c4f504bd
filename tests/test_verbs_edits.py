"""The verbs that edit a campaign directly (`core/verbs/edits.py`): holds gained and spent on
their options by hand, notes (a secret one kept so), weapon damage rolled into the log, a hand
edit as one event, undo and redo of the right event only, plans with tick boxes, and a new
character joining the party; each is one event saying what it did."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.deltas import apply
from hearthroll.core.campaign.state import History, Requirement
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import NotFound, RuleError, TurnError
from hearthroll.core.games.demo import demo_campaign, new_campaign
from hearthroll.core.games.holds import AllyNeeded
from hearthroll.core.verbs import edits
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HOUSE = CATALOG.ruleset("house")
HACK = CATALOG.ruleset("hack")
STARFORGED = CATALOG.ruleset("starforged")
MILLBROOK = demo_campaign(HOUSE)  # Brannoc (a weapon, 1d6), Isolde, Wren; no plans
READY = edits.hold(MILLBROOK, HOUSE, "READINESS", 3, "Brannoc")


def test_a_hold_is_found_by_its_name_and_an_unknown_one_lists_the_holds() -> None:
    assert (READY.event.kind, READY.event.results) == ("hold", ("Readiness 0 → 3",))
    assert READY.state.characters["Brannoc"].holds == {"readiness": 3}
    with pytest.raises(NotFound, match=r"^no hold 'luck'; holds: preparation, readiness$"):
        edits.hold(MILLBROOK, HOUSE, "luck", 1, "Brannoc")


def test_readiness_spent_on_options_takes_a_point_each_and_says_them() -> None:
    spent = edits.hold(READY.state, HOUSE, "readiness", -2, "Brannoc", ["redirect", "halve"])
    assert spent.event.options == ("redirect", "halve")
    assert spent.event.results == (
        "Readiness 3 → 1",
        "Turn the attack from your charge onto yourself.",
        "Halve the attack's damage or effect.",
    )


def test_picks_must_match_the_points_spent_and_be_the_hold_s_own() -> None:
    with pytest.raises(
        RuleError,
        match=r"^Readiness buys one option per point: spend -1 for 1 pick \(options: redirect: ",
    ):
        edits.hold(READY.state, HOUSE, "readiness", -2, "Brannoc", ["redirect"])
    with pytest.raises(RuleError, match=r"^Readiness has no option 'dance'; options: redirect: "):
        edits.hold(READY.state, HOUSE, "readiness", -1, "Brannoc", ["dance"])


def test_preparation_s_plus_one_is_spent_on_a_roll_not_by_hand() -> None:
    prepared = edits.hold(MILLBROOK, HOUSE, "preparation", 1, "Brannoc").state
    with pytest.raises(RuleError) as refused:
        edits.hold(prepared, HOUSE, "preparation", -1, "Brannoc", ["plus_one"])
    assert str(refused.value) == (
        "plus_one is +1 to a roll: spend Preparation on the roll as it is made (move ... --prep N) "
        "or on a bust that waits (prep N)"
    )
    assert refused.value.at_table == (
        "plus_one is +1 to a roll: spend Preparation on the roll as it is made (F5 in the "
        "palette) or on a bust that waits (+)"
    )


def test_an_ally_s_forward_bought_with_readiness_lands_on_the_ally() -> None:
    """Readiness's "an ally takes +1 forward" is an effect the data gives (`forward`, subject
    `ally`): with one ally in the party, it is theirs."""
    two = attrs.evolve(
        READY.state,
        characters={n: c for n, c in READY.state.characters.items() if n != "Wren"},
    )
    spent = edits.hold(two, HOUSE, "readiness", -1, "Brannoc", ["ally_forward"])
    assert spent.state.characters["Isolde"].forward == 1
    assert spent.state.characters["Brannoc"].forward == 0


def test_a_note_changes_nothing_and_a_secret_one_is_kept_secret() -> None:
    with pytest.raises(RuleError, match=r"^a note needs some text$"):
        edits.note(MILLBROOK, "   ")
    secret = edits.note(MILLBROOK, "  the bridge is rigged ", secret=True)
    assert (secret.event.kind, secret.event.text, secret.event.secret) == (
        "note",
        "the bridge is rigged",
        True,
    )
    assert secret.event.deltas == ()
    assert edits.note(MILLBROOK, "rain").event.secret is None


def test_weapon_damage_is_said_in_the_log_and_advantage_rolls_the_die_twice() -> None:
    hit = edits.damage(MILLBROOK, HOUSE, TypedDice([4]), actor="Brannoc")
    assert (hit.event.kind, hit.event.results, hit.event.deltas) == (
        "damage",
        ("damage with Weapon: 1d6 = [4] = 4",),
        (),
    )
    twice = edits.damage(MILLBROOK, HOUSE, TypedDice([4, 2]), actor="Brannoc", advantage=True)
    assert twice.event.results == ("damage with Weapon: 1d6 with advantage = [4 | ~2~] = 4",)


def test_a_hand_edit_is_one_event_naming_each_change_and_settling_momentum() -> None:
    wren = attrs.evolve(MILLBROOK.characters["Wren"], xp=4)
    edited = attrs.evolve(
        MILLBROOK, name="Elsewhere", characters={**MILLBROOK.characters, "Wren": wren}
    )
    assert edits.hand_edit(MILLBROOK, edited).event.results == (
        "name Millbrook → Elsewhere",
        "Wren.xp 0 → 4",
    )
    with pytest.raises(
        RuleError, match=r"^the state file is what the events made: there is no hand edit$"
    ):
        edits.hand_edit(MILLBROOK, MILLBROOK)
    with pytest.raises(
        RuleError, match=r"^a hand edit cannot change the history: repair the campaign$"
    ):
        edits.hand_edit(MILLBROOK, attrs.evolve(MILLBROOK, history=History(events=3)))
    forge = demo_campaign(STARFORGED)
    kael = forge.characters["Kael"]
    wounded = attrs.evolve(kael, conditions={"wounded": 0}, meters={**kael.meters, "momentum": 10})
    settled = edits.hand_edit(forge, attrs.evolve(forge, characters={"Kael": wounded}), STARFORGED)
    assert settled.event.results[-1] == "Kael: Momentum 10 → 9 (max +9 with 1 impact: Wounded)"
    assert settled.state.characters["Kael"].meters["momentum"] == 9


def test_undo_and_redo_take_only_the_event_on_top_of_their_stack() -> None:
    with pytest.raises(TurnError, match=r"^nothing to undo$"):
        edits.undo_last(MILLBROOK, {}.__getitem__)
    with pytest.raises(TurnError, match=r"^nothing to redo$"):
        edits.redo_last(MILLBROOK, {}.__getitem__)
    marked = edits.mark_xp(MILLBROOK, HOUSE, "Wren")
    noted = edits.note(marked.state, "rain")
    log = {e.seq: e for e in (marked.event, noted.event)}
    with pytest.raises(RuleError, match=r"^undo reverts event 2, not 1$"):
        edits.undo(noted.state, marked.event)
    undone = edits.undo_last(noted.state, log.__getitem__)
    assert (undone.event.kind, undone.event.target, undone.event.results) == (
        "undo",
        2,
        ("undid: GM: rain",),
    )
    assert undone.state.history == History(events=3, undo=(1,), redo=(2,))
    with pytest.raises(RuleError, match=r"^redo reapplies event 2, not 1$"):
        edits.redo(undone.state, marked.event)
    redone = edits.redo_last(undone.state, log.__getitem__)
    assert redone.event.results == ("redid: GM: rain",)
    assert redone.state.history == History(events=4, undo=(1, 2), redo=())


def test_a_plan_is_written_with_its_requirements_and_refused_twice_or_unnamed() -> None:
    planned = edits.add_plan(MILLBROOK, " New wall ", ["stone", " ", "hands "])
    assert planned.event.results == ("plan New wall: stone; hands",)
    assert planned.state.steading is not None
    (plan,) = planned.state.steading.plans
    assert plan.requirements == (Requirement("stone"), Requirement("hands"))
    with pytest.raises(RuleError, match=r"^there is a plan 'new WALL' already$"):
        edits.add_plan(planned.state, "new WALL", [])
    with pytest.raises(RuleError, match=r"^a plan needs a name$"):
        edits.add_plan(planned.state, "  ", [])
    with pytest.raises(
        RuleError, match=r"^plans belong to the steading, and this campaign has none$"
    ):
        edits.add_plan(demo_campaign(HACK), "Wall", ["stone"])


def test_ticking_every_requirement_says_the_plan_is_met_and_a_box_ticks_once() -> None:
    state = edits.add_plan(MILLBROOK, "New wall", ["stone", "hands"]).state
    with pytest.raises(RuleError, match=r"^New wall has requirements 1 to 2, not 3$"):
        edits.tick(state, "new wall", 3)
    with pytest.raises(RuleError, match=r"^New wall #1 is unticked already$"):
        edits.tick(state, "new wall", 1, done=False)
    state = edits.tick(state, "NEW WALL", 1).state
    met = edits.tick(state, "new wall", 2)
    assert met.event.results == ("New wall: ticked hands", "New wall: every requirement met")
    with pytest.raises(NotFound, match=r"^no plan 'moat'; plans: New wall$"):
        edits.drop_plan(state, "moat")
    assert edits.drop_plan(state, "new wall").event.results == ("plan New wall dropped",)


def test_a_new_character_takes_the_first_template_and_the_fields_given() -> None:
    joined = edits.add_character(MILLBROOK, HOUSE, "  Odo   Fen ")
    assert joined.event.results == ("Odo Fen joins the party (human, level 1)",)
    assert joined.state.active == "Brannoc"
    fielded = edits.add_character(
        MILLBROOK, HOUSE, "Odo", "ogre", 2, [("forceful", "1"), ("xp", "4")]
    )
    assert fielded.event.results == ("Odo joins the party (ogre, level 2; forceful 1, xp 4)",)
    odo = fielded.state.characters["Odo"]
    assert (odo.stats["forceful"], odo.xp, odo.rerolls_left) == (1, 4, 2)
    first = edits.add_character(new_campaign(STARFORGED), STARFORGED, "Kael")
    assert first.event.results == ("Kael joins the party (no template, level 1)",)
    assert first.state.active == "Kael"


@pytest.mark.parametrize(
    ("name", "level", "refusal"),
    [
        ("Ann.B", None, "a character needs a name, without dots (they separate `set` paths)"),
        ("   ", None, "a character needs a name, without dots (they separate `set` paths)"),
        ("brannoc", None, "there is a brannoc in the party already"),
        ("Odo", 0, "the level is 1 to 99, not 0"),
        ("Odo", 100, "the level is 1 to 99, not 100"),
    ],
)
def test_a_character_who_cannot_join_is_refused_in_words(
    name: str, level: int | None, refusal: str
) -> None:
    with pytest.raises(RuleError) as refused:
        edits.add_character(MILLBROOK, HOUSE, name, level=level)
    assert str(refused.value) == refusal


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 3), st.booleans()), max_size=12))
def test_a_plan_is_met_exactly_when_every_box_is_ticked_and_each_tick_undoes(
    ticks: list[tuple[int, bool]],
) -> None:
    state = edits.add_plan(MILLBROOK, "Mill", ["stone", "timber", "hands"]).state
    for number, done in ticks:
        try:
            outcome = edits.tick(state, "Mill", number, done)
        except RuleError:
            continue
        assert apply(outcome.state, outcome.event.deltas, forward=False).steading == state.steading
        state = outcome.state
        assert state.steading is not None
        (plan,) = state.steading.plans
        met = "Mill: every requirement met" in outcome.event.results
        assert plan.done == all(r.done for r in plan.requirements)
        assert met == (done and plan.done)


def test_with_several_allies_the_one_who_takes_the_forward_is_named() -> None:
    with pytest.raises(AllyNeeded) as asked:
        edits.hold(READY.state, HOUSE, "readiness", -1, "Brannoc", ["ally_forward"])
    assert asked.value.allies == ("Isolde", "Wren")
    assert str(asked.value) == "which ally takes it? name one with --ally: Isolde, Wren"
    assert asked.value.at_table == "which ally takes it? Isolde, Wren"
    spent = edits.hold(
        READY.state, HOUSE, "readiness", -1, "Brannoc", ["ally_forward"], None, "wren"
    )
    assert [c.forward for c in spent.state.characters.values()] == [0, 0, 1]
    assert spent.event.results[-1] == "Wren: +1 forward"
    with pytest.raises(RuleError, match="'Brannoc' is not an ally of Brannoc"):
        edits.hold(
            READY.state, HOUSE, "readiness", -1, "Brannoc", ["ally_forward"], None, "Brannoc"
        )
