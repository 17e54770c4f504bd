"""The table: the main screen and the controller. It owns the live campaign, turns keys into
engine verbs, commits their outcomes (saved behind, in order) and hands snapshots down."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, ClassVar

from textual import events, work
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList

from hearthroll.core.campaign.events import Event, Outcome, summary
from hearthroll.core.errors import HearthrollError
from hearthroll.store import damage_note
from hearthroll.tui import starforged, views
from hearthroll.tui.keygate import FLOWS
from hearthroll.tui.live import LiveCampaign
from hearthroll.tui.messages import EventChosen, SaveChanged
from hearthroll.tui.saver import SaveStatus
from hearthroll.tui.widgets.character_sheet import CharacterSheet
from hearthroll.tui.widgets.dice_tray import DiceTray
from hearthroll.tui.widgets.encounter_pane import EncounterPane
from hearthroll.tui.widgets.move_log import MoveLog
from hearthroll.tui.widgets.party_bar import PartyBar
from hearthroll.tui.widgets.status_line import StatusLine
from hearthroll.tui.widgets.steading_sheet import SteadingSheet
from hearthroll.tui.widgets.tracks_pane import TracksPane, tracks_view

if TYPE_CHECKING:
    from hearthroll.core.campaign.state import Campaign
    from hearthroll.core.rules.model import Move
    from hearthroll.tui.flow import DiceFactory
    from hearthroll.tui.screens.palette import PaletteChoice

Verb = Callable[[], Outcome]


def _action(action: str, parameters: tuple[object, ...]) -> str:
    """A binding's action as written in BINDINGS: "reroll(True)" for the typed reroll."""
    return f"{action}({', '.join(map(str, parameters))})" if parameters else action


