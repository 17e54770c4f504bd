"""The table's own commands: the palette, undo and redo, who is looked at, the party, the GM's
edits and notes, the recap, the campaigns, the players' view, the keys, quitting."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hearthroll.core.errors import HearthrollError
from hearthroll.core.games.encounter import has_encounters
from hearthroll.tui.commands.base import EMPTY_PARTY, Command, Seat
from hearthroll.tui.commands.encounter import aim
from hearthroll.tui.messages import CampaignsWanted
from hearthroll.tui.table_protocol import Table, Verb

if TYPE_CHECKING:
    from hearthroll.core.campaign.events import Outcome
    from hearthroll.tui.screens.new_character import NewCharacter

# A command's body imports what only it needs when it runs: the first frame loads the command
# list, the footer and the why-not answers alone.


def palette(table: Table) -> None:
    """Open the move palette."""
    from hearthroll.tui.commands.sheet import new_plan
    from hearthroll.tui.moves import open_palette

    open_palette(table, new_plan)


def undo(table: Table) -> None:
    """Revert the last event undo can reach."""
    from hearthroll.core.verbs import edits

    live = table.live
    _reverted(table, lambda: edits.undo_last(live.state, live.event), "undo", "undid")


def redo(table: Table) -> None:
    """Reapply the last undone event."""
    from hearthroll.core.verbs import edits

    live = table.live
    _reverted(table, lambda: edits.redo_last(live.state, live.event), "redo", "redid")


def _reverted(table: Table, verb: Verb, name: str, done: str) -> None:
    """Undo or redo, then say which event: "undid #43 Defy Danger"."""
    error = table.attempt(verb)
    if error:
        table.say(f"{name}: {error}")
        return
    target = table.live.events[-1].target
    try:
        event = table.live.event(target) if target is not None else None
    except HearthrollError:
        event = None
    what = (event.move_name or event.kind.replace("_", " ")) if event is not None else ""
    table.say(f"{done} #{target} {what}".strip())


def _character(number: int) -> Callable[[Seat], str | None]:
    def why_not(seat: Seat) -> str | None:
        party = len(seat.state.characters)
        if number <= party:
            return None
        if not party:
            return EMPTY_PARTY
        return f"the party has {party} {'character' if party == 1 else 'characters'}"

    return why_not


def _someone(seat: Seat) -> str | None:
    fight_on = seat.state.encounter
    if seat.state.characters or (fight_on is not None and len(fight_on.foes) > 1):
        return None
    return EMPTY_PARTY


def pick(table: Table, number: int) -> None:
    """Look at character `number` (moves are made as them)."""
    names = list(table.live.state.characters)
    if 1 <= number <= len(names):
        table.active = names[number - 1]
        table.refresh_view()


def tab(table: Table, step: int) -> None:
    """In a fight with foes to choose between, the next (or previous) target; else the next
    (or previous) character."""
    fight = table.live.state.encounter
    if fight is not None and len(fight.foes) > 1:
        aim(table, step)
        return
    names = list(table.live.state.characters)
    if not names:
        return
    index = names.index(table.active) if table.active in names else -1
    table.active = names[(index + step) % len(names)]
    table.refresh_view()


def add_character(table: Table) -> None:
    """A new character joins the party (and is looked at)."""
    from hearthroll.core.campaign.state import start_level
    from hearthroll.core.verbs import edits
    from hearthroll.tui.screens.new_character import CharacterForm

    def check(value: NewCharacter) -> str | None:
        name, template, level = value

        def verb() -> Outcome:
            state, ruleset = table.live.state, table.live.ruleset
            outcome = edits.add_character(state, ruleset, name, template, level)
            table.active = outcome.event.actor
            return outcome

        return table.attempt(verb)

    ruleset = table.live.ruleset
    templates = [(t.id, t.name) for t in ruleset.templates]
    table.show(CharacterForm(templates, check, start_level(ruleset)))


def edit(table: Table) -> None:
    """Edit any field of a sheet or the steading (`NAME.ongoing` takes `-1 3`)."""
    from hearthroll.core.verbs import fields
    from hearthroll.tui.screens.edit_field import EditField

    live = table.live

    def check(value: tuple[str, str]) -> str | None:
        path, text = value
        return table.attempt(lambda: fields.set_field(live.state, live.ruleset, path, text))

    def current(path: str) -> str | None:
        return fields.field_value(live.state, live.ruleset, path)

    start = f"{table.active}." if table.active else "steading."
    paths = fields.field_paths(live.state, live.ruleset)
    table.show(EditField(start, paths, check, current))


def note(table: Table) -> None:
    """The GM's line in the log; one that starts with `!` is secret (never in the players'
    view)."""
    from hearthroll.core.verbs import edits
    from hearthroll.tui.screens.prompt import LinePrompt

    def check(text: str) -> str | None:
        secret = text.lstrip().startswith("!")
        words = text.lstrip().removeprefix("!") if secret else text
        return table.attempt(lambda: edits.note(table.live.state, words, secret=secret))

    hint = "a hard move, a scene… (! first: a secret one)"
    table.show(LinePrompt("GM's note", check, placeholder=hint))


def recap(table: Table) -> None:
    """Write tonight's recap (the last session, in Markdown) beside the campaign file."""
    from hearthroll.core.campaign.recap import markdown_recap
    from hearthroll.store.atomic import atomic_write

    live = table.live

    def write() -> None:
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
        table.from_behind(lambda: table.say(said))

    table.behind(write, "recap")


