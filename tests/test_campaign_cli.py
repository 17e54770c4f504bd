"""The campaign commands as a GM runs them: one process per command, JSON out, the file on disk."""

from __future__ import annotations

import json
import subprocess
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cli_run import run_cli
from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import edits
from hearthroll.core.verbs.pool import reroll
from hearthroll.core.verbs.session import make_move
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HOUSE = CATALOG.ruleset("house")

MOVE_KEYS = {
    "event", "move", "actor", "mechanic", "dice", "kept", "dropped", "band", "label", "bust",
    "only_ones", "xp_gained", "rerolls_left", "pool", "text", "options", "deltas",
}  # fmt: skip
CHARACTER_KEYS = {
    "name", "level", "xp", "rerolls_left", "hp", "holds", "stats", "meters", "maxima", "armor",
    "load", "max_load", "gear",
}  # fmt: skip
STEADING_KEYS = {
    "name", "size", "season", "fortunes", "surplus", "population", "prosperity", "defenses",
    "flags",
}  # fmt: skip
TURN_KEYS = {"actor", "pool", "pending_bust"}


def hearthroll(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run one `hearthroll` command in `folder`, as a person would."""
    return run_cli(*args, cwd=folder)


def ok(folder: Path, *args: str) -> Any:
    """Run a command that must succeed, with --json, and return what it printed."""
    result = hearthroll(folder, *args, "--json")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return json.loads(result.stdout)


def refused(folder: Path, *args: str) -> str:
    """Run a command that must be refused: exit 2, one line on stderr, no traceback."""
    result = hearthroll(folder, *args)
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("hearthroll: ")
    assert "Traceback" not in result.stderr and result.stdout == ""
    return lines[0]


def sections(text: str) -> str:
    """The state file's `[characters…]`, `[steading…]` and `[turn…]` tables, as text."""
    start = text.index("\n[characters.")
    end = text.index("\n[history]")
    return text[start:end]


def game(text: str) -> dict[str, Any]:
    """The state file parsed, without the log's bookkeeping."""
    data = tomllib.loads(text)
    return {k: v for k, v in data.items() if k not in ("last_event", "history")}


def disk(folder: Path) -> dict[str, bytes]:
    """Every file of the campaign (state and journal), by name, as bytes."""
    return {
        str(p.relative_to(folder)): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.name.endswith(".lock")
    }


@pytest.fixture
def camp(tmp_path: Path) -> Path:
    """A demo campaign, `camp.toml`, in a folder of its own; commands run in that folder.

    Made in this process, as `new camp.toml --demo` makes it, to keep the suite quick."""
    CampaignStore.create(tmp_path / "camp.toml", demo_campaign(HOUSE), CATALOG).close()
    return tmp_path


def play(folder: Path, *steps: Callable[[Campaign], Outcome]) -> None:
    """Make events in this process, as a command would: open, make one event, save, close."""
    for step in steps:
        with CampaignStore.open(folder / "camp.toml", CATALOG) as store:
            store.commit(step(store.state))


def pool(wanted: str, *faces: int, **options: Any) -> Callable[[Campaign], Outcome]:
    """A move made with typed faces; any damage it deals rolls a 3."""
    return lambda state: make_move(
        state, HOUSE, wanted, TypedDice(faces), effect_dice=TypedDice([3]), **options
    )


def character(state: dict[str, Any], name: str) -> dict[str, Any]:
    return next(c for c in state["characters"] if c["name"] == name)


# --- the whole flow -------------------------------------------------------------------------


def test_a_turn_a_muster_a_winter_trade_a_season_and_an_undo(tmp_path: Path) -> None:
    created = ok(tmp_path, "new", "camp.toml", "--demo")
    assert created["ruleset"] == "house"
    assert [c["name"] for c in created["characters"]] == ["Brannoc", "Isolde", "Wren"]

    first = ok(tmp_path, "move", "camp.toml", "clash", "--dice", "4", "--effect-dice", "3")
    assert MOVE_KEYS.issubset(first)
    assert (first["event"], first["move"], first["actor"]) == ("move", "clash", "Brannoc")
    assert (first["mechanic"], first["pool"], first["dice"]) == ("pool", 1, [4])
    assert first["band"] == "weak" and first["bust"] is False

    second = ok(tmp_path, "move", "camp.toml", "clash", "--dice", "4,5", "--effect-dice", "3")
    assert second["pool"] == 2 and second["kept"] == [4, 5]

    third = ok(tmp_path, "move", "camp.toml", "clash", "--dice", "1,6,3")
    assert third["pool"] == 3 and third["bust"] is True and third["band"] == "miss"
    assert third["xp_gained"] == 0 and third["rerolls_left"] == 2
    assert ok(tmp_path, "state", "camp.toml")["turn"]["pending_bust"] is True

    saved = ok(tmp_path, "reroll", "camp.toml", "--dice", "5", "--effect-dice", "2")
    assert saved["event"] == "reroll" and saved["dice"] == [5, 6, 3]
    assert saved["band"] == "strong" and saved["rerolls_left"] == 1

    stopped = ok(tmp_path, "stop", "camp.toml")
    assert stopped["event"] == "stop" and stopped["rerolls_left"] == 2
    state = ok(tmp_path, "state", "camp.toml")
    assert state["turn"]["pool"] == 0 and state["turn"]["actor"] is None
    assert character(state, "Brannoc")["rerolls_left"] == 2

    muster = ok(
        tmp_path, "move", "camp.toml", "muster", "--dice", "3,6",
        "--pick", "defenses", "--pick", "holds_without_you",
    )  # fmt: skip
    assert muster["mechanic"] == "stat_dice" and muster["kept"] == [6]
    assert muster["options"] == ["defenses", "holds_without_you"]
    steading = ok(tmp_path, "state", "camp.toml")["steading"]
    assert (steading["fortunes"], steading["defenses"]) == (0, 2)
    assert "mustered" in steading["flags"]

    ok(tmp_path, "set", "camp.toml", "steading.season", "winter")
    trade = ["move", "camp.toml", "trade_and_barter", "--value", "1", "--input", "deal=buy"]
    # Prosperity 1 − Value 1 = 0: two dice keep the lowest, and winter adds one more.
    refused(tmp_path, *trade, "--dice", "3,5")
    bought = ok(tmp_path, *trade, "--dice", "3,5,6")
    assert bought["kept"] == [3] and bought["dropped"] == [5, 6] and bought["band"] == "miss"
    assert any("winter" in m for m in bought["modifiers"])

    season = ok(tmp_path, "move", "camp.toml", "seasons_change", "--dice", "4,2")
    assert season["kept"] == [2]  # Fortunes 0: two dice, keep the lowest
    steading = ok(tmp_path, "state", "camp.toml")["steading"]
    assert steading["season"] == "spring" and steading["fortunes"] == 1
    assert "mustered" not in steading["flags"] and steading["defenses"] == 1

    undone = ok(tmp_path, "undo", "camp.toml")
    assert undone["event"] == "undo" and undone["target"] == season["seq"]
    steading = ok(tmp_path, "state", "camp.toml")["steading"]
    assert steading["season"] == "winter" and steading["fortunes"] == 0
    assert "mustered" in steading["flags"] and steading["defenses"] == 2

    ok(tmp_path, "redo", "camp.toml")
    assert ok(tmp_path, "state", "camp.toml")["steading"]["season"] == "spring"

    log = ok(tmp_path, "log", "camp.toml")
    assert isinstance(log, list)
    assert [e["event"] for e in log] == [
        "move", "move", "move", "reroll", "stop", "move", "set", "move", "move", "undo", "redo",
    ]  # fmt: skip
    assert [e["seq"] for e in log] == list(range(1, 12))


def test_state_json_has_the_sheets_the_steading_and_the_turn(camp: Path) -> None:
    state = ok(camp, "state", "camp.toml")
    assert {"ruleset", "characters", "steading", "turn"} <= set(state)
    assert isinstance(state["characters"], list) and len(state["characters"]) == 3
    for sheet in state["characters"]:
        assert CHARACTER_KEYS.issubset(sheet)
        assert "conditions" not in sheet  # the house game marks none on a character
    assert STEADING_KEYS.issubset(state["steading"])
    assert TURN_KEYS.issubset(state["turn"])
    brannoc = character(state, "Brannoc")
    assert (brannoc["level"], brannoc["xp"], brannoc["rerolls_left"]) == (2, 3, 2)
    assert state["steading"]["size"] == "village" and state["steading"]["season"] == "spring"
    assert state["turn"] == state["turn"] | {"actor": None, "pool": 0, "pending_bust": False}


def test_an_accepted_bust_in_json(camp: Path) -> None:
    play(camp, pool("defend", 5))
    ok(camp, "move", "camp.toml", "defend", "--dice", "1,1")
    taken = ok(camp, "accept", "camp.toml")
    assert taken["event"] == "accept" and taken["xp_gained"] == 2 and taken["only_ones"]
    assert character(ok(camp, "state", "camp.toml"), "Brannoc")["xp"] == 5


def test_a_bust_no_reroll_can_save_ends_the_turn_at_once(camp: Path) -> None:
    ok(camp, "move", "camp.toml", "clash", "--as", "Isolde", "--dice", "1")
    final = hearthroll(camp, "reroll", "camp.toml", "--dice", "1")
    assert final.returncode == 0, final.stderr
    assert "accept it" not in final.stdout
    assert "the turn ends" in final.stdout and "XP +1 (5 → 6)" in final.stdout
    assert "accept" in refused(camp, "accept", "camp.toml")
    assert character(ok(camp, "state", "camp.toml"), "Isolde")["xp"] == 6
    again = ok(camp, "move", "camp.toml", "clash", "--as", "Isolde", "--dice", "4",
               "--effect-dice", "3")  # fmt: skip
    assert (again["pool"], again["band"]) == (1, "weak")


# --- undo and redo across restarts ----------------------------------------------------------

CLASH = ("move", "camp.toml", "clash", "--dice", "4", "--effect-dice", "3")
EVENTS: dict[str, tuple[tuple[Callable[[Campaign], Outcome], ...], str]] = {
    "a first clash": ((), "move camp.toml clash --dice 4 --effect-dice 3"),
    "a saved bust": ((pool("defend", 1),), "reroll camp.toml --dice 6"),
    "an accepted bust": ((pool("defend", 6), pool("defend", 1, 1)), "accept camp.toml"),
    "a stop": ((pool("clash", 4),), "stop camp.toml"),
    "another character's move": (
        (pool("clash", 4),),
        "move camp.toml volley --as Wren --dice 6 --effect-dice 2",
    ),
    "a muster": ((), "move camp.toml muster --dice 3,6 --pick defenses --pick potential"),
    "a hold": ((), "hold camp.toml readiness +2 --as Brannoc"),
    "a level up": (
        (lambda state: edits.set_field(state, HOUSE, "Wren.xp", "20"),),
        "level-up camp.toml --as Wren",
    ),
}
"""Each event to undo: the events made before it, and the command that makes it."""


@pytest.mark.parametrize("name", list(EVENTS))
def test_undo_in_a_new_process_puts_the_state_file_back(camp: Path, name: str) -> None:
    setup, command = EVENTS[name]
    play(camp, *setup)
    path = camp / "camp.toml"
    before = path.read_text(encoding="utf-8")
    ok(camp, *command.split())
    after = path.read_text(encoding="utf-8")
    assert sections(after) != sections(before)

    ok(camp, "undo", "camp.toml")
    undone = path.read_text(encoding="utf-8")
    assert game(undone) == game(before)
    assert sections(undone) == sections(before)

    ok(camp, "redo", "camp.toml")
    redone = path.read_text(encoding="utf-8")
    assert game(redone) == game(after)
    assert sections(redone) == sections(after)


def test_undo_twice_in_new_processes_walks_back_two_events(camp: Path) -> None:
    path = camp / "camp.toml"
    start = path.read_text(encoding="utf-8")
    play(
        camp,
        pool("clash", 4),
        lambda state: edits.set_field(state, HOUSE, "steading.size", "hamlet"),
    )
    ok(camp, "undo", "camp.toml")
    ok(camp, "undo", "camp.toml")
    assert sections(path.read_text(encoding="utf-8")) == sections(start)
    state = ok(camp, "state", "camp.toml")
    assert state["can_undo"] is False and state["can_redo"] is True


def test_a_new_event_after_an_undo_leaves_nothing_to_redo(camp: Path) -> None:
    play(camp, pool("clash", 4))
    ok(camp, "undo", "camp.toml")
    ok(camp, "note", "camp.toml", "The", "wolves", "howl")
    assert "redo" in refused(camp, "redo", "camp.toml")


# --- the lock ---------------------------------------------------------------------------------


def test_a_campaign_open_in_another_hearthroll_is_refused(camp: Path) -> None:
    files = disk(camp)
    store = CampaignStore.open(camp / "camp.toml", CATALOG)
    try:
        message = refused(camp, *CLASH)
        assert "open in another hearthroll" in message
        assert disk(camp) == files
    finally:
        store.close()
    assert ok(camp, *CLASH)["pool"] == 1


# --- usage errors ---------------------------------------------------------------------------

BAD = {
    "an unknown move": ("move camp.toml fighting --dice 4", "Clash"),
    "a move several match alike": ("move camp.toml atack --dice 4", "Clash, Volley"),
    "an unknown character": ("move camp.toml clash --as Nobody --dice 4 --effect-dice 3", "Nobody"),
    "too many dice": ("move camp.toml clash --dice 4,4 --effect-dice 3", "too many"),
    "too few dice": ("move camp.toml muster --dice 4", "not enough"),
    "a face of 7": ("move camp.toml clash --dice 7 --effect-dice 3", "7"),
    "a hold spent that is not held": ("hold camp.toml readiness -5 --as Brannoc", "Readiness"),
    "hp past its maximum": ("set camp.toml Brannoc.hp 99", "99"),
    "a size no steading has": ("set camp.toml steading.size metropolis", "metropolis"),
    "a field the ruleset does not have": ("set camp.toml Brannoc.charisma 3", "charisma"),
    "a negative value": (
        "move camp.toml trade_and_barter --value -1 --input deal=buy --dice 2,6",
        "Value",
    ),
    "a reroll with no bust": ("reroll camp.toml --dice 3", "bust"),
    "an undo with nothing done": ("undo camp.toml", "undo"),
    "an option the command does not have": ("move camp.toml clash --bogus", "--bogus"),
}
"""Each refused command, and a word its message must say."""


@pytest.mark.parametrize("name", list(BAD))
def test_a_usage_error_is_one_line_exit_2_and_changes_nothing(camp: Path, name: str) -> None:
    command, mentions = BAD[name]
    files = disk(camp)
    message = refused(camp, *command.split())
    assert mentions in message
    assert disk(camp) == files


def test_a_usage_error_while_a_bust_waits_changes_nothing(camp: Path) -> None:
    play(camp, pool("clash", 4), pool("defend", 1, 4))
    files = disk(camp)
    refused(camp, "move", "camp.toml", "defend", "--dice", "5,5,5")
    refused(camp, "move", "camp.toml", "volley", "--as", "Wren", "--dice", "5")
    refused(camp, "reroll", "camp.toml", "--dice", "2,2")
    assert disk(camp) == files


# --- the log ----------------------------------------------------------------------------------


def test_log_markdown_is_a_recap_with_moves_dice_and_bands(camp: Path) -> None:
    play(
        camp,
        pool("clash", 4),
        pool("defend", 1, 6),
        lambda state: reroll(state, HOUSE, TypedDice([2])),
        pool("muster", 3, 4, picks=["defenses"]),
        lambda state: edits.note(state, "The bridge burns"),
        lambda state: edits.set_field(state, HOUSE, "steading.season", "winter"),
    )
    ok(camp, "undo", "camp.toml")
    result = hearthroll(camp, "log", "camp.toml", "--markdown")
    assert result.returncode == 0, result.stderr
    recap = result.stdout
    assert recap.startswith("# ")
    for words in ("Clash", "Defend", "Muster", "Success, no 6", "Bust", "Success with a 6",
                  "4–5", "The bridge burns", "1 6", "2 6", "3 4"):  # fmt: skip
        assert words in recap, words
    assert "winter" not in recap  # the undone set is no part of the story


def test_log_json_is_the_list_of_events(camp: Path) -> None:
    play(camp, pool("clash", 4), lambda state: edits.note(state, "Night falls"))
    log = ok(camp, "log", "camp.toml")
    assert [e["event"] for e in log] == ["move", "note"]
    assert MOVE_KEYS.issubset(log[0])
    assert log[0]["dice"] == [4] and log[0]["band"] == "weak"
    assert log[1]["text"] == "Night falls"
