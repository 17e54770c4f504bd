"""The shipped catalog parsed ahead: `moves.toml`'s TOML document as JSON, beside it in the
package (`moves.parsed.json`), with the digest of the text it was parsed from.

A cold start (the first open after an install, an upgrade or an edit of a move file) reads
the shipped catalog before the table's first frame, and `tomllib`, pure Python, takes longer
over its 88 KB than the rest of that reading together; `json` reads the same document in
about a millisecond. The JSON stands in for the parse only when its digest is that of the
text as it is now: a catalog edited in a checkout or in an installed package is parsed as any
other file, and its problems named by line and column as ever.

`tests/test_shipped_document.py` fails when the two part ways; write the JSON again with
`python -m hearthroll.store.shipped_document`.
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path
from typing import Any

from hearthroll.store.atomic import atomic_write
from hearthroll.store.digests import sha256
from hearthroll.store.errors import StoreError
from hearthroll.store.sources import shipped_path

NAME = "moves.parsed.json"


def document_path() -> Path:
    """Where the parsed document lives: beside the shipped catalog, in the package."""
    return shipped_path().with_name(NAME)


def digest(text: str) -> str:
    """The digest the JSON keeps of the catalog's text (as read, newlines made `\\n`)."""
    return sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def parsed(text: str) -> dict[str, Any] | None:
    """The TOML document of the shipped catalog's `text`, from the JSON made from this very
    text; None when there is none, it cannot be read, or it was made from other text."""
    try:
        kept = json.loads(document_path().read_bytes())
    except (OSError, ValueError):
        return None
    if type(kept) is not dict or kept.get("sha256") != digest(text):
        return None
    document = kept.get("document")
    return document if type(document) is dict else None


def written(text: str) -> str:
    """The JSON for the catalog's `text`: its digest and its TOML document.

    Raises:
        ValueError: the document holds what JSON cannot say as TOML does (a date, a time).
    """
    document = tomllib.loads(text)
    refusal = "the catalog holds values JSON cannot keep as they are (dates, times)"
    try:
        kept = json.dumps({"sha256": digest(text), "document": document}, ensure_ascii=False)
    except TypeError:
        raise ValueError(refusal) from None
    if json.loads(kept)["document"] != document:
        raise ValueError(refusal)
    return kept + "\n"


def main() -> int:
    """Write the JSON for the shipped catalog as it is now (whole, or not at all)."""
    source = shipped_path()
    target = document_path().resolve()
    try:
        atomic_write(target, written(source.read_text(encoding="utf-8")).encode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, StoreError) as error:  # TOML's errors too
        print(f"{source}: not written: {error}", file=sys.stderr)
        return 1
    print(f"wrote {target.name} from {source.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
