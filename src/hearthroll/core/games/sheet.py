"""The ruleset-shaped sheet: which fields a character's sheet has, decided once from the ruleset.

`character_sheet` walks `SECTIONS`, a list of section functions. Each reads the ruleset and
returns None when the ruleset lacks what it shows (no HP line in a game without HP, no load
without templates), else a `Section`: its lines for people (the CLI's `state`, the app's sheet)
and its fields for `state --json`. A ruleset with a sheet of its own (a momentum scale, assets,
progress tracks, efficacies and cooldowns) adds a function to `SECTIONS`, kept in its concept
module; no consumer changes. `problems` says what on a campaign's sheets its ruleset does not
allow, from the rules that own each bound.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from hearthroll.core.campaign.state import Campaign, Character
from hearthroll.core.games import assets, bounds, encounter, gear, momentum
from hearthroll.core.games.bounds import Problem
from hearthroll.core.games.sections import Line, Section
from hearthroll.core.numbers import signed
from hearthroll.core.records import Record
from hearthroll.core.rules.model import Ruleset

__all__ = ["SECTIONS", "Line", "Problem", "Section", "Sheet", "character_sheet", "problems"]


SectionFn = Callable[[Ruleset, Character], Section | None]


@attrs.frozen
class Sheet(Record):
    """A character's whole sheet, section by section, in the order the table reads it."""

    name: str
    sections: tuple[Section, ...]

    def section(self, section_id: str) -> Section | None:
        """The section with this id, if the ruleset has it."""
        return next((s for s in self.sections if s.id == section_id), None)

    def data(self) -> dict[str, object]:
        """Every section's JSON fields, merged (`state --json`'s character)."""
        merged: dict[str, object] = {}
        for section in self.sections:
            merged.update(section.data)
        return merged


def who(ruleset: Ruleset, c: Character) -> Section:
    """Name, template, level, XP (where the ruleset levels up) and rerolls (pool games)."""
    data: dict[str, object] = {"name": c.name, "level": c.level}
    lines = [Line("level", str(c.level), c.level)]
    template = gear.template_of(ruleset, c)
    if ruleset.templates:
        data["template"] = c.template
    if ruleset.xp is not None:
        needed = ruleset.xp.needed(c.level)
        data |= {"xp": c.xp, "xp_needed": needed}
        lines.append(Line("XP", f"{c.xp}/{needed}", c.xp, needed))
        if ruleset.xp.rerolls == "level":
            data["rerolls_left"] = c.rerolls_left
            lines.append(Line("rerolls", f"{c.rerolls_left}/{c.level}", c.rerolls_left, c.level))
    title = f"{c.name} ({template.name})" if template else c.name
    return Section("who", title, tuple(lines), data)


def stats(ruleset: Ruleset, c: Character) -> Section | None:
    """The character's stats by name: Forceful +2."""
    own = [s for s in ruleset.stats if s.scope == "character"]
    if not own:
        return None
    values = {s.id: c.stats.get(s.id, s.default) for s in own}
    lines = tuple(
        Line(
            s.name[:3],
            f"{values[s.id]} ({signed(encounter.modifier(ruleset, s.id, values[s.id]))})",
            values[s.id],
        )
        if s.modifier == "score"
        else Line(s.name, signed(values[s.id]), values[s.id])
        for s in own
    )
    return Section("stats", "stats", lines, {"stats": values})


def meters(ruleset: Ruleset, c: Character) -> Section | None:
    """Each meter with its maximum (HP 7/10); HP 0 is marked."""
    own = [m for m in ruleset.meters if m.scope == "character"]
    if not own:
        return None
    gauge = momentum.meter_of(ruleset)  # momentum has a section of its own, on its scale
    values: dict[str, int] = {}
    maxima: dict[str, int] = {}
    lines = []
    for meter in own:
        value = c.meters.get(meter.id, meter.start if meter.start is not None else 0)
        top = momentum.meter_max(ruleset, c, meter.id)  # momentum's as its impacts make it
        values[meter.id] = value
        if top is not None:
            maxima[meter.id] = top
        text = f"{value}/{top}" if top is not None else signed(value)
        pipped = gauge is not None and top is not None and meter.min == 0
        if pipped and top is not None:
            text = f"{assets.pips(value, top)} {text}"  # health, spirit, supply as pips
        low = (meter.at_min is not None or pipped) and value <= meter.min
        if gauge is None or meter.id != gauge.id:
            lines.append(Line(meter.name, text, value, top, warn=low))
    data: dict[str, object] = {"meters": values, "maxima": maxima}
    if "hp" in values:
        data |= {"hp": values["hp"], "max_hp": maxima.get("hp")}
    # drawn once: as pips where the ruleset keeps momentum (starforged), else as bars
    return Section("meters", "meters", tuple(lines), data, bars=gauge is None)


def armor(ruleset: Ruleset, c: Character) -> Section | None:
    """Armor summed from worn gear (and any the GM gave), where the ruleset has armor."""
    if not any(g.armor for g in ruleset.gear) and not c.armor:
        return None
    total = gear.armor(ruleset, c)
    return Section("armor", "armor", (Line("armor", str(total), total),), {"armor": total})


