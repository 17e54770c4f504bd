"""Verbs that edit the campaign directly: holds, levels, notes, damage, undo and redo, plans and
the party (`set` is `verbs/fields.py`'s)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from hearthroll.core.campaign.events import Event, Outcome, record, summary
from hearthroll.core.campaign.sheets import change_hold, find_character, level_up, put_character
from hearthroll.core.campaign.state import (
    Campaign,
    History,
    Plan,
    Requirement,
)
from hearthroll.core.errors import NotFound, RuleError, TurnError

if TYPE_CHECKING:
    from hearthroll.core.dice.sources import DiceSource
    from hearthroll.core.rules.model import Ruleset


def __getattr__(name: str) -> Any:
    """`set` is `verbs/fields.py`'s (`set_field`, `field_value`), read here too; loaded when
    asked for, so a verb that sets nothing loads none of the sheet's rules."""
    if name in ("field_value", "set_field"):
        from hearthroll.core.verbs import fields

        return getattr(fields, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --- sheet verbs ----------------------------------------------------------------------------


def hold(
    state: Campaign,
    ruleset: Ruleset,
    hold_id: str,
    amount: int,
    actor: str | None = None,
    picks: Sequence[str] = (),
    dice: DiceSource | None = None,
    ally: str | None = None,
) -> Outcome:
    """Gain (+N) or spend (-N) a hold; spending below 0 is refused. `picks` are the hold's
    options the points spent buy, one a point, each applied (reading 21); what they roll
    (Defend's "deal half your damage": the guarding weapon's die) comes from `dice`; what
    lands on an ally lands on `ally` (asked when the party has several). A spend that goes on
    a roll (Preparation's +1) is made with the roll, not picked here."""
    from hearthroll.core.campaign.resolve import apply_effects
    from hearthroll.core.dice.sources import TypedDice
    from hearthroll.core.games import holds
    from hearthroll.core.games.gear import guard_weapon
    from hearthroll.core.games.holds import by_hand, roll_bonus

    character = find_character(state, actor)
    known = {h.id: h for h in ruleset.holds}
    key = hold_id.lower()
    match = next((h for h in ruleset.holds if key in (h.id, h.name.lower())), None)
    if match is None:
        raise NotFound(f"no hold {hold_id!r}; holds: {', '.join(known) or 'none'}")
    mode = "gain" if amount >= 0 else "spend"
    changed, said = change_hold(ruleset, character, match.id, abs(amount), mode)
    after = put_character(state, changed)
    if picks:
        options = {o.id: o for o in by_hand(match)}
        listed = "; ".join(f"{o.id}: {o.text}" for o in options.values()) or "none"
        if amount >= 0 or len(picks) != -amount:
            raise RuleError(
                f"{match.name} buys one option per point: spend -{len(picks)} for "
                f"{len(picks)} pick{'s' if len(picks) != 1 else ''} (options: {listed})"
            )
        for pick in picks:
            on_roll = next((o for o in match.spends if o.id == pick and o.id not in options), None)
            if on_roll is not None:
                on = f"{pick} is +{roll_bonus(on_roll)} to a roll: spend {match.name} on the roll"
                raise RuleError(
                    f"{on} as it is made (move ... --prep N) or on a bust that waits (prep N)",
                    at_table=f"{on} as it is made (F5 in the palette) or on a bust that waits (+)",
                )
            if pick not in options:
                raise RuleError(f"{match.name} has no option {pick!r}; options: {listed}")
        effects = [e for p in picks for e in options[p].effects]
        weapon = (
            guard_weapon(ruleset, character) if any(e.kind == "damage" for e in effects) else None
        )
        source = dice if dice is not None else TypedDice([])
        own = [e for e in effects if e.subject != "ally"]
        after, did = apply_effects(after, ruleset, character.name, own, source, weapon)
        if holds.for_an_ally(effects):
            theirs = [attrs.evolve(e, subject="self") for e in effects if e.subject == "ally"]
            taker = holds.ally(after, character.name, ally)
            after, more = apply_effects(after, ruleset, taker, theirs, source)
            did += [f"{taker}: {words}" for words in more]
        said = [*said, *(options[p].text for p in picks), *did]
    event = Event(kind="hold", actor=character.name, options=tuple(picks), results=tuple(said))
    return record(state, after, event)


def do_level_up(state: Campaign, ruleset: Ruleset, actor: str | None = None) -> Outcome:
    """Level Up: 6 + 2 × level XP each, several at once; a reroll per level gained."""
    character = find_character(state, actor)
    changed, said = level_up(ruleset, character)
    event = Event(kind="level_up", actor=character.name, results=tuple(said))
    return record(state, put_character(state, changed), event)


def mark_xp(state: Campaign, ruleset: Ruleset, actor: str | None = None) -> Outcome:
    """Mark 1 XP on a character (the active one by default), saying when they can Level Up."""
    character = find_character(state, actor)
    after = attrs.evolve(character, xp=character.xp + 1)
    said = [f"+1 XP ({character.xp} → {after.xp})"]
    if ruleset.xp is not None and ruleset.xp.can_level(after):
        said.append(f"{after.name} can Level Up at home")
    event = Event(kind="mark_xp", actor=character.name, results=tuple(said))
    return record(state, put_character(state, after), event)


def note(state: Campaign, text: str, *, secret: bool = False) -> Outcome:
    """The GM's line in the log: a hard move, a scene; a secret one is for the GM's eyes only
    (the players' view never shows it)."""
    if not text.strip():
        raise RuleError("a note needs some text")
    event = Event(kind="note", text=text.strip(), secret=True if secret else None)
    return record(state, state, event)


def damage(
    state: Campaign,
    ruleset: Ruleset,
    dice: DiceSource,
    *,
    actor: str | None = None,
    advantage: bool = False,
    disadvantage: bool = False,
) -> Outcome:
    """Roll the character's weapon damage; advantage rolls the main die twice."""
    character = find_character(state, actor)
    from hearthroll.core.campaign.resolve import weapon_damage

    said = weapon_damage(ruleset, character, dice, advantage=advantage, disadvantage=disadvantage)
    return record(state, state, Event(kind="damage", actor=character.name, results=(said,)))


# --- a hand edit, undo and redo -------------------------------------------------------------


def hand_edit(before: Campaign, after: Campaign, ruleset: Ruleset | None = None) -> Outcome:
    """What was changed in the state file outside hearthroll, as one undoable `edit` event:
    `before` is the state the events made, `after` the state file as it was found (with the
    same history). With the `ruleset`, momentum the edit left above the max its impacts make
    comes down to it, and the event says so."""
    from hearthroll.core.campaign.deltas import change_words, diff

    if after.history != before.history:
        raise RuleError("a hand edit cannot change the history: repair the campaign")
    changes = diff(attrs.evolve(before, history=History()), attrs.evolve(after, history=History()))
    if not changes:
        raise RuleError("the state file is what the events made: there is no hand edit")
    settled: list[str] = []
    if ruleset is not None:
        from hearthroll.core.games.aftermath import settle

        after, settled = settle(ruleset, after, after, named=True)
    event = Event(kind="edit", results=(*(change_words(d) for d in changes), *settled))
    return record(before, after, event)


def undo_last(state: Campaign, lookup: Callable[[int], Event]) -> Outcome:
    """Undo the last event undo can reach, reading it from the log with `lookup(seq)`."""
    if not state.history.undo:
        raise TurnError("nothing to undo")
    return undo(state, lookup(state.history.undo[-1]))


def redo_last(state: Campaign, lookup: Callable[[int], Event]) -> Outcome:
    """Redo the last undone event, reading it from the log with `lookup(seq)`."""
    if not state.history.redo:
        raise TurnError("nothing to redo")
    return redo(state, lookup(state.history.redo[-1]))


def undo(state: Campaign, target: Event) -> Outcome:
    """Revert the last event undo can reach; `target` is that event, read from the log."""
    from hearthroll.core.campaign.deltas import apply
    from hearthroll.core.campaign.events import reverse

    stack = state.history.undo
    if not stack:
        raise TurnError("nothing to undo")
    if target.seq != stack[-1]:
        raise RuleError(f"undo reverts event {stack[-1]}, not {target.seq}")
    after = apply(state, reverse(target.deltas))
    event = Event(
        kind="undo", target=target.seq, actor=target.actor, results=(f"undid: {summary(target)}",)
    )
    return record(state, after, event)


def redo(state: Campaign, target: Event) -> Outcome:
    """Reapply the last undone event; `target` is that event, read from the log."""
    from hearthroll.core.campaign.deltas import apply

    stack = state.history.redo
    if not stack:
        raise TurnError("nothing to redo")
    if target.seq != stack[-1]:
        raise RuleError(f"redo reapplies event {stack[-1]}, not {target.seq}")
    after = apply(state, target.deltas)
    event = Event(
        kind="redo", target=target.seq, actor=target.actor, results=(f"redid: {summary(target)}",)
    )
    return record(state, after, event)


# --- Make a Plan: projects with tick boxes ----------------------------------------------------


def _plans(state: Campaign) -> tuple[Plan, ...]:
    if state.steading is None:
        raise RuleError("plans belong to the steading, and this campaign has none")
    return state.steading.plans


def _with_plans(state: Campaign, plans: tuple[Plan, ...]) -> Campaign:
    assert state.steading is not None
    return attrs.evolve(state, steading=attrs.evolve(state.steading, plans=plans))


def find_plan(state: Campaign, name: str) -> int:
    """The index of the plan with this name (any case)."""
    plans = _plans(state)
    for index, plan in enumerate(plans):
        if plan.name.lower() == name.lower():
            return index
    known = ", ".join(p.name for p in plans) or "none yet"
    raise NotFound(f"no plan {name!r}; plans: {known}")


def add_plan(state: Campaign, name: str, requirements: Sequence[str]) -> Outcome:
    """Make a Plan: write the project down with a tick box per requirement."""
    plans = _plans(state)
    if not name.strip():
        raise RuleError("a plan needs a name")
    if any(p.name.lower() == name.strip().lower() for p in plans):
        raise RuleError(f"there is a plan {name!r} already")
    plan = Plan(name.strip(), tuple(Requirement(r.strip()) for r in requirements if r.strip()))
    event = Event(
        kind="plan",
        text=plan.name,
        results=(f"plan {plan.name}: " + "; ".join(r.text for r in plan.requirements),),
    )
    return record(state, _with_plans(state, (*plans, plan)), event)


def tick(state: Campaign, name: str, number: int, done: bool = True) -> Outcome:
    """Tick (or untick) requirement `number` (from 1) of a plan."""
    index = find_plan(state, name)
    plans = _plans(state)
    plan = plans[index]
    if not 1 <= number <= len(plan.requirements):
        raise RuleError(f"{plan.name} has requirements 1 to {len(plan.requirements)}, not {number}")
    wanted = plan.requirements[number - 1]
    if wanted.done == done:
        raise RuleError(f"{plan.name} #{number} is {'ticked' if done else 'unticked'} already")
    requirements = list(plan.requirements)
    requirements[number - 1] = attrs.evolve(wanted, done=done)
    changed = attrs.evolve(plan, requirements=tuple(requirements))
    mark = "ticked" if done else "unticked"
    words = [f"{plan.name}: {mark} {wanted.text}"]
    if changed.done:
        words.append(f"{plan.name}: every requirement met")
    event = Event(kind="plan", text=plan.name, results=tuple(words))
    return record(state, _with_plans(state, (*plans[:index], changed, *plans[index + 1 :])), event)


def drop_plan(state: Campaign, name: str) -> Outcome:
    """Strike a plan from the list (done, or given up)."""
    index = find_plan(state, name)
    plans = _plans(state)
    event = Event(
        kind="plan", text=plans[index].name, results=(f"plan {plans[index].name} dropped",)
    )
    return record(state, _with_plans(state, (*plans[:index], *plans[index + 1 :])), event)


# --- the party ------------------------------------------------------------------------------


def add_character(
    state: Campaign,
    ruleset: Ruleset,
    name: str,
    template: str = "",
    level: int | None = None,
    fields: Sequence[tuple[str, str]] = (),
) -> Outcome:
    """A new character joins the party, with a fresh sheet shaped by the ruleset, at `level`
    (None: the ruleset's start level); `fields` are (field, value) pairs set on it at once, as
    `set` would (`forceful`, `2`)."""
    from hearthroll.core.campaign.state import new_character, start_level
    from hearthroll.core.verbs.fields import set_character

    name = " ".join(name.split())
    if not name or "." in name:
        raise RuleError("a character needs a name, without dots (they separate `set` paths)")
    if any(n.lower() == name.lower() for n in state.characters):
        raise RuleError(f"there is a {name} in the party already")
    templates = [t.id for t in ruleset.templates]
    if template and template not in templates:
        raise RuleError(
            f"the template is one of {', '.join(templates) or 'none'}, not {template!r}"
        )
    if not template and templates:
        template = templates[0]
    if level is None:
        level = start_level(ruleset)
    if not 1 <= level <= 99:
        raise RuleError(f"the level is 1 to 99, not {level}")
    character = new_character(ruleset, name, template, level)
    for field, value in fields:
        character = set_character(
            character, ruleset, field.strip().lower(), value, f"{name}.{field.strip()}"
        )
    after = attrs.evolve(
        state,
        characters={**state.characters, name: character},
        active=state.active or name,
    )
    given = ", ".join(f"{k.strip()} {v}" for k, v in fields)
    event = Event(
        kind="join",
        actor=name,
        results=(
            f"{name} joins the party ({template or 'no template'}, level {level}"
            + (f"; {given}" if given else "")
            + ")",
        ),
    )
    return record(state, after, event)
