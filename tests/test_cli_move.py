"""`hearthroll move` and `hearthroll damage` (`cli.move`) on the hack and house demos: a move
rolled on typed dice (advantage, the stat the player picks, Preparation as it is rolled), its
event printed and saved; the effect dice rolled here said so; the weapon's damage; and what is
refused before any die: exit 2, the fix named, nothing saved."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cli_verbs import made, refused, run
from hearthroll.core.campaign.events import Event
from hearthroll.core.campaign.state import Campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)


@pytest.fixture
def road(tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The hack demo: Grusha (Forceful +2, a big weapon), Cog, Mira (Agile +2, a weapon)."""
    return made(tmp_path, capsys, "hack")


def saved(path: Path) -> tuple[Campaign, list[Event]]:
    with CampaignStore.open(path, CATALOG) as store:
        return store.state, list(store.events())


def test_a_move_with_advantage_keeps_the_best_two_and_saves_the_roll(
    road: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    made_ = run(
        capsys, "move", road, "hack and slash", "--as", "Mira", "--adv", "--dice", "2,5,6",
        "--effect-dice", "4",
    )  # fmt: skip
    assert made_ == (
        0,
        "#1 Mira: Hack and Slash (Forceful +0) [2, 5, 6] keep 5, 6 → 10–12\n"
        "  Deal your damage; no free counterattack.\n"
        "  (+0: Forceful)\n"
        "  (advantage: the GM)\n"
        "  total 11\n"
        "  damage with Weapon: 1d6 = [4] = 4\n",
        "",
    )
    state, (event,) = saved(road)
    assert (event.move, event.actor, event.dice, event.kept, event.band) == (
        "hack_hack_and_slash", "Mira", (2, 5, 6), (5, 6), "strong",
    )  # fmt: skip
    assert state.active == "Mira"


def test_the_stat_the_player_picks_is_asked_for_then_rolled_with(
    road: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert refused(capsys, road, "move", "defy danger", "--dice", "3,4") == (
        "Defy Danger: the player says which stat: --stat one of forceful (Forceful), agile "
        "(Agile), insightful (Insightful), charming (Charming); nothing was saved"
    )
    code, out, _ = run(
        capsys, "move", road, "defy danger", "--stat", "agile", "--dice", "3,4", "--json"
    )
    assert code == 0
    printed = json.loads(out)
    assert (printed["actor"], printed["total"], printed["label"]) == ("Grusha", 7, "7–9")
    assert printed["modifiers"] == ["+0: Agile"]


def test_effect_dice_not_typed_are_rolled_here_and_said(
    road: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "move", road, "hack and slash", "--dice", "2,5")
    assert code == 0
    said = re.search(
        r"^rolled by hearthroll \(no --effect-dice\): damage with Big weapon \(1d10\): (\d+)$",
        out,
        re.M,
    )
    assert said is not None, out
    _, (event,) = saved(road)
    assert f"= [{said.group(1)}] = " in event.results[0]


def test_preparation_spent_as_the_pool_is_rolled_lifts_the_die(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    millbrook = made(tmp_path, capsys, "house")
    run(capsys, "hold", millbrook, "preparation", "+1")
    assert run(
        capsys, "move", millbrook, "clash", "--dice", "1", "--prep", "1", "--effect-dice", "5"
    ) == (
        0,
        "#2 Brannoc: Clash [2] → Success, no 6\n"
        "  Deal your damage; they may counterattack, or something small goes wrong.\n"
        "  Preparation: +1 to kept die 1\n"
        "  Preparation 1 → 0\n"
        "  damage with Weapon: 1d6 = [5] = 5\n",
        "",
    )
    state, _ = saved(millbrook)
    assert state.turn.last is not None and state.turn.last.faces == (2,)
    assert "preparation" not in state.characters["Brannoc"].holds


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ("defy danger", "--stat", "agile", "--value", "3"),
            "Defy Danger takes no number; drop --value",
        ),
        (("defy danger", "--input", "risk"), "--input takes NAME=VALUE, not 'risk'"),
        (
            ("defy danger", "extra"),
            "WHICH ('extra') goes after `next` only; name one move, quoted if it has spaces: "
            'move FILE "endure harm"',
        ),
        (
            ("defy danger", "--let-off"),
            "--let-off goes with `next` alone: move FILE next --let-off",
        ),
        (("next",), "no move is offered next: a table row that names a move offers it"),
        (("zzzqqq",), "no move 'zzzqqq'"),
        (
            ("hack and slash", "--dice", "2"),
            "not enough typed dice: this roll needs 2 but 1 was typed (d6 2, then 1 more d6)",
        ),
    ],
)
def test_a_move_line_that_cannot_be_made_is_refused_before_any_die(
    road: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...], said: str
) -> None:
    assert refused(capsys, road, "move", *args) == said


def test_damage_rolls_the_active_or_named_fighters_weapon(
    road: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(capsys, "damage", road, "--dice", "7") == (
        0,
        "#1 Grusha: damage: damage with Big weapon: 1d10 = [7] = 7\n",
        "",
    )
    assert run(capsys, "damage", road, "--as", "Mira", "--dis", "--dice", "1,6")[1] == (
        "#2 Mira: damage: damage with Weapon: 1d6 with disadvantage = [1 | ~6~] = 1\n"
    )
    _, events = saved(road)
    assert [(e.kind, e.actor) for e in events] == [("damage", "Grusha"), ("damage", "Mira")]
    assert refused(capsys, road, "damage", "--dice", "2,6") == (
        "too many typed dice: the roll used 1 but 2 were typed"
    )
    assert refused(capsys, road, "damage", "--as", "Nobody") == (
        "no character 'Nobody' (the party: Grusha, Cog, Mira)"
    )
