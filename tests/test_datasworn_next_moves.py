"""The moves an imported outcome sends the player to are offered next (reading 32), as a
table row's are (`store/datasworn/next_moves.py`): Pay the Price on a miss, a suffer move of
the player's choice at its cost, Lose Momentum (-2) at serious; a sentence with a condition
or a "may" offers nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_run import run_cli
from hearthroll.core.rules.model import Move
from hearthroll.core.verbs.offers import follow_lines
from hearthroll.store.datasworn.next_moves import _sent_to, cost_picks
from hearthroll.store.rulesets import (
    RulesetError,
    build_catalog,
    load_catalog,
    read_file,
    shipped_file,
)

DATA = Path(__file__).parent / "data"
SHAPES = {
    "0.1": DATA / "datasworn" / "starforged-0.1.0.json",
    "0.0": DATA / "datasworn" / "starforged-0.0.10.json",
}
BOTH = pytest.mark.parametrize("shape", sorted(SHAPES))
SHIPPED = load_catalog(with_user=False).ruleset("starforged")
SUFFER = (
    "starforged_companion_takes_a_hit",
    "starforged_endure_harm",
    "starforged_endure_stress",
    "starforged_lose_momentum",
    "starforged_sacrifice_resources",
    "starforged_withstand_damage",
)
MOVES = {"Pay the Price": "pay", "Lose Momentum": "lose", "Sacrifice Resources": "sacrifice"}


def _move(shape: str, name: str) -> Move:
    ruleset = load_catalog([SHAPES[shape]], with_user=False).ruleset("starforged")
    (found,) = [m for m in ruleset.moves if m.name == name and m.id.startswith("ds_")]
    return found


def test_a_cost_starts_a_suffer_move_on_the_pick_that_loses_that_much() -> None:
    picks = cost_picks(SHIPPED.moves)
    assert picks["starforged_endure_harm"] == {1: "minor", 2: "serious", 3: "major"}
    assert picks["starforged_companion_takes_a_hit"] == {1: "minor", 2: "serious", 3: "major"}


@pytest.mark.parametrize(
    ("sentence", "sent"),
    [
        ("Pay the Price.", {"pay": None}),
        ("You are in a bad spot and must Pay the Price.", {"pay": None}),
        ("Fill a clock segment and Pay the Price.", {"pay": None}),
        ("However, you Lose Momentum (-2).", {"lose": 2}),
        (
            "Choose one: Lose Momentum (-2) or Sacrifice Resources (-2).",
            {"lose": 2, "sacrifice": 2},
        ),
        ("Make a suffer move (-1).", {"a": 1, "b": 1}),
        # a condition, a "may", or a choice with something else: the GM's to read
        ("If you are not wounded, Lose Momentum (-1).", {}),
        ("Additionally, you may Sacrifice Resources and exchange supply.", {}),
        ("Suffer an additional -1 health or Lose Momentum (-1).", {}),
        ("When you Pay the Price, envision it.", {}),
        ("You Pay the Price of your choices later on.", {}),  # not where the sentence ends
    ],
)
def test_the_moves_a_sentence_sends_the_player_to(sentence: str, sent: dict[str, int]) -> None:
    assert _sent_to(sentence, MOVES, ("a", "b")) == sent


@BOTH
def test_face_danger_offers_a_suffer_move_on_a_weak_hit_and_pay_the_price_on_a_miss(
    shape: str,
) -> None:
    face = _move(shape, "Face Danger")
    follows = [e for e in face.effects if e.kind == "follow"]
    assert [(e.on, e.move, e.preset) for e in follows if e.on == ("weak",)] == [
        (("weak",), move, "minor") for move in SUFFER
    ]
    (price,) = [e for e in follows if e.on == ("miss",)]
    assert price.move is not None and price.move.endswith("pay_the_price")
    assert price.preset is None


@BOTH
def test_a_choice_between_two_suffer_moves_offers_both_at_their_cost(shape: str) -> None:
    heal = _move(shape, "Heal")
    assert [(e.move, e.preset) for e in heal.effects if e.on == ("weak",)] == [
        ("starforged_lose_momentum", "serious"),
        ("starforged_sacrifice_resources", "serious"),
    ]


def test_many_moves_on_one_pick_read_as_one_line_a_few_one_a_line() -> None:
    many = [f"{m}:minor" for m in SUFFER]
    assert follow_lines(SHIPPED, many) == [
        "next, minor: one of Companion Takes a Hit, Endure Harm, Endure Stress, Lose Momentum, "
        "Sacrifice Resources or Withstand Damage"
    ]
    assert follow_lines(SHIPPED, many[:2]) == [
        "next: Companion Takes a Hit, minor (Minor: −1 health)",
        "next: Endure Harm, minor (Minor: −1 health)",
    ]


def test_a_follow_s_preset_names_an_option_of_the_move_and_only_a_follow_has_one() -> None:
    with pytest.raises(RulesetError) as raised:
        build_catalog([shipped_file(), read_file(DATA / "bad_follow_preset.toml", "f.toml")])
    assert [str(p) for p in raised.value.problems] == [
        "f.toml:22:42: moves[0].effects[0].preset: unknown option of tiny_bail 'hard'; known: soft",
        "f.toml:23:50: moves[0].effects[1].preset: only a follow effect starts a move on a pick",
    ]


def test_the_offered_moves_are_played_with_next(tmp_path: Path) -> None:
    package = str(SHAPES["0.1"])
    made = run_cli(
        "new", "sf.toml", "--ruleset", "starforged", "--demo", "--moves", package, cwd=tmp_path
    )
    assert made.returncode == 0, made.stderr

    def run(*args: str) -> str:
        done = run_cli(*args, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        return done.stdout

    missed = run("move", "sf.toml", "Face Danger", "--stat", "edge", "--dice", "1,5,9")
    assert "next: Pay the Price" in missed
    paid = run("move", "sf.toml", "next", "--effect-dice", "50")
    assert "Pay the Price d100 = 50:" in paid
    weak = run("move", "sf.toml", "Face Danger", "--stat", "edge", "--dice", "4,5,9")
    assert "next, minor: one of Companion Takes a Hit, Endure Harm" in weak
    lost = run("move", "sf.toml", "next", "lose momentum")
    assert "Lose Momentum" in lost and "Momentum 2 → 1" in lost