def load(ruleset: Ruleset, c: Character) -> Section | None:
    """Load and maximum load (8 + Forceful), where the ruleset has templates that carry."""
    top = gear.max_load(ruleset, c)
    if not ruleset.templates or not ruleset.gear:
        return None
    now = gear.load(ruleset, c)
    text = f"{now}/{top}" if top is not None else str(now)
    line = Line("load", text, now, top, warn=top is not None and now > top)
    return Section("load", "load", (line,), {"load": now, "max_load": top})


def items(ruleset: Ruleset, c: Character) -> Section | None:
    """Every item, worn or carried, with its ammo and uses left."""
    if not ruleset.gear:
        return None
    names = {g.id: g.name for g in ruleset.gear}
    disarmed = encounter.DISARMED in c.conditions
    lines = tuple(
        Line(
            names.get(i.id, i.id), gear.item_words(ruleset, i, disarmed=disarmed), warn=i.ammo == 0
        )
        for i in c.gear
    )
    data = [
        {"id": i.id, "name": names.get(i.id, i.id), "worn": i.worn, "ammo": i.ammo, "uses": i.uses}
        for i in c.gear
    ]
    return Section("gear", "gear", lines, {"gear": data})


def holds(ruleset: Ruleset, c: Character) -> Section | None:
    """Holds by name: Readiness 2."""
    own = [h for h in ruleset.holds if h.scope == "character"]
    if not own:
        return None
    names = {h.id: h.name for h in own}
    lines = tuple(Line(names.get(k, k), str(v), v) for k, v in c.holds.items())
    return Section("holds", "holds", lines, {"holds": dict(c.holds)})


def conditions(ruleset: Ruleset, c: Character) -> Section | None:
    """Marked conditions, with the rounds they have left; the impacts are on the momentum
    section's line where it shows one, so not said again here (the JSON keeps every one)."""
    own = [x for x in ruleset.conditions if x.scope == "character"]
    if not own:
        return None
    names = {x.id: x.name for x in own}
    said = (
        {i.id for i in momentum.impacts(ruleset, c) if not i.vehicle}
        if momentum.shows_impacts(ruleset, c)
        else set()
    )
    lines = tuple(
        Line(names.get(k, k), f"{v} rounds" if v else "marked", v, warn=True)
        for k, v in c.conditions.items()
        if k not in said
    )
    return Section("conditions", "conditions", lines, {"conditions": dict(c.conditions)})


def rolls(ruleset: Ruleset, c: Character) -> Section | None:
    """What waits on the next rolls: forward, an ongoing penalty, a move that must come next."""
    if all(m.roll.mechanic == "none" for m in ruleset.moves) and ruleset.moves:
        return None
    lines = []
    data: dict[str, object] = {"forward": c.forward}
    if c.forward:
        lines.append(Line("forward", signed(c.forward), c.forward))
    if c.ongoing is not None:
        data["ongoing"] = {"amount": c.ongoing.amount, "rolls": c.ongoing.rolls}
        left = f"{c.ongoing.rolls} roll{'s' if c.ongoing.rolls != 1 else ''} left"
        lines.append(Line("ongoing", f"{signed(c.ongoing.amount)} ({left})", c.ongoing.amount))
    if c.waits:
        name = ruleset.move_name(c.waits)
        data["waits"] = c.waits
        lines.append(Line("waits", f"{name} must be rolled next", warn=True))
    if c.rest_bonus:
        data["rest_bonus"] = c.rest_bonus
        lines.append(Line("next Rest", f"+{c.rest_bonus} HP (Medical kit)"))
    return Section("rolls", "rolls", tuple(lines), data)


def notes(ruleset: Ruleset, c: Character) -> Section:
    """The GM's notes on the character."""
    lines = (Line("notes", c.notes),) if c.notes else ()
    return Section("notes", "notes", lines, {"notes": c.notes})


SECTIONS: tuple[SectionFn, ...] = (
    who,
    stats,
    meters,
    momentum.momentum_section,
    armor,
    load,
    items,
    holds,
    conditions,
    rolls,
    encounter.fighter_section,
    assets.assets_section,
    notes,
)
"""The sheet's sections in order. Another ruleset's section is one more entry here (its
function kept in its concept module); one returning None for a ruleset leaves it out."""


def character_sheet(ruleset: Ruleset, character: Character) -> Sheet:
    """The character's sheet as its ruleset shapes it."""
    found = (build(ruleset, character) for build in SECTIONS)
    return Sheet(character.name, tuple(s for s in found if s is not None))


def problems(state: Campaign, ruleset: Ruleset) -> list[Problem]:
    """Everything on the campaign's sheets that its ruleset does not allow, by key path: what
    the ruleset does not have or is out of its bounds (`bounds.problems`: a file with it does
    not open), and momentum above the max its impacts make (`momentum.above_max`: the sheet
    opens with it, and the next move or `set` brings it down)."""
    return bounds.problems(state, ruleset) + momentum.above_max(state, ruleset)
