"""The options a band offers (Muster's pick 2, Volley's pick 1, the GM's pick), picked before
the move is committed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import attrs
from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import SelectionList, Static

from hearthroll.core.records import Record
from hearthroll.tui.screens.dialog import Check, Dialog, error_line
from hearthroll.tui.widgets.ticks import TickList


@attrs.frozen
class PickList(Record):
    """One option list: its heading, its items (id, text), how many to pick."""

    heading: str
    items: tuple[tuple[str, str], ...]
    pick: int
    up_to: bool = False


class OptionsPicker(Dialog[list[str]]):
    """Space toggles, 1–9 toggles that item, Enter takes what is ticked (a list short of its
    picks says how many are left: the highlighted item is not taken unticked), Escape cancels
    the whole move. With several lists, a list whose picks are ticked hands the keys to the
    next one short of picks; Tab moves between them."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "done", "Done", priority=True),
        Binding("space", "tick", "Tick", show=False, priority=True),
        *(Binding(str(n), f"number({n})", show=False) for n in range(1, 10)),
    ]

    def __init__(
        self,
        title: str,
        summary: RenderableType,
        lists: Sequence[PickList],
        check: Check[list[str]],
        *,
        escape: str = "cancel the move",
    ) -> None:
        super().__init__(check)
        self._escape = escape
        """What Escape does, in the keys line."""
        self._title = title
        self._summary = summary
        self._lists = tuple(lists)

    def compose(self) -> ComposeResult:
        # The roll and the lists scroll; the refusal and the keys stay in view below them, on
        # a short screen too (a miss's summary and a vehicle's five costs fill 24 rows).
        with Vertical(id="options", classes="dialog"):
            with VerticalScroll(id="options-body"):
                yield Static(self._title, classes="title", markup=False)
                yield Static(self._summary, id="summary")
                for number, pick_list in enumerate(self._lists):
                    yield Static(pick_list.heading, classes="heading", markup=False)
                    yield TickList(
                        *((text, item_id) for item_id, text in pick_list.items),
                        id=f"list-{number}",
                        classes="picks",
                    )
            yield error_line()
            lists = "  tab next list" if len(self._lists) > 1 else ""
            keys = f"space pick  1-9 pick{lists}  ⏎ done  esc {self._escape}"
            yield Static(keys, classes="keys")

    def on_mount(self) -> None:
        for widget in self._selections():
            widget.highlighted = 0
        self.query_one("#list-0", SelectionList).focus()

    def _selections(self) -> list[SelectionList[str]]:
        return [self.query_one(f"#list-{n}", SelectionList) for n in range(len(self._lists))]

    def picks(self) -> list[str]:
        """The ids ticked, list by list."""
        return [item for widget in self._selections() for item in widget.selected]

    def _ticked(self, number: int) -> tuple[int, int]:
        """How many of list `number` are ticked, and how many it asks (fewer where fewer are
        on offer)."""
        pick_list = self._lists[number]
        count = len(self._selections()[number].selected)
        return count, min(pick_list.pick, len(pick_list.items))

    def _short(self, number: int) -> bool:
        count, wanted = self._ticked(number)
        return count < wanted and not self._lists[number].up_to

    def short(self) -> str | None:
        """What is still to pick ("pick 1 more: 2 of 2 for On 6…"), or None when every list
        holds exactly its picks (fewer only where fewer are on offer, or it says "up to")."""
        for number, pick_list in enumerate(self._lists):
            count, wanted = self._ticked(number)
            if count > pick_list.pick:
                return f"{pick_list.heading}: {count} ticked, only {pick_list.pick} may be"
            if self._short(number):
                return (
                    f"pick {wanted - count} more ({count} of {wanted} ticked): space or 1-9 "
                    f"ticks, for {pick_list.heading.rstrip(':')}"
                )
        return None

    def action_done(self) -> None:
        """Take the picks, if the table accepts them; too few or too many says how many (and
        the keys go to the list short of picks)."""
        missing = self.short()
        if missing:
            self.show_error(missing)
            self._focus_short(0)
            return
        self.submit(self.picks())

    def action_number(self, number: int) -> None:
        """Toggle item `number` of the focused list."""
        focused = self.focused
        if isinstance(focused, SelectionList) and number <= focused.option_count:
            focused.toggle(focused.get_option_at_index(number - 1).value)
            focused.highlighted = number - 1
            self._onward(focused)

    def action_tick(self) -> None:
        """Toggle the highlighted item of the focused list."""
        focused = self.focused
        if isinstance(focused, SelectionList) and focused.highlighted is not None:
            self.action_number(focused.highlighted + 1)

    def _onward(self, widget: SelectionList[str]) -> None:
        """A list whose picks are all ticked hands the keys to the next list short of picks,
        so `1 1 ⏎` answers two lists of one pick."""
        number = self._selections().index(widget)
        count, wanted = self._ticked(number)
        if count >= wanted:
            self._focus_short(number + 1)

    def _focus_short(self, start: int) -> None:
        """Focus the first list from `start` on that is short of picks, if any."""
        selections = self._selections()
        for number in range(start, len(self._lists)):
            if self._short(number):
                selections[number].focus()
                return
