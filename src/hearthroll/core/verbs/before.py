"""Before a move's roll: the check stage (every game module's "why not?", from `CHECKS`), what
the move takes and refuses, the companion or vehicle and the momentum mounted on the sheet,
the Preparation spent on the roll, whether an optional roll is made, and which picks are the
move's own."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hearthroll.core.campaign.resolve import Context, gate_holds
from hearthroll.core.campaign.sheets import change_hold, find_character, put_character
from hearthroll.core.campaign.state import Asset, Campaign, Character
from hearthroll.core.errors import HearthrollError, RuleError
from hearthroll.core.games import assets, encounter, harm, holds, momentum, pool_turn
from hearthroll.core.games.stage import Attempt
from hearthroll.core.rules.effects import Gate
from hearthroll.core.rules.model import Move, Ruleset
from hearthroll.core.rules.search import find_move
from hearthroll.core.verbs.rolling import no_edge, takes_edge

CHECKS: tuple[Callable[[Attempt], None], ...] = (
    harm.check,
    pool_turn.check,
    encounter.check,
    assets.check,
)
"""The check stage: each game module's "why not?" (it raises its own refusal), in order."""


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
        check_before_roll(state, ruleset, move, character, at)
    except HearthrollError as error:
        return error
    return None


def check_before_roll(
    state: Campaign, ruleset: Ruleset, move: Move, character: Character | None, at: str | None
) -> None:
    """The check stage: every game module's "why not?", in the order of `CHECKS`."""
    attempt = Attempt(state, ruleset, move, character, at)
    for check in CHECKS:
        check(attempt)


def refuse_what_it_takes_not(
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


def mount_asset(
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


def spend_on_roll(
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


def at_floor(move: Move, ctx: Context, ruleset: Ruleset) -> bool:
    spec = move.roll
    return spec.required_at_min is not None and gate_holds(
        Gate(if_at_min=spec.required_at_min), ctx, ruleset
    )


def own_pick(move: Move, pick: str, floor_ids: set[str]) -> bool:
    """A pick the move offers itself outside its past-the-floor list."""
    return any(o.id == pick for lst in move.options if lst.if_past_min is None for o in lst.items)


def mount_momentum(state: Campaign, ruleset: Ruleset) -> Campaign:
    """Every sheet with its momentum max, as its impacts make it, where meter changes read it."""
    for character in list(state.characters.values()):
        mounted = momentum.mounted(ruleset, character)
        if mounted is not character:
            state = put_character(state, mounted)
    return state
