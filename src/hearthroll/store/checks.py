"""Checks across ruleset files: unique ids, bands covering every result, references resolving."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

import attrs

from hearthroll.core.dice.bands import BandRange, Bands
from hearthroll.core.dice.expr import parse as parse_expr
from hearthroll.core.errors import ExprError
from hearthroll.core.rules.effects import AutoMod, Effect, Gate, OptionList
from hearthroll.core.rules.model import Move, Ruleset, Table, TableRow

if TYPE_CHECKING:
    from hearthroll.store.converter import KeyPath
    from hearthroll.store.rulesets import Problem, RulesetFile

THREE = ("miss", "weak", "strong")
D20_BANDS = ("fumble", "fail", "hit")
NO_FUMBLE = ("fail", "hit")
"""A d20 roll's bands with `fumble_faces = 0`: a natural 1 is read by its total."""
POOL_WEAK_FACES = (2, 5)  # a pool's weak result, split by its highest kept die


class _Named(Protocol):
    @property
    def id(self) -> str: ...


class _Report:
    """Collects problems, each placed in the file that holds the offending key."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, file: RulesetFile, path: KeyPath, message: str) -> None:
        self.problems.append(file.problem(path, message))


class _Names:
    """Every id a ruleset's moves may refer to, gathered from all files."""

    def __init__(self, ruleset: Ruleset, moves: Sequence[Move]) -> None:
        steading = ruleset.steading
        self.stats = (
            {s.id for s in ruleset.stats} | {s.id for s in steading.stats}
            if steading
            else {s.id for s in ruleset.stats}
        )
        self.meters = {m.id for m in ruleset.meters}
        self.rollable = self.stats | self.meters
        self.conditions = {c.id for c in ruleset.conditions}
        self.flags = {f.id for f in steading.flags} if steading else set()
        self.sizes = set(steading.sizes) if steading else set()
        self.seasons = set(steading.seasons) if steading else set()
        self.holds = {h.id for h in ruleset.holds}
        self.tables = {t.id for t in ruleset.tables}
        self.gear = {g.id for g in ruleset.gear}
        self.gear_tags = {t for g in ruleset.gear for t in g.tags}
        self.templates = {t.id for t in ruleset.templates}
        self.moves = {m.id for m in moves}


def check_catalog(files: Sequence[RulesetFile]) -> list[Problem]:
    """Every problem across these files that structuring alone cannot see."""
    report = _Report()
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
    names = {rid: _Names(whole[rid], by_ruleset.get(rid, [])) for rid in rulesets}
    for rid, (file, index, ruleset) in rulesets.items():
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
        if move.ruleset in rulesets:
            ruleset = whole[move.ruleset]
            _check_move(report, file, ("moves", index), move, ruleset, names[move.ruleset])
            _one_holding(report, file, ("moves", index), move, holding)
    return report.problems


def _unknown_ruleset(
    report: _Report, file: RulesetFile, path: KeyPath, wanted: str, rulesets: Mapping[str, object]
) -> bool:
    """Whether a move or a table names a ruleset no file defines (said, with those there are)."""
    if wanted in rulesets:
        return False
    known = ", ".join(sorted(rulesets)) or "none"
    report.add(file, (*path, "ruleset"), f"unknown ruleset {wanted!r}; known: {known}")
    return True


def _joined_tables(
    report: _Report,
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
    report: _Report, file: RulesetFile, path: KeyPath, move: Move, holding: dict[str, str]
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
    report: _Report, file: RulesetFile, path: KeyPath, ruleset: Ruleset, found: Sequence[Move]
) -> None:
    """Keys of the ruleset that name moves: a meter's `past_min`, a table row's `preset`."""
    moves = {m.id: m for m in found}
    for index, meter in enumerate(ruleset.meters):
        if meter.past_min is not None and meter.past_min not in moves:
            report.add(
                file, (*path, "meters", index, "past_min"), _unknown("move", meter.past_min, moves)
            )
    for index, table in enumerate(ruleset.tables):
        _check_table_links(report, file, (*path, "tables", index), table, moves)


