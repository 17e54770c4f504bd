"""The encounter: foes, rounds, maneuvers, efficacy and escape, a module each (16, 33-40)."""

from hearthroll.core.campaign.secrets import HEALTH
from hearthroll.core.campaign.state import Foe
from hearthroll.core.games.encounter.aiming import aim, pick_target
from hearthroll.core.games.encounter.efficacy import practice
from hearthroll.core.games.encounter.escape import (
    TURN_ON,
    breaks,
    breaks_off,
    flee_move,
    newly_breaking,
    set_breaking_point,
    set_no_way_out,
    turn_choices,
    turn_named,
)
from hearthroll.core.games.encounter.foes import (
    DISARMED,
    FOE_TAGS,
    add_foe,
    drop_foe,
    find_foe,
    foe_line,
    foe_tags,
    gear_tags,
    heal_foe,
    hurt_foe,
    is_down,
    make_foe,
    put_foe,
)
from hearthroll.core.games.encounter.maneuvers import make_maneuver
from hearthroll.core.games.encounter.refusals import check, refusal
from hearthroll.core.games.encounter.rounds import (
    end_encounter,
    end_round,
    has_encounters,
    is_maneuver,
    needs_encounter,
)
from hearthroll.core.games.encounter.section import fighter_section
from hearthroll.core.games.encounter.terms import chance, modifier
from hearthroll.core.games.encounter.wielding import (
    disarmed_fix,
    wield,
    wield_again,
    wield_refusal,
)

__all__ = [
    "DISARMED",
    "FOE_TAGS",
    "HEALTH",
    "TURN_ON",
    "Foe",
    "add_foe",
    "aim",
    "breaks",
    "breaks_off",
    "chance",
    "check",
    "disarmed_fix",
    "drop_foe",
    "end_encounter",
    "end_round",
    "fighter_section",
    "find_foe",
    "flee_move",
    "foe_line",
    "foe_tags",
    "gear_tags",
    "has_encounters",
    "heal_foe",
    "hurt_foe",
    "is_down",
    "is_maneuver",
    "make_foe",
    "make_maneuver",
    "modifier",
    "needs_encounter",
    "newly_breaking",
    "pick_target",
    "practice",
    "put_foe",
    "refusal",
    "set_breaking_point",
    "set_no_way_out",
    "turn_choices",
    "turn_named",
    "wield",
    "wield_again",
    "wield_refusal",
]
