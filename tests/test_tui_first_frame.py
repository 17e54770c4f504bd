"""The app's first frame needs only the campaign and its own ruleset: the whole catalog, the
move search and the cache files still to write follow once the table is on screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from hearthroll.store import catalog_cache
from hearthroll.store.memo import Memo
from hearthroll.tui import build
from test_tui_open import played_campaign


async def test_a_cold_start_keeps_its_caches_once_the_table_is_on_screen(tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    played_campaign(path, 3)
    cache = Memo(tmp_path / "data" / ".cache")

    app = build(path, data_dir=tmp_path / "data")
    assert app.live is not None
    assert not cache.path(catalog_cache.NAME).exists()  # read and checked, not written yet
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
    get = Memo.get

    def reading(memo: Memo, name: str, key: str, kind: type[object]) -> object:
        read.append(name)
        return get(memo, name, key, kind)

    monkeypatch.setattr(Memo, "get", reading)
    app = build(path, data_dir=tmp_path / "data")
    assert app.live is not None and app.live.state.characters["Wren"].xp == 3
    catalog_memos = [name for name in read if name.startswith(catalog_cache.NAME)]
    assert catalog_memos == [
        f"{catalog_cache.NAME}.rulesets",
        f"{catalog_cache.NAME}.ruleset.house",
    ]
    assert any(name.startswith("campaign-") for name in read)  # its snapshot
    async with app.run_test() as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert catalog_cache.NAME in read  # the whole catalog, once the table is on screen
        assert app.catalog.ruleset("house") == app.live.ruleset
    app.live.close()
