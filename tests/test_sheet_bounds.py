"""One table of a sheet's bounds (`games/bounds.py`): `set` edits within them, and a campaign file
opened is checked against them, each problem at its key path (the store adds line and column)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearthroll.cli import main
from hearthroll.core.errors import RuleError
from hearthroll.core.games.bounds import PLAIN, problems
from hearthroll.core.games.demo import demo_campaign, starforged_demo
from hearthroll.core.verbs.fields import set_field
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)
HOUSE = CATALOG.ruleset("house")
NUMBERS = sorted(field for field, plain in PLAIN.items() if not plain.text)


@pytest.mark.parametrize("game", ["house", "hack", "starforged", "maneuvers"])
def test_every_demo_keeps_its_bounds(game: str) -> None:
    ruleset = CATALOG.ruleset(game)
    state = starforged_demo(ruleset) if game == "starforged" else demo_campaign(ruleset)
    assert problems(state, ruleset) == []


def test_a_field_out_of_bounds_is_named_by_its_key_path() -> None:
    state = demo_campaign(HOUSE)
    wren = attrs.evolve(state.characters["Wren"], xp=10000, armor=-1)
    found = problems(attrs.evolve(state, characters={**state.characters, "Wren": wren}), HOUSE)
    assert found == [
        (("characters", "Wren", "xp"), "xp is 0 to 9999, not 10000"),
        (("characters", "Wren", "armor"), "armor is 0 to 99, not -1"),
    ]


@given(field=st.sampled_from(NUMBERS), value=st.integers(-200, 12000))
def test_set_takes_a_number_exactly_when_the_file_would_open_with_it(
    field: str, value: int
) -> None:
    """The same bounds both ways: `set` refuses a value exactly when a file holding it would be
    refused on opening."""
    state = demo_campaign(HOUSE)
    wren = state.characters["Wren"]
    edited = attrs.evolve(wren, **{PLAIN[field].attr: value})
    opens = problems(attrs.evolve(state, characters={**state.characters, "Wren": edited}), HOUSE)
    try:
        set_field(state, HOUSE, f"Wren.{field}", f"={value}")
    except RuleError as error:
        assert opens or "already" in str(error), (field, value, str(error))
    else:
        assert not opens, (field, value, opens)


def test_a_hand_edit_past_a_bound_set_keeps_is_refused_at_its_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file edited by hand to a value `set` would refuse does not open: the store places the
    problem `bounds.problems` names at its line."""
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "camp.toml"
    assert main(["new", str(path), "--demo"]) == 0
    text = path.read_text()
    assert "\nxp = 0\n" in text
    path.write_text(text.replace("\nxp = 0\n", "\nxp = 10000\n", 1))
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = main(["state", str(path)])
    said = err.getvalue()
    assert code != 0
    assert re.search(r"camp\.toml:\d+:\d+: characters\.\w+\.xp: xp is 0 to 9999, not 10000", said)
