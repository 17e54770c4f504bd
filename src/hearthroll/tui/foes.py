"""The add-foe prompt's one line read into the encounter verb's arguments: a foe the
bestiary knows, or the GM's own."""

from __future__ import annotations

from pathlib import Path

from hearthroll.core.campaign.events import Outcome
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.errors import RuleError
from hearthroll.core.numbers import whole_number
from hearthroll.core.rules.model import Ruleset
from hearthroll.core.verbs import fight

FOE_HINT = "2 wolves, an ogre; or your own: Bandit 12 12 20 armor 1 two shield huge"
FOE_FORM = "Bandit 12 12 20 armor 1 two shield huge (name, Str, Dex, health, then any)"
_WEAPONS = {"one": "one_handed", "two": "two_handed", "none": "none"}


def add_foe_verb(
    state: Campaign,
    ruleset: Ruleset,
    text: str,
    attacking: str | None,
    campaign: Path | None = None,
) -> Outcome:
    """A foe the bestiary knows (`wolf`, `2 wolves`, `an ogre`: the shipped foes, the user's
    own and those of the files the `campaign` names), or one of the GM's own: `NAME STR DEX
    HEALTH [armor N] [one|two] [shield] [huge]`; it attacks `attacking`."""
    words = text.split()
    numbers = [i for i, w in enumerate(words) if whole_number(w) is not None]
    if words and not [i for i in numbers if i > 0]:
        from hearthroll.store.bestiary import bestiary_for
        from hearthroll.store.campaign_moves import recorded

        known = bestiary_for(recorded(campaign) if campaign is not None else ())
        return fight.add_known_foes(state, ruleset, known, " ".join(words), attacking=attacking)
    if len(numbers) < 3 or numbers[0] == 0:
        raise RuleError(f"give the foe as {FOE_FORM}, or name one the bestiary knows")
    first = numbers[0]
    name = " ".join(words[:first])
    strength, dex, health = (whole_number(w) or 0 for w in words[first : first + 3])
    rest = [w.lower() for w in words[first + 3 :]]
    armor = 0
    if "armor" in rest:
        at = rest.index("armor")
        typed = whole_number(rest[at + 1]) if at + 1 < len(rest) else None
        if typed is None:
            raise RuleError("armor takes a number: armor 1")
        armor = typed
        del rest[at : at + 2]
    weapon = next((_WEAPONS[w] for w in rest if w in _WEAPONS), "none")
    unknown = [w for w in rest if w not in (*_WEAPONS, "shield", "huge")]
    if unknown:
        raise RuleError(f"a foe has no {unknown[0]!r}; give armor N, one, two, shield, huge")
    return fight.add_foe(
        state,
        ruleset,
        name,
        {"str": strength, "dex": dex},
        health,
        armor=armor,
        weapon=weapon,
        shield="shield" in rest,
        huge="huge" in rest,
        attacking=attacking,
    )


def joined(before: Campaign, after: Campaign) -> str:
    """ "joined: Wolf 1, Wolf 2": the foes in the fight now that were not before."""
    old = before.encounter.foes if before.encounter else {}
    new = [n for n in (after.encounter.foes if after.encounter else {}) if n not in old]
    return f"joined: {', '.join(new)}" if new else ""


FOE_ORDERS = "hurt 5 (or 5; add ignore: past armor) · heal 3 · wield · drop · attacking NAME · stop"


def foe_verb(state: Campaign, name: str, text: str) -> Outcome:
    """What the GM says of the aimed foe, read into the encounter verb it names: `hurt 5` (or
    `5`; `ignore` past armor), `heal 3`, `wield`, `drop`, `attacking NAME`, `stop`."""
    words = text.split()
    order = words[0].lower() if words else ""
    rest = words[1:]
    if whole_number(order) is not None:
        order, rest = "hurt", words
    if order in ("hurt", "heal"):
        amount = whole_number(rest[0]) if rest else None
        extra = [w.lower() for w in rest[1:]]
        if amount is None or extra not in ([], ["ignore"]) or (order == "heal" and extra):
            raise RuleError(
                f"say {order} and a number: {order} 3"
                + (" (ignore: past armor)" if order == "hurt" else "")
            )
        if order == "heal":
            return fight.heal_foe(state, name, amount)
        return fight.hurt_foe(state, name, amount, ignore_armor=extra == ["ignore"])
    if order in ("wield", "drop", "stop") and not rest:
        if order == "wield":
            return fight.wield(state, name)
        if order == "drop":
            return fight.drop_foe(state, name)
        return fight.retarget(state, name, None)
    if order == "attacking" and rest:
        return fight.retarget(state, name, " ".join(rest))
    raise RuleError(f"say what happens to {name}: {FOE_ORDERS}")
