"""The players' view: it follows the GM's campaign from another process (moves, undo, a torn
tail waited out, a file removed and back), never writes a byte, and never shows what is the
GM's own: secret notes, a foe's exact health, the odds unless allowed."""

from __future__ import annotations

import asyncio
import html
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from cli_run import run_cli
from hearthroll.core.campaign.secrets import health_words
from hearthroll.core.rules.model import Catalog
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui.view.app import ViewApp
from hearthroll.tui.view.screen import PlayersScreen
from hearthroll.tui.widgets.tracks_pane import TracksView, render_tracks

CATALOG: Catalog = load_catalog()
TIMEOUT = 60.0
"""Seconds a condition may take to come true on a loaded machine (never a measure of speed)."""


async def until(pilot: Pilot[None], condition: Callable[[], bool], what: str) -> None:
    """Wait for `condition`, polling, for as long as TIMEOUT; fail naming `what`."""
    loop = asyncio.get_running_loop()
    end = loop.time() + TIMEOUT
    while not condition():
        if loop.time() > end:
            raise AssertionError(f"the view never showed {what}")
        await pilot.pause(0.05)


def screen_of(app: ViewApp) -> PlayersScreen:
    screen = app.screen
    assert isinstance(screen, PlayersScreen)
    return screen


def seen_text(app: ViewApp) -> str:
    """Every character on the screen now (the screenshot's text, without its markup)."""
    svg = app.export_screenshot()
    return html.unescape("".join(re.findall(r">([^<>]*)</text>", svg))).replace("\xa0", " ")


def shell(*args: str) -> None:
    result = run_cli(*args)
    assert result.returncode == 0, result.stderr


async def shell_later(*args: str) -> None:
    """A GM's command in another process, while the view keeps running."""
    await asyncio.to_thread(shell, *args)


def log_texts(app: ViewApp) -> list[str]:
    view = screen_of(app).view
    assert view is not None
    return [line.text for line in view.log.lines]


def last_roll_title(app: ViewApp) -> str | None:
    view = screen_of(app).view
    assert view is not None
    return view.tray.roll.title if view.tray.roll is not None else None


async def test_the_view_follows_moves_from_the_shell_and_their_undo(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    shell("new", str(path), "--demo")
    app = ViewApp(path, CATALOG)
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: screen_of(app).view is not None, "its first frame")
        assert "Brannoc" in seen_text(app) and "Isolde" in seen_text(app)
        await shell_later("move", str(path), "clash", "--dice", "4")
        await until(pilot, lambda: last_roll_title(app) == "Brannoc: Clash", "the Clash")
        assert "Success, no 6" in log_texts(app)[-1]
        await shell_later("move", str(path), "clash", "--dice", "1,6")
        await until(pilot, lambda: len(log_texts(app)) == 2, "the second Clash")
        view = screen_of(app).view
        assert view is not None and view.tray.roll is not None and view.tray.roll.pending
        await shell_later("undo", str(path))
        await until(pilot, lambda: len(log_texts(app)) == 3, "the undo")
        view = screen_of(app).view
        assert view is not None
        assert [line.undone for line in view.log.lines] == [False, True, False]
        assert view.tray.roll is not None and not view.tray.roll.pending
        assert "SUCCESS, NO 6" in seen_text(app)


def _commit_note(path: Path, text: str, *, secret: bool = False) -> None:
    from hearthroll.core.verbs.edits import note
    from hearthroll.store.campaigns import CampaignStore

    with CampaignStore.open(path, CATALOG) as store:
        store.commit(note(store.state, text, secret=secret))


