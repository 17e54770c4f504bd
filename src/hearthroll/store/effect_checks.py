"""What every ruleset check shares, and the effects, gates and option lists it checks.

`Report` places each problem in the file that holds its key; `Names` holds every id a
ruleset's moves, tables and holds may name, against which an effect, a gate or an option list
is checked wherever it is written.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Protocol

from hearthroll.core.dice.expr import parse as parse_expr
from hearthroll.core.errors import ExprError
from hearthroll.core.rules.effects import AutoMod, Effect, Gate, OptionList
from hearthroll.core.rules.model import Move, Ruleset

if TYPE_CHECKING:
    from hearthroll.store.converter import KeyPath
    from hearthroll.store.ruleset_file import Problem, RulesetFile


class Named(Protocol):
    """Anything with an id."""

    @property
    def id(self) -> str: ...


class Report:
    """Collects problems, each placed in the file that holds the offending key."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, file: RulesetFile, path: KeyPath, message: str) -> None:
        self.problems.append(file.problem(path, message))


class Names:
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
        self.picks = {m.id: {o.id for lst in m.options for o in lst.items} for m in moves}
        """Each move's option ids: what a `follow` effect's preset may name."""


def unknown(what: str, wanted: str, known: Iterable[str]) -> str:
    """`unknown stat 'grit'; known: edge, heart`."""
    listed = ", ".join(sorted(known)) or "none"
    return f"unknown {what} {wanted!r}; known: {listed}"


def duplicates(
    report: Report, file: RulesetFile, path: KeyPath, items: Iterable[Named], what: str
) -> None:
    """Each item whose id an earlier one has, named at its `id`."""
    seen: set[str] = set()
    for index, item in enumerate(items):
        if item.id in seen:
            report.add(file, (*path, index, "id"), f"{what} id {item.id!r} is used twice")
        seen.add(item.id)


def check_dice(report: Report, file: RulesetFile, path: KeyPath, text: str) -> None:
    """A dice expression that parses (an empty one has none to check)."""
    if not text:
        return
    try:
        parse_expr(text)
    except ExprError as error:
        report.add(file, path, f"bad dice expression: {error}")


def check_gate(report: Report, file: RulesetFile, path: KeyPath, gate: Gate, names: Names) -> None:
    """A gate names only what the ruleset has."""
    for key in ("if_flag", "unless_flag"):
        value = getattr(gate, key)
        if value is not None and value not in names.flags:
            report.add(file, (*path, key), unknown("steading flag", value, names.flags))
    for size in gate.if_size:
        if size not in names.sizes:
            report.add(file, (*path, "if_size"), unknown("steading size", size, names.sizes))
    for season in gate.if_season:
        if season not in names.seasons:
            report.add(file, (*path, "if_season"), unknown("season", season, names.seasons))
    for key in ("if_condition", "unless_condition"):
        value = getattr(gate, key)
        if value is not None and value not in names.conditions | names.flags:
            report.add(file, (*path, key), unknown("condition", value, names.conditions))
    for key in ("if_at_min", "unless_at_min"):
        value = getattr(gate, key)
        if value is not None and value not in names.rollable:
            report.add(file, (*path, key), unknown("meter or stat", value, names.rollable))
    if gate.if_past_min is not None and gate.if_past_min not in names.meters:
        report.add(file, (*path, "if_past_min"), unknown("meter", gate.if_past_min, names.meters))
    if gate.if_gear_tag is not None and gate.if_gear_tag not in names.gear_tags:
        report.add(
            file, (*path, "if_gear_tag"), unknown("gear tag", gate.if_gear_tag, names.gear_tags)
        )
    if gate.if_foe_tag is not None:
        from hearthroll.core.games.encounter import FOE_TAGS

        if gate.if_foe_tag not in FOE_TAGS:
            report.add(file, (*path, "if_foe_tag"), unknown("foe tag", gate.if_foe_tag, FOE_TAGS))


def check_auto(
    report: Report,
    file: RulesetFile,
    path: KeyPath,
    auto: AutoMod,
    inputs: set[str],
    names: Names,
) -> None:
    """An automatic modifier names only what the ruleset has."""
    if auto.from_input is not None and auto.from_input not in inputs:
        report.add(
            file, (*path, "from_input"), unknown("input of this move", auto.from_input, inputs)
        )
    for key in ("from_foe", "from_diff"):
        value = getattr(auto, key)
        if value is not None and value not in names.stats:
            report.add(file, (*path, key), unknown("stat", value, names.stats))


def check_effect(
    report: Report,
    file: RulesetFile,
    path: KeyPath,
    effect: Effect,
    bands: set[str],
    effect_ids: set[str],
    names: Names,
    *,
    on_roll: bool = False,
) -> None:
    """An effect names what the ruleset has; a `bonus` stands only where `on_roll` (a hold's
    spend: the roll verbs apply it)."""
    check_gate(report, file, path, effect, names)
    if effect.kind == "bonus" and not on_roll:
        report.add(
            file,
            (*path, "kind"),
            "a bonus is spent from a hold on a roll (a spend of a hold, as Preparation's "
            "plus_one); here there is no roll for it to lift: use forward for the next roll",
        )
    for band in effect.on:
        if band not in bands:
            report.add(file, (*path, "on"), unknown("band of this move", band, bands))
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
            report.add(file, (*path, key), unknown(key, value, known))
    check_dice(report, file, (*path, "dice"), effect.dice)
    _check_preset(report, file, path, effect, names)
    if effect.kind == "progress" and effect.mode not in (None, "mark", "clear"):
        report.add(file, (*path, "mode"), f"a progress effect marks or clears, not {effect.mode!r}")
    if effect.mode == "hold" and effect.kind != "flag":
        report.add(file, (*path, "mode"), "only a flag holds (a move's picks last while it stands)")


def _check_preset(
    report: Report, file: RulesetFile, path: KeyPath, effect: Effect, names: Names
) -> None:
    """A preset is a follow effect's, and names an option of the move it follows."""
    if effect.preset is None:
        return
    if effect.kind != "follow":
        report.add(file, (*path, "preset"), "only a follow effect starts a move on a pick")
        return
    picks = names.picks.get(effect.move or "")
    if picks is not None and effect.preset not in picks:
        report.add(
            file, (*path, "preset"), unknown(f"option of {effect.move}", effect.preset, picks)
        )


def check_options(
    report: Report,
    file: RulesetFile,
    path: KeyPath,
    options: OptionList,
    bands: set[str],
    effect_ids: set[str],
    names: Names,
) -> None:
    """An option list: its options' ids unique, each gate and effect checked."""
    check_gate(report, file, path, options, names)
    for band in options.on:
        if band not in bands:
            report.add(file, (*path, "on"), unknown("band of this move", band, bands))
    if options.pick < 1 or options.pick > max(1, len(options.items)):
        report.add(
            file,
            (*path, "pick"),
            f"pick {options.pick} of {len(options.items)} option(s) cannot be done",
        )
    duplicates(report, file, (*path, "items"), options.items, "option")
    for index, option in enumerate(options.items):
        check_gate(report, file, (*path, "items", index), option, names)
        for e_index, effect in enumerate(option.effects):
            check_effect(
                report,
                file,
                (*path, "items", index, "effects", e_index),
                effect,
                bands,
                effect_ids,
                names,
            )
