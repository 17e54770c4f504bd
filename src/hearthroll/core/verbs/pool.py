"""The pool turn's verbs (readings 1-8): a RISKY move's roll, a bust that waits, the reroll,
the accept, the stop and Preparation's +1 on a kept die."""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from hearthroll.core.campaign.events import Event, Outcome, record
from hearthroll.core.campaign.resolve import (
    Context,
    apply_effects,
    effects_for,
    missing_picks,
)
from hearthroll.core.campaign.sheets import change_hold, put_character
from hearthroll.core.campaign.state import (
    Campaign,
    Character,
    PoolState,
    TurnState,
    rerolls_at,
)
from hearthroll.core.dice.mechanics import (
    ONLY_ONES,
    PoolRoll,
    Roll,
)
from hearthroll.core.dice.sources import DiceSource, rolling_for
from hearthroll.core.errors import RuleError, TurnError
from hearthroll.core.games import harm, holds, pool_turn
from hearthroll.core.rules.model import Move, Ruleset
from hearthroll.core.verbs.picking import (
    band_words,
    known_picks,
    move_context,
    picked,
    refuse_short,
)

ASK_DIE = 0
"""`boost` on a pool roll when the die is still to be asked (one kept die takes it at once)."""


class BoostNeeded(RuleError):
    """Preparation is spent on a pool roll of several kept dice: which die takes the +1."""

    def __init__(self, message: str, kept: tuple[int, ...], seen: Outcome) -> None:
        super().__init__(message)
        self.kept = kept
        self.seen = seen


def _turn_of(state: Campaign, ruleset: Ruleset, character: Character) -> pool_turn.Turn:
    turn = state.turn
    last = None
    if turn.last is not None:
        from hearthroll.core.dice.mechanics import _pool_result

        last = _pool_result(
            turn.last.faces,
            turn.last.kept,
            boosted=turn.last.boosted,
            rerolls_spent=turn.last.rerolls_spent,
            history=turn.last.history,
            boosts=turn.last.boosts,
        )
    status = turn.status if turn.status in ("open", "bust_pending", "busted") else "open"
    return pool_turn.Turn(
        level=rerolls_at(ruleset, character.level),
        rerolls_left=character.rerolls_left,
        pushes=turn.pushes,
        last=last,
        status=status,  # type: ignore[arg-type]
        rerolls_per_roll=ruleset.rerolls_per_roll,
    )


def accept_refusal(state: Campaign) -> str | None:
    """Why there is no bust to accept now (reading 5), or None."""
    return None if state.turn.status == "bust_pending" else "no bust waits to be accepted"


def stop_refusal(state: Campaign) -> str | None:
    """Why no turn can be stopped now: none is open or it has made no RISKY move yet, or the
    pool turn's own reason (a bust waits, or it ended with one); None when it can."""
    turn = state.turn
    if turn.actor is None or (turn.status == "open" and turn.pushes == 0):
        return "no turn is open to stop"
    return pool_turn.stop_refusal(turn.status)


def prep_refusal(state: Campaign, ruleset: Ruleset) -> str | None:
    """Why Preparation cannot be spent on the waiting bust now (reading 8), or None."""
    turn = state.turn
    spend = holds.on_roll(ruleset)
    if spend is None:
        return f"{ruleset.name} has no hold that is spent on a roll"
    if turn.status != "bust_pending":
        return (
            f"{spend.hold.name} goes on a roll as it is made or on a bust that waits; no bust waits"
        )
    actor = state.characters.get(turn.actor or "")
    if actor is None or not actor.holds.get(spend.hold.id):
        return f"{turn.actor} holds no {spend.hold.name}"
    return None


def reroll_refusal(state: Campaign, ruleset: Ruleset) -> str | None:
    """Why the waiting bust cannot be rerolled now (the pool turn's readings 4-5), or None."""
    turn = state.turn
    if turn.status != "bust_pending" or turn.actor not in state.characters:
        return "no bust waits to be rerolled"
    who = state.characters[turn.actor]
    return pool_turn.why_no_reroll(_turn_of(state, ruleset, who), who.name)


def _turn_state(
    turn: pool_turn.Turn, actor: str, move: str | None, picks: tuple[str, ...]
) -> TurnState:
    last = turn.last
    pool = (
        PoolState(
            last.faces,
            last.kept_index,
            last.boosted,
            last.rerolls_spent,
            last.history,
            last.boosts,
        )
        if last is not None
        else None
    )
    return TurnState(
        actor=actor, pushes=turn.pushes, status=turn.status, last=pool, move=move, picks=picks
    )


