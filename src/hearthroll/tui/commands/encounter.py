"""The encounter's commands: a foe joins, the round ends, the aimed foe and what happens to it,
a disarmed fighter wields again."""

from __future__ import annotations

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.games.encounter import is_down, wield_refusal
from hearthroll.core.rules.model import Ruleset
from hearthroll.core.verbs import fight
from hearthroll.tui import views
from hearthroll.tui.commands.base import Command, Seat
from hearthroll.tui.foes import FOE_HINT, FOE_ORDERS, add_foe_verb, foe_verb
from hearthroll.tui.screens.prompt import LinePrompt
from hearthroll.tui.table_protocol import Table


def _fights(state: Campaign, ruleset: Ruleset) -> str | None:
    return None if fight.has_encounters(ruleset) else f"{ruleset.name} has no encounters"


def _in_fights(state: Campaign, ruleset: Ruleset) -> bool:
    return fight.has_encounters(ruleset)


def _fight_on(seat: Seat) -> str | None:
    return "no encounter: f adds a foe" if seat.state.encounter is None else None


def _foes(seat: Seat) -> str | None:
    fight_on = seat.state.encounter
    if fight_on is None:
        return "no encounter: f adds a foe"
    return "there is only one foe to aim at" if len(fight_on.foes) < 2 else None


def aim(table: Table, step: int) -> None:
    """Aim at the next (or previous) foe."""
    fight_on = table.live.state.encounter
    if fight_on is None or not fight_on.foes:
        return
    names = [n for n, f in fight_on.foes.items() if not is_down(f)] or list(fight_on.foes)
    index = names.index(table.target) if table.target in names else -1
    table.target = names[(index + step) % len(names)]
    table.refresh_view()


def end_round(table: Table) -> None:
    """End the round: cooldowns and timed conditions tick."""
    live = table.live
    table.run_verb(lambda: fight.end_round(live.state, live.ruleset))


def add_foe(table: Table) -> None:
    """A foe joins the encounter: NAME STR DEX HEALTH [armor N] [one|two] [shield] [huge]."""

    def check(text: str) -> str | None:
        def verb() -> Outcome:
            return add_foe_verb(table.live.state, table.live.ruleset, text, table.active)

        error = table.attempt(verb)
        if error is None:
            table.target = views.target_foe(table.live.state, table.target, table.active)
        return error

    table.show(LinePrompt("A foe joins the fight", check, placeholder=FOE_HINT))


def foe(table: Table) -> None:
    """The GM says what happens to the aimed foe: hurt, heal, wield, drop, retarget."""
    name = views.target_foe(table.live.state, table.target, table.active)
    if name is None:
        return

    def check(text: str) -> str | None:
        return table.attempt(lambda: foe_verb(table.live.state, name, text))

    table.show(LinePrompt(f"{name}: what happens?", check, placeholder=FOE_ORDERS))


def wield(table: Table) -> None:
    """The active character, disarmed, spends their turn wielding their weapon again."""
    live, who = table.live, table.active
    table.run_verb(lambda: fight.wield_again(live.state, live.ruleset, who))


ADD_FOE = Command(
    key="f",
    action="add_foe",
    name="Add foe",
    help="Add foe",
    footer="Foe",
    rank=22,
    in_footer=_in_fights,
    offered=_fights,
    run=add_foe,
)
END_ROUND = Command(
    key="N",
    action="end_round",
    name="End round",
    help="End round",
    footer="End round",
    rank=20,
    in_footer=_in_fights,
    offered=_fights,
    why_not=_fight_on,
    run=end_round,
)
FOE = Command(
    key="F",
    action="foe",
    name="The aimed foe",
    help="the aimed foe (← →): hurt N (ignore: past armor), heal N, wield, drop, attacking "
    "NAME, stop",
    offered=_fights,
    why_not=_fight_on,
    run=foe,
)
WIELD = Command(
    key="w",
    action="wield",
    name="Wield again",
    help="the active character, disarmed by their own fumble, wields their weapon again "
    "(their turn)",
    offered=_fights,
    why_not=lambda seat: wield_refusal(seat.state.characters.get(seat.active or ""), seat.active),
    run=wield,
)
NEXT_FOE = Command(
    key="right",
    action="aim(1)",
    name="Next foe",
    help="Next foe",
    offered=_fights,
    why_not=_foes,
    run=aim,
)
PREVIOUS_FOE = Command(
    key="left",
    action="aim(-1)",
    name="Previous foe",
    help="Previous foe",
    offered=_fights,
    why_not=_foes,
    run=aim,
)
