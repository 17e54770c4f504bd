"""Datasworn's Markdown as plain words for a card: links and `{{table…}}` markers read as
what they name, emphasis dropped, bullets as `•`; every link kept so it can become a ref."""

from __future__ import annotations

import re
from collections.abc import Callable

import attrs

from hearthroll.core.records import Record

LINK = re.compile(r"\[([^\]]*)\]\((?:datasworn:|id:)([^)\s]+)\)")
"""`[Pay the Price](datasworn:move:starforged/fate/pay_the_price)` (0.1.x) or
`[Pay the Price](id:starforged/moves/fate/pay_the_price)` (0.0.x)."""
MARKER = re.compile(r"\{\{(table|text)[>:]([^}\s]+)\}\}")
"""`{{table>move.oracle_rollable:…}}` (0.1.x) or `{{table:starforged/oracles/…}}` (0.0.x): a
table shown here, or the words of a roll on it."""
_BULLET = re.compile(r"^[ \t]*[*-][ \t]+", re.MULTILINE)
_STRONG = re.compile(r"__(.+?)__|\*\*(.+?)\*\*", re.DOTALL)
_EMPHASIS = re.compile(r"(?<![\w*])\*(?!\s)([^*\n]+?)\*(?!\w)|(?<!\w)_(?!\s)([^_\n]+?)_(?!\w)")
BULLET = "•"
_MARKS = re.compile(r"[\[{*_\n]|^\s*-")
"""Anything `plain` changes: without one, the text is plain already."""


@attrs.frozen
class Link(Record):
    """A place in the text that names another item: a link or a marker."""

    target: str
    """The Datasworn id it names, as written."""
    words: str
    """What the reader sees for it."""


@attrs.frozen
class Words(Record):
    """A text made plain, with the links it held."""

    text: str
    links: tuple[Link, ...] = ()


def plain(markdown: str, name_of: Callable[[str], str | None]) -> Words:
    """`markdown` as plain words; `name_of` gives the name of the item a marker names (None:
    it names nothing known, and the marker reads as the last part of its id)."""
    if not _MARKS.search(markdown):  # most rows: a few plain words
        return Words(markdown.strip())
    links: list[Link] = []

    def link(found: re.Match[str]) -> str:
        words, target = found.group(1), found.group(2)
        links.append(Link(target, words))
        return words

    def marker(found: re.Match[str]) -> str:
        kind, target = found.group(1), found.group(2)
        name = name_of(target) or _last_part(target)
        words = f"[the {name} table]" if kind == "table" else f"[a roll on {name}]"
        links.append(Link(target, words))
        return words

    text = LINK.sub(link, markdown)
    text = MARKER.sub(marker, text)
    text = _BULLET.sub(f"{BULLET} ", text)
    text = _STRONG.sub(lambda m: m.group(1) or m.group(2), text)
    text = _EMPHASIS.sub(lambda m: m.group(1) or m.group(2), text)
    lines = [line.rstrip() for line in text.strip().splitlines()]
    return Words("\n".join(lines), tuple(links))


def _last_part(target: str) -> str:
    """The readable end of an id: `…/fate/pay_the_price` → `pay the price`."""
    end = re.split(r"[/.:]", target)[-1]
    return end.replace("_", " ")


def paragraphs(text: str) -> list[str]:
    """A text's paragraphs, split at blank lines."""
    return [p.strip("\n") for p in re.split(r"\n[ \t]*\n", text) if p.strip()]


def bullets(paragraph: str) -> list[str] | None:
    """The items of a paragraph made only of one-line bullets; None for any other paragraph."""
    lines = paragraph.splitlines()
    if not lines or not all(line.lstrip().startswith(f"{BULLET} ") for line in lines):
        return None
    return [line.lstrip()[len(BULLET) + 1 :].strip() for line in lines]


def slug(text: str, words: int = 4) -> str:
    """A snake_case id from the first words of `text` (its label, where it has one before a
    colon): "Shake it off: take +1 health" → `shake_it_off`."""
    head, colon, _ = text.partition(":")
    if colon and 0 < len(head.split()) <= 5:
        text = head
    found = re.findall(r"[a-z0-9]+", text.lower())
    return "_".join(found[:words])


def capitalised(text: str) -> str:
    """`text` with its first letter upper case."""
    return text[:1].upper() + text[1:]
