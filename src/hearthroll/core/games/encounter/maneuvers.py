"""Making a maneuver: refused with nothing paid, else paid, checked for efficacy, rolled on
the d20 and landed on its target (readings 34-38).

A maneuver's cost, cooldown, efficacy check, the gear it needs and the foes it can reach are
read from the move's data, so a homebrew maneuver plays the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from hearthroll.core.campaign.sheets import put_character
from hearthroll.core.campaign.state import Campaign, Character, Foe
from hearthroll.core.dice.sources import left_over, rolling_for
from hearthroll.core.errors import RuleError
from hearthroll.core.games.encounter.cost import pay
from hearthroll.core.games.encounter.efficacy import checks_efficacy, efficacy_of, gain_on_use
from hearthroll.core.games.encounter.escape import break_off, flee
from hearthroll.core.games.encounter.foes import foe_tags, hurt_foe, is_down, put_foe
from hearthroll.core.games.encounter.refusals import refusal
from hearthroll.core.games.encounter.rounds import needs_encounter, take_turn
from hearthroll.core.games.encounter.terms import Terms, terms
from hearthroll.core.records import Record
from hearthroll.core.rules.effects import Effect
from hearthroll.core.rules.model import Move, Ruleset

if TYPE_CHECKING:  # the rolling parts are imported where a maneuver rolls: a sheet needs none
    from hearthroll.core.dice.mechanics import Roll
    from hearthroll.core.dice.sources import DiceSource


@attrs.frozen
class Made(Record):
    """What a maneuver did: the dice, the band, the named modifiers and the results in words."""

    state: Campaign
    dice: tuple[int, ...]
    band: str
    total: int | None
    modifiers: tuple[str, ...]
    words: tuple[str, ...]


def make_maneuver(
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    character: Character,
    foe: Foe | None,
    dice: DiceSource,
    effect_dice: DiceSource,
    turn_on: str | None = None,
) -> Made:
    """Reading 34: refuse (nothing paid), else pay, check efficacy, roll, apply on the target
    (a foe broken off from turns on `turn_on`, when the GM named one)."""
    why = refusal(state, ruleset, move, character, foe)
    if why is not None:
        raise RuleError(why)
    character, words = pay(ruleset, move, character)
    state = put_character(state, character)
    if needs_encounter(move):
        state = take_turn(state, character.name, move.id)
    checked = checks_efficacy(ruleset, character, move)
    state, gained = gain_on_use(state, ruleset, move, character)
    faces: list[int] = []
    if checked:
        face, passed, said = _efficacy_check(ruleset, move, character, dice)
        faces.append(face)
        words += said
        if not passed:
            from hearthroll.core.dice.odds import EFFICACY_FAIL

            unused = left_over(dice, 20) if move.roll.mechanic == "d20" else None
            if unused is not None:  # the GM threw the d20 with it
                words.append(f"the d20 thrown with it ({unused}) is not needed")
            return Made(state, tuple(faces), EFFICACY_FAIL, None, (), (*words, *gained))
    words += gained
    if move.roll.mechanic != "d20":
        raise RuleError(f"{move.name}: a maneuver rolls a d20, not {move.roll.mechanic!r}")
    found = terms(ruleset, move, character, foe)
    roll = _roll(move, found, rolling_for(dice, f"{move.name}: the d20"))
    faces += roll.faces
    state, said = _land(state, ruleset, move, character.name, foe, roll.band, effect_dice, turn_on)
    return Made(state, tuple(faces), roll.band, roll.total, found.reasons, (*words, *said))


def _efficacy_check(
    ruleset: Ruleset, move: Move, character: Character, dice: DiceSource
) -> tuple[int, bool, list[str]]:
    """The d100 against efficacy: its face, whether it passed, and what it says."""
    assert ruleset.efficacy is not None
    efficacy = efficacy_of(ruleset, character, move)
    die = ruleset.efficacy.die
    (face,) = rolling_for(dice, f"{move.name}: efficacy {efficacy}").roll(die, 1)
    if face > efficacy:
        return face, False, [f"efficacy {efficacy}: d{die} {face} > {efficacy}, it fails"]
    return face, True, [f"efficacy {efficacy}: d{die} {face} ≤ {efficacy}"]


def _roll(move: Move, found: Terms, dice: DiceSource) -> Roll:
    from hearthroll.core.dice.mechanics import roll_d20

    return roll_d20(
        dice,
        modifier=found.modifier,
        target=found.target,
        nat20_succeeds=move.roll.nat20_succeeds,
        fumble_faces=move.roll.fumble_faces,
    )


def _land(
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    actor: str,
    foe: Foe | None,
    band: str,
    effect_dice: DiceSource,
    turn_on: str | None = None,
) -> tuple[Campaign, list[str]]:
    """The band's effects: those on the foe here, the mover's own through the sheet rules."""
    from hearthroll.core.campaign.resolve import Context, apply_effects, effects_for

    character = state.characters[actor]
    ctx = Context(state, character, foe_tags=foe_tags(foe) if foe else frozenset())
    words: list[str] = []
    for effect in effects_for(move, band, [], ctx, ruleset):
        foe = state.encounter.foes.get(foe.name) if foe and state.encounter else None
        if effect.kind == "follow" and effect.move:
            state, said = _follow(
                state, ruleset, ruleset.move(effect.move), actor, foe, effect_dice
            )
        elif effect.subject == "foe" or effect.kind in ("flee", "break_off", "redirect"):
            state, said = _on_foe(state, ruleset, effect, actor, foe, effect_dice, turn_on)
        else:
            state, said = apply_effects(state, ruleset, actor, [effect], effect_dice)
        words += said
    return state, words


def _follow(
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    actor: str,
    foe: Foe | None,
    effect_dice: DiceSource,
) -> tuple[Campaign, list[str]]:
    """A followed roll (Bash's stun) made at once, on the same foe, from the effect dice; not
    made on a foe the blow took down (there is nothing left to stun)."""
    if foe is not None and is_down(foe):
        return state, [f"{move.name}: not rolled, {foe.name} is down"]
    character = state.characters[actor]
    found = terms(ruleset, move, character, foe)
    roll = _roll(move, found, rolling_for(effect_dice, f"{move.name}: the d20"))
    label = next((b.label for b in move.bands if b.id == roll.band), roll.band)
    named = ", ".join(found.reasons)
    words = [
        f"{move.name}: d20 {roll.faces[0]}{f' ({named})' if named else ''} = {roll.total} → {label}"
    ]
    state, said = _land(state, ruleset, move, actor, foe, roll.band, effect_dice)
    return state, words + said


def _on_foe(
    state: Campaign,
    ruleset: Ruleset,
    effect: Effect,
    actor: str,
    foe: Foe | None,
    effect_dice: DiceSource,
    turn_on: str | None = None,
) -> tuple[Campaign, list[str]]:
    """An effect that lands on the foe, or takes the mover out of its reach."""
    if effect.kind == "flee":
        return flee(state, actor)
    if foe is None:
        return state, []
    if effect.kind == "damage":
        return _damage(state, effect, actor, foe, effect_dice)
    if effect.kind == "condition" and effect.condition:
        return _condition(state, ruleset, effect, foe)
    if effect.kind == "redirect":
        was = foe.attacking
        state = put_foe(state, attrs.evolve(foe, attacking=actor))
        return state, [f"{foe.name} turns from {was} onto {actor}"]
    if effect.kind == "break_off":
        return break_off(state, actor, foe, turn_on)
    return state, []


def _damage(
    state: Campaign, effect: Effect, actor: str, foe: Foe, effect_dice: DiceSource
) -> tuple[Campaign, list[str]]:
    """The effect's damage rolled with the mover's scores, armor taking its share."""
    from hearthroll.core.dice.expr import render, roll_expr

    names = state.characters[actor].stats
    purpose = f"damage {effect.dice or '0'}"
    rolled = roll_expr(effect.dice or "0", rolling_for(effect_dice, purpose), names)
    amount = max(0, rolled.total + effect.amount)
    foe, said = hurt_foe(foe, amount)
    return put_foe(state, foe), [f"damage {render(rolled)}", *said]


def _condition(
    state: Campaign, ruleset: Ruleset, effect: Effect, foe: Foe
) -> tuple[Campaign, list[str]]:
    """A condition marked on (or cleared from) the foe, for its rounds."""
    assert effect.condition is not None
    condition = ruleset.condition(effect.condition)
    conditions = dict(foe.conditions)
    if effect.mode == "clear":
        conditions.pop(condition.id, None)
        said = [f"{foe.name}: {condition.name} cleared"]
    else:
        rounds = effect.rounds if effect.rounds is not None else (condition.rounds or 0)
        conditions[condition.id] = rounds
        span = f" for {rounds} round{'s' if rounds != 1 else ''}" if rounds else ""
        said = [f"{foe.name}: {condition.name}{span}"]
    return put_foe(state, attrs.evolve(foe, conditions=conditions)), said