async def test_a_torn_tail_is_waited_out_then_shown_once_whole(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    shell("new", str(path), "--demo")
    _commit_note(path, "the first")
    # The same campaign one event further, made aside: its bytes are what the GM's save writes.
    ahead = tmp_path / "ahead" / "camp.toml"
    ahead.parent.mkdir()
    shutil.copy(path, ahead)
    shutil.copytree(path.with_suffix(".journal"), ahead.with_suffix(".journal"))
    _commit_note(ahead, "the second")
    segment = path.with_suffix(".journal") / "00000001.toml"
    whole = (ahead.with_suffix(".journal") / "00000001.toml").read_bytes()
    have = segment.read_bytes()
    new = whole[len(have) :]
    app = ViewApp(path, CATALOG)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        await until(pilot, lambda: screen.view is not None, "its first frame")
        reads = screen.following.reads
        with segment.open("ab") as out:
            out.write(new[: len(new) // 2])  # the save is cut half-way through the event
        await until(pilot, lambda: screen.following.reads > reads, "a read of the torn tail")
        assert screen.following.trouble is None
        assert log_texts(app) == ["GM: the first"]
        with segment.open("ab") as out:
            out.write(new[len(new) // 2 :])
        shutil.copy(ahead, path.with_name("camp.toml.tmp"))
        path.with_name("camp.toml.tmp").replace(path)
        await until(pilot, lambda: len(log_texts(app)) == 2, "the event once whole")
        assert log_texts(app) == ["GM: the first", "GM: the second"]
        assert screen.following.trouble is None


async def test_a_removed_campaign_says_so_keeps_its_view_and_follows_when_back(
    tmp_path: Path,
) -> None:
    path = tmp_path / "camp.toml"
    shell("new", str(path), "--demo")
    _commit_note(path, "before")
    kept = tmp_path / "kept.toml"
    app = ViewApp(path, CATALOG)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        await until(pilot, lambda: screen.view is not None, "its first frame")
        path.rename(kept)
        await until(pilot, lambda: "removed" in (screen.following.trouble or ""), "the removal")
        assert "camp.toml was removed" in seen_text(app)
        assert log_texts(app) == ["GM: before"]
        kept.rename(path)
        _commit_note(path, "after")
        await until(pilot, lambda: len(log_texts(app)) == 2, "the note after it came back")
        assert screen.following.trouble is None


async def test_a_copy_restored_from_before_is_followed_with_its_own_log(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    shell("new", str(path), "--demo")
    _commit_note(path, "kept")
    copy = tmp_path / "copy"
    copy.mkdir()
    shutil.copy(path, copy / "camp.toml")
    shutil.copytree(path.with_suffix(".journal"), copy / "camp.journal")
    _commit_note(path, "lost")
    _commit_note(path, "lost too")
    app = ViewApp(path, CATALOG)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        await until(pilot, lambda: len(log_texts(app)) == 3, "its first frame")
        shutil.rmtree(path.with_suffix(".journal"))
        shutil.copytree(copy / "camp.journal", path.with_suffix(".journal"))
        shutil.copy(copy / "camp.toml", path.with_name("camp.toml.tmp"))
        path.with_name("camp.toml.tmp").replace(path)
        await until(pilot, lambda: log_texts(app) == ["GM: kept"], "the restored log")
        assert screen.following.trouble is None
        _commit_note(path, "played on")
        await until(pilot, lambda: len(log_texts(app)) == 2, "the note after the restore")
        assert log_texts(app) == ["GM: kept", "GM: played on"]


async def test_another_campaign_in_its_place_is_said_and_the_last_view_stays(
    tmp_path: Path,
) -> None:
    path = tmp_path / "camp.toml"
    shell("new", str(path), "--demo")
    _commit_note(path, "ours")
    app = ViewApp(path, CATALOG)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = screen_of(app)
        await until(pilot, lambda: screen.view is not None, "its first frame")
        path.unlink()
        shutil.rmtree(path.with_suffix(".journal"))
        shell("new", str(path), "--ruleset", "starforged", "--demo")
        await until(pilot, lambda: "another" in (screen.following.trouble or ""), "the change")
        assert log_texts(app) == ["GM: ours"]
        assert "Brannoc" in seen_text(app)


def _files(folder: Path) -> dict[Path, tuple[bytes, int]]:
    return {
        p: (p.read_bytes(), p.stat().st_mtime_ns) for p in sorted(folder.rglob("*")) if p.is_file()
    }


async def test_the_view_never_writes_a_byte_nor_takes_the_lock(tmp_path: Path) -> None:
    folder = tmp_path / "table"
    folder.mkdir()
    path = folder / "camp.toml"
    shell("new", str(path), "--demo")
    shell("move", str(path), "clash", "--dice", "4")
    shell("note", str(path), "the duke lies", "--secret")
    lock = path.with_name("camp.toml.lock")
    lock.unlink(missing_ok=True)
    before = _files(folder)
    app = ViewApp(path, CATALOG)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = screen_of(app)
        await until(pilot, lambda: screen.view is not None, "its first frame")
        # Every kind of key: the GM's table keys do nothing here.
        for key in ("u", "U", "slash", "n", "x", "e", "a", "s", "r", "ctrl+r", "ctrl+p"):
            await pilot.press(key)
        await pilot.press("up", "down", "pageup", "home", "end", "enter")
        await pilot.press("question_mark")
        await pilot.press("escape")
        reads = screen.following.reads
        path.touch()  # a change seen: the view reads the campaign again
        before[path] = (path.read_bytes(), path.stat().st_mtime_ns)
        await until(pilot, lambda: screen.following.reads > reads, "a read after the touch")
        await pilot.press("q")
    assert _files(folder) == before
    assert not lock.exists()


async def test_secret_notes_and_a_foes_exact_health_never_show(tmp_path: Path) -> None:
    path = tmp_path / "ford.toml"
    shell("new", str(path), "--ruleset", "maneuvers", "--demo")
    shell("move", str(path), "kick", "--as", "Brannoc", "--at", "Bandit", "--dice", "15")
    shell("note", str(path), "the bandit is the duke's son", "--secret")
    shell("note", str(path), "rain on the ford")
    shell("hurt", str(path), "5", "--foe", "Ogre")  # armor 2: 40 → 37
    app = ViewApp(path, CATALOG)
    async with app.run_test(size=(120, 36)) as pilot:
        screen = screen_of(app)
        await until(pilot, lambda: screen.view is not None, "its first frame")
        text = seen_text(app)
        logged = "\n".join(log_texts(app))
        assert "duke's son" not in text and "duke's son" not in logged
        assert "rain on the ford" in logged
        view = screen.view
        assert view is not None and view.fight is not None
        healths = {foe.name: foe.health for foe in view.fight.foes}
        assert healths["Ogre"] == "hurt"
        assert healths["Bandit"] in ("hurt", "bloodied", "near death")
        assert "unhurt" not in healths.values()
        for shown in (text, logged):
            assert "health 20" not in shown and "/20" not in shown and "/40" not in shown
            assert "37" not in shown
        assert healths["Bandit"] in text
        await shell_later("undo", str(path))  # the undone hurt: the Ogre is whole again
        await until(pilot, lambda: len(log_texts(app)) == 4, "the undo")
        view = screen.view
        assert view is not None and view.fight is not None
        assert {f.name: f.health for f in view.fight.foes}["Ogre"] == "unhurt"


async def test_the_undo_of_a_secret_note_shows_no_more_than_the_note(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    shell("new", str(path), "--demo")
    shell("note", str(path), "the well is poisoned", "--secret")
    shell("undo", str(path))
    app = ViewApp(path, CATALOG)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: screen_of(app).view is not None, "its first frame")
        assert log_texts(app) == []


async def test_the_players_log_has_no_numbers_to_tell_of_a_secret_note(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    shell("new", str(path), "--demo")
    shell("note", str(path), "the wolves are coming")
    shell("note", str(path), "the well is poisoned", "--secret")
    shell("note", str(path), "the bell rings")
    shell("undo", str(path))
    app = ViewApp(path, CATALOG)
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: screen_of(app).view is not None, "its first frame")
        assert log_texts(app) == [
            "GM: the wolves are coming",
            "GM: the bell rings",
            "undo: GM: the bell rings",
        ]
        text = seen_text(app)
        assert "GM: the wolves are coming" in text
        assert not re.search(r"#\d", text), "an event number is on the players' screen"


async def test_the_players_sheets_and_tracks_name_none_of_the_gms_keys(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    shell("new", str(path), "--demo")
    shell("set", str(path), "Brannoc.xp", "10")
    app = ViewApp(path, CATALOG)
    async with app.run_test(size=(160, 40)) as pilot:
        await until(pilot, lambda: "ready to Level Up" in seen_text(app), "Brannoc ready")
        assert "(L)" not in seen_text(app)
    assert str(render_tracks(TracksView(), keys=False)) == "no tracks yet"
    assert "T makes one" in str(render_tracks(TracksView()))


@pytest.mark.parametrize("odds", [True, False])
async def test_odds_show_only_when_the_gm_allows_them(tmp_path: Path, odds: bool) -> None:
    path = tmp_path / "camp.toml"
    shell("new", str(path), "--demo")
    shell("move", str(path), "clash", "--dice", "4")
    app = ViewApp(path, CATALOG, odds=odds)
    async with app.run_test(size=(120, 36)) as pilot:
        await until(pilot, lambda: screen_of(app).view is not None, "its first frame")
        view = screen_of(app).view
        assert view is not None
        text = seen_text(app)
        if odds:
            assert view.tray.odds is not None and "bust" in view.tray.odds
            assert view.tray.odds in text
        else:
            assert view.tray.odds is None
            assert "bust" not in text and "%" not in text


@pytest.mark.parametrize(
    ("health", "top", "words"),
    [
        (20, 20, "unhurt"),
        (19, 20, "hurt"),
        (11, 20, "hurt"),
        (10, 20, "bloodied"),
        (6, 20, "bloodied"),
        (5, 20, "near death"),
        (1, 20, "near death"),
        (0, 20, "down"),
        (8, 30, "bloodied"),
        (7, 30, "near death"),
        (1, 1, "unhurt"),
        (0, 1, "down"),
    ],
)
def test_a_foes_health_in_words(health: int, top: int, words: str) -> None:
    assert health_words(health, top) == words


def test_a_secret_note_is_marked_in_the_file_and_the_gms_log_and_absent_otherwise(
    tmp_path: Path,
) -> None:
    path = tmp_path / "camp.toml"
    shell("new", str(path), "--demo")
    shell("note", str(path), "the duke lies", "--secret")
    shell("note", str(path), "it rains")
    journal = (path.with_suffix(".journal") / "00000001.toml").read_text()
    first, second = journal.split("[[events]]")[1:]
    assert "secret = true" in first and "secret" not in second
    log = run_cli("log", str(path)).stdout
    assert "GM (secret): the duke lies" in log and "GM: it rains" in log
    recap = run_cli("log", str(path), "--markdown").stdout
    assert "the duke lies" not in recap and "it rains" in recap


async def test_the_gms_note_typed_with_a_bang_first_is_secret(tmp_path: Path) -> None:
    from test_tui_helpers import demo, settle, type_into

    app = demo(tmp_path / "data")
    async with app.run_test(size=(120, 36)) as pilot:
        for words in ("!the miller is the thief", "the mill burns"):
            await pilot.press("n")
            await type_into(pilot, "#line", words)
            await pilot.press("enter")
            await settle(pilot, app)
        assert app.live is not None
        secret, plain = app.live.events[-2:]
        assert (secret.text, secret.secret) == ("the miller is the thief", True)
        assert (plain.text, plain.secret) == ("the mill burns", None)
        log = app.screen.query_one("#log")
        lines = [line.text for line in log.view.lines]  # type: ignore[attr-defined]
        assert lines[-2:] == ["GM (secret): the miller is the thief", "GM: the mill burns"]


def test_a_d20s_face_drawn_large_keeps_its_box_square() -> None:
    from hearthroll.tui.views import RollView
    from hearthroll.tui.widgets.dice_tray import big_faces

    roll = RollView(
        seq=1,
        title="Kick",
        mechanic="d20",
        kept=(15,),
        dropped=(3,),
        total=16,
        band="hit",
        label="Lands",
        words="",
        text="",
        pending=False,
        picked=(),
        modifiers=(),
        results=(),
    )
    top, middle, bottom = big_faces(roll).plain.splitlines()
    assert top.startswith("╭────╮") and middle.startswith("│ 15 │")
    assert "│ 3  │" in middle and bottom.startswith("╰────╯")
