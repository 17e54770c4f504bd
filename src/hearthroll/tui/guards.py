"""Guards around two edge cases of Textual that would put a traceback on the table.

- Page Up / Page Down in an `OptionList` look the highlighted option up in a line cache the
  list fills only when it has room to lay out: in a window too small to show it (or right after
  a resize) that look-up fails with a `KeyError`. Textual's own `scroll_to_highlight` guards the
  same look-up; paging is guarded the same way (a page is then one option).
- Text wrapped to a width of zero or less (a pane squeezed by a 1×1 window) makes rich's
  folding divide by a zero step (`ValueError: range() arg 3 must not be zero`): such text is
  wrapped to one cell instead, and the window clips it.

`install()` applies both once; the app calls it when it is made.
"""

from __future__ import annotations

from typing import Any

from textual.content import Content
from textual.widgets import OptionList

_MARK = "_hearthroll_guard"


def install() -> None:
    """Apply the guards (a second call does nothing)."""
    _guard_paging()
    _guard_wrapping()


def _guard_paging() -> None:
    original = OptionList._move_page
    if getattr(original, _MARK, False):
        return

    def move_page(self: OptionList, direction: Any) -> None:
        highlighted = self.highlighted
        if highlighted is not None and highlighted not in self._index_to_line:
            if direction > 0:
                self.action_cursor_down()
            else:
                self.action_cursor_up()
            return
        original(self, direction)

    setattr(move_page, _MARK, True)
    OptionList._move_page = move_page  # type: ignore[method-assign]


def _guard_wrapping() -> None:
    original = Content._wrap_and_format
    if getattr(original, _MARK, False):
        return

    def wrap_and_format(self: Content, width: int, *args: Any, **kwargs: Any) -> Any:
        line_pad = kwargs.get("line_pad", args[3] if len(args) > 3 else 0)
        return original(self, max(width, 1 + 2 * line_pad), *args, **kwargs)

    setattr(wrap_and_format, _MARK, True)
    Content._wrap_and_format = wrap_and_format  # type: ignore[method-assign]
