"""The move catalog, kept ready between runs: parsing and checking every ruleset file takes
most of a cold start, so the checked catalog is pickled, keyed by everything it came from.

The key covers the hearthroll and Python versions, the bytes of the shipped catalog and of the
user's ruleset files, and the source of the modules whose classes are pickled; any change
makes a new key and the files are read and checked again. A cache that cannot be read or
written is ignored: the catalog is then loaded as usual.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
from pathlib import Path

from hearthroll.core.rules import Catalog

PREFIX = "catalog-"


def _key() -> str:
    from importlib import resources

    import hearthroll
    from hearthroll.core import effects, rules
    from hearthroll.store.rulesets import SHIPPED, user_files

    digest = hashlib.sha256()
    digest.update(f"{hearthroll.__version__} {sys.version}".encode())
    digest.update(resources.files("hearthroll").joinpath("data", SHIPPED).read_bytes())
    for module in (rules, effects):
        digest.update(Path(str(module.__file__)).read_bytes())
    for path in user_files():
        digest.update(str(path).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:24]


def load(folder: Path) -> Catalog:
    """The catalog: from the cache in `folder` when it is current, else loaded and cached."""
    from hearthroll.store.rulesets import load_catalog

    try:
        key = _key()
    except OSError:
        return load_catalog()
    cached = folder / f"{PREFIX}{key}.pickle"
    with contextlib.suppress(Exception):  # a damaged or foreign cache is just not used
        found = pickle.loads(cached.read_bytes())
        if isinstance(found, Catalog):
            return found
    catalog = load_catalog()
    _store(folder, cached, catalog)
    return catalog


def _store(folder: Path, cached: Path, catalog: Catalog) -> None:
    temp = cached.with_suffix(".tmp")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        temp.write_bytes(pickle.dumps(catalog, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(temp, cached)
        for old in folder.glob(f"{PREFIX}*.pickle"):
            if old != cached:
                old.unlink(missing_ok=True)
    except OSError:
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)
