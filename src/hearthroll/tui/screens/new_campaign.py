"""A new campaign: its name, its ruleset, and the demo party or an empty table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import attrs
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Checkbox, Input, OptionList, Static
from textual.widgets.option_list import Option

from hearthroll.core.records import Record
from hearthroll.tui.screens.dialog import Check, FormDialog, error_line
from hearthroll.tui.widgets.ticks import TickBox


@attrs.frozen
class CampaignChoice(Record):
    """What the new campaign should be."""

    name: str
    ruleset: str
    demo: bool


class NewCampaign(FormDialog[CampaignChoice]):
    """Name, ruleset (↑↓), demo party (space or Enter toggles it, shown only for a ruleset
    that has one); Enter in the name or on a ruleset creates it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+s", "create", "Create")]

    def __init__(
        self,
        rulesets: Sequence[tuple[str, str, bool]],
        check: Check[CampaignChoice],
        *,
        name: str = "",
        where: str = "",
    ) -> None:
        super().__init__(check)
        self._rulesets = tuple(rulesets)
        self._name = name
        self._where = where

    def compose(self) -> ComposeResult:
        with Vertical(id="new-campaign", classes="dialog"):
            yield Static("New campaign", classes="title")
            if self._where:
                yield Static(f"file: {self._where}", classes="hint", markup=False)
            yield Input(value=self._name, placeholder="the campaign's name", id="name")
            yield Static("ruleset", classes="heading")
            yield OptionList(
                *(Option(f"{name} ({rid})", id=rid) for rid, name, _ in self._rulesets),
                id="rulesets",
            )
            yield TickBox("start with the demo party", value=True, id="demo")
            yield error_line()
            yield Static("tab next field  ⏎ create  esc cancel", classes="keys")

    def on_mount(self) -> None:
        self.query_one("#rulesets", OptionList).highlighted = 0
        self._show_demo()
        self.query_one("#name", Input).focus()

    def _ruleset(self) -> tuple[str, str, bool]:
        index = self.query_one("#rulesets", OptionList).highlighted or 0
        return self._rulesets[index]

    def _show_demo(self) -> None:
        """The demo checkbox is there only for a ruleset with a demo party."""
        self.query_one("#demo", Checkbox).display = self._ruleset()[2]

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._show_demo()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        event.stop()  # Enter on the checkbox toggles it and nothing more

    def read(self) -> CampaignChoice:
        """The campaign as the fields say."""
        ruleset, _, demo = self._ruleset()
        return CampaignChoice(
            self.query_one("#name", Input).value.strip(),
            ruleset,
            demo and self.query_one("#demo", Checkbox).value,
        )

    def action_create(self) -> None:
        """Create the campaign, if the table can."""
        self._go()
