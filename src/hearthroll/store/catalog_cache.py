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

import contextlib
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs

from hearthroll.store.errors import StoreError
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
    """The catalog (with `extra` ruleset files): from its memos when they are current, else
    loaded, checked and kept.

    Parsing and checking (`store.rulesets`, cattrs) are imported only when a memo misses.
    Problems in the files are raised as `load_catalog` raises them, and never kept.
    """
    return Cached(memo, extra).catalog()


class Cached:
    """The checked catalog from its memos, read only as far as a command needs.

    Each ruleset is kept as a memo of its own, and the ids of them all as another, under one
    key: opening a campaign learns that its ruleset is known from the ids alone, and a verb that
    needs the ruleset (`state`, `move`) or the app's first frame decodes that one, not every
    ruleset. Even that one is decoded only as far as it is read: its sheets at once, its moves
    and its tables (thousands of rows with a Datasworn package) when first read
    (`Ruleset.deferred`). The whole catalog is the rulesets' memos together.

    Whatever is missing or stale is read from the files, checked and kept: at once, or with
    `keep_later` (the app), the campaign's own ruleset is read and checked alone before the
    first frame, and the whole catalog is checked, and the memos kept, when `catalog` or `keep`
    is called (the app calls both once the table is on screen).
    """

    def __init__(self, memo: Memo, extra: Sequence[Path] = (), *, keep_later: bool = False) -> None:
        self.memo = memo
        self.extra = tuple(extra)
        self.name = _name(self.extra)
        self.keep_later = keep_later
        self._key: str | None = None
        self._catalog: Catalog | None = None
        self._read: Reading | None = None
        """The files read, and the catalog joined from them before the whole is checked."""
        self._unkept: Catalog | None = None
        """A catalog read from the files and checked, whose memos are not kept yet."""

    def key(self) -> str | None:
        """The memos' key for the files as they are now; None when they cannot be read."""
        if self._key is None:
            try:
                self._key = _key(self.extra, self.memo)
            except OSError:
                return None
        return self._key

    def _key_if_kept(self, name: str) -> str | None:
        """The memos' key, if the memo `name` is kept at all (else None, not worked out)."""
        return self.key() if self.memo.holds(name) else None

    def catalog(self) -> Catalog:
        """The whole catalog, checked (RulesetError says every problem of the files)."""
        if self._catalog is None:
            found = self._from_memos()
            if found is None:
                found = self._checked()
            self._catalog = found
        if not self.keep_later:
            self.keep()
        return self._catalog

    def ruleset_ids(self) -> tuple[str, ...]:
        """The ids of the catalog's rulesets."""
        key = self._key_if_kept(self.name)
        if key is not None and self._catalog is None and self._read is None:
            found = self._heads(key)
            if found is not None:
                return found[1]
        return self._partly().ruleset_ids()

    def ruleset(self, ruleset_id: str) -> Ruleset:
        """One ruleset of the catalog, checked."""
        name = _ruleset_name(self.name, ruleset_id)
        key = self._key_if_kept(name) if name is not None else None
        if key is not None and self._catalog is None and self._read is None:
            found = self._memo_ruleset(key, ruleset_id)
            if found is not None:
                return found
        if self._catalog is None and self.keep_later:
            reading = self._reading()
            reading.check(ruleset_id)
            return reading.catalog.ruleset(ruleset_id)
        return self.catalog().ruleset(ruleset_id)

    def keep(self) -> None:
        """Check the whole catalog if only a part of it is checked yet, and write the memos
        worked out here and not kept yet (a catalog with problems keeps none)."""
        if self._read is not None and self._catalog is None:
            with contextlib.suppress(StoreError):
                self.catalog()
        catalog, self._unkept = self._unkept, None
        key = self.key()
        if catalog is None or key is None:
            return
        for ruleset in catalog.rulesets:
            name = _ruleset_name(self.name, ruleset.id)
            if name is None:
                return  # without every ruleset's memo, the ids' memo would only mislead
            head = attrs.evolve(ruleset, moves=(), tables=())
            parts = {"moves": ruleset.moves, "tables": ruleset.tables}
            self.memo.put_parted(name, key, head, parts)
        heads = (catalog.default_ruleset, catalog.ruleset_ids())
        self.memo.put(self.name, key, heads)

    def _partly(self) -> Catalog:
        """The catalog as far as it is needed now: checked whole, or (with `keep_later`) read
        and checked as far as a ruleset has been asked for."""
        if self._catalog is None and self.keep_later:
            return self._reading().catalog
        return self.catalog()

    def _checked(self) -> Catalog:
        """The catalog read from the files and checked whole; its memos kept later."""
        reading = self._reading()
        reading.check(None)
        if self.key() is not None:
            self._unkept = reading.catalog
        return reading.catalog

    def _reading(self) -> Reading:
        if self._read is None:
            self._read = Reading(self.extra)
        return self._read

    def _heads(self, key: str) -> tuple[str, tuple[str, ...]] | None:
        """The default ruleset and the rulesets' ids, from their memo."""
        found = self.memo.get(self.name, key, tuple)
        if found is None or len(found) != 2:
            return None
        default, ids = found
        if type(default) is not str or type(ids) is not tuple:
            return None
        if not all(type(i) is str for i in ids):
            return None
        return default, ids

    def _from_memos(self) -> Catalog | None:
        """The whole catalog from the rulesets' memos; None when one is missing or stale."""
        from hearthroll.core.rules.model import Catalog

        key = self._key_if_kept(self.name)
        heads = self._heads(key) if key is not None else None
        if key is None or heads is None:
            return None
        rulesets = []
        for ruleset_id in heads[1]:
            found = self._memo_ruleset(key, ruleset_id)
            if found is None:
                return None
            rulesets.append(found)
        return Catalog(tuple(rulesets), heads[0])

    def _memo_ruleset(self, key: str, ruleset_id: str) -> Ruleset | None:
        """One ruleset from its memo, its moves and tables decoded when first read."""
        from hearthroll.core.rules.model import DEFERRABLE, Ruleset

        name = _ruleset_name(self.name, ruleset_id)
        found = self.memo.get_parted(name, key, Ruleset) if name is not None else None
        if found is None:
            return None
        head, parts = found
        if head.id != ruleset_id or set(parts) != set(DEFERRABLE):
            return None
        later = {part: partial(self._part, ruleset_id, part, parts[part]) for part in parts}
        return head.deferred(later)

    def _part(self, ruleset_id: str, part: str, decode: Callable[[], object]) -> tuple[Any, ...]:
        """A ruleset's moves or tables, decoded from its memo; from the files if that fails (a
        memo damaged after its head was read)."""
        from hearthroll.core.rules.model import Move, Table

        kind = {"moves": Move, "tables": Table}[part]
        with contextlib.suppress(Exception):
            found = decode()
            if type(found) is tuple and all(type(item) is kind for item in found):
                return found
        value: tuple[Any, ...] = getattr(self._checked().ruleset(ruleset_id), part)
        return value


