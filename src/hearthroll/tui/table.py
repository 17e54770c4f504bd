"""The table: the main screen. It composes the panes, hands them snapshots of the campaign,
routes each key to its command (`tui.commands`) and commits the outcomes (saved behind, in
order)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import ActiveBinding, BindingType
from textual.containers import Horizontal, Vertical

from hearthroll.core.campaign.events import Event, Outcome, summary
from hearthroll.core.errors import HearthrollError
from hearthroll.store import damage_note
from hearthroll.tui import looked_at, views
from hearthroll.tui.commands import COMMANDS, Seat, command, runner
from hearthroll.tui.damage_watch import look_for_damage
from hearthroll.tui.flow_screen import FlowScreen
from hearthroll.tui.footer import footer_bindings, footer_plan
from hearthroll.tui.live import LiveCampaign
from hearthroll.tui.messages import EventChosen, SaveChanged
from hearthroll.tui.older_log import OlderLog
from hearthroll.tui.refused import at_table
from hearthroll.tui.saver import SaveStatus, SavingStopped
from hearthroll.tui.widgets.dice_tray import DiceTray
from hearthroll.tui.widgets.encounter_pane import EncounterPane
from hearthroll.tui.widgets.keys_footer import KeysFooter
from hearthroll.tui.widgets.move_log import MoveLog
from hearthroll.tui.widgets.party_bar import PartyBar
from hearthroll.tui.widgets.party_sheets import PartySheets, shelf_width
from hearthroll.tui.widgets.status_line import StatusLine
from hearthroll.tui.widgets.steading_sheet import SteadingSheet
from hearthroll.tui.widgets.tracks_pane import TracksPane, tracks_view

if TYPE_CHECKING:
    from hearthroll.tui.flow import DiceFactory
    from hearthroll.tui.table_protocol import Verb

# What only a key's work needs is imported when the key is pressed: the first frame loads the
# panes, the command list, the footer and the why-not answers alone.


def _action(action: str, parameters: tuple[object, ...]) -> str:
    """A binding's action as written in BINDINGS: "reroll(True)" for the typed reroll."""
    return f"{action}({', '.join(map(str, parameters))})" if parameters else action


