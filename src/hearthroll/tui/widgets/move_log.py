"""The move log: every event, newest at the bottom, its words wrapped to the pane; Enter
shows its record."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.cache import LRUCache
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import Reactive, reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.style import Style
from textual.visual import Visual

from hearthroll.tui.messages import EventChosen
from hearthroll.tui.views import LogLine, LogView


class MoveLog(ScrollView, can_focus=True):
    """The log as a list that follows the newest event: each new one is highlighted and in
    view, through resizes and campaign switches, until the GM walks up the log (↑, PgUp,
    Home, the mouse wheel); then the highlight stays on its event. End (or walking back down
    to the newest) follows again.

    Each line is drawn once at the pane's width and kept: a line played, undone or redone
    draws that line alone, and scrolling puts drawn lines back on screen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor_up", "Up", show=False),
        Binding("down", "cursor_down", "Down", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown", "page_down", "Page down", show=False),
        Binding("home", "first", "First", show=False),
        Binding("end", "newest", "Newest", show=False),
        Binding("enter", "select", "Show", show=False),
    ]

    COMPONENT_CLASSES: ClassVar[set[str]] = {"move-log--line", "move-log--highlighted"}

    DEFAULT_CSS = """
    MoveLog {
        overflow-x: hidden;
        background: $surface;
        & > .move-log--highlighted {
            color: $foreground;
            background: $block-cursor-blurred-background;
        }
        &:focus {
            background-tint: $foreground 5%;
            & > .move-log--highlighted {
                color: $block-cursor-foreground;
                background: $block-cursor-background;
                text-style: $block-cursor-text-style;
            }
        }
    }
    """

    view: reactive[LogView] = reactive(LogView(), init=False, repaint=False)
    virtual_size: Reactive[Size] = Reactive(Size(0, 0))
    """The log's rows, scrolled through. Unlike Textual's, a change lays nothing out: the
    table sets the log's size, never its lines (a scroll bar that comes or goes still does),
    so a line played redraws the log alone and not the whole screen."""
    following = True
    """The newest event is highlighted and shown as events come."""
    numbered = True
    """Each line starts with its event's number (the players' view leaves them out)."""

    class TopReached(Message):
        """The GM walked up to the log's first line: the events before it are wanted."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._highlighted: int | None = None
        self._width = 0
        """The width the lines are wrapped to (0: not known yet)."""
        self._starts: list[int] = []
        """Each line's first row."""
        self._rows: list[int] = []
        """Each row's line."""
        self._drawn: LRUCache[tuple[LogLine, int, Style], list[Strip]] = LRUCache(1024)
        self._line_styles: tuple[Style, Style]
        """The styles lines are drawn in now (`_styles`, looked up once a drawing)."""

    # --- what the table and the tests ask -------------------------------------------------

    @property
    def highlighted(self) -> int | None:
        """The highlighted line's index (None when the log is empty)."""
        return self._highlighted

    @highlighted.setter
    def highlighted(self, index: int | None) -> None:
        lines = len(self.view.lines)
        index = None if index is None or not lines else max(0, min(index, lines - 1))
        was, self._highlighted = self._highlighted, index
        if index == was:
            return
        for changed in (was, index):
            if changed is not None:
                self._refresh_line(changed)
        if index == 0 and lines:
            self.post_message(self.TopReached())

    def prompt(self, index: int) -> Content:
        """The words of the line at `index`, as drawn."""
        return self._prompt(self.view.lines[index])

    # --- a new view -----------------------------------------------------------------------

    def watch_view(self, old: LogView, view: LogView) -> None:
        kept = None if self.following else self._kept_highlight(old, view)
        in_place = self._changed_in_place(old, view)
        if not in_place:
            self._count_rows(0)
            self.refresh()
        if kept is not None:
            self.highlighted = kept
            self.scroll_to_highlight()
        elif view.lines:
            self.following = True
            self.highlighted = len(view.lines) - 1
            if in_place:  # the log's size is the one it had: the bottom is known now
                self.scroll_to(y=self.max_scroll_y, animate=False)
            else:
                self._show_newest()
        else:
            self.highlighted = None

    def _changed_in_place(self, old: LogView, view: LogView) -> bool:
        """Only the lines that changed are drawn again, and the new ones added after them: an
        event played, undone or redone leaves the rest of the log as it was. False (nothing
        done) when `view` does not continue `old`: older events read in front of it, the
        oldest let go, another campaign."""
        shared = len(old.lines)
        if len(self._starts) != shared or len(view.lines) < shared:
            return False
        if any(was.seq != now.seq for was, now in zip(old.lines, view.lines, strict=False)):
            return False
        for index, (was, now) in enumerate(zip(old.lines, view.lines, strict=False)):
            if was.text != now.text:
                return False  # its height may change: every row is counted again
            if was != now:
                self._refresh_line(index)
        self._count_rows(shared)
        return True

    # --- rows -----------------------------------------------------------------------------

    def _count_rows(self, first: int) -> None:
        """Count the rows of the lines from `first` on, at the pane's width (all of them when
        the width changed), and size the log to them."""
        width = self.scrollable_content_region.width
        if width != self._width:
            self._width, first = width, 0
        first = min(first, len(self._starts))
        del self._rows[self._starts[first] if first < len(self._starts) else len(self._rows) :]
        del self._starts[first:]
        self._line_styles = self._styles
        if width > 0:
            for index, line in enumerate(self.view.lines[first:], first):
                self._starts.append(len(self._rows))
                self._rows.extend([index] * len(self._draw(line, lit=False)))
        size = Size(max(width, 0), len(self._rows))
        if size != self.virtual_size:
            self.virtual_size = size
            self._scroll_update(size)

    def _draw(self, line: LogLine, lit: bool) -> list[Strip]:
        """`line`'s rows at the pane's width (`lit`: highlighted), drawn once and kept (until
        its words, the width or the style change)."""
        style = self._line_styles[lit]
        key = (line, self._width, style)
        drawn = self._drawn.get(key)
        if drawn is None:
            rows = Visual.to_strips(self, self._prompt(line), self._width, None, style)
            meta = {"seq": line.seq}
            rich = style.rich_style
            drawn = [row.extend_cell_length(self._width, rich).apply_meta(meta) for row in rows]
            self._drawn[key] = drawn
        return drawn

    def _prompt(self, line: LogLine) -> Content:
        return Content.assemble(
            (f"#{line.seq} " if self.numbered else "", "dim"),
            (line.text, "dim strike" if line.undone else ""),
        )

    @property
    def _styles(self) -> tuple[Style, Style]:
        """A line's style and the highlighted line's, as the pane's focus and theme stand."""
        return (
            self.get_visual_style("move-log--line"),
            self.get_visual_style("move-log--line", "move-log--highlighted"),
        )

    def render_lines(self, crop: Region) -> list[Strip]:
        if self.scrollable_content_region.width != self._width:  # a scroll bar came or went
            self._count_rows(0)
            if self.following:
                self.scroll_to(y=self.max_scroll_y, animate=False)
        self._line_styles = self._styles
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        row = self.scroll_offset.y + y
        if row >= len(self._rows):
            return Strip.blank(self._width, self._line_styles[0].rich_style)
        index = self._rows[row]
        drawn = self._draw(self.view.lines[index], lit=index == self._highlighted)
        return drawn[row - self._starts[index]]

    def _refresh_line(self, index: int) -> None:
        """Draw the line at `index` again, where it is on screen."""
        if index >= len(self._starts):
            return
        start = self._starts[index]
        end = self._starts[index + 1] if index + 1 < len(self._starts) else len(self._rows)
        self.refresh_lines(start, end - start)

    # --- scrolling ------------------------------------------------------------------------

    def _show_newest(self) -> None:
        """Scroll to the bottom now and once the new lines are laid out."""
        self.scroll_end(animate=False, immediate=True)
        self.call_after_refresh(self.scroll_end, animate=False)

    def scroll_to_highlight(self) -> None:
        """Bring the highlighted line into view."""
        index = self._highlighted
        if index is None or index >= len(self._starts):
            return
        start = self._starts[index]
        end = self._starts[index + 1] if index + 1 < len(self._starts) else len(self._rows)
        self.scroll_to_region(
            Region(0, start, self._width, end - start), animate=False, force=True, immediate=True
        )

    def _kept_highlight(self, old: LogView, view: LogView) -> int | None:
        """Where the highlighted event is in `view` (None when it is not there)."""
        index = self._highlighted
        if index is None or index >= len(old.lines) or not view.lines:
            return None
        seq = old.lines[index].seq
        for at, line in enumerate(view.lines):
            if line.seq == seq:
                return at
        return None

    def follow(self) -> None:
        """Follow the newest event again (another campaign is shown)."""
        self.following = True

    # --- walking the log ------------------------------------------------------------------

    def _walk_to(self, index: int) -> None:
        if not self.view.lines:
            return
        self.highlighted = index
        self.scroll_to_highlight()
        self.following = self._highlighted == len(self.view.lines) - 1

    def action_cursor_up(self) -> None:
        self._walk_to((self._highlighted or 0) - 1)

    def action_cursor_down(self) -> None:
        index = self._highlighted
        self._walk_to(0 if index is None else index + 1)

    def action_page_up(self) -> None:
        self._walk_to(self._line_at_page(-1))

    def action_page_down(self) -> None:
        self._walk_to(self._line_at_page(+1))

    def _line_at_page(self, direction: int) -> int:
        """The line a page above (-1) or below (+1) the highlighted one."""
        index = self._highlighted or 0
        if not self._starts:
            return index
        row = self._starts[index] + direction * max(1, self.scrollable_content_region.height)
        return self._rows[max(0, min(row, len(self._rows) - 1))]

    def action_first(self) -> None:
        self._walk_to(0)

    def action_newest(self) -> None:
        """End: the newest event, followed from now on."""
        self.following = True
        if self.view.lines:
            self.highlighted = len(self.view.lines) - 1
        self._show_newest()

    def action_select(self) -> None:
        index = self._highlighted
        if index is not None and index < len(self.view.lines):
            self.post_message(EventChosen(self.view.lines[index].seq))

    def on_click(self, event: events.Click) -> None:
        seq = event.style.meta.get("seq")
        for index, line in enumerate(self.view.lines):
            if line.seq == seq:
                self._walk_to(index)
                self.action_select()
                return

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self.following = False

    def on_resize(self, event: events.Resize) -> None:
        self._count_rows(len(self._starts))
        if self.following and self.view.lines:
            self._show_newest()
