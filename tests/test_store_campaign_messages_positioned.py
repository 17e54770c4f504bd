"""Every refusal of a campaign file names its place: `file:line:col: key: what is wrong`, the
TOML that ends too soon, `schema_version`, `last_event` and `history.events` included."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hearthroll.cli import main
from hearthroll.store.campaign_files import CampaignFiles, journal_folder
from hearthroll.store.errors import StoreError
from hearthroll.store.journal import seal


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(tmp_path / "data"))


@pytest.mark.parametrize(
    ("text", "place", "words"),
    [
        (
            "schema_version = 1\nlast_event = 0\n[characters",
            "3:12",
            "expected ']' at the end of a table declaration at the end of the file",
        ),
        ('schema_version = 1\nlast_event = 0\nname = "Ash', "3:12", "unterminated string"),
        ("last_event = 0\n", "1:1", "schema_version: missing"),
        ('last_event = 0\nschema_version = "1"\n', "2:1", "schema_version: '1' is not a whole"),
        ("last_event = 0\nschema_version = 99\n", "2:1", "schema_version: 99 was written by a"),
        ("last_event = 0\nschema_version = 0\n", "2:1", "schema_version: 0 is too old"),
        ("schema_version = 1\n", "1:1", "last_event: missing"),
        ("schema_version = 1\nlast_event = -1\n", "2:1", "last_event: -1 is not a whole number"),
        ("schema_version = 1\nlast_event = 7\n", "2:1", "last_event: the state includes events"),
    ],
)
def test_a_state_file_refused_names_the_line_and_column(
    tmp_path: Path, text: str, place: str, words: str
) -> None:
    path = tmp_path / "p.toml"
    path.write_text(text)
    with pytest.raises(StoreError) as refused:
        CampaignFiles.read(path)
    assert str(refused.value).startswith(f"{path}:{place}: "), str(refused.value)
    assert words in str(refused.value).lower()


def campaign(folder: Path, notes: int = 2) -> Path:
    path = folder / "p.toml"
    assert main(["new", str(path), "--demo"]) == 0
    for n in range(notes):
        assert main(["note", str(path), f"note {n}"]) == 0
    return path


def line_of(text: str, line: str) -> int:
    return text.split("\n").index(line) + 1


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('ruleset = "house"', 'ruleset = "dungeon"', "ruleset"),
        ("events = 2", "events = 3", "history.events"),
    ],
)
def test_a_campaign_refused_on_opening_names_the_key_s_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, key: str
) -> None:
    path = campaign(tmp_path)
    text = path.read_text()
    path.write_text(text.replace(f"\n{old}\n", f"\n{new}\n", 1))
    capsys.readouterr()
    assert main(["state", str(path)]) == 2
    said = capsys.readouterr().err
    assert re.search(rf"{re.escape(str(path))}:{line_of(text, old)}:1: {key}: ", said), said


def test_a_checkpoint_whose_history_does_not_fit_is_named_with_its_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = campaign(tmp_path)
    checkpoint = journal_folder(path) / "00000001.checkpoint.toml"
    body = checkpoint.read_bytes().rsplit(b"# sealed ", 1)[0].decode()
    assert "\nevents = 0\n" in body
    checkpoint.write_bytes(seal(body.replace("\nevents = 0\n", "\nevents = 1\n", 1).encode()))
    capsys.readouterr()
    assert main(["check", str(path)]) == 1
    said = capsys.readouterr().out
    where = f"{checkpoint}:{line_of(body, 'events = 0')}:1: history.events: "
    assert where in said, said
