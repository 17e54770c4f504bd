"""The move catalog, kept ready between runs: parsing and checking every ruleset file takes
most of a cold start, so the checked catalog is kept as a memo, keyed by everything it came from.

The app and the command line both load it from here, from the one cache folder
(`folders.cache_dir`). The key covers the hearthroll and Python versions, the bytes of the
shipped catalog, of the user's ruleset files and of any extra file named on the command line
(of a big one, such as a Datasworn package, the digest of its bytes: `content_keys`), and the
source of the engine and the store; any change makes a new key and the files are read and
checked again. A memo that cannot be read or written is ignored: the catalog is then
loaded as usual. The move searches are not kept: building one takes about a millisecond.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from hearthroll.store.memo import Memo, code_key, key_of

if TYPE_CHECKING:
    from hearthroll.core.rules.model import Catalog, Ruleset

NAME = "catalog"


def _name(extra: Sequence[Path]) -> str:
    """The memo's name: one for the usual catalog, another for any set of extra files (so a
    one-off `--moves` does not push out the memo every other run uses)."""
    if not extra:
        return NAME
    return f"{NAME}-{key_of(str(p.resolve()).encode() for p in extra)[:16]}"


def _key(extra: Sequence[Path], memo: Memo) -> str:
    from hearthroll.store.content_keys import covered
    from hearthroll.store.sources import shipped_path, user_files

    parts = [code_key(), shipped_path().read_bytes()]
    for group in (user_files(), extra):
        parts.append(str(len(group)).encode())
        for path in group:
            parts += [str(path).encode(), covered(path, memo)]
    return key_of(parts)


def load(memo: Memo, extra: Sequence[Path] = ()) -> Catalog:
    """The catalog (with `extra` ruleset files): from its memo when that is current, else
    loaded, checked and kept.

    Parsing and checking (`store.rulesets`, cattrs) are imported only when the memo misses.
    Problems in the files are raised as `load_catalog` raises them, and never kept.
    """
    return Cached(memo, extra).catalog()


class Cached:
    """The checked catalog from its memos, read only as far as a command needs.

    Beside the whole catalog, the ids of its rulesets and each ruleset alone are kept as memos
    of their own, under the same key: opening a campaign learns that its ruleset is known from
    the ids alone, and a verb that needs the ruleset (`state`, `move`) or the app's first frame
    reads that one, not every ruleset. Whatever is missing or stale is read from the whole
    catalog, loaded and checked as `load` does, and kept: at once, or with `keep_later` only
    when `keep` is called (the app calls it once the table is on screen).
    """

    def __init__(self, memo: Memo, extra: Sequence[Path] = (), *, keep_later: bool = False) -> None:
        self.memo = memo
        self.extra = tuple(extra)
        self.name = _name(self.extra)
        self.keep_later = keep_later
        self._key: str | None = None
        self._catalog: Catalog | None = None
        self._parts_found = False
        self._unkept: list[tuple[str, object]] = []
        """Memos worked out here and not kept yet: (name, value)."""

    def key(self) -> str | None:
        """The memos' key for the files as they are now; None when they cannot be read."""
        if self._key is None:
            try:
                self._key = _key(self.extra, self.memo)
            except OSError:
                return None
        return self._key

    def catalog(self) -> Catalog:
        """The whole catalog."""
        if self._catalog is not None:
            return self._catalog
        from hearthroll.core.rules.model import Catalog

        key = self.key()
        found = self.memo.get(self.name, key, Catalog) if key is not None else None
        if found is None:
            found = _load(self.extra)
            if key is not None:
                self._unkept.append((self.name, found))
                self._find_parts(found)
        self._catalog = found
        if not self.keep_later:
            self.keep()
        return found

    def ruleset_ids(self) -> tuple[str, ...]:
        """The ids of the catalog's rulesets."""
        key = self.key()
        if key is not None and self._catalog is None:
            found = self.memo.get(f"{self.name}.rulesets", key, tuple)
            if found is not None and all(isinstance(i, str) for i in found):
                return found
        return self._from_catalog().ruleset_ids()

    def ruleset(self, ruleset_id: str) -> Ruleset:
        """One ruleset of the catalog."""
        from hearthroll.core.rules.model import Ruleset

        key, name = self.key(), _ruleset_name(self.name, ruleset_id)
        if key is not None and name is not None and self._catalog is None:
            found = self.memo.get(name, key, Ruleset)
            if found is not None and found.id == ruleset_id:
                return found
        return self._from_catalog().ruleset(ruleset_id)

    def keep(self) -> None:
        """Write the memos worked out here and not kept yet."""
        key = self.key()
        while self._unkept:
            name, value = self._unkept.pop(0)
            if key is not None:
                self.memo.put(name, key, value)

    def _from_catalog(self) -> Catalog:
        """The whole catalog, for a part whose memo missed: the parts are kept again."""
        catalog = self.catalog()
        if self.key() is not None:
            self._find_parts(catalog)
        if not self.keep_later:
            self.keep()
        return catalog

    def _find_parts(self, catalog: Catalog) -> None:
        """Mark the ids and each ruleset to be kept as memos of their own, beside the catalog."""
        if self._parts_found:
            return
        self._parts_found = True
        self._unkept.append((f"{self.name}.rulesets", catalog.ruleset_ids()))
        for ruleset in catalog.rulesets:
            name = _ruleset_name(self.name, ruleset.id)
            if name is not None:
                self._unkept.append((name, ruleset))


def _ruleset_name(name: str, ruleset_id: str) -> str | None:
    """The memo of one ruleset; None for an id that would not make a plain file name."""
    plain = ruleset_id.replace("_", "").replace("-", "")
    return f"{name}.ruleset.{ruleset_id}" if plain.isascii() and plain.isalnum() else None


def _load(extra: Sequence[Path]) -> Catalog:
    from hearthroll.store.rulesets import load_catalog

    return load_catalog(extra)
