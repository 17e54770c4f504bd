"""The command line starts like the app: the checked catalog from the one cache both use, read
again when a move file changes."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

from cli_run import run_cli
from hearthroll.core.rules.search import catalog_index
from hearthroll.store import catalog_cache, folders, sources
from hearthroll.store.memo import Memo
from hearthroll.store.rulesets import load_catalog

BRIDGE = (Path(__file__).parent / "data" / "good_extra_moves.toml").read_text(encoding="utf-8")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """A data folder and a config folder of the test's own, here and for the CLI it runs."""
    env = {folders.ENV_DATA_DIR: str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path)}
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    (tmp_path / "hearthroll" / "moves").mkdir(parents=True)
    return env


def test_the_cli_keeps_the_catalog_where_the_app_reads_it(home: dict[str, str]) -> None:
    memo = Memo(folders.cache_dir())
    assert not memo.path(catalog_cache.NAME).exists()
    assert run_cli("show", "clash", env=home).returncode == 0
    stored = {path.name: path.read_bytes() for path in memo.folder.glob("catalog*")}
    assert memo.path(f"{catalog_cache.NAME}.ruleset.house").name in stored
    key = stored[memo.path(catalog_cache.NAME).name].split(b"\n")[0].decode()
    assert memo.get(catalog_cache.NAME, key, tuple) == ("house", load_catalog().ruleset_ids())
    assert catalog_cache.load(memo) == load_catalog()  # the app takes the CLI's memos as they are
    assert {path.name: path.read_bytes() for path in memo.folder.glob("catalog*")} == stored


def test_the_cli_reads_what_the_app_kept(home: dict[str, str]) -> None:
    memo = Memo(folders.cache_dir())
    catalog = catalog_cache.load(memo)  # as the app opens
    key = memo.path(catalog_cache.NAME).read_bytes().split(b"\n")[0].decode()
    # The same key holding a catalog that differs in one name: the CLI shows what it holds.
    hack = catalog.ruleset("hack")
    moves = tuple(
        attrs.evolve(m, name="Marked in the cache") if m.id == "hack_hack_and_slash" else m
        for m in hack.moves
    )
    head = attrs.evolve(hack, moves=(), tables=())
    parts = {"moves": moves, "tables": hack.tables}
    assert memo.put_parted(f"{catalog_cache.NAME}.ruleset.hack", key, head, parts)
    shown = run_cli("show", "hack_hack_and_slash", "--json", env=home)
    assert shown.returncode == 0, shown.stderr
    assert "Marked in the cache" in shown.stdout


def test_a_changed_move_file_is_read_again(home: dict[str, str]) -> None:
    mine = sources.user_moves_dir() / "bridge.toml"
    mine.write_text(BRIDGE, encoding="utf-8")
    first = run_cli("show", "hold_the_bridge", env=home)
    assert first.returncode == 0, first.stderr
    assert "Hold the Bridge" in first.stdout
    mine.write_text(BRIDGE.replace("Hold the Bridge", "Keep the Ford"), encoding="utf-8")
    again = run_cli("show", "hold_the_bridge", env=home)
    assert again.returncode == 0, again.stderr
    assert "Keep the Ford" in again.stdout
    assert "Hold the Bridge" not in again.stdout


def test_a_changed_extra_file_is_read_again(home: dict[str, str], tmp_path: Path) -> None:
    extra = tmp_path / "extra.toml"
    extra.write_text(BRIDGE, encoding="utf-8")
    assert (
        "Hold the Bridge"
        in run_cli("show", "hold_the_bridge", "--moves", str(extra), env=home).stdout
    )
    extra.write_text(BRIDGE.replace("Hold the Bridge", "Keep the Ford"), encoding="utf-8")
    again = run_cli("show", "hold_the_bridge", "--moves", str(extra), env=home)
    assert "Keep the Ford" in again.stdout
    # the usual catalog's memo is still the one without the extra file
    usual = Memo(folders.cache_dir()).path(f"{catalog_cache.NAME}.ruleset.house")
    assert usual.exists() is False or b"hold_the_bridge" not in usual.read_bytes()


