"""Harm: damage taken (armor first), healing (never past the maximum) and Last Breath waiting
at 0 HP (readings 20 and 22)."""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from hearthroll.core.campaign.sheets import change_meter, meter_bounds, put_character
from hearthroll.core.campaign.state import Campaign, Character
from hearthroll.core.dice.sources import DiceSource
from hearthroll.core.errors import MoveWaits, RuleError
from hearthroll.core.games import gear
from hearthroll.core.games.stage import Attempt, Landing
from hearthroll.core.rules.model import Meter, Move, Ruleset


def health(ruleset: Ruleset) -> Meter:
    """The meter harm lands on: the one a Last Breath waits on (HP), else the first meter."""
    meters = [m for m in ruleset.meters if m.scope == "character"]
    for meter in meters:
        if meter.at_min is not None:
            return meter
    if not meters:
        raise RuleError(f"a {ruleset.name} character has no meter that damage could mark off")
    return next((m for m in meters if m.id in ("hp", "health")), meters[0])


def _waits(ruleset: Ruleset, character: Character, meter: Meter) -> tuple[Character, list[str]]:
    """Reading 20: at the meter's bottom, its move waits (if the ruleset has it)."""
    if meter.at_min is None or character.meters.get(meter.id, 1) > meter.min:
        return character, []
    move = next((m for m in ruleset.moves if m.id == meter.at_min), None)
    if move is None or character.waits == move.id:
        return character, []
    said = f"{character.name} is at {meter.min} {meter.name}: {move.name} waits, to be rolled next"
    return attrs.evolve(character, waits=move.id), [said]


def hurt(
    ruleset: Ruleset,
    character: Character,
    amount: int,
    *,
    ignore_armor: bool = False,
    falling: bool = False,
) -> tuple[Character, list[str]]:
    """Take `amount` damage: armor soaks first (never below 0) unless the damage ignores it; a
    whole power-armor suit soaks every fall; the meter never drops below its bottom."""
    if amount < 0:
        raise RuleError(f"damage is 0 or more, not {amount}; heal to give HP back")
    meter = health(ruleset)
    old = character.meters.get(meter.id, 0)
    soaked = 0 if ignore_armor else gear.armor(ruleset, character)
    suit = gear.falling_immune(ruleset, character) if falling else None
    if suit is not None:
        taken, how = 0, f"{amount} from a fall, all soaked by {suit}"
    elif soaked:
        taken = max(0, amount - soaked)
        how = f"{amount}{' from a fall' if falling else ''} − {soaked} armor = {taken}"
    else:
        taken = amount
        how = f"{amount}" + (" from a fall" if falling else "")
        how += " (armor ignored)" if ignore_armor else ""
    changed, _ = change_meter(ruleset, character, meter.id, -taken)
    new = changed.meters.get(meter.id, 0)
    words = [f"{character.name} takes {how}: {meter.name} {old} → {new}"]
    changed, waiting = _waits(ruleset, changed, meter)
    return changed, words + waiting


def heal(
    ruleset: Ruleset, character: Character, amount: int, how: str = ""
) -> tuple[Character, list[str]]:
    """Give back `amount` (never past the maximum, reading 22); `how` names what healed."""
    if amount < 0:
        raise RuleError(f"healing is 0 or more, not {amount}; hurt to take HP away")
    meter = health(ruleset)
    old = character.meters.get(meter.id, 0)
    _, top = meter_bounds(ruleset, character, meter.id)
    changed, _ = change_meter(ruleset, character, meter.id, amount)
    new = changed.meters.get(meter.id, 0)
    capped = f" (at most {top})" if top is not None and old + amount > top else ""
    what = f" ({how})" if how else ""
    words = [f"{character.name} heals {amount}{what}{capped}: {meter.name} {old} → {new}"]
    changed, cleared = _lifted(ruleset, changed, meter)
    return changed, words + cleared


def lift_waits(ruleset: Ruleset, character: Character) -> tuple[Character, list[str]]:
    """The sheet with no bottom move waiting on a meter that is above its bottom now (a GM's
    `set`, a hand edit, a move's own change), and the words saying so."""
    words: list[str] = []
    for meter in ruleset.meters:
        character, said = _lifted(ruleset, character, meter)
        words += said
    return character, words


def _lifted(ruleset: Ruleset, character: Character, meter: Meter) -> tuple[Character, list[str]]:
    """Reading 20: healed above the meter's bottom before it is rolled, its move waits no more
    (HP back means the character did not lose it all)."""
    if meter.at_min is None or character.waits != meter.at_min:
        return character, []
    if character.meters.get(meter.id, meter.min) <= meter.min:
        return character, []
    move = ruleset.move_name(meter.at_min)
    said = f"{character.name} is above {meter.min} {meter.name}: {move} waits no more"
    return attrs.evolve(character, waits=""), [said]


def refusal(ruleset: Ruleset, character: Character, move: Move) -> str | None:
    """Why `move` cannot be made now: a meter's bottom move (Last Breath) is rolled only at
    that bottom ("when you lose all your HP"); None when it can be."""
    meter = next((m for m in ruleset.meters if m.at_min == move.id), None)
    if meter is None or character.waits == move.id:
        return None
    now = character.meters.get(meter.id)
    if now is None or now <= meter.min:
        return None
    return (
        f"{move.name} is rolled at {meter.min} {meter.name} and {character.name} has {now}; "
        f"when harm takes {character.name} to {meter.min}, it waits to be rolled"
    )


