"""The encounter: foes, rounds, turns, cooldowns, timed conditions, efficacy and escape.

Readings 16 and 33-40. A maneuver's cost, cooldown, efficacy check, the gear it needs and
the foes it can reach are read from the move's data, so a homebrew maneuver plays the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs

from hearthroll.core.campaign.sheets import put_character
from hearthroll.core.campaign.state import Campaign, Character, Encounter, Foe
from hearthroll.core.dice.sources import left_over, rolling_for
from hearthroll.core.errors import NotFound, RuleError
from hearthroll.core.games.sections import Line, Section
from hearthroll.core.games.stage import Attempt
from hearthroll.core.numbers import signed
from hearthroll.core.rules.effects import AutoMod, Effect
from hearthroll.core.rules.model import Move, Ruleset

if TYPE_CHECKING:  # the rolling parts are imported where a maneuver rolls: a sheet needs none
    from fractions import Fraction

    from hearthroll.core.dice.mechanics import Roll
    from hearthroll.core.dice.sources import DiceSource

HEALTH = "health"
"""The meter a blow takes from, on a foe and on a character."""
WEAPONS = ("none", "one_handed", "two_handed")
"""What a foe can wield."""
FOE_TAGS = ("weapon", "one_handed", "two_handed", "shield", "huge")
"""What `foe_requires`, `foe_refuses` and `if_foe_tag` can name."""
DISARMED = "disarmed"
"""The condition of a weapon put away in the pack."""
HELD = "held"
"""The condition of someone a spell holds where they are."""
BREAKING_SHARE = (3, 4)
"""The highest share of health a breaking point may be (reading 39)."""


def _short(ruleset: Ruleset, stat_id: str) -> str:
    try:
        return ruleset.stat(stat_id).name[:3]
    except RuleError:
        return stat_id.title()


def modifier(ruleset: Ruleset, stat_id: str, value: int) -> int:
    """What a stat adds to a roll: a score's (score − 10) // 2, or the value itself."""
    try:
        kind = ruleset.stat(stat_id).modifier
    except RuleError:
        kind = "score"
    if kind != "score":
        return value
    from hearthroll.core.dice.mechanics import score_modifier

    return score_modifier(value)


# --- foes -----------------------------------------------------------------------------------


def make_foe(
    name: str,
    scores: Mapping[str, int],
    health: int,
    *,
    armor: int = 0,
    weapon: str = "none",
    shield: bool = False,
    huge: bool = False,
    attacking: str | None = None,
) -> Foe:
    """A foe at full health; bad numbers are refused, naming the fix."""
    name = " ".join(name.split())
    if not name or "." in name:
        raise RuleError("a foe needs a name, without dots")
    if health < 1:
        raise RuleError(f"{name}'s health is 1 or more, not {health}")
    if armor < 0:
        raise RuleError(f"{name}'s armor is 0 or more, not {armor}")
    for stat, score in scores.items():
        if not 1 <= score <= 30:
            raise RuleError(f"{name}'s {stat} score is 1 to 30, not {score}")
    if weapon not in WEAPONS:
        raise RuleError(f"a foe's weapon is one of {', '.join(WEAPONS)}, not {weapon!r}")
    return Foe(
        name=name,
        stats=dict(scores),
        meters={HEALTH: health},
        maxima={HEALTH: health},
        armor=armor,
        weapon=weapon,
        shield=shield,
        huge=huge,
        attacking=attacking,
    )


def foe_tags(foe: Foe) -> frozenset[str]:
    """What the foe is, for `foe_requires`, `foe_refuses` and `if_foe_tag`."""
    tags: set[str] = set()
    if foe.weapon != "none" and DISARMED not in foe.conditions:
        tags |= {"weapon", foe.weapon}
    if foe.shield:
        tags.add("shield")
    if foe.huge:
        tags.add("huge")
    return frozenset(tags)


def gear_tags(ruleset: Ruleset, character: Character) -> frozenset[str]:
    """The tags of what the character carries; a weapon in the pack (disarmed) does not count."""
    held = {i.id for i in character.gear}
    items = [g for g in ruleset.gear if g.id in held]
    if DISARMED in character.conditions:
        items = [g for g in items if "weapon" not in g.tags]
    return frozenset(t for g in items for t in g.tags)


def find_foe(encounter: Encounter | None, name: str) -> Foe:
    """The named foe (any case); unknown names list the foes."""
    if encounter is None or not encounter.foes:
        raise NotFound("there is no encounter: add a foe first (hearthroll foe FILE NAME ...)")
    try:
        return encounter.foe(name)
    except KeyError:
        listed = ", ".join(encounter.foes)
        raise NotFound(f"no foe {name!r} in the encounter (the foes: {listed})") from None


def put_foe(state: Campaign, foe: Foe) -> Campaign:
    """The campaign with this foe replaced (same name, same place)."""
    encounter = state.encounter or Encounter()
    return attrs.evolve(
        state, encounter=attrs.evolve(encounter, foes={**encounter.foes, foe.name: foe})
    )


