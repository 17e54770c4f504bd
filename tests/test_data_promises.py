"""Data promises behaviour (STYLE 11): every effect kind, and every optional field of a hold and
of the XP rule, is applied by the engine (the sheet changes) or refused by the loader by name.

Each case builds a small ruleset file of its own (or a move added to a shipped ruleset, where
the kind needs a fight, a track or a weapon with ammo), loads it as a GM's file is loaded, and
makes the move. The tables are keyed by what the model accepts: a new effect kind, a new field
of `Hold` or of `XpRule`, with no case here fails `test_every_*_has_a_case`.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any, get_args

import attrs
import pytest
import tomli_w

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign, Character, Foe, Item
from hearthroll.core.dice.sources import TypedDice
from hearthroll.core.errors import HearthrollError, RuleError
from hearthroll.core.games import holds, pool_turn
from hearthroll.core.games.demo import demo_campaign, new_campaign, starforged_demo
from hearthroll.core.rules.effects import EffectKind
from hearthroll.core.rules.model import Catalog, Hold, Ruleset, XpRule
from hearthroll.core.verbs import edits
from hearthroll.core.verbs.session import make_move
from hearthroll.store.rulesets import RulesetError, build_catalog, parse_text, shipped_file

Case = Callable[[], None]

# --- a small ruleset of its own, written as a GM writes one -----------------------------------

RULESET: dict[str, Any] = {
    "id": "promise",
    "name": "Promise",
    "mechanics": ["pool", "sum"],
    "stats": [{"id": "grit", "name": "Grit"}],
    "meters": [{"id": "hp", "name": "HP", "max": 10, "start": 5}],
    "conditions": [{"id": "wet", "name": "Wet"}],
    "holds": [
        {
            "id": "luck",
            "name": "Luck",
            "spends": [
                {
                    "id": "steady",
                    "text": "Take +1 forward.",
                    "effects": [{"kind": "forward", "amount": 1}],
                }
            ],
        }
    ],
    "tables": [
        {
            "id": "weather",
            "name": "Weather",
            "die": 6,
            "rows": [
                {
                    "id": "rain",
                    "low": 1,
                    "high": 6,
                    "text": "Rain.",
                    "effects": [{"kind": "condition", "condition": "wet"}],
                }
            ],
        }
    ],
    "gear": [{"id": "rope", "name": "Rope", "uses": 3}],
    "steading": {
        "sizes": ["village"],
        "seasons": ["spring", "summer"],
        "stats": [{"id": "surplus", "name": "Surplus", "scope": "steading", "min": 0}],
        "flags": [{"id": "merry", "name": "Merry", "scope": "steading"}],
    },
    "xp": {"base": 6, "per_level": 2},
}

OTHER = {
    "id": "promise_other",
    "name": "Another Promise",
    "ruleset": "promise",
    "trigger": "When you promise again…",
    "text": "Nothing more.",
}


def promise_move(**keys: Any) -> dict[str, Any]:
    """A move of the `promise` ruleset with no roll, its keys given."""
    return {
        "id": "promise_keep",
        "name": "Keep a Promise",
        "ruleset": "promise",
        "trigger": "When you keep a promise…",
        "text": "It does what its effects say.",
        **keys,
    }


def file_text(rulesets: Sequence[dict[str, Any]], moves: Sequence[dict[str, Any]]) -> str:
    document: dict[str, Any] = {"schema_version": 1}
    if rulesets:
        document["rulesets"] = list(rulesets)
    if moves:
        document["moves"] = list(moves)
    return tomli_w.dumps(document)


def load(
    moves: Sequence[dict[str, Any]] = (),
    ruleset: dict[str, Any] | None = None,
    *,
    own: bool = True,
) -> Catalog:
    """The shipped catalog with a file of these moves (and the `promise` ruleset, if `own`)."""
    rulesets = [ruleset if ruleset is not None else RULESET] if own else []
    text = file_text(rulesets, [*moves, *([OTHER] if own else [])])
    parsed, problems = parse_text(text, "promise.toml")
    if parsed is None:
        raise RulesetError(problems)
    return build_catalog([shipped_file(), parsed])


def problems(
    moves: Sequence[dict[str, Any]] = (),
    ruleset: dict[str, Any] | None = None,
    *,
    own: bool = True,
) -> list[str]:
    """What the loader says of such a file (`hearthroll check`'s lines); [] when it loads."""
    try:
        load(moves, ruleset, own=own)
    except RulesetError as error:
        return [str(p) for p in error.problems]
    return []


def with_ruleset(**changes: Any) -> dict[str, Any]:
    """The `promise` ruleset with top-level keys replaced (None drops a key)."""
    changed = copy.deepcopy(RULESET)
    for key, value in changes.items():
        if value is None:
            changed.pop(key, None)
        else:
            changed[key] = value
    return changed


def with_hold(**keys: Any) -> dict[str, Any]:
    """The `promise` ruleset with its one hold given these keys."""
    hold = {"id": "luck", "name": "Luck", **keys}
    return with_ruleset(holds=[hold])


def played(catalog: Catalog) -> tuple[Ruleset, Campaign]:
    """The `promise` ruleset and a campaign of it with one character, Ada."""
    ruleset = catalog.ruleset("promise")
    state = edits.add_character(new_campaign(ruleset), ruleset, "Ada").state
    return ruleset, state


def keep(
    effects: Sequence[dict[str, Any]],
    faces: Sequence[int] = (),
    prepare: Callable[[Ruleset, Campaign], Campaign] | None = None,
    **move_keys: Any,
) -> tuple[Campaign, Outcome]:
    """Make the `promise_keep` move with these effects: the campaign before and the outcome."""
    ruleset, state = played(load([promise_move(effects=list(effects), **move_keys)]))
    if prepare is not None:
        state = prepare(ruleset, state)
    dice = TypedDice(faces)
    outcome = make_move(state, ruleset, "promise_keep", TypedDice([]), effect_dice=dice)
    dice.finish()
    return state, outcome


def ada(state: Campaign) -> Character:
    return state.characters["Ada"]


# --- the effect kinds -------------------------------------------------------------------------


def meter() -> None:
    before, after = keep([{"kind": "meter", "meter": "hp", "amount": -2}])
    assert (ada(before).meters["hp"], ada(after.state).meters["hp"]) == (5, 3)


def hold() -> None:
    _, after = keep([{"kind": "hold", "hold": "luck", "amount": 2}])
    assert ada(after.state).holds == {"luck": 2}


def condition() -> None:
    _, after = keep([{"kind": "condition", "condition": "wet"}])
    assert "wet" in ada(after.state).conditions


def flag() -> None:
    _, after = keep([{"kind": "flag", "flag": "merry"}])
    assert after.state.steading is not None and after.state.steading.flags == ("merry",)


def steading() -> None:
    _, after = keep([{"kind": "steading", "stat": "surplus", "amount": 2}])
    assert after.state.steading is not None and after.state.steading.stats["surplus"] == 2


def xp() -> None:
    _, after = keep([{"kind": "xp", "amount": 3}])
    assert ada(after.state).xp == 3


def level() -> None:
    def ready(ruleset: Ruleset, state: Campaign) -> Campaign:
        return edits.set_field(state, ruleset, "Ada.xp", "9").state

    _, after = keep([{"kind": "level"}], prepare=ready)
    assert (ada(after.state).level, ada(after.state).xp) == (2, 1)  # 8 XP for level 1 → 2


def table() -> None:
    _, after = keep([{"kind": "table", "table": "weather"}], faces=[4])
    assert "wet" in ada(after.state).conditions
    assert any("Weather d6 = 4" in w for w in after.event.results)


def heal() -> None:
    _, after = keep([{"kind": "heal", "dice": "1d4"}], faces=[3])
    assert ada(after.state).meters["hp"] == 8


def forward() -> None:
    _, after = keep([{"kind": "forward", "amount": 1}])
    assert ada(after.state).forward == 1


def season() -> None:
    _, after = keep([{"kind": "season"}])
    assert after.state.steading is not None and after.state.steading.season == "summer"


def waive() -> None:
    keys = {
        "options": [
            {
                "up_to": True,
                "items": [
                    {
                        "id": "free",
                        "text": "It costs nothing.",
                        "effects": [{"kind": "waive", "effect": "fee"}],
                    }
                ],
            }
        ],
    }
    catalog = load([promise_move(effects=[{"kind": "xp", "amount": 1, "id": "fee"}], **keys)])
    ruleset, state = played(catalog)
    paid = make_move(state, ruleset, "promise_keep", TypedDice([]))
    free = make_move(state, ruleset, "promise_keep", TypedDice([]), picks=["free"])
    assert (ada(paid.state).xp, ada(free.state).xp) == (1, 0)


def follow() -> None:
    _, after = keep([{"kind": "follow", "move": "promise_other"}])
    assert after.event.follow == ("promise_other",)


def use() -> None:
    def roped(ruleset: Ruleset, state: Campaign) -> Campaign:
        rope = Item("rope", uses=3)
        return attrs.evolve(state, characters={"Ada": attrs.evolve(ada(state), gear=(rope,))})

    _, after = keep([{"kind": "use", "gear": "rope"}], prepare=roped)
    assert ada(after.state).gear == (Item("rope", uses=2),)


def bonus() -> None:
    # A bonus lifts the roll just made: in a move's effects (or an option's, or a table row's)
    # there is no roll to lift, and the loader says so.
    found = problems([promise_move(effects=[{"kind": "bonus", "amount": 1}])])
    assert len(found) == 1 and "moves[0].effects[0].kind" in found[0]
    assert "a bonus is spent from a hold on a roll" in found[0]
    # Spent from a hold, it lifts a kept die of the pool (reading 8), by its amount.
    ruleset = load(ruleset=with_hold(per_roll=1, spends=[bonus_spend(2)])).ruleset("promise")
    turn = pool_turn.push(pool_turn.start(1, 1), TypedDice([3]))
    lifted = pool_turn.prepare(turn, 1, ruleset)
    assert lifted.last is not None and lifted.last.kept == (5,)


def _maneuver(**keys: Any) -> dict[str, Any]:
    """A maneuver added to the shipped `maneuvers` ruleset: a d20 + Str against 10."""
    return {
        "id": "promise_maneuvers_go",
        "name": "Go",
        "ruleset": "maneuvers",
        "trigger": "When you go at a foe…",
        "text": "d20 + Str mod, 10 or more.",
        "takes_turn": True,
        "roll": {"mechanic": "d20", "dice": "1d20", "stat": "str", "target": 10},
        "bands": [
            {"id": "hit", "label": "Hit", "text": "It works."},
            {"id": "fail", "label": "Miss", "text": "It does not."},
            {"id": "fumble", "label": "Natural 1", "text": "It goes wrong."},
        ],
        **keys,
    }


def fight(
    effects: Sequence[dict[str, Any]],
    effect: Sequence[int] = (),
    actor: str = "Brannoc",
    at: str = "Bandit",
    **keys: Any,
) -> Outcome:
    """The maneuver made with a 15 in the demo fight, where the Bandit attacks Brannoc and the
    Ogre attacks Wren; `effect` are the faces its effects roll."""
    ruleset = load([_maneuver(effects=list(effects), **keys)], own=False).ruleset("maneuvers")
    extra = TypedDice(effect)
    outcome = make_move(
        demo_campaign(ruleset),
        ruleset,
        "promise_maneuvers_go",
        TypedDice([15]),
        actor=actor,
        at=at,
        effect_dice=extra,
    )
    extra.finish()
    return outcome


def foe_of(state: Campaign, name: str) -> Foe:
    assert state.encounter is not None
    return state.encounter.foes[name]


def damage() -> None:
    hit = {"kind": "damage", "on": ["hit"], "subject": "foe", "dice": "1d6", "amount": 1}
    after = fight([hit], effect=[4])
    assert foe_of(after.state, "Bandit").meters["health"] == 20 - (4 + 1 - 1)  # armor 1


def flee() -> None:
    after = fight([{"kind": "flee", "on": ["hit"]}], escape=True)
    assert after.state.encounter is not None and after.state.encounter.fled == ("Brannoc",)
    assert foe_of(after.state, "Bandit").attacking is None


def break_off() -> None:
    after = fight([{"kind": "break_off", "on": ["hit"]}], escape=True)
    assert foe_of(after.state, "Bandit").attacking == "Isolde"


def redirect() -> None:
    after = fight([{"kind": "redirect", "on": ["hit"]}], actor="Isolde", at="Ogre")
    assert foe_of(after.state, "Ogre").attacking == "Isolde"  # it attacked Wren


def progress() -> None:
    move = {
        "id": "promise_starforged_step",
        "name": "Step Forward",
        "ruleset": "starforged",
        "trigger": "When you take a step toward a vow…",
        "text": "Mark progress.",
        "effects": [{"kind": "progress"}],
    }
    ruleset = load([move], own=False).ruleset("starforged")
    state = starforged_demo(ruleset)
    track = "Avenge the Ironhold"
    after = make_move(state, ruleset, "promise_starforged_step", TypedDice([]), track=track)
    before = {t.name: t.ticks for t in state.tracks or ()}
    now = {t.name: t.ticks for t in after.state.tracks or ()}
    assert now["Avenge the Ironhold"] == before["Avenge the Ironhold"] + 8  # dangerous: 2 boxes


def ammo() -> None:
    move = {
        "id": "promise_hack_loose",
        "name": "Loose",
        "ruleset": "hack",
        "tags": ["ranged"],
        "trigger": "When you loose a shot…",
        "text": "One shot off.",
        "effects": [{"kind": "ammo", "if_gear_tag": "ammo"}],
    }
    ruleset = load([move], own=False).ruleset("hack")
    state = demo_campaign(ruleset)
    shots = [i.ammo for i in state.characters["Mira"].gear if i.ammo is not None]
    after = make_move(state, ruleset, "promise_hack_loose", TypedDice([]), actor="Mira")
    left = [i.ammo for i in after.state.characters["Mira"].gear if i.ammo is not None]
    assert (shots, left) == ([3], [2])


KINDS: dict[str, Case] = {
    "meter": meter,
    "hold": hold,
    "condition": condition,
    "flag": flag,
    "steading": steading,
    "xp": xp,
    "level": level,
    "table": table,
    "heal": heal,
    "damage": damage,
    "forward": forward,
    "bonus": bonus,
    "season": season,
    "waive": waive,
    "follow": follow,
    "use": use,
    "flee": flee,
    "break_off": break_off,
    "redirect": redirect,
    "progress": progress,
    "ammo": ammo,
}


def test_every_effect_kind_has_a_case() -> None:
    assert set(KINDS) == set(get_args(EffectKind))


@pytest.mark.parametrize("kind", get_args(EffectKind))
def test_each_effect_kind_changes_the_sheet_or_is_refused(kind: str) -> None:
    assert kind in KINDS, f"effect kind {kind!r} has no case: add one to KINDS"
    KINDS[kind]()


# --- a hold's optional fields -----------------------------------------------------------------


def bonus_spend(amount: int = 1) -> dict[str, Any]:
    return {
        "id": "plus",
        "text": f"+{amount} to the roll just made.",
        "effects": [{"kind": "bonus", "amount": amount}],
    }


def hold_scope() -> None:
    assert problems(ruleset=with_hold(scope="character")) == []
    found = problems(ruleset=with_hold(scope="steading"))
    assert len(found) == 1 and "rulesets[0].holds[0].scope" in found[0]
    assert "a hold is held by a character" in found[0]


def hold_max() -> None:
    ruleset, state = played(load(ruleset=with_hold(max=2)))
    after = edits.hold(state, ruleset, "luck", 5, "Ada").state
    assert ada(after).holds == {"luck": 2}


def hold_per_roll() -> None:
    # Spent on a roll: at most per_roll points on one pool roll, each its bonus.
    for per_roll, allowed in ((1, 1), (2, 2)):
        spends = [bonus_spend()]
        ruleset = load(ruleset=with_hold(per_roll=per_roll, spends=spends)).ruleset("promise")
        turn = pool_turn.push(pool_turn.start(1, 1), TypedDice([2]))
        for _ in range(allowed):
            turn = pool_turn.prepare(turn, 1, ruleset)
        assert turn.last is not None and turn.last.kept == (2 + allowed,)
        with pytest.raises(HearthrollError, match=f"Luck: at most {per_roll}"):
            pool_turn.prepare(turn, 1, ruleset)
    # A hold never spent on a roll has no roll to limit.
    found = problems(ruleset=with_hold(per_roll=1))
    assert len(found) == 1 and "rulesets[0].holds[0].per_roll" in found[0]
    assert "a hold with no `bonus` spend is never spent on a roll" in found[0]
    zero = problems(ruleset=with_hold(per_roll=0, spends=[bonus_spend()]))
    assert len(zero) == 1 and "per_roll is 1 or more" in zero[0]


def hold_text() -> None:
    # Words for the table, not rules: read as written.
    ruleset = load(ruleset=with_hold(text="From a good night's sleep.")).ruleset("promise")
    assert ruleset.hold("luck").text == "From a good night's sleep."


def hold_spends() -> None:
    ruleset, state = played(load())
    state = edits.hold(state, ruleset, "luck", 1, "Ada").state
    after = edits.hold(state, ruleset, "luck", -1, "Ada", picks=["steady"]).state
    assert (ada(after).holds, ada(after).forward) == ({}, 1)


HOLD_FIELDS: dict[str, Case] = {
    "scope": hold_scope,
    "max": hold_max,
    "per_roll": hold_per_roll,
    "text": hold_text,
    "spends": hold_spends,
}


def optional_fields(cls: type) -> set[str]:
    return {f.name for f in attrs.fields(cls) if f.default is not attrs.NOTHING}


def test_every_optional_field_of_a_hold_has_a_case() -> None:
    assert set(HOLD_FIELDS) == optional_fields(Hold)


@pytest.mark.parametrize("field", sorted(optional_fields(Hold)))
def test_each_optional_field_of_a_hold_is_applied_or_refused(field: str) -> None:
    HOLD_FIELDS[field]()


# --- the XP rule's fields ---------------------------------------------------------------------


def xp_rule(**keys: Any) -> tuple[Ruleset, Campaign]:
    return played(load(ruleset=with_ruleset(xp=keys)))


def xp_base() -> None:
    ruleset, state = xp_rule(base=3, per_level=4)  # level 1 → 2 at 7, 2 → 3 at 11
    state = edits.set_field(state, ruleset, "Ada.xp", "6").state
    with pytest.raises(RuleError, match="Ada needs 7 XP, has 6"):
        edits.do_level_up(state, ruleset, "Ada")
    state = edits.set_field(state, ruleset, "Ada.xp", "19").state
    after = ada(edits.do_level_up(state, ruleset, "Ada").state)
    assert (after.level, after.xp) == (3, 1)
    found = problems(ruleset=with_ruleset(xp={"base": 0, "per_level": 0}))
    assert len(found) == 1 and "rulesets[0].xp.base" in found[0]
    assert "level 1 would need 0 XP" in found[0]


def xp_per_level() -> None:
    ruleset, state = xp_rule(base=3, per_level=0)  # 3 XP a level, whatever the level
    state = edits.set_field(state, ruleset, "Ada.xp", "7").state
    after = ada(edits.do_level_up(state, ruleset, "Ada").state)
    assert (after.level, after.xp) == (3, 1)
    found = problems(ruleset=with_ruleset(xp={"per_level": -1}))
    assert len(found) == 1 and "rulesets[0].xp.per_level" in found[0]
    assert "per_level is 0 or more" in found[0]


def xp_start_level() -> None:
    ruleset, state = xp_rule(start_level=3)
    assert (ada(state).level, ada(state).rerolls_left) == (3, 3)
    assert edits.add_character(state, ruleset, "Bo", level=1).state.characters["Bo"].level == 1
    found = problems(ruleset=with_ruleset(xp={"start_level": 0}))
    assert len(found) == 1 and "rulesets[0].xp.start_level" in found[0]
    assert "start_level is 1 to 99" in found[0]


def xp_rerolls() -> None:
    ruleset, state = xp_rule(rerolls="none")
    assert ada(state).rerolls_left == 0
    state = edits.set_field(state, ruleset, "Ada.xp", "8").state
    after = ada(edits.do_level_up(state, ruleset, "Ada").state)
    assert (after.level, after.rerolls_left) == (2, 0)
    ruleset, state = xp_rule(rerolls="level")
    state = edits.set_field(state, ruleset, "Ada.xp", "8").state
    after = ada(edits.do_level_up(state, ruleset, "Ada").state)
    assert (after.level, after.rerolls_left) == (2, 2)


def xp_each_level() -> None:
    ruleset, state = xp_rule(each_level="a new talent")
    state = edits.set_field(state, ruleset, "Ada.xp", "20").state
    said = edits.do_level_up(state, ruleset, "Ada").event.results
    assert said[-1] == "choose a new talent (2 to choose)"
    ruleset, state = xp_rule()
    state = edits.set_field(state, ruleset, "Ada.xp", "8").state
    assert not any("choose" in s for s in edits.do_level_up(state, ruleset, "Ada").event.results)


XP_FIELDS: dict[str, Case] = {
    "base": xp_base,
    "per_level": xp_per_level,
    "start_level": xp_start_level,
    "rerolls": xp_rerolls,
    "each_level": xp_each_level,
}


def test_every_field_of_the_xp_rule_has_a_case() -> None:
    assert set(XP_FIELDS) == optional_fields(XpRule)


@pytest.mark.parametrize("field", sorted(optional_fields(XpRule)))
def test_each_field_of_the_xp_rule_is_applied_or_refused(field: str) -> None:
    XP_FIELDS[field]()


# --- the places the promises reach -------------------------------------------------------------


def test_a_bonus_in_an_option_or_a_table_row_is_refused_by_name() -> None:
    option = {"items": [{"id": "push", "text": "Push.", "effects": [{"kind": "bonus"}]}]}
    found = problems([promise_move(options=[option])])
    assert len(found) == 1 and "moves[0].options[0].items[0].effects[0].kind" in found[0]
    tables = copy.deepcopy(RULESET["tables"])
    tables[0]["rows"][0]["effects"] = [{"kind": "bonus", "amount": 1}]
    found = problems(ruleset=with_ruleset(tables=tables))
    assert len(found) == 1 and "rulesets[0].tables[0].rows[0].effects[0].kind" in found[0]


def test_a_bonus_spend_is_one_hold_and_one_effect_of_one_or_more() -> None:
    assert problems(ruleset=with_hold(spends=[bonus_spend()])) == []
    found = problems(ruleset=with_hold(spends=[bonus_spend(0)]))
    assert len(found) == 1 and "a bonus of 0 lifts nothing" in found[0]
    mixed = bonus_spend()
    mixed["effects"] = [*mixed["effects"], {"kind": "xp", "amount": 1}]
    found = problems(ruleset=with_hold(spends=[mixed]))
    assert len(found) == 1 and "effects[1]" in found[0]
    two = with_ruleset(
        holds=[
            {"id": "luck", "name": "Luck", "spends": [bonus_spend()]},
            {"id": "pluck", "name": "Pluck", "spends": [bonus_spend()]},
        ]
    )
    found = problems(ruleset=two)
    assert len(found) == 1 and "rulesets[0].holds[1]" in found[0] and "Luck" in found[0]


def test_a_hold_spend_that_goes_on_a_roll_is_refused_by_hand_by_name() -> None:
    house = load(own=False).ruleset("house")
    state = demo_campaign(house)
    state = edits.hold(state, house, "preparation", 1, "Brannoc").state
    with pytest.raises(RuleError, match=r"plus_one is \+1 to a roll"):
        edits.hold(state, house, "preparation", -1, "Brannoc", picks=["plus_one"])
    spent = edits.hold(state, house, "preparation", -1, "Brannoc").state  # by hand: no pick
    assert "preparation" not in spent.characters["Brannoc"].holds


def test_the_house_preparation_is_the_hold_spent_on_a_roll() -> None:
    house = load(own=False).ruleset("house")
    found = holds.on_roll(house)
    assert found is not None
    assert (found.hold.id, found.bonus, found.per_roll) == ("preparation", 1, 1)
    assert holds.on_roll(load(own=False).ruleset("hack")) is None


def test_a_new_character_starts_at_the_start_level_wherever_made() -> None:
    ruleset = load(ruleset=with_ruleset(xp={"start_level": 2})).ruleset("promise")
    state = edits.add_character(new_campaign(ruleset), ruleset, "Ada").state
    assert ada(state).level == 2
    joined = edits.add_character(state, ruleset, "Bo", level=5).state
    assert joined.characters["Bo"].level == 5
    without = load(ruleset=with_ruleset(xp=None)).ruleset("promise")
    joined = edits.add_character(new_campaign(without), without, "Cy").state
    assert joined.characters["Cy"].level == 1


def test_the_house_demo_party_levels_from_the_start_level() -> None:
    house = load(own=False).ruleset("house")
    assert house.xp is not None
    higher = attrs.evolve(house, xp=attrs.evolve(house.xp, start_level=3))
    levels = {n: c.level for n, c in demo_campaign(higher).characters.items()}
    assert levels == {"Brannoc": 4, "Isolde": 3, "Wren": 3}
    assert {n: c.level for n, c in demo_campaign(house).characters.items()} == {
        "Brannoc": 2,
        "Isolde": 1,
        "Wren": 1,
    }


def test_can_level_answers_from_the_xp_rule() -> None:
    rule = XpRule(base=6, per_level=2)
    ready = attrs.evolve(played(load())[1].characters["Ada"], xp=8)
    assert rule.can_level(ready) and not rule.can_level(attrs.evolve(ready, xp=7))
    assert rule.climb(attrs.evolve(ready, xp=8 + 10 + 3)) == (3, 3)


# --- promises the session's verbs keep (the roll hold, per_roll, rerolls = "none") -------------

POOL_BANDS = [
    {"id": "strong", "label": "Success with a 6", "text": "Yes."},
    {"id": "weak", "label": "Success, no 6", "text": "Yes, but."},
    {"id": "miss", "label": "Bust", "text": "No."},
]


def risky_move() -> dict[str, Any]:
    return promise_move(risky=True, roll={"mechanic": "pool"}, bands=POOL_BANDS)


def sum_move() -> dict[str, Any]:
    bands = [
        {"id": "strong", "label": "10+", "text": "Yes.", "low": 10},
        {"id": "weak", "label": "7–9", "text": "Yes, but.", "low": 7, "high": 9},
        {"id": "miss", "label": "6−", "text": "No.", "high": 6},
    ]
    return promise_move(roll={"mechanic": "sum", "dice": "2d6", "stat": "grit"}, bands=bands)


def lucky(catalog: Catalog, luck: int) -> tuple[Ruleset, Campaign]:
    ruleset, state = played(catalog)
    return ruleset, edits.hold(state, ruleset, "luck", luck, "Ada").state


def test_a_hold_spent_on_a_roll_as_it_is_made_adds_its_bonus() -> None:
    hold = with_hold(per_roll=1, spends=[bonus_spend(2)])
    ruleset, state = lucky(load([sum_move()], ruleset=hold), 1)
    outcome = make_move(state, ruleset, "promise_keep", TypedDice([3, 3]), boost=1)
    assert (outcome.event.total, outcome.event.band) == (8, "weak")
    assert ada(outcome.state).holds == {}


def test_per_roll_two_lets_two_points_lift_one_waiting_bust() -> None:
    from hearthroll.core.verbs.pool import prep

    hold = with_hold(per_roll=2, spends=[bonus_spend()])
    ruleset, state = lucky(load([risky_move()], ruleset=hold), 3)
    state = make_move(state, ruleset, "promise_keep", TypedDice([5])).state
    bust = make_move(state, ruleset, "promise_keep", TypedDice([1, 1])).state
    once = prep(bust, ruleset, 1, TypedDice([]))
    assert once.event.pending
    twice = prep(once.state, ruleset, 2, TypedDice([]))
    assert (twice.event.dice, twice.event.band) == ((2, 2), "weak")
    assert ada(twice.state).holds == {"luck": 1}


def test_rerolls_none_stopping_refreshes_no_rerolls() -> None:
    from hearthroll.core.verbs.pool import stop

    ruleset, state = played(load([risky_move()], ruleset=with_ruleset(xp={"rerolls": "none"})))
    state = make_move(state, ruleset, "promise_keep", TypedDice([5])).state
    assert ada(stop(state, ruleset).state).rerolls_left == 0


def test_the_cli_add_leaves_the_level_to_the_start_level() -> None:
    from hearthroll.cli import build_parser

    assert build_parser().parse_args(["add", "campaign.toml", "Bo"]).level is None


def test_the_muster_is_the_move_whose_flag_holds_not_a_move_id() -> None:
    """The muster's picks last while its flag stands because its flag effect says `hold`; the
    same move under another id musters the same way, and Seasons Change takes its +1 back."""
    house = build_catalog([shipped_file()]).ruleset("house")
    muster = house.move("muster")
    renamed = attrs.evolve(muster, id="call_to_arms", name="Call to Arms", aliases=())
    ruleset = attrs.evolve(
        house, moves=tuple(renamed if m.id == "muster" else m for m in house.moves)
    )
    state = demo_campaign(ruleset)
    assert state.steading is not None and state.steading.stats["defenses"] == 1
    picks = ["defenses", "everyone_pitches_in"]
    mustered = make_move(state, ruleset, "call_to_arms", TypedDice([6, 2]), picks=picks).state
    assert mustered.steading is not None
    assert mustered.steading.stats["defenses"] == 2
    assert mustered.steading.muster == ("defenses", "everyone_pitches_in")
    turned = make_move(mustered, ruleset, "seasons_change", TypedDice([5, 2])).state
    assert turned.steading is not None
    assert turned.steading.stats["defenses"] == 1
    assert turned.steading.muster == ()


def test_a_second_move_whose_picks_hold_is_refused_by_name() -> None:
    rally = {
        "id": "rally",
        "name": "Rally",
        "ruleset": "house",
        "trigger": "When the walls are manned…",
        "text": "Everyone to the walls.",
        "effects": [{"kind": "flag", "flag": "mustered", "mode": "hold"}],
    }
    said = problems([rally], own=False)
    assert any("Muster is the move whose picks hold already" in p for p in said), said
    held = {**rally, "effects": [{"kind": "hold", "hold": "readiness", "mode": "hold"}]}
    said = problems([held], own=False)
    assert any("only a flag holds" in p for p in said), said


def test_make_a_plan_is_a_plan_by_its_tag() -> None:
    from hearthroll.core.games import steading

    house = build_catalog([shipped_file()]).ruleset("house")
    assert [m.id for m in house.moves if steading.starts_plan(m)] == ["make_a_plan"]
