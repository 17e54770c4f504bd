"""A move checked against the ruleset it joins: its dice, stat, bands, maneuver, gates, effects."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hearthroll.core.dice.bands import BandRange, Bands
from hearthroll.core.dice.expr import parse as parse_expr
from hearthroll.core.errors import ExprError
from hearthroll.core.rules.model import Move, Ruleset
from hearthroll.store.effect_checks import (
    Names,
    Report,
    check_auto,
    check_dice,
    check_effect,
    check_gate,
    check_options,
    duplicates,
    unknown,
)

if TYPE_CHECKING:
    from hearthroll.store.converter import KeyPath
    from hearthroll.store.ruleset_file import RulesetFile

THREE = ("miss", "weak", "strong")
D20_BANDS = ("fumble", "fail", "hit")
NO_FUMBLE = ("fail", "hit")
"""A d20 roll's bands with `fumble_faces = 0`: a natural 1 is read by its total."""
POOL_WEAK_FACES = (2, 5)  # a pool's weak result, split by its highest kept die


def check_move(
    report: Report, file: RulesetFile, path: KeyPath, move: Move, ruleset: Ruleset, names: Names
) -> None:
    """A move against the ruleset it joins: its mechanic, stat, dice, bands, gates, effects."""
    roll = move.roll
    if roll.mechanic not in ("none", "table") and roll.mechanic not in ruleset.mechanics:
        report.add(
            file,
            (*path, "roll", "mechanic"),
            f"ruleset {ruleset.id!r} does not roll {roll.mechanic!r}; "
            f"it uses {', '.join(ruleset.mechanics)}",
        )
    if roll.stat is not None and roll.stat not in names.rollable:
        report.add(
            file, (*path, "roll", "stat"), unknown("stat or meter", roll.stat, names.rollable)
        )
    for index, stat in enumerate(roll.stat_choice):
        if stat not in names.rollable:
            report.add(
                file,
                (*path, "roll", "stat_choice", index),
                unknown("stat or meter", stat, names.rollable),
            )
    if roll.table is not None and roll.table not in names.tables:
        report.add(file, (*path, "roll", "table"), unknown("table", roll.table, names.tables))
    if roll.mechanic == "table" and roll.table is None:
        report.add(file, (*path, "roll"), 'a table roll names its table: add table = "..."')
    if roll.mechanic == "d20" and roll.target is None:
        report.add(file, (*path, "roll"), "a d20 roll needs a target: add target = N")
    if not 0 <= roll.fumble_faces <= 19:
        report.add(
            file,
            (*path, "roll", "fumble_faces"),
            f"fumble_faces is 0 (no fumble) to 19, not {roll.fumble_faces}",
        )
    if roll.mechanic == "sum":
        check_dice(report, file, (*path, "roll", "dice"), roll.dice or "2d6")
    _check_bands(report, file, path, move, ruleset)
    inputs = {i.id for i in move.inputs}
    for index, auto in enumerate(roll.auto):
        check_gate(report, file, (*path, "roll", "auto", index), auto, names)
        check_auto(report, file, (*path, "roll", "auto", index), auto, inputs, names)
    bands = {b.id for b in move.bands}
    effect_ids = {e.id for e in move.effects if e.id}
    for index, effect in enumerate(move.effects):
        check_effect(report, file, (*path, "effects", index), effect, bands, effect_ids, names)
    for index, options in enumerate(move.options):
        check_options(report, file, (*path, "options", index), options, bands, effect_ids, names)
    for index, ref in enumerate(move.refs):
        if ref not in names.moves and ref not in names.tables:
            report.add(file, (*path, "refs", index), f"unknown move or table {ref!r}")
    for index, tag in enumerate(move.requires):
        if tag not in names.gear_tags:
            report.add(file, (*path, "requires", index), unknown("gear tag", tag, names.gear_tags))
    _check_maneuver(report, file, path, move, ruleset)


def _check_maneuver(
    report: Report, file: RulesetFile, path: KeyPath, move: Move, ruleset: Ruleset
) -> None:
    """Cost, cooldown, efficacy and the foe keys: what the encounter reads (readings 33-40)."""
    from hearthroll.core.games.encounter import FOE_TAGS, is_maneuver

    if move.cost is not None and move.cost < 0:
        report.add(file, (*path, "cost"), f"a cost is 0 or more, not {move.cost}")
    if move.cost and ruleset.cost_meter is None:
        report.add(
            file,
            (*path, "cost"),
            f'ruleset {ruleset.id!r} has no cost_meter to pay from: add cost_meter = "stamina"',
        )
    if move.cooldown is not None and move.cooldown < 0:
        report.add(
            file, (*path, "cooldown"), f"a cooldown is 0 or more rounds, not {move.cooldown}"
        )
    if move.efficacy_check and ruleset.efficacy is None:
        report.add(
            file,
            (*path, "efficacy_check"),
            f"ruleset {ruleset.id!r} has no [rulesets.efficacy] to check against",
        )
    for key in ("foe_requires", "foe_refuses"):
        for index, tag in enumerate(getattr(move, key)):
            if tag not in FOE_TAGS:
                report.add(file, (*path, key, index), unknown("foe tag", tag, FOE_TAGS))
    if is_maneuver(move) and move.roll.mechanic != "d20":
        report.add(
            file,
            (*path, "roll", "mechanic"),
            "a maneuver (cost, cooldown, efficacy_check, takes_turn...) rolls a d20: "
            'set mechanic = "d20" and a target',
        )


