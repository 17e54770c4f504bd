"""`hearthroll log` (`cli.log`): the events one a line (an undone one marked), only the last
N or those after SEQ, as JSON, or drawn as a recap for the players (secret notes kept back) or
for the GM; it reads and never writes; and what it refuses: exit 2, the fix named."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cli_verbs import files
from hearthroll.cli import main

LINE = re.compile(r"^#(\d+) +\d{4}-\d\d-\d\d \d\d:\d\d  (.*)$")
"""A log line: its number, when (the clock's, not pinned), and what happened."""


@pytest.fixture
def camp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Path:
    """The house demo after a note, a secret note, a Clash and its undo."""
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "millbrook.toml"
    for args in (
        ["new", str(path), "--ruleset", "house", "--demo"],
        ["note", str(path), "The bridge groans"],
        ["note", str(path), "The cult watches", "--secret"],
        ["move", str(path), "clash", "--dice", "4", "--effect-dice", "3"],
        ["undo", str(path)],
    ):
        assert main(args) == 0
    capsys.readouterr()
    return path


def log(capsys: pytest.CaptureFixture[str], camp: Path, *args: str) -> tuple[int, str, str]:
    """`hearthroll log FILE ARGS…` in this process: its exit code, stdout and stderr."""
    code = main(["log", str(camp), *args])
    out, err = capsys.readouterr()
    return code, out, err


def lines(out: str) -> list[tuple[int, str]]:
    """Each log line's number and words."""
    found = [LINE.match(line) for line in out.splitlines()]
    assert all(found), out
    return [(int(m.group(1)), m.group(2)) for m in found if m]


def test_the_log_is_one_line_an_event_the_undone_one_marked(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = log(capsys, camp)
    assert (code, err) == (0, "")
    assert lines(out) == [
        (1, "GM: The bridge groans"),
        (2, "GM (secret): The cult watches"),
        (3, "Brannoc: Clash [4] → Success, no 6  (undone)"),
        (4, "undo of event 3"),
    ]


def test_last_and_since_show_only_the_newest_events(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert [n for n, _ in lines(log(capsys, camp, "--last", "2")[1])] == [3, 4]
    assert [n for n, _ in lines(log(capsys, camp, "--since", "1")[1])] == [2, 3, 4]
    assert [n for n, _ in lines(log(capsys, camp, "--last", "3", "--since", "2")[1])] == [3, 4]
    shown = lines(log(capsys, camp, "--last", "2")[1])
    assert shown[0][1].endswith("(undone)")  # its undo is among those shown


def test_json_is_the_list_of_events_with_their_deltas(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = log(capsys, camp, "--json")
    assert code == 0
    events = json.loads(out)
    assert [(e["seq"], e["event"]) for e in events] == [
        (1, "note"),
        (2, "note"),
        (3, "move"),
        (4, "undo"),
    ]
    assert events[1]["secret"] is True and "secret" not in events[0]
    assert events[3]["target"] == 3
    assert {"path": "turn.move", "before": "clash", "after": None} in events[3]["deltas"]
    (last,) = json.loads(log(capsys, camp, "--json", "--last", "1")[1])
    assert last["seq"] == 4


def test_the_recap_keeps_the_secret_note_from_the_players_but_not_from_the_gm(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    players = log(capsys, camp, "--recap")[1]
    assert players.startswith("Millbrook: recap\n================\n")
    assert "“The bridge groans”" in players
    assert "cult" not in players
    assert "Clash" not in players  # undone
    gm = log(capsys, camp, "--recap", "--gm")[1]
    assert "“(secret) The cult watches”" in gm
    markdown = log(capsys, camp, "--markdown")[1]
    assert markdown.startswith("# Millbrook: recap\n")
    assert "- _The bridge groans_" in markdown and "cult" not in markdown


def test_the_players_recap_counts_only_the_events_it_may_show(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    heading = re.compile(r"· (\d+) events?\n")
    players = heading.findall(log(capsys, camp, "--recap")[1])
    gm = heading.findall(log(capsys, camp, "--recap", "--gm")[1])
    assert gm == ["2"]
    assert players == ["1"], "a secret note counted in the players' recap tells them it is there"


def test_log_reads_and_never_writes(camp: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = files(camp)
    for args in ((), ("--json",), ("--markdown", "--gm"), ("--last", "1"), ("--last-session",)):
        assert log(capsys, camp, *args)[0] == 0
    assert files(camp) == before


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ("--markdown", "--recap"),
            "argument --recap: not allowed with argument --markdown (see 'hearthroll log --help')",
        ),
        (
            ("--last", "two"),
            "argument --last: 'two' is not a whole number (digits 0-9, at most 15) "
            "(see 'hearthroll log --help')",
        ),
    ],
)
def test_flags_that_cannot_go_together_or_are_no_number_exit_2(
    camp: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], said: str
) -> None:
    assert log(capsys, camp, *args) == (2, "", f"hearthroll: {said}\n")


def test_a_campaign_that_is_not_there_is_named_with_what_to_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(tmp_path / "data"))
    missing = tmp_path / "nowhere.toml"
    assert log(capsys, missing) == (
        2,
        "",
        f"hearthroll: there is no campaign at {missing}. Check the name and the folder, or "
        "create a new campaign there.\n",
    )
    assert not missing.exists()
