"""Fast typing: a burst of keys, sent all at once as a terminal delivers them, does what the
same keys typed slowly would do, in order, each on the screen that is there for it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual import events
from textual.app import App
from textual.pilot import Pilot
from textual.timer import Timer

from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.table import TableScreen
from test_tui_helpers import demo

NAMES = {"/": "slash", "\r": "enter", "\t": "tab", " ": "space"}


def burst(app: HearthrollApp, *keys: str) -> None:
    """Every key at once, before the app has handled any of them."""
    for key in keys:
        if len(key) == 1:
            app.post_message(events.Key(NAMES.get(key, key), key))
        else:
            app.post_message(events.Key(key, None))


async def until(pilot: Pilot[None], check: Callable[[], bool], tries: int = 100) -> None:
    """Wait (up to 2 s) for `check` to hold."""
    for _ in range(tries):
        await pilot.pause(0.02)
        if check():
            return


async def new_character_in_a_burst(tmp_path: Path) -> None:
    """`A`, Ctrl+U, "Tam", Enter in one burst: Tam joins the party, last, and the table is back."""
    app = demo(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.live is not None
        burst(app, "A", "ctrl+u", *"Tam", "\r")
        await until(pilot, lambda: "Tam" in app.live.state.characters)
        assert list(app.live.state.characters) == ["Brannoc", "Isolde", "Wren", "Tam"]
        assert isinstance(app.screen, TableScreen)


async def test_a_burst_into_a_new_field_keeps_its_order(tmp_path: Path) -> None:
    await new_character_in_a_burst(tmp_path)


async def test_a_burst_goes_through_when_textual_timers_drop_their_tick(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A one-shot Textual timer skips its only tick when the process was paused past it (a
    busy machine): the gate never waits on one, or a key would wait for good."""
    set_timer = App.set_timer

    def dropped(self: App[object], delay: float, callback: object = None, **kw: object) -> Timer:
        return set_timer(self, delay, callback, name="dropped", pause=True)  # type: ignore[arg-type]

    monkeypatch.setattr(App, "set_timer", dropped)
    await new_character_in_a_burst(tmp_path)


async def test_a_backspace_in_a_burst_deletes_the_letter_before_it(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.live is not None
        burst(app, "A", *"Tx", "backspace", *"am", "\r")
        await until(pilot, lambda: len(app.live.state.characters) == 4)
        assert "Tam" in app.live.state.characters


async def test_keys_typed_while_a_move_is_worked_out_answer_its_question(tmp_path: Path) -> None:
    """`/muster⏎2⏎` in one burst: the 2 picks the second option, it does not switch to the
    second character, and the palette is not closed twice."""
    app = demo(tmp_path, faces=[5, 5])
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.live is not None
        burst(app, "/", *"muster", "\r", "2", "\r")
        await until(pilot, lambda: bool(app.live.events))
        await until(pilot, lambda: isinstance(app.screen, TableScreen))
        (event,) = app.live.events
        assert event.move == "muster" and event.options == ("everyone_pitches_in",)
        assert isinstance(app.screen, TableScreen)
        assert app.screen.active == "Brannoc"


async def test_a_burst_through_the_palette_and_real_dice_rolls_those_faces(
    tmp_path: Path,
) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.live is not None
        burst(app, "/", *"hakc", "f4", "\r", *"4 / 3", "\r")  # a 4, and a 3 for damage
        burst(app, "/", *"clash", "f4", "\r", *"1,1", "\r")
        await until(pilot, lambda: len(app.live.events) == 2)
        first, second = app.live.events
        assert (first.move, first.kept) == ("clash", (4,))
        assert first.results == ("damage with Weapon: 1d6 = [3] = 3",)
        assert (second.move, second.dice, second.bust) == ("clash", (1, 1), True)
        assert app.live.state.turn.status == "bust_pending"