def add_foe(state: Campaign, foe: Foe) -> tuple[Campaign, list[str]]:
    """The foe joins the encounter (which opens with it, in round 1)."""
    encounter = state.encounter
    words = [] if encounter is not None else ["the encounter opens: round 1"]
    if encounter is not None and any(n.lower() == foe.name.lower() for n in encounter.foes):
        raise RuleError(f"there is a {foe.name} in the encounter already")
    if foe.attacking is not None:
        foe = attrs.evolve(foe, attacking=_party_name(state, foe.attacking))
    state = put_foe(state, foe)
    what = f"{foe.name} joins the fight ({foe_line(foe)})"
    return state, [*words, what]


def _party_name(state: Campaign, name: str) -> str:
    try:
        return state.character(name).name
    except KeyError:
        listed = ", ".join(state.characters) or "nobody yet"
        raise NotFound(f"no character {name!r} to attack (the party: {listed})") from None


def foe_line(foe: Foe) -> str:
    """The foe in one line: scores, health, armor, weapon, marks and whom it attacks."""
    parts = [" ".join(f"{k.title()} {v}" for k, v in foe.stats.items())]
    parts.append(f"health {foe.meters.get(HEALTH, 0)}/{foe.maxima.get(HEALTH, 0)}")
    if foe.armor:
        parts.append(f"armor {foe.armor}")
    if foe.weapon != "none":
        held = " (in its pack)" if DISARMED in foe.conditions else ""
        parts.append(foe.weapon.replace("_", "-") + " weapon" + held)
    if foe.shield:
        parts.append("shield")
    if foe.huge:
        parts.append("huge")
    parts += [_mark(c, r) for c, r in foe.conditions.items() if c != DISARMED]
    if foe.attacking:
        parts.append(f"attacking {foe.attacking}")
    return ", ".join(p for p in parts if p)


def _mark(condition: str, rounds: int) -> str:
    name = condition.replace("_", " ")
    return f"{name} {rounds} round{'s' if rounds != 1 else ''}" if rounds else name


def drop_foe(state: Campaign, name: str) -> tuple[Campaign, list[str]]:
    """The foe leaves the encounter (beaten, gone); the encounter stays open until ended."""
    encounter = state.encounter
    foe = find_foe(encounter, name)
    assert encounter is not None
    foes = {k: v for k, v in encounter.foes.items() if k != foe.name}
    return attrs.evolve(state, encounter=attrs.evolve(encounter, foes=foes)), [
        f"{foe.name} leaves the fight"
    ]


def wield(state: Campaign, name: str) -> tuple[Campaign, list[str]]:
    """A disarmed foe spends its turn taking its weapon back (reading 37)."""
    foe = find_foe(state.encounter, name)
    if DISARMED not in foe.conditions:
        raise RuleError(f"{foe.name} is not disarmed: its weapon is in its hands")
    conditions = {k: v for k, v in foe.conditions.items() if k != DISARMED}
    state = put_foe(state, attrs.evolve(foe, conditions=conditions))
    return state, [f"{foe.name} wields its weapon again"]


def wield_refusal(character: Character | None, name: str | None) -> str | None:
    """Why the character cannot wield their weapon again: it is in their hands (reading 37)."""
    if character is None or DISARMED not in character.conditions:
        return f"{name or 'nobody'} is not disarmed: their weapon is in their hands"
    return None


def wield_again(state: Campaign, ruleset: Ruleset, name: str) -> tuple[Campaign, list[str]]:
    """A disarmed character takes their weapon out of the pack (reading 37, as a foe does):
    in an encounter it is their turn; outside one it simply comes back to hand."""
    from hearthroll.core.campaign.sheets import find_character

    character = find_character(state, name)
    name = character.name
    why = wield_refusal(character, name)
    if why is not None:
        raise RuleError(why)
    encounter = state.encounter
    words = [f"{name} wields their weapon again"]
    if encounter is not None:
        if name in encounter.fled:
            raise RuleError(f"{name} has fled the fight")
        if name in encounter.acted:
            done = ruleset.move_name(encounter.acted[name])
            raise RuleError(f"{name} has taken a turn this round ({done}): end the round first")
        acted = {**encounter.acted, name: WIELD}
        state = attrs.evolve(state, encounter=attrs.evolve(encounter, acted=acted))
        words = [words[0] + " (their turn)"]
    conditions = {k: v for k, v in character.conditions.items() if k != DISARMED}
    return put_character(state, attrs.evolve(character, conditions=conditions)), words


WIELD = "wield"
"""What `acted` records for a turn spent wielding a weapon again."""


def disarmed_fix(character: Character) -> str:
    """How a disarmed character gets their weapon back, for a refusal to say."""
    name = character.name
    return (
        f"{name}'s weapon is in the pack (disarmed): `hearthroll wield FILE --as {name}` (w in "
        "the app) takes it back, spending the turn"
    )


