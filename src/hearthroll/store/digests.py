"""SHA-256 for the store's digests, without `hashlib`'s start-up.

`import hashlib` loads OpenSSL's library to offer every algorithm it has, about 3 ms of every
command; the store needs SHA-256 alone, which CPython also builds as a small module of its own
(`_sha2` from 3.12, `_sha256` before). Where neither is there, `hashlib` gives it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Protocol, cast


class Hash(Protocol):
    """What the store uses of a hash object."""

    def update(self, data: bytes, /) -> None: ...
    def digest(self) -> bytes: ...
    def hexdigest(self) -> str: ...


def _find() -> Callable[..., Hash]:
    for name in ("_sha2", "_sha256"):
        try:
            return cast("Callable[..., Hash]", importlib.import_module(name).sha256)
        except (ImportError, AttributeError):
            continue
    import hashlib

    return hashlib.sha256


sha256: Callable[..., Hash] = _find()
"""`sha256(data=b"")`: a SHA-256 hash object, as `hashlib.sha256` gives."""
