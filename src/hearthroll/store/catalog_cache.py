"""The move catalog, kept ready between runs: parsing and checking every ruleset file takes
most of a cold start, so the checked catalog is kept as a memo, keyed by everything it came from.

The app and the command line both load it from here, from the one cache folder
(`folders.cache_dir`). The key covers the hearthroll and Python versions, the bytes of the
shipped catalog, of the user's ruleset files and of any extra file named on the command line,
and the source of the engine and the store; any change makes a new key and the files are read
and checked again. A memo that cannot be read or written is ignored: the catalog is then
loaded as usual.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from hearthroll.core.rules.model import Catalog
from hearthroll.store.memo import Memo, code_key, key_of

NAME = "catalog"


def _name(extra: Sequence[Path]) -> str:
    """The memo's name: one for the usual catalog, another for any set of extra files (so a
    one-off `--moves` does not push out the memo every other run uses)."""
    if not extra:
        return NAME
    return f"{NAME}-{key_of(str(p.resolve()).encode() for p in extra)[:16]}"


def _key(extra: Sequence[Path]) -> str:
    from hearthroll.store.sources import shipped_path, user_files

    parts = [code_key(), shipped_path().read_bytes()]
    for group in (user_files(), extra):
        parts.append(str(len(group)).encode())
        for path in group:
            parts += [str(path).encode(), path.read_bytes()]
    return key_of(parts)


def load(memo: Memo, extra: Sequence[Path] = ()) -> Catalog:
    """The catalog (with `extra` ruleset files): from its memo when that is current, else
    loaded, checked and kept.

    Parsing and checking (`store.rulesets`, cattrs) are imported only when the memo misses.
    The move search of each ruleset (and of every move) is built before the catalog is kept,
    so it comes back with it.
    Problems in the files are raised as `load_catalog` raises them, and never kept.
    """
    try:
        key = _key(extra)
    except OSError:
        return _load(extra)
    name = _name(extra)
    found = memo.get(name, key, Catalog)
    if found is not None:
        return found
    catalog = _load(extra)
    for ruleset in (None, *catalog.rulesets):  # kept with it: search never builds them again
        catalog.search_index(ruleset.id if ruleset else None)
    memo.put(name, key, catalog)
    return catalog


def _load(extra: Sequence[Path]) -> Catalog:
    from hearthroll.store.rulesets import load_catalog

    return load_catalog(extra)