def set_no_way_out(state: Campaign, no_way_out: bool) -> tuple[Campaign, list[str]]:
    """Mark (or clear) that the place has no open way out."""
    encounter = state.encounter
    if encounter is None:
        raise RuleError("there is no encounter: add a foe first (hearthroll foe FILE NAME ...)")
    if encounter.no_way_out == no_way_out:
        raise RuleError("the encounter " + ("has no way out already" if no_way_out else "has one"))
    state = attrs.evolve(state, encounter=attrs.evolve(encounter, no_way_out=no_way_out))
    return state, ["no way out: no one can flee or break off" if no_way_out else "a way out opens"]


# --- rounds ---------------------------------------------------------------------------------


def _tick(
    conditions: Mapping[str, int], ruleset: Ruleset, who: str
) -> tuple[dict[str, int], list[str]]:
    kept: dict[str, int] = {}
    words: list[str] = []
    for condition, rounds in conditions.items():
        name = _condition_name(ruleset, condition)
        if rounds <= 0:
            kept[condition] = rounds
        elif rounds == 1:
            words.append(f"{who}: {name} clears")
        else:
            kept[condition] = rounds - 1
            words.append(f"{who}: {name} {rounds} → {rounds - 1}")
    return kept, words


def _condition_name(ruleset: Ruleset, condition: str) -> str:
    try:
        return ruleset.condition(condition).name
    except RuleError:
        return condition.replace("_", " ")


def end_round(state: Campaign, ruleset: Ruleset) -> tuple[Campaign, list[str]]:
    """Reading 35: cooldowns (not the one made this round) and timed conditions count down."""
    encounter = state.encounter
    if encounter is None:
        raise RuleError("there is no encounter to end a round of: add a foe first")
    words = [f"round {encounter.round} ends; round {encounter.round + 1} begins"]
    for name, character in state.characters.items():
        made = encounter.acted.get(name)
        cooldowns: dict[str, int] = {}
        for move_id, left in character.cooldowns.items():
            label = ruleset.move_name(move_id)
            if move_id == made:
                cooldowns[move_id] = left
            elif left > 1:
                cooldowns[move_id] = left - 1
                words.append(
                    f"{name}: {label} waits {left - 1} more round{'s' if left > 2 else ''}"
                )
            else:
                words.append(f"{name}: {label} ready")
        conditions, said = _tick(character.conditions, ruleset, name)
        words += said
        state = put_character(
            state, attrs.evolve(character, cooldowns=cooldowns, conditions=conditions)
        )
    foes = {}
    for name, foe in encounter.foes.items():
        conditions, said = _tick(foe.conditions, ruleset, name)
        words += said
        foes[name] = attrs.evolve(foe, conditions=conditions)
    after = attrs.evolve(encounter, round=encounter.round + 1, foes=foes, acted={})
    return attrs.evolve(state, encounter=after), words


def end_encounter(state: Campaign, ruleset: Ruleset) -> tuple[Campaign, list[str]]:
    """The fight is over: foes, cooldowns and timed conditions go with it."""
    encounter = state.encounter
    if encounter is None:
        raise RuleError("there is no encounter to end")
    words = [
        f"the encounter ends after {encounter.round} round{'s' if encounter.round != 1 else ''}"
    ]
    for name, character in state.characters.items():
        conditions = {k: v for k, v in character.conditions.items() if v <= 0}
        if character.cooldowns or conditions != character.conditions:
            words.append(f"{name}: every maneuver ready, timed conditions cleared")
        if DISARMED in conditions:
            del conditions[DISARMED]
            words.append(f"{name} takes their weapon out of the pack")
        state = put_character(state, attrs.evolve(character, cooldowns={}, conditions=conditions))
    return attrs.evolve(state, encounter=None), words


# --- efficacy (reading 40) ------------------------------------------------------------------


def efficacy_of(ruleset: Ruleset, character: Character, move: Move) -> int:
    """The character's efficacy with the move (the ruleset's start when never trained)."""
    start = ruleset.efficacy.start if ruleset.efficacy else 0
    return character.efficacy.get(move.id, start)


def checks_efficacy(ruleset: Ruleset, character: Character, move: Move) -> bool:
    """True when the move first needs d100 ≤ efficacy (below the ruleset's `check_below`)."""
    rule = ruleset.efficacy
    return (
        move.efficacy_check
        and rule is not None
        and efficacy_of(ruleset, character, move) < rule.check_below
    )


def raise_efficacy(
    ruleset: Ruleset, character: Character, move: Move, by: int
) -> tuple[Character, list[str]]:
    """Efficacy + `by`, never above the top (100)."""
    rule = ruleset.efficacy
    if rule is None or not move.efficacy_check:
        raise RuleError(f"{move.name} has no efficacy to raise")
    if by < 1:
        raise RuleError(f"practice raises efficacy by 1 or more, not {by}")
    old = efficacy_of(ruleset, character, move)
    new = min(rule.top, old + by)
    if new == old:
        return character, [f"{move.name} efficacy is {old} already, the most it can be"]
    efficacy = {**character.efficacy, move.id: new}
    return attrs.evolve(character, efficacy=efficacy), [f"{move.name} efficacy {old} → {new}"]


