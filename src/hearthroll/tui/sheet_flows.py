"""The table's sheet keys: gear (g), damage taken (t), healing or an item used (H), Readiness
spent on its options (h), and Last Breath opened as soon as it waits."""

from __future__ import annotations

from collections.abc import Callable

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import AskingDice, DiceNeeded, DiceSource, TypedDice
from hearthroll.core.games import gear, holds
from hearthroll.core.games.holds import by_hand
from hearthroll.core.numbers import signed
from hearthroll.core.rules.model import Hold
from hearthroll.core.verbs import edits, sheet
from hearthroll.tui import flow
from hearthroll.tui.answers import throw
from hearthroll.tui.moves import ask_faces, open_on
from hearthroll.tui.screens.gear import GearChoice, GearDialog
from hearthroll.tui.screens.hold import HoldChange
from hearthroll.tui.screens.options import OptionsPicker, PickList
from hearthroll.tui.screens.prompt import LinePrompt
from hearthroll.tui.table_protocol import Table


def _who(table: Table) -> str | None:
    if table.active not in table.live.state.characters:
        table.notify("no character: press A to add one", severity="warning")
        return None
    return table.active


def gear_lines(table: Table) -> list[str]:
    """The ruleset's items as the gear dialog lists them: weight, armor, damage, uses."""
    lines = []
    for item in table.live.ruleset.gear:
        parts = []
        if item.weight is not None:
            carried = item.weight_carried
            extra = (
                f" ({carried} carried)" if carried is not None and carried != item.weight else ""
            )
            parts.append(f"weight {item.weight}{extra}")
        if item.armor:
            parts.append(f"armor {item.armor}")
        if item.damage:
            parts.append(item.damage + (f", {signed(item.to_hit)} to hit" if item.to_hit else ""))
            if "sweep" in item.tags:
                parts.append("strikes every foe close around")
        if item.heal:
            parts.append(f"heals {item.heal}")
        if item.uses is not None:
            parts.append(f"{item.uses} use{'s' if item.uses != 1 else ''}")
        lines.append(f"{item.name}: {', '.join(parts) or item.text}")
    return lines


def gear_flow(table: Table) -> None:
    """g: give, drop, wear or stow an item; a refusal names the rule, in place."""
    who = _who(table)
    if who is None:
        return
    if not table.live.ruleset.gear:
        table.notify(f"a {table.live.ruleset.name} campaign has no gear", severity="warning")
        return

    def check(value: GearChoice) -> str | None:
        typed, action = value

        def verb() -> Outcome:
            ruleset = table.live.ruleset
            item = gear.find_gear(ruleset, typed, forgiving=True)
            return sheet.give_gear(table.live.state, ruleset, item.id, action, who)

        return table.attempt(verb)

    table.show(GearDialog(who, gear_lines(table), check))


def hurt_flow(table: Table) -> None:
    """t: damage taken, armor first ("5", "5 ignore" for armor-piercing, "5 fall")."""
    who = _who(table)
    if who is None:
        return

    def check(text: str) -> str | None:
        words = text.lower().split()
        if not words:
            return "type the damage: a number, like 5 (or 5 ignore, 5 fall)"
        if not words[0].isdigit():
            return f"the damage is a number, like 5 (or 5 ignore, 5 fall); not {text!r}"
        amount = int(words[0])
        pierce = any(w.startswith("ign") for w in words[1:])
        fall = any(w.startswith("fall") for w in words[1:])
        return table.attempt(
            lambda: sheet.hurt(
                table.live.state,
                table.live.ruleset,
                amount,
                who,
                ignore_armor=pierce,
                falling=fall,
            )
        )

    title = f"{who} takes damage: N (armor first; add 'ignore' or 'fall')"
    table.show(LinePrompt(title, check, placeholder="5, or 5 ignore, or 5 fall"))


def heal_flow(table: Table) -> None:
    """H: heal N, or use an item (a potion, a kit, Adventuring Gear)."""
    who = _who(table)
    if who is None:
        return
    held = table.live.state.characters[who].gear
    names = {g.id: g.name for g in table.live.ruleset.gear}
    usable = sorted({names.get(i.id, i.id) for i in held if i.uses is not None})

    things = f", or an item: {', '.join(usable)}" if usable else ""

    def check(text: str) -> str | None:
        typed = text.strip()
        if not typed:
            return f"type a number of HP, like 3{things}"
        if typed.isdigit():
            return table.attempt(
                lambda: sheet.heal(table.live.state, table.live.ruleset, int(typed), who)
            )

        def verb() -> Outcome:
            ruleset = table.live.ruleset
            item = gear.find_gear(ruleset, typed, forgiving=True)
            try:  # an item that rolls (a potion's 2d3+1): its dice are asked once this closes
                return sheet.use(table.live.state, ruleset, item.id, AskingDice(()), who)
            except DiceNeeded:
                rolling[:] = [item.id]
                raise

        error = table.attempt(verb)
        return None if rolling else error

    rolling: list[str] = []
    items = f" or use: {', '.join(usable)}" if usable else ""
    title = f"{who}: heal N HP{items}"
    heals = {g.name for g in table.live.ruleset.gear if g.heal}
    first = sorted(usable, key=lambda name: name not in heals)[:1]
    hint = f"3, or an item: {first[0].lower()}" if first else "3"

    async def run() -> None:
        if await table.ask(LinePrompt(title, check, placeholder=hint)) is None:
            return
        if rolling:
            state, ruleset = table.live.state, table.live.ruleset
            used = await throw(table, lambda d: sheet.use(state, ruleset, rolling[0], d, who))
            if used is not None:
                table.commit(used)

    table.run_flow(run)


