"""The app never shows a traceback: keys typed while quitting, tiny windows, paging lists."""

from __future__ import annotations

import random
import tomllib
from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.content import Content
from textual.widgets import OptionList

from hearthroll.store.repair import check_campaign
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import guards
from hearthroll.tui.app import HearthrollApp
from test_tui_fast_keys import burst, until
from test_tui_helpers import demo, settle

CATALOG = load_catalog(with_user=False)


async def test_a_key_typed_while_quitting_is_not_a_crash(tmp_path: Path) -> None:
    app = demo(tmp_path, faces=[3, 3, 3, 3])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        burst(app, "q", "d", "d", "x")
        await until(pilot, lambda: not app.is_running)
    assert app.return_code in (0, None)


async def campaign_list_at(app: HearthrollApp, size: tuple[int, int]) -> None:
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("c")
        await settle(pilot, app)
        await pilot.resize_terminal(*size)
        await pilot.pause()
        await pilot.press("down", "pagedown", "pageup", "up")
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()


async def test_a_one_by_one_window_with_the_campaign_list_open(tmp_path: Path) -> None:
    await campaign_list_at(demo(tmp_path), (1, 1))


async def test_a_two_by_two_window_with_the_campaign_list_open(tmp_path: Path) -> None:
    await campaign_list_at(demo(tmp_path), (2, 2))


async def test_page_up_and_down_in_an_option_list(tmp_path: Path) -> None:
    app = demo(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"volley")
        await settle(pilot, app)
        lists = list(app.screen.query(OptionList))
        assert lists
        lists[-1].focus()
        await pilot.press("pagedown", "pagedown", "pageup", "pagedown", "end", "pageup")
        await pilot.pause()


class ListWithNoRoom(App[None]):
    """An option list whose highlighted option has never been laid out (no room for it)."""

    CSS = "OptionList { height: 0; }"

    def compose(self) -> ComposeResult:
        yield OptionList(*(f"option {n}" for n in range(20)))


@pytest.mark.parametrize("key", ["pagedown", "pageup"])
async def test_paging_a_list_that_has_no_room_moves_one_option(key: str) -> None:
    guards.install()
    app = ListWithNoRoom()
    async with app.run_test(size=(40, 10)) as pilot:
        options = app.query_one(OptionList)
        options.highlighted = 11
        options.focus()
        await pilot.press(key)
        await pilot.pause()
        assert options.highlighted == (12 if key == "pagedown" else 10)


KEYS = [
    *"abcdefghijklmnoprstuvwxyzABDLNRU0123456789+-/?. ",
    "enter", "escape", "tab", "shift+tab", "up", "down", "left", "right", "home", "end",
    "pageup", "pagedown", "backspace", "delete", "f4", "question_mark", "slash", "plus",
]  # fmt: skip
"""Every key a GM might hit, but quitting (q) and the terminal's own control keys."""


async def test_two_thousand_random_keys_and_fifty_resizes_never_crash(tmp_path: Path) -> None:
    rng = random.Random(9)
    app = demo(tmp_path / "data", faces=[rng.randint(1, 6) for _ in range(4000)])
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for _ in range(50):
            burst(app, *(rng.choice(KEYS) for _ in range(40)))
            await pilot.pause()
            await pilot.resize_terminal(rng.choice([1, 2, 3, 9, 40, 80, 120]), rng.randint(1, 40))
            await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await settle(pilot, app)
        assert app.live is not None
        assert app.live.saver.drain(10)
        path = app.live.path
    campaigns = sorted((tmp_path / "data").rglob("*.toml"))
    assert path in campaigns
    played = 0
    for campaign in campaigns:
        if campaign.with_suffix(".journal").exists() or campaign == path:
            assert check_campaign(campaign, CATALOG) == [], campaign
            played += tomllib.loads(campaign.read_text(encoding="utf-8"))["last_event"]
    # The keys may have opened or made another campaign by the end: the events count in all.
    assert played > 0, "2,000 keys made not one event in any campaign"


def test_text_wrapped_to_no_width_takes_one_cell() -> None:
    guards.install()
    assert Content("abcdefgh").get_height({}, 0) == 8  # one cell a line, not a ValueError
