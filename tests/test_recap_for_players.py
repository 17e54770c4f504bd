"""The recap is for the players unless the GM asks for the whole: a foe's health in words as the
players' view says it, no secret note; `--gm` gives every number and note. Gear is told by its
name, and Level Up names what else the new level gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from cli_run import run_cli
from hearthroll.core.campaign.events import Event
from hearthroll.core.campaign.recap import session_recap
from hearthroll.core.campaign.secrets import GM, PLAYERS, Audience, health_change, players
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import edits, fight
from hearthroll.core.verbs.fields import set_field
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
MANEUVERS = CATALOG.ruleset("maneuvers")
HOUSE = CATALOG.ruleset("house")


def _bandit_hurt(state: Campaign, amount: int) -> tuple[Campaign, Event]:
    outcome = fight.hurt_foe(state, "Bandit", amount)
    return outcome.state, outcome.event


def _lines(events: list[Event], audience: Audience) -> str:
    session = session_recap(events, MANEUVERS, "", audience=audience)
    return "\n".join(row for part in session.parts for row in (*part.rows, *part.changed))


def _bandit_fight() -> tuple[Campaign, list[Event]]:
    state = demo_campaign(MANEUVERS)  # the Bandit: health 20, armor 1
    state, first = _bandit_hurt(state, 8)  # 7 through armor: 13 left
    state, second = _bandit_hurt(state, 5)  # 4 through armor: 9 left
    return state, [first, second]


def test_the_players_hear_a_foe_s_health_in_words_and_the_gm_in_numbers() -> None:
    state, events = _bandit_fight()
    told = _lines(events, players(state))
    assert "Bandit bloodied" in told  # 20 → 9: half or less
    assert "20" not in told and "→ 9" not in told and "13" not in told
    whole = _lines(events, GM)
    assert "Bandit Health 20 → 9" in whole


def test_without_the_foe_s_start_a_hurt_foe_is_hurt() -> None:
    _, events = _bandit_fight()
    told = _lines(events, PLAYERS)
    assert "Bandit hurt" in told
    assert "13" not in told and "→ 9" not in told


@pytest.mark.parametrize(
    ("before", "after", "top", "words"),
    [
        (20, 13, 20, "hurt"),
        (20, 5, 20, "near death"),
        (13, 9, 20, "hurt → bloodied"),
        (9, 0, 20, "bloodied → down"),
        (9, 0, None, "down"),
        (9, 12, None, "better"),
        (13, 12, 20, "hurt"),
    ],
)
def test_a_foe_s_health_change_in_the_players_words(
    before: int, after: int, top: int | None, words: str
) -> None:
    assert health_change(before, after, top) == words


def test_a_secret_note_is_the_gm_s_alone() -> None:
    state = demo_campaign(HOUSE)
    said = edits.note(state, "the reeve lies", secret=True).event
    open_note = edits.note(state, "rain all night").event
    events = [said, open_note]
    players_notes = session_recap(events, HOUSE, "", audience=PLAYERS).parts[-1].rows
    gm_notes = session_recap(events, HOUSE, "", audience=GM).parts[-1].rows
    assert players_notes == ("rain all night",)
    assert gm_notes == ("(secret) the reeve lies", "rain all night")


def test_level_up_names_the_new_move_the_rules_give() -> None:
    state = demo_campaign(HOUSE)
    state = set_field(state, HOUSE, "Isolde.xp", "20").state
    event = edits.do_level_up(state, HOUSE, "Isolde").event
    assert "level 1 → 3" in event.results
    assert (
        "choose a new move from your playbook, or from an insert you've unlocked (2 to choose)"
        in event.results
    )


def _campaign(tmp_path: Path, ruleset: str) -> Path:
    path = tmp_path / f"{ruleset}.toml"
    done = run_cli("new", str(path), "--ruleset", ruleset, "--demo")
    assert done.returncode == 0, done.stderr
    return path


def test_the_recap_from_the_shell_keeps_the_gm_s_secrets(tmp_path: Path) -> None:
    path = _campaign(tmp_path, "maneuvers")
    for args in (
        ("foe", str(path), "Bandit", "--hurt", "12"),
        ("note", str(path), "--secret", "ambush"),
    ):
        done = run_cli(*args)
        assert done.returncode == 0, done.stderr
    recap = run_cli("log", str(path), "--recap")
    assert recap.returncode == 0, recap.stderr
    assert "Bandit bloodied" in recap.stdout and "20 → 9" not in recap.stdout
    assert "ambush" not in recap.stdout
    whole = run_cli("log", str(path), "--markdown", "--gm")
    assert whole.returncode == 0, whole.stderr
    assert "Bandit Health 20 → 9" in whole.stdout and "(secret) ambush" in whole.stdout


def test_gear_is_told_by_its_name(tmp_path: Path) -> None:
    path = _campaign(tmp_path, "hack")
    done = run_cli("gear", str(path), "big_weapon", "--as", "Grusha", "--drop")
    assert done.returncode == 0, done.stderr
    recap = run_cli("log", str(path), "--recap").stdout
    assert "Changed: gear Big weapon, Medium armor" in recap
    assert "big_weapon" not in recap and "medium_armor" not in recap