class Reading:
    """The ruleset files read from disk, joined before they are checked, and checked as far as
    has been asked (one ruleset, or all of them together)."""

    def __init__(self, extra: Sequence[Path]) -> None:
        from hearthroll.core.errors import RuleError
        from hearthroll.store.rulesets import catalog_files, check_files, joined_catalog

        self.files = catalog_files(extra)
        try:
            self.catalog = joined_catalog(self.files)
        except RuleError:  # an id twice, an unknown ruleset: the checks say where
            check_files(self.files)
            raise
        self._checked: set[str | None] = set()
        self._problems: dict[str | None, StoreError] = {}

    def check(self, ruleset_id: str | None) -> None:
        """Check the files for `ruleset_id` (None: for every ruleset); RulesetError lists
        every problem found."""
        from hearthroll.store.rulesets import check_files

        if None in self._checked or ruleset_id in self._checked:
            return
        if ruleset_id in self._problems:
            raise self._problems[ruleset_id]
        try:
            check_files(self.files, ruleset_id)
        except StoreError as error:
            self._problems[ruleset_id] = error
            raise
        self._checked.add(ruleset_id)


def _ruleset_name(name: str, ruleset_id: str) -> str | None:
    """The memo of one ruleset; None for an id that would not make a plain file name."""
    plain = ruleset_id.replace("_", "").replace("-", "")
    return f"{name}.ruleset.{ruleset_id}" if plain.isascii() and plain.isalnum() else None