def _check_bands(
    report: Report, file: RulesetFile, path: KeyPath, move: Move, ruleset: Ruleset
) -> None:
    mechanic = move.roll.mechanic
    bands = move.bands
    where = (*path, "bands")
    duplicates(report, file, where, bands, "band")
    if mechanic in ("none", "table"):
        return
    if mechanic == "sum":
        low, high = _sum_range(move, ruleset)
        ranges = Bands(tuple(BandRange(b.id, b.low, b.high) for b in bands))
        for message in ranges.problems(low, high):
            report.add(
                file,
                where,
                f"{message} (a {move.roll.dice or '2d6'} roll here makes {low} to {high})",
            )
        return
    if mechanic == "pool":
        _check_pool_bands(report, file, where, move)
        return
    wanted: tuple[str, ...] = D20_BANDS if mechanic == "d20" else THREE
    if mechanic == "d20" and move.roll.fumble_faces == 0:
        wanted = NO_FUMBLE  # no face has a miss of its own (reading 16: flee, break off)
    ids = [b.id for b in bands]
    for needed in wanted:
        if ids.count(needed) == 0:
            report.add(
                file, where, f"no band {needed!r}: a {mechanic} roll needs {', '.join(wanted)}"
            )
    for index, band in enumerate(bands):
        if band.id not in wanted:
            report.add(
                file,
                (*where, index, "id"),
                f"a {mechanic} roll has no result {band.id!r}; its bands are {', '.join(wanted)}",
            )
        elif band.low is not None or band.high is not None:
            report.add(
                file, (*where, index), f"a {mechanic} band is named by id alone; drop low/high"
            )


def _check_pool_bands(report: Report, file: RulesetFile, where: KeyPath, move: Move) -> None:
    """miss and strong once each; the weak results (highest kept die 2-5) covered exactly once."""
    plain = [b for b in move.bands if b.low is None and b.high is None]
    ranged = [b for b in move.bands if b.low is not None or b.high is not None]
    ids = [b.id for b in plain]
    for needed in ("miss", "strong"):
        if ids.count(needed) != 1:
            report.add(file, where, f"a pool move needs one {needed!r} band")
    for index, band in enumerate(move.bands):
        if (band.low is None and band.high is None) and band.id not in THREE:
            report.add(
                file,
                (*where, index, "id"),
                f"a pool band without low/high is miss, weak or strong, not {band.id!r}",
            )
    split = Bands(tuple(BandRange(b.id, b.low, b.high) for b in ranged))
    if "weak" in ids:
        if ranged:
            report.add(
                file,
                where,
                "give either one 'weak' band or weak bands split by the "
                "highest kept die (low/high 2-5), not both",
            )
        return
    if not ranged:
        report.add(
            file,
            where,
            "a pool move needs a 'weak' band, or weak bands split by the highest kept die "
            "(low/high from 2 to 5)",
        )
        return
    for message in split.problems(*POOL_WEAK_FACES):
        message = message.replace("a total of", "a highest kept die of").replace("total", "die")
        report.add(file, where, f"weak results: {message}")


def _sum_range(move: Move, ruleset: Ruleset) -> tuple[int, int]:
    """The lowest and highest totals a `sum` move can make, from its dice, stats and modifiers."""
    try:
        needed = parse_expr(move.roll.dice or "2d6").dice_needed()
    except ExprError:
        needed = (6, 6)
    low, high = len(needed), sum(needed)
    stats = [s for s in (move.roll.stat, *move.roll.stat_choice) if s]
    lows, highs = [], []
    for stat_id in stats:
        found = [s for s in ruleset.stats if s.id == stat_id]
        stat = found[0] if found else None
        lows.append(stat.min if stat and stat.min is not None else -3)
        highs.append(stat.max if stat and stat.max is not None else 3)
    if stats:
        low, high = low + min(lows), high + max(highs)
    low, high = low + move.roll.modifier, high + move.roll.modifier
    inputs = {i.id: i for i in move.inputs}
    for auto in move.roll.auto:
        if auto.kind != "modifier":
            continue
        amounts = [auto.value]
        if auto.from_input and auto.from_input in inputs:
            source = inputs[auto.from_input]
            amounts = [
                auto.value + auto.times * (source.min if source.min is not None else 0),
                auto.value + auto.times * (source.max if source.max is not None else 0),
            ]
        low += min(0, *amounts)
        high += max(0, *amounts)
    return low, high
