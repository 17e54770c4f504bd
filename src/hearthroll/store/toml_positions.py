"""Where each key and array item of a TOML document stands (line, column), for error messages.

`tomllib` parses values but keeps no positions, so this small scanner walks the same text and
records the position of every key path: `("moves", 3, "roll", "stat") -> (41, 1)`. It assumes
the text is valid TOML (parse it with `tomllib` first) and never raises on odd input.
"""

from __future__ import annotations

import functools
import itertools
import re

Path = tuple[str | int, ...]
Position = tuple[int, int]

_BARE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.positions: dict[Path, Position] = {}
        self._line_starts = [0]
        for index, char in enumerate(text):
            if char == "\n":
                self._line_starts.append(index + 1)
        self._aot: dict[Path, int] = {}

    # -- positions ------------------------------------------------------------------------

    def where(self, index: int) -> Position:
        lo, hi = 0, len(self._line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self._line_starts[mid] <= index:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1, index - self._line_starts[lo] + 1

    def mark(self, path: Path, index: int) -> None:
        self.positions.setdefault(path, self.where(index))

    # -- characters -----------------------------------------------------------------------

    def peek(self, offset: int = 0) -> str:
        j = self.i + offset
        return self.text[j] if j < len(self.text) else ""

    def skip_space(self, newlines: bool = False) -> None:
        while self.i < len(self.text):
            char = self.text[self.i]
            if char in " \t\r" or (newlines and char == "\n"):
                self.i += 1
            elif char == "#":
                while self.i < len(self.text) and self.text[self.i] != "\n":
                    self.i += 1
            else:
                return

    def skip_line(self) -> None:
        while self.i < len(self.text) and self.text[self.i] != "\n":
            self.i += 1

    # -- keys -----------------------------------------------------------------------------

    def key(self) -> list[str]:
        parts: list[str] = []
        while True:
            self.skip_space()
            char = self.peek()
            if char in "\"'":
                parts.append(self.string())
            else:
                start = self.i
                while self.peek() and self.peek() in _BARE:
                    self.i += 1
                if self.i == start:
                    return parts
                parts.append(self.text[start : self.i])
            self.skip_space()
            if self.peek() != ".":
                return parts
            self.i += 1

    def string(self) -> str:
        quote = self.peek()
        if self.text.startswith(quote * 3, self.i):
            end = self.text.find(quote * 3, self.i + 3)
            end = len(self.text) if end < 0 else end
            while self.text.startswith(quote, end + 3):  # up to two quotes may close it
                end += 1
            value = self.text[self.i + 3 : end]
            self.i = end + 3
            return value
        self.i += 1
        chars: list[str] = []
        while self.i < len(self.text) and self.text[self.i] not in (quote, "\n"):
            if quote == '"' and self.text[self.i] == "\\":
                self.i += 1
            chars.append(self.text[self.i] if self.i < len(self.text) else "")
            self.i += 1
        self.i += 1
        return "".join(chars)

    # -- values ---------------------------------------------------------------------------

    def value(self, path: Path) -> None:
        self.skip_space()
        char = self.peek()
        if char in "\"'":
            self.string()
        elif char == "[":
            self.array(path)
        elif char == "{":
            self.inline_table(path)
        else:
            while self.peek() and self.peek() not in ",]}\n#":
                self.i += 1

    def array(self, path: Path) -> None:
        self.i += 1
        index = 0
        while self.i < len(self.text):
            self.skip_space(newlines=True)
            if self.peek() == "]":
                self.i += 1
                return
            self.mark((*path, index), self.i)
            self.value((*path, index))
            index += 1
            self.skip_space(newlines=True)
            if self.peek() == ",":
                self.i += 1
            elif self.peek() != "]":
                self.i += 1  # not valid TOML; keep moving

    def inline_table(self, path: Path) -> None:
        self.i += 1
        while self.i < len(self.text):
            self.skip_space(newlines=True)
            if self.peek() == "}":
                self.i += 1
                return
            start = self.i
            parts = self.key()
            if not parts:
                self.i += 1
                continue
            self.mark((*path, *parts), start)
            self.skip_space()
            if self.peek() == "=":
                self.i += 1
            self.value((*path, *parts))
            self.skip_space(newlines=True)
            if self.peek() == ",":
                self.i += 1

    # -- document -------------------------------------------------------------------------

    def resolve(self, parts: list[str]) -> Path:
        """Give a header's dotted name the index of every array of tables it passes through."""
        path: Path = ()
        for part in parts:
            path = (*path, part)
            if path in self._aot:
                path = (*path, self._aot[path])
        return path

    def document(self) -> dict[Path, Position]:
        table: Path = ()
        while self.i < len(self.text):
            self.skip_space(newlines=True)
            if self.i >= len(self.text):
                break
            start = self.i
            if self.text.startswith("[[", self.i):
                self.i += 2
                parts = self.key()
                base = self.resolve(parts[:-1]) + tuple(parts[-1:])
                count = self._aot.get(base, -1) + 1
                self._aot[base] = count
                table = (*base, count)
                self.mark(base, start)
                self.mark(table, start)
                self.skip_line()
            elif self.peek() == "[":
                self.i += 1
                parts = self.key()
                table = self.resolve(parts)
                self.mark(table, start)
                self.skip_line()
            else:
                parts = self.key()
                if not parts:
                    self.skip_line()
                    continue
                path = (*table, *parts)
                self.mark(path, start)
                self.skip_space()
                if self.peek() == "=":
                    self.i += 1
                self.value(path)
        return self.positions


def locate(text: str) -> dict[Path, Position]:
    """Every key path of a TOML document mapped to the (line, column) where it is written."""
    return _Scanner(text).document()


def nearest(positions: dict[Path, Position], path: Path) -> tuple[Position, Path]:
    """The position of `path`, or of its closest written ancestor (a missing key's table)."""
    probe = path
    while probe:
        if probe in positions:
            return positions[probe], probe
        probe = probe[:-1]
    return (1, 1), ()


MAX_NESTING = 64
"""Arrays and inline tables nested deeper than this are refused before parsing (no campaign or
move file comes near it, and deeper text would exhaust the parser's recursion)."""


_SKIPPED = r"""
      \#[^\n]*+                                      # a comment
    | \"\"\"(?:[^"\\]++|\\[\s\S]|"(?!""))*+(?:"{3,5}|\Z)   # a multi-line basic string
    | '''(?:[^']++|'(?!''))*+(?:'{3,5}|\Z)           # a multi-line literal string
    | "(?:[^"\\\n]++|\\.)*+"?                        # a basic string (unclosed: to its line's end)
    | '[^'\n]*+'?                                    # a literal string
"""
"""Comments and strings: text whose brackets nest nothing."""
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


@functools.cache
def _scanners() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """Strings and comments; every bracket outside them; all but brackets. Compiled on first
    use: most commands read no file that could nest at all."""
    return (
        re.compile(_SKIPPED, re.VERBOSE),
        re.compile(rf"{_SKIPPED} | (?P<open>[\[{{]) | (?P<close>[\]}}])", re.VERBOSE),
        re.compile(r"[^\[\]{}]++"),
    )


def too_deep(text: str, limit: int = MAX_NESTING) -> Position | None:
    """Where `text` first nests arrays or inline tables deeper than `limit`, or None.

    Strings and comments are skipped, so brackets inside them do not count. Regular
    expressions do the scanning, so the check costs a small part of parsing the text: the
    brackets left outside strings and comments are summed all at once, and walked one by
    one only when they reach past `limit` (to say where) or close more than they opened.
    """
    if text.count("[") + text.count("{") <= limit:
        return None
    skipped, _, not_bracket = _scanners()
    brackets = not_bracket.sub("", skipped.sub("", text))
    depths = list(itertools.accumulate(map(_STEP.__getitem__, brackets)))
    if max(depths, default=0) <= limit and min(depths, default=0) >= 0:
        return None
    return _first_too_deep(text, limit)


def _first_too_deep(text: str, limit: int) -> Position | None:
    """Where nesting first passes `limit`; a closing bracket with nothing open closes nothing."""
    depth = 0
    for token in _scanners()[1].finditer(text):
        if token.lastgroup == "open":
            depth += 1
            if depth > limit:
                at = token.start()
                return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
        elif token.lastgroup == "close":
            depth = max(depth - 1, 0)
    return None