def _check_table_links(
    report: _Report, file: RulesetFile, where: KeyPath, table: Table, moves: Mapping[str, Move]
) -> None:
    for r_index, row in enumerate(table.rows):
        _check_row_follow(report, file, (*where, "rows", r_index), row, moves)


def _check_row_follow(
    report: _Report, file: RulesetFile, where: KeyPath, row: TableRow, moves: Mapping[str, Move]
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
                file, (*where, "preset"), _unknown(f"option of {target.name}", row.preset, ids)
            )


def _check_row_effects(
    report: _Report, file: RulesetFile, path: KeyPath, ruleset: Ruleset, names: _Names
) -> None:
    """A table row's effects name what the ruleset has, as a move's effects do."""
    for index, table in enumerate(ruleset.tables):
        _check_table_effects(report, file, (*path, "tables", index), table, names)


def _check_table_effects(
    report: _Report, file: RulesetFile, where: KeyPath, table: Table, names: _Names
) -> None:
    for r_index, row in enumerate(table.rows):
        for e_index, effect in enumerate(row.effects):
            path = (*where, "rows", r_index, "effects", e_index)
            _check_effect(report, file, path, effect, set(), set(), names)


def _check_holds(
    report: _Report, file: RulesetFile, path: KeyPath, ruleset: Ruleset, names: _Names
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
                _check_effect(report, file, at, effect, set(), set(), names, on_roll=True)
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
    report: _Report, file: RulesetFile, spend: KeyPath, effects: Sequence[Effect]
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


def _duplicates(
    report: _Report, file: RulesetFile, path: KeyPath, items: Iterable[_Named], what: str
) -> None:
    seen: set[str] = set()
    for index, item in enumerate(items):
        if item.id in seen:
            report.add(file, (*path, index, "id"), f"{what} id {item.id!r} is used twice")
        seen.add(item.id)


def _check_ruleset(report: _Report, file: RulesetFile, path: KeyPath, ruleset: Ruleset) -> None:
    for key in ("stats", "meters", "conditions", "holds", "tables", "gear", "templates"):
        _duplicates(report, file, (*path, key), getattr(ruleset, key), key.rstrip("s"))
    for index, table in enumerate(ruleset.tables):
        _check_table(report, file, (*path, "tables", index), table)
    meters = {m.id for m in ruleset.meters}
    for index, meter in enumerate(ruleset.meters):
        if meter.overflow is not None and meter.overflow not in meters:
            report.add(
                file,
                (*path, "meters", index, "overflow"),
                _unknown("meter", meter.overflow, meters),
            )
    gear = {g.id for g in ruleset.gear}
    templates = {t.id for t in ruleset.templates}
    for index, item in enumerate(ruleset.gear):
        for bad in sorted(set(item.forbidden) - templates):
            report.add(
                file, (*path, "gear", index, "forbidden"), _unknown("template", bad, templates)
            )
        for key in ("damage", "heal"):
            _check_dice(report, file, (*path, "gear", index, key), getattr(item, key))
    for index, template in enumerate(ruleset.templates):
        for bad in sorted(set(template.heals_with) - gear):
            report.add(file, (*path, "templates", index, "heals_with"), _unknown("gear", bad, gear))
    _check_xp(report, file, path, ruleset)


def _check_table(report: _Report, file: RulesetFile, where: KeyPath, table: Table) -> None:
    """Every face of the table's die lands in exactly one row; each row lies on the die."""
    rows = Bands(tuple(BandRange(r.id, r.low, r.high) for r in table.rows))
    for message in rows.problems(1, table.die):
        message = message.replace("no band covers a total of", "no row covers")
        message = message.replace("total", "face").replace("more than one band", "several rows")
        report.add(file, (*where, "rows"), f"table {table.id!r} (d{table.die}): {message}")
    _duplicates(report, file, (*where, "rows"), table.rows, "row")
    for r_index, row in enumerate(table.rows):
        if row.low < 1 or row.high > table.die or row.low > row.high:
            report.add(
                file,
                (*where, "rows", r_index),
                f"row {row.low}-{row.high} is outside 1-{table.die} or reversed",
            )


def _check_xp(report: _Report, file: RulesetFile, path: KeyPath, ruleset: Ruleset) -> None:
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


def _unknown(what: str, wanted: str, known: Iterable[str]) -> str:
    listed = ", ".join(sorted(known)) or "none"
    return f"unknown {what} {wanted!r}; known: {listed}"


def _check_dice(report: _Report, file: RulesetFile, path: KeyPath, text: str) -> None:
    if not text:
        return
    try:
        parse_expr(text)
    except ExprError as error:
        report.add(file, path, f"bad dice expression: {error}")


def _check_move(
    report: _Report, file: RulesetFile, path: KeyPath, move: Move, ruleset: Ruleset, names: _Names
) -> None:
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
            file, (*path, "roll", "stat"), _unknown("stat or meter", roll.stat, names.rollable)
        )
    for index, stat in enumerate(roll.stat_choice):
        if stat not in names.rollable:
            report.add(
                file,
                (*path, "roll", "stat_choice", index),
                _unknown("stat or meter", stat, names.rollable),
            )
    if roll.table is not None and roll.table not in names.tables:
        report.add(file, (*path, "roll", "table"), _unknown("table", roll.table, names.tables))
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
        _check_dice(report, file, (*path, "roll", "dice"), roll.dice or "2d6")
    _check_bands(report, file, path, move, ruleset)
    inputs = {i.id for i in move.inputs}
    for index, auto in enumerate(roll.auto):
        _check_gate(report, file, (*path, "roll", "auto", index), auto, names)
        _check_auto(report, file, (*path, "roll", "auto", index), auto, inputs, names)
    bands = {b.id for b in move.bands}
    effect_ids = {e.id for e in move.effects if e.id}
    for index, effect in enumerate(move.effects):
        _check_effect(report, file, (*path, "effects", index), effect, bands, effect_ids, names)
    for index, options in enumerate(move.options):
        _check_options(report, file, (*path, "options", index), options, bands, effect_ids, names)
    for index, ref in enumerate(move.refs):
        if ref not in names.moves and ref not in names.tables:
            report.add(file, (*path, "refs", index), f"unknown move or table {ref!r}")
    for index, tag in enumerate(move.requires):
        if tag not in names.gear_tags:
            report.add(file, (*path, "requires", index), _unknown("gear tag", tag, names.gear_tags))
    _check_maneuver(report, file, path, move, ruleset)