class TableScreen(Screen[None]):
    """Party bar, character and steading sheets, dice tray, move log and the keys that matter."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("slash", "palette", "Move", key_display="/", priority=True),
        Binding("ctrl+p", "palette", "Move", show=False, priority=True),
        Binding("p", "push", "Push", priority=True),
        Binding("r", "reroll", "Reroll", priority=True),
        Binding("R", "reroll(True)", "Reroll real dice", show=False, priority=True),
        Binding("a", "accept", "Accept bust", priority=True),
        Binding("s", "stop", "Stop", priority=True),
        Binding("plus", "prep", "+1 Prep", key_display="+", priority=True),
        Binding("u", "undo", "Undo", priority=True),
        Binding("U,ctrl+r", "redo", "Redo", show=False, priority=True),
        Binding("h", "hold", "Holds", show=False, priority=True),
        Binding("x", "mark_xp", "Mark XP", show=False, priority=True),
        Binding("L", "level_up", "Level Up", priority=True),
        Binding("A", "add_character", "Add character", show=False, priority=True),
        Binding("e", "edit", "Edit field", show=False, priority=True),
        Binding("n", "note", "Note", show=False, priority=True),
        Binding("d", "damage", "Damage", show=False, priority=True),
        Binding("g", "gear", "Gear", show=False, priority=True),
        Binding("t", "hurt", "Take damage", show=False, priority=True),
        Binding("H", "heal", "Heal or use an item", show=False, priority=True),
        Binding("D", "damage(True)", "Damage real dice", show=False, priority=True),
        Binding("m", "new_plan", "Make a Plan", show=False, priority=True),
        Binding("k", "plans", "Tick plans", show=False, priority=True),
        Binding("c", "campaigns", "Campaigns", show=False, priority=True),
        Binding("f", "add_foe", "Add foe", priority=True),
        Binding("N", "end_round", "End round", priority=True),
        Binding("F", "foe", "The aimed foe", show=False, priority=True),
        Binding("w", "wield", "Wield again", show=False, priority=True),
        Binding("right", "aim(1)", "Next foe", show=False, priority=True),
        Binding("left", "aim(-1)", "Previous foe", show=False, priority=True),
        Binding("b", "burn", "Burn momentum", priority=True),
        Binding("T", "tracks", "Tracks", priority=True),
        Binding("o", "next_move", "Play next move", priority=True),
        Binding("O", "next_move(True)", "Play next real dice", show=False, priority=True),
        Binding("W", "recap", "Write recap", show=False, priority=True),
        Binding("tab", "tab(1)", "Next", key_display="Tab", show=False, priority=True),
        Binding(
            "shift+tab", "tab(-1)", "Previous", key_display="Shift+Tab", show=False, priority=True
        ),
        *(
            Binding(str(n), f"pick({n})", f"Character {n}", show=False, priority=True)
            for n in range(1, 10)
        ),
        Binding("question_mark", "help", "Keys", key_display="?", priority=True),
        Binding("q", "app.quit", "Quit", priority=True),
        Binding("V", "served", "Players' view", priority=True),
    ]

    def __init__(self, live: LiveCampaign, dice: DiceFactory) -> None:
        super().__init__()
        self.live = live
        self.dice = dice
        self._log_shown = False
        self._reading_older = False
        self.active: str | None = live.state.active or next(iter(live.state.characters), None)
        self._save_status = SaveStatus()
        self.target: str | None = None
        """The foe the table aims maneuvers at (←/→ or Tab picks another)."""
        self._said: str | None = None
        """What the status line says to the GM (a key that could not act, what undo did)."""

    # --- layout and snapshots -------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield StatusLine(id="status")
        yield PartyBar(id="party")
        with Horizontal(id="panes"):
            with Vertical(id="left"):
                with Horizontal(id="sheets"):
                    yield CharacterSheet(id="sheet", classes="pane")
                yield SteadingSheet(id="steading", classes="pane")
                yield EncounterPane(id="encounter", classes="pane")
                yield TracksPane(id="tracks", classes="pane")
            with Vertical(id="right"):
                yield DiceTray(id="tray", classes="pane")
                yield MoveLog(id="log", classes="pane")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#tray").border_title = "dice tray"
        self.query_one("#log").border_title = "move log"
        self.use(self.live)
        self.query_one(MoveLog).focus()
        self.call_after_refresh(self._show_log)

    def _show_log(self) -> None:
        """The log's lines, right after the first frame (they need the engine's verbs loaded)."""
        self._log_shown = True
        self.query_one(MoveLog).view = views.log_view(self.live.events)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Reaching the top of the log brings the events before it, read behind the screen."""
        if event.option_index == 0 and isinstance(event.option_list, MoveLog):
            self._read_older_log()

    def _read_older_log(self) -> None:
        live = self.live
        if self._reading_older or not live.has_older:
            return
        self._reading_older = True

        def read() -> None:
            try:
                older = live.older()
            except Exception:  # the log just stays shorter; play goes on
                older = []
            self.app.call_from_thread(self._prepend, live, older)

        self.run_worker(read, thread=True, group="log")

    def _prepend(self, live: LiveCampaign, older: list[Event]) -> None:
        self._reading_older = False
        if live is self.live and older:
            live.prepend(older)
            self.refresh_view()

    def use(self, live: LiveCampaign) -> None:
        """Play `live` at this table from now on (another campaign opened)."""
        if live is not self.live:
            self.live.listen(None)
            self.live = live
            self.active = live.state.active or next(iter(live.state.characters), None)
            self._save_status = SaveStatus()
            self._said = None
            self.query_one(MoveLog).follow()

        def report(status: SaveStatus) -> None:
            self.post_message(SaveChanged(status, live))

        live.listen(report)
        self.refresh_view()
        self.call_after_refresh(self._look_for_damage, live)
        if live.repaired:
            self.notify(f"repaired: {live.repaired} saved event(s) replayed onto the state")
        if live.hand_edit is not None:
            edit, live.hand_edit = live.hand_edit, None
            self.notify(f"#{edit.seq} {summary(edit)} (u undoes it)")

    def _look_for_damage(self, live: LiveCampaign) -> None:
        """After the first frame, the journal's older segments are read for damage behind the
        table; damage found stays on the top line (in check's words)."""

        def look() -> None:
            try:
                if live.look_for_damage() is not None:
                    self.app.call_from_thread(self.refresh_view)
            except Exception:  # unreadable now, or the app gone: `check` still tells
                return

        self.run_worker(look, thread=True, group="journal")

    def refresh_view(self) -> None:
        """Hand every pane a fresh snapshot of the campaign."""
        state, ruleset, events = self.live.state, self.live.ruleset, self.live.events
        if self.active not in state.characters:
            self.active = next(iter(state.characters), None)
        saving = self._save_status
        said = self._said or (damage_note.one_line(self.live.damage) if self.live.damage else None)
        self.query_one(StatusLine).view = views.status_view(
            state, ruleset, self.live.path.name
        )._replace(waiting=saving.waiting, error=saving.error, note=saving.note, said=said)
        self.query_one(PartyBar).view = views.party_view(state, ruleset, self.active)
        self.query_one("#sheet", CharacterSheet).view = views.sheet_view(
            state, ruleset, self.active
        )
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

    WIDE = 160
    """From this many columns the whole party's sheets stand side by side."""

    SHORT = 30
    """Below this many lines the tray takes more of its column, so a roll's dice, band, text
    and options stay in view (the log keeps a few lines)."""

    def on_resize(self, event: events.Resize) -> None:
        self.set_class(event.size.height < self.SHORT, "-short")
        self.refresh_bindings()  # the footer shows as many keys as the width holds
        wide = event.size.width >= self.WIDE
        if wide != self.has_class("-wide"):
            self.set_class(wide, "-wide")
            self._party_sheets()

    def _party_sheets(self) -> None:
        """On a wide screen, a sheet for each other member of the party beside the active one."""
        others = [n for n in self.live.state.characters if n != self.active]
        if not self.has_class("-wide"):
            others = []
        shelf = self.query_one("#sheets", Horizontal)
        shown = list(shelf.query(".party-sheet").results(CharacterSheet))
        for extra in shown[len(others) :]:
            extra.remove()
        state, ruleset = self.live.state, self.live.ruleset
        for number, name in enumerate(others):
            view = views.sheet_view(state, ruleset, name)
            if number < len(shown):
                shown[number].view = view
            else:
                sheet = CharacterSheet(classes="pane party-sheet")
                sheet.view = view
                shelf.mount(sheet)

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The bindings, with the footer showing this game's important keys that fit."""
        from hearthroll.tui.footer import footer_bindings, footer_plan

        plan = footer_plan(self.live.state, self.live.ruleset)
        width = self.size.width or self.app.size.width
        return footer_bindings(
            super().active_bindings, plan, width, lambda a: self.app.get_key_display(a.binding)
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show (and allow) the turn's keys only when they can act; the others, pressed, say
        why not (`on_key`)."""
        from hearthroll.tui.refusals import refusal

        return (
            refusal(
                self.live.state,
                self.live.ruleset,
                self.active,
                _action(action, parameters),
                self.live.events,
            )
            is None
        )

    def on_key(self, event: events.Key) -> None:
        """A table key that cannot act now says why in the status line (never nothing)."""
        from hearthroll.tui.refusals import refusal

        for binding in self.BINDINGS:
            if isinstance(binding, Binding) and event.key in binding.key.split(","):
                why = refusal(
                    self.live.state,
                    self.live.ruleset,
                    self.active,
                    binding.action,
                    self.live.events,
                )
                if why:
                    event.stop()
                    self.say(f"{binding.key_display or event.key}: {why}")
                return

    def say(self, words: str) -> None:
        """A line for the GM in the status line, until the next thing happens."""
        self._said = words
        self.refresh_view()

    # --- committing -----------------------------------------------------------------------

    def commit(self, outcome: Outcome) -> Event | None:
        """Show the outcome at once; the save queue writes it behind. A move that now waits
        for a character (Last Breath at 0 HP) opens at once; so does the Flee of a fighter a
        blow left under their breaking point (reading 39). None (and a word on screen) when
        the campaign is already closing, as after a quit typed just before."""
        from hearthroll.tui.saver import SavingStopped
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
            self._breaking(before)
        return event

    def _breaking(self, before: Campaign) -> None:
        from hearthroll.core.games.encounter import aim, flee_move, newly_breaking
        from hearthroll.tui.moves import open_on

        fleeing = newly_breaking(before, self.live.state)
        move = flee_move(self.live.ruleset)
        if not fleeing or move is None:
            return
        why = f"{fleeing[0]} is below their breaking point and must flee"
        self.target = aim(self.live.state, None, fleeing[0])  # the foe facing them
        self.notify(why, severity="warning")
        open_on(self, fleeing[0], move.id, why)

    def attempt(self, verb: Verb) -> str | None:
        """Run a verb and commit it; the engine's refusal comes back as text, nothing changed."""
        try:
            outcome = verb()
        except HearthrollError as error:
            from hearthroll.tui.refusals import at_table

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
        self.refresh_view()

    # --- characters -----------------------------------------------------------------------

    def action_pick(self, number: int) -> None:
        """Look at character `number` (moves are made as them)."""
        names = list(self.live.state.characters)
        if 1 <= number <= len(names):
            self.active = names[number - 1]
            self.refresh_view()

    def action_tab(self, step: int) -> None:
        """In a fight with foes to choose between, the next (or previous) target; else the
        next (or previous) character."""
        fight = self.live.state.encounter
        if fight is not None and len(fight.foes) > 1:
            self.action_aim(step)
        else:
            self.action_cycle(step)

    def action_cycle(self, step: int) -> None:
        """The next (or previous) character."""
        names = list(self.live.state.characters)
        if not names:
            return
        index = names.index(self.active) if self.active in names else -1
        self.active = names[(index + step) % len(names)]
        self.refresh_view()

    def action_add_character(self) -> None:
        """A new character joins the party (and is looked at)."""
        from hearthroll.core.verbs import edits
        from hearthroll.tui.screens.new_character import CharacterForm, NewCharacter

        def check(value: NewCharacter) -> str | None:
            name, template, level = value

            def verb() -> Outcome:
                state, ruleset = self.live.state, self.live.ruleset
                outcome = edits.add_character(state, ruleset, name, template, level)
                self.active = outcome.event.actor
                return outcome

            return self.attempt(verb)

        from hearthroll.core.campaign.state import start_level

        ruleset = self.live.ruleset
        templates = [(t.id, t.name) for t in ruleset.templates]
        self.app.push_screen(CharacterForm(templates, check, start_level(ruleset)))

    # --- moves and the pool turn -----------------------------------------------------------

    def action_palette(self) -> None:
        """Open the move palette."""
        from hearthroll.tui.screens.palette import MovePalette

        title = f"Make a move as {self.active}" if self.active else "Make a move"
        palette = MovePalette(
            self.live.ruleset,
            self.live.index,
            title=title,
            can_prepare=self._prepared(),
            check=self.refusal,
        )
        self.app.push_screen(palette, self.chosen)

    def action_push(self) -> None:
        """Open the palette on RISKY moves: the next push of the turn."""
        from hearthroll.tui.screens.palette import MovePalette

        n = views.next_pool(self.live.state, self.active)
        title = f"Push: {self.active}'s next RISKY move rolls {views.dice(n)}"
        palette = MovePalette(
            self.live.ruleset,
            self.live.index,
            title=title,
            risky_only=True,
            can_prepare=self._prepared(),
            check=self.refusal,
        )
        self.app.push_screen(palette, self.chosen)

    def refusal(self, move_id: str) -> str | None:
        """Why the engine would refuse the move now, before any die (shown in the palette)."""
        from hearthroll.core.verbs.session import refusal_before_roll
        from hearthroll.tui.refusals import at_table

        move = self.live.ruleset.move(move_id)
        error = refusal_before_roll(
            self.live.state,
            self.live.ruleset,
            move_id,
            actor=self.active,
            at=self.target_for(move),
        )
        return at_table(error) if error is not None else None

    def _prepared(self) -> bool:
        """Whether the active character holds Preparation to spend as a roll is made."""
        from hearthroll.core.games.holds import on_roll

        character = self.live.state.characters.get(self.active or "")
        spend = on_roll(self.live.ruleset)
        if character is None or spend is None:
            return False
        return bool(character.holds.get(spend.hold.id))

    def chosen(self, choice: PaletteChoice | None) -> None:
        from hearthroll.tui.moves import make_chosen

        if choice is not None:
            make_chosen(self, choice)

    def action_reroll(self, typed: bool = False) -> None:
        """Spend a reroll on the pending bust."""
        from hearthroll.tui.moves import reroll_flow

        reroll_flow(self, typed)

    def action_accept(self) -> None:
        """Take the bust: XP for each kept 1, the turn ends."""
        from hearthroll.core.verbs import pool

        self.run_verb(lambda: pool.accept(self.live.state, self.live.ruleset, self.dice()))

    def action_stop(self) -> None:
        """End the turn before a bust: rerolls refresh."""
        from hearthroll.core.verbs import pool

        self.run_verb(lambda: pool.stop(self.live.state, self.live.ruleset))

    def action_prep(self) -> None:
        """Spend 1 Preparation for +1 on one kept die of the pending bust."""
        from hearthroll.tui.moves import prep_flow

        prep_flow(self)

    # --- the encounter ------------------------------------------------------------------------

    def target_for(self, move: Move) -> str | None:
        """The foe a maneuver is made against: the table's target, for a move that needs one."""
        from hearthroll.core.games.encounter import needs_encounter

        return self.target if needs_encounter(move) else None

    def action_aim(self, step: int) -> None:
        """Aim at the next (or previous) foe."""
        fight = self.live.state.encounter
        if fight is None or not fight.foes:
            return
        from hearthroll.core.games.encounter import is_down

        names = [n for n, f in fight.foes.items() if not is_down(f)] or list(fight.foes)
        index = names.index(self.target) if self.target in names else -1
        self.target = names[(index + step) % len(names)]
        self.refresh_view()

    def action_end_round(self) -> None:
        """End the round: cooldowns and timed conditions tick."""
        from hearthroll.core.verbs import fight

        self.run_verb(lambda: fight.end_round(self.live.state, self.live.ruleset))

    def action_add_foe(self) -> None:
        """A foe joins the encounter: NAME STR DEX HEALTH [armor N] [one|two] [shield] [huge]."""
        from hearthroll.tui.foes import FOE_HINT, add_foe_verb
        from hearthroll.tui.screens.prompt import LinePrompt

        def check(text: str) -> str | None:
            def verb() -> Outcome:
                return add_foe_verb(self.live.state, self.live.ruleset, text, self.active)

            error = self.attempt(verb)
            if error is None:
                self.target = views.target_foe(self.live.state, self.target, self.active)
            return error

        self.app.push_screen(LinePrompt("A foe joins the fight", check, placeholder=FOE_HINT))

    def action_foe(self) -> None:
        """The GM says what happens to the aimed foe: hurt, heal, wield, drop, retarget."""
        from hearthroll.tui.foes import FOE_ORDERS, foe_verb
        from hearthroll.tui.screens.prompt import LinePrompt

        name = views.target_foe(self.live.state, self.target, self.active)
        if name is None:
            return

        def check(text: str) -> str | None:
            return self.attempt(lambda: foe_verb(self.live.state, name, text))

        self.app.push_screen(LinePrompt(f"{name}: what happens?", check, placeholder=FOE_ORDERS))

    def action_wield(self) -> None:
        """The active character, disarmed, spends their turn wielding their weapon again."""
        from hearthroll.core.verbs import fight

        self.run_verb(lambda: fight.wield_again(self.live.state, self.live.ruleset, self.active))

    # --- sheets -----------------------------------------------------------------------------

    def action_hold(self) -> None:
        """Gain or spend a hold; spending Readiness asks for its options."""
        from hearthroll.tui.sheet_flows import hold_flow

        hold_flow(self)

    def action_gear(self) -> None:
        """Give, drop, wear or stow an item."""
        from hearthroll.tui.sheet_flows import gear_flow

        gear_flow(self)

    def action_hurt(self) -> None:
        """Damage taken, armor first."""
        from hearthroll.tui.sheet_flows import hurt_flow

        hurt_flow(self)

    def action_heal(self) -> None:
        """Heal HP, or use an item."""
        from hearthroll.tui.sheet_flows import heal_flow

        heal_flow(self)

    def action_mark_xp(self) -> None:
        """Mark 1 XP on the active character."""
        from hearthroll.core.verbs import edits

        if self.active not in self.live.state.characters:
            return
        self.run_verb(lambda: edits.mark_xp(self.live.state, self.live.ruleset, self.active))

    def action_level_up(self) -> None:
        """Level Up the active character, if their XP allows."""
        from hearthroll.core.verbs import edits

        self.run_verb(lambda: edits.do_level_up(self.live.state, self.live.ruleset, self.active))

    def action_edit(self) -> None:
        """Edit any field of a sheet or the steading (`NAME.ongoing` takes `-1 3`)."""
        from hearthroll.core.verbs import fields
        from hearthroll.tui.screens.edit_field import EditField

        def check(value: tuple[str, str]) -> str | None:
            path, text = value
            return self.attempt(
                lambda: fields.set_field(self.live.state, self.live.ruleset, path, text)
            )

        start = f"{self.active}." if self.active else "steading."
        paths = fields.field_paths(self.live.state, self.live.ruleset)

        def current(path: str) -> str | None:
            return fields.field_value(self.live.state, self.live.ruleset, path)

        self.app.push_screen(EditField(start, paths, check, current))

    def action_note(self) -> None:
        """The GM's line in the log; one that starts with `!` is secret (never in the players'
        view)."""
        from hearthroll.core.verbs import edits
        from hearthroll.tui.screens.prompt import LinePrompt

        def check(text: str) -> str | None:
            secret = text.lstrip().startswith("!")
            words = text.lstrip().removeprefix("!") if secret else text
            return self.attempt(lambda: edits.note(self.live.state, words, secret=secret))

        prompt = LinePrompt(
            "GM's note", check, placeholder="a hard move, a scene… (! first: a secret one)"
        )
        self.app.push_screen(prompt)

    def action_damage(self, typed: bool = False) -> None:
        """Roll the active character's weapon damage."""
        from hearthroll.tui.moves import damage_flow

        damage_flow(self, typed)

    def action_new_plan(self) -> None:
        """Make a Plan: a project with its requirements."""
        from hearthroll.core.verbs import edits
        from hearthroll.tui.screens.new_plan import NewPlan, PlanForm

        def check(value: NewPlan) -> str | None:
            name, requirements = value
            return self.attempt(lambda: edits.add_plan(self.live.state, name, requirements))

        self.app.push_screen(PlanForm(check))

    def action_plans(self) -> None:
        """Tick a plan's boxes, or strike it."""
        from hearthroll.core.verbs import edits
        from hearthroll.tui.screens.plans import PlanBoard, PlanChange

        steading = views.steading_view(self.live.state, self.live.ruleset)
        if steading is None or not steading.plans:
            self.notify("no plans yet: m makes one", severity="warning")
            return

        def change(kind: str, name: str, number: int) -> Verb:
            def verb() -> Outcome:
                if kind == "drop":
                    return edits.drop_plan(self.live.state, name)
                return edits.tick(self.live.state, name, number, kind == "tick")

            return verb

        def apply(changes: list[PlanChange] | None) -> None:
            for kind, name, number in changes or []:
                error = self.attempt(change(kind, name, number))
                if error:
                    self.notify(error, severity="error")
                    return

        self.app.push_screen(PlanBoard(steading.plans), apply)

    def action_burn(self) -> None:
        """Burn momentum on the last action roll (when it improves the band)."""
        starforged.burn(self)

    def action_next_move(self, typed: bool = False) -> None:
        """Play the move the newest roll offers next, with its harm preset (reading 32); with
        `typed`, the faces of real dice are asked before it rolls."""
        from hearthroll.tui.moves import next_move_flow

        next_move_flow(self, typed)

    def action_tracks(self) -> None:
        """Progress tracks: new, mark, roll, clear, drop."""
        starforged.tracks(self)

    # --- the log ----------------------------------------------------------------------------

    def action_undo(self) -> None:
        """Revert the last event undo can reach."""
        from hearthroll.core.verbs import edits

        self._reverted(lambda: edits.undo_last(self.live.state, self.live.event), "undo", "undid")

    def action_redo(self) -> None:
        """Reapply the last undone event."""
        from hearthroll.core.verbs import edits

        self._reverted(lambda: edits.redo_last(self.live.state, self.live.event), "redo", "redid")

    def _reverted(self, verb: Verb, name: str, done: str) -> None:
        """Undo or redo, then say which event: "undid #43 Defy Danger"."""
        error = self.attempt(verb)
        if error:
            self.say(f"{name}: {error}")
            return
        target = self.live.events[-1].target
        try:
            event = self.live.event(target) if target is not None else None
        except HearthrollError:
            event = None
        what = (event.move_name or event.kind.replace("_", " ")) if event is not None else ""
        self.say(f"{done} #{target} {what}".strip())

    def on_event_chosen(self, message: EventChosen) -> None:
        from hearthroll.tui.screens.event_detail import EventDetail

        try:
            event = self.live.event(message.seq)
        except HearthrollError as error:
            self.notify(str(error), severity="error")
            return
        self.app.push_screen(EventDetail(event, self.live.ruleset))

    def action_recap(self) -> None:
        """Write tonight's recap (the last session, in Markdown) beside the campaign file."""
        live = self.live

        def write() -> None:
            from hearthroll.core.campaign.recap import markdown_recap
            from hearthroll.store.atomic import atomic_write

            try:
                events = live.saver.call(lambda store: store.last_session())
                state = live.state
                steading = state.steading.name if state.steading is not None else ""
                title = state.name or live.path.stem
                text = markdown_recap(title, events, live.ruleset, steading)
                day = (events[-1].at[:10] if events and events[-1].at else "") or "new"
                target = live.path.with_name(f"{live.path.stem}-recap-{day}.md")
                atomic_write(target, text.encode("utf-8"))
                said = f"W: recap → {target.name}"
            except (HearthrollError, OSError, RuntimeError) as error:
                said = f"W: the recap was not written: {error}"
            self.app.call_from_thread(self.say, said)

        self.run_worker(write, thread=True, group="recap")

    # --- elsewhere -------------------------------------------------------------------------

    def action_served(self) -> None:
        """Where the players' view is served, and whether it runs (or an offer to serve it)."""
        from hearthroll.tui.serving import show

        show(self)

    def action_help(self) -> None:
        """Every key."""
        from hearthroll.tui.keys import help_sections
        from hearthroll.tui.refusals import missing
        from hearthroll.tui.screens.help import HelpScreen

        def has(action: str) -> bool:
            return missing(self.live.state, self.live.ruleset, action) is None

        self.app.push_screen(HelpScreen(help_sections(self.BINDINGS, has)))

    def action_campaigns(self) -> None:
        """The campaign list: open another, or make a new one."""
        from hearthroll.tui.app import HearthrollApp
        from hearthroll.tui.opening import campaign_list

        if isinstance(self.app, HearthrollApp):
            campaign_list(self.app)

    @work(exclusive=True, group=FLOWS)
    async def run_flow(self, flow: Callable[[], Awaitable[None]]) -> None:
        """Run a flow of modals one after another (a move, its inputs, its options); keys
        typed meanwhile wait for its next question (or for the table, once it is done)."""
        await flow()
