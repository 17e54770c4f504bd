"""Fuzzed campaigns and move files: every message is positioned words, never Python's internals,
and `check` passes a campaign exactly when `state` opens it."""

from __future__ import annotations

import contextlib
import copy
import io
import re
import tempfile
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearthroll.cli import main
from hearthroll.store.campaign_files import journal_folder

DATA = Path(__file__).parent / "data"
PYTHON_INTERNALS = re.compile(
    r"\b\w*(Error|Exception)\b\(|Traceback|unexpected error|object has no attribute|"
    r"not supported between|object is not|unhashable|takes \d+ positional"
)

Mutation = tuple[str, Any]


def run(*args: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue() + err.getvalue()


def in_words(text: str) -> None:
    found = PYTHON_INTERNALS.search(text)
    assert found is None, text


@pytest.fixture(scope="module")
def demo_files() -> tuple[dict[str, Any], bytes, bytes]:
    """A demo campaign with a few events: its state (as data), its journal segment and the
    segment's checkpoint (so a fuzzed state file that validates is a hand edit)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "p.toml"
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["new", str(path), "--demo"]) == 0
            assert main(["note", str(path), "the ford is watched"]) == 0
            assert main(["set", str(path), "Brannoc.xp", "2"]) == 0
        state = tomllib.loads(path.read_text())
        segment = (journal_folder(path) / "00000001.toml").read_bytes()
        checkpoint = (journal_folder(path) / "00000001.checkpoint.toml").read_bytes()
    return state, segment, checkpoint


odd_values = st.one_of(
    st.integers(-(2**70), 2**70),
    st.sampled_from([0, -1, 1, 2, 9, 10**18, "1", "", "x" * 300, 1.0, -0.5, True, False]),
    st.text(max_size=12),
    st.lists(st.integers(-3, 3), max_size=3),
    st.dictionaries(st.text(min_size=1, max_size=6), st.integers(), max_size=2),
    st.recursive(
        st.integers(), lambda inner: st.lists(inner, min_size=1, max_size=1), max_leaves=80
    ),
    st.just("delete"),
)


def paths_of(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every key path in nested tables and arrays."""
    found = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += paths_of(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found += paths_of(value, (*prefix, index))
    return found


def mutate(data: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    node: Any = changed
    for part in path[:-1]:
        node = node[part]
    last = path[-1]
    if value == "delete":
        del node[last]
    else:
        node[last] = value
    return changed


@st.composite
def mutations(draw: st.DrawFn, data: dict[str, Any]) -> dict[str, Any]:
    changed = data
    for _ in range(draw(st.integers(1, 3))):
        paths = paths_of(changed)
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        if draw(st.booleans()) and isinstance(changed.get(path[0]), dict):
            path = (*path, draw(st.sampled_from(["extra", "xp", "level", "hp", "name"])))
            with contextlib.suppress(TypeError, KeyError, IndexError):
                changed = mutate(changed, path, draw(odd_values.filter(lambda v: v != "delete")))
            continue
        changed = mutate(changed, path, draw(odd_values))
    return changed


def write_campaign(
    folder: Path, state: dict[str, Any], segment: bytes, checkpoint: bytes = b""
) -> Path:
    path = folder / "p.toml"
    try:
        path.write_text(tomli_w.dumps(state))
    except (TypeError, ValueError):  # TOML cannot hold it: write what a hand edit might
        path.write_text(tomli_w.dumps({k: v for k, v in state.items() if v is not None}))
    journal_folder(path).mkdir(exist_ok=True)
    (journal_folder(path) / "00000001.toml").write_bytes(segment)
    if checkpoint:
        (journal_folder(path) / "00000001.checkpoint.toml").write_bytes(checkpoint)
    return path


def checked_as_opened(path: Path) -> tuple[int, str, str]:
    """`check` and `state --json` on the campaign at `path`, both answering in words: `check`
    finds it sound (0), or sound with a hand edit (3, named as one by `state` too), exactly
    when `state` opens it. Gives check's status and text, and what `state` printed."""
    checked, check_text = run("check", str(path))
    opened, state_text = run("state", str(path), "--json")
    in_words(check_text)
    in_words(state_text)
    assert checked in (0, 1, 3) and opened in (0, 2)
    assert (checked in (0, 3)) == (opened == 0), (check_text, state_text)
    assert (checked == 3) == ("hand edit not yet in its journal" in state_text)
    return checked, check_text, state_text


FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@FUZZ
@given(data=st.data())
def test_a_fuzzed_campaign_is_checked_exactly_as_it_is_opened(
    demo_files: tuple[dict[str, Any], bytes, bytes], data: st.DataObject
) -> None:
    state, segment, checkpoint = demo_files
    changed = data.draw(mutations(state))
    with tempfile.TemporaryDirectory() as folder:
        path = write_campaign(Path(folder), changed, segment, checkpoint)
        checked, _, state_text = checked_as_opened(path)
        if checked == 1:  # refused: `state` names the file, and where in it
            assert re.search(rf"{re.escape(str(path))}(:\d+:\d+)?: ", state_text), state_text


@FUZZ
@given(data=st.data())
def test_a_fuzzed_journal_is_checked_exactly_as_it_is_opened(
    demo_files: tuple[dict[str, Any], bytes, bytes], data: st.DataObject
) -> None:
    state, segment, checkpoint = demo_files
    damaged = bytearray(segment)
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(damaged) - 1))
        damaged[at] = data.draw(st.integers(0, 255))
    if data.draw(st.booleans()):
        damaged = damaged[: data.draw(st.integers(0, len(damaged)))]
    with tempfile.TemporaryDirectory() as folder:
        path = write_campaign(Path(folder), state, bytes(damaged), checkpoint)
        checked, check_text = run("check", str(path))
        opened, state_text = run("state", str(path))
        in_words(check_text)
        in_words(state_text)
        assert (checked == 0) == (opened == 0), (check_text, state_text)


@pytest.fixture(scope="module")
def fresh_files() -> tuple[dict[str, Any], bytes, bytes, str]:
    """A new demo campaign, no event yet: its state, its empty first segment (a header), the
    checkpoint of the state `new` wrote, and that state as `state --json` prints it."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "p.toml"
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["new", str(path), "--demo", "--ruleset", "maneuvers"]) == 0
        state = tomllib.loads(path.read_text())
        segment = (journal_folder(path) / "00000001.toml").read_bytes()
        checkpoint = (journal_folder(path) / "00000001.checkpoint.toml").read_bytes()
        shown = run("state", str(path), "--json")[1]
    return state, segment, checkpoint, shown


@FUZZ
@given(data=st.data())
def test_a_fuzzed_new_campaign_is_checked_exactly_as_it_is_opened(
    fresh_files: tuple[dict[str, Any], bytes, bytes, str], data: st.DataObject
) -> None:
    state, segment, checkpoint, shown = fresh_files
    changed = data.draw(mutations(state))
    with tempfile.TemporaryDirectory() as folder:
        path = write_campaign(Path(folder), changed, segment, checkpoint)
        # A state that opens is what `new` made, or a hand edit named as one.
        checked, check_text, state_text = checked_as_opened(path)
        if checked == 0:
            assert state_text == shown, (check_text, state_text)


@pytest.fixture(scope="module")
def journal_files() -> dict[str, bytes]:
    """A demo campaign of 8 events in segments of 3 (1, 4, 7), each with its checkpoint: every
    file of its folder, by name."""
    from hearthroll.core.verbs import edits
    from hearthroll.store.campaign_files import CampaignFiles
    from hearthroll.store.campaigns import CampaignStore
    from hearthroll.store.codec import campaign_data
    from hearthroll.store.rulesets import load_catalog

    house = load_catalog(with_user=False).ruleset("house")
    from hearthroll.core.games.demo import demo_campaign

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "p.toml"
        start = demo_campaign(house)
        files = CampaignFiles.create(path, campaign_data(start), segment_size=3)
        with CampaignStore(files, start, house) as store:
            for n in range(1, 9):
                store.commit(edits.note(store.state, f"note {n}"))
        return {
            str(file.relative_to(folder)): file.read_bytes()
            for file in Path(folder).rglob("*")
            if file.is_file() and not file.name.endswith(".lock")
        }


@st.composite
def folder_damage(draw: st.DrawFn, files: dict[str, bytes]) -> dict[str, bytes]:
    """Files of the journal deleted, flipped, cut short, or given another format number."""
    changed = dict(files)
    journal = sorted(name for name in files if name.startswith("p.journal/"))
    for _ in range(draw(st.integers(1, 3))):
        name = draw(st.sampled_from(journal))
        if name not in changed:
            continue
        data = bytearray(changed[name])
        how = draw(st.sampled_from(["delete", "flip", "cut", "format"]))
        if how == "delete":
            del changed[name]
        elif how == "flip" and data:
            data[draw(st.integers(0, len(data) - 1))] ^= 1 << draw(st.integers(0, 7))
            changed[name] = bytes(data)
        elif how == "cut":
            changed[name] = bytes(data[: draw(st.integers(0, len(data)))])
        elif how == "format":
            number = draw(st.integers(0, 12))
            changed[name] = re.sub(
                rb"^journal_format = \d+", b"journal_format = %d" % number, bytes(data)
            )
    return changed


@FUZZ
@given(data=st.data())
def test_a_fuzzed_journal_folder_is_checked_exactly_as_it_is_opened(
    journal_files: dict[str, bytes], data: st.DataObject
) -> None:
    changed = data.draw(folder_damage(journal_files))
    with tempfile.TemporaryDirectory() as folder:
        for name, content in changed.items():
            (Path(folder) / name).parent.mkdir(parents=True, exist_ok=True)
            (Path(folder) / name).write_bytes(content)
        path = Path(folder) / "p.toml"
        checked, check_text = run("check", str(path))
        opened, state_text = run("state", str(path))
        in_words(check_text)
        in_words(state_text)
        assert checked in (0, 1, 3) and opened in (0, 2)
        # `check` refuses whatever opening refuses, and passes only what opens.
        assert opened == 0 or checked == 1, (check_text, state_text)
        assert checked == 1 or opened == 0, (check_text, state_text)
        if checked == 1 and opened == 0:
            # It found more, and only in what opening does not read: an older segment, or a
            # checkpoint (opening reads the newest only when the state file is not as recorded).
            older = rf"{re.escape(folder)}/p\.journal/(0000000[14]\.toml|\d{{8}}\.checkpoint\.toml)"
            found = [line for line in check_text.splitlines() if line.startswith(folder)]
            assert found and all(re.match(older, line) for line in found), check_text
        if opened == 2:
            assert re.search(rf"{re.escape(folder)}/p\.(toml|journal)\b", state_text)
        if "newer hearthroll" in state_text:
            assert re.search(r"journal format \d+, this one reads up to \d+\): upgrade", state_text)


@pytest.fixture(scope="module")
def move_file() -> dict[str, Any]:
    return tomllib.loads((DATA / "good_extra_moves.toml").read_text())


@FUZZ
@given(data=st.data())
def test_a_fuzzed_move_file_is_refused_in_positioned_words(
    move_file: dict[str, Any], data: st.DataObject
) -> None:
    changed = data.draw(mutations(move_file))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "moves.toml"
        path.write_text(tomli_w.dumps(changed))
        code, text = run("check", str(path))
        in_words(text)
        assert code in (0, 1)
        if code == 1:
            assert re.search(rf"{re.escape(str(path))}:\d+:\d+: ", text), text
        code, text = run("show", "hold the bridge", "--moves", str(path))
        in_words(text)
