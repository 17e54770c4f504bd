"""The last session is found from the newest events back, by their times alone, and only its
own events are parsed: the same events as reading the whole journal forward and cutting it
where the last pause of four hours falls, across segments and sessions."""

from __future__ import annotations

import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearthroll.core.campaign.events import Event
from hearthroll.core.campaign.recap import last_session
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs import edits
from hearthroll.store import campaigns
from hearthroll.store.campaign_files import CampaignFiles
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.codec import campaign_data
from hearthroll.store.journal import JournalReader
from hearthroll.store.rulesets import load_catalog

HOUSE = load_catalog(with_user=False).ruleset("house")
START = datetime(2026, 11, 3, 19, 0, tzinfo=UTC)


def write(folder: Path, times: list[str], segment_size: int) -> Path:
    """A campaign whose events (notes and XP marks) carry `times` ("" for an event with no
    time, as an older hearthroll left some)."""
    path = folder / "p.toml"
    start = demo_campaign(HOUSE)
    files = CampaignFiles.create(path, campaign_data(start), segment_size=segment_size)
    with CampaignStore(files, start, HOUSE) as store:
        for seq, when in enumerate(times, 1):
            made = (
                edits.note(store.state, f"note {seq}")
                if seq % 3
                else edits.set_field(store.state, HOUSE, "Wren.xp", str(seq % 5))
            )
            store.commit(attrs.evolve(made, event=attrs.evolve(made.event, at=when)))
    return path


def forward(store: CampaignStore, after: int = 0) -> list[Event]:
    """The last session as it was read before: every event parsed, oldest first."""
    return last_session([e for e in store.events() if e.seq > after])


def weekly(sessions: int, per_session: int) -> list[str]:
    """Evenings a week apart, an event every ten minutes."""
    return [
        (START + timedelta(weeks=week, minutes=10 * n)).isoformat()
        for week in range(sessions)
        for n in range(per_session)
    ]


def test_the_last_of_weekly_sessions_across_segments_is_the_forward_read_s(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(campaigns, "_now", lambda: "")  # the times given are the times kept
    path = write(tmp_path, weekly(6, 13), segment_size=5)
    with CampaignStore.read(path, load_catalog(with_user=False)) as store:
        found = store.last_session()
        assert [e.seq for e in found] == list(range(66, 79))
        assert found == forward(store)
        for after in (0, 60, 66, 70, 78, 90):
            assert store.last_session(after) == forward(store, after), after


def test_only_the_session_s_events_are_parsed_and_no_older_segment_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(campaigns, "_now", lambda: "")
    path = write(tmp_path, weekly(4, 30), segment_size=25)  # sessions 1-30 … 91-120
    (path.with_suffix(".journal") / "00000026.toml").write_bytes(b"never read")
    parsed: list[int] = []
    real = JournalReader.parse

    def counting(self: JournalReader, block: campaigns.Block) -> dict[str, object]:
        parsed.append(block.seq)
        return real(self, block)

    monkeypatch.setattr(JournalReader, "parse", counting)
    with CampaignStore.read(path, load_catalog(with_user=False)) as store:
        assert [e.seq for e in store.last_session()] == list(range(91, 121))
    assert not [seq for seq in parsed if seq < 91]


HOURS = st.lists(st.one_of(st.none(), st.integers(0, 9)), min_size=0, max_size=40)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    hours=HOURS,
    segment_size=st.integers(1, 7),
    after=st.integers(0, 45),
    junk=st.booleans(),
)
def test_reading_back_gives_the_events_the_forward_read_gives(
    hours: list[int | None], segment_size: int, after: int, junk: bool
) -> None:
    """Each event comes some hours after the one before; None: it has no time (or, with
    `junk`, a time that does not read as one)."""
    clock, times = START, []
    for step in hours:
        if step is None:
            times.append("soon" if junk else "")
            continue
        clock += timedelta(hours=step)
        times.append(clock.isoformat())
    with tempfile.TemporaryDirectory() as folder:
        real_now = campaigns._now
        campaigns._now = lambda: ""  # type: ignore[assignment]
        try:
            path = write(Path(folder), times, segment_size)
        finally:
            campaigns._now = real_now  # type: ignore[assignment]
        with CampaignStore.read(path, load_catalog(with_user=False)) as store:
            assert store.last_session(after) == forward(store, after)
