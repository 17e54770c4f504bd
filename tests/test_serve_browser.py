"""A browser at the table: headless Chromium opens `hearthroll serve`'s page, the party's names
are drawn in its terminal, and a move made from the shell shows there too."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import browser
from cli_run import run_cli
from serving import WAIT, Served, free_port, serve

CHROMIUM = browser.chromium()
pytestmark = pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium on this machine and none could be installed (.ci/run installs "
    "Debian's chromium with apt-get where it can)",
)


async def _watch(binary: str, profile: Path, served: Served, env: dict[str, str]) -> None:
    camp, port = served.campaign, served.wait_listening().port
    async with browser.headless(binary, profile) as page:
        await page.open(f"http://127.0.0.1:{port}/")
        shown = await page.wait_for_text("Brannoc", "Isolde", "Wren", "players' view", "Quit")
        assert "no roll yet" in shown and "Clash" not in shown
        moved = await asyncio.to_thread(run_cli, "move", str(camp), "clash", "--dice", "6", env=env)
        assert moved.returncode == 0, moved.stderr
        shown = await page.wait_for_text("Clash", "Success with a 6", timeout=WAIT)
        assert "no roll yet" not in shown
        status, _, err = await asyncio.to_thread(served.interrupt)  # Ctrl+C, a browser watching
        assert status == 0 and "Traceback" not in err, err


def test_a_browser_shows_the_party_and_follows_a_move_from_the_shell(tmp_path: Path) -> None:
    assert CHROMIUM is not None
    data = tmp_path / "data"
    camp = tmp_path / "camp.toml"
    env = {"HEARTHROLL_DATA_DIR": str(data)}
    assert run_cli("new", str(camp), "--demo", env=env).returncode == 0
    with serve(camp, data, "--port", str(free_port())) as served:
        asyncio.run(_watch(CHROMIUM, tmp_path / "profile", served, env))
    assert served.note is None