class TableScreen(FlowScreen):
    """Party bar, character and steading sheets, dice tray, move log and the keys that matter."""

    BINDINGS: ClassVar[list[BindingType]] = [c.binding() for c in COMMANDS]

    def __init__(self, live: LiveCampaign, dice: DiceFactory) -> None:
        super().__init__()
        self.live = live
        self.dice = dice
        self._log_shown = False
        self._older = OlderLog(self)
        self.active: str | None = live.state.active or next(iter(live.state.characters), None)
        self._save_status = SaveStatus()
        self.target: str | None = None
        """The foe the table aims maneuvers at (←/→ or Tab picks another)."""
        self._said: str | None = None
        """What the status line says to the GM (a key that could not act, what undo did)."""
        self._refused: dict[str, str | None] = {}
        """Each command's "why not now?" for the seat in `_refused_at`, asked once a seat."""
        self._refused_at: tuple[object, ...] = ()

    # --- layout and snapshots -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield StatusLine(id="status")
        yield PartyBar(id="party")
        with Horizontal(id="panes"):
            with Vertical(id="left"):
                yield PartySheets(id="sheets")
                yield SteadingSheet(id="steading", classes="pane")
                yield EncounterPane(id="encounter", classes="pane")
                yield TracksPane(id="tracks", classes="pane")
            with Vertical(id="right"):
                yield DiceTray(id="tray", classes="pane")
                yield MoveLog(id="log", classes="pane")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#tray").border_title = "dice tray"
        self.query_one("#log").border_title = "move log"
        self.active = self._looked_at(self.live)
        self.use(self.live)
        self.query_one(MoveLog).focus()
        self.call_after_refresh(self._show_log)

    def _show_log(self) -> None:
        """The log's lines, right after the first frame (they need the engine's verbs loaded)."""
        self._log_shown = True
        self.query_one(MoveLog).view = views.log_view(self.live.events)

    def on_move_log_top_reached(self) -> None:
        """Reaching the top of the log brings the events before it, read behind the screen."""
        self._older.read()

    def use(self, live: LiveCampaign) -> None:
        """Play `live` at this table from now on (another campaign opened)."""
        if live is not self.live:
            self.live.listen(None)
            self._keep_looked_at()
            self.live = live
            self.active = self._looked_at(live)
            self._save_status = SaveStatus()
            self._said = None
            self.query_one(MoveLog).follow()

        def report(status: SaveStatus) -> None:
            self.post_message(SaveChanged(status, live))

        live.listen(report)
        self.refresh_view()
        self.call_after_refresh(look_for_damage, self, live)
        if live.repaired:
            self.notify(f"repaired: {live.repaired} saved event(s) replayed onto the state")
        if live.hand_edit is not None:
            edit, live.hand_edit = live.hand_edit, None
            self.notify(f"#{edit.seq} {summary(edit)} (u undoes it)")

    def _looked_at(self, live: LiveCampaign) -> str | None:
        """The character looked at when the campaign was last left, else the last to move."""
        state = live.state
        return looked_at.opening(self._data_dir, live.path, state.characters, state.active)

    def _keep_looked_at(self) -> None:
        """Keep the character looked at now, for the next time the campaign opens."""
        looked_at.leave(self._data_dir, self.live.path, self.active)

    @property
    def _data_dir(self) -> object:
        """The app's data folder, where the character looked at is kept."""
        return getattr(self.app, "data_dir", None)

    def on_unmount(self) -> None:
        self._keep_looked_at()

    def refresh_view(self) -> None:
        """Hand every pane a fresh snapshot of the campaign, and the footer its keys."""
        state, ruleset, events = self.live.state, self.live.ruleset, self.live.events
        if self.active not in state.characters:
            self.active = next(iter(state.characters), None)
        self._refresh_status()
        self.query_one(PartyBar).view = views.party_view(state, ruleset, self.active)
        self._party_sheets()
        self.query_one(SteadingSheet).view = views.steading_view(state, ruleset)
        self.target = views.target_foe(state, self.target, self.active)
        self.query_one(EncounterPane).view = views.encounter_view(state, ruleset, self.target)
        self.query_one(TracksPane).view = tracks_view(state, ruleset)
        self.query_one(DiceTray).view = views.tray_view(
            state, ruleset, self.active, events, self.target
        )
        if self._log_shown:
            self.query_one(MoveLog).view = views.log_view(events)
        self.refresh_bindings()

    def _refresh_status(self) -> None:
        """The top line alone: the campaign, where saving stands, and what was said to the GM
        (what undo did, why a key cannot act). Neither the words nor a save's report change
        a pane or a key, so they redraw this line only."""
        live, saving = self.live, self._save_status
        said = self._said or (damage_note.one_line(live.damage) if live.damage else None)
        self.query_one(StatusLine).view = views.status_view(
            live.state, live.ruleset, live.path.name
        )._replace(waiting=saving.waiting, error=saving.error, note=saving.note, said=said)

    WIDE = 160
    """From this many columns the whole party's sheets stand side by side, as wide as they
    need (`shelf_width`)."""

    SHORT = 30
    """Below this many lines the tray takes more of its column, so a roll's dice, band, text
    and options stay in view (the log keeps a few lines)."""

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.height < self.SHORT, "-short")
        self.set_class(event.size.width >= self.WIDE, "-wide")
        self.refresh_bindings()  # the footer shows as many keys as the width holds
        self._party_sheets()

    def _party_sheets(self) -> None:
        """On a wide screen, a sheet for each other member of the party beside the active one,
        the left column as wide as they need and the tray and log the rest."""
        state, ruleset = self.live.state, self.live.ruleset
        wide = self.has_class("-wide")
        room = shelf_width(len(state.characters), self.size.width or self.app.size.width)
        left = self.query_one("#left").styles
        if wide:
            left.width = room  # lays the screen out again only when the width changes
        elif left.inline.has_rule("width"):  # cleared when already clear, it would all the same
            left.width = None
        others = [n for n in state.characters if n != self.active and wide]
        self.query_one(PartySheets).show(
            views.sheet_view(state, ruleset, self.active),
            [views.sheet_view(state, ruleset, name) for name in others],
        )

    # --- keys and commands ----------------------------------------------------------------

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The bindings, with the footer showing this game's important keys that fit."""
        plan = footer_plan(self.live.state, self.live.ruleset)
        width = self.size.width or self.app.size.width
        return footer_bindings(
            super().active_bindings, plan, width, lambda a: self.app.get_key_display(a.binding)
        )

    def _refusal(self, action: str) -> str | None:
        """Why the command `action` cannot act now; the footer and the keys ask each command
        many times a key, so each answer is kept until the campaign, who acts or the log
        changes."""
        found = command(action)
        if found is None:
            return None
        live = self.live
        seat = (live.state, live.ruleset, self.active, len(live.events))
        at = self._refused_at
        if not at or at[0] is not seat[0] or at[1] is not seat[1] or at[2:] != seat[2:]:
            self._refused, self._refused_at = {}, seat  # objects held: none is compared whole
        if action not in self._refused:
            seat_now = Seat(live.state, live.ruleset, self.active, live.events)
            self._refused[action] = found.refusal(seat_now)
        return self._refused[action]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show (and allow) the turn's keys only when they can act; the others, pressed, say
        why not (`on_key`)."""
        return self._refusal(_action(action, parameters)) is None

    def on_key(self, event: events.Key) -> None:
        """A table key that cannot act now says why in the status line (never nothing); one
        that opens a text box opens it all the same, the reason inside, so the letters typed
        after it land there and never on the table's keys."""
        for found in COMMANDS:
            if event.key in found.key.split(","):
                why = self._refusal(found.action)
                if why:
                    event.stop()
                    live = self.live
                    if found.boxed is not None and found.offered(live.state, live.ruleset) is None:
                        found.boxed(self, why)
                    else:
                        self.say(f"{found.key_display or event.key}: {why}")
                return

    if not TYPE_CHECKING:

        def __getattr__(self, name: str) -> Any:
            """`action_NAME`: the body of the command whose action is NAME."""
            found = runner(name.removeprefix("action_")) if name.startswith("action_") else None
            if found is None:
                raise AttributeError(name)
            return lambda *parameters: found.run(self, *parameters)

    def say(self, words: str) -> None:
        """A line for the GM in the status line, until the next thing happens."""
        self._said = words
        self._refresh_status()

    # --- committing -----------------------------------------------------------------------

    def commit(self, outcome: Outcome) -> Event | None:
        """Show the outcome at once; the save queue writes it behind. A move that now waits
        for a character (Last Breath at 0 HP) opens at once; so does the Flee of a fighter a
        blow left under their breaking point (reading 39). None (and a word on screen) when
        the campaign is already closing, as after a quit typed just before."""
        from hearthroll.tui.breaking import open_flee
        from hearthroll.tui.sheet_flows import open_waiting, waiting_move

        before = self.live.state
        try:
            event = self.live.commit(outcome)
        except SavingStopped as error:
            self.notify(str(error), severity="warning", title="not played")
            return None
        self._said = None
        self.refresh_view()
        waiting = waiting_move(before, self.live.state)
        if waiting is not None:
            self.call_after_refresh(open_waiting, self, *waiting)
        else:
            open_flee(self, before)
        return event

    def attempt(self, verb: Verb) -> str | None:
        """Run a verb and commit it; the engine's refusal comes back as text, nothing changed."""
        try:
            outcome = verb()
        except HearthrollError as error:
            return at_table(error)
        self.commit(outcome)
        return None

    def run_verb(self, verb: Verb) -> None:
        """Run a verb; a refusal shows as a notification."""
        error = self.attempt(verb)
        if error:
            self.notify(error, severity="error", title="not done")

    def on_save_changed(self, message: SaveChanged) -> None:
        if message.source is not self.live:
            return
        status = message.status
        was_failing = self._save_status.failing
        self.live.stamped(status.stamped)
        self._save_status = status
        if status.failing and not was_failing:
            self.notify(f"NOT SAVED — retrying: {status.error}", severity="error", timeout=30)
        elif was_failing and not status.failing:
            self.notify("saving works again: everything is on disk")
        if status.note:
            self.notify(status.note, severity="warning", timeout=15)
        self._refresh_status()

    def on_event_chosen(self, message: EventChosen) -> None:
        from hearthroll.tui.screens.event_detail import EventDetail

        try:
            event = self.live.event(message.seq)
        except HearthrollError as error:
            self.notify(str(error), severity="error")
            return
        self.show(EventDetail(event, self.live.ruleset))
