"""Checks across ruleset files: unique ids, references resolving, tables, holds and XP.

Each move's own checks (its dice, bands covering every result, gates and effects) are
`move_checks`'; what every check shares is `effect_checks`'.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import attrs

from hearthroll.core.dice.bands import BandRange, Bands
from hearthroll.core.rules.effects import Effect
from hearthroll.core.rules.model import Move, Ruleset, Table, TableRow
from hearthroll.store.effect_checks import (
    Names,
    Report,
    check_dice,
    check_effect,
    duplicates,
    unknown,
)
from hearthroll.store.move_checks import check_move

if TYPE_CHECKING:
    from hearthroll.store.converter import KeyPath
    from hearthroll.store.ruleset_file import Problem, RulesetFile


def check_catalog(files: Sequence[RulesetFile], only: str | None = None) -> list[Problem]:
    """Every problem across these files that structuring alone cannot see; with `only`, those
    of that ruleset, its moves and its tables (and the ids every ruleset shares)."""
    report = Report()
    rulesets: dict[str, tuple[RulesetFile, int, Ruleset]] = {}
    for file in files:
        for index, ruleset in enumerate(file.rulesets):
            if ruleset.id in rulesets:
                other = rulesets[ruleset.id][0]
                report.add(
                    file,
                    ("rulesets", index, "id"),
                    f"ruleset id {ruleset.id!r} is also defined in {other.name}",
                )
                continue
            rulesets[ruleset.id] = (file, index, ruleset)
            if only in (None, ruleset.id):
                _check_ruleset(report, file, ("rulesets", index), ruleset)
    joined = _joined_tables(report, files, rulesets)
    whole = {  # each ruleset with the tables other files join to it: what its moves may name
        rid: attrs.evolve(r, tables=(*r.tables, *(t for _, _, t in joined.get(rid, []))))
        for rid, (_, _, r) in rulesets.items()
    }
    moves: dict[str, tuple[RulesetFile, int, Move]] = {}
    by_ruleset: dict[str, list[Move]] = {}
    for file in files:
        for index, move in enumerate(file.moves):
            if move.id in moves:
                other_file, other_index, _ = moves[move.id]
                where = file.name if other_file is file else other_file.name
                line = other_file.problem(("moves", other_index, "id"), "").line
                at = f"{where}:{line}" if line else where
                report.add(
                    file,
                    ("moves", index, "id"),
                    f"move id {move.id!r} is also defined at {at}; give one of them another id",
                )
                continue
            moves[move.id] = (file, index, move)
            if _unknown_ruleset(report, file, ("moves", index), move.ruleset, rulesets):
                continue
            by_ruleset.setdefault(move.ruleset, []).append(move)
    names = {rid: Names(whole[rid], by_ruleset.get(rid, [])) for rid in rulesets}
    for rid, (file, index, ruleset) in rulesets.items():
        if only not in (None, rid):
            continue
        found = by_ruleset.get(rid, [])
        _check_links(report, file, ("rulesets", index), ruleset, found)
        _check_row_effects(report, file, ("rulesets", index), ruleset, names[rid])
        _check_holds(report, file, ("rulesets", index), ruleset, names[rid])
        for joining, t_index, table in joined.get(rid, []):
            place: KeyPath = ("tables", t_index)
            _check_table_links(report, joining, place, table, {m.id: m for m in found})
            _check_table_effects(report, joining, place, table, names[rid])
    holding: dict[str, str] = {}
    for file, index, move in moves.values():
        if move.ruleset in rulesets and only in (None, move.ruleset):
            ruleset = whole[move.ruleset]
            check_move(report, file, ("moves", index), move, ruleset, names[move.ruleset])
            _one_holding(report, file, ("moves", index), move, holding)
    return report.problems


def _unknown_ruleset(
    report: Report, file: RulesetFile, path: KeyPath, wanted: str, rulesets: Mapping[str, object]
) -> bool:
    """Whether a move or a table names a ruleset no file defines (said, with those there are)."""
    if wanted in rulesets:
        return False
    known = ", ".join(sorted(rulesets)) or "none"
    report.add(file, (*path, "ruleset"), f"unknown ruleset {wanted!r}; known: {known}")
    return True


def _joined_tables(
    report: Report,
    files: Sequence[RulesetFile],
    rulesets: Mapping[str, tuple[RulesetFile, int, Ruleset]],
) -> dict[str, list[tuple[RulesetFile, int, Table]]]:
    """The `[[tables]]` of each file by the ruleset they join: each names a known ruleset, and
    its id is new to that ruleset (its own tables, and the tables other files join to it)."""
    joined: dict[str, list[tuple[RulesetFile, int, Table]]] = {}
    for file in files:
        for index, entry in enumerate(file.tables):
            if _unknown_ruleset(report, file, ("tables", index), entry.ruleset, rulesets):
                continue
            owner, _, ruleset = rulesets[entry.ruleset]
            taken = {t.id: owner.name for t in ruleset.tables}
            taken.update({t.id: f.name for f, _, t in joined.get(entry.ruleset, [])})
            if entry.table.id in taken:
                report.add(
                    file,
                    ("tables", index, "id"),
                    f"table id {entry.table.id!r} is also a table of ruleset "
                    f"{entry.ruleset!r} (in {taken[entry.table.id]}); give one of them another id",
                )
                continue
            _check_table(report, file, ("tables", index), entry.table)
            joined.setdefault(entry.ruleset, []).append((file, index, entry.table))
    return joined


def _one_holding(
    report: Report, file: RulesetFile, path: KeyPath, move: Move, holding: dict[str, str]
) -> None:
    """A ruleset has one move whose picks hold while its flag stands (the Muster)."""
    for e_index, effect in enumerate(move.effects):
        if effect.kind != "flag" or effect.mode != "hold":
            continue
        first = holding.setdefault(move.ruleset, move.name)
        if first != move.name:
            report.add(
                file,
                (*path, "effects", e_index, "mode"),
                f"{first} is the move whose picks hold already: a ruleset has one; "
                'make this flag "mark"',
            )


def _check_links(
    report: Report, file: RulesetFile, path: KeyPath, ruleset: Ruleset, found: Sequence[Move]
) -> None:
    """Keys of the ruleset that name moves: a meter's `past_min`, a table row's `preset`."""
    moves = {m.id: m for m in found}
    for index, meter in enumerate(ruleset.meters):
        if meter.past_min is not None and meter.past_min not in moves:
            report.add(
                file, (*path, "meters", index, "past_min"), unknown("move", meter.past_min, moves)
            )
    for index, table in enumerate(ruleset.tables):
        _check_table_links(report, file, (*path, "tables", index), table, moves)


def _check_table_links(
    report: Report, file: RulesetFile, where: KeyPath, table: Table, moves: Mapping[str, Move]
) -> None:
    for r_index, row in enumerate(table.rows):
        _check_row_follow(report, file, (*where, "rows", r_index), row, moves)


def _check_row_follow(
    report: Report, file: RulesetFile, where: KeyPath, row: TableRow, moves: Mapping[str, Move]
) -> None:
    """A row's `follow` names each move once; its `preset` is an option of every move named;
    a row that sends everyone `aboard` names a move of the catalog for them to make."""
    if len(set(row.follow)) != len(row.follow):
        twice = next(f for i, f in enumerate(row.follow) if f in row.follow[:i])
        report.add(file, (*where, "follow"), f"names {twice!r} twice; name each move once")
    if row.aboard and not any(f in moves for f in row.follow):
        report.add(
            file, (*where, "aboard"), "everyone aboard needs `follow` to name a move of the catalog"
        )
    if row.preset is None:
        return
    targets = [moves[f] for f in row.follow if f in moves]
    if not targets:
        report.add(
            file, (*where, "preset"), "a preset needs `follow` to name a move of the catalog"
        )
        return
    for target in targets:
        ids = {o.id for lst in target.options for o in lst.items}
        if row.preset not in ids:
            report.add(
                file, (*where, "preset"), unknown(f"option of {target.name}", row.preset, ids)
            )


def _check_row_effects(
    report: Report, file: RulesetFile, path: KeyPath, ruleset: Ruleset, names: Names
) -> None:
    """A table row's effects name what the ruleset has, as a move's effects do."""
    for index, table in enumerate(ruleset.tables):
        _check_table_effects(report, file, (*path, "tables", index), table, names)


def _check_table_effects(
    report: Report, file: RulesetFile, where: KeyPath, table: Table, names: Names
) -> None:
    for r_index, row in enumerate(table.rows):
        for e_index, effect in enumerate(row.effects):
            path = (*where, "rows", r_index, "effects", e_index)
            check_effect(report, file, path, effect, set(), set(), names)


def _check_holds(
    report: Report, file: RulesetFile, path: KeyPath, ruleset: Ruleset, names: Names
) -> None:
    """A hold is a character's; its spends' effects name what the ruleset has; a `bonus` spend
    (one a ruleset) lifts a roll by 1 or more and does nothing else; `per_roll` limits it."""
    from hearthroll.core.games.holds import goes_on_a_roll

    on_roll: tuple[str, str] | None = None
    for index, hold in enumerate(ruleset.holds):
        where = (*path, "holds", index)
        if hold.scope != "character":
            report.add(
                file,
                (*where, "scope"),
                f'a hold is held by a character: scope is "character", not {hold.scope!r}',
            )
        for s_index, option in enumerate(hold.spends):
            spend = (*where, "spends", s_index)
            for e_index, effect in enumerate(option.effects):
                at = (*spend, "effects", e_index)
                check_effect(report, file, at, effect, set(), set(), names, on_roll=True)
            if not goes_on_a_roll(option):
                continue
            if on_roll is not None:
                report.add(
                    file,
                    spend,
                    f"{on_roll[0]} is the hold spent on a roll already (its {on_roll[1]!r}): "
                    "a roll spends one hold",
                )
            on_roll = on_roll or (hold.name, option.id)
            _check_bonus_spend(report, file, spend, option.effects)
        if hold.per_roll is not None and hold.per_roll < 1:
            report.add(file, (*where, "per_roll"), f"per_roll is 1 or more, not {hold.per_roll}")
        elif hold.per_roll is not None and not any(goes_on_a_roll(o) for o in hold.spends):
            report.add(
                file,
                (*where, "per_roll"),
                "per_roll limits what one roll takes, and a hold with no `bonus` spend is never "
                "spent on a roll: drop per_roll, or add a spend with a bonus",
            )


def _check_bonus_spend(
    report: Report, file: RulesetFile, spend: KeyPath, effects: Sequence[Effect]
) -> None:
    """A spend that goes on a roll: its bonus lifts the roll; nothing else of it is applied."""
    for e_index, effect in enumerate(effects):
        at = (*spend, "effects", e_index)
        if effect.kind != "bonus":
            report.add(
                file,
                (*at, "kind"),
                f"a spend with a bonus goes on a roll, where only its bonus applies: give the "
                f"{effect.kind} effect a spend of its own",
            )
        elif effect.amount < 1:
            report.add(
                file,
                (*at, "amount"),
                f"a bonus of {effect.amount} lifts nothing: give amount = 1 or more",
            )


def _check_ruleset(report: Report, file: RulesetFile, path: KeyPath, ruleset: Ruleset) -> None:
    for key in ("stats", "meters", "conditions", "holds", "tables", "gear", "templates"):
        duplicates(report, file, (*path, key), getattr(ruleset, key), key.rstrip("s"))
    for index, table in enumerate(ruleset.tables):
        _check_table(report, file, (*path, "tables", index), table)
    meters = {m.id for m in ruleset.meters}
    for index, meter in enumerate(ruleset.meters):
        if meter.overflow is not None and meter.overflow not in meters:
            report.add(
                file,
                (*path, "meters", index, "overflow"),
                unknown("meter", meter.overflow, meters),
            )
    gear = {g.id for g in ruleset.gear}
    templates = {t.id for t in ruleset.templates}
    for index, item in enumerate(ruleset.gear):
        for bad in sorted(set(item.forbidden) - templates):
            report.add(
                file, (*path, "gear", index, "forbidden"), unknown("template", bad, templates)
            )
        for key in ("damage", "heal"):
            check_dice(report, file, (*path, "gear", index, key), getattr(item, key))
    for index, template in enumerate(ruleset.templates):
        for bad in sorted(set(template.heals_with) - gear):
            report.add(file, (*path, "templates", index, "heals_with"), unknown("gear", bad, gear))
    _check_xp(report, file, path, ruleset)


def _check_table(report: Report, file: RulesetFile, where: KeyPath, table: Table) -> None:
    """Every face of the table's die lands in exactly one row; each row lies on the die."""
    rows = Bands(tuple(BandRange(r.id, r.low, r.high) for r in table.rows))
    for message in rows.problems(1, table.die):
        message = message.replace("no band covers a total of", "no row covers")
        message = message.replace("total", "face").replace("more than one band", "several rows")
        report.add(file, (*where, "rows"), f"table {table.id!r} (d{table.die}): {message}")
    duplicates(report, file, (*where, "rows"), table.rows, "row")
    for r_index, row in enumerate(table.rows):
        if row.low < 1 or row.high > table.die or row.low > row.high:
            report.add(
                file,
                (*where, "rows", r_index),
                f"row {row.low}-{row.high} is outside 1-{table.die} or reversed",
            )


def _check_xp(report: Report, file: RulesetFile, path: KeyPath, ruleset: Ruleset) -> None:
    """A new character starts at a level a sheet can have, and every level costs 1 XP or more
    (so Level Up always ends)."""
    rule = ruleset.xp
    if rule is None:
        return
    where = (*path, "xp")
    if not 1 <= rule.start_level <= 99:
        report.add(file, (*where, "start_level"), f"start_level is 1 to 99, not {rule.start_level}")
    if rule.per_level < 0:
        report.add(
            file,
            (*where, "per_level"),
            f"per_level is 0 or more, not {rule.per_level}: a level never costs less than the "
            "one before",
        )
    elif rule.needed(1) < 1:
        report.add(
            file,
            (*where, "base"),
            f"level 1 would need {rule.needed(1)} XP: base + per_level × level is at least 1 XP "
            "at every level",
        )