def heal_rolled(
    ruleset: Ruleset, character: Character, expr: str, dice: DiceSource, how: str
) -> tuple[Character, list[str]]:
    """Heal what `expr` rolls ("2d3+1"), the dice in words."""
    from hearthroll.core.dice.expr import render, roll_expr  # only a roll to heal needs it
    from hearthroll.core.dice.sources import rolling_for

    rolled = roll_expr(expr, rolling_for(dice, f"{how}: healing {expr}"))
    return heal(ruleset, character, max(0, rolled.total), f"{how}: {render(rolled)}")


def use(
    ruleset: Ruleset, character: Character, wanted: str, dice: DiceSource
) -> tuple[Character, list[str]]:
    """Use an item (reading 22): a potion or repair kit heals its dice (for the templates it
    heals), a medical kit waits for the next Rest, other gear spends a use."""
    spec = gear.find_gear(ruleset, wanted)
    template = gear.template_of(ruleset, character)
    heals = spec.heal or "medical_kit" in spec.tags
    if spec.uses is None and not heals:  # armor, a weapon: kept, not used up
        kept = f"{spec.name} is not used up: only a potion, a kit or gear with uses is used"
        raise RuleError(
            f"{kept}; to take it off the sheet: gear FILE ITEM --drop",
            at_table=f"{kept} (g drops it)",
        )
    if heals and template is not None and spec.id not in template.heals_with:
        works = [ruleset.gear_item(g).name for g in template.heals_with]
        raise RuleError(
            f"{spec.name} does not work on {template.name.lower()}s "
            f"(they heal with {', '.join(works) or 'nothing'})"
        )
    if "medical_kit" in spec.tags and character.rest_bonus:
        raise RuleError(f"{character.name} has a Medical kit waiting for the next Rest already")
    character, used = gear.use_item_of(ruleset, character, spec)
    words = [used]
    if spec.heal:
        character, healed = heal_rolled(ruleset, character, spec.heal, dice, spec.name)
        words = healed + words
    elif "medical_kit" in spec.tags:
        character = attrs.evolve(character, rest_bonus="1d3")
        words.append("+1d3 HP on the next Rest")
    return character, words


def is_rest(move: Move) -> bool:
    """Rest: the camp move that heals, which a Medical Kit used before it adds to."""
    return {"camp", "healing"} <= set(move.tags)


def second_kit(
    ruleset: Ruleset, character: Character, move: Move, picks: Iterable[str]
) -> str | None:
    """Reading 22, one Medical kit a Rest: with one used before it (waiting for this Rest),
    the pick of another is refused; None when the picks are fine."""
    if not is_rest(move) or not character.rest_bonus:
        return None
    picked = set(picks)
    for options in move.options:
        for item in options.items:
            if item.id in picked and any(
                _kit(ruleset, e.gear) for e in item.effects if e.kind == "use"
            ):
                return (
                    f"{character.name} used a Medical kit already, and its "
                    f"{character.rest_bonus} comes with this Rest: one kit a Rest, so drop "
                    f"--pick {item.id}"
                )
    return None


def _kit(ruleset: Ruleset, gear_id: str | None) -> bool:
    return gear_id is not None and "medical_kit" in ruleset.gear_item(gear_id).tags


def after_rest(
    ruleset: Ruleset, character: Character, dice: DiceSource
) -> tuple[Character, list[str]]:
    """A Medical Kit used before this Rest adds its dice to what Rest heals (reading 22)."""
    if not character.rest_bonus:
        return character, []
    bonus = character.rest_bonus
    character = attrs.evolve(character, rest_bonus="")
    return heal_rolled(ruleset, character, bonus, dice, "Medical kit")


def after_move(
    state: Campaign, ruleset: Ruleset, move: Move, actor: str | None, dice: DiceSource
) -> tuple[Campaign, list[str]]:
    """What a move leaves on its mover's sheet beyond its effects: the Last Breath it was is
    rolled; a Rest takes the Medical Kit used before it."""
    if actor is None or actor not in state.characters:
        return state, []
    character = state.characters[actor]
    words: list[str] = []
    if character.waits == move.id:
        character = attrs.evolve(character, waits="")
    if is_rest(move):
        character, words = after_rest(ruleset, character, dice)
    return put_character(state, character), words


def check(attempt: Attempt) -> None:
    """The check stage: a Last Breath rolled above its bottom is refused; while one waits
    (reading 20) it is the only move its character can make."""
    character, move = attempt.character, attempt.move
    if character is None:
        return
    why = refusal(attempt.ruleset, character, move)
    if why:
        raise RuleError(why)
    if not character.waits or character.waits == move.id:
        return
    raise MoveWaits(character.name, attempt.ruleset.move_name(character.waits))


def land(landing: Landing) -> Landing:
    """The effects stage: the Last Breath made stops waiting, a Rest takes its kit."""
    state, words = after_move(
        landing.state, landing.ruleset, landing.move, landing.who, landing.dice
    )
    return landing.then(state, words)