def practice(
    ruleset: Ruleset, character: Character, move: Move, by: int | None = None
) -> tuple[Character, list[str]]:
    """A session at the training dummy: + the ruleset's `practice_gain`, or what the GM gives."""
    rule = ruleset.efficacy
    if rule is None or not move.efficacy_check:
        raise RuleError(f"{move.name} has no efficacy to practise")
    return raise_efficacy(ruleset, character, move, rule.practice_gain if by is None else by)


# --- breaking point (reading 39) ------------------------------------------------------------


def max_health(ruleset: Ruleset, character: Character) -> int | None:
    """The character's maximum health, if the sheet has one."""
    if HEALTH not in character.meters:
        return None
    top = character.maxima.get(HEALTH)
    if top is None:
        try:
            top = ruleset.meter(HEALTH).max
        except RuleError:
            return None
    return top


def set_breaking_point(ruleset: Ruleset, character: Character, value: int | None) -> Character:
    """A share of health, at most three-quarters of the maximum; None clears it."""
    if value is None:
        return attrs.evolve(character, breaking_point=None)
    top = max_health(ruleset, character)
    if top is None:
        raise RuleError(f"{character.name} has no health to set a breaking point against")
    share, whole = BREAKING_SHARE
    highest = top * share // whole
    if not 0 <= value <= highest:
        raise RuleError(
            f"{character.name}'s breaking point is 0 to {highest} (three-quarters of {top} "
            f"health), not {value}"
        )
    return attrs.evolve(character, breaking_point=value)


def breaks(character: Character) -> bool:
    """True when health stands below the breaking point: the character must flee at once."""
    point = character.breaking_point
    return point is not None and character.meters.get(HEALTH, point) < point


def newly_breaking(before: Campaign, after: Campaign) -> list[str]:
    """Characters in the fight that this change left below their breaking point (reading 39):
    every blow that leaves them below it (not only the first), and a point raised above their
    health; healing that leaves them below it is no blow and calls for nothing."""
    fight = after.encounter
    if fight is None:
        return []
    found = []
    for name, character in after.characters.items():
        was = before.characters.get(name)
        if name in fight.fled or not breaks(character):
            continue
        if was is not None and breaks(was) and not _took_a_blow(was, character):
            continue
        found.append(name)
    return found


def _took_a_blow(was: Character, now: Character) -> bool:
    return now.meters.get(HEALTH, 0) < was.meters.get(HEALTH, 0)


def flee_move(ruleset: Ruleset) -> Move | None:
    """The move a breaking point makes the character try: the one whose hit flees."""
    return next((m for m in ruleset.moves if any(e.kind == "flee" for e in m.effects)), None)


# --- making a maneuver (readings 34-38) -----------------------------------------------------


def needs_encounter(move: Move) -> bool:
    """A move that is a turn, waits rounds, or reads a foe is made in an encounter."""
    return (
        move.takes_turn
        or move.cooldown is not None
        or bool(move.foe_requires or move.foe_refuses)
        or any(a.from_foe or a.from_diff for a in move.roll.auto)
    )


def is_maneuver(move: Move) -> bool:
    """A move the encounter resolves: it costs, waits, checks efficacy, or is a turn."""
    return needs_encounter(move) or move.cost is not None or move.efficacy_check or move.escape


def is_down(foe: Foe) -> bool:
    """True when the foe's health is 0: it attacks nobody and is no one's default target."""
    return foe.meters.get(HEALTH, 0) <= 0


def default_foe(state: Campaign, actor: str | None) -> Foe | None:
    """The foe a maneuver faces when none is named: the only one still up, else the one still
    up attacking the character; None when there is no such one foe."""
    encounter = state.encounter
    if encounter is None:
        return None
    up = [f for f in encounter.foes.values() if not is_down(f)]
    if len(up) == 1:
        return up[0]
    mine = [f for f in up if f.attacking is not None and f.attacking == actor]
    return mine[0] if len(mine) == 1 else None


def aim(state: Campaign, wanted: str | None, actor: str | None) -> str | None:
    """The foe the table aims at: the one picked while it is still up, else the default foe
    (`default_foe`), else the first still up; a downed foe only when every foe is down."""
    encounter = state.encounter
    if encounter is None or not encounter.foes:
        return None
    up = [n for n, f in encounter.foes.items() if not is_down(f)]
    if wanted in up:
        return wanted
    found = default_foe(state, actor)
    if found is not None:
        return found.name
    if up:
        return up[0]
    return wanted if wanted in encounter.foes else next(iter(encounter.foes))


def pick_target(state: Campaign, character: Character, at: str | None) -> Foe | None:
    """The foe named, else the only foe still up, else the one up attacking the character."""
    encounter = state.encounter
    if at is not None:
        return find_foe(encounter, at)
    if encounter is None or not encounter.foes:
        return None
    found = default_foe(state, character.name)
    if found is not None:
        return found
    up = [n for n, f in encounter.foes.items() if not is_down(f)]
    if not up:
        down = ", ".join(encounter.foes)
        raise RuleError(
            f"every foe is down ({down}): name one with --at, or end the encounter "
            "(hearthroll encounter FILE --end)"
        )
    raise RuleError(f"name the foe with --at: {', '.join(up)}")


