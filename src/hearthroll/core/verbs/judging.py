"""The judge stage of a move: the band's words and line, and momentum's burn.

Burning momentum is decided as the action roll is judged, before anything of its band lands
(reading 27): `offer_burn` asks it, `burn_on` makes it. `action_line` and `table_row` say
what the roll came to; `rolled` and `rolled_with` are what the roll leaves on the sheet and
in the event.
"""

from __future__ import annotations

import attrs

from hearthroll.core.campaign.events import Event, Outcome
from hearthroll.core.campaign.resolve import row_follow
from hearthroll.core.campaign.sheets import put_character
from hearthroll.core.campaign.state import Campaign, Character, LastRoll
from hearthroll.core.dice.mechanics import (
    BURNED,
    CANCELLED,
    MATCH,
    ActionRoll,
    Roll,
    burn_momentum,
)
from hearthroll.core.errors import RuleError
from hearthroll.core.games import assets, momentum
from hearthroll.core.numbers import signed
from hearthroll.core.rules.describe import word
from hearthroll.core.rules.model import Move, Ruleset
from hearthroll.core.verbs.picking import band_words


class BurnOffered(RuleError):
    """The action roll is judged and burning momentum would better it: burn or not is asked
    before anything the band does lands (reading 27)."""

    def __init__(self, message: str, words: str, seen: Outcome) -> None:
        super().__init__(message)
        self.words = words
        """What the burn would do: `momentum +7: weak hit → strong hit`."""
        self.seen = seen
        """The roll as judged without the burn, nothing of its band applied (to show it)."""


def table_row(ruleset: Ruleset, table_id: str, roll: Roll) -> tuple[str, str, str, list[str]]:
    """A table roll's row: its label and text, the roll's line, and the moves it offers next
    (reading 32)."""
    row = ruleset.table(table_id).row_for(roll.faces[0])
    label = row.id.replace("_", " ")
    line = f"d{roll.sides} = {roll.faces[0]} → {label}"
    return label, row.text, line, row_follow(ruleset, row.follow, row.preset)


def burn_on(
    state: Campaign, ruleset: Ruleset, move: Move, who: str | None, roll: Roll | None
) -> tuple[Campaign, ActionRoll, list[str]]:
    """Reading 27: the action score becomes the momentum, the band is judged again against the
    same challenge dice, momentum resets (to the reset its impacts leave)."""
    if who is None or not isinstance(roll, ActionRoll):
        raise RuleError(f"{move.name} makes no action roll to burn momentum on")
    last = LastRoll(who, move.id, roll.action_die, roll.challenge, roll.score, roll.band)
    character, done = momentum.burn(ruleset, state.characters[who], last)
    words = [
        f"momentum {signed(done.momentum)} replaces the action score {roll.score}: "
        f"{momentum.BAND_WORDS[done.band_before]} → {momentum.BAND_WORDS[done.band_after]}",
        f"Momentum {done.momentum} → {done.reset} (reset)",
    ]
    return put_character(state, character), burn_momentum(roll, done.momentum), words


def offer_burn(
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    roll: Roll | None,
    event: Event,
    used: tuple[str, int] | None,
) -> None:
    """Reading 27, asked: raise `BurnOffered` when burning momentum would better this roll."""
    who = event.actor
    if who is None or not isinstance(roll, ActionRoll):
        return
    last = LastRoll(who, move.id, roll.action_die, roll.challenge, roll.score, roll.band)
    offer = momentum.burn_preview(ruleset, state.characters[who], last)
    if offer is None:
        return
    label, text = band_words(move, roll.band)
    words = (
        f"burn momentum ({signed(offer.momentum)}): {momentum.BAND_WORDS[offer.band_before]} "
        f"→ {momentum.BAND_WORDS[offer.band_after]}"
    )
    seen = attrs.evolve(
        event,
        dice=roll.faces,
        band=roll.band,
        label=label,
        text=text,
        total=roll.total,
        match=roll.has(MATCH),
        line=action_line(ruleset, used, roll, label),
    )
    raise BurnOffered(f"{move.name}: {words}? (--burn)", words, Outcome(state, seen))


def action_line(
    ruleset: Ruleset, used: tuple[str, int] | None, roll: ActionRoll, label: str
) -> str:
    """`action die 4 + iron 2 = 6  vs  3 · 9 → weak hit`, a cancelled die or a match in words;
    the stat named is the one the roll used."""
    name, value = used if used is not None else ("stat", 0)
    c1, c2 = roll.challenge
    said = label.lower() if label else roll.band
    match = ", a match" if roll.has(MATCH) else ""
    if roll.has(BURNED):
        return f"momentum {roll.score}  vs  {c1} · {c2} → {said}{match}"
    shown = _name_of(ruleset, name)
    die = f"action die {roll.action_die}"
    if roll.has(CANCELLED):
        die += " (cancelled by momentum)"
    plus = f" + adds {roll.adds}" if roll.adds else ""
    capped = f"{roll.uncapped}, capped at " if roll.uncapped > roll.score else ""
    total = f"{capped}{roll.score}"
    return f"{die} + {shown} {value}{plus} = {total}  vs  {c1} · {c2} → {said}{match}"


def _name_of(ruleset: Ruleset, stat_id: str) -> str:
    for meter in ruleset.meters:
        if meter.id == stat_id:
            # an asset's meter is named for it ("Rook's health"): its name keeps its capital
            return meter.name if meter.scope in assets.LIMITS else meter.name.lower()
    for stat in ruleset.stats:
        if stat.id == stat_id:
            return stat.name.lower()
    return stat_id


def rolled(character: Character) -> Character:
    """After a roll: forward is spent, an ongoing penalty counts one roll down (reading 24)."""
    ongoing = character.ongoing
    if ongoing is not None:
        ongoing = attrs.evolve(ongoing, rolls=ongoing.rolls - 1) if ongoing.rolls > 1 else None
    return attrs.evolve(character, forward=0, ongoing=ongoing)


def rolled_with(
    state: Campaign, used: tuple[str, int] | None, ruleset: Ruleset, move: Move
) -> tuple[str, str]:
    """The event's words for what was rolled: the stat the roll used and its value, and the
    steading's name for a community roll (the log names the steading, not the character)."""
    spec = move.roll
    if spec.mechanic in ("none", "table", "pool") or used is None:
        return "", ""
    stat, value = used
    if spec.mechanic == "stat_dice":
        name = state.steading.name if state.steading is not None else ""
        return f"{word(ruleset, stat)} {value}", name
    return f"{word(ruleset, stat)} {signed(value)}", ""
