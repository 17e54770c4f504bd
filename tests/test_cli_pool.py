"""The pool turn at the shell (`cli.pool`): `reroll`, `accept`, `stop` and `prep` on the house
demo, each printing its event and saving what it changed (rerolls, XP, Preparation, the turn);
and what each refuses while nothing waits, or with dice it cannot use: exit 2, the reason, the
files untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_verbs import files
from hearthroll.cli import main
from hearthroll.core.campaign.state import Campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
SUCCESS_NO_6 = "  Deal your damage; they may counterattack, or something small goes wrong.\n"


@pytest.fixture
def camp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Path:
    """The house demo (Brannoc: level 2, 2 rerolls, 3 XP), made by `hearthroll new`."""
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "millbrook.toml"
    assert main(["new", str(path), "--ruleset", "house", "--demo"]) == 0
    capsys.readouterr()
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """`hearthroll ARGS…` in this process: its exit code, stdout and stderr."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def bust(capsys: pytest.CaptureFixture[str], camp: Path, faces: str = "1") -> None:
    """Brannoc's Clash busts on these faces, and the bust waits."""
    code, out, _ = run(capsys, "move", str(camp), "clash", "--dice", faces)
    assert code == 0 and "(bust waits)" in out


def saved(path: Path) -> Campaign:
    with CampaignStore.open(path, CATALOG) as store:
        return store.state


def test_reroll_spends_one_and_saves_the_bust(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bust(capsys, camp)
    assert run(capsys, "reroll", str(camp), "--dice", "5", "--effect-dice", "3") == (
        0,
        "#2 Brannoc: reroll (Clash) [5] → Success, no 6\n"
        + SUCCESS_NO_6
        + "  the reroll saves the bust\n"
        "  damage with Weapon: 1d6 = [3] = 3\n",
        "",
    )
    state = saved(camp)
    assert state.characters["Brannoc"].rerolls_left == 1
    assert state.turn.status == "open"
    assert state.turn.last is not None and state.turn.last.faces == (5,)


def test_accept_takes_xp_for_each_kept_one_and_ends_the_turn(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "move", str(camp), "clash", "--dice", "4", "--effect-dice", "3")
    bust(capsys, camp, "1,1")
    assert run(capsys, "accept", str(camp)) == (
        0,
        "#3 Brannoc: accept (Clash) [1, 1] → Bust, XP +2\n"
        "  You take their damage, or something else bad happens.\n"
        "  XP +2 (3 → 5)\n"
        "  the GM makes a hard move\n",
        "",
    )
    state = saved(camp)
    assert state.characters["Brannoc"].xp == 5
    assert state.turn.status == "busted"


def test_stop_ends_the_turn_and_the_rerolls_come_back(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bust(capsys, camp)
    run(capsys, "reroll", str(camp), "--dice", "5", "--effect-dice", "3")
    assert run(capsys, "stop", str(camp)) == (
        0,
        "#3 Brannoc: stop: rerolls 1 → 2; the pool resets\n",
        "",
    )
    state = saved(camp)
    assert state.characters["Brannoc"].rerolls_left == 2
    assert state.turn.actor is None and state.turn.pushes == 0


def test_prep_lifts_the_kept_die_and_spends_the_preparation(
    camp: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "hold", str(camp), "preparation", "+1")
    bust(capsys, camp)
    assert run(capsys, "prep", str(camp), "1", "--effect-dice", "2") == (
        0,
        "#3 Brannoc: prep (Clash) [2] → Success, no 6\n"
        + SUCCESS_NO_6
        + "  Preparation: +1 to kept die 1\n"
        "  Preparation 1 → 0\n"
        "  the +1 lifts the bust\n"
        "  damage with Weapon: 1d6 = [2] = 2\n",
        "",
    )
    state = saved(camp)
    assert "preparation" not in state.characters["Brannoc"].holds
    assert state.characters["Brannoc"].rerolls_left == 2  # no reroll spent
    assert state.turn.last is not None and state.turn.last.faces == (2,)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("stop",), "no turn is open to stop"),
        (("reroll",), "there is no bust to reroll: a reroll is spent only on a bust"),
        (("accept",), "no bust waits to be accepted"),
        (
            ("prep", "1"),
            "Preparation goes on a roll as it is made (move ... --prep N) or on a bust that waits",
        ),
    ],
)
def test_with_no_turn_each_verb_exits_2_saying_why_and_saves_nothing(
    camp: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], said: str
) -> None:
    before = files(camp)
    verb, *rest = args
    code, out, err = run(capsys, verb, str(camp), *rest)
    assert (code, out) == (2, "")
    assert err.startswith(f"hearthroll: {said}") and err.count("\n") == 1
    assert files(camp) == before


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (("reroll", "--dice", "5,5"), "too many typed dice: the roll used 1 but 2 were typed"),
        (("prep", "1"), "Brannoc holds 0 Preparation; cannot spend 1"),
        (("stop",), "a bust is waiting: reroll it or accept it; a bust cannot be stopped"),
        (
            ("reroll", "--dice", "5", "--effect-dice", "3,3"),
            "too many typed effect dice (--effect-dice, the damage and stun dice): the result "
            "rolled 1 but 2 were typed; drop 3",
        ),
    ],
)
def test_a_waiting_bust_refuses_what_does_not_fit_it_and_still_waits(
    camp: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], said: str
) -> None:
    bust(capsys, camp)
    before = files(camp)
    verb, *rest = args
    assert run(capsys, verb, str(camp), *rest) == (2, "", f"hearthroll: {said}\n")
    assert files(camp) == before
    assert saved(camp).turn.status == "bust_pending"