def _band_of(move: Move, roll: Roll) -> str:
    """The move's band for a pool roll: Take Watch's weak splits by the highest kept die."""
    if roll.band != "weak":
        return roll.band
    ranged = [b for b in move.bands if b.low is not None or b.high is not None]
    if not ranged:
        return roll.band
    top = max(roll.kept)
    for band in ranged:
        if (band.low is None or top >= band.low) and (band.high is None or top <= band.high):
            return band.id
    return roll.band


def _end_other_turn(state: Campaign, ruleset: Ruleset, actor: str) -> tuple[Campaign, list[str]]:
    """A RISKY move by someone else ends the open turn as a stop (unless a bust waits)."""
    turn = state.turn
    other = turn.actor
    if other is None or other == actor or other not in state.characters:
        return state, []
    if turn.status == "bust_pending":
        raise TurnError(f"{other}'s bust is waiting: reroll it or accept it first")
    if turn.status == "open" and turn.pushes > 0:
        character = state.characters[other]
        refresh = rerolls_at(ruleset, character.level)
        refreshed = attrs.evolve(character, rerolls_left=refresh)
        state = put_character(state, refreshed)
        words = [f"{other}'s turn ends with a stop: rerolls {character.rerolls_left} → {refresh}"]
    else:
        words = []
    return attrs.evolve(state, turn=TurnState()), words


def pool_move(
    before: Campaign,
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    character: Character,
    dice: DiceSource,
    extra: DiceSource,
    edge: tuple[bool, bool],
    picks: tuple[str, ...],
    boost: int | None,
    event: Event,
    short_ok: bool = False,
) -> Outcome:
    if not move.risky:
        raise RuleError(f"{move.name} rolls the pool but is not RISKY")
    state, words = _end_other_turn(state, ruleset, character.name)
    character = state.characters[character.name]
    turn = _turn_of(state, ruleset, character)
    if turn.status == "busted":
        turn = pool_turn.next_turn(turn)
    elif state.turn.actor != character.name:
        turn = pool_turn.start(
            rerolls_at(ruleset, character.level),
            character.rerolls_left,
            ruleset.rerolls_per_roll,
        )
    advantage, disadvantage = edge
    rolling_for(dice, f"{move.name}: the pool")
    turn = pool_turn.push(turn, dice, advantage=advantage, disadvantage=disadvantage)
    if boost == ASK_DIE:
        boost = _die_to_boost(state, move, turn, event)
    if boost is not None:
        turn, character, said = _boost(ruleset, turn, character, boost)
        state = put_character(state, character)
        words += said
    state = attrs.evolve(state, turn=_turn_state(turn, character.name, move.id, picks))
    roll = turn.last
    assert roll is not None
    modifiers = [m for m, on in (("advantage", advantage), ("disadvantage", disadvantage)) if on]
    event = attrs.evolve(event, pool=turn.pushes, modifiers=tuple(modifiers))
    if turn.status == "bust_pending":
        return _pending(before, state, ruleset, move, character, words, event, turn, extra)
    return _settle(before, state, ruleset, move, roll, words, event, picks, extra, short_ok)


def _die_to_boost(state: Campaign, move: Move, turn: pool_turn.Turn, event: Event) -> int:
    """The kept die Preparation's +1 goes on: the only one, else asked (`BoostNeeded`)."""
    roll = turn.last
    assert roll is not None
    if len(roll.kept) == 1:
        return 1
    seen = attrs.evolve(event, dice=roll.faces, kept=roll.kept, dropped=roll.dropped)
    faces = "  ".join(f"{n}:[{face}]" for n, face in enumerate(roll.kept, start=1))
    raise BoostNeeded(
        f"{move.name}: Preparation's +1 goes on which kept die? ({faces}; --prep N)",
        roll.kept,
        Outcome(state, seen),
    )


def _boost(
    ruleset: Ruleset, turn: pool_turn.Turn, character: Character, position: int
) -> tuple[pool_turn.Turn, Character, list[str]]:
    """Reading 8: spend a point of the hold spent on a roll (Preparation) for its bonus on
    one kept die of the roll just made, at most its `per_roll` a roll."""
    turn = pool_turn.prepare(turn, position, ruleset)
    spend = holds.on_roll(ruleset)
    assert spend is not None  # prepare refuses a ruleset without one
    character, said = change_hold(ruleset, character, spend.hold.id, 1, "spend")
    return turn, character, [f"{spend.hold.name}: +{spend.bonus} to kept die {position}", *said]