def test_the_cached_catalog_searches_as_the_one_read_from_the_files(home: dict[str, str]) -> None:
    memo = Memo(folders.cache_dir())
    read = catalog_cache.load(memo)  # read, checked, and kept
    cached = catalog_cache.load(memo)
    assert cached == read
    for ruleset in (None, "house", "hack", "starforged", "maneuvers"):
        for query in ("must", "hakc", "climb the wall", "d"):
            found = catalog_index(cached, ruleset).search(query, limit=5)
            assert found == catalog_index(read, ruleset).search(query, limit=5)
    house = catalog_index(cached, "house")
    assert house.items[house.search("must")[0].index].name == "Muster"


def test_the_code_key_follows_the_bytes_of_the_engine_and_store_sources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    import hearthroll
    from hearthroll.store import memo

    package = tmp_path / "hearthroll"
    for source in ("core/rules/model.py", "store/memo.py", "tui/app.py"):
        (package / source).parent.mkdir(parents=True, exist_ok=True)
        (package / source).write_text("x = 1\n")
    monkeypatch.setattr(hearthroll, "__file__", str(package / "__init__.py"))
    key = memo.code_key.__wrapped__

    first = key()
    assert key() == first
    (package / "tui/app.py").write_text("x = 22\n")  # the app's code shapes no memo
    assert key() == first
    model = package / "core/rules/model.py"
    os.utime(model, ns=(1, 1))  # touched, the same bytes: the same code
    assert key() == first
    kept = os.stat(model)
    model.write_text("x = 2\n")  # copied in with its size and time kept, as `cp -p` does
    os.utime(model, ns=(kept.st_atime_ns, kept.st_mtime_ns))
    assert os.stat(model).st_size == kept.st_size
    changed = key()
    assert changed != first
    (package / "store/new.py").write_text("")
    assert key() != changed


def test_a_verb_reads_its_ruleset_from_the_same_key_and_again_when_a_file_changes(
    home: dict[str, str], tmp_path: Path
) -> None:
    path = str(tmp_path / "camp.toml")
    assert run_cli("new", path, "--demo", env=home).returncode == 0
    mine = sources.user_moves_dir() / "bridge.toml"
    mine.write_text(BRIDGE, encoding="utf-8")
    first = run_cli("move", path, "Hold the Bridge", "--as", "Wren", "--seed", "3", env=home)
    assert first.returncode == 0, first.stderr
    assert "Hold the Bridge" in first.stdout
    memo = Memo(folders.cache_dir())
    key = memo.path(catalog_cache.NAME).read_bytes().split(b"\n")[0].decode()
    assert memo.get(catalog_cache.NAME, key, tuple) == (
        "house",
        ("house", "hack", "starforged", "maneuvers"),
    )
    assert run_cli("undo", path, env=home).returncode == 0
    mine.write_text(BRIDGE.replace("Hold the Bridge", "Keep the Ford"), encoding="utf-8")
    again = run_cli("move", path, "Keep the Ford", "--as", "Wren", "--seed", "3", env=home)
    assert again.returncode == 0, again.stderr
    assert "Keep the Ford" in again.stdout
    assert "Hold the Bridge" not in again.stdout


def test_each_part_comes_back_equal_to_the_whole_catalog(home: dict[str, str]) -> None:
    memo = Memo(folders.cache_dir())
    whole = catalog_cache.load(memo)  # read, checked, and kept with its parts
    parts = catalog_cache.Cached(memo)
    assert parts.ruleset_ids() == ("house", "hack", "starforged", "maneuvers")
    for ruleset in whole.rulesets:
        assert parts.ruleset(ruleset.id) == ruleset
    # a part whose memo is gone is read from the whole catalog and kept again
    memo.path(f"{catalog_cache.NAME}.ruleset.hack").unlink()
    assert catalog_cache.Cached(memo).ruleset("hack") == whole.ruleset("hack")
    assert memo.path(f"{catalog_cache.NAME}.ruleset.hack").exists()
