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

from hearthroll.tui.screens.dialog import Check, FormDialog, error_line


@attrs.frozen
class CampaignChoice:
    """What the new campaign should be."""

    name: str
    ruleset: str
    demo: bool


class NewCampaign(FormDialog[CampaignChoice]):
    """Name, ruleset (↑↓), demo party (space); Enter creates it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+s", "create", "Create")]

    def __init__(
        self,
        rulesets: Sequence[tuple[str, str]],
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
                *(Option(f"{name} ({rid})", id=rid) for rid, name in self._rulesets),
                id="rulesets",
            )
            yield Checkbox("start with the demo party (house game)", value=True, id="demo")
            yield error_line()
            yield Static("tab next field  ⏎ create  esc cancel", classes="keys")

    def on_mount(self) -> None:
        self.query_one("#rulesets", OptionList).highlighted = 0
        self.query_one("#name", Input).focus()

    def read(self) -> CampaignChoice:
        """The campaign as the fields say."""
        rulesets = self.query_one("#rulesets", OptionList)
        index = rulesets.highlighted or 0
        return CampaignChoice(
            self.query_one("#name", Input).value.strip(),
            self._rulesets[index][0],
            self.query_one("#demo", Checkbox).value,
        )

    def action_create(self) -> None:
        """Create the campaign, if the table can."""
        self._go()
