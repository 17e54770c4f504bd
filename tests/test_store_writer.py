"""The writer of states and events gives exactly the data the strict converter gives, so the
files it writes read back as they always did (the round trips are in the properties tests)."""

from __future__ import annotations

import json
from typing import Any

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.deltas import Delta
from hearthroll.core.campaign.events import Event
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.games.demo import demo_campaign, new_campaign
from hearthroll.store.codec import campaign_data, event_data
from hearthroll.store.converter import drop_none, plain, shared
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)


def converted(value: Any) -> Any:
    return drop_none(shared().unstructure(value))


def ordered(data: Any) -> str:
    """The data with every table's keys in their order (JSON keeps it; equality does not)."""
    return json.dumps(data, ensure_ascii=False)


texts = st.text(max_size=6)
values: st.SearchStrategy[Any] = st.recursive(
    st.none() | st.booleans() | st.integers() | texts,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(texts, inner, max_size=3),
    max_leaves=8,
)
st.register_type_strategy(Delta, st.builds(Delta, st.tuples(texts, texts), values, values))


@settings(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(st.from_type(Campaign))
def test_any_campaign_is_written_as_the_converter_gives_it(campaign: Campaign) -> None:
    assert plain(campaign) == converted(campaign)
    assert ordered(plain(campaign)) == ordered(converted(campaign))  # so the same bytes


@settings(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(st.from_type(Event))
def test_any_event_is_written_as_the_converter_gives_it(event: Event) -> None:
    assert plain(event) == converted(event)
    assert ordered(plain(event)) == ordered(converted(event))
    old = converted(attrs.evolve(event, deltas=()))
    old.pop("seq", None)
    old["deltas"] = [
        drop_none(
            {
                "path": list(d.path),
                "before": shared().unstructure(d.before),
                "after": shared().unstructure(d.after),
            }
        )
        for d in event.deltas
    ]
    written = event_data(event)
    assert written == old
    assert list(written) == list(old)  # the same keys in the same order: the same bytes


def test_every_rulesets_demo_is_written_as_the_converter_gives_it() -> None:
    for ruleset in CATALOG.rulesets:
        for campaign in (demo_campaign(ruleset), new_campaign(ruleset, "x")):
            data = campaign_data(campaign)
            assert plain(campaign).keys() == converted(campaign).keys()
            assert data["ruleset"] == ruleset.id