def refusal(
    state: Campaign, ruleset: Ruleset, move: Move, character: Character, foe: Foe | None
) -> str | None:
    """Why the maneuver cannot be made now (nothing is paid), or None when it can."""
    encounter = state.encounter
    name = character.name
    if needs_encounter(move):
        if encounter is None:
            return f"{move.name} is made in an encounter: add a foe first (hearthroll foe ...)"
        if name in encounter.fled:
            return f"{name} has fled the fight"
        if name in encounter.acted:
            done = ruleset.move_name(encounter.acted[name])
            return f"{name} has taken a turn this round ({done}): end the round first"
    if move.escape:
        if encounter is not None and encounter.no_way_out:
            return f"there is no way out: {name} cannot {move.name.lower()}"
        if HELD in character.conditions:
            return f"{name} is held where they stand: no {move.name}"
    meter = ruleset.cost_meter
    if move.cost and meter is not None:
        have = character.meters.get(meter, 0)
        label = _meter_name(ruleset, meter)
        if have <= 0:
            return f"{name} is exhausted ({label} 0): no maneuvers until they rest"
        if have < move.cost:
            return f"{move.name} costs {move.cost} {label}; {name} has {have}"
    left = character.cooldowns.get(move.id, 0)
    if left > 0:
        return f"{move.name} waits {left} more round{'s' if left != 1 else ''}"
    missing = [t for t in move.requires if t not in gear_tags(ruleset, character)]
    if missing:
        need = ", ".join(t.replace("_", " ") for t in missing)
        why = f"{move.name} needs a {need}; {name} has none at hand"
        if DISARMED in character.conditions and "weapon" in missing:
            why += f": {disarmed_fix(character)}"
        return why
    if needs_encounter(move) and foe is None and _reaches_foe(move):
        return f"{move.name} needs a foe to face: add one (hearthroll foe ...)"
    if foe is not None and is_down(foe) and _acts_on_a_fighter(move):
        return (
            f"{foe.name} is down (health 0): no {move.name} against it; "
            "name a foe still fighting with --at"
        )
    if foe is not None:
        tags = foe_tags(foe)
        lacking = [t for t in move.foe_requires if t not in tags]
        if lacking:
            what = ", ".join(t.replace("_", "-") for t in lacking)
            return f"{move.name} works only against a foe with a {what}; {foe.name} has none"
        barred = [t for t in move.foe_refuses if t in tags]
        if barred:
            return f"{foe.name} is {' and '.join(barred)}: out of {move.name}'s reach"
        redirects = any(e.kind == "redirect" for e in move.effects)
        if redirects and (foe.attacking is None or foe.attacking == name):
            return f"{foe.name} is not attacking a friend of {name}'s"
    return None


def _acts_on_a_fighter(move: Move) -> bool:
    """A move that reads the foe's scores or gear, or marks, turns or breaks off from it: it
    means nothing against a downed foe (damage alone still lands)."""
    return bool(
        any(
            e.kind in ("condition", "break_off", "redirect")
            for e in move.effects
            if e.subject == "foe" or e.kind in ("break_off", "redirect")
        )
        or any(a.from_foe or a.from_diff for a in move.roll.auto)
        or move.foe_requires
    )


def _reaches_foe(move: Move) -> bool:
    return bool(
        any(e.subject == "foe" or e.kind in ("break_off", "redirect") for e in move.effects)
        or any(a.from_foe or a.from_diff for a in move.roll.auto)
        or move.foe_requires
        or move.foe_refuses
    )


def _meter_name(ruleset: Ruleset, meter: str) -> str:
    try:
        return ruleset.meter(meter).name
    except RuleError:
        return meter


@attrs.frozen
class Terms:
    """What a d20 maneuver adds and must reach, each modifier named (`+1 Dex`)."""

    modifier: int
    target: int
    reasons: tuple[str, ...]


def terms(ruleset: Ruleset, move: Move, character: Character, foe: Foe | None) -> Terms:
    """The roll's modifier and number: the stat's modifier and every automatic one (37, 38)."""
    spec = move.roll
    total = spec.modifier
    reasons: list[str] = [f"{signed(spec.modifier)} the move"] if spec.modifier else []
    if spec.stat is not None:
        mod = modifier(ruleset, spec.stat, character.stats.get(spec.stat, 10))
        total += mod
        reasons.append(f"{signed(mod)} {_short(ruleset, spec.stat)}")
    target = spec.target or 0
    from hearthroll.core.campaign.resolve import Context, gate_holds

    ctx = Context(
        state=Campaign(ruleset=ruleset.id),
        actor=character,
        foe_tags=foe_tags(foe) if foe else frozenset(),
    )
    for auto in spec.auto:
        if auto.kind not in ("modifier", "target") or not gate_holds(auto, ctx, ruleset):
            continue
        amount, why = _auto_amount(ruleset, auto, character, foe)
        if amount is None or not amount:
            continue
        if auto.kind == "target":
            target += amount
            reasons.append(f"needs {target}: {why}")
        else:
            total += amount
            reasons.append(f"{signed(amount)} {why}")
    return Terms(total, target, tuple(reasons))