def _check_maneuver(
    report: _Report, file: RulesetFile, path: KeyPath, move: Move, ruleset: Ruleset
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
                report.add(file, (*path, key, index), _unknown("foe tag", tag, FOE_TAGS))
    if is_maneuver(move) and move.roll.mechanic != "d20":
        report.add(
            file,
            (*path, "roll", "mechanic"),
            "a maneuver (cost, cooldown, efficacy_check, takes_turn...) rolls a d20: "
            'set mechanic = "d20" and a target',
        )


def _check_bands(
    report: _Report, file: RulesetFile, path: KeyPath, move: Move, ruleset: Ruleset
) -> None:
    mechanic = move.roll.mechanic
    bands = move.bands
    where = (*path, "bands")
    _duplicates(report, file, where, bands, "band")
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


def _check_pool_bands(report: _Report, file: RulesetFile, where: KeyPath, move: Move) -> None:
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


def _check_gate(
    report: _Report, file: RulesetFile, path: KeyPath, gate: Gate, names: _Names
) -> None:
    for key in ("if_flag", "unless_flag"):
        value = getattr(gate, key)
        if value is not None and value not in names.flags:
            report.add(file, (*path, key), _unknown("steading flag", value, names.flags))
    for size in gate.if_size:
        if size not in names.sizes:
            report.add(file, (*path, "if_size"), _unknown("steading size", size, names.sizes))
    for season in gate.if_season:
        if season not in names.seasons:
            report.add(file, (*path, "if_season"), _unknown("season", season, names.seasons))
    for key in ("if_condition", "unless_condition"):
        value = getattr(gate, key)
        if value is not None and value not in names.conditions | names.flags:
            report.add(file, (*path, key), _unknown("condition", value, names.conditions))
    for key in ("if_at_min", "unless_at_min"):
        value = getattr(gate, key)
        if value is not None and value not in names.rollable:
            report.add(file, (*path, key), _unknown("meter or stat", value, names.rollable))
    if gate.if_past_min is not None and gate.if_past_min not in names.meters:
        report.add(file, (*path, "if_past_min"), _unknown("meter", gate.if_past_min, names.meters))
    if gate.if_gear_tag is not None and gate.if_gear_tag not in names.gear_tags:
        report.add(
            file, (*path, "if_gear_tag"), _unknown("gear tag", gate.if_gear_tag, names.gear_tags)
        )
    if gate.if_foe_tag is not None:
        from hearthroll.core.games.encounter import FOE_TAGS

        if gate.if_foe_tag not in FOE_TAGS:
            report.add(file, (*path, "if_foe_tag"), _unknown("foe tag", gate.if_foe_tag, FOE_TAGS))


def _check_auto(
    report: _Report,
    file: RulesetFile,
    path: KeyPath,
    auto: AutoMod,
    inputs: set[str],
    names: _Names,
) -> None:
    if auto.from_input is not None and auto.from_input not in inputs:
        report.add(
            file, (*path, "from_input"), _unknown("input of this move", auto.from_input, inputs)
        )
    for key in ("from_foe", "from_diff"):
        value = getattr(auto, key)
        if value is not None and value not in names.stats:
            report.add(file, (*path, key), _unknown("stat", value, names.stats))


def _check_effect(
    report: _Report,
    file: RulesetFile,
    path: KeyPath,
    effect: Effect,
    bands: set[str],
    effect_ids: set[str],
    names: _Names,
    *,
    on_roll: bool = False,
) -> None:
    """An effect names what the ruleset has; a `bonus` stands only where `on_roll` (a hold's
    spend: the roll verbs apply it)."""
    _check_gate(report, file, path, effect, names)
    if effect.kind == "bonus" and not on_roll:
        report.add(
            file,
            (*path, "kind"),
            "a bonus is spent from a hold on a roll (a spend of a hold, as Preparation's "
            "plus_one); here there is no roll for it to lift: use forward for the next roll",
        )
    for band in effect.on:
        if band not in bands:
            report.add(file, (*path, "on"), _unknown("band of this move", band, bands))
    lookups = {
        "meter": names.meters | names.stats,
        "hold": names.holds,
        "condition": names.conditions | names.flags,
        "flag": names.flags,
        "stat": names.stats,
        "table": names.tables,
        "gear": names.gear,
        "move": names.moves,
        "effect": effect_ids,
    }
    for key, known in lookups.items():
        value = getattr(effect, key)
        if value is not None and value not in known:
            report.add(file, (*path, key), _unknown(key, value, known))
    _check_dice(report, file, (*path, "dice"), effect.dice)
    if effect.kind == "progress" and effect.mode not in (None, "mark", "clear"):
        report.add(file, (*path, "mode"), f"a progress effect marks or clears, not {effect.mode!r}")
    if effect.mode == "hold" and effect.kind != "flag":
        report.add(file, (*path, "mode"), "only a flag holds (a move's picks last while it stands)")


def _check_options(
    report: _Report,
    file: RulesetFile,
    path: KeyPath,
    options: OptionList,
    bands: set[str],
    effect_ids: set[str],
    names: _Names,
) -> None:
    _check_gate(report, file, path, options, names)
    for band in options.on:
        if band not in bands:
            report.add(file, (*path, "on"), _unknown("band of this move", band, bands))
    if options.pick < 1 or options.pick > max(1, len(options.items)):
        report.add(
            file,
            (*path, "pick"),
            f"pick {options.pick} of {len(options.items)} option(s) cannot be done",
        )
    _duplicates(report, file, (*path, "items"), options.items, "option")
    for index, option in enumerate(options.items):
        _check_gate(report, file, (*path, "items", index), option, names)
        for e_index, effect in enumerate(option.effects):
            _check_effect(
                report,
                file,
                (*path, "items", index, "effects", e_index),
                effect,
                bands,
                effect_ids,
                names,
            )
