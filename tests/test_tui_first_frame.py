"""The app's first frame needs only the campaign and its own ruleset: the whole catalog, the
move search and the cache files still to write follow once the table is on screen."""

from __future__ import annotations

import gc
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hearthroll.store import catalog_cache
from hearthroll.store.memo import Memo
from hearthroll.tui import build
from test_tui_open import played_campaign

KEYS_WORK = (
    "hearthroll.tui.moves",
    "hearthroll.tui.sheet_flows",
    "hearthroll.tui.starforged",
    "hearthroll.tui.foes",
    "hearthroll.tui.answers",
    "hearthroll.tui.serving",
    "hearthroll.tui.keys",
    "hearthroll.tui.screens.gear",
    "hearthroll.tui.screens.palette",
    "hearthroll.tui.screens.help",
    "hearthroll.tui.screens.edit_field",
    "hearthroll.tui.screens.event_detail",
    "hearthroll.tui.screens.new_character",
    "hearthroll.tui.screens.plans",
    "hearthroll.core.verbs.fight",
    "hearthroll.core.verbs.edits",
    "hearthroll.core.verbs.fields",
    "hearthroll.core.verbs.asking",
    "hearthroll.core.campaign.recap",
)
"""What only the table's keys do needs: none of it is loaded before the first frame."""
FIRST_FRAME = """
import sys
from pathlib import Path
from textual import events
from hearthroll.tui import build, launch

app = build(Path(sys.argv[1]), to_run=True)
app_events = app.on_event
loaded = []

async def on_event(event):
    await app_events(event)
    if isinstance(event, events.Ready):
        loaded.extend(m for m in sys.argv[2].split(",") if m in sys.modules)
        app.exit()

app.on_event = on_event
launch(app, headless=True, size=(80, 24))
app.live.close()
print("loaded:", *loaded)
"""


