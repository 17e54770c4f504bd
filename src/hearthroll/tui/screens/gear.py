"""Gear for a character: an item typed (typos forgiven), what to do with it, and the
ruleset's items listed with their weight, armor and damage."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from hearthroll.tui.screens.dialog import Check, FormDialog, error_line

GearChoice = tuple[str, str]
"""The item as typed, and the action: give, carry, drop, wear, stow."""

ACTIONS = (
    ("give", "give it, worn or wielded"),
    ("carry", "give it, only carried"),
    ("drop", "drop it"),
    ("wear", "wear or wield a carried one"),
    ("stow", "stow a worn one (only carried)"),
)


class GearDialog(FormDialog[GearChoice]):
    """Type the item, ↑↓ picks what to do, Enter does it; the refusal shows under the item, the
    ruleset's items scroll below the keys (PageUp / PageDown)."""

    def __init__(self, who: str, items: Sequence[str], check: Check[GearChoice]) -> None:
        super().__init__(check)
        self._who = who
        self._items = tuple(items)

    def compose(self) -> ComposeResult:
        with Vertical(id="gear", classes="dialog"):
            yield Static(f"{self._who}: gear", classes="title", markup=False)
            yield Input(placeholder="an item: big weapon, heavy armor, potion…", id="item")
            yield error_line()
            yield OptionList(*(Option(text, id=key) for key, text in ACTIONS), id="action")
            yield Static(
                "type the item  ↑↓ what to do  ⏎ do it  PgUp/PgDn the list  esc cancel",
                classes="keys",
            )
            with VerticalScroll(id="gear-list"):
                yield Static("\n".join(self._items), id="gear-items", markup=False)

    def on_mount(self) -> None:
        actions = self.query_one("#action", OptionList)
        actions.can_focus = False
        actions.highlighted = 0
        self.query_one("#item", Input).focus()

    def key_pageup(self) -> None:
        self.query_one("#gear-list", VerticalScroll).scroll_page_up()

    def key_pagedown(self) -> None:
        self.query_one("#gear-list", VerticalScroll).scroll_page_down()

    def key_up(self) -> None:
        self.query_one("#action", OptionList).action_cursor_up()

    def key_down(self) -> None:
        self.query_one("#action", OptionList).action_cursor_down()

    def read(self) -> GearChoice | str:
        """The item typed and the action highlighted."""
        item = self.query_one("#item", Input).value.strip()
        if not item:
            return "type an item"
        index = self.query_one("#action", OptionList).highlighted or 0
        return item, ACTIONS[index][0]
