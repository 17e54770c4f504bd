"""hearthroll's user folders are where `platformdirs` puts them, without importing it on Linux."""

from __future__ import annotations

import sys

import platformdirs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearthroll.store import folders, sources

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the XDG rule is worked out on Linux only"
)

FINDERS = {
    "config": platformdirs.user_config_path,
    "cache": platformdirs.user_cache_path,
    "data": platformdirs.user_data_path,
}
VARIABLES = ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME")
paths = st.sampled_from(["/home/mira", "/home/mira/", "/srv/x y", "/", "relative/home", ""])
xdg = st.one_of(st.none(), paths, st.sampled_from(["/tmp/xdg", "/tmp/xdg/", "xdg", "~/xdg"]))


@settings(max_examples=200, deadline=None)
@given(home=paths, values=st.tuples(xdg, xdg, xdg), kind=st.sampled_from(sorted(FINDERS)))
def test_each_folder_is_the_one_platformdirs_finds(
    home: str, values: tuple[str | None, ...], kind: str
) -> None:
    with pytest.MonkeyPatch.context() as env:
        env.setenv("HOME", home)
        for variable, value in zip(VARIABLES, values, strict=True):
            if value is None:
                env.delenv(variable, raising=False)
            else:
                env.setenv(variable, value)
        try:
            expected = FINDERS[kind]("hearthroll")
        except RuntimeError:  # no home to be found: platformdirs' own refusal stands
            with pytest.raises(RuntimeError):
                folders.user_path(kind)
            return
        assert folders.user_path(kind) == expected


def test_the_move_folder_follows_xdg_config_home(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", "/home/mira")
    monkeypatch.setenv("XDG_CONFIG_HOME", "/etc/mira")
    assert str(sources.user_moves_dir()) == "/etc/mira/hearthroll/moves"
    monkeypatch.setenv("XDG_CONFIG_HOME", "not/absolute")
    assert str(sources.user_moves_dir()) == "/home/mira/.config/hearthroll/moves"


def test_the_data_and_cache_folders_skip_platformdirs_when_moved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(folders.ENV_DATA_DIR, "/srv/table")
    assert str(folders.data_dir()) == "/srv/table"
    assert str(folders.cache_dir()) == "/srv/table/.cache"
