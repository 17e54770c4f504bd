"""The engine asks, every screen answers: a move's open questions come back as data, in the
order the rules ask them, and answering them makes the move."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import attrs
import pytest

from cli_run import run_cli
from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import AskingDice, DiceNeeded, TypedDice
from hearthroll.core.errors import HearthrollError
from hearthroll.core.games.demo import demo_campaign, new_campaign
from hearthroll.core.rules.model import Ruleset
from hearthroll.core.verbs import edits, session, starforged
from hearthroll.core.verbs.asking import (
    KINDS,
    Asked,
    MoveRequest,
    Question,
    QuestionsOpen,
    answer,
    resolve,
)
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
SF = CATALOG.ruleset("starforged")
HOUSE = CATALOG.ruleset("house")
HACK = CATALOG.ruleset("hack")

Answerer = Callable[[Question], Sequence[str]]


def kael(momentum: int = 2, health: int = 5, tracks: int = 2) -> Campaign:
    """Kael, iron 2, with these meters, and `tracks` vows with two boxes marked each."""
    state = edits.add_character(new_campaign(SF), SF, "Kael").state
    names = ("Beacon", "Oath")[:tracks]
    for name, rank in zip(names, ("dangerous", "formidable"), strict=False):
        state = starforged.new_track(state, name, rank, "vow").state
        state = starforged.mark_track(state, name, 2).state
    character = state.characters["Kael"]
    meters = {**character.meters, "momentum": momentum, "health": health}
    character = attrs.evolve(character, stats={**character.stats, "iron": 2}, meters=meters)
    return attrs.evolve(state, characters={"Kael": character})


def play(
    state: Campaign, ruleset: Ruleset, request: MoveRequest, answers: dict[str, Answerer]
) -> tuple[Outcome, list[Question]]:
    """Answer every question as `answers` says, by kind, until the move is made; the outcome
    and every question asked, in order. No die is rolled but those answered."""
    asked: list[Question] = []
    for _ in range(20):
        made = resolve(state, ruleset, request)
        if isinstance(made, Outcome):
            return made, asked
        request = made.request
        for question in made.questions:
            asked.append(question)
            request = answer(request, question, answers[question.kind](question))
    raise AssertionError(f"still asking after 20 rounds: {asked[-3:]}")


def first_of(*ids: str) -> Answerer:
    """Pick the first of `ids` the question offers."""

    def pick(question: Question) -> list[str]:
        offered = [c for c, _ in question.choices]
        return [next(i for i in ids if i in offered)]

    return pick


def faces(*rolled: int) -> Answerer:
    """Dice answers handed out in order, as many as each question asks."""
    left = list(rolled)

    def give(question: Question) -> list[str]:
        taken = [str(left.pop(0)) for _ in range(question.count)]
        return taken

    return give


# --- defect 1: the harm at momentum's floor clears progress on the track named ----------


def test_harm_past_the_floor_asks_the_choice_then_the_track_then_resist() -> None:
    state = kael(momentum=-6, health=1)
    outcome, asked = play(
        state,
        SF,
        MoveRequest("endure harm", actor="Kael"),
        {
            "picks": first_of("serious", "embrace_the_pain"),
            "floor": lambda q: ["lose_progress"],
            "track": lambda q: ["Oath"],
            "dice": faces(5, 2, 3),
            "resist": lambda q: ["roll"],
        },
    )
    kinds = [q.kind for q in asked]
    assert kinds == ["picks", "floor", "track", "dice", "dice", "picks"]  # at 0: no resist?
    assert [q.title for q in asked[3:5]] == [
        "Endure Harm: action die (1d6)",
        "Endure Harm: challenge dice (2d10)",
    ]
    tracks = {t.name: t.ticks for t in outcome.state.tracks or ()}
    assert tracks == {"Beacon": 16, "Oath": 4}  # formidable: one box cleared
    assert "Oath (formidable vow): cleared 1 box, ticks 8 → 4" in outcome.event.results
    assert outcome.event.band == "strong"


def test_resist_odds_read_the_track_already_named() -> None:
    # health 5, serious: above 0, so resist? is asked, after the floor and the track
    state = kael(momentum=-6, health=5)
    state = attrs.evolve(
        state,
        characters={
            "Kael": attrs.evolve(
                state.characters["Kael"],
                meters={**state.characters["Kael"].meters, "health": 1},
            )
        },
    )
    request = MoveRequest("endure harm", actor="Kael", picks=("minor",))
    made = resolve(kael(momentum=-6, health=5), SF, request)
    assert isinstance(made, Asked)
    assert [q.kind for q in made.questions] == ["resist"]  # no overflow at health 5
    request = MoveRequest("endure harm", actor="Kael", picks=("major", "lose_progress"))
    made = resolve(state, SF, request)
    assert isinstance(made, Asked)
    assert [q.kind for q in made.questions] == ["track"]
    made = resolve(state, SF, attrs.evolve(request, track="Beacon"))
    assert isinstance(made, Asked) and [q.kind for q in made.questions] == ["dice"]


# --- defect 2: every die the move rolls is asked, named, in order ------------------------


def test_a_miss_asks_the_d100_on_the_endure_harm_table() -> None:
    state = kael(momentum=2, health=2)
    outcome, asked = play(
        state,
        SF,
        MoveRequest("endure harm", actor="Kael", resist=True),
        {
            "picks": first_of("major", "momentum", "table"),
            "dice": faces(1, 9, 9, 42),
        },
    )
    dice = [q.title for q in asked if q.kind == "dice"]
    assert dice == [
        "Endure Harm: action die (1d6)",
        "Endure Harm: challenge dice (2d10)",
        "d100 on the Endure Harm table (1d100)",
    ]
    assert any("Endure Harm d100 = 42" in r for r in outcome.event.results)


def test_a_clash_asks_the_damage_die_of_the_weapon() -> None:
    state = demo_campaign(HOUSE)
    request = MoveRequest("clash", actor="Brannoc", picks=())
    made = resolve(state, HOUSE, request)
    assert isinstance(made, Asked)
    (pool,) = made.questions
    assert (pool.kind, pool.title, pool.count, pool.sides) == (
        "dice",
        "Clash: the pool (1d6)",
        1,
        6,
    )
    outcome, asked = play(
        state,
        HOUSE,
        request,
        {"dice": faces(6, 4), "picks": lambda q: [q.choices[0][0]]},
    )
    damage = [q for q in asked if q.kind == "dice"][1]
    assert damage.title.startswith("damage") and damage.sides in (6, 8, 10)
    assert any(": 4" in r or "[4]" in r for r in outcome.event.results), outcome.event.results


def test_asking_dice_give_the_faces_then_ask_naming_the_purpose() -> None:
    dice = AskingDice((3,))
    dice.say("Face Danger", {6: "action die", 10: "challenge dice"})
    assert dice.roll(6) == (3,)
    with pytest.raises(DiceNeeded) as needed:
        dice.roll(10, 2)
    assert (needed.value.sides, needed.value.count) == (10, 2)
    assert needed.value.purpose == "challenge dice (2d10)"
    with pytest.raises(HearthrollError, match="d6: it shows 1 to 6, not 7"):
        AskingDice((7,)).roll(6)
    assert AskingDice((), TypedDice((4,))).roll(6) == (4,)


# --- defect 3: burn momentum is asked as the roll is judged, before any option lands -------


def test_burn_is_asked_before_the_weak_hit_lands() -> None:
    state = kael(momentum=7, health=5)
    request = MoveRequest("endure harm", actor="Kael", picks=("minor",), resist=True)
    request = attrs.evolve(request, faces=(2, 3, 6))
    made = resolve(state, SF, request)
    assert isinstance(made, Asked)
    (burn,) = made.questions
    assert burn.kind == "burn"
    assert burn.choices[0] == ("burn", "burn momentum (+7): weak hit → strong hit")
    assert made.seen is not None and made.seen.event.band == "weak"
    # burned: the strong hit's options are offered, and momentum resets
    burned = resolve(state, SF, answer(made.request, burn, ["burn"]))
    assert isinstance(burned, Asked)
    assert [q.kind for q in burned.questions] == ["picks"]
    assert "embrace_the_pain" in {c for c, _ in burned.questions[0].choices}
    outcome = resolve(state, SF, answer(burned.request, burned.questions[0], ["embrace_the_pain"]))
    assert isinstance(outcome, Outcome)
    assert outcome.event.band == "strong"
    assert outcome.state.characters["Kael"].meters["momentum"] == 3  # +1 from the pick, reset 2
    # kept: the weak hit stands, momentum untouched by a burn
    kept = resolve(state, SF, answer(made.request, burn, ["keep"]))
    assert isinstance(kept, Asked | Outcome)
    if isinstance(kept, Asked):
        assert all(q.kind != "burn" for q in kept.questions)


def test_the_shell_is_never_asked_to_burn() -> None:
    state = kael(momentum=7, health=5)
    request = MoveRequest.answered("endure harm", actor="Kael", picks=("minor",), resist=True)
    made = resolve(state, SF, request, TypedDice((2, 3, 6)))
    assert not isinstance(made, Asked) or all(q.kind != "burn" for q in made.questions)


# --- the shell: every question it can know, named with its flag, once ------------------


def test_the_shell_names_every_open_question_before_the_roll_with_its_flag() -> None:
    state = demo_campaign(HOUSE)
    request = MoveRequest.answered("trade and barter", actor="Brannoc")
    made = resolve(state, HOUSE, request, TypedDice(()))
    assert isinstance(made, Asked)
    error = made.refusal()
    assert isinstance(error, QuestionsOpen)
    said = str(error)
    assert "--value N" in said and "--input deal=" in said
    assert said.endswith("nothing was saved")


def test_every_kind_a_question_has_is_listed() -> None:
    assert set(KINDS) == {
        "asset",
        "stat",
        "input",
        "picks",
        "floor",
        "track",
        "resist",
        "dice",
        "burn",
        "boost",
    }


def test_the_app_has_a_dialog_for_every_kind() -> None:
    from hearthroll.tui.answers import DIALOGS

    assert set(DIALOGS) == set(KINDS) - {"stat"}  # the stat is asked with the inputs


def test_a_pool_roll_with_preparation_asks_which_kept_die() -> None:
    state = demo_campaign(HOUSE)
    brannoc = state.characters["Brannoc"]
    state = attrs.evolve(
        state,
        characters={
            **state.characters,
            "Brannoc": attrs.evolve(brannoc, holds={**brannoc.holds, "preparation": 1}),
        },
    )
    request = MoveRequest("clash", actor="Brannoc", prepare=True, advantage=True)
    request = attrs.evolve(request, faces=(5, 2))
    made = resolve(state, HOUSE, request)
    assert isinstance(made, Asked)
    # advantage: two dice, the higher kept: one kept die takes the +1 at once, no question
    assert all(q.kind != "boost" for q in made.questions)


# --- the shell: dice it rolls itself are said ------------------------------------------


def test_the_shell_says_which_dice_it_rolled_itself(tmp_path: Path) -> None:
    assert run_cli("new", "camp.toml", "--demo", cwd=tmp_path).returncode == 0
    typed = run_cli("move", "camp.toml", "clash", "--dice", "4", cwd=tmp_path)
    assert typed.returncode == 0, typed.stderr
    said = typed.stdout.splitlines()[-1]
    assert said.startswith("rolled by hearthroll (no --effect-dice): damage with Weapon (1d6): ")
    both = run_cli(
        "move", "camp.toml", "clash", "--dice", "4,5", "--effect-dice", "3", cwd=tmp_path
    )
    assert both.returncode == 0, both.stderr
    assert "rolled by hearthroll" not in both.stdout
    assert "damage with Weapon: 1d6 = [3] = 3" in both.stdout


def test_the_shell_refuses_once_naming_every_question_with_its_flag(tmp_path: Path) -> None:
    assert run_cli("new", "camp.toml", "--demo", cwd=tmp_path).returncode == 0
    refused = run_cli("move", "camp.toml", "trade and barter", "--dice", "5", cwd=tmp_path)
    assert refused.returncode == 2
    (line,) = refused.stderr.splitlines()
    assert "--value N" in line and "--input deal=…" in line and "nothing was saved" in line


def test_a_move_on_a_companion_is_refused_before_its_harm_is_asked_when_there_is_none() -> None:
    state = kael()  # no companion, no vehicle
    with pytest.raises(HearthrollError, match="Kael has no companion"):
        resolve(state, SF, MoveRequest("companion takes a hit", actor="Kael"))
    refusal = session.refusal_before_roll(state, SF, "companion takes a hit", actor="Kael")
    assert refusal is not None and "has no companion" in str(refusal)
