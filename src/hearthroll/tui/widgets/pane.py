"""A pane of text that draws again only the rows its new text changes."""

from __future__ import annotations

from itertools import zip_longest
from typing import Self, cast

from textual.css.styles import RulesMap
from textual.geometry import Region
from textual.visual import Visual, VisualType
from textual.widget import Widget
from textual.widgets import Static


class Pane(Static):
    """A Static whose `fill` redraws only what changed. Textual's `Static.update` lays the
    whole screen out again and draws every row of the pane again (border, padding and
    background included, its empty rows too): a tall pane whose one line changed costs as
    much as a new screen. A pane whose size the layout sets (a share of its column, a fixed
    height) keeps it whatever it holds, and one as tall as its text keeps it while its lines
    stay as many: only the rows whose text changed are drawn again."""

    _holding = False
    """`fill` is putting new text in: Textual's own redraw of the whole pane waits for it."""

    def fill(self, content: VisualType) -> None:
        """Show `content`, drawing again the rows that changed (laid out again only when the
        pane's size follows its text and that changed)."""
        styles = self.styles
        width, height = self.size
        grows = styles.auto_dimensions
        wide = styles.width is not None and styles.width.is_auto
        if not width or not self.is_mounted or (grows and wide):
            self.update(content)  # not laid out yet, or as wide as its text
            return
        lines = self._lines(width) if grows else 0
        drawn = self._render_cache
        self._holding = True
        try:
            self.update(content, layout=False)
        finally:
            self._holding = False
        if grows and self._lines(width) != lines:
            self.refresh(layout=True)
            return
        if drawn.size != self.size:  # not drawn at this size yet: all of it
            self.refresh()
            return
        now = Visual.to_strips(self, self.visual, width, height, self.visual_style)
        changed = [
            Region(0, y, width, 1)
            for y, (was, new) in enumerate(zip_longest(drawn.lines, now))
            if was != new
        ]
        self.refresh(*changed, repaint=bool(changed))  # none: the new text, nothing to draw

    def _lines(self, width: int) -> int:
        """The rows the pane's text takes at `width`."""
        return self.visual.get_height(cast(RulesMap, self.styles), width)

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        if self._holding:
            return self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)


def retitle(widget: Widget, title: str | None = None, subtitle: str | None = None) -> None:
    """Set the words in `widget`'s border (None: leave them), only where they change: Textual
    draws the whole widget again at each setting, the same words or not."""
    if title is not None and widget.border_title != title:
        widget.border_title = title
    if subtitle is not None and widget.border_subtitle != subtitle:
        widget.border_subtitle = subtitle
