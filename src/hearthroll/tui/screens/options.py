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

from hearthroll.tui.screens.dialog import Check, Dialog, error_line
from hearthroll.tui.widgets.ticks import TickList


@attrs.frozen
class PickList:
    """One option list: its heading, its items (id, text), how many to pick."""

    heading: str
    items: tuple[tuple[str, str], ...]
    pick: int
    up_to: bool = False


class OptionsPicker(Dialog[list[str]]):
    """Space toggles, 1–9 toggles that item, Enter takes the picks (a single pick may just be
    highlighted), Escape cancels the whole move."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "done", "Done", priority=True),
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
            yield Static(f"space pick  1-9 pick  ⏎ done  esc {self._escape}", classes="keys")

    def on_mount(self) -> None:
        for widget in self._selections():
            widget.highlighted = 0
        self.query_one("#list-0", SelectionList).focus()

    def _selections(self) -> list[SelectionList[str]]:
        return [self.query_one(f"#list-{n}", SelectionList) for n in range(len(self._lists))]

    def picks(self) -> list[str]:
        """The ids picked; a list of one pick with nothing ticked takes its highlighted item."""
        chosen: list[str] = []
        for pick_list, widget in zip(self._lists, self._selections(), strict=True):
            selected = list(widget.selected)
            if not selected and pick_list.pick == 1 and not pick_list.up_to:
                index = widget.highlighted
                if index is not None:
                    selected = [widget.get_option_at_index(index).value]
            chosen += selected
        return chosen

    def short(self) -> str | None:
        """What is still to pick ("pick 1 more: 2 of 2 for On 6…"), or None when every list
        holds exactly its picks (fewer only where fewer are on offer, or it says "up to")."""
        picked = self.picks()
        for pick_list in self._lists:
            ids = {item_id for item_id, _ in pick_list.items}
            count = sum(1 for p in picked if p in ids)
            wanted = min(pick_list.pick, len(ids))
            if count > pick_list.pick:
                return f"{pick_list.heading}: {count} ticked, only {pick_list.pick} may be"
            if count < wanted and not pick_list.up_to:
                left = wanted - count
                return (
                    f"pick {left} more ({count} of {wanted} ticked): space or 1-9 ticks, "
                    f"for {pick_list.heading.rstrip(':')}"
                )
        return None

    def action_done(self) -> None:
        """Take the picks, if the table accepts them; too few or too many says how many."""
        missing = self.short()
        if missing:
            self.show_error(missing)
            return
        self.submit(self.picks())

    def action_number(self, number: int) -> None:
        """Toggle item `number` of the focused list."""
        focused = self.focused
        if isinstance(focused, SelectionList) and number <= focused.option_count:
            focused.toggle(focused.get_option_at_index(number - 1).value)
            focused.highlighted = number - 1
