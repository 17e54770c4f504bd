"""The session's verbs: each takes the campaign and returns the next one with one event.

A verb never mutates: it computes the state after, and `record` turns the difference into
the event's deltas. Bad input raises a HearthrollError and changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from hearthroll.core.campaign.events import Event, Outcome, record
from hearthroll.core.campaign.resolve import (
    Context,
    apply_effects,
    apply_live,
    choose,
    effects_for,
    effects_in_order,
    gate_holds,
    missing_picks,
    offered,
    offered_in_turn,
    row_follow,
)
from hearthroll.core.campaign.sheets import change_hold, find_character, put_character
from hearthroll.core.campaign.state import (
    Campaign,
    Character,
    LastRoll,
    PoolState,
    TurnState,
    rerolls_at,
)
from hearthroll.core.dice.mechanics import (
    BURNED,
    CANCELLED,
    MATCH,
    ONLY_ONES,
    ActionRoll,
    PoolRoll,
    Roll,
    burn_momentum,
)
from hearthroll.core.dice.sources import DiceSource, rolling_for
from hearthroll.core.errors import HearthrollError, RuleError, TurnError
from hearthroll.core.games import (
    aftermath,
    assets,
    encounter,
    floor,
    gear,
    harm,
    holds,
    momentum,
    pool_turn,
    steading,
)
from hearthroll.core.numbers import signed
from hearthroll.core.rules.effects import Gate, Option, OptionList
from hearthroll.core.rules.model import Input, Move, Ruleset
from hearthroll.core.rules.search import find_move
from hearthroll.core.verbs.offers import follow_words
from hearthroll.core.verbs.rolling import roll_move, rolled_stat, takes_adds

Inputs = Mapping[str, int | str]

STAT = "stat"
"""The input that carries the stat a player picks, where a move leaves it to them."""


class StatNeeded(RuleError):
    """A move whose stat is the player's to pick was made without one (reading 23)."""


class PicksNeeded(RuleError):
    """An option list the band offers was given fewer picks than it asks (reading 23)."""

    def __init__(self, message: str, lists: tuple[OptionList, ...]) -> None:
        super().__init__(message)
        self.lists = lists
        """The lists short of picks, as offered (the at-0 choice a pick led to)."""


class BurnOffered(RuleError):
    """The action roll is judged and burning momentum would better it: burn or not is asked
    before anything the band does lands (reading 27)."""

    def __init__(self, message: str, words: str, seen: Outcome) -> None:
        super().__init__(message)
        self.words = words
        """What the burn would do: `momentum +7: weak hit → strong hit`."""
        self.seen = seen
        """The roll as judged without the burn, nothing of its band applied (to show it)."""


class BoostNeeded(RuleError):
    """Preparation is spent on a pool roll of several kept dice: which die takes the +1."""

    def __init__(self, message: str, kept: tuple[int, ...], seen: Outcome) -> None:
        super().__init__(message)
        self.kept = kept
        self.seen = seen


ASK_DIE = 0
"""`boost` on a pool roll when the die is still to be asked (one kept die takes it at once)."""


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


def _band_words(move: Move, band: str) -> tuple[str, str]:
    for b in move.bands:
        if b.id == band:
            return b.label, b.text
    return band, ""


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


