"""The encounter's verbs: foes in and out, maneuvers, rounds, practice. One event each."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from hearthroll.core.campaign.events import Event, Outcome, record
from hearthroll.core.campaign.sheets import put_character
from hearthroll.core.campaign.state import Campaign, Character
from hearthroll.core.dice.sources import DiceSource
from hearthroll.core.errors import RuleError
from hearthroll.core.games import encounter
from hearthroll.core.games.encounter.bestiary import Bestiary, summon
from hearthroll.core.games.encounter.foes import check_scores
from hearthroll.core.games.encounter.rounds import has_encounters as has_encounters
from hearthroll.core.rules.model import Move, Ruleset
from hearthroll.core.rules.search import find_move


def _fights(ruleset: Ruleset) -> None:
    if not has_encounters(ruleset):
        raise RuleError(f"a {ruleset.name} campaign has no encounters, foes or rounds")


def add_foe(
    state: Campaign,
    ruleset: Ruleset,
    name: str,
    scores: Mapping[str, int],
    health: int,
    *,
    armor: int = 0,
    weapon: str = "none",
    shield: bool = False,
    huge: bool = False,
    attacking: str | None = None,
) -> Outcome:
    """A foe joins the encounter (opening it)."""
    _fights(ruleset)
    check_scores(ruleset, scores)
    foe = encounter.make_foe(
        name,
        scores,
        health,
        armor=armor,
        weapon=weapon,
        shield=shield,
        huge=huge,
        attacking=attacking,
    )
    after, words = encounter.add_foe(state, foe)
    return record(state, after, Event(kind="foe", results=tuple(words)))


def add_known_foes(
    state: Campaign,
    ruleset: Ruleset,
    bestiary: Bestiary,
    wanted: str,
    *,
    attacking: str | None = None,
) -> Outcome:
    """Foes the bestiary knows join the encounter (`2 wolves`, `an ogre`): one event."""
    _fights(ruleset)
    after, words = state, []
    for foe in summon(state, ruleset, bestiary, wanted, attacking=attacking):
        after, said = encounter.add_foe(after, foe)
        words += said
    return record(state, after, Event(kind="foe", results=tuple(words)))


def drop_foe(state: Campaign, name: str) -> Outcome:
    """A foe leaves the encounter."""
    after, words = encounter.drop_foe(state, name)
    return record(state, after, Event(kind="foe", results=tuple(words)))


def wield(state: Campaign, name: str) -> Outcome:
    """A disarmed foe spends its turn wielding its weapon again."""
    after, words = encounter.wield(state, name)
    return record(state, after, Event(kind="foe", results=tuple(words)))


def wield_again(state: Campaign, ruleset: Ruleset, actor: str | None) -> Outcome:
    """A disarmed character spends their turn wielding their weapon again."""
    _fights(ruleset)
    from hearthroll.core.campaign.sheets import find_character

    who = find_character(state, actor).name
    after, words = encounter.wield_again(state, ruleset, who)
    return record(state, after, Event(kind="wield", actor=who, results=tuple(words)))


def hurt_foe(state: Campaign, name: str, amount: int, *, ignore_armor: bool = False) -> Outcome:
    """The GM records a blow on a foe: its armor takes its share (reading 36)."""
    if amount < 0:
        raise RuleError(f"damage is 0 or more, not {amount}; heal the foe to give health back")
    foe = encounter.find_foe(state.encounter, name)
    hurt, words = encounter.hurt_foe(foe, amount, ignore_armor=ignore_armor)
    return record(state, encounter.put_foe(state, hurt), Event(kind="foe", results=tuple(words)))


def heal_foe(state: Campaign, name: str, amount: int) -> Outcome:
    """A foe gets health back, never above what it started with."""
    if amount < 0:
        raise RuleError(f"healing is 0 or more, not {amount}")
    foe = encounter.find_foe(state.encounter, name)
    healed, words = encounter.heal_foe(foe, amount)
    return record(state, encounter.put_foe(state, healed), Event(kind="foe", results=tuple(words)))


def retarget(state: Campaign, name: str, attacking: str | None) -> Outcome:
    """The GM says whom a foe attacks now (or nobody)."""
    foe = encounter.find_foe(state.encounter, name)
    whom = None
    if attacking is not None:
        from hearthroll.core.campaign.sheets import find_character

        whom = find_character(state, attacking).name
    if foe.attacking == whom:
        raise RuleError(f"{foe.name} attacks {whom or 'nobody'} already")
    after = encounter.put_foe(state, attrs.evolve(foe, attacking=whom))
    words = (f"{foe.name} attacks {whom}" if whom else f"{foe.name} stops attacking",)
    return record(state, after, Event(kind="foe", results=words))


def end_round(state: Campaign, ruleset: Ruleset) -> Outcome:
    """End the round: cooldowns and timed conditions tick (reading 35)."""
    after, words = encounter.end_round(state, ruleset)
    return record(state, after, Event(kind="round", results=tuple(words)))


def end_encounter(state: Campaign, ruleset: Ruleset) -> Outcome:
    """Close the encounter."""
    after, words = encounter.end_encounter(state, ruleset)
    return record(state, after, Event(kind="encounter", results=tuple(words)))


def no_way_out(state: Campaign, closed: bool = True) -> Outcome:
    """The place has no open way out (or has one again)."""
    after, words = encounter.set_no_way_out(state, closed)
    return record(state, after, Event(kind="encounter", results=tuple(words)))


def practice(
    state: Campaign, ruleset: Ruleset, wanted: str, actor: str | None, by: int | None = None
) -> Outcome:
    """Practice a maneuver at the training dummy: efficacy + practice_gain (reading 40)."""
    from hearthroll.core.campaign.sheets import find_character

    move = find_move(ruleset.moves, wanted, where=f" in ruleset {ruleset.id!r}")
    character = find_character(state, actor)
    trained, words = encounter.practice(ruleset, character, move, by)
    if trained == character:
        raise RuleError(words[0])
    event = Event(
        kind="practice",
        actor=character.name,
        move=move.id,
        move_name=move.name,
        results=tuple(words),
    )
    return record(state, put_character(state, trained), event)


def maneuver(
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    character: Character,
    dice: DiceSource,
    effect_dice: DiceSource,
    at: str | None = None,
    turn_on: str | None = None,
) -> Outcome:
    """Make a maneuver against a foe: refused with nothing paid, or paid, rolled and landed
    (a foe broken off from turns on `turn_on` where the GM named one)."""
    from hearthroll.core.dice.odds import EFFICACY_FAIL

    foe = encounter.pick_target(state, character, at)
    before = state
    if state.active != character.name:
        state = attrs.evolve(state, active=character.name)
    made = encounter.make_maneuver(state, ruleset, move, character, foe, dice, effect_dice, turn_on)
    if made.band == EFFICACY_FAIL:
        label, text = "Efficacy check fails", "It fails before the roll; the cost is paid."
    else:
        band = next((b for b in move.bands if b.id == made.band), None)
        label, text = (band.label, band.text) if band else (made.band, "")
    against = [f"against {foe.name}"] if foe is not None else []
    event = Event(
        kind="move",
        actor=character.name,
        move=move.id,
        move_name=move.name,
        mechanic=move.roll.mechanic,
        dice=made.dice,
        kept=made.dice[-1:],
        band=made.band,
        label=label,
        total=made.total,
        text=text,
        modifiers=made.modifiers,
        results=(*against, *made.words),
    )
    return record(before, made.state, event)
