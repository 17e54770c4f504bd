"""The players' screen: the party's sheets side by side, the steading, tracks or encounter,
the last roll large and the log, following the campaign as the GM plays it. Its only keys
walk the log, show the help and quit: nothing here can change the campaign."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer

from hearthroll.store.follow import Look
from hearthroll.tui.messages import EventChosen
from hearthroll.tui.view.following import POLL, Following
from hearthroll.tui.view.panes import FoesPane, FollowLine, LastRoll
from hearthroll.tui.view.players import PlayersView, players_view
from hearthroll.tui.widgets.character_sheet import CharacterSheet
from hearthroll.tui.widgets.move_log import MoveLog
from hearthroll.tui.widgets.steading_sheet import SteadingSheet
from hearthroll.tui.widgets.tracks_pane import TracksPane

HELP = (
    (
        "The players' view",
        (
            ("↑ ↓ PgUp PgDn", "walk up and down the log"),
            ("Home / End", "the oldest event shown / the newest, followed again"),
            ("?", "this list"),
            ("q", "quit (the campaign is only read, never written)"),
        ),
    ),
    (
        "What it shows",
        (
            ("sheets", "the whole party, as the GM's table shows them"),
            ("last roll", "the dice, the band, the outcome and what was picked"),
            ("foes", "their health in words: unhurt, hurt, bloodied, near death, down"),
            ("log", "every event but the GM's secret notes; undone ones struck through"),
            ("following", "each event the GM saves shows here within a second"),
        ),
    ),
)


class KeysFooter(Footer):
    """The footer, drawn whether or not the window has focus: a browser page or a TV showing
    the served view is seldom the focused window, and Textual's footer waits for focus."""

    def bindings_changed(self, screen: Screen[None]) -> None:
        self._bindings_ready = True
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self.recompose)


class PlayersScreen(Screen[None]):
    """What the players may see of the table, kept up to date."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "Keys", key_display="?"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, following: Following, *, odds: bool = False) -> None:
        super().__init__()
        self.following = following
        self.odds = odds
        self.view: PlayersView | None = None
        self._reading = False

    def compose(self) -> ComposeResult:
        yield FollowLine(id="status")
        yield Horizontal(id="party")
        with Horizontal(id="lower"):
            with Vertical(id="main"):
                yield LastRoll(id="roll", classes="pane")
                log = MoveLog(id="log", classes="pane")
                log.numbered = False  # a gap in the numbers would tell of a secret note
                yield log
            with Vertical(id="side"):
                yield SteadingSheet(id="steading", classes="pane")
                yield FoesPane(id="encounter", classes="pane")
                tracks = TracksPane(id="tracks", classes="pane")
                tracks.keys = False
                yield tracks
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#log").border_title = "log"
        self.refresh_view()
        self.query_one(MoveLog).focus()
        self.set_interval(POLL, self.poll)

    # --- following --------------------------------------------------------------------------

    def poll(self) -> None:
        """Look at the files; read them behind the screen only when they changed."""
        if self._reading or not self.following.due():
            return
        self._reading = True
        following = self.following

        def read() -> None:
            found = following.read()
            self.app.call_from_thread(self._took, found)

        self.run_worker(read, thread=True, group="follow")

    def _took(self, found: Look | str) -> None:
        self._reading = False
        if self.following.take(found):
            self.refresh_view()

    # --- drawing ----------------------------------------------------------------------------

    def refresh_view(self) -> None:
        """Hand every pane a fresh snapshot."""
        following = self.following
        view = players_view(following.state, following.ruleset, following.events, odds=self.odds)
        self.view = view
        self.query_one(FollowLine).words = (view.title, following.trouble)
        self._sheets(view)
        self.query_one(SteadingSheet).view = view.steading
        self.query_one(FoesPane).view = view.fight
        self.query_one(TracksPane).view = view.tracks
        self.query_one(LastRoll).view = view.tray
        self.query_one(MoveLog).view = view.log
        side = view.steading is not None or view.fight is not None or view.tracks is not None
        self.query_one("#side").display = side

    def _sheets(self, view: PlayersView) -> None:
        shelf = self.query_one("#party", Horizontal)
        shown = list(shelf.query(CharacterSheet).results(CharacterSheet))
        for extra in shown[len(view.sheets) :]:
            extra.remove()
        for number, sheet_view in enumerate(view.sheets):
            if number < len(shown):
                shown[number].view = sheet_view
            else:
                sheet = CharacterSheet(classes="pane party-sheet")
                sheet.keys = False  # the players have none of the GM's keys
                sheet.view = sheet_view
                shelf.mount(sheet)

    # --- keys -------------------------------------------------------------------------------

    def on_event_chosen(self, message: EventChosen) -> None:
        message.stop()  # Enter on the log: the GM's record of an event is not the players'

    def action_help(self) -> None:
        """Every key, and what the view shows."""
        from hearthroll.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(HELP))
