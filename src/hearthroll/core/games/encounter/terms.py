"""What a d20 maneuver adds and must reach, each modifier named, and the exact chance it
lands (readings 16, 37 and 38)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from hearthroll.core.campaign.state import Campaign, Character, Foe
from hearthroll.core.errors import RuleError
from hearthroll.core.games.encounter.efficacy import checks_efficacy, efficacy_of
from hearthroll.core.games.encounter.foes import foe_tags
from hearthroll.core.numbers import signed
from hearthroll.core.records import Record
from hearthroll.core.rules.effects import AutoMod
from hearthroll.core.rules.model import Move, Ruleset

if TYPE_CHECKING:  # the odds are imported where a chance is asked: a sheet needs none
    from fractions import Fraction


def _short(ruleset: Ruleset, stat_id: str) -> str:
    try:
        return ruleset.stat(stat_id).name[:3]
    except RuleError:
        return stat_id.title()


def modifier(ruleset: Ruleset, stat_id: str, value: int) -> int:
    """What a stat adds to a roll: a score's (score − 10) // 2, or the value itself."""
    try:
        kind = ruleset.stat(stat_id).modifier
    except RuleError:
        kind = "score"
    if kind != "score":
        return value
    from hearthroll.core.dice.mechanics import score_modifier

    return score_modifier(value)


@attrs.frozen
class Terms(Record):
    """What a d20 maneuver adds and must reach, each modifier named (`+1 Dex`)."""

    modifier: int
    target: int
    reasons: tuple[str, ...]


def terms(ruleset: Ruleset, move: Move, character: Character, foe: Foe | None) -> Terms:
    """The roll's modifier and number: the stat's modifier and every automatic one (37, 38)."""
    spec = move.roll
    total = spec.modifier
    reasons: list[str] = [f"{signed(spec.modifier)} the move"] if spec.modifier else []
    if spec.stat is not None:
        mod = modifier(ruleset, spec.stat, character.stats.get(spec.stat, 10))
        total += mod
        reasons.append(f"{signed(mod)} {_short(ruleset, spec.stat)}")
    target = spec.target or 0
    from hearthroll.core.campaign.resolve import Context, gate_holds

    ctx = Context(
        state=Campaign(ruleset=ruleset.id),
        actor=character,
        foe_tags=foe_tags(foe) if foe else frozenset(),
    )
    for auto in spec.auto:
        if auto.kind not in ("modifier", "target") or not gate_holds(auto, ctx, ruleset):
            continue
        amount, why = _auto_amount(ruleset, auto, character, foe)
        if amount is None or not amount:
            continue
        if auto.kind == "target":
            target += amount
            reasons.append(f"needs {target}: {why}")
        else:
            total += amount
            reasons.append(f"{signed(amount)} {why}")
    return Terms(total, target, tuple(reasons))


def _auto_amount(
    ruleset: Ruleset, auto: AutoMod, character: Character, foe: Foe | None
) -> tuple[int | None, str]:
    """An automatic modifier's amount and its words; None where it cannot be read (no foe)."""
    stat = auto.from_foe or auto.from_diff
    if stat is None:
        why = auto.if_foe_tag.replace("_", "-") + " foe" if auto.if_foe_tag else "the move"
        return auto.value, why
    if foe is None:
        return None, ""
    label = _short(ruleset, stat)
    theirs = foe.stats.get(stat, 10)
    if auto.score:
        theirs_value, what = theirs, f"{label} score"
    else:
        theirs_value, what = modifier(ruleset, stat, theirs), f"{label}"
    if auto.from_foe is not None:
        amount = auto.times * theirs_value
        return auto.value + amount, f"{foe.name}'s {what}"
    mine = character.stats.get(stat, 10)
    mine_value = mine if auto.score else modifier(ruleset, stat, mine)
    diff = mine_value - theirs_value
    if auto.only_positive and diff <= 0:
        return 0, ""
    scale = f"{auto.times} × " if auto.times != 1 else ""
    over = "over" if diff >= 0 else "under"
    return auto.value + auto.times * diff, f"{scale}{label} {over} theirs ({mine} vs {theirs})"


def chance(ruleset: Ruleset, move: Move, character: Character, foe: Foe | None) -> Fraction:
    """The exact chance the maneuver lands: P(d100 ≤ efficacy) × P(the d20 hits)."""
    from fractions import Fraction

    if move.roll.mechanic != "d20":
        return Fraction(0)
    found = terms(ruleset, move, character, foe)
    efficacy = (
        efficacy_of(ruleset, character, move) if checks_efficacy(ruleset, character, move) else None
    )
    from hearthroll.core.dice.bands import HIT
    from hearthroll.core.dice.odds import d20_odds

    die = ruleset.efficacy.die if ruleset.efficacy else 100
    odds = d20_odds(
        modifier=found.modifier,
        target=found.target,
        nat20_succeeds=move.roll.nat20_succeeds,
        fumble_faces=move.roll.fumble_faces,
        efficacy=efficacy,
        efficacy_die=die,
    )
    return odds.band(HIT)