@pytest.mark.parametrize("ruleset", ["house", "maneuvers", "starforged"])
def test_the_first_frame_loads_none_of_what_only_the_keys_do(tmp_path: Path, ruleset: str) -> None:
    from hearthroll.core.games.demo import demo_campaign
    from hearthroll.store.campaigns import CampaignStore
    from hearthroll.store.rulesets import load_catalog

    assert all(importlib.util.find_spec(name) for name in KEYS_WORK)  # each name is real
    path = tmp_path / "camp.toml"
    catalog = load_catalog()
    CampaignStore.create(path, demo_campaign(catalog.ruleset(ruleset)), catalog).close()
    env = {**os.environ, "HEARTHROLL_DATA_DIR": str(tmp_path / "data"), "HEARTHROLL_WARM": "0"}
    for start in ("cold", "warm"):
        done = subprocess.run(
            [sys.executable, "-c", FIRST_FRAME, str(path), ",".join(KEYS_WORK)],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.split() == ["loaded:"], (start, done.stdout)


async def test_a_cold_start_keeps_its_caches_once_the_table_is_on_screen(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    played_campaign(path, 3)
    cache = Memo(tmp_path / "data" / ".cache")

    app = build(path, data_dir=tmp_path / "data")
    assert app.live is not None
    assert not cache.path(catalog_cache.NAME).exists()  # read and checked alone, not kept yet
    async with app.run_test() as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert cache.path(catalog_cache.NAME).exists()
        assert cache.path(f"{catalog_cache.NAME}.ruleset.house").exists()
        assert app.live.index.search("must")  # built behind the table
    app.live.close()


async def test_a_warm_start_reads_the_campaigns_ruleset_alone_before_the_first_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "camp.toml"
    played_campaign(path, 3)
    first = build(path, data_dir=tmp_path / "data")
    async with first.run_test() as pilot:
        await pilot.pause()
    assert first.live is not None
    first.live.close()

    read: list[str] = []
    get, get_parted = Memo.get, Memo.get_parted

    def reading(memo: Memo, name: str, key: str, kind: type[object]) -> object:
        read.append(name)
        return get(memo, name, key, kind)

    def reading_parted(memo: Memo, name: str, key: str, kind: type[object]) -> object:
        read.append(name)
        return get_parted(memo, name, key, kind)

    monkeypatch.setattr(Memo, "get", reading)
    monkeypatch.setattr(Memo, "get_parted", reading_parted)
    app = build(path, data_dir=tmp_path / "data")
    assert app.live is not None and app.live.state.characters["Wren"].xp == 3
    catalog_memos = [name for name in read if name.startswith(catalog_cache.NAME)]
    assert catalog_memos == [catalog_cache.NAME, f"{catalog_cache.NAME}.ruleset.house"]
    assert any(name.startswith("campaign-") for name in read)  # its snapshot
    async with app.run_test() as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert f"{catalog_cache.NAME}.ruleset.hack" in read  # the others, once it is on screen
        assert app.catalog.ruleset("house") == app.live.ruleset
    app.live.close()


COLLECTOR = """
import gc, sys
from pathlib import Path
from textual import events
from hearthroll.tui import build, launch

seen = [gc.isenabled()]
app = build(Path(sys.argv[1]), to_run=True)
seen.append(gc.isenabled())
app_events = app.on_event

async def on_event(event):
    if isinstance(event, events.Ready):
        seen.append(gc.isenabled())
    await app_events(event)
    if isinstance(event, events.Ready):
        seen.append(gc.isenabled())
        app.exit()

app.on_event = on_event
launch(app, headless=True, size=(80, 24))
app.live.close()
seen.append(gc.isenabled())
print(*seen)
"""


def test_the_collector_is_paused_from_building_to_run_until_the_first_frame(
    tmp_path: Path,
) -> None:
    path = tmp_path / "camp.toml"
    played_campaign(path, 3)
    env = {**os.environ, "HEARTHROLL_DATA_DIR": str(tmp_path / "data"), "HEARTHROLL_WARM": "0"}
    for _ in ("cold", "warm"):
        done = subprocess.run(
            [sys.executable, "-c", COLLECTOR, str(path)],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        # on at the start; paused once built and until the first frame; on from then
        assert done.stdout.split() == ["True", "False", "False", "True", "True"]


def test_an_app_built_to_be_tested_leaves_the_collector_alone(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    played_campaign(path, 3)
    assert gc.isenabled()
    app = build(path, data_dir=tmp_path / "data")
    assert gc.isenabled()
    assert app.live is not None
    app.live.close()


def test_a_campaign_that_cannot_be_opened_gives_the_collector_back(tmp_path: Path) -> None:
    from hearthroll.core.errors import HearthrollError

    path = tmp_path / "camp.toml"
    path.write_text("this is = not a campaign [\n", encoding="utf-8")
    with pytest.raises(HearthrollError):
        build(path, data_dir=tmp_path / "data", to_run=True)
    assert gc.isenabled()


KEYS = """
import sys
from pathlib import Path
from textual import events
from hearthroll.store import stamps
from hearthroll.tui import build, launch

read = []
content_digest = stamps.content_digest

def reading(*args):
    read.append("after" if drawn else "before")
    return content_digest(*args)

drawn = False
stamps.content_digest = reading
app = build(Path(sys.argv[1]), to_run=True)
app_events = app.on_event

async def on_event(event):
    global drawn
    await app_events(event)
    if isinstance(event, events.Ready):
        drawn = True
        await app.workers.wait_for_complete()
        app.exit()

app.on_event = on_event
launch(app, headless=True, size=(80, 24))
app.live.close()
print(*read)
"""


def test_a_cold_start_reads_the_sources_for_the_memos_key_behind_the_first_frame(
    tmp_path: Path,
) -> None:
    """With no memo to find, no key is worked out to look for one (the code's digest reads
    every source of the engine and the store): only to keep the memos, once the table is up."""
    path = tmp_path / "camp.toml"
    played_campaign(path, 3)
    env = {**os.environ, "HEARTHROLL_DATA_DIR": str(tmp_path / "data"), "HEARTHROLL_WARM": "0"}
    done = subprocess.run(
        [sys.executable, "-c", KEYS, str(path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["after"]
    assert Memo(tmp_path / "data" / ".cache").path(catalog_cache.NAME).exists()
