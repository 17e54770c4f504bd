"""`check` renders the state file after every event a part at a time, to compare each recorded
digest: the bytes are exactly those a writer renders whole, for every state play reaches and
for every state a replay of the saved events makes."""

from __future__ import annotations

from pathlib import Path

import attrs
from hypothesis import given, settings

from hearthroll.core.campaign.events import replay
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.campaign_files import render_state, stamp
from hearthroll.store.codec import campaign_data, event_data, event_from_data
from hearthroll.store.journal import digest_of
from hearthroll.store.rulesets import load_catalog
from hearthroll.store.state_bytes import StateBytes
from test_campaign_undo_properties import START, Step, played, sequences, through_toml

CATALOG = load_catalog(with_user=False)


def whole(state: Campaign, last_event: int) -> bytes:
    """The state file a writer renders, whole."""
    return render_state(stamp(campaign_data(state), last_event=last_event), Path("p.toml"))


@settings(deadline=None, max_examples=60)
@given(sequences)
def test_every_state_play_reaches_renders_as_a_writer_renders_it(sequence: list[Step]) -> None:
    table = played(sequence)
    files = StateBytes()
    for number, state in enumerate(table.states):
        assert files.render(state, number) == whole(state, number)


@settings(deadline=None, max_examples=60)
@given(sequences)
def test_a_replay_of_the_saved_events_has_every_digest_a_writer_recorded(
    sequence: list[Step],
) -> None:
    table = played(sequence)
    files = StateBytes()
    state = START
    for event, written in zip(table.events, table.states[1:], strict=True):
        saved = attrs.evolve(event_from_data(through_toml(event_data(event))), seq=event.seq)
        state = replay(state, [saved])
        assert files.digest(state, event.seq) == digest_of(whole(written, event.seq))


def test_every_ruleset_s_demo_renders_as_a_writer_renders_it() -> None:
    for ruleset in CATALOG.rulesets:
        state = demo_campaign(ruleset)
        assert StateBytes().render(state, 7) == whole(state, 7), ruleset.id
