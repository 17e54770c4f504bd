"""Every pane readable in every built-in Textual theme, light ones too, and the theme chosen is
kept between runs."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.color import Color

from hearthroll.tui.app import HearthrollApp
from test_tui_helpers import demo, settle

PANES = ("#sheet", "#steading", "#tray", "#log")
TITLE_CONTRAST = 3.0
"""WCAG's least contrast for bold and large text, which the pane titles are."""


def _luminance(color: Color) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(color.r) + 0.7152 * channel(color.g) + 0.0722 * channel(color.b)


def contrast(a: Color, b: Color) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def themes() -> list[str]:
    """Textual's built-in themes; the ansi ones take their colours from the terminal."""
    return sorted(t for t in HearthrollApp().available_themes if not t.startswith("ansi"))


@pytest.mark.parametrize("theme", themes())
async def test_every_pane_title_is_readable_in_the_theme(tmp_path: Path, theme: str) -> None:
    app = demo(tmp_path / "data")
    async with app.run_test(size=(100, 32)) as pilot:
        app.theme = theme
        await settle(pilot, app)
        assert app.export_screenshot()  # it renders
        for selector in PANES:
            pane = app.screen.query_one(selector)
            background = pane.background_colors[1]
            title = background + pane.styles.border_title_color
            assert contrast(title, background) >= TITLE_CONTRAST, (theme, selector)


async def test_the_theme_chosen_is_kept_for_the_next_run(tmp_path: Path) -> None:
    data = tmp_path / "data"
    app = demo(data)
    async with app.run_test(size=(100, 32)) as pilot:
        app.theme = "catppuccin-latte"
        await settle(pilot, app)
    again = demo(data)
    async with again.run_test(size=(100, 32)) as pilot:
        await settle(pilot, again)
        assert again.theme == "catppuccin-latte"