def _auto_amount(
    ruleset: Ruleset, auto: AutoMod, character: Character, foe: Foe | None
) -> tuple[int | None, str]:
    """An automatic modifier's amount and its words; None where it cannot be read (no foe)."""
    stat = auto.from_foe or auto.from_diff
    if stat is None:
        why = auto.if_foe_tag.replace("_", "-") + " foe" if auto.if_foe_tag else "the move"
        return auto.value, why
    if foe is None:
        return None, ""
    label = _short(ruleset, stat)
    theirs = foe.stats.get(stat, 10)
    if auto.score:
        theirs_value, what = theirs, f"{label} score"
    else:
        theirs_value, what = modifier(ruleset, stat, theirs), f"{label}"
    if auto.from_foe is not None:
        amount = auto.times * theirs_value
        return auto.value + amount, f"{foe.name}'s {what}"
    mine = character.stats.get(stat, 10)
    mine_value = mine if auto.score else modifier(ruleset, stat, mine)
    diff = mine_value - theirs_value
    if auto.only_positive and diff <= 0:
        return 0, ""
    scale = f"{auto.times} × " if auto.times != 1 else ""
    over = "over" if diff >= 0 else "under"
    return auto.value + auto.times * diff, f"{scale}{label} {over} theirs ({mine} vs {theirs})"


def chance(ruleset: Ruleset, move: Move, character: Character, foe: Foe | None) -> Fraction:
    """The exact chance the maneuver lands: P(d100 ≤ efficacy) × P(the d20 hits)."""
    from fractions import Fraction

    if move.roll.mechanic != "d20":
        return Fraction(0)
    found = terms(ruleset, move, character, foe)
    efficacy = (
        efficacy_of(ruleset, character, move) if checks_efficacy(ruleset, character, move) else None
    )
    from hearthroll.core.dice.bands import HIT
    from hearthroll.core.dice.odds import d20_odds

    die = ruleset.efficacy.die if ruleset.efficacy else 100
    odds = d20_odds(
        modifier=found.modifier,
        target=found.target,
        nat20_succeeds=move.roll.nat20_succeeds,
        fumble_faces=move.roll.fumble_faces,
        efficacy=efficacy,
        efficacy_die=die,
    )
    return odds.band(HIT)


@attrs.frozen
class Made:
    """What a maneuver did: the dice, the band, the named modifiers and the results in words."""

    state: Campaign
    dice: tuple[int, ...]
    band: str
    total: int | None
    modifiers: tuple[str, ...]
    words: tuple[str, ...]


def make_maneuver(
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    character: Character,
    foe: Foe | None,
    dice: DiceSource,
    effect_dice: DiceSource,
) -> Made:
    """Reading 34: refuse (nothing paid), else pay, check efficacy, roll, apply on the target."""
    why = refusal(state, ruleset, move, character, foe)
    if why is not None:
        raise RuleError(why)
    words: list[str] = []
    character, paid = _pay(ruleset, move, character)
    words += paid
    state = put_character(state, character)
    if state.encounter is not None and needs_encounter(move):
        acted = {**state.encounter.acted, character.name: move.id}
        state = attrs.evolve(state, encounter=attrs.evolve(state.encounter, acted=acted))
    faces: list[int] = []
    checked = checks_efficacy(ruleset, character, move)
    state, gained = _gain_on_use(state, ruleset, move, character)
    if checked:
        assert ruleset.efficacy is not None
        efficacy = efficacy_of(ruleset, character, move)
        die = ruleset.efficacy.die
        (face,) = rolling_for(dice, f"{move.name}: efficacy {efficacy}").roll(die, 1)
        faces.append(face)
        if face > efficacy:
            from hearthroll.core.dice.odds import EFFICACY_FAIL

            words.append(
                f"efficacy {efficacy}: d{ruleset.efficacy.die} {face} > {efficacy}, it fails"
            )
            unused = left_over(dice, 20) if move.roll.mechanic == "d20" else None
            if unused is not None:  # the GM threw the d20 with it
                words.append(f"the d20 thrown with it ({unused}) is not needed")
            return Made(state, tuple(faces), EFFICACY_FAIL, None, (), (*words, *gained))
        words.append(f"efficacy {efficacy}: d{ruleset.efficacy.die} {face} ≤ {efficacy}")
    words += gained
    if move.roll.mechanic != "d20":
        raise RuleError(f"{move.name}: a maneuver rolls a d20, not {move.roll.mechanic!r}")
    found = terms(ruleset, move, character, foe)
    roll = _roll(move, found, rolling_for(dice, f"{move.name}: the d20"))
    faces += roll.faces
    state, said = _land(state, ruleset, move, character.name, foe, roll.band, effect_dice)
    return Made(state, tuple(faces), roll.band, roll.total, found.reasons, (*words, *said))