def make_move(
    state: Campaign,
    ruleset: Ruleset,
    wanted: str,
    dice: DiceSource,
    *,
    actor: str | None = None,
    advantage: bool = False,
    disadvantage: bool = False,
    picks: Sequence[str] = (),
    inputs: Inputs | None = None,
    effect_dice: DiceSource | None = None,
    boost: int | None = None,
    at: str | None = None,
    resist: bool = False,
    asset: str | None = None,
    track: str | None = None,
    short_ok: bool = False,
    burn: bool | None = False,
) -> Outcome:
    """Make a move: roll it as its mechanic says, judge the band, apply what it does.

    `boost` spends 1 Preparation for +1 on that kept die (counted from 1) of a pool roll,
    before the roll is judged (reading 8). A maneuver (a move with a cost, a cooldown, an
    efficacy check or a turn in an encounter) is resolved by the encounter, against the foe
    `at` names (readings 33-40). Options picked before the roll (a suffer move's harm) land
    first, and the roll reads the sheet after them (reading 25); an optional roll is made
    only with `resist` or when its meter is at 0. `asset` names the companion or vehicle a
    move acts on; `track` the track Lose Momentum's cost clears (reading 29). An option list
    given fewer picks than it asks is refused (reading 23) unless `short_ok`: a preview, to
    see which lists the band offers. `burn` burns momentum on the action roll as it is made
    (reading 27): the band is judged on the momentum, which resets before the band lands;
    `burn=None` asks: where a burn would better the roll, `BurnOffered` is raised as the roll
    is judged, before anything of its band lands.
    """
    move = find_move(ruleset.moves, wanted, where=f" in ruleset {ruleset.id!r}")
    character = find_character(state, actor) if state.characters else None
    _check_before_roll(state, ruleset, move, character, at)
    if encounter.is_maneuver(move):
        if character is None:
            raise RuleError(f"{move.name} is made by a character; the party is empty")
        if boost is not None or picks or advantage or disadvantage:
            raise RuleError(
                f"{move.name} takes no --prep, --pick, --adv or --dis: its modifiers are its own"
            )
        from hearthroll.core.verbs.fight import maneuver

        return maneuver(state, ruleset, move, character, dice, effect_dice or dice, at)
    if at is not None:
        raise RuleError(f"{move.name} is not made against a foe; drop --at")
    if (advantage or disadvantage) and not takes_edge(move):
        raise RuleError(f"{move.name} takes no --adv or --dis: {no_edge(move)}")
    if character is not None and (kit := harm.second_kit(ruleset, character, move, picks)):
        raise RuleError(kit)
    inputs = dict(inputs or {})
    picked_stat = _stat_choice(ruleset, move, inputs)
    before = state
    if character is not None and state.active != character.name:
        state = attrs.evolve(state, active=character.name)
    mounted = None
    kind = assets.kind_for(ruleset, move)
    if asset is not None and kind is None:
        raise RuleError(f"{move.name} acts on no companion or vehicle; drop --asset")
    if kind is not None:
        if character is None:
            raise RuleError(f"{move.name} is made by a character; the party is empty")
        mounted = assets.find_asset(character, kind, asset)
        character = assets.mount(ruleset, character, mounted)
        state = put_character(state, character)
        ruleset = assets.named(ruleset, mounted)
        for key, value in assets.inputs_of(move, mounted).items():
            inputs.setdefault(key, value)
    state = _mount_momentum(state, ruleset)  # the max the impacts leave clamps each change
    character = state.characters[character.name] if character is not None else None
    _check_inputs(move, inputs)
    extra = effect_dice or dice
    floors = floor.floor_ids(ruleset)
    main_picks = [p for p in picks if p not in floors or _own_pick(move, p, floors)]
    floor_picks = [p for p in picks if p in floors]
    ctx = move_context(state, ruleset, move, character, inputs)
    _picked(move, None, main_picks, ctx, ruleset, before_only=True)  # a bad pick fails first
    _known_picks(move, picks, floors)
    if resist and not move.roll.optional:
        raise RuleError(f"{move.name} always rolls; drop --roll")
    event = Event(
        kind="move",
        actor=character.name if character else None,
        move=move.id,
        move_name=move.name,
        mechanic=move.roll.mechanic,
    )
    mechanic = move.roll.mechanic
    if mechanic == "pool":
        if character is None:
            raise RuleError(f"{move.name} is made by a character; the party is empty")
        edge = (advantage, disadvantage)
        return _pool_move(
            before,
            state,
            ruleset,
            move,
            character,
            dice,
            extra,
            edge,
            tuple(picks),
            boost,
            event,
            short_ok,
        )
    who = event.actor
    pre, pre_lists = _picked(move, None, main_picks, ctx, ruleset, before_only=True)
    if not short_ok:
        refuse_short(move, None, pre_lists, pre)
    first = apply_live(state, ruleset, who, [e for o in pre for e in o.effects], extra, ctx)
    state = first.state
    character = state.characters[who] if who is not None else None
    ctx = move_context(state, ruleset, move, character, inputs)
    rolls = not move.roll.optional or resist or _at_floor(move, ctx, ruleset)
    prepared: list[str] = []
    lift = 0
    if boost is not None:
        if character is None or mechanic == "none" or not rolls:
            raise RuleError(f"{move.name} has no roll to add Preparation to")
        spend = holds.on_roll(ruleset)
        if spend is None:
            raise RuleError(f"{ruleset.name} has no hold that is spent on a roll")
        spent, prepared = change_hold(ruleset, character, spend.hold.id, 1, "spend")
        state = put_character(state, spent)
        character = spent
        lift = spend.bonus
        prepared = [f"{spend.hold.name}: +{lift} to the roll", *prepared]
    roll: Roll | None = None
    modifiers: list[str] = []
    used = rolled_stat(state, character, ruleset, move, picked_stat) if rolls else None
    if rolls:
        roll, modifiers = roll_move(
            state,
            ruleset,
            move,
            character,
            ctx,
            dice,
            advantage,
            disadvantage,
            lift,
            picked_stat,
        )
    at_roll = character.meters.get("momentum") if character is not None else None
    if burn is None:
        _offer_burn(
            state, ruleset, move, roll, attrs.evolve(event, modifiers=tuple(modifiers)), used
        )
    burned: list[str] = []
    if burn:
        state, roll, burned = _burn(state, ruleset, move, who, roll)
        used = ("momentum", roll.score)
        modifiers = modifiers[1:]  # the stat's reason gave way to the momentum
    if roll is not None and character is not None and takes_adds(move):
        state = put_character(state, _rolled(state.characters[character.name]))
    band = roll.band if roll is not None else None
    ctx = attrs.evolve(ctx, state=state, match=roll is not None and roll.has(MATCH))
    # the picks made before the roll stand: what they spent (a Medical Kit) is not offered again
    done = {o.id for o in pre}
    later, lists = _picked(move, band, [p for p in main_picks if p not in done], ctx, ruleset)
    chosen = [*pre, *later]
    if not short_ok:
        refuse_short(move, band, lists, chosen)
    waived = {e.effect for o in chosen for e in o.effects if e.kind == "waive"}
    effects = [e for e in effects_in_order(move, band, later) if e.id not in waived]
    applied = apply_live(state, ruleset, who, effects, extra, ctx, weapon=ctx.weapon)
    state = applied.state
    state, after = _after_move(state, ruleset, move, who, extra)
    # a burn judges the roll again: the harm before it stands and is not said again
    words = [*([] if burn else first.words), *prepared, *burned, *applied.words, *after]
    follow = [*first.follow, *applied.follow]
    state, said, more_follow = floor.past_floor(
        state,
        ruleset,
        move,
        who,
        (*first.dropped, *applied.dropped),
        floor_picks,
        ctx,
        track,
        (*first.deferred, *applied.deferred),
        extra,
    )
    words += said
    follow += more_follow
    state = steading.after_move(state, move, band, chosen)
    words += missing_picks(lists, chosen)
    if not rolls and move.roll.mechanic != "none":
        words.append("no roll: above 0 and not resisted")
    if mounted is not None and who is not None and character is not None:
        original = before.characters[who]
        unmounted, gone = assets.unmount(ruleset, original, state.characters[who], mounted)
        state = put_character(state, unmounted)
        words += gone
    state, settled = aftermath.settle(ruleset, before, state)
    words += settled
    label, text = _band_words(move, band) if band else ("", move.text)
    line = ""
    if roll is not None and isinstance(roll, ActionRoll) and who is not None:
        state = attrs.evolve(
            state,
            last_roll=LastRoll(
                who,
                move.id,
                roll.action_die,
                roll.challenge,
                roll.score,
                roll.band,
                burned=bool(burn),
                seq=before.history.events + 1,
                momentum=at_roll,
                picks=tuple(o.id for o in pre),
                asset=mounted.name if mounted is not None else "",
            ),
        )
        line = _action_line(ruleset, used, roll, label)
    if roll is not None and mechanic == "table" and move.roll.table:
        row = ruleset.table(move.roll.table).row_for(roll.faces[0])
        label, text = row.id.replace("_", " "), row.text
        follow += row_follow(ruleset, row.follow, row.preset)
        line = f"d{roll.sides} = {roll.faces[0]} → {label}"
    words += [follow_words(ruleset, f) for f in follow]
    event = attrs.evolve(
        event,
        dice=roll.faces if roll else (),
        kept=roll.kept if roll else (),
        dropped=roll.dropped if roll else (),
        band=band or "",
        label=label,
        total=roll.total if roll else None,
        text=text,
        options=tuple(o.id for o in chosen) + tuple(floor_picks),
        modifiers=tuple(modifiers),
        results=tuple(words),
        match=ctx.match,
        line=line,
        follow=tuple(follow),
    )
    rolled, community = _rolled_with(before, used if roll is not None else None, ruleset, move)
    event = attrs.evolve(event, rolled=rolled, steading=community)
    return attrs.evolve(record(before, state, event), offered=tuple(lists))


