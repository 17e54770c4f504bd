"""`hearthroll clock` (`cli.clock`): list, new, advance, roll, clear and drop, each run as a GM
types it on a demo campaign: the line it prints, the exit code, the clock it saves; and what it
refuses (a missing NAME or flag, a size no clock has, a clock that is not there), nothing saved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_verbs import files
from hearthroll.cli import main
from hearthroll.core.campaign.state import Clock
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)


@pytest.fixture
def camp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Path:
    """The hack demo, made by `hearthroll new`, in a data folder of the test's own."""
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "road.toml"
    assert main(["new", str(path), "--ruleset", "hack", "--demo"]) == 0
    capsys.readouterr()
    return path


def clock(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> tuple[int, str, str]:
    """`hearthroll clock FILE ARGS…`, in this process: its exit code, stdout and stderr."""
    code = main(["clock", str(path), *args])
    out, err = capsys.readouterr()
    return code, out, err


def clocks(path: Path) -> tuple[Clock, ...]:
    """The clocks the campaign saved."""
    with CampaignStore.open(path, CATALOG) as store:
        return store.state.clocks or ()


def test_list_says_no_clocks_yet_then_lists_one_a_line_and_as_json(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert clock(capsys, camp, "list") == (0, "no clocks yet\n", "")
    assert clock(capsys, camp, "new", "Raiders", "--segments", "6")[0] == 0
    assert clock(capsys, camp, "list") == (0, "Raiders (tension) ▱▱▱▱▱▱ 0/6\n", "")
    code, out, _ = clock(capsys, camp, "list", "--json")
    assert code == 0
    assert json.loads(out) == {
        "clocks": [{"name": "Raiders", "segments": 6, "kind": "tension", "filled": 0}]
    }


def test_new_and_advance_save_the_clock_and_print_its_event(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    made = clock(capsys, camp, "new", "Winter", "--segments", "4", "--kind", "campaign")
    assert made == (0, "#1 clock: new clock: Winter (campaign) ▱▱▱▱ 0/4\n", "")
    moved = clock(capsys, camp, "advance", "winter", "--times", "4")
    assert moved == (
        0,
        "#2 clock: Winter: ▱▱▱▱ 0/4 → ▰▰▰▰ 4/4; the clock is full: Winter comes to pass\n",
        "",
    )
    (saved,) = clocks(camp)
    assert (saved.name, saved.segments, saved.kind, saved.filled) == ("Winter", 4, "campaign", 4)


def test_roll_asks_the_oracle_a_yes_fills_a_segment_and_a_no_holds(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clock(capsys, camp, "new", "Raiders", "--segments", "6")
    yes = clock(capsys, camp, "roll", "Raiders", "--odds", "likely", "--dice", "75")
    assert yes == (
        0,
        "#2 clock: Ask the Oracle (likely: 75 or under) d100 = 75 → yes; "
        "Raiders: ▱▱▱▱▱▱ 0/6 → ▰▱▱▱▱▱ 1/6\n",
        "",
    )
    no = clock(capsys, camp, "roll", "Raiders", "--odds", "likely", "--dice", "76")
    assert no[1] == (
        "#3 clock: Ask the Oracle (likely: 75 or under) d100 = 76 → no; "
        "Raiders holds at ▰▱▱▱▱▱ 1/6\n"
    )
    assert [c.filled for c in clocks(camp)] == [1]


def test_clear_empties_the_clock_and_drop_strikes_it(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clock(capsys, camp, "new", "Raiders", "--segments", "4")
    clock(capsys, camp, "advance", "Raiders", "--times", "3")
    assert clock(capsys, camp, "clear", "Raiders") == (
        0,
        "#3 clock: Raiders is cleared: ▱▱▱▱ 0/4\n",
        "",
    )
    assert [c.filled for c in clocks(camp)] == [0]
    assert clock(capsys, camp, "drop", "Raiders") == (0, "#4 clock: Raiders is struck\n", "")
    assert clocks(camp) == ()


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("new", "Storm"), "a new clock needs --segments (4, 6, 8 or 10)"),
        (("new", "Storm", "--segments", "5"), "a clock has 4, 6, 8, 10 segments, not 5"),
        (("advance",), "clock advance needs the clock's NAME"),
        (("roll", "Storm"), "clock roll needs --odds (almost certain, likely, 50/50, ...)"),
        (("list", "Storm"), "clock list takes no NAME: it lists every clock"),
        (("advance", "Storm"), "no clock named 'Storm' (clocks: none yet)"),
    ],
)
def test_what_cannot_be_done_exits_2_naming_the_fix_and_saves_nothing(
    camp: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], said: str
) -> None:
    before = files(camp)
    assert clock(capsys, camp, *args) == (2, "", f"hearthroll: {said}\n")
    assert files(camp) == before


def test_a_full_clock_refuses_to_advance_or_roll(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clock(capsys, camp, "new", "Raiders", "--segments", "4")
    clock(capsys, camp, "advance", "Raiders", "--times", "4")
    before = files(camp)
    for args in (("advance", "Raiders"), ("roll", "Raiders", "--odds", "likely", "--dice", "5")):
        code, out, err = clock(capsys, camp, *args)
        assert (code, out) == (2, "")
        assert "Raiders is full: it has come to pass" in err
    assert files(camp) == before
