"""Options whose own gate does not hold are not shown: Endure Harm's "shake it off" is no
choice for a character already wounded."""

from __future__ import annotations

import attrs
import pytest

from hearthroll.core.campaign.events import Event, Outcome, summary
from hearthroll.core.campaign.resolve import Context, items_holding
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.games.demo import new_campaign
from hearthroll.core.rules.effects import Option, OptionList
from hearthroll.core.rules.model import Ruleset
from hearthroll.core.verbs.asking import MoveRequest, resolve
from hearthroll.core.verbs.edits import add_character
from hearthroll.store.rulesets import load_catalog

ENDURE_HARM = "starforged_endure_harm"


@pytest.fixture(scope="module")
def starforged() -> Ruleset:
    return load_catalog(with_user=False).ruleset("starforged")


def kael(ruleset: Ruleset, *conditions: str) -> Campaign:
    """A starforged campaign whose one character, Kael, has these conditions marked."""
    state = add_character(new_campaign(ruleset), ruleset, "Kael").state
    character = attrs.evolve(state.characters["Kael"], conditions=dict.fromkeys(conditions, 0))
    return attrs.evolve(state, characters={"Kael": character})


def offered(
    state: Campaign, ruleset: Ruleset, move: str, harm: str, faces: tuple[int, ...]
) -> tuple[Event, list[str]]:
    """The roll as judged with these faces (harm picked, resisted) and the items its band
    asks to pick from, as the engine asks them."""
    request = MoveRequest(move, actor="Kael", picks=(harm,), resist=True, burn=False, faces=faces)
    made = resolve(state, ruleset, request)
    if isinstance(made, Outcome):
        return made.event, []
    assert made.seen is not None
    return made.seen.event, [c for q in made.questions for c, _ in q.choices]


def strong_hit_items(ruleset: Ruleset, state: Campaign) -> list[str]:
    event, items = offered(state, ruleset, ENDURE_HARM, "minor", (6, 1, 1))
    assert event.band == "strong"
    return items


def test_shake_it_off_is_offered_to_the_unwounded(starforged: Ruleset) -> None:
    items = strong_hit_items(starforged, kael(starforged))
    assert items == ["shake_it_off", "embrace_the_pain"]


def test_shake_it_off_is_hidden_from_the_wounded(starforged: Ruleset) -> None:
    items = strong_hit_items(starforged, kael(starforged, "wounded"))
    assert items == ["embrace_the_pain"]


def test_a_list_keeps_only_the_items_whose_gate_holds(starforged: Ruleset) -> None:
    state = kael(starforged, "wounded")
    gated = OptionList(
        items=(
            Option(id="always", text="Always."),
            Option(id="unwounded", text="Not when wounded.", unless_condition="wounded"),
            Option(id="wounded", text="Only when wounded.", if_condition="wounded"),
        )
    )
    context = Context(state, state.characters["Kael"])
    shown = items_holding(gated, context, starforged)
    assert [o.id for o in shown.items] == ["always", "wounded"]
    assert shown.pick == gated.pick
    alone = OptionList(pick=2, items=gated.items[:2])  # pick 2, but one item is left
    assert items_holding(alone, context, starforged).pick == 1


def with_match_twist(ruleset: Ruleset) -> Ruleset:
    """Starforged with an item on Endure Harm's strong hit that only a match offers."""
    move = ruleset.move(ENDURE_HARM)
    twist = Option(id="twist", text="A match: something else entirely.", if_match=True)
    lists = tuple(
        attrs.evolve(lst, items=(*lst.items, twist)) if "strong" in lst.on else lst
        for lst in move.options
    )
    changed = attrs.evolve(move, options=lists)
    moves = tuple(changed if m.id == ENDURE_HARM else m for m in ruleset.moves)
    return attrs.evolve(ruleset, moves=moves)


@pytest.mark.parametrize(
    ("faces", "match", "items"),
    [
        ((6, 1, 1), True, ["shake_it_off", "embrace_the_pain", "twist"]),
        ((6, 1, 2), False, ["shake_it_off", "embrace_the_pain"]),
    ],
)
def test_an_item_gated_on_a_match_is_offered_only_on_a_match(
    starforged: Ruleset, faces: tuple[int, ...], match: bool, items: list[str]
) -> None:
    ruleset = with_match_twist(starforged)
    event, offered_items = offered(kael(ruleset), ruleset, ENDURE_HARM, "minor", faces)
    assert event.band == "strong"
    assert event.match is match
    assert offered_items == items
    if match:
        assert summary(event).endswith("(a match)")


@pytest.mark.parametrize(("health", "items"), [(2, []), (3, ["trade"]), (4, ["trade"])])
def test_a_companion_s_weak_hit_trade_reads_its_health_after_the_harm(
    starforged: Ruleset, health: int, items: list[str]
) -> None:
    """Serious harm takes Vex to 0 from 2: "if their health is not 0" holds no more, so the
    preview offers what the engine would take (reading 26), not what the sheet before said."""
    from hearthroll.core.games import assets

    state = kael(starforged)
    vex = attrs.evolve(assets.new_asset(starforged, "companion", "Vex", 4), value=health)
    state = attrs.evolve(state, characters={"Kael": assets.add(state.characters["Kael"], vex)})
    move = "starforged_companion_takes_a_hit"
    event, offered_items = offered(state, starforged, move, "serious", (2, 9, 1))
    assert event.band == "weak"
    assert offered_items == items