def _burn(
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


def _offer_burn(
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
    label, text = _band_words(move, roll.band)
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
        line=_action_line(ruleset, used, roll, label),
    )
    raise BurnOffered(f"{move.name}: {words}? (--burn)", words, Outcome(state, seen))


def _at_floor(move: Move, ctx: Context, ruleset: Ruleset) -> bool:
    spec = move.roll
    return spec.required_at_min is not None and gate_holds(
        Gate(if_at_min=spec.required_at_min), ctx, ruleset
    )


def _own_pick(move: Move, pick: str, floor_ids: set[str]) -> bool:
    """A pick the move offers itself outside its past-the-floor list."""
    return any(o.id == pick for lst in move.options if lst.if_past_min is None for o in lst.items)


def _mount_momentum(state: Campaign, ruleset: Ruleset) -> Campaign:
    """Every sheet with its momentum max, as its impacts make it, where meter changes read it."""
    for character in list(state.characters.values()):
        mounted = momentum.mounted(ruleset, character)
        if mounted is not character:
            state = put_character(state, mounted)
    return state


EDGED = frozenset({"pool", "stat_dice", "sum", "d20"})
"""The mechanics the GM's advantage and disadvantage change (a die more, the better or the
worse kept); an action roll, a table roll and a move without dice have none."""


def takes_edge(move: Move) -> bool:
    """Whether the GM's advantage or disadvantage applies to `move` (a maneuver's modifiers
    are its own, reading 33)."""
    return move.roll.mechanic in EDGED and not _maneuvering(move)


def _maneuvering(move: Move) -> bool:
    """A maneuver, or a roll that follows one (Bash's stun roll): the rules of maneuvers know
    no advantage."""
    return encounter.is_maneuver(move) or "maneuver" in move.tags


def no_edge(move: Move) -> str:
    """Why the GM's advantage or disadvantage does not apply to `move`."""
    if _maneuvering(move):
        return "a maneuver's modifiers are its own"
    if move.roll.mechanic == "action":
        return "an action roll has no advantage (its adds come from the move and its picks)"
    if move.roll.mechanic == "none":
        return "it makes no roll"
    return f"a {move.roll.mechanic} roll has no advantage"


def _action_line(
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


def move_context(
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    character: Character | None,
    inputs: Inputs | None = None,
) -> Context:
    """What the move's gates read: the mover's gear as the gear rules see it for this move
    (the weapon it attacks with, the tags it can call on) and the inputs given."""
    given = dict(inputs or {})
    if character is None:
        return Context(state, None, given)
    strike = gear.attack(ruleset, character, move)
    return Context(
        state,
        character,
        given,
        gear_tags=gear.gear_tags(ruleset, character, strike),
        weapon=gear.weapon(ruleset, character, move),
    )


def refusal_before_roll(
    state: Campaign,
    ruleset: Ruleset,
    wanted: str,
    *,
    actor: str | None = None,
    at: str | None = None,
) -> HearthrollError | None:
    """Why `make_move` would refuse the move now, before a die is rolled or a choice asked (a
    bust or a Last Breath that waits, a maneuver cooling down, short of stamina, out of reach);
    None when it can be tried. The same checks `make_move` makes first."""
    try:
        move = find_move(ruleset.moves, wanted, where=f" in ruleset {ruleset.id!r}")
        character = find_character(state, actor) if state.characters else None
        _check_before_roll(state, ruleset, move, character, at)
    except HearthrollError as error:
        return error
    return None


def _check_before_roll(
    state: Campaign, ruleset: Ruleset, move: Move, character: Character | None, at: str | None
) -> None:
    if character is not None:
        _check_waits(ruleset, character, move)
    if move.roll.mechanic != "none":  # nothing else rolls while a bust waits (readings 4-5)
        pool_turn.refuse_while_a_bust_waits(state.turn.status, state.turn.actor)
    if encounter.is_maneuver(move) and character is not None:
        why = encounter.refusal(
            state, ruleset, move, character, encounter.pick_target(state, character, at)
        )
        if why:
            raise RuleError(why)


def _check_waits(ruleset: Ruleset, character: Character, move: Move) -> None:
    """Reading 20: while a Last Breath waits, it is the only move that character can make; it
    is not made above 0 HP."""
    why = harm.refusal(ruleset, character, move)
    if why:
        raise RuleError(why)
    if not character.waits or character.waits == move.id:
        return
    waiting = ruleset.move_name(character.waits)
    raise RuleError(
        f"{character.name}'s {waiting} waits: roll it first "
        f"(move {waiting!r} --as {character.name})"
    )


def _after_move(
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
    if harm.is_rest(move):
        character, words = harm.after_rest(ruleset, character, dice)
    return put_character(state, character), words


def _rolled(character: Character) -> Character:
    """After a roll: forward is spent, an ongoing penalty counts one roll down (reading 24)."""
    ongoing = character.ongoing
    if ongoing is not None:
        ongoing = attrs.evolve(ongoing, rolls=ongoing.rolls - 1) if ongoing.rolls > 1 else None
    return attrs.evolve(character, forward=0, ongoing=ongoing)


def refuse_short(
    move: Move, band: str | None, lists: Sequence[OptionList], chosen: Sequence[Option]
) -> None:
    """Reading 23: a list given fewer picks than it asks (and has items for) is refused, the
    choices named in their words."""
    ids = {o.id for o in chosen}
    short = [
        options
        for options in lists
        if not options.up_to
        and sum(1 for o in options.items if o.id in ids) < min(options.pick, len(options.items))
    ]
    if not short:
        return
    options = short[0]
    have = sum(1 for o in options.items if o.id in ids)
    wanted = min(options.pick, len(options.items))
    label = next((b.label for b in move.bands if b.id == band), band or "")
    words = "; ".join(f"“{o.text}” (--pick {o.id})" for o in options.items)
    on = f" on {label}" if label else ""
    raise PicksNeeded(
        f"{move.name}{on}: pick {wanted} (got {have}), nothing was saved. Choose from: {words}",
        tuple(short),
    )


def stat_choices(ruleset: Ruleset, move: Move, character: Character | None) -> Input | None:
    """The stat a player picks for this move (reading 23), as an input with its choices, best
    first for this character; None where the move names its stat itself."""
    spec = move.roll
    if spec.choose != "player" or not spec.stat_choice:
        return None
    values = {s: (character.stats.get(s, 0) if character else 0) for s in spec.stat_choice}
    ordered = sorted(spec.stat_choice, key=lambda s: -values[s])
    names = ", ".join(f"{ruleset.stat(s).name} {signed(values[s])}" for s in ordered)
    return Input(STAT, "Stat", text=f"the player's pick: {names}", choices=tuple(ordered))


def _stat_choice(ruleset: Ruleset, move: Move, inputs: dict[str, int | str]) -> str | None:
    """The stat the player picked (by id or name, taken out of `inputs`); refused when the
    move leaves it to the player and none was given."""
    spec = move.roll
    if spec.choose != "player" or not spec.stat_choice:
        return None
    given = inputs.pop(STAT, None)
    names = {s: ruleset.stat(s).name for s in spec.stat_choice}
    listed = ", ".join(f"{s} ({names[s]})" for s in spec.stat_choice)
    if given is None:
        raise StatNeeded(f"{move.name}: the player says which stat: --stat one of {listed}")
    key = str(given).strip().lower()
    for stat_id, name in names.items():
        if key in (stat_id, name.lower()):
            return stat_id
    raise StatNeeded(f"{move.name} rolls with one of {listed}, not {given!r}")


def _known_picks(move: Move, picks: Sequence[str], also: set[str] | None = None) -> None:
    """Refuse a pick that none of the move's option lists has, whatever the roll."""
    known = {o.id for options in move.options for o in options.items} | (also or set())
    for pick in picks:
        if pick not in known:
            listed = ", ".join(sorted(known)) or "none"
            raise RuleError(f"{move.name} has no option {pick!r}; its options: {listed}")


def _picked(
    move: Move,
    band: str | None,
    picks: Sequence[str],
    ctx: Context,
    ruleset: Ruleset,
    *,
    before_only: bool = False,
) -> tuple[list[Option], list[OptionList]]:
    """The options picked, from the lists offered before the roll and on its band."""
    pre = offered(move, None, ctx, ruleset, when="before")
    pre_ids = {o.id for lst in pre for o in lst.items}
    chosen = choose(pre, [p for p in picks if p in pre_ids], move)
    if before_only:
        return chosen, pre
    after = [p for p in picks if p not in pre_ids]
    lists = offered_in_turn(move, band, after, ctx, ruleset)
    chosen += choose(lists, after, move)
    return chosen, lists


def _check_inputs(move: Move, inputs: Mapping[str, int | str]) -> None:
    known = {i.id: i for i in move.inputs}
    for key, value in inputs.items():
        if key not in known:
            listed = ", ".join(known) or "none"
            raise RuleError(f"{move.name} takes no input {key!r}; its inputs: {listed}")
        spec = known[key]
        if spec.choices and value not in spec.choices:
            raise RuleError(f"{spec.name} is one of {', '.join(spec.choices)}, not {value!r}")
        if not spec.choices and not isinstance(value, int):
            raise RuleError(f"{spec.name} is a number, not {value!r}")
        if isinstance(value, int) and (
            (spec.min is not None and value < spec.min)
            or (spec.max is not None and value > spec.max)
        ):
            low = spec.min if spec.min is not None else "…"
            high = spec.max if spec.max is not None else "…"
            raise RuleError(f"{spec.name} is {low} to {high}, not {value}")
    for auto in move.roll.auto:
        if auto.from_input and auto.from_input not in inputs:
            spec = known[auto.from_input]
            raise RuleError(
                f"{move.name} needs {spec.name}: give it with --value N ({spec.text or spec.name})"
            )


def _pool_move(
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
        return _pending(before, state, move, character, roll, words, event, turn)
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
    move: Move,
    character: Character,
    roll: PoolRoll,
    words: list[str],
    event: Event,
    turn: pool_turn.Turn,
) -> Outcome:
    label, text = _band_words(move, "miss")
    can = "reroll or accept" if turn.can_reroll else "accept"
    words = [
        *words,
        f"bust: {can} it ({turn.rerolls_left} reroll{'s' if turn.rerolls_left != 1 else ''} left)",
    ]
    event = attrs.evolve(
        event,
        dice=roll.faces,
        kept=roll.kept,
        dropped=roll.dropped,
        band="miss",
        label=label,
        text=text,
        bust=True,
        pending=True,
        only_ones=roll.has(ONLY_ONES),
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
    chosen, lists = _picked(move, band, picks, ctx, ruleset)
    if not short_ok:
        refuse_short(move, band, lists, chosen)
    effects = effects_for(move, band, chosen, ctx, ruleset)
    state, said = apply_effects(state, ruleset, actor, effects, extra, ctx.weapon)
    state, after = _after_move(state, ruleset, move, actor, extra)
    said += after
    state = attrs.evolve(state, turn=attrs.evolve(state.turn, picks=()))
    label, text = _band_words(move, band)
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


def _rolled_with(
    state: Campaign, used: tuple[str, int] | None, ruleset: Ruleset, move: Move
) -> tuple[str, str]:
    """The event's words for what was rolled: the stat the roll used and its value, and the
    steading's name for a community roll (the log names the steading, not the character)."""
    spec = move.roll
    if spec.mechanic in ("none", "table", "pool") or used is None:
        return "", ""
    stat, value = used
    from hearthroll.core.rules.describe import word

    if spec.mechanic == "stat_dice":
        name = state.steading.name if state.steading is not None else ""
        return f"{word(ruleset, stat)} {value}", name
    return f"{word(ruleset, stat)} {signed(value)}", ""


# --- the pool turn's other verbs ----------------------------------------------------------


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
    turn = pool_turn.reroll(_turn_of(state, ruleset, character), dice)
    character = attrs.evolve(character, rerolls_left=turn.rerolls_left)
    chosen = tuple(picks) if picks is not None else state.turn.picks
    _known_picks(move, chosen)
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
        return _pending(before, state, move, character, roll, words, event, turn)
    saved = "the reroll saves the bust" if kind == "reroll" else "the +1 lifts the bust"
    return _settle(
        before, state, ruleset, move, roll, [*words, saved], event, picks, effect_dice, short_ok
    )


def accept(state: Campaign, ruleset: Ruleset, effect_dice: DiceSource) -> Outcome:
    """Take the bust: XP equal to the kept 1s, the turn ends, rerolls stay spent."""
    if state.turn.status != "bust_pending":
        raise TurnError("there is no bust to accept")
    move, character = _pending_move(state, ruleset)
    turn, xp = pool_turn.accept(_turn_of(state, ruleset, character))
    before = state
    roll = turn.last
    assert roll is not None
    character = attrs.evolve(character, xp=character.xp + xp)
    state = put_character(state, character)
    state = attrs.evolve(state, turn=_turn_state(turn, character.name, move.id, ()))
    ctx = Context(state, character)
    effects = effects_for(move, "miss", [], ctx, ruleset)
    state, said = apply_effects(state, ruleset, character.name, effects, effect_dice)
    label, text = _band_words(move, "miss")
    words = [f"XP +{xp} ({character.xp - xp} → {character.xp})", "the GM makes a hard move", *said]
    if ruleset.xp and ruleset.xp.can_level(character):
        words.append(f"{character.name} can Level Up at home")
    event = Event(
        kind="accept",
        actor=character.name,
        move=move.id,
        move_name=move.name,
        mechanic="pool",
        dice=roll.faces,
        kept=roll.kept,
        dropped=roll.dropped,
        band="miss",
        label=label,
        text=text,
        bust=True,
        only_ones=roll.has(ONLY_ONES),
        xp_gained=xp,
        rerolls_left=character.rerolls_left,
        pool=turn.pushes,
        results=tuple(words),
    )
    return record(before, state, event)


def stop(state: Campaign, ruleset: Ruleset) -> Outcome:
    """End the turn before a bust: rerolls refresh to level; the pool resets."""
    turn = state.turn
    if turn.actor is None:
        raise TurnError("no turn is open: make a RISKY move first")
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
        raise TurnError(
            "Preparation goes on a roll as it is made (move ... --prep N) or on a bust that "
            "waits; this roll has landed already"
        )
    move, character = _pending_move(state, ruleset)
    chosen = tuple(picks) if picks is not None else state.turn.picks
    _known_picks(move, chosen)
    turn, spent, said = _boost(ruleset, _turn_of(state, ruleset, character), character, position)
    return _rejudge("prep", state, ruleset, move, spent, turn, chosen, said, effect_dice, short_ok)
