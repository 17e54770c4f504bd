"""The table's flows that take several modals: a move (its inputs, options before the roll,
real dice, the band's options), a reroll that lands on options, damage with real dice.

Each flow previews with recorded dice (nothing committed), asks what it must, and commits
exactly one outcome at the end; Escape anywhere leaves the campaign as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from rich.text import Text

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import AskingDice, DiceSource, RandomDice, TypedDice
from hearthroll.core.errors import HearthrollError
from hearthroll.core.games import steading
from hearthroll.core.games.encounter import needs_encounter
from hearthroll.core.games.holds import on_roll
from hearthroll.core.rules.model import Move, Ruleset
from hearthroll.core.verbs.asking import MoveRequest, boost_question
from hearthroll.core.verbs.edits import damage
from hearthroll.core.verbs.offers import let_off, offer_words, offered_next
from hearthroll.core.verbs.pool import reroll
from hearthroll.core.verbs.session import refusal_before_roll
from hearthroll.core.verbs.starforged import burn
from hearthroll.tui import flow
from hearthroll.tui.answers import play, settle
from hearthroll.tui.flow import Preview
from hearthroll.tui.refused import at_table
from hearthroll.tui.screens.dice_input import DiceInput
from hearthroll.tui.screens.options import OptionsPicker, PickList
from hearthroll.tui.screens.palette import MovePalette, PaletteChoice
from hearthroll.tui.table_protocol import Table
from hearthroll.tui.views import dice, next_pool

T = TypeVar("T")


def _fail(table: Table, error: HearthrollError) -> None:
    table.notify(at_table(error), severity="error", title="not done")


def target_for(table: Table, move: Move) -> str | None:
    """The foe a maneuver is made against: the table's target, for a move that needs one."""
    return table.target if needs_encounter(move) else None


def refusal(table: Table, move_id: str) -> str | None:
    """Why the engine would refuse the move now, before any die (shown in the palette)."""
    move = table.live.ruleset.move(move_id)
    state, ruleset = table.live.state, table.live.ruleset
    error = refusal_before_roll(
        state, ruleset, move_id, actor=table.active, at=target_for(table, move)
    )
    return at_table(error) if error is not None else None


def prepared(table: Table) -> bool:
    """Whether the active character holds Preparation to spend as a roll is made."""
    character = table.live.state.characters.get(table.active or "")
    spend = on_roll(table.live.ruleset)
    if character is None or spend is None:
        return False
    return bool(character.holds.get(spend.hold.id))


def open_palette(table: Table, plan: Callable[[Table], None], risky_only: bool = False) -> None:
    """The move palette (on RISKY moves only, for the turn's next push); the move picked is
    made, or `plan` asks for a plan where the move starts one (Make a Plan)."""
    if risky_only:
        n = next_pool(table.live.state, table.active)
        title = f"Push: {table.active}'s next RISKY move rolls {dice(n)}"
    else:
        title = f"Make a move as {table.active}" if table.active else "Make a move"
    palette = MovePalette(
        table.live.ruleset,
        table.live.index,
        title=title,
        risky_only=risky_only,
        can_prepare=prepared(table),
        check=lambda move_id: refusal(table, move_id),
    )

    def chosen(choice: PaletteChoice | None) -> None:
        if choice is not None:
            make_chosen(table, choice, plan)

    table.show(palette, chosen)


def make_chosen(table: Table, choice: PaletteChoice, plan: Callable[[Table], None]) -> None:
    """Make the move picked in the palette (or roll the oracle), as a flow."""
    if choice.oracle:
        from hearthroll.tui.oracles import oracle_flow

        oracle_flow(table, choice)
        return
    moves = table.live.ruleset.moves
    if any(m.id == choice.move and steading.starts_plan(m) for m in moves):
        plan(table)
        return

    async def run() -> None:
        await make_move_flow(table, choice)

    table.run_flow(run)


def open_on(table: Table, who: str, move: str, why: str) -> None:
    """Open the palette as `who` on `move`, which the rules make next (a Last Breath, a Flee
    past the breaking point): Enter rolls it, F4 first to type the faces of real dice."""
    name = table.live.ruleset.move(move).name
    table.active = who
    table.refresh_view()
    palette = MovePalette(
        table.live.ruleset,
        table.live.index,
        title=f"{why} (⏎ rolls it, F4 real dice)",
        check=lambda move_id: refusal(table, move_id),
        query=name,
    )

    async def run() -> None:
        choice = await table.ask(palette)
        if choice is not None:
            await make_move_flow(table, choice)

    table.run_flow(run)


