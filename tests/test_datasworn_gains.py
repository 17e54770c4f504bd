"""An imported outcome's plain gains are applied, not only said (`store/datasworn/gains.py`):
"Take +1 momentum." on a band, an option that says only "Take +2 momentum", "Add +1 on your
next move"; a gain with a condition or more to it stays words."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cli_run import run_cli
from hearthroll.core.rules.effects import Effect
from hearthroll.core.rules.model import Meter, Move
from hearthroll.store.datasworn.gains import band_gains, option_gains, sheet_meters
from hearthroll.store.rulesets import load_catalog

DATA = Path(__file__).parent / "data" / "datasworn"
SHAPES = {"0.1": DATA / "starforged-0.1.0.json", "0.0": DATA / "starforged-0.0.10.json"}
BOTH = pytest.mark.parametrize("shape", sorted(SHAPES))
METERS = sheet_meters(
    (
        Meter("momentum", "Momentum", min=-6, max=10),
        Meter("health", "Health", max=5),
        Meter("supply", "Supply", max=5, scope="party"),
        Meter("integrity", "Integrity", max=5, scope="vehicle"),
    )
)


def _move(shape: str, name: str) -> Move:
    ruleset = load_catalog([SHAPES[shape]], with_user=False).ruleset("starforged")
    (found,) = [m for m in ruleset.moves if m.name == name and m.id.startswith("ds_")]
    return found


def test_a_sentence_that_only_takes_a_gain_is_an_effect_on_its_band() -> None:
    text = "You are successful. Take +1 momentum.\n\nThen, take +2 supply."
    assert band_gains(text, "strong", METERS) == (
        Effect(kind="meter", meter="momentum", amount=1, on=("strong",)),
        Effect(kind="meter", meter="supply", amount=2, on=("strong",)),
    )
    assert band_gains("Suffer -1 momentum.", "miss", METERS) == (
        Effect(kind="meter", meter="momentum", amount=-1, on=("miss",)),
    )
    assert band_gains("Add +1 on your next move (not a progress move).", "strong", METERS) == (
        Effect(kind="forward", amount=1, on=("strong",)),
    )


@pytest.mark.parametrize(
    "text",
    [
        "If you are shaken, clear the impact and take +1 spirit.",
        "Otherwise, take +2 health.",
        "Take +1 momentum, and envision what you do to find a path forward.",
        "Take +1 integrity.",  # a vehicle's meter: which vehicle is the GM's to say
        "Take +1 edge.",  # not a meter
        "Take -1 momentum.",  # a loss is suffered, not taken: read two ways, left as words
        "• Take +2 momentum",  # a bullet is an option's, not the band's
        "With a match: take +1 momentum.",  # only with a match
    ],
)
def test_a_gain_with_a_condition_or_more_to_it_stays_words(text: str) -> None:
    assert band_gains(text, "strong", METERS) == ()


def test_an_option_that_states_one_gain_does_it_when_picked() -> None:
    assert option_gains("Prepare to act: Take +2 momentum", METERS) == (
        Effect(kind="meter", meter="momentum", amount=2),
    )
    assert option_gains("Take +1 health", METERS) == (
        Effect(kind="meter", meter="health", amount=1),
    )
    assert option_gains("Take control: Make another move now, and add +1", METERS) == ()


@given(st.text(max_size=60))
def test_any_words_give_at_most_one_gain_a_sentence_and_only_on_known_meters(text: str) -> None:
    found = band_gains(text, "weak", METERS)
    assert all(e.on == ("weak",) for e in found)
    assert all(e.kind == "forward" or e.meter in {"momentum", "health", "supply"} for e in found)
    assert len(found) <= text.count(".") + 1


@BOTH
def test_imported_moves_carry_the_gains_their_outcomes_state(shape: str) -> None:
    face = _move(shape, "Face Danger")
    gains = tuple(e for e in face.effects if e.kind != "follow")  # next_moves.py's
    assert gains == (Effect(kind="meter", meter="momentum", amount=1, on=("strong",)),)
    secure = _move(shape, "Secure an Advantage")
    (weak,) = secure.options
    assert [o.effects for o in weak.items] == [
        (Effect(kind="meter", meter="momentum", amount=2),),
        (Effect(kind="forward", amount=1),),
    ]


def test_a_strong_hit_on_face_danger_gives_its_momentum(tmp_path: Path) -> None:
    package = str(SHAPES["0.1"])
    made = run_cli(
        "new", "sf.toml", "--ruleset", "starforged", "--demo", "--moves", package, cwd=tmp_path
    )
    assert made.returncode == 0, made.stderr
    strong = run_cli("move", "sf.toml", "Face Danger", "--stat", "edge", "--dice", "6,1,2",
                     cwd=tmp_path)  # fmt: skip
    assert strong.returncode == 0, strong.stderr
    assert "Momentum 2 → 3" in strong.stdout
    weak = run_cli("move", "sf.toml", "Secure an Advantage", "--stat", "wits", "--dice", "5,5,9",
                   "--pick", "take_2_momentum", cwd=tmp_path)  # fmt: skip
    assert weak.returncode == 0, weak.stderr
    assert "Momentum 3 → 5" in weak.stdout
    missed = run_cli("move", "sf.toml", "Face Danger", "--stat", "edge", "--dice", "1,3,7",
                     cwd=tmp_path)  # fmt: skip
    assert "Momentum" not in missed.stdout


PROGRESS = Effect(kind="progress", on=("strong",))


@pytest.mark.parametrize(
    ("text", "marks"),
    [
        ("Mark progress twice. You dominate your foe and stay in control.", 2),
        ("Mark progress twice, but you expose yourself to danger.", 2),
        ("You are successful and mark progress.", 1),
        ("Envision the location and mark progress per the rank of the expedition.", 1),
        ("Do not mark progress, and Pay the Price.", 0),
        ("If you are in control, mark progress.", 0),
        ("You may mark progress.", 0),
    ],
)
def test_progress_a_band_marks_outright_is_a_progress_effect(text: str, marks: int) -> None:
    assert band_gains(text, "strong", METERS) == (PROGRESS,) * marks


def test_an_option_that_marks_progress_does_it_when_picked() -> None:
    gained = option_gains("Gain progress: Mark progress on your expedition, per its rank.", METERS)
    assert gained == (Effect(kind="progress"),)


def test_a_strong_hit_on_strike_marks_progress_twice_on_the_track_named(tmp_path: Path) -> None:
    package = str(SHAPES["0.1"])
    made = run_cli(
        "new", "sf.toml", "--ruleset", "starforged", "--demo", "--moves", package, cwd=tmp_path
    )
    assert made.returncode == 0, made.stderr
    asked = run_cli("move", "sf.toml", "Strike", "--stat", "iron", "--dice", "6,1,2",
                    cwd=tmp_path)  # fmt: skip
    assert asked.returncode != 0
    assert "name the track whose progress is marked (--track): Find the lost beacon" in asked.stderr
    struck = run_cli("move", "sf.toml", "Strike", "--stat", "iron", "--dice", "6,1,2",
                     "--track", "avenge", cwd=tmp_path)  # fmt: skip
    assert struck.returncode == 0, struck.stderr
    assert "Avenge the Ironhold (dangerous vow): marked 2 boxes, ticks 8 → 16" in struck.stdout
    assert "Avenge the Ironhold (dangerous vow): marked 2 boxes, ticks 16 → 24" in struck.stdout


def test_the_engine_asks_which_track_gains_the_progress_strike_marks() -> None:
    from hearthroll.core.campaign.events import Outcome
    from hearthroll.core.verbs.asking import Asked, MoveRequest, answer, resolve
    from test_engine_asks import kael

    ruleset = load_catalog([SHAPES["0.1"]], with_user=False).ruleset("starforged")
    state = kael()
    request = MoveRequest("strike", actor="Kael", inputs={"stat": "iron"}, faces=(6, 1, 2))
    asked = resolve(state, ruleset, request)
    assert isinstance(asked, Asked)
    (track,) = asked.questions
    assert track.title == "Which track gains progress?"
    assert [words for _, words in track.choices] == [
        "Beacon (dangerous vow): +2 boxes",
        "Oath (formidable vow): +1 box",
    ]
    made = resolve(state, ruleset, answer(asked.request, track, ["Oath"]))
    assert isinstance(made, Outcome)
    assert {t.name: t.ticks for t in state.tracks or ()} == {"Beacon": 16, "Oath": 8}
    assert {t.name: t.ticks for t in made.state.tracks or ()} == {"Beacon": 16, "Oath": 16}
