"""The sheets' shelf: the sheet of the character looked at, the rest of the party's beside it
when the table shows them."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal

from hearthroll.tui.views import SheetView
from hearthroll.tui.widgets.character_sheet import CharacterSheet

SHEET = 34
"""A sheet's columns where the party stands side by side: a sheet's lines fit in them."""
NARROWEST = 48
"""The fewest columns the shelf takes: the steading's, the fight's or the tracks' lines below it
fit in them."""


def shelf_width(members: int, width: int) -> int:
    """The columns the side-by-side sheets take of a screen `width` wide: a sheet's for each
    member, at most three fifths of the screen, the rest left to the tray and the log."""
    return max(NARROWEST, min(members * SHEET, width * 3 // 5))


class PartySheets(Horizontal):
    """The sheet looked at first, then one for each other member shown."""

    def compose(self) -> ComposeResult:
        yield CharacterSheet(id="sheet", classes="pane")

    def show(self, looked_at: SheetView | None, others: Sequence[SheetView | None]) -> None:
        """The sheet looked at, and the others' sheets after it (a sheet a member, in order)."""
        self.query_one("#sheet", CharacterSheet).view = looked_at
        shown = list(self.query(".party-sheet").results(CharacterSheet))
        for extra in shown[len(others) :]:
            extra.remove()
        for number, view in enumerate(others):
            if number < len(shown):
                shown[number].view = view
            else:
                sheet = CharacterSheet(classes="pane party-sheet")
                sheet.view = view
                self.mount(sheet)