def hold_flow(table: Table) -> None:
    """h: gain or spend a hold; spending one with options (Readiness) asks which, one a point."""
    who = _who(table)
    if who is None:
        return
    ruleset = table.live.ruleset
    character = table.live.state.characters[who]
    kept = [(h.id, h.name, character.holds.get(h.id, 0)) for h in ruleset.holds]
    spends = {h.id: h for h in ruleset.holds if by_hand(h)}  # Preparation's +1 goes on a roll

    def check(value: tuple[str, int]) -> str | None:
        hold_id, amount = value
        if amount < 0 and hold_id in spends:
            held = table.live.state.characters[who].holds.get(hold_id, 0)
            if held < -amount:
                return f"{who} holds {held} {spends[hold_id].name}; cannot spend {-amount}"
            return None  # the options are asked next
        return table.attempt(
            lambda: edits.hold(table.live.state, table.live.ruleset, hold_id, amount, who)
        )

    async def run() -> None:
        value = await table.ask(HoldChange(who, kept, check))
        if value is None:
            return
        hold_id, amount = value
        if amount < 0 and hold_id in spends:
            await _spend_picked(table, who, spends[hold_id], amount)

    table.run_flow(run)


async def _spend_picked(table: Table, who: str, spent: Hold, amount: int) -> None:
    """A spend's options, one a point; then, where one lands on an ally and the party has
    several, which ally; then the dice the picks roll, real or the app's."""
    lists = [
        PickList(
            f"Spend {-amount} {spent.name}: pick {-amount}",
            tuple((o.id, o.text) for o in by_hand(spent)),
            -amount,
        )
    ]
    chosen: list[str] = []
    ally: list[str] = []

    def spend(picks: list[str], dice: DiceSource) -> Outcome:
        state, ruleset = table.live.state, table.live.ruleset
        taker = ally[0] if ally else None
        return edits.hold(state, ruleset, spent.id, amount, who, picks, dice, taker)

    def pick(picks: list[str]) -> str | None:
        chosen[:] = picks
        if _asks_ally(table, who, spent, picks) or flow.dice_needed(lambda d: spend(picks, d)):
            return None  # which ally, or the dice they roll, is asked next
        return table.attempt(lambda: spend(picks, table.dice()))

    picker = OptionsPicker(f"{who}: {spent.name}", spent.text, lists, pick, escape="spend nothing")
    if await table.ask(picker) is None:
        table.notify("cancelled: nothing was spent", severity="warning")
        return
    asks_ally = _asks_ally(table, who, spent, chosen)
    if asks_ally:
        allies = PickList(
            "Which ally takes it?", tuple((n, n) for n in holds.allies(table.live.state, who)), 1
        )
        asked = OptionsPicker(
            f"{who}: {spent.name}", "", [allies], lambda _: None, escape="spend nothing"
        )
        taken = await table.ask(asked)
        if not taken:
            table.notify("cancelled: nothing was spent", severity="warning")
            return
        ally[:] = taken
    if flow.dice_needed(lambda d: spend(chosen, d)):
        what = f"{who}: {' · '.join(o.text.rstrip('.') for o in spent.spends if o.id in chosen)}"
        if not await _spend_rolled(table, what, chosen, spend):
            table.notify("cancelled: nothing was spent", severity="warning")
    elif asks_ally:  # what needs no dice was spent by the picker itself, but for the ally
        table.run_verb(lambda: spend(chosen, table.dice()))


def _asks_ally(table: Table, who: str, spent: Hold, picks: list[str]) -> bool:
    """Whether the picks give an ally something and the party has several to ask between."""
    effects = [e for o in spent.spends if o.id in picks for e in o.effects]
    return holds.for_an_ally(effects) and len(holds.allies(table.live.state, who)) > 1


async def _spend_rolled(
    table: Table,
    title: str,
    picks: list[str],
    spend: Callable[[list[str], DiceSource], Outcome],
) -> bool:
    """The dice a hold's picks roll (Defend's "deal half your damage"): the faces of real dice
    typed, or Enter on an empty line for the app's dice. False when cancelled."""

    def typed(faces: flow.TypedRoll) -> Outcome:
        source = TypedDice((*faces.dice, *(faces.effect or ())))
        outcome = spend(picks, source)
        source.finish()
        return outcome

    needed = flow.dice_needed(lambda d: spend(picks, d)) or 0
    title = f"{title} — the faces of real dice"
    outcome = await ask_faces(table, title, needed, typed, lambda: spend(picks, table.dice()))
    if outcome is None:
        return False
    table.commit(outcome)
    return True


def waiting_move(before: Campaign, after: Campaign) -> tuple[str, str] | None:
    """(who, move) when the event left a move waiting for a character that was not before
    (Last Breath at 0 HP), so the table opens it at once."""
    for name, character in after.characters.items():
        was = before.characters.get(name)
        if character.waits and (was is None or was.waits != character.waits):
            return name, character.waits
    return None


def open_waiting(table: Table, who: str, move: str) -> None:
    """Open the palette on the move that waits for `who` (their Last Breath)."""
    name = next((m.name for m in table.live.ruleset.moves if m.id == move), move)
    table.notify(f"{who} is at 0 HP: {name} now", severity="warning")
    open_on(table, who, move, f"{who} is at 0 HP: {name} waits")