def _roll(move: Move, found: Terms, dice: DiceSource) -> Roll:
    from hearthroll.core.dice.mechanics import roll_d20

    return roll_d20(
        dice,
        modifier=found.modifier,
        target=found.target,
        nat20_succeeds=move.roll.nat20_succeeds,
        fumble_faces=move.roll.fumble_faces,
    )


def _pay(ruleset: Ruleset, move: Move, character: Character) -> tuple[Character, list[str]]:
    """The stamina up front and the cooldown started."""
    words: list[str] = []
    meter = ruleset.cost_meter
    if move.cost and meter is not None:
        have = character.meters.get(meter, 0)
        character = attrs.evolve(character, meters={**character.meters, meter: have - move.cost})
        words.append(f"{_meter_name(ruleset, meter)} {have} → {have - move.cost}")
    if move.cooldown:
        character = attrs.evolve(
            character, cooldowns={**character.cooldowns, move.id: move.cooldown}
        )
        words.append(f"{move.name} waits {move.cooldown} round{'s' if move.cooldown != 1 else ''}")
    return character, words


def _gain_on_use(
    state: Campaign, ruleset: Ruleset, move: Move, character: Character
) -> tuple[Campaign, list[str]]:
    """Reading 40: a maneuver made in a fight raises its efficacy by `gain_on_use`."""
    rule = ruleset.efficacy
    if not move.efficacy_check or rule is None or not rule.gain_on_use:
        return state, []
    if efficacy_of(ruleset, character, move) >= rule.top:
        return state, []
    trained, said = raise_efficacy(ruleset, character, move, rule.gain_on_use)
    return put_character(state, trained), [w + " (used in a fight)" for w in said]


def _land(
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    actor: str,
    foe: Foe | None,
    band: str,
    effect_dice: DiceSource,
) -> tuple[Campaign, list[str]]:
    """The band's effects: those on the foe here, the mover's own through the sheet rules."""
    from hearthroll.core.campaign.resolve import Context, apply_effects, effects_for

    character = state.characters[actor]
    ctx = Context(state, character, foe_tags=foe_tags(foe) if foe else frozenset())
    words: list[str] = []
    for effect in effects_for(move, band, [], ctx, ruleset):
        foe = state.encounter.foes.get(foe.name) if foe and state.encounter else None
        if effect.kind == "follow" and effect.move:
            state, said = _follow(
                state, ruleset, ruleset.move(effect.move), actor, foe, effect_dice
            )
        elif effect.subject == "foe" or effect.kind in ("flee", "break_off", "redirect"):
            state, said = _on_foe(state, ruleset, effect, actor, foe, effect_dice)
        else:
            state, said = apply_effects(state, ruleset, actor, [effect], effect_dice)
        words += said
    return state, words


def _follow(
    state: Campaign,
    ruleset: Ruleset,
    move: Move,
    actor: str,
    foe: Foe | None,
    effect_dice: DiceSource,
) -> tuple[Campaign, list[str]]:
    """A followed roll (Bash's stun) made at once, on the same foe, from the effect dice; not
    made on a foe the blow took down (there is nothing left to stun)."""
    if foe is not None and is_down(foe):
        return state, [f"{move.name}: not rolled, {foe.name} is down"]
    character = state.characters[actor]
    found = terms(ruleset, move, character, foe)
    roll = _roll(move, found, rolling_for(effect_dice, f"{move.name}: the d20"))
    label = next((b.label for b in move.bands if b.id == roll.band), roll.band)
    named = ", ".join(found.reasons)
    words = [
        f"{move.name}: d20 {roll.faces[0]}{f' ({named})' if named else ''} = {roll.total} → {label}"
    ]
    state, said = _land(state, ruleset, move, actor, foe, roll.band, effect_dice)
    return state, words + said


def _on_foe(
    state: Campaign,
    ruleset: Ruleset,
    effect: Effect,
    actor: str,
    foe: Foe | None,
    effect_dice: DiceSource,
) -> tuple[Campaign, list[str]]:
    if effect.kind == "flee":
        return flee(state, actor)
    if foe is None:
        return state, []
    if effect.kind == "damage":
        from hearthroll.core.dice.expr import render, roll_expr

        names = state.characters[actor].stats
        purpose = f"damage {effect.dice or '0'}"
        rolled = roll_expr(effect.dice or "0", rolling_for(effect_dice, purpose), names)
        amount = max(0, rolled.total + effect.amount)
        foe, said = hurt_foe(foe, amount)
        return put_foe(state, foe), [f"damage {render(rolled)}", *said]
    if effect.kind == "condition" and effect.condition:
        condition = ruleset.condition(effect.condition)
        conditions = dict(foe.conditions)
        if effect.mode == "clear":
            conditions.pop(condition.id, None)
            said = [f"{foe.name}: {condition.name} cleared"]
        else:
            rounds = effect.rounds if effect.rounds is not None else (condition.rounds or 0)
            conditions[condition.id] = rounds
            span = f" for {rounds} round{'s' if rounds != 1 else ''}" if rounds else ""
            said = [f"{foe.name}: {condition.name}{span}"]
        return put_foe(state, attrs.evolve(foe, conditions=conditions)), said
    if effect.kind == "redirect":
        was = foe.attacking
        state = put_foe(state, attrs.evolve(foe, attacking=actor))
        return state, [f"{foe.name} turns from {was} onto {actor}"]
    if effect.kind == "break_off":
        return break_off(state, actor, foe)
    return state, []


