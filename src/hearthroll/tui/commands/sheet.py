"""The sheets' commands: holds, XP and Level Up, gear, damage dealt and taken, healing, and the
steading's plans."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hearthroll.core.campaign.sheets import level_refusal
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.games.encounter import has_encounters
from hearthroll.core.rules.model import Ruleset
from hearthroll.tui.commands.base import Command, Offered, Seat, party
from hearthroll.tui.table_protocol import Table, Verb

if TYPE_CHECKING:
    from hearthroll.core.campaign.events import Outcome
    from hearthroll.tui.screens.new_plan import NewPlan
    from hearthroll.tui.screens.plans import PlanChange

# A command's body imports what only it needs when it runs: the first frame loads the command
# list, the footer and the why-not answers alone.


def _xp(what: str) -> Offered:
    def offered(state: Campaign, ruleset: Ruleset) -> str | None:
        return None if ruleset.xp is not None else f"{ruleset.name} has no XP {what}"

    return offered


def _holds(state: Campaign, ruleset: Ruleset) -> str | None:
    return None if ruleset.holds else f"{ruleset.name} has no holds"


def _steading(state: Campaign, ruleset: Ruleset) -> str | None:
    if state.steading is not None:
        return None
    return "plans belong to the steading, and this campaign has none"


def _weapon_damage(state: Campaign, ruleset: Ruleset) -> str | None:
    if any(g.damage for g in ruleset.gear):
        return None
    return f"{ruleset.name} has no weapon damage"


def _gear(state: Campaign, ruleset: Ruleset) -> str | None:
    return None if ruleset.gear else f"{ruleset.name} has no gear"


def _level(seat: Seat) -> str | None:
    character = seat.state.characters.get(seat.active or "")
    if character is None:
        return "no character to level up"
    return level_refusal(seat.ruleset, character)


def _hurts(state: Campaign, ruleset: Ruleset) -> bool:
    return bool(ruleset.gear) or has_encounters(ruleset)


def mark_xp(table: Table) -> None:
    """Mark 1 XP on the active character."""
    from hearthroll.core.verbs import edits

    live, who = table.live, table.active
    if who not in live.state.characters:
        return
    table.run_verb(lambda: edits.mark_xp(live.state, live.ruleset, who))


def level_up(table: Table) -> None:
    """Level Up the active character, if their XP allows."""
    from hearthroll.core.verbs import edits

    live, who = table.live, table.active
    table.run_verb(lambda: edits.do_level_up(live.state, live.ruleset, who))


def damage(table: Table, typed: bool = False) -> None:
    """Roll the active character's weapon damage."""
    from hearthroll.tui.moves import damage_flow

    damage_flow(table, typed)


def hold(table: Table) -> None:
    """Gain or spend a hold."""
    from hearthroll.tui.sheet_flows import hold_flow

    hold_flow(table)


def gear(table: Table) -> None:
    """The active character's gear."""
    from hearthroll.tui.sheet_flows import gear_flow

    gear_flow(table)


def hurt(table: Table) -> None:
    """Take damage."""
    from hearthroll.tui.sheet_flows import hurt_flow

    hurt_flow(table)


def heal(table: Table) -> None:
    """Heal, or use an item."""
    from hearthroll.tui.sheet_flows import heal_flow

    heal_flow(table)


def new_plan(table: Table) -> None:
    """Make a Plan: a project with its requirements."""
    from hearthroll.core.verbs import edits
    from hearthroll.tui.screens.new_plan import PlanForm

    def check(value: NewPlan) -> str | None:
        name, requirements = value
        return table.attempt(lambda: edits.add_plan(table.live.state, name, requirements))

    table.show(PlanForm(check))


def plans(table: Table) -> None:
    """Tick a plan's boxes, or strike it."""
    from hearthroll.core.verbs import edits
    from hearthroll.tui import views
    from hearthroll.tui.screens.plans import PlanBoard

    steading = views.steading_view(table.live.state, table.live.ruleset)
    if steading is None or not steading.plans:
        table.notify("no plans yet: m makes one", severity="warning")
        return

    def change(kind: str, name: str, number: int) -> Verb:
        def verb() -> Outcome:
            if kind == "drop":
                return edits.drop_plan(table.live.state, name)
            return edits.tick(table.live.state, name, number, kind == "tick")

        return verb

    def apply(changes: list[PlanChange] | None) -> None:
        for kind, name, number in changes or []:
            error = table.attempt(change(kind, name, number))
            if error:
                table.notify(error, severity="error")
                return

    table.show(PlanBoard(steading.plans), apply)


HOLD = Command(
    key="h",
    action="hold",
    name="Holds",
    help="gain (+N) or spend (-N) a hold: Preparation, Readiness…",
    footer="Holds",
    rank=54,
    offered=_holds,
    why_not=party,
    run=hold,
)
MARK_XP = Command(
    key="x",
    action="mark_xp",
    name="Mark XP",
    help="mark 1 XP on the active character",
    footer="XP",
    rank=62,
    offered=_xp("to mark"),
    why_not=party,
    run=mark_xp,
)
LEVEL_UP = Command(
    key="L",
    action="level_up",
    name="Level Up",
    help="Level Up (shown when the XP is there)",
    footer="Level Up",
    rank=52,
    offered=_xp("to level up with"),
    why_not=_level,
    run=level_up,
)
DAMAGE = Command(
    key="d",
    action="damage",
    name="Damage",
    help="roll the active character's weapon damage",
    footer="Damage",
    rank=63,
    offered=_weapon_damage,
    why_not=party,
    run=damage,
)
DAMAGE_TYPED = Command(
    key="D",
    action="damage(True)",
    name="Damage real dice",
    help="weapon damage with real dice",
    offered=_weapon_damage,
    why_not=party,
    run=damage,
)
GEAR = Command(
    key="g",
    action="gear",
    name="Gear",
    help="Gear",
    footer="Gear",
    rank=53,
    offered=_gear,
    run=gear,
)
HURT = Command(
    key="t",
    action="hurt",
    name="Take damage",
    help="Take damage",
    footer="Hurt",
    rank=50,
    in_footer=_hurts,
    run=hurt,
)
HEAL = Command(
    key="H",
    action="heal",
    name="Heal or use an item",
    help="Heal or use an item",
    footer="Heal",
    rank=51,
    in_footer=_hurts,
    run=heal,
)
NEW_PLAN = Command(
    key="m",
    action="new_plan",
    name="Make a Plan",
    help="Make a Plan: a project and its requirements",
    offered=_steading,
    run=new_plan,
)
PLANS = Command(
    key="k",
    action="plans",
    name="Tick plans",
    help="tick a plan's boxes, or strike a plan",
    offered=_steading,
    run=plans,
)