def _pending(
    before: Campaign,
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    character: Character,
    words: list[str],
    event: Event,
    turn: pool_turn.Turn,
    effect_dice: DiceSource,
) -> Outcome:
    """A bust: it waits to be rerolled, lifted or accepted, or, with nothing left that could
    save it, it is final at once (reading 5)."""
    roll = turn.last
    assert roll is not None
    spend = holds.on_roll(ruleset)
    held = character.holds.get(spend.hold.id, 0) if spend is not None else 0
    if pool_turn.bust_stands(turn, held, spend):
        why = "no reroll left" if turn.rerolls_left < 1 else "this roll has had its rerolls"
        if spend is not None:
            why += f", no {spend.hold.name} to lift it"
        state, xp, taken = _take_bust(state, ruleset, move, character, turn, effect_dice)
        event = attrs.evolve(
            _bust(event, move, roll),
            xp_gained=xp,
            rerolls_left=character.rerolls_left,
            results=(*words, f"bust, and it stands ({why}): the turn ends", *taken),
        )
        return record(before, state, event)
    can = "reroll or accept" if turn.can_reroll else "accept"
    words = [
        *words,
        f"bust: {can} it ({turn.rerolls_left} reroll{'s' if turn.rerolls_left != 1 else ''} left)",
    ]
    event = attrs.evolve(
        _bust(event, move, roll),
        pending=True,
        rerolls_left=character.rerolls_left,
        results=tuple(words),
    )
    return record(before, state, event)


def _settle(
    before: Campaign,
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    roll: PoolRoll,
    words: list[str],
    event: Event,
    picks: Sequence[str],
    extra: DiceSource,
    short_ok: bool = False,
) -> Outcome:
    """A pool roll that stands (a success): its band's options and effects land."""
    actor = state.turn.actor
    character = state.characters[actor] if actor else None
    band = _band_of(move, roll)
    ctx = move_context(state, ruleset, move, character)
    chosen, lists = picked(move, band, picks, ctx, ruleset)
    if not short_ok:
        refuse_short(move, band, lists, chosen)
    effects = effects_for(move, band, chosen, ctx, ruleset)
    state, said = apply_effects(state, ruleset, actor, effects, extra, ctx.weapon)
    state, after = harm.after_move(state, ruleset, move, actor, extra)
    said += after
    state = attrs.evolve(state, turn=attrs.evolve(state.turn, picks=()))
    label, text = band_words(move, band)
    rerolls = state.characters[actor].rerolls_left if actor else None
    event = attrs.evolve(
        event,
        dice=roll.faces,
        kept=roll.kept,
        dropped=roll.dropped,
        band=band,
        label=label,
        text=text,
        options=tuple(o.id for o in chosen),
        rerolls_left=rerolls,
        results=tuple([*words, *said, *missing_picks(lists, chosen)]),
    )
    return attrs.evolve(record(before, state, event), offered=tuple(lists))


def _pending_move(state: Campaign, ruleset: Ruleset) -> tuple[Move, Character]:
    turn = state.turn
    if turn.actor is None or turn.move is None:
        raise TurnError("there is no roll in this turn")
    return ruleset.move(turn.move), state.characters[turn.actor]


def reroll(
    state: Campaign,
    ruleset: Ruleset,
    dice: DiceSource,
    effect_dice: DiceSource | None = None,
    picks: Sequence[str] | None = None,
    short_ok: bool = False,
) -> Outcome:
    """Spend a reroll on the pending bust; a saved roll's band and effects land now.

    `picks` replaces the options picked with the move, for the band the reroll lands on
    (`short_ok`: a preview, lists short of picks allowed).
    """
    if state.turn.status != "bust_pending":
        raise TurnError("there is no bust to reroll: a reroll is spent only on a bust")
    move, character = _pending_move(state, ruleset)
    rolling_for(dice, f"{move.name}: the 1s rerolled")
    turn = pool_turn.reroll(_turn_of(state, ruleset, character), dice)
    character = attrs.evolve(character, rerolls_left=turn.rerolls_left)
    chosen = tuple(picks) if picks is not None else state.turn.picks
    known_picks(move, chosen)
    return _rejudge(
        "reroll", state, ruleset, move, character, turn, chosen, [], effect_dice or dice, short_ok
    )


def _rejudge(
    kind: str,
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    character: Character,
    turn: pool_turn.Turn,
    picks: tuple[str, ...],
    words: list[str],
    effect_dice: DiceSource,
    short_ok: bool = False,
) -> Outcome:
    """A bust changed (rerolled, or +1 from Preparation): still waiting, or saved at last."""
    before = state
    state = put_character(state, character)
    state = attrs.evolve(state, turn=_turn_state(turn, character.name, move.id, picks))
    roll = turn.last
    assert roll is not None
    event = Event(
        kind=kind,
        actor=character.name,
        move=move.id,
        move_name=move.name,
        mechanic="pool",
        pool=turn.pushes,
    )
    if turn.status == "bust_pending":
        return _pending(before, state, ruleset, move, character, words, event, turn, effect_dice)
    saved = "the reroll saves the bust" if kind == "reroll" else "the +1 lifts the bust"
    return _settle(
        before, state, ruleset, move, roll, [*words, saved], event, picks, effect_dice, short_ok
    )


