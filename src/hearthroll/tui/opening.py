"""Making, choosing and closing campaigns from inside the app: the new-campaign form, the
campaign list, and closing (saved first) when switching or quitting."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import attrs
from rich.console import RenderableType
from rich.text import Text
from textual.notifications import SeverityLevel
from textual.screen import Screen

from hearthroll.core.errors import HearthrollError
from hearthroll.core.games.demo import has_demo
from hearthroll.core.rules.model import Catalog
from hearthroll.store.campaign_moves import written
from hearthroll.store.memo import Memo
from hearthroll.tui import places
from hearthroll.tui.live import QUIT_TIMEOUT, LiveCampaign, create_live, new_table
from hearthroll.tui.screens.campaigns import NEW, CampaignList
from hearthroll.tui.screens.new_campaign import CampaignChoice, NewCampaign


class Shelf(Protocol):
    """The app, as opening and closing campaigns needs it."""

    data_dir: Path
    memo: Memo
    live: LiveCampaign | None

    @property
    def move_files(self) -> tuple[Path, ...]:
        """The move files the table has loaded (a campaign made here keeps them)."""
        ...

    @property
    def catalog(self) -> Catalog:
        """Every ruleset hearthroll knows."""
        ...

    def show(self, live: LiveCampaign) -> None:
        """Show `live` at the table."""
        ...

    def open_campaign(self, path: Path, *, first: bool = False) -> None:
        """Open the campaign at `path` and show it."""
        ...

    def push_screen(self, screen: Screen[Any], callback: Callable[[Any], None]) -> Any:
        """Push a screen; `callback` gets its answer."""
        ...

    def exit(
        self, result: None = None, return_code: int = 0, message: RenderableType | None = None
    ) -> None:
        """End the app."""
        ...

    def call_from_thread(self, callback: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Run `callback` on the app's thread, from another."""
        ...

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A notification."""
        ...


def ask_new(app: Shelf, path: Path | None, *, first: bool = False) -> None:
    """The new-campaign form; the campaign is created when the form is accepted, then shown.

    Declining it on the way in (`first`) ends the app with a failing status.
    """
    made: list[LiveCampaign] = []

    def check(choice: CampaignChoice) -> str | None:
        if path is None and not choice.name:
            return "give the campaign a name"
        target = path or places.file_for(app.data_dir, choice.name)
        try:
            campaign = new_table(
                app.catalog, choice.ruleset, choice.name or target.stem, choice.demo
            )
            if app.move_files:  # as `new --moves`: every later opening loads them
                campaign = attrs.evolve(campaign, moves=written(target, app.move_files))
            made[:] = [create_live(target, campaign, app.catalog, app.memo)]
        except HearthrollError as error:
            return str(error)
        return None

    def done(choice: CampaignChoice | None) -> None:
        if made:
            app.show(made[0])
        elif first:
            app.exit(return_code=1, message=Text("hearthroll: no campaign was opened"))

    rulesets = [(r.id, r.name, has_demo(r.id)) for r in app.catalog.rulesets]
    name = path.stem if path is not None else ""
    where = str(path) if path is not None else ""
    app.push_screen(NewCampaign(rulesets, check, name=name, where=where), done)


def campaign_list(app: Shelf) -> None:
    """The campaigns at hand; the one picked is opened (n asks for a new one)."""

    def picked(path: Path | None) -> None:
        if path is None or (app.live is not None and path == app.live.path):
            return
        if path == NEW:
            ask_new(app, None)
        else:
            app.open_campaign(path)

    current = app.live.path if app.live else None
    found = places.campaigns(app.data_dir)
    app.push_screen(CampaignList(found, current, app.data_dir), picked)


def close_behind(app: Shelf, live: LiveCampaign) -> None:
    """Close a campaign switched away from (on a worker thread); unsaved events are said."""
    status = live.close(QUIT_TIMEOUT)
    if status.waiting:
        message = f"{live.path.name}: {status.waiting} event(s) NOT saved: {status.error}"
        app.call_from_thread(app.notify, message, severity="error", timeout=30)


def close_then_exit(app: Shelf, live: LiveCampaign) -> None:
    """Wait for the save queue (on a worker thread), then exit; say so if it could not drain."""
    status = live.close(QUIT_TIMEOUT)
    if not status.waiting:
        app.call_from_thread(app.exit)
        return
    message = Text(
        f"hearthroll: {status.waiting} event(s) could NOT be saved to {live.path}: "
        f"{status.error}. They were lost when hearthroll closed; play them again.",
        style="bold red",
    )
    app.call_from_thread(app.exit, None, 1, message)
