"""Issue 10's evening in a real terminal at 80×24, from the keyboard only: a big weapon and heavy
armor, an attack with its −1, 6 damage soaked, a potion, a Volley thrown, Defend and Readiness
spent, 0 HP and Last Breath rolled on the table's dice; then the saved sheet has every number."""

from __future__ import annotations

from pathlib import Path

from hearthroll.core.games import gear
from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from test_tui_tmux import Terminal, pytestmark

__all__ = ["pytestmark"]


def test_the_hack_evening_at_80x24_in_a_real_terminal(tmp_path: Path) -> None:
    catalog = load_catalog(with_user=False)
    hack = catalog.ruleset("hack")
    campaign = tmp_path / "road.toml"
    with CampaignStore.create(campaign, demo_campaign(hack), catalog):
        pass
    terminal = Terminal.playing(campaign, tmp_path)
    try:
        terminal.wait_for("Grusha (Ogre)")
        terminal.keys("3")
        terminal.wait_for("Mira (Human)")
        terminal.keys("g")
        terminal.wait_for("Mira: gear")
        terminal.keys("big weapon", "Enter")
        terminal.wait_for("load 5/8")
        terminal.keys("g")
        terminal.wait_for("Mira: gear")
        terminal.keys("heavy armor", "Enter")
        terminal.wait_for("already wears Light armor")  # one armor at a time
        terminal.keys("C-u", "light armor", "Down", "Down", "Enter")
        terminal.wait_for("armor 1 · load 5/8")
        terminal.keys("g")
        terminal.wait_for("Mira: gear")
        terminal.keys("heavy armor", "Enter")
        terminal.wait_for("armor 4 · load 7/8")
        # the attack: 4 + 4 + Forceful 0 − 1 big weapon = 7, its damage on the 6 typed after /
        terminal.keys("/", "hack and slash", "F4", "Enter")
        terminal.wait_for("Hack and Slash: the roll (2d6)")
        terminal.keys("4,4 / 6", "Enter")
        screen = terminal.wait_for("−1: big weapon")
        assert "total 7" in screen and "1d10 = [6] = 6" in screen
        terminal.keys("t")
        terminal.wait_for("takes damage")
        terminal.keys("6", "Enter")
        terminal.wait_for("HP 8/10")  # 6 − 4 armor = 2
        terminal.keys("H")
        terminal.wait_for("3, or an item: healing potion")
        terminal.keys("potion", "Enter")
        terminal.wait_for("Healing potion: healing 2d3+1")  # its dice asked: Enter rolls them
        terminal.keys("Enter")
        terminal.wait_for("HP 10/10 ▰▰▰▰▰▰▰▰▰▰")  # 2d3+1 is 3 at least, up to the maximum
        # Grusha has no bow: the Volley is a throw of the big weapon, no "several shots"
        terminal.keys("1")
        terminal.wait_for("Grusha (Ogre)")
        terminal.keys("/", "volley", "F4", "Enter")
        terminal.wait_for("Volley: the roll (2d6)")
        terminal.keys("4,3 / 5", "Enter")
        screen = terminal.wait_for("pick your options")
        assert "several" not in screen and "▐ ▌ Take what you can get" in screen
        terminal.keys("2")
        terminal.wait_for("▐X▌ Take what you can get")
        terminal.keys("Enter")
        terminal.wait_for("thrown with Big weapon")
        terminal.keys("3")
        terminal.wait_for("Mira (Human)")
        terminal.keys("/", "defend", "F4", "Enter")
        terminal.wait_for("Defend: the roll (2d6)")
        terminal.keys("5,6", "Enter")
        terminal.wait_for("Readiness 0 → 3")
        terminal.keys("h")
        terminal.wait_for("gain (+N) or spend (-N)")
        terminal.keys("BSpace", "BSpace", "-", "1", "Enter")
        terminal.wait_for("Spend 1 Readiness: pick 1")
        terminal.keys("2", "Enter")
        terminal.wait_for("holds Readiness 2")
        terminal.keys("t")
        terminal.wait_for("takes damage")
        terminal.keys("30", "Enter")
        terminal.wait_for("Mira is at 0 HP: Last Breath waits")
        terminal.keys("F4", "Enter")
        terminal.wait_for("the roll (2d6)")
        terminal.keys("6,6", "Enter")
        terminal.wait_for("Not dead")
        terminal.quit()
    finally:
        terminal.close()
    with CampaignStore.open(campaign, catalog) as store:
        mira = store.state.characters["Mira"]
        assert store.state.history.events == 11
        assert (mira.meters["hp"], mira.holds, mira.waits) == (0, {"readiness": 2}, "")
        assert (gear.armor(hack, mira), gear.load(hack, mira)) == (4, 7)
        assert "healing_potion" not in {i.id for i in mira.gear}
        assert store.state.characters["Grusha"].holds == {}
