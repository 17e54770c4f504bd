"""The encounter's commands: a foe joins, the round ends, the aimed foe and what happens to it,
a disarmed fighter wields again, the way out closes or opens, the encounter ends."""

from __future__ import annotations

from typing import TYPE_CHECKING

from hearthroll.core.campaign.state import Campaign
from hearthroll.core.games.encounter import has_encounters, is_down, wield_refusal
from hearthroll.core.games.encounter.escape import way_out_refusal
from hearthroll.core.games.encounter.rounds import end_refusal
from hearthroll.core.rules.model import Ruleset
from hearthroll.tui import views
from hearthroll.tui.commands.base import Command, Seat, party
from hearthroll.tui.table_protocol import Table

if TYPE_CHECKING:
    from hearthroll.core.campaign.events import Outcome

# A command's body imports what only it needs when it runs: the first frame loads the command
# list, the footer and the why-not answers alone.


def _fights(state: Campaign, ruleset: Ruleset) -> str | None:
    return None if has_encounters(ruleset) else f"{ruleset.name} has no encounters"


def _in_fights(state: Campaign, ruleset: Ruleset) -> bool:
    return has_encounters(ruleset)


def _fight_on(seat: Seat) -> str | None:
    return "no encounter: f adds a foe" if seat.state.encounter is None else None


def _in_a_fight(state: Campaign, ruleset: Ruleset) -> bool:
    return has_encounters(ruleset) and state.encounter is not None


def _can_end(seat: Seat) -> str | None:
    return _fight_on(seat) or end_refusal(seat.state)


def _way_out_flips(seat: Seat) -> str | None:
    fight_on = seat.state.encounter
    closing = fight_on is None or not fight_on.no_way_out
    return _fight_on(seat) or way_out_refusal(seat.state, closing)


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
    from hearthroll.core.verbs import fight

    live = table.live
    table.run_verb(lambda: fight.end_round(live.state, live.ruleset))


def end_encounter(table: Table) -> None:
    """The fight is over: its foes, cooldowns and timed conditions go."""
    from hearthroll.core.verbs import fight

    live = table.live
    table.run_verb(lambda: fight.end_encounter(live.state, live.ruleset))


def way_out(table: Table) -> None:
    """The place has no way out now (no one can flee or break off), or has one again."""
    from hearthroll.core.verbs import fight

    live = table.live
    fight_on = live.state.encounter
    closing = fight_on is None or not fight_on.no_way_out
    table.run_verb(lambda: fight.no_way_out(live.state, closing))


def add_foe(table: Table) -> None:
    """Foes join the encounter: ones the bestiary knows (`2 wolves`), or the GM's own (NAME
    STR DEX HEALTH [armor N] [one|two] [shield] [huge]); the status line says who joined."""
    from hearthroll.tui.foes import FOE_HINT, add_foe_verb, joined
    from hearthroll.tui.screens.prompt import LinePrompt

    def check(text: str) -> str | None:
        def verb() -> Outcome:
            live = table.live
            return add_foe_verb(live.state, live.ruleset, text, table.active, live.path)

        before = table.live.state
        error = table.attempt(verb)
        if error is None:
            table.target = views.target_foe(table.live.state, table.target, table.active)
            table.say(joined(before, table.live.state))
        return error

    table.show(LinePrompt("A foe joins the fight", check, placeholder=FOE_HINT))


def foe(table: Table) -> None:
    """The GM says what happens to the aimed foe: hurt, heal, wield, drop, retarget."""
    from hearthroll.tui.foes import FOE_ORDERS, foe_verb
    from hearthroll.tui.screens.prompt import LinePrompt

    name = views.target_foe(table.live.state, table.target, table.active)
    if name is None:
        return

    def check(text: str) -> str | None:
        return table.attempt(lambda: foe_verb(table.live.state, name, text))

    table.show(LinePrompt(f"{name}: what happens?", check, placeholder=FOE_ORDERS))


def foe_refused(table: Table, why: str) -> None:
    """The foe's line all the same, saying why there is no foe to aim at: the orders typed
    after `F` land in it, and Enter says why again."""
    from hearthroll.tui.foes import FOE_ORDERS
    from hearthroll.tui.screens.prompt import LinePrompt

    table.show(LinePrompt(f"The aimed foe: {why}", lambda text: why, placeholder=FOE_ORDERS))


def wield(table: Table) -> None:
    """The active character, disarmed, spends their turn wielding their weapon again."""
    from hearthroll.core.verbs import fight

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
    boxed=foe_refused,
)
WIELD = Command(
    key="w",
    action="wield",
    name="Wield again",
    help="the active character, disarmed by their own fumble, wields their weapon again "
    "(their turn)",
    offered=_fights,
    why_not=lambda seat: (
        party(seat) or wield_refusal(seat.state.characters.get(seat.active or ""), seat.active)
    ),
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
END_ENCOUNTER = Command(
    key="E",
    action="end_encounter",
    name="End encounter",
    help="end the encounter: its foes go, every maneuver is ready, timed conditions clear",
    footer="End fight",
    rank=56,
    in_footer=_in_a_fight,
    offered=_fights,
    why_not=_can_end,
    run=end_encounter,
)
WAY_OUT = Command(
    key="X",
    action="way_out",
    name="No way out",
    help="no way out: no one can flee or break off (X again: a way out opens)",
    footer="No way out",
    rank=57,
    in_footer=_in_a_fight,
    offered=_fights,
    why_not=_way_out_flips,
    run=way_out,
)
