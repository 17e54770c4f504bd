"""Every size in a real terminal: at 60×20, 80×24 and 200×60 the tray's band, the party and
the footer are on screen after a roll; at 200×60 the whole party's sheets stand side by side
and the dice are drawn large, kept and dropped apart."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from test_tui_tmux import TIMEOUT, Terminal

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


@pytest.mark.parametrize("size", [(60, 20), (80, 24), (200, 60)])
def test_the_band_the_party_and_the_footer_at_every_size(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    catalog = load_catalog(with_user=False)
    campaign = tmp_path / "table.toml"
    CampaignStore.create(campaign, demo_campaign(catalog.default), catalog).close()
    terminal = Terminal.playing(campaign, tmp_path, size)
    try:
        terminal.wait_for("Brannoc")
        terminal.keys("/", "c", "l", "a", "F4", "Enter")
        terminal.wait_for("the pool (1d6)")
        terminal.keys("4 / 3", "Enter")  # the pool's die, then the damage die after the /
        screen = terminal.wait_for("SUCCESS, NO 6")
        lines = screen.rstrip().splitlines()
        assert len(lines) <= size[1] and all(len(line) <= size[0] for line in lines)
        party = next(line for line in lines if "Brannoc" in line and "Wren" in line)
        assert "Isolde" in party
        assert "Move" in lines[-1] and "Quit" in lines[-1]  # the footer, last
        if size[0] >= 160:
            top = next(line for line in lines if "(Human)" in line)
            assert "(Ogre)" in top and "(Automaton)" in top  # sheets side by side
            assert "╭───╮" in screen and "│ 4 │" in screen  # the die drawn large
        terminal.quit(3 * TIMEOUT)  # quitting saves first: slow on a busy machine
    finally:
        terminal.close()
