"""The game's words on screen: the log names the steading for its rolls, the stat, the kept die
and the band; the tray and an event's record show options by their text, never ids or reprs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hearthroll.tui.screens.options import OptionsPicker
from hearthroll.tui.widgets.move_log import MoveLog
from test_tui_helpers import demo, plain, settle, shown

SIZE = (120, 40)
ID_OR_REPR = re.compile(r"\b[a-z]+_[a-z_]+\b|\('|',\)|\bNone\b|\.;")


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


async def test_a_muster_s_log_line_names_the_steading_stat_kept_die_and_band(
    data_dir: Path,
) -> None:
    app = demo(data_dir, faces=[4, 6])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("slash", "m", "u", "s", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, OptionsPicker)
        await pilot.press("1", "2", "enter")
        await settle(pilot, app)
        log = app.screen.query_one(MoveLog)
        line = str(log.prompt(0))
        assert "Millbrook: Muster (Population 2) [4, 6] keep 6 → 6 (10+)" in line
        tray = shown(app, "#tray-roll")
        assert tray.startswith("Millbrook: Muster (Population 2)")
        assert not ID_OR_REPR.search(tray), tray
        await pilot.press("enter")  # the event's whole record
        await pilot.pause()
        record = plain(app.screen.query_one("Static").content)
        assert "Millbrook" in record and "Population 2" in record
        assert not ID_OR_REPR.search(record), record


@pytest.mark.parametrize(
    ("mechanic", "band", "label", "words", "shown"),
    [
        ("d20", "hit", "Lands", "hit", "LANDS"),
        ("d20", "fail", "Misses", "miss", "MISSES"),
        ("d20", "fumble", "Natural 1", "natural 1", "NATURAL 1"),
        ("d20", "fumble", "Misses on 1–3", "natural 1", "MISSES ON 1–3 · NATURAL 1"),
        ("stat_dice", "weak", "4–5", "4–5 (7–9)", "4–5 (7–9)"),
        ("pool", "miss", "Bust", "bust", "BUST"),
        ("sum", "strong", "10–12", "", "10–12"),
        ("action", "weak", "Weak hit", "weak hit", "WEAK HIT"),
    ],
)
def test_the_band_is_said_once(
    mechanic: str, band: str, label: str, words: str, shown: str
) -> None:
    from hearthroll.tui.views import RollView
    from hearthroll.tui.widgets.dice_tray import band_line

    roll = RollView(
        seq=1, title="", mechanic=mechanic, kept=(3,), dropped=(), total=3, band=band, label=label,
        words=words, text="", pending=False, picked=(), modifiers=(), results=(),
    )  # fmt: skip
    assert band_line(roll).plain.strip() == shown


@pytest.mark.parametrize(
    ("face", "shown"), [(2, "MISSES ON 1–2"), (1, "MISSES ON 1–2 · NATURAL 1")]
)
def test_a_trip_s_own_miss_says_natural_1_only_on_a_1(face: int, shown: str) -> None:
    from hearthroll.core.campaign.events import Event
    from hearthroll.store.rulesets import load_catalog
    from hearthroll.tui.views import roll_view
    from hearthroll.tui.widgets.dice_tray import band_line

    maneuvers = load_catalog(with_user=False).ruleset("maneuvers")
    event = Event(
        kind="move", seq=1, actor="Isolde", move="maneuvers_trip", move_name="Trip",
        mechanic="d20", dice=(30, face), kept=(face,), band="fumble", label="Misses on 1–2",
        total=face - 1,
    )  # fmt: skip
    assert band_line(roll_view(event, maneuvers)).plain.strip() == shown
