"""`roll` and `odds` (`cli.dice`), in this process: an expression rolled on typed faces with
its kept and dropped dice shown, the same seed the same roll; each mechanic's exact odds as a
table in words (the fraction beside the percentage); and what they refuse: exit 2, one line
naming the fix. Neither touches a campaign."""

from __future__ import annotations

import json

import pytest

from hearthroll.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """`hearthroll ARGS…` in this process: its exit code, stdout and stderr."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_roll_shows_the_dropped_die_struck_through(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "roll", "4d6kh3", "--dice", "1,2,3,4") == (
        0,
        "4d6kh3 = [~1~, 2, 3, 4] = 9\n",
        "",
    )
    code, out, _ = run(capsys, "roll", "4d6kh3", "--dice", "1,2,3,4", "--json")
    assert code == 0
    assert json.loads(out) == {
        "expr": "4d6kh3",
        "dice": [1, 2, 3, 4],
        "kept": [2, 3, 4],
        "dropped": [1],
        "total": 9,
    }


def test_roll_with_advantage_and_a_named_value(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "roll", "1d20", "--adv", "--dice", "5,17")[1] == (
        "1d20 with advantage = [~5~ | 17] = 17\n"
    )
    assert run(capsys, "roll", "1d4+str/3", "--set", "str=12", "--dice", "2")[1] == (
        "1d4+str/3 = [2]+12/3 = 6\n"
    )


def test_the_same_seed_rolls_the_same_faces(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "roll", "3d6", "--seed", "7", "--json")
    again = run(capsys, "roll", "3d6", "--seed", "7", "--json")
    assert first == again
    rolled = json.loads(first[1])
    assert len(rolled["dice"]) == 3 and rolled["total"] == sum(rolled["dice"])


def test_odds_of_the_pool_with_disadvantage_and_rerolls_in_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(capsys, "odds", "pool", "2", "--rerolls", "1", "--adv") == (
        0,
        "pool of 2d6 with advantage, spending up to 1 reroll(s)\n"
        "  bust                1.3%  101/7776\n"
        "  success, no 6      55.8%   271/486\n"
        "  success with a 6   42.9%   371/864\n"
        "    only ones        <0.1%    1/7776\n",
        "",
    )


def test_odds_of_a_community_roll_and_of_2d6_use_the_tables_bands(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert run(capsys, "odds", "stat-dice", "1")[1] == (
        "community roll at +1\n"
        "  1–3 (6−)    50.0%  1/2\n"
        "  4–5 (7–9)   33.3%  1/3\n"
        "  6 (10+)     16.7%  1/6\n"
    )
    assert run(capsys, "odds", "sum", "2d6", "--mod", "1")[1] == (
        "2d6+1\n"
        "  6−      27.8%  5/18\n"
        "  7–9     44.4%   4/9\n"
        "  10–12   25.0%   1/4\n"
        "  13+      2.8%  1/36\n"
    )
    assert json.loads(run(capsys, "odds", "sum", "2d6", "--mod", "1", "--json")[1]) == {
        "bands": {"miss": "5/18", "weak": "4/9", "strong": "1/4", "critical": "1/36"},
        "flags": {},
    }


def test_odds_of_an_action_roll_say_what_burning_momentum_adds(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "odds", "action", "--stat", "2", "--momentum", "5")
    assert code == 0
    assert out.splitlines()[0] == "action roll d6+2+0 against 2d10"
    assert out.splitlines()[-1] == (
        "  burning momentum +5 when it helps: miss 26.3%, weak hit 47.3%, strong hit 26.3%"
    )


def test_odds_of_a_maneuver_name_every_band_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "d20", "--mod", "1", "--target", "9", "--efficacy", "85")
    assert code == 0
    rows = out.splitlines()
    assert rows[0] == "d20+1 against 9, after d100 ≤ 85"
    assert "  efficacy check fails (no d20)   15.0%     3/20" in rows
    assert "  hit                             55.3%  221/400" in rows
    labels = [row.strip().split("  ")[0] for row in rows[1:]]
    assert len(labels) == 6
    assert not [label for label in labels if "_" in label], f"an id, not words: {labels}"


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ("roll", "1d4+str", "--set", "str"),
            "--set takes NAME=NUMBER, e.g. --set str=12; got 'str'",
        ),
        (("roll", "2d6", "--dice", "3"), "this roll needs 2 dice (d6, d6); 1 typed: 3"),
        (("odds", "sum", "30d6"), "odds for sums take 1 to 20 dice of 2 to 100 sides; got 30d6"),
        (("odds", "sum", "2x6"), "give the dice as NdS, e.g. 2d6; got '2x6'"),
        (("odds", "d20", "--target", "9", "--efficacy", "120"), "--efficacy is 0 to 100, not 120"),
        (("odds", "pool", "2", "--rerolls", "-1"), "--rerolls is 0 or more, not -1"),
        (
            ("odds",),
            "the following arguments are required: MECHANIC (see 'hearthroll odds --help')",
        ),
    ],
)
def test_what_cannot_be_rolled_or_counted_exits_2_in_one_line(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], said: str
) -> None:
    assert run(capsys, *args) == (2, "", f"hearthroll: {said}\n")
