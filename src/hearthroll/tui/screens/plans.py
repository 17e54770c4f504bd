"""Make a Plan's checklists: tick and untick requirements, or strike a plan."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import SelectionList, Static
from textual.widgets.selection_list import Selection

from hearthroll.tui.screens.dialog import Dialog
from hearthroll.tui.views import PlanView
from hearthroll.tui.widgets.ticks import TickList

PlanChange = tuple[str, str, int]
"""("tick" | "untick" | "drop", plan name, requirement number from 1)."""


class PlanBoard(Dialog[list[PlanChange]]):
    """Every requirement with its tick box; Enter saves the ticks, x strikes a plan."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "done", "Done", priority=True),
        Binding("x", "drop", "Strike plan"),
        *(Binding(str(n), f"number({n})", show=False) for n in range(1, 10)),
    ]

    def __init__(self, plans: Sequence[PlanView]) -> None:
        super().__init__()
        self._plans = tuple(plans)
        self._dropped: list[str] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="plans", classes="dialog"):
            yield Static("Plans", classes="title")
            yield TickList(
                *(
                    Selection(f"{plan.name}: {text}", f"{p}:{n}", done)
                    for p, plan in enumerate(self._plans)
                    for n, (text, done) in enumerate(plan.requirements, start=1)
                ),
                id="requirements",
            )
            yield Static("space or 1-9 tick  x strike the plan  ⏎ done  esc cancel", classes="keys")

    def on_mount(self) -> None:
        self.query_one("#requirements", SelectionList).focus()

    def changes(self) -> list[PlanChange]:
        """Ticks changed, then plans struck."""
        selected = set(self.query_one("#requirements", SelectionList).selected)
        found: list[PlanChange] = []
        for p, plan in enumerate(self._plans):
            if plan.name in self._dropped:
                continue
            for n, (_, done) in enumerate(plan.requirements, start=1):
                now = f"{p}:{n}" in selected
                if now != done:
                    found.append(("tick" if now else "untick", plan.name, n))
        found += [("drop", name, 0) for name in self._dropped]
        return found

    def action_done(self) -> None:
        """Close with the changes."""
        self.dismiss(self.changes())

    def action_number(self, number: int) -> None:
        """Tick (or untick) requirement `number`, as 1-9 pick an option elsewhere."""
        widget = self.query_one("#requirements", SelectionList)
        if number <= widget.option_count:
            widget.toggle(widget.get_option_at_index(number - 1).value)
            widget.highlighted = number - 1

    def action_drop(self) -> None:
        """Strike the plan of the highlighted requirement."""
        widget = self.query_one("#requirements", SelectionList)
        index = widget.highlighted
        if index is None:
            return
        value = widget.get_option_at_index(index).value
        plan = self._plans[int(value.split(":")[0])]
        if plan.name not in self._dropped:
            self._dropped.append(plan.name)
            self.notify(f"{plan.name} will be struck when you press Enter")
