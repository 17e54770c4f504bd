"""`hearthroll view` (`cli.players`): the players' view of a demo campaign, run here without a
terminal (the app headless, driven by a pilot that looks and quits): the party and the GM's
public note on screen, never the secret one, the odds only with --odds, and not a byte of the
campaign written; and what is refused before the screen is taken (a campaign that is not there
or is damaged, a move file that cannot be read): exit 2, the file and the fix named."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from cli_verbs import files
from hearthroll.cli import main
from hearthroll.tui.view.app import ViewApp
from hearthroll.tui.view.screen import PlayersScreen

SIZE = (120, 36)


class Seen:
    """What the players' view showed before its pilot pressed q."""

    def __init__(self) -> None:
        self.runs = 0
        self.text = ""
        self.odds: bool | None = None


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> Iterator[Seen]:
    """`ViewApp.run` headless: a pilot waits for the first frame, keeps what it shows, quits."""
    kept = Seen()
    run = ViewApp.run

    def headless(app: ViewApp, **_: Any) -> Any:
        async def look(pilot: Pilot[object]) -> None:
            for _ in range(1500):  # ends as soon as the view is drawn; 30 s on a busy machine
                await pilot.pause(0.02)
                drawn = app.screen_stack and isinstance(app.screen, PlayersScreen)
                if drawn and "Brannoc" in shown(app):
                    break
            kept.text = shown(app)
            screen = app.screen
            kept.odds = screen.odds if isinstance(screen, PlayersScreen) else None
            await pilot.press("q")

        kept.runs += 1
        return run(app, headless=True, size=SIZE, auto_pilot=look)

    monkeypatch.setattr(ViewApp, "run", headless)
    yield kept


def shown(app: ViewApp) -> str:
    """Every character on the screen now (the screenshot's text, without its markup)."""
    svg = app.export_screenshot()
    return html.unescape("".join(re.findall(r">([^<>]*)</text>", svg))).replace("\xa0", " ")


@pytest.fixture
def camp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Path:
    """The house demo after a public note and a secret one."""
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "millbrook.toml"
    assert main(["new", str(path), "--ruleset", "house", "--demo"]) == 0
    assert main(["note", str(path), "The bridge groans"]) == 0
    assert main(["note", str(path), "The cult watches", "--secret"]) == 0
    capsys.readouterr()
    return path


def view(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """`hearthroll view ARGS…` in this process: its exit code, stdout and stderr."""
    code = main(["view", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_view_shows_the_party_and_the_public_note_only(
    camp: Path, seen: Seen, capsys: pytest.CaptureFixture[str]
) -> None:
    before = files(camp)
    code, _, err = view(capsys, str(camp))
    assert (code, err) == (0, "")
    assert seen.runs == 1
    for name in ("Brannoc", "Isolde", "Wren"):
        assert name in seen.text
    assert "The bridge groans" in seen.text
    assert "cult" not in seen.text
    assert seen.odds is False
    assert "% bust" not in seen.text
    assert files(camp) == before


def test_odds_are_shown_only_when_asked(
    camp: Path, seen: Seen, capsys: pytest.CaptureFixture[str]
) -> None:
    assert view(capsys, str(camp), "--odds")[0] == 0
    assert seen.odds is True
    assert "Brannoc: push: 16.7% bust, 0.5% with 2 rerolls" in seen.text


def test_a_campaign_that_is_not_there_is_refused_before_the_screen(
    tmp_path: Path, seen: Seen, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(tmp_path / "data"))
    missing = tmp_path / "nowhere.toml"
    assert view(capsys, str(missing)) == (
        2,
        "",
        f"hearthroll: there is no campaign at {missing}. Check the name and the folder, or "
        "create a new campaign there.\n",
    )
    assert seen.runs == 0 and not missing.exists()


def test_a_damaged_state_file_is_named_with_its_line_and_left_as_it_is(
    camp: Path, seen: Seen, capsys: pytest.CaptureFixture[str]
) -> None:
    camp.write_text("garbage = [\n", encoding="utf-8")
    before = files(camp)
    assert view(capsys, str(camp)) == (
        2,
        "",
        f"hearthroll: {camp}:2:1: invalid value at the end of the file. Fix the TOML there, or "
        "restore the file from a backup.\n",
    )
    assert seen.runs == 0
    assert files(camp) == before


def test_a_move_file_that_cannot_be_read_is_named(
    camp: Path, seen: Seen, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = camp.with_name("extra-moves.toml")
    assert view(capsys, str(camp), "--moves", str(missing)) == (
        2,
        "",
        f"hearthroll: {missing}:1:1: cannot be read: No such file or directory\n",
    )
    assert seen.runs == 0