def hurt_foe(foe: Foe, amount: int, *, ignore_armor: bool = False) -> tuple[Foe, list[str]]:
    """Reading 36: the foe's armor takes its share (never below 0), the rest comes off health."""
    taken = amount if ignore_armor else max(0, amount - foe.armor)
    old = foe.meters.get(HEALTH, 0)
    new = max(0, old - taken)
    share = (
        f" (armor {foe.armor} takes {min(amount, foe.armor)})"
        if foe.armor and not ignore_armor
        else ""
    )
    words = [f"{foe.name} takes {taken}{share}: health {old} → {new}"]
    foe = attrs.evolve(foe, meters={**foe.meters, HEALTH: new})
    if new == 0:
        words.append(f"{foe.name} is down and out")
        if foe.attacking is not None:
            words.append(f"{foe.name} stops attacking {foe.attacking}")
            foe = attrs.evolve(foe, attacking=None)
    return foe, words


HEALTH_WORDS = ("down", "near death", "bloodied", "hurt", "unhurt")
"""How the players' view tells a foe's health, worst first (its index is the bar's length)."""


def health_words(health: int, top: int) -> str:
    """A foe's health as the players see it (never the numbers): `down` at 0, `near death` at a
    quarter of its starting health or less, `bloodied` at half or less, `hurt` below its start,
    `unhurt` at it."""
    if health <= 0:
        return "down"
    if top <= 0 or health >= top:
        return "unhurt"
    if 4 * health <= top:
        return "near death"
    if 2 * health <= top:
        return "bloodied"
    return "hurt"


def heal_foe(foe: Foe, amount: int) -> tuple[Foe, list[str]]:
    """Health back, never above what the foe started with."""
    old = foe.meters.get(HEALTH, 0)
    top = foe.maxima.get(HEALTH, old)
    new = min(top, old + max(0, amount))
    return attrs.evolve(foe, meters={**foe.meters, HEALTH: new}), [
        f"{foe.name}: health {old} → {new}"
    ]


def flee(state: Campaign, actor: str) -> tuple[Campaign, list[str]]:
    """Reading 38: the character runs out of the fight; foes attacking them stop."""
    encounter = state.encounter
    if encounter is None:
        return state, []
    foes = {
        n: attrs.evolve(f, attacking=None) if f.attacking == actor else f
        for n, f in encounter.foes.items()
    }
    words = [f"{actor} is out of the fight"]
    words += [
        f"{n} stops attacking {actor}" for n, f in encounter.foes.items() if f.attacking == actor
    ]
    after = attrs.evolve(encounter, foes=foes, fled=(*encounter.fled, actor))
    return attrs.evolve(state, encounter=after), words


def break_off(state: Campaign, actor: str, foe: Foe) -> tuple[Campaign, list[str]]:
    """Reading 38: the mover stays; the foe turns on the next one still in the fight, or stops."""
    encounter = state.encounter
    assert encounter is not None
    others = [n for n in state.characters if n != actor and n not in encounter.fled]
    turned = others[0] if others else None
    state = put_foe(state, attrs.evolve(foe, attacking=turned))
    if turned is None:
        return state, [f"{foe.name} stops fighting"]
    return state, [f"{foe.name} turns on {turned}"]


def fighter_section(ruleset: Ruleset, character: Character) -> Section | None:
    """The sheet's maneuvers (efficacy, rounds each waits) and breaking point, where the
    ruleset fights in encounters; its JSON fields: cooldowns, efficacy, breaking_point."""
    moves = [m for m in ruleset.moves if needs_encounter(m)]
    if not moves:
        return None
    checked = ruleset.efficacy is not None
    lines = []
    for move in moves:
        skill = (
            f"{efficacy_of(ruleset, character, move)} " if move.efficacy_check and checked else ""
        )
        waits = character.cooldowns.get(move.id, 0)
        lines.append(Line(move.name, f"{skill}{f'waits {waits}' if waits else 'ready'}", waits))
    if character.breaking_point is not None:
        lines.append(Line("breaking point", str(character.breaking_point), warn=True))
    data = {
        "cooldowns": dict(character.cooldowns),
        "efficacy": {
            m.id: efficacy_of(ruleset, character, m)
            for m in ruleset.moves
            if m.efficacy_check and checked
        },
        "breaking_point": character.breaking_point,
    }
    return Section("fighter", "maneuvers", tuple(lines), data)


def check(attempt: Attempt) -> None:
    """The check stage: a maneuver that cannot be made now (nothing is paid)."""
    character = attempt.character
    if not is_maneuver(attempt.move) or character is None:
        return
    foe = pick_target(attempt.state, character, attempt.at)
    why = refusal(attempt.state, attempt.ruleset, attempt.move, character, foe)
    if why:
        raise RuleError(why)
