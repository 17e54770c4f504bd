"""The shell finds moves as the app's palette does: a typo or a player's words make the move
search ranks clearly first, and say which; several close matches are refused, named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearthroll.cli import main
from hearthroll.core.errors import NotFound
from hearthroll.core.rules.search import MoveIndex, exact_move, search_move
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
STARFORGED = CATALOG.ruleset("starforged").moves


@pytest.fixture
def road(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A hack campaign with the demo party."""
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(tmp_path / "data"))
    path = str(tmp_path / "road.toml")
    assert main(["new", path, "--ruleset", "hack", "--demo"]) == 0
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("typed", ["hakc", "hack"])
def test_a_typo_or_a_word_makes_hack_and_slash_and_says_so(
    road: str, capsys: pytest.CaptureFixture[str], typed: str
) -> None:
    capsys.readouterr()
    code, out, _ = run(capsys, "move", road, typed, "--as", "Mira", "--dice", "4,5")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"{typed} → Hack and Slash"
    assert lines[1].startswith("#1 Mira: Hack and Slash")


def test_the_found_move_s_line_goes_to_stderr_beside_json(
    road: str, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    code, out, err = run(capsys, "move", road, "hakc", "--as", "Mira", "--dice", "4,5", "--json")
    assert code == 0
    assert json.loads(out)["move"] == "hack_hack_and_slash"
    assert "hakc → Hack and Slash" in err


def test_an_exact_name_says_nothing_more(road: str, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    code, out, _ = run(capsys, "move", road, "hack and slash", "--as", "Mira", "--dice", "4,5")
    assert code == 0
    assert "→ Hack and Slash" not in out
    assert out.startswith("#1 Mira: Hack and Slash")


def test_an_ambiguous_name_is_refused_naming_the_candidates_and_nothing_is_saved(
    road: str, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    code, out, err = run(capsys, "move", road, "def", "--as", "Mira")
    assert code == 2
    assert out == ""
    assert err.strip() == "hearthroll: 'def' could be several moves: Defend, Defy Danger; name one"
    code, out, _ = run(capsys, "log", road)
    assert code == 0 and out == ""


def test_a_name_search_cannot_find_is_refused_as_before(
    road: str, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    code, _, err = run(capsys, "move", road, "xyzzy", "--as", "Mira")
    assert (code, err.strip()) == (2, "hearthroll: no move 'xyzzy'")
    code, _, err = run(capsys, "move", road, "", "--as", "Mira")
    assert (code, err.strip()) == (2, "hearthroll: no move ''")


def test_the_ship_taking_damage_makes_withstand_damage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(tmp_path / "data"))
    path = str(tmp_path / "sf.toml")
    assert run(capsys, "new", path, "--ruleset", "starforged", "--demo")[0] == 0
    code, out, _ = run(capsys, "move", path, "ship takes damage", "--pick", "minor")
    assert code == 0
    assert out.splitlines()[0] == "ship takes damage → Withstand Damage"
    assert "integrity 5 → 4" in out


@pytest.mark.parametrize(
    "said",
    [
        "ship takes damage",
        "my ship takes damage",
        "the starship takes damage",
        "the vessel takes damage",
        "our vessel is damaged",
        "my ship takes a hit",
    ],
)
def test_a_vehicle_taking_damage_finds_withstand_damage_first_and_clearly(said: str) -> None:
    hits = MoveIndex(STARFORGED).search(said)
    assert STARFORGED[hits[0].index].name == "Withstand Damage"
    assert search_move(STARFORGED, said).name == "Withstand Damage"


def test_a_companion_taking_a_hit_still_finds_its_own_move() -> None:
    assert search_move(STARFORGED, "my companion takes a hit").name == "Companion Takes a Hit"


def test_moves_that_score_alike_are_named_not_guessed() -> None:
    with pytest.raises(NotFound, match=r"'endure' could be several moves: .*Endure Harm"):
        search_move(STARFORGED, "endure")


def test_an_exact_id_name_or_alias_needs_no_search() -> None:
    hack = CATALOG.ruleset("hack").moves
    found = [exact_move(hack, w) for w in ("hack_hack_and_slash", "HACK AND SLASH", "hakc")]
    assert [m.name if m else None for m in found] == ["Hack and Slash", "Hack and Slash", None]
