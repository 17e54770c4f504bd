"""Tick boxes that read ticked or not without colour: a ticked box shows X, an unticked one is
empty (a plain terminal capture, a monochrome screen or a colour-blind GM tells them apart)."""

from __future__ import annotations

from rich.segment import Segment
from textual.content import Content
from textual.strip import Strip
from textual.widgets import Checkbox, SelectionList
from textual.widgets.option_list import OptionDoesNotExist

TICKED = "X"
"""The mark inside a ticked box."""

UNTICKED = " "
"""The inside of an unticked box."""


class TickList(SelectionList[str]):
    """A SelectionList whose boxes are marked only when ticked."""

    def render_line(self, y: int) -> Strip:
        strip = super().render_line(y)
        segments = list(strip)
        if len(segments) < 3 or segments[1].text != Checkbox.BUTTON_INNER:
            return strip
        try:
            option = self.get_option_at_index(self.scroll_offset.y + y)
        except OptionDoesNotExist:
            return strip
        inner = TICKED if option.value in self.selected else UNTICKED
        segments[1] = Segment(inner, segments[1].style)
        return Strip(segments, strip.cell_length)


class TickBox(Checkbox):
    """A Checkbox whose box is marked only when ticked."""

    @property
    def _button(self) -> Content:
        self.BUTTON_INNER = TICKED if self.value else UNTICKED
        return super()._button