LET_OFF = "let_off"
"""The choice, beside the moves everyone aboard still owes, that lets the rest off."""


def next_move_flow(table: Table, typed: bool = False) -> None:
    """The move offered next, its preset picked (several: which one, and whose, asked; while
    everyone aboard owes one, the GM may let the rest off instead); `typed` asks for the
    faces of real dice before it rolls, as F4 in the palette does."""
    ruleset, state = table.live.ruleset, table.live.state
    offers = offered_next(table.live.events, ruleset, state)
    if not offers:
        table.notify("no move is offered next", severity="error")
        return

    async def run() -> None:
        offer = offers[0]
        if len(offers) > 1 or state.aboard is not None:
            items = tuple((str(n), offer_words(o, ruleset)) for n, o in enumerate(offers))
            if state.aboard is not None:
                items += ((LET_OFF, "let the rest aboard off: nobody else pays a part"),)
            picked = await table.ask(
                OptionsPicker(
                    "Play next", Text(""), [PickList("Which move?", items, 1)], lambda _: None
                ),
            )
            if not picked:
                return
            if picked[0] == LET_OFF:
                try:
                    table.commit(let_off(table.live.state))
                except HearthrollError as error:
                    _fail(table, error)
                return
            offer = offers[int(picked[0])]
        choice = PaletteChoice(offer.move, typed=typed)
        await make_move_flow(table, choice, offer.preset, offer.actor, offer.asset)

    table.run_flow(run)


async def make_move_flow(
    table: Table,
    choice: PaletteChoice,
    preset: str = "",
    actor: str | None = None,
    asset: str | None = None,
) -> None:
    """The move picked: the engine's questions asked in its order, then committed. `preset`
    is the pick before the roll a table row gave (Endure Harm, serious): not asked; `actor`
    and `asset` whose move it is and the companion it acts on, where the offer says."""
    move = table.live.ruleset.move(choice.move)
    request = MoveRequest(
        move.id,
        actor=actor or table.active,
        advantage=choice.advantage,
        disadvantage=choice.disadvantage,
        picks=(preset,) if preset else (),
        prepare=choice.prepared,
        at=target_for(table, move),
        asset=asset,
    )
    await play(table, request, choice.typed)


async def ask_faces(
    table: Table,
    title: str,
    needed: int | None,
    roll: Callable[[flow.TypedRoll], T],
    blank: Callable[[], T] | None = None,
) -> T | None:
    """Ask for typed faces until `roll` takes them (or Escape); the result of the roll. With
    `blank`, Enter on an empty line takes `blank()` instead (the app's own dice)."""
    held: list[T] = []

    def check(text: str) -> str | None:
        try:
            if blank is not None and not text.strip():
                held[:] = [blank()]
            else:
                held[:] = [roll(flow.check_typed(text))]
        except HearthrollError as error:
            return at_table(error)
        return None

    hint = f"this roll takes {dice(needed)}" if needed is not None else "type the faces rolled"
    if blank is not None:
        hint += "; ⏎ on an empty line rolls them"
    text = await table.ask(DiceInput(title, hint, check))
    return held[0] if text is not None and held else None


Finish = Callable[[list[str], str | None], Outcome]
"""The outcome for these picks and the track a loss of progress clears (None: as asked)."""


async def _settle(table: Table, preview: Preview, move: Move, finish: Finish) -> Outcome | None:
    """The outcome to commit: at once, or after the band's options are picked; what a pick
    opens (−1 health more to 0: wounded or the table; Lose Momentum at −6: another suffer move
    or progress lost, and on which track) is asked next, as a move's questions are."""
    return await settle(
        table, preview.outcome, preview.lists, lambda r: finish(list(r.picks), r.track)
    )