def accept(state: Campaign, ruleset: Ruleset, effect_dice: DiceSource) -> Outcome:
    """Take the bust: XP equal to the kept 1s, the turn ends, rerolls stay spent."""
    why = accept_refusal(state)
    if why is not None:
        raise TurnError(why)
    move, character = _pending_move(state, ruleset)
    turn = _turn_of(state, ruleset, character)
    before = state
    roll = turn.last
    assert roll is not None
    state, xp, words = _take_bust(state, ruleset, move, character, turn, effect_dice)
    character = state.characters[character.name]
    event = Event(
        kind="accept",
        actor=character.name,
        move=move.id,
        move_name=move.name,
        mechanic="pool",
        xp_gained=xp,
        rerolls_left=character.rerolls_left,
        pool=turn.pushes,
        results=tuple(words),
    )
    return record(before, state, _bust(event, move, roll))


def _take_bust(
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    character: Character,
    turn: pool_turn.Turn,
    effect_dice: DiceSource,
) -> tuple[Campaign, int, list[str]]:
    """Reading 5: the bust is final: XP for each kept 1, the turn ends with rerolls as they
    are, the move's miss lands and the GM makes a hard move. The state, the XP and the words."""
    turn, xp = pool_turn.accept(turn)
    character = attrs.evolve(character, xp=character.xp + xp)
    state = put_character(state, character)
    state = attrs.evolve(state, turn=_turn_state(turn, character.name, move.id, ()))
    ctx = Context(state, character)
    effects = effects_for(move, "miss", [], ctx, ruleset)
    state, said = apply_effects(state, ruleset, character.name, effects, effect_dice)
    words = [f"XP +{xp} ({character.xp - xp} → {character.xp})", "the GM makes a hard move", *said]
    if ruleset.xp and ruleset.xp.can_level(character):
        words.append(f"{character.name} can Level Up at home")
    return state, xp, words


def _bust(event: Event, move: Move, roll: PoolRoll) -> Event:
    """The event with the bust as the log tells it, waiting or accepted: the dice, the miss
    band's words."""
    label, text = band_words(move, "miss")
    return attrs.evolve(
        event,
        dice=roll.faces,
        kept=roll.kept,
        dropped=roll.dropped,
        band="miss",
        label=label,
        text=text,
        bust=True,
        only_ones=roll.has(ONLY_ONES),
    )


def stop(state: Campaign, ruleset: Ruleset) -> Outcome:
    """End the turn before a bust: rerolls refresh to level; the pool resets."""
    turn = state.turn
    why = stop_refusal(state)
    if why is not None or turn.actor is None:
        raise TurnError(why or "no turn is open to stop")
    character = state.characters[turn.actor]
    stopped = pool_turn.stop(_turn_of(state, ruleset, character))
    refreshed = attrs.evolve(character, rerolls_left=stopped.rerolls_left)
    after = attrs.evolve(put_character(state, refreshed), turn=TurnState())
    event = Event(
        kind="stop",
        actor=character.name,
        pool=turn.pushes,
        rerolls_left=refreshed.rerolls_left,
        results=(f"rerolls {character.rerolls_left} → {refreshed.rerolls_left}", "the pool resets"),
    )
    return record(state, after, event)


def prep(
    state: Campaign,
    ruleset: Ruleset,
    position: int,
    effect_dice: DiceSource,
    picks: Sequence[str] | None = None,
    short_ok: bool = False,
) -> Outcome:
    """Spend 1 Preparation for +1 on one kept die of a pending bust (once per roll).

    A roll that stands has landed its effects already: spend Preparation as it is rolled
    instead (`make_move(..., boost=N)`, `hearthroll move ... --prep N`). `picks` replaces
    the options picked with the move, for the band the +1 lifts the roll onto.
    """
    if state.turn.status != "bust_pending":
        landed = "this roll has landed already" if state.turn.last else "no roll waits"
        raise TurnError(
            "Preparation goes on a roll as it is made (move ... --prep N) or on a bust that "
            f"waits; {landed}",
            at_table="Preparation goes on a roll as it is made (F5 in the palette) or on a bust "
            f"that waits (+); {landed}",
        )
    move, character = _pending_move(state, ruleset)
    chosen = tuple(picks) if picks is not None else state.turn.picks
    known_picks(move, chosen)
    turn, spent, said = _boost(ruleset, _turn_of(state, ruleset, character), character, position)
    return _rejudge("prep", state, ruleset, move, spent, turn, chosen, said, effect_dice, short_ok)
