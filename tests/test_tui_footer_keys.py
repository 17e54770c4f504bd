"""The footer shows each game's important keys, in short words, as many as fit: at 120×36
hack's gear, hurt and heal, maneuvers' round, foe and Tab target, starforged's tracks, the
house pool's push; a waiting bust's reroll and accept come first at any width. Tab picks the
target in a fight (as ← and → do) and the next character elsewhere."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.screens.help import HelpScreen
from test_tui_helpers import plain, scripted, settle, shown

CATALOG = load_catalog(with_user=False)


def table(tmp_path: Path, ruleset: str, faces: list[int] | None = None) -> HearthrollApp:
    path = tmp_path / f"{ruleset}.toml"
    CampaignStore.create(path, demo_campaign(CATALOG.ruleset(ruleset)), CATALOG).close()
    return build(path, data_dir=tmp_path / "data", dice=scripted(faces or []))


def drawn(app: HearthrollApp) -> dict[str, str]:
    """The keys the footer draws, by key, with their words; each must be inside the screen."""
    footer = app.screen.query_one(Footer)
    found = {}
    for key in footer.query(FooterKey):
        if "-command-palette" in key.classes:
            continue
        assert key.region.right <= app.size.width, key.key
        found[key.key] = key.description
    return found


SHOWN = {
    "house": ({"slash", "p", "u", "t", "H", "g", "h", "question_mark", "q"}, {"f", "N", "T"}),
    "hack": ({"slash", "u", "t", "H", "g", "h", "question_mark", "q"}, {"p", "f", "N", "T"}),
    "starforged": ({"slash", "T", "u", "question_mark", "q"}, {"p", "g", "t", "f"}),
    "maneuvers": ({"slash", "N", "tab", "f", "u", "t", "H", "question_mark", "q"}, {"p", "T"}),
}


@pytest.mark.parametrize("ruleset", list(SHOWN))
async def test_the_footer_shows_the_game_s_keys_at_120x36(tmp_path: Path, ruleset: str) -> None:
    shown_keys, absent = SHOWN[ruleset]
    app = table(tmp_path, ruleset)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        keys = drawn(app)
        assert shown_keys <= set(keys), keys
        assert not absent & set(keys), keys
        assert keys["slash"] == "Move" and keys["q"] == "Quit"
        await pilot.resize_terminal(80, 24)
        await settle(pilot, app)
        small = drawn(app)
        assert {"slash", "question_mark", "q"} <= set(small) <= set(keys)


async def test_a_waiting_bust_puts_reroll_and_accept_in_the_footer_at_80x24(
    tmp_path: Path,
) -> None:
    app = table(tmp_path, "house", [4, 3, 1, 4])  # Clash 4 (damage 3), Defend 1 4
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        for move in ("clash", "defend"):
            await pilot.press("slash", *move, "enter")
            await settle(pilot, app)
        keys = drawn(app)
        assert keys.get("r") == "Reroll" and keys.get("a") == "Accept", keys
        assert "p" not in keys


async def test_tab_picks_the_target_in_a_fight_and_the_character_elsewhere(
    tmp_path: Path,
) -> None:
    app = table(tmp_path, "maneuvers")
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot, app)
        assert "▶ Bandit" in shown(app, "#encounter")
        await pilot.press("tab")
        await settle(pilot, app)
        assert "▶ Ogre" in shown(app, "#encounter")
        assert "against Ogre" in shown(app, "#tray-next")
        await pilot.press("shift+tab")
        await settle(pilot, app)
        assert "▶ Bandit" in shown(app, "#encounter")
        await pilot.press("right")  # ← and → still aim
        await settle(pilot, app)
        assert "▶ Ogre" in shown(app, "#encounter")
        assert "Tab target" in shown(app, "#encounter")
        await pilot.press("question_mark")
        await settle(pilot, app)
        assert isinstance(app.screen, HelpScreen)
        help_text = " ".join(plain(s.content) for s in app.screen.query("Static"))
        assert "the next target" in help_text
    hack = table(tmp_path / "hack", "hack")
    async with hack.run_test(size=(120, 36)) as pilot:
        await settle(pilot, hack)
        assert "Grusha" in str(hack.screen.query_one("#sheet").border_title)
        await pilot.press("tab")
        await settle(pilot, hack)
        assert "Cog" in str(hack.screen.query_one("#sheet").border_title)


@pytest.mark.parametrize("ruleset", ["house", "hack", "starforged"])
async def test_the_gm_s_note_key_shows_at_80x24(tmp_path: Path, ruleset: str) -> None:
    # maneuvers' fight keys (round, target, foe) fill its 80 columns first
    app = table(tmp_path, ruleset)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        keys = drawn(app)
        assert keys.get("n") == "Note", keys
        assert keys["u"] == "Undo" and keys["q"] == "Quit"
