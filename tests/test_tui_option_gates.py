"""Options whose own gate does not hold are not shown: Endure Harm's "shake it off" is no
choice for a character already wounded."""

from __future__ import annotations

import attrs
import pytest

from hearthroll.core.demo import new_campaign
from hearthroll.core.dice import RandomDice, TypedDice
from hearthroll.core.edits import add_character
from hearthroll.core.effects import Option, OptionList
from hearthroll.core.resolve import Context
from hearthroll.core.rules import Ruleset
from hearthroll.core.state import Campaign
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import flow
from hearthroll.tui.flow import MoveRequest

ENDURE_HARM = "starforged_endure_harm"


@pytest.fixture(scope="module")
def starforged() -> Ruleset:
    return load_catalog(with_user=False).ruleset("starforged")


def kael(ruleset: Ruleset, *conditions: str) -> Campaign:
    """A starforged campaign whose one character, Kael, has these conditions marked."""
    state = add_character(new_campaign(ruleset), ruleset, "Kael").state
    character = attrs.evolve(state.characters["Kael"], conditions=dict.fromkeys(conditions, 0))
    return attrs.evolve(state, characters={"Kael": character})


def strong_hit_items(ruleset: Ruleset, state: Campaign) -> list[str]:
    request = MoveRequest(ENDURE_HARM, actor="Kael", before=("minor",))
    preview = flow.preview_move(state, ruleset, request, TypedDice((6, 1, 1)), RandomDice())
    assert preview.event.band == "strong"
    return [o.id for lst in preview.lists for o in lst.items]


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
    (shown,) = flow.shown_lists([gated], context, starforged)
    assert [o.id for o in shown.items] == ["always", "wounded"]
    assert shown.pick == gated.pick
