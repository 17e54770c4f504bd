"""Smoke test in a real terminal (tmux, 80×24): the starforged demo plays Endure Harm with
the harm picked, a resist and real dice, then burns momentum; quit, and find it saved."""

from __future__ import annotations

import shutil
from pathlib import Path

import attrs
import pytest

from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from test_tui_tmux import Terminal

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def test_endure_harm_resisted_then_burned_in_a_real_terminal(tmp_path: Path) -> None:
    catalog = load_catalog(with_user=False)
    state = demo_campaign(catalog.ruleset("starforged"))
    kael = state.characters["Kael"]
    kael = attrs.evolve(kael, meters={**kael.meters, "momentum": 7})
    campaign = tmp_path / "forge.toml"
    with CampaignStore.create(campaign, attrs.evolve(state, characters={"Kael": kael}), catalog):
        pass
    terminal = Terminal.playing(campaign, tmp_path)
    try:
        terminal.wait_for("Find the lost beacon")  # the tracks pane
        terminal.keys("/", "e", "n", "d", "u", "r", "e", " ", "h", "F4", "Enter")
        terminal.wait_for("before the roll")
        terminal.keys("1", "Enter")  # minor harm
        terminal.wait_for("resist?")
        terminal.keys("1", "Enter")  # resist: roll
        terminal.wait_for("action die (1d6)")
        terminal.keys("2 / 3,6", "Enter")  # the action die, then the challenge dice after /
        terminal.wait_for("burn momentum?")  # asked as the roll is judged
        terminal.keys("2", "Enter")  # keep the roll
        terminal.wait_for("pick your options")
        terminal.keys("Enter")  # a weak hit's trade is "you may": none taken
        screen = terminal.wait_for("burn momentum (+7)")
        assert "action die 2 + health 4 = 6" in screen  # the tray wraps the rest at 80
        terminal.keys("b")
        terminal.wait_for("Embrace the pain")  # the strong hit's pick, asked
        terminal.keys("2", "Enter")
        terminal.wait_for("STRONG HIT")
        terminal.quit()
    finally:
        terminal.close()
    with CampaignStore.open(campaign, catalog) as store:
        assert store.state.history.events == 2
        assert store.state.characters["Kael"].meters["health"] == 4
        assert store.state.characters["Kael"].meters["momentum"] == 3  # reset, then +1
