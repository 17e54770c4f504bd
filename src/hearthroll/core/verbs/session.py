"""The session's verbs: each takes the campaign and returns the next one with one event.

A verb never mutates: it computes the state after, and `record` turns the difference into
the event's deltas. Bad input raises a HearthrollError and changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from hearthroll.core.campaign.events import Event, Outcome, record
from hearthroll.core.campaign.resolve import (
    Context,
    apply_live,
    effects_in_order,
    gate_holds,
    missing_picks,
    row_follow,
)
from hearthroll.core.campaign.sheets import change_hold, find_character, put_character
from hearthroll.core.campaign.state import (
    Asset,
    Campaign,
    Character,
    LastRoll,
)
from hearthroll.core.dice.mechanics import (
    BURNED,
    CANCELLED,
    MATCH,
    ActionRoll,
    Roll,
    burn_momentum,
)
from hearthroll.core.dice.sources import DiceSource
from hearthroll.core.errors import HearthrollError, RuleError
from hearthroll.core.games import (
    aftermath,
    assets,
    encounter,
    floor,
    harm,
    holds,
    momentum,
    pool_turn,
    steading,
)
from hearthroll.core.numbers import signed
from hearthroll.core.rules.effects import Gate
from hearthroll.core.rules.model import Move, Ruleset
from hearthroll.core.rules.search import find_move
from hearthroll.core.verbs.offers import follow_words
from hearthroll.core.verbs.picking import (
    Inputs,
    band_words,
    check_inputs,
    known_picks,
    move_context,
    picked,
    refuse_short,
    stat_choice,
)
from hearthroll.core.verbs.pool import pool_move
from hearthroll.core.verbs.rolling import roll_move, rolled_stat, takes_adds


class BurnOffered(RuleError):
    """The action roll is judged and burning momentum would better it: burn or not is asked
    before anything the band does lands (reading 27)."""

    def __init__(self, message: str, words: str, seen: Outcome) -> None:
        super().__init__(message)
        self.words = words
        """What the burn would do: `momentum +7: weak hit → strong hit`."""
        self.seen = seen
        """The roll as judged without the burn, nothing of its band applied (to show it)."""


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
    _refuse_what_it_takes_not(ruleset, move, character, at, (advantage, disadvantage), picks)
    inputs = dict(inputs or {})
    picked_stat = stat_choice(ruleset, move, inputs)
    before = state
    if character is not None and state.active != character.name:
        state = attrs.evolve(state, active=character.name)
    state, ruleset, mounted = _mount_asset(state, ruleset, move, character, asset, inputs)
    state = _mount_momentum(state, ruleset)  # the max the impacts leave clamps each change
    character = state.characters[character.name] if character is not None else None
    check_inputs(move, inputs)
    extra = effect_dice or dice
    floors = floor.floor_ids(ruleset)
    main_picks = [p for p in picks if p not in floors or _own_pick(move, p, floors)]
    floor_picks = [p for p in picks if p in floors]
    ctx = move_context(state, ruleset, move, character, inputs)
    picked(move, None, main_picks, ctx, ruleset, before_only=True)  # a bad pick fails first
    known_picks(move, picks, floors)
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
        return pool_move(
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
    pre, pre_lists = picked(move, None, main_picks, ctx, ruleset, before_only=True)
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
        state, lift, prepared = _spend_on_roll(state, ruleset, move, character, rolls)
        character = state.characters[who] if who is not None else None
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
    meter = momentum.meter_of(ruleset)
    at_roll = character.meters.get(meter.id) if character and meter else None
    if burn is None:
        _offer_burn(
            state, ruleset, move, roll, attrs.evolve(event, modifiers=tuple(modifiers)), used
        )
    burned: list[str] = []
    if burn:
        state, roll, burned = _burn(state, ruleset, move, who, roll)
        used = (meter.id, roll.score) if meter else used  # the stat gave way to momentum
        modifiers = modifiers[1:]  # the stat's reason gave way to the momentum
    if roll is not None and character is not None and takes_adds(move):
        state = put_character(state, _rolled(state.characters[character.name]))
    band = roll.band if roll is not None else None
    ctx = attrs.evolve(ctx, state=state, match=roll is not None and roll.has(MATCH))
    # the picks made before the roll stand: what they spent (a Medical Kit) is not offered again
    done = {o.id for o in pre}
    later, lists = picked(move, band, [p for p in main_picks if p not in done], ctx, ruleset)
    chosen = [*pre, *later]
    if not short_ok:
        refuse_short(move, band, lists, chosen)
    waived = {e.effect for o in chosen for e in o.effects if e.kind == "waive"}
    effects = [e for e in effects_in_order(move, band, later) if e.id not in waived]
    applied = apply_live(state, ruleset, who, effects, extra, ctx, weapon=ctx.weapon)
    state = applied.state
    state, after = harm.after_move(state, ruleset, move, who, extra)
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
    label, text = band_words(move, band) if band else ("", move.text)
    line = ""
    if isinstance(roll, ActionRoll) and who is not None:
        kept = LastRoll(
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
        )
        state = attrs.evolve(state, last_roll=kept)  # what a burn after the roll reads
        line = _action_line(ruleset, used, roll, label)
    if roll is not None and mechanic == "table" and move.roll.table:
        label, text, line, offers = _table_row(ruleset, move.roll.table, roll)
        follow += offers
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


def _table_row(ruleset: Ruleset, table_id: str, roll: Roll) -> tuple[str, str, str, list[str]]:
    """A table roll's row: its label and text, the roll's line, and the moves it offers next
    (reading 32)."""
    row = ruleset.table(table_id).row_for(roll.faces[0])
    label = row.id.replace("_", " ")
    line = f"d{roll.sides} = {roll.faces[0]} → {label}"
    return label, row.text, line, row_follow(ruleset, row.follow, row.preset)


def _refuse_what_it_takes_not(
    ruleset: Ruleset,
    move: Move,
    character: Character | None,
    at: str | None,
    edge: tuple[bool, bool],
    picks: Sequence[str],
) -> None:
    """A move that is not a maneuver takes no foe; advantage only where its roll has it; a
    second Medical Kit is refused (reading 22)."""
    if at is not None:
        raise RuleError(f"{move.name} is not made against a foe; drop --at")
    if any(edge) and not takes_edge(move):
        raise RuleError(f"{move.name} takes no --adv or --dis: {no_edge(move)}")
    if character is not None and (kit := harm.second_kit(ruleset, character, move, picks)):
        raise RuleError(kit)


def _mount_asset(
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    character: Character | None,
    asset: str | None,
    inputs: dict[str, int | str],
) -> tuple[Campaign, Ruleset, Asset | None]:
    """The companion or vehicle the move acts on, mounted on its owner's sheet (reading 31),
    and the inputs it answers; the ruleset with its meter named for it."""
    kind = assets.kind_for(ruleset, move)
    if asset is not None and kind is None:
        raise RuleError(f"{move.name} acts on no companion or vehicle; drop --asset")
    if kind is None:
        return state, ruleset, None
    if character is None:
        raise RuleError(f"{move.name} is made by a character; the party is empty")
    mounted = assets.find_asset(character, kind, asset)
    state = put_character(state, assets.mount(ruleset, character, mounted))
    for key, value in assets.inputs_of(move, mounted).items():
        inputs.setdefault(key, value)
    return state, assets.named(ruleset, mounted), mounted


def _spend_on_roll(
    state: Campaign, ruleset: Ruleset, move: Move, character: Character | None, rolls: bool
) -> tuple[Campaign, int, list[str]]:
    """Reading 8: a point of the hold spent on a roll (Preparation), for its bonus to this
    roll; the bonus and the words."""
    if character is None or move.roll.mechanic == "none" or not rolls:
        raise RuleError(f"{move.name} has no roll to add Preparation to")
    spend = holds.on_roll(ruleset)
    if spend is None:
        raise RuleError(f"{ruleset.name} has no hold that is spent on a roll")
    spent, said = change_hold(ruleset, character, spend.hold.id, 1, "spend")
    words = [f"{spend.hold.name}: +{spend.bonus} to the roll", *said]
    return put_character(state, spent), spend.bonus, words


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
    if character is not None:
        assets.refuse_without(ruleset, character, move)


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


def _rolled(character: Character) -> Character:
    """After a roll: forward is spent, an ongoing penalty counts one roll down (reading 24)."""
    ongoing = character.ongoing
    if ongoing is not None:
        ongoing = attrs.evolve(ongoing, rolls=ongoing.rolls - 1) if ongoing.rolls > 1 else None
    return attrs.evolve(character, forward=0, ongoing=ongoing)


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
