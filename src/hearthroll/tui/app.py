"""The app: opens a campaign (or makes one), shows the table, switches campaigns, and quits
only once every event is saved."""

from __future__ import annotations

import gc
import importlib
import sys
import threading
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen

from hearthroll.core.dice.sources import RandomDice
from hearthroll.core.errors import HearthrollError
from hearthroll.core.rules.model import Catalog
from hearthroll.store.catalog_cache import Cached
from hearthroll.store.memo import Memo
from hearthroll.tui import places
from hearthroll.tui.keygate import KeyGate
from hearthroll.tui.live import QUIT_TIMEOUT, LiveCampaign, open_live
from hearthroll.tui.messages import CampaignsWanted
from hearthroll.tui.table import TableScreen

if TYPE_CHECKING:
    from hearthroll.tui.flow import DiceFactory


KEYS_WORK = ("hearthroll.tui.sheet_flows", "hearthroll.core.verbs.fields")
"""What the table's keys import when they first play (the flows, their dialogs, the verbs),
imported behind the table once its first frame is drawn."""


def random_dice() -> DiceFactory:
    """One seeded-from-the-system source for every roll of the session."""
    source = RandomDice()
    return lambda: source


class HearthrollApp(App[None]):
    """A game master's screen: give it an open campaign (`live`) or a file `path` to open
    (or to create, when it does not exist)."""

    CSS_PATH = "hearthroll.tcss"
    TITLE = "hearthroll"
    COMMAND_PALETTE_BINDING = "ctrl+k"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", show=False, priority=True)
    ]

    def __init__(
        self,
        path: Path | None = None,
        *,
        live: LiveCampaign | None = None,
        data_dir: Path | None = None,
        dice: DiceFactory | None = None,
        catalog: Catalog | Cached | None = None,
        memo: Memo | None = None,
        moves: Sequence[Path] = (),
    ) -> None:
        from hearthroll.tui import guards

        guards.install()
        super().__init__()
        self.memo = memo or Memo(places.cache_dir(data_dir))
        """Where startup memos go (the catalog, each campaign's snapshot)."""
        self.path = path
        self.live = live
        self.data_dir = places.data_dir(data_dir)
        self.dice = dice or random_dice()
        self._catalog = catalog if isinstance(catalog, Catalog) else None
        self._cached = (
            catalog if isinstance(catalog, Cached) else Cached(self.memo, keep_later=True)
        )
        """Where the catalog comes from when it is first needed, and the memos it keeps."""
        self.moves = tuple(moves)
        """The move files typed for this run (`--moves`): loaded beside each campaign's own."""
        self._catalog_lock = threading.Lock()
        self._quitting = False
        self.keys = KeyGate(self, self._hand_on)
        """Keys in the order typed, each once the screen is ready for it (fast typing)."""
        self.resume_collector = False
        """Whether the garbage collector, paused until the first frame (`tui.launch`), resumes
        then."""

    @property
    def catalog(self) -> Catalog:
        """Every ruleset hearthroll knows: read on first use (from its memo, or the files),
        which is once the table is on screen (`on_ready`) unless something asks sooner."""
        return self._load_catalog()

    @property
    def move_files(self) -> tuple[Path, ...]:
        """The move files the table has loaded: the campaign's own and those typed this run
        (what a campaign made here keeps)."""
        return self._cached.extra

    def _catalog_of(self, path: Path) -> Cached:
        """Where the catalog of the campaign at `path` comes from: its own move files and those
        typed this run (the one in use, when they are the same files)."""
        from hearthroll.store.campaign_moves import with_typed
        from hearthroll.store.sources import ruleset_files

        files = tuple(ruleset_files(with_typed(path, self.moves)))
        return self._cached if files == self._cached.extra else Cached(self.memo, files)

    def _load_catalog(self) -> Catalog:
        with self._catalog_lock:
            if self._catalog is None:
                self._catalog = self._cached.catalog()
            return self._catalog

    def on_ready(self) -> None:
        """Once the first frame is on screen: the garbage collector resumed, and behind the
        frame, the whole catalog read, the move search built and the memos still to keep
        written."""
        if self.resume_collector:
            gc.freeze()  # what drawing the table made lives as long as the table
            gc.enable()
        self.run_worker(self._warm_up, thread=True, group="warm-up", exit_on_error=False)

    def _warm_up(self) -> None:
        try:
            self._load_catalog()
        except HearthrollError as error:  # a move file changed since the table was opened
            self.call_from_thread(
                self.notify, str(error), severity="error", title="move files", timeout=15
            )
            return
        if self.live is not None:
            self.live.build_index()
        with self._catalog_lock:
            self._cached.keep()
        for name in KEYS_WORK:  # so the first key that plays waits for none of it
            importlib.import_module(name)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            await self.keys.key(event)  # in order, each once the screen is ready for it
            return
        await super().on_event(event)
        if isinstance(event, events.Key):  # back from the focused widget: bindings have run
            self.keys.bubbled(event)

    async def _hand_on(self, key: events.Key) -> None:
        await super().on_event(key)

    def get_default_screen(self) -> Screen[None]:
        if self.live is not None:
            places.remember(self.data_dir, self.live.path)
            return TableScreen(self.live, self.dice)
        return super().get_default_screen()

    def on_mount(self) -> None:
        theme = places.chosen_theme(self.data_dir)
        if theme and theme in self.available_themes:
            self.theme = theme
        self.theme_changed_signal.subscribe(self, self._keep_theme)
        if self.live is not None:
            return
        if self.path is not None and self.path.exists():
            self.open_campaign(self.path, first=True)
        else:
            from hearthroll.tui.opening import ask_new

            ask_new(self, self.path, first=True)

    def _keep_theme(self, theme: object) -> None:
        """The theme chosen is kept for the next run."""
        name = getattr(theme, "name", None)
        if isinstance(name, str):
            places.keep_theme(self.data_dir, name)

    def on_campaigns_wanted(self, message: CampaignsWanted) -> None:
        """The campaign list: open another, or make a new one."""
        from hearthroll.tui.opening import campaign_list

        campaign_list(self)

    def open_campaign(self, path: Path, *, first: bool = False) -> None:
        """Open the campaign at `path`, with its own move files, and show it; a failure is
        said plainly, and the campaign shown before stays."""
        from hearthroll.store.campaign_moves import explained
        from hearthroll.store.errors import StoreError

        try:
            cached = self._catalog_of(path)
            catalog = self.catalog if cached is self._cached else cached.catalog()
            live = open_live(path, catalog, self.memo)
        except HearthrollError as error:
            said = explained(path, error) if isinstance(error, StoreError) else error
            if first:
                self.exit(return_code=1, message=Text(f"hearthroll: {said}"))
            else:
                self.notify(str(said), severity="error", title="cannot open", timeout=15)
            return
        if cached is not self._cached:
            with self._catalog_lock:
                self._cached.keep()
                self._cached, self._catalog = cached, catalog
        self.show(live)

    def show(self, live: LiveCampaign) -> None:
        """Show `live` at the table (closing the campaign shown before it, saved first)."""
        old, self.live = self.live, live
        places.remember(self.data_dir, live.path)
        if isinstance(self.screen, TableScreen):
            self.screen.use(live)
        else:
            self.push_screen(TableScreen(live, self.dice))
        if old is not None and old is not live:
            from hearthroll.tui.opening import close_behind

            self.run_worker(partial(close_behind, self, old), thread=True, group="close")

    async def action_quit(self) -> None:
        """Quit once every event is on disk (it never asks to save)."""
        if self._quitting:
            return
        self._quitting = True
        if self.live is None:
            self.exit()
            return
        if self.live.saver.status.waiting:
            self.notify("saving before quitting…")
        from hearthroll.tui.opening import close_then_exit

        self.run_worker(partial(close_then_exit, self, self.live), thread=True)

    def on_unmount(self) -> None:
        if self.live is not None:
            self.live.close(QUIT_TIMEOUT)
        with self._catalog_lock:  # what the warm-up had no time to keep (a quick quit)
            self._cached.keep()
        serving = sys.modules.get("hearthroll.tui.serving")  # loaded once V was pressed
        if serving is not None:
            serving.stop_started()  # a players' view served from here stops with the app
