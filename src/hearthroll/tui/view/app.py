"""The players' view as an app: one screen, read-only, following one campaign."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.screen import Screen

from hearthroll.core.rules.model import Catalog
from hearthroll.tui.view.following import Following
from hearthroll.tui.view.screen import PlayersScreen


class ViewApp(App[None]):
    """The table as the players see it: give it the campaign's file (and the catalog)."""

    CSS_PATH = "view.tcss"
    TITLE = "hearthroll · players' view"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        path: Path,
        catalog: Catalog,
        *,
        odds: bool = False,
        following: Following | None = None,
    ) -> None:
        super().__init__()
        self.following = following or Following.open(path, catalog)
        self.odds = odds

    def get_default_screen(self) -> Screen[None]:
        return PlayersScreen(self.following, odds=self.odds)
