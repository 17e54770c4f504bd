"""The startup caches hold data, never code, and are trusted only where nobody else could have
written them: a planted pickle or a JSON memo naming a foreign class never runs, a folder or
file others can write is passed by with one line saying why and how to fix it, a damaged memo
is worked out again, and every memo is this user's alone (0600, in folders made 0700)."""

from __future__ import annotations

import os
import pickle
import stat
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cli_run import run_cli
from hearthroll.store import catalog_cache, memo, memo_data
from hearthroll.store.memo import FILE_MODE, FOLDER_MODE, Memo
from hearthroll.store.rulesets import load_catalog

SHIPPED = load_catalog(with_user=False)
ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
OTHER_UID = 54321
"""A user id no test runs as: what another user's files are owned by (as root)."""


@pytest.fixture(autouse=True)
def unwarned(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts as a fresh process does: nothing said about the cache yet."""
    monkeypatch.setattr(memo, "_warned", [])


@pytest.fixture
def no_user_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from hearthroll.store import sources

    monkeypatch.setattr(sources, "user_moves_dir", lambda: tmp_path / "no moves")


class Planted:
    """What someone else would leave in the cache: unpickling it writes the marker file."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, tuple[str, str]]:
        return (open, (str(self.marker), "w"))


HEADS = (SHIPPED.default_ruleset, SHIPPED.ruleset_ids())
"""What the catalog's own memo holds: the default ruleset and the ids of them all."""


def _key_of(cache: Memo) -> str:
    """The key the catalog's memos are kept under now."""
    key = catalog_cache.Cached(cache).key()
    assert key is not None
    return key


def _mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_a_planted_pickle_never_runs_and_the_catalog_is_worked_out_again(
    tmp_path: Path, no_user_files: None
) -> None:
    cache = Memo(tmp_path / "cache")
    marker = tmp_path / "ran"
    key = _key_of(cache)
    planted = key.encode() + b"\n" + pickle.dumps(Planted(marker))
    assert not marker.exists()
    make = catalog_cache.Cached(cache)
    cache.folder.mkdir(mode=0o700)
    for name in (make.name, f"{make.name}.rulesets", f"{make.name}.ruleset.house"):
        cache.path(name).write_bytes(planted)
        cache.path(name).with_suffix(".pickle").write_bytes(planted)  # as an older one named it
        cache.path(name).chmod(0o600)

    assert make.ruleset_ids() == SHIPPED.ruleset_ids()
    assert make.ruleset("house") == SHIPPED.ruleset("house")
    assert catalog_cache.load(cache) == SHIPPED

    assert not marker.exists()
    kept = cache.path(f"{catalog_cache.NAME}.ruleset.house").read_bytes()
    assert kept.startswith(key.encode() + b"\n")
    assert b"hearthroll.core.rules.model:Ruleset" in kept.split(b"\n")[1]
    assert cache.get(catalog_cache.NAME, key, tuple) == HEADS
    assert not list(cache.folder.glob("*.pickle"))  # an older hearthroll's memos are cleared


@pytest.mark.parametrize(
    "names",
    [
        ["subprocess:Popen"],
        ["builtins:eval"],
        ["os:system"],
        ["hearthroll.store.memo:os.system"],  # a module the store imports, reached through it
        ["hearthroll.store.memo:Memo"],  # the store's own, but not a value class
        ["hearthroll.core.rules.model:attrs.evolve"],
        ["hearthroll.core..model:Catalog"],
    ],
)
def test_a_memo_naming_anything_but_a_value_class_of_hearthroll_runs_nothing(
    tmp_path: Path, names: list[str]
) -> None:
    import json

    marker = tmp_path / "ran"
    body = json.dumps({"!": 0, "args": ["touch", str(marker)], "source": f"open({str(marker)!r})"})
    cache = Memo(tmp_path)
    cache.path("catalog").write_bytes(f"key\n{json.dumps(names)}\n{body}".encode())
    cache.path("catalog").chmod(0o600)

    assert cache.get("catalog", "key", object) is None
    with pytest.raises(memo_data.NotData):
        memo_data.loads(f"{json.dumps(names)}\n{body}".encode())
    assert not marker.exists()


def test_a_cache_folder_others_can_write_is_passed_by_with_one_line(
    tmp_path: Path, no_user_files: None, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "cache"
    assert catalog_cache.load(Memo(folder)) == SHIPPED  # kept, in a private folder
    key = _key_of(Memo(folder))
    assert Memo(folder).get(catalog_cache.NAME, key, tuple) == HEADS
    assert capsys.readouterr().err == ""
    folder.chmod(0o777)

    cache = Memo(folder)
    assert cache.get(catalog_cache.NAME, key, tuple) is None  # there, current, and not used
    assert catalog_cache.load(cache) == SHIPPED  # everything works without it
    assert not cache.put("campaign-0001", "key", "a value")
    assert not cache.path("campaign-0001").exists()
    assert Memo(folder).get(catalog_cache.NAME, key, tuple) is None

    said = capsys.readouterr().err.splitlines()
    assert said == [
        f"hearthroll: not using the cache folder {folder}: other users can write in it "
        f"(mode 777); make it private with `chmod 700 {folder}` (hearthroll starts slower "
        "until then)"
    ]


def test_the_command_line_says_so_once_and_still_works(tmp_path: Path) -> None:
    env = {**os.environ, "HEARTHROLL_DATA_DIR": str(tmp_path / "data")}
    path = str(tmp_path / "camp.toml")
    assert run_cli("new", path, "--demo", env=env).returncode == 0
    cache = tmp_path / "data" / ".cache"
    assert any(cache.glob("catalog*.json"))
    cache.chmod(0o775)

    done = run_cli("move", path, "defy_danger", "--as", "Wren", "--seed", "3", env=env)
    assert done.returncode == 0, done.stderr
    assert "Defy Danger" in done.stdout
    lines = [line for line in done.stderr.splitlines() if "cache" in line]
    assert lines == [
        f"hearthroll: not using the cache folder {cache}: other users can write in it "
        f"(mode 775); make it private with `chmod 700 {cache}` (hearthroll starts slower "
        "until then)"
    ]
    assert "Traceback" not in done.stderr


def test_a_memo_others_can_write_is_passed_by_and_written_again_as_ours(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cache = Memo(tmp_path / "cache")
    assert cache.put("campaign-0001", "key", ("a", "value"))
    cache.path("campaign-0001").chmod(0o666)

    assert cache.get("campaign-0001", "key", tuple) is None
    assert cache.put("campaign-0001", "key", ("a", "value"))
    assert _mode(cache.path("campaign-0001")) == FILE_MODE
    assert cache.get("campaign-0001", "key", tuple) == ("a", "value")
    where = cache.path("campaign-0001")
    assert capsys.readouterr().err.splitlines() == [
        f"hearthroll: not using the cache file {where}: other users can write in it "
        "(mode 666); hearthroll writes its own in its place"
    ]


@pytest.mark.skipif(not ROOT, reason="making a file another user's needs root")
def test_a_folder_or_memo_of_another_user_is_passed_by(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cache = Memo(tmp_path / "cache")
    assert cache.put("campaign-0001", "key", "theirs")
    os.chown(cache.path("campaign-0001"), OTHER_UID, OTHER_UID)
    assert cache.get("campaign-0001", "key", str) is None
    assert "belongs to another user (uid 54321)" in capsys.readouterr().err

    memo._warned.clear()
    assert cache.put("campaign-0001", "key", "ours")
    assert os.stat(cache.path("campaign-0001")).st_uid == os.geteuid()
    os.chown(cache.folder, OTHER_UID, OTHER_UID)
    again = Memo(cache.folder)
    assert again.get("campaign-0001", "key", str) is None
    assert not again.put("campaign-0002", "key", "ours")
    assert capsys.readouterr().err.splitlines() == [
        f"hearthroll: not using the cache folder {cache.folder}: it belongs to another user "
        "(uid 54321); remove it, and hearthroll makes its own (it starts slower until then)"
    ]


def test_a_memo_is_this_users_alone_in_folders_made_private(tmp_path: Path) -> None:
    folder = tmp_path / "data" / "deeper" / ".cache"
    before = os.umask(0)  # even where the user lets everyone in
    try:
        cache = Memo(folder)
        assert cache.put("catalog", "key", SHIPPED.ruleset_ids())
        assert cache.put("campaign-0001", "key", SHIPPED.ruleset("hack"))
    finally:
        os.umask(before)
    for made in (tmp_path / "data", tmp_path / "data" / "deeper", folder):
        assert _mode(made) == FOLDER_MODE
    for name in ("catalog", "campaign-0001"):
        assert _mode(cache.path(name)) == FILE_MODE
    assert cache.get("campaign-0001", "key", object) == SHIPPED.ruleset("hack")
    assert not list(folder.glob(".*.tmp"))


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"\n",
        b'["hearthroll.core.rules.model:Catalog"]',
        b'["hearthroll.core.rules.model:Catalog"]\n{"!":0,"rulesets":[',
        b'["hearthroll.core.rules.model:Catalog"]\n{"!":7}',
        b'["hearthroll.core.rules.model:Catalog"]\n{"!":0,"no such field":1}',
        b'["hearthroll.core.rules.model:Ruleset"]\n{"!":0}',
        b'{"not":"a list"}\n{}',
        b"[]\n" + b"[" * 100_000 + b"]" * 100_000,
        b"\x80\xff not text",
    ],
)
def test_a_damaged_catalog_memo_is_worked_out_again_and_kept(
    tmp_path: Path, no_user_files: None, damage: bytes
) -> None:
    cache = Memo(tmp_path / "cache")
    key = _key_of(cache)
    cache.folder.mkdir(mode=0o700)
    cache.path(catalog_cache.NAME).write_bytes(key.encode() + b"\n" + damage)
    cache.path(catalog_cache.NAME).chmod(0o600)

    assert catalog_cache.load(cache) == SHIPPED
    assert cache.get(catalog_cache.NAME, key, tuple) == HEADS


@settings(max_examples=200, deadline=None)
@given(body=st.binary(max_size=300))
def test_whatever_bytes_a_memo_holds_reading_it_never_raises(body: bytes) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        cache = Memo(Path(folder))
        cache.path("campaign-0001").write_bytes(b"key\n" + body)
        cache.get("campaign-0001", "key", object)  # a value, or None: never an error


@pytest.mark.parametrize(
    "value",
    [
        {1, 2},
        Path("camp.toml"),
        {"!": 1},
        {3: "a number for a key"},
        Planted(Path("nowhere")),
    ],
)
def test_a_value_that_is_not_plain_data_is_not_kept(tmp_path: Path, value: object) -> None:
    cache = Memo(tmp_path)
    assert not cache.put("campaign-0001", "key", value)
    assert not cache.path("campaign-0001").exists()
    assert not list(tmp_path.iterdir())


def test_every_memo_the_app_keeps_comes_back_equal(tmp_path: Path) -> None:
    cache = Memo(tmp_path)
    values: list[object] = [SHIPPED, SHIPPED.ruleset_ids(), *SHIPPED.rulesets, (), "text", 3]
    for value in values:
        assert cache.put("campaign-0001", "key", value)
        found = cache.get("campaign-0001", "key", type(value))
        assert found == value
        assert type(found) is type(value)
