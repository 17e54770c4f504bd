"""The shipped catalog's TOML document, parsed ahead and kept as JSON in the package, stands in
for `tomllib` only when it was made from the very text on disk."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path

import pytest

from hearthroll.store import rulesets, shipped_document, sources
from hearthroll.store.rulesets import RulesetError, shipped_file
from hearthroll.store.shipped_document import parsed, written
from hearthroll.store.sources import shipped_path


def test_the_kept_document_is_the_shipped_catalog_parsed() -> None:
    text = shipped_path().read_text(encoding="utf-8")
    # when this fails, data/moves.toml changed: python -m hearthroll.store.shipped_document
    assert parsed(text) == tomllib.loads(text)


def test_other_text_is_never_given_the_kept_document() -> None:
    text = shipped_path().read_text(encoding="utf-8")
    assert parsed(text + "\n") is None
    assert parsed(text.replace("Muster", "Mustering", 1)) is None


def test_the_shipped_catalog_is_read_without_parsing_its_toml(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refused(text: str) -> object:
        raise AssertionError("tomllib was asked to parse the shipped catalog")

    monkeypatch.setattr(rulesets.tomllib, "loads", refused)
    read = shipped_file()
    assert {r.id for r in read.rulesets} == {"house", "hack", "starforged", "maneuvers"}
    assert read.moves


def _copied(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> Path:
    """A package folder holding `text` as the shipped catalog, beside the kept document."""
    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copy(shipped_document.document_path(), folder / shipped_document.NAME)
    catalog = folder / sources.SHIPPED
    catalog.write_text(text, encoding="utf-8")
    monkeypatch.setattr(rulesets, "shipped_path", lambda: catalog)
    monkeypatch.setattr(shipped_document, "shipped_path", lambda: catalog)
    return catalog


def test_an_edited_catalog_is_parsed_and_its_problems_placed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = shipped_path().read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    lines[1] = "this is = not toml\n"
    _copied(tmp_path, monkeypatch, "".join(lines))
    with pytest.raises(RulesetError) as raised:
        shipped_file()
    problem = raised.value.problems[0]
    assert (problem.line, problem.message.startswith("TOML syntax")) == (2, True)


def test_an_edited_catalog_reads_as_edited(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = shipped_path().read_text(encoding="utf-8")
    first = tomllib.loads(text)["moves"][0]["name"]
    _copied(tmp_path, monkeypatch, text.replace(f'name = "{first}"', 'name = "Renamed"', 1))
    assert shipped_file().moves[0].name == "Renamed"


def test_a_document_json_cannot_keep_as_toml_says_it_is_refused() -> None:
    with pytest.raises(ValueError, match="dates, times"):
        written("schema_version = 1\nwhen = 1979-05-27\n")


def test_writing_it_again_from_a_broken_catalog_says_why_and_keeps_the_old(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    catalog = _copied(tmp_path, monkeypatch, "schema_version = = 1\n")
    kept = shipped_document.document_path().read_bytes()
    assert shipped_document.main() == 1
    assert "not written" in capsys.readouterr().err
    assert (catalog.parent / shipped_document.NAME).read_bytes() == kept
