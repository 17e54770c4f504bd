"""The GM's `V`: where the players' view is served and whether it runs; when it is not, the
command to run and an offer to serve it from here, which stops with the app."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from hearthroll.store import serving
from hearthroll.tui.screens.prompt import LinePrompt
from serving import WAIT, free_port
from test_tui_helpers import demo, settle, shown, type_into

SIZE = (120, 36)


async def test_v_says_where_a_running_server_serves_the_view(data_dir: Path) -> None:
    app = demo(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert app.live is not None
        served = serving.Served(
            app.live.path.resolve(), os.getpid(), "0.0.0.0", 8000, ("http://192.168.1.20:8000",)
        )
        assert serving.keep(served) is not None
        await pilot.press("V")
        await settle(pilot, app)
        said = shown(app, "#status")
        assert "the players' view is at http://192.168.1.20:8000 (running)" in said
        assert not isinstance(app.screen, LinePrompt)
        assert app.live.state.history.events == 0


async def test_v_unserved_names_the_command_and_esc_declines_the_offer(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    monkeypatch.chdir(data_dir)  # the GM runs hearthroll in the campaign's folder
    app = demo(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("V")
        await settle(pilot, app)
        assert isinstance(app.screen, LinePrompt)
        await pilot.press("escape")
        await settle(pilot, app)
        said = shown(app, "#status")
        assert "V: not served — run: hearthroll serve" in said
        assert "demo.toml --host 0.0.0.0" in said


async def test_v_refuses_an_address_that_is_not_host_and_port(data_dir: Path) -> None:
    app = demo(data_dir)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("V")
        await settle(pilot, app)
        for typed, why in (("8000", "type HOST:PORT"), ("0.0.0.0:70000", "is not a port")):
            await type_into(pilot, "#line", typed)
            await pilot.press("enter")
            await settle(pilot, app)
            assert isinstance(app.screen, LinePrompt)
            assert why in shown(app, "#error")


async def test_v_serves_the_view_from_here_until_the_app_quits(data_dir: Path) -> None:
    app = demo(data_dir)
    port = free_port()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        assert app.live is not None
        campaign = app.live.path
        await pilot.press("V")
        await settle(pilot, app)
        await type_into(pilot, "#line", f"127.0.0.1:{port}")
        await pilot.press("enter")
        deadline = time.monotonic() + WAIT
        while "(running" not in shown(app, "#status") and time.monotonic() < deadline:
            await pilot.pause(0.1)
        said = shown(app, "#status")
        at = f"the players' view is at http://127.0.0.1:{port} (running; this machine only)"
        assert at in said
        note = serving.find(campaign)
        assert note is not None and note.pid != os.getpid()
        await pilot.press("V")
        await settle(pilot, app)
        assert f"the players' view is at http://127.0.0.1:{port} (running" in shown(app, "#status")
    assert not serving.alive(note.pid) and serving.find(campaign) is None
