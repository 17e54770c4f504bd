"""Helpers for the app's Pilot tests (a scripted dice source, waiting, reading what panes
show), and a check of the scripted dice themselves."""

from __future__ import annotations

import io
from collections.abc import Iterable
from pathlib import Path

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Input, Static

from hearthroll.core.dice.sources import TypedDice
from hearthroll.tui import build
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.flow import DiceFactory


def scripted(faces: Iterable[int] = ()) -> DiceFactory:
    """Every roll the app makes takes the next of these faces, in order."""
    source = TypedDice(tuple(faces))
    return lambda: source


def demo(data_dir: Path, faces: Iterable[int] = ()) -> HearthrollApp:
    """The app as a first run opens it: the demo party, in a fresh data folder."""
    return build(None, data_dir=data_dir, dice=scripted(faces))


def plain(renderable: object) -> str:
    """A rich renderable as plain text."""
    console = Console(record=True, width=120, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def shown(app: HearthrollApp, selector: str) -> str:
    """The plain text a Static shows on the current screen."""
    return str(app.screen.query_one(selector, Static).content)


async def settle(pilot: Pilot[None], app: HearthrollApp) -> None:
    """Let the screen catch up, and workers finish unless a modal waits for the GM: a flow
    still working out a move (not waiting on a question) is waited for too, up to 10 s on a
    loaded machine (the wait ends as soon as nothing works)."""
    await pilot.pause()
    for _ in range(500):
        busy = [w for w in app.workers if not w.is_finished and w.group != "flow"]
        gate = getattr(app, "keys", None)
        if not busy and not (gate is not None and gate._busy()):
            break
        await pilot.pause(0.02)
    await pilot.pause()


async def type_into(pilot: Pilot[None], selector: str, text: str) -> None:
    """Replace what a field holds with `text`, as if typed."""
    field = pilot.app.screen.query_one(selector, Input)
    field.focus()
    field.value = ""
    await pilot.press(*text)


async def roll_typed(pilot: Pilot[None], query: str, faces: str) -> None:
    """`/`, the query, F4 (real dice), Enter, then the faces and Enter; the dice asked after
    them (a Clash's damage) are rolled by the app, Enter on an empty line, unless the faces
    were refused."""
    await pilot.press("slash", *query, "f4", "enter")
    await pilot.pause()
    await type_into(pilot, "#faces", faces)
    await pilot.press("enter")
    await pilot.pause()
    await app_rolls_the_rest(pilot)


async def app_rolls_the_rest(pilot: Pilot[None]) -> None:
    """Enter on every dice question that follows, until none is asked or one is refused."""
    from hearthroll.tui.screens.dice_input import DiceInput

    app = pilot.app
    assert isinstance(app, HearthrollApp)
    for _ in range(10):
        await settle(pilot, app)
        screen = app.screen
        if not isinstance(screen, DiceInput) or screen.query_one("#error").display:
            return
        await type_into(pilot, "#faces", "")
        await pilot.press("enter")


def test_scripted_dice_hand_out_their_faces_in_order() -> None:
    dice = scripted([3, 1, 6])
    assert dice().roll(6, 2) == (3, 1)
    assert dice().roll(6) == (6,)


async def press(pilot: Pilot[None], app: HearthrollApp, *keys: str) -> None:
    """The keys, then everything they set going settled."""
    await pilot.press(*keys)
    await settle(pilot, app)


async def enter(pilot: Pilot[None], selector: str, text: str) -> None:
    """`text` in the field, then Enter."""
    field = pilot.app.screen.query_one(selector, Input)
    field.focus()
    field.value = text
    await pilot.press("enter")
    await pilot.pause()
