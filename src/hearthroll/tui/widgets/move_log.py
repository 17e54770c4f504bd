"""The move log: every event, newest at the bottom, one line each; Enter shows its record."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive, reactive
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from hearthroll.tui.messages import EventChosen
from hearthroll.tui.views import LogLine, LogView


class MoveLog(OptionList):
    """The log as a list that follows the newest event: each new one is highlighted and in
    view, through resizes and campaign switches, until the GM walks up the log (↑, PgUp,
    Home, the mouse wheel); then the highlight stays on its event. End (or walking back down
    to the newest) follows again."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("end", "newest", "Newest", show=False),
    ]

    view: reactive[LogView] = reactive(LogView(), init=False, repaint=False)
    virtual_size: Reactive[Size] = Reactive(Size(0, 0))
    """The log's lines, scrolled through. Unlike Textual's, a change lays nothing out: the
    table sets the log's size, never its lines (a scroll bar that comes or goes still does),
    so a line played redraws the log alone and not the whole screen."""
    following = True
    """The newest event is highlighted and shown as events come."""
    numbered = True
    """Each line starts with its event's number (the players' view leaves them out)."""

    def watch_view(self, old: LogView, view: LogView) -> None:
        kept = None if self.following else self._kept_highlight(old, view)
        in_place = self._changed_in_place(old, view)
        if not in_place:
            self.set_options(Option(self._prompt(line), id=str(line.seq)) for line in view.lines)
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

    class TopReached(Message):
        """The GM walked up to the log's first line: the events before it are wanted."""

    def _prompt(self, line: LogLine) -> Content:
        return Content.assemble(
            (f"#{line.seq} " if self.numbered else "", "dim"),
            (line.text, "dim strike" if line.undone else ""),
        )

    def _changed_in_place(self, old: LogView, view: LogView) -> bool:
        """Only the lines that changed are drawn again, and the new ones added after them: an
        event played, undone or redone leaves the rest of the log as it was. False (nothing
        done) when `view` does not continue `old`: older events read in front of it, the
        oldest let go, another campaign."""
        shared = len(old.lines)
        if self.option_count != shared or len(view.lines) < shared:
            return False
        if any(was.seq != now.seq for was, now in zip(old.lines, view.lines, strict=False)):
            return False
        for index, (was, now) in enumerate(zip(old.lines, view.lines, strict=False)):
            if was.text != now.text:
                self.replace_option_prompt_at_index(index, self._prompt(now))
            elif was != now:
                self._restyle(index, now)
        self.add_options(
            Option(self._prompt(line), id=str(line.seq)) for line in view.lines[shared:]
        )
        return True

    def _restyle(self, index: int, line: LogLine) -> None:
        """Draw one line again (undone or redone: the same words, struck or not). Textual's
        own `replace_option_prompt_at_index` forgets every line's drawing and height; the
        words unchanged, the heights hold, and only this line's drawings are let go."""
        option = self.get_option_at_index(index)
        option._set_prompt(self._prompt(line))
        drawn = self._option_render_cache  # keyed by option, style and padding
        keys = drawn.keys()
        for key in [key for key in keys if key[0] is option]:
            drawn.discard(key)
        self.refresh()

    def _show_newest(self) -> None:
        """Scroll to the bottom now and once the new lines are laid out."""
        self.scroll_end(animate=False)
        self.call_after_refresh(self.scroll_end, animate=False)

    def _kept_highlight(self, old: LogView, view: LogView) -> int | None:
        """Where the highlighted event is in `view` (None when it is not there)."""
        if self.highlighted is None or not old.lines or not view.lines:
            return None
        if self.highlighted >= len(old.lines):
            return None
        seq = old.lines[self.highlighted].seq
        for index, line in enumerate(view.lines):
            if line.seq == seq:
                return index
        return None

    def follow(self) -> None:
        """Follow the newest event again (another campaign is shown)."""
        self.following = True

    def action_newest(self) -> None:
        """End: the newest event, followed from now on."""
        self.following = True
        if self.option_count:
            self.highlighted = self.option_count - 1
        self._show_newest()

    def _walked(self) -> None:
        self.following = self.highlighted is None or self.highlighted >= self.option_count - 1

    def action_cursor_up(self) -> None:
        super().action_cursor_up()
        self._walked()

    def action_cursor_down(self) -> None:
        super().action_cursor_down()
        self._walked()

    def action_page_up(self) -> None:
        super().action_page_up()  # type: ignore[no-untyped-call]
        self._walked()

    def action_page_down(self) -> None:
        super().action_page_down()  # type: ignore[no-untyped-call]
        self._walked()

    def action_first(self) -> None:
        super().action_first()
        self._walked()

    def action_last(self) -> None:
        self.action_newest()

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self.following = False

    def on_resize(self, event: events.Resize) -> None:
        if self.following and self.option_count:
            self._show_newest()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()  # each new line moves the highlight: the table hears only of the top
        if event.option_index == 0:
            self.post_message(self.TopReached())

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.post_message(EventChosen(int(event.option.id)))