def reroll_flow(table: Table, typed: bool) -> None:
    """Spend a reroll on the pending bust; a saved roll's options are picked before it lands."""

    async def run() -> None:
        state, ruleset = table.live.state, table.live.ruleset
        move_id = state.turn.move
        if move_id is None or state.turn.status != "bust_pending":
            table.notify("there is no bust to reroll", severity="error")
            return
        move = ruleset.move(move_id)
        if typed:  # every die asked: the 1s rerolled, then what the band it lands on rolls
            outcome = await _reroll_typed(table, state, ruleset, move)
            if outcome is not None:
                table.commit(outcome)
            return
        try:
            preview = flow.preview_reroll(state, ruleset, table.dice(), table.dice())
        except HearthrollError as error:
            _fail(table, error)
            return
        outcome = await _settle(
            table,
            preview,
            move,
            lambda picks, _: flow.settle_reroll(state, ruleset, preview, picks),
        )
        if outcome is not None:
            table.commit(outcome)

    table.run_flow(run)


async def _reroll_typed(
    table: Table, state: Campaign, ruleset: Ruleset, move: Move
) -> Outcome | None:
    """The reroll with real dice: each die it rolls asked, named, with its band's picks."""
    picks = state.turn.picks

    def made(request: MoveRequest, then: DiceSource | None = None) -> Outcome:
        source = AskingDice(request.faces, then)
        chosen = [*picks, *request.picks]
        return reroll(state, ruleset, source, source, chosen, short_ok=then is not None)

    return await settle(table, None, (), made, move=move, preview=lambda r: made(r, RandomDice()))


def prep_flow(table: Table) -> None:
    """Spend Preparation on a kept die of the pending bust; if the +1 lifts it onto a band
    with options, they are picked before it lands."""

    async def run() -> None:
        state, ruleset = table.live.state, table.live.ruleset
        move_id = state.turn.move
        if move_id is None or state.turn.status != "bust_pending":
            table.notify("there is no bust waiting for Preparation", severity="error")
            return
        held: list[tuple[int, Preview]] = []

        def check(got: list[str]) -> str | None:
            position = int(got[0])
            try:
                held[:] = [(position, flow.preview_prep(state, ruleset, position, table.dice()))]
            except HearthrollError as error:
                return at_table(error)
            return None

        move = ruleset.move(move_id)
        last = state.turn.last
        kept = tuple(last.faces[i] for i in last.kept) if last is not None else ()
        question = boost_question(move, kept)
        lists = [PickList("Which kept die?", question.choices, 1)]
        picker = OptionsPicker(question.title, Text(move.trigger, style="italic"), lists, check)
        if await table.ask(picker) is None or not held:
            return
        position, preview = held[0]
        outcome = await _settle(
            table,
            preview,
            ruleset.move(move_id),
            lambda picks, _: flow.settle_prep(state, ruleset, position, preview, picks),
        )
        if outcome is not None:
            table.commit(outcome)

    table.run_flow(run)


def damage_flow(table: Table, typed: bool) -> None:
    """Roll the active character's weapon damage, with real dice if asked."""
    state, ruleset, actor = table.live.state, table.live.ruleset, table.active
    if not typed:
        table.run_verb(lambda: damage(state, ruleset, table.dice(), actor=actor))
        return

    def roll(typed_roll: flow.TypedRoll) -> Outcome:
        source = TypedDice(typed_roll.dice)
        outcome = damage(state, ruleset, source, actor=actor)
        source.finish()
        return outcome

    async def run() -> None:
        outcome = await ask_faces(
            table,
            f"{actor}: weapon damage with real dice",
            flow.dice_needed(lambda d: damage(state, ruleset, d, actor=actor)),
            roll,
        )
        if outcome is not None:
            table.commit(outcome)

    table.run_flow(run)


async def burn_flow(table: Table) -> None:
    """Burn momentum (reading 27): previewed, the new band's options asked, then committed."""
    state, ruleset, actor = table.live.state, table.live.ruleset, table.active
    lookup = table.live.event
    try:
        seen = burn(state, ruleset, actor, lookup, effect_dice=RandomDice(), short_ok=True)
    except HearthrollError as error:
        _fail(table, error)
        return
    move = ruleset.move(seen.event.move or "")
    preview = Preview(seen, (), (), flow.offered_lists(seen), RandomDice())
    outcome = await _settle(
        table,
        preview,
        move,
        lambda picks, track: burn(
            state, ruleset, actor, lookup, picks=picks, track=track, effect_dice=table.dice()
        ),
    )
    if outcome is not None:
        table.commit(outcome)
