"""`hearthroll oracle` (`cli.oracle`) on a campaign and without one: a table rolled on typed
faces or its row picked, Ask the Oracle at the odds given (a match said), each logged in the
campaign with its die; printed only (or as JSON) without a campaign; the list by ruleset; and
what it refuses: exit 2, the fix named, nothing saved."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli_verbs import files, made
from hearthroll.cli import main
from hearthroll.core.campaign.events import Event
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)


@pytest.fixture
def forge(tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    return made(tmp_path, capsys, "starforged")


def oracle(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """`hearthroll oracle ARGS…` in this process: its exit code, stdout and stderr."""
    code = main(["oracle", *args])
    out, err = capsys.readouterr()
    return code, out, err


def events(path: Path) -> list[Event]:
    with CampaignStore.open(path, CATALOG) as store:
        return list(store.events())


def test_a_table_rolled_on_a_typed_face_is_logged_with_its_die(
    forge: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert oracle(capsys, str(forge), "endure harm", "--dice", "90") == (
        0,
        "#1 oracle: Endure Harm d100 = 90: Still on your feet.\n",
        "",
    )
    (rolled,) = events(forge)
    assert (rolled.kind, rolled.move, rolled.dice) == ("oracle", "endure_harm", (90,))


def test_a_row_picked_is_logged_without_a_roll(
    forge: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert oracle(capsys, str(forge), "endure_harm", "--row", "90")[1] == (
        "#1 oracle: Endure Harm picked (51–100): Still on your feet.\n"
    )
    (picked,) = events(forge)
    assert picked.dice == ()


def test_ask_logs_yes_or_no_and_a_match_in_any_game(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    millbrook = made(tmp_path, capsys, "house")
    assert oracle(capsys, str(millbrook), "ask", "likely", "--dice", "44")[1] == (
        "#1 oracle: Ask the Oracle (likely: 75 or under) d100 = 44 → yes, a match: an extreme "
        "answer, or a twist\n"
    )
    assert oracle(capsys, str(millbrook), "--odds", "unlikely", "--dice", "30")[1] == (
        "#2 oracle: Ask the Oracle (unlikely: 25 or under) d100 = 30 → no\n"
    )
    asked = events(millbrook)
    assert [(e.dice, e.match) for e in asked] == [((44,), True), ((30,), False)]


def test_without_a_campaign_the_roll_is_printed_as_json_unnumbered(
    capsys: pytest.CaptureFixture[str], data: Path
) -> None:
    code, out, err = oracle(capsys, "endure harm", "--dice", "90", "--json")
    assert (code, err) == (0, "")
    printed = json.loads(out)
    assert (printed["event"], printed["seq"], printed["at"]) == ("oracle", 0, "")
    assert printed["results"] == ["Endure Harm d100 = 90: Still on your feet."]


def test_the_list_in_a_campaign_names_only_its_own_tables(
    forge: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert oracle(capsys, str(forge), "--list") == (
        0,
        "starforged (Starforged suffer moves)\n"
        "  Endure Harm · d100 · endure_harm\n"
        "  Endure Stress · d100 · endure_stress\n"
        "  Withstand Damage · d100 · withstand_damage\n",
        "",
    )


def test_the_list_of_a_game_without_tables_says_so(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    millbrook = made(tmp_path, capsys, "house")
    code, out, _ = oracle(capsys, str(millbrook), "--list")
    assert code == 0
    assert out.strip(), "an empty list says there is nothing to list, as `clock list` does"
    assert "house" in out or "House game" in out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ("--list", "--ruleset", "house"),
            "a campaign rolls on its own ruleset's tables: drop --ruleset",
        ),
        (("ask", "likely", "--odds", "unlikely"), "two odds given: 'likely' and --odds 'unlikely'"),
        (("nowhere",), "no table 'nowhere' in ruleset 'starforged'"),
        (("endure_harm", "--dice", "101"), "die 1 is a d100: it shows 1 to 100, not 101"),
        (("endure_harm", "--row", "200"), "Endure Harm is rolled on a d100: pick a face 1 to 100"),
        (
            ("endure_harm", "--row", "oops"),
            "Endure Harm has no row 'oops': give a face of its d100",
        ),
    ],
)
def test_what_the_oracle_cannot_do_exits_2_naming_the_fix_and_saves_nothing(
    forge: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], said: str
) -> None:
    before = files(forge)
    assert oracle(capsys, str(forge), *args) == (2, "", f"hearthroll: {said}\n")
    assert files(forge) == before