def served(table: Table) -> None:
    """Where the players' view is served, and whether it runs."""
    from hearthroll.tui import serving

    serving.show(table)


def campaigns(table: Table) -> None:
    """The campaign list: open another, or make a new one."""
    table.post_message(CampaignsWanted())


PALETTE = Command(
    key="slash,ctrl+p",
    action="palette",
    name="Move",
    key_display="/",
    help="the move palette: 3–4 letters and Enter roll a move for the active character",
    footer="Move",
    rank=0,
    run=palette,
)
UNDO = Command(
    key="u",
    action="undo",
    name="Undo",
    help="undo the last event (the sheets and the log follow)",
    footer="Undo",
    rank=40,
    run=undo,
)
REDO = Command(key="U,ctrl+r", action="redo", name="Redo", help="redo what was undone", run=redo)
ADD_CHARACTER = Command(
    key="A",
    action="add_character",
    name="Add character",
    help="add a character: name, template and level",
    run=add_character,
)
EDIT = Command(
    key="e",
    action="edit",
    name="Edit field",
    help="edit any field: NAME.field or steading.field; a bad value is refused",
    footer="Edit",
    rank=61,
    run=edit,
)
NOTE = Command(
    key="n",
    action="note",
    name="Note",
    help="the GM's line in the log: a hard move, a scene (! first: secret, never in the "
    "players' view)",
    footer="Note",
    rank=41,
    run=note,
)
CAMPAIGNS = Command(
    key="c",
    action="campaigns",
    name="Campaigns",
    help="the campaign list: open another, or make a new one",
    footer="Campaigns",
    rank=70,
    run=campaigns,
)
RECAP = Command(
    key="W",
    action="recap",
    name="Write recap",
    help="write tonight's recap (Markdown, for the group chat) beside the campaign file",
    run=recap,
)
NEXT = Command(
    key="tab",
    action="tab(1)",
    name="Next",
    key_display="Tab",
    help="the next character; in a fight with two foes or more, the next target (as →)",
    footer="Target",
    rank=21,
    why_not=_someone,
    in_footer=lambda state, ruleset: (
        has_encounters(ruleset) and state.encounter is not None and len(state.encounter.foes) > 1
    ),
    run=tab,
)
PREVIOUS = Command(
    key="shift+tab",
    action="tab(-1)",
    name="Previous",
    key_display="Shift+Tab",
    help="the previous character; in a fight, the previous target (as ←)",
    why_not=_someone,
    run=tab,
)
PICKS = tuple(
    Command(
        key=str(n),
        action=f"pick({n})",
        name=f"Character {n}",
        help="look at character 1 to 9 (moves are made as them)",
        why_not=_character(n),
        run=pick,
    )
    for n in range(1, 10)
)
QUIT = Command(
    key="q",
    action="app.quit",
    name="Quit",
    help="quit (everything is saved first; it never asks)",
    footer="Quit",
    rank=72,
)
SERVED = Command(
    key="V",
    action="served",
    name="Players' view",
    help="where the players' view is served to browsers, and whether it runs; when it is not, "
    "the command, and an offer to serve it from here while the app runs",
    footer="Players' view",
    rank=60,
    run=served,
)
