"""The move catalog, kept ready between runs: parsing and checking every ruleset file takes
most of a cold start, so the checked catalog is kept as a memo, keyed by everything it came from.

The key covers the hearthroll and Python versions, the bytes of the shipped catalog and of the
user's ruleset files, and the source of the engine and the store; any change makes a new key
and the files are read and checked again. A memo that cannot be read or written is ignored:
the catalog is then loaded as usual.
"""

from __future__ import annotations

from hearthroll.core.rules.model import Catalog
from hearthroll.store.memo import Memo, code_key, key_of

NAME = "catalog"


def _key() -> str:
    from hearthroll.store.sources import shipped_path, user_files

    parts = [code_key(), shipped_path().read_bytes()]
    for path in user_files():
        parts += [str(path).encode(), path.read_bytes()]
    return key_of(parts)


def load(memo: Memo) -> Catalog:
    """The catalog: from its memo when that is current, else loaded, checked and kept.

    Parsing and checking (`store.rulesets`, cattrs) are imported only when the memo misses.
    """
    try:
        key = _key()
    except OSError:
        return _load()
    found = memo.get(NAME, key, Catalog)
    if found is not None:
        return found
    catalog = _load()
    memo.put(NAME, key, catalog)
    return catalog


def _load() -> Catalog:
    from hearthroll.store.rulesets import load_catalog

    return load_catalog()
