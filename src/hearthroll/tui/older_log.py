"""The log's older events, read behind the table as the GM scrolls up to the log's top."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hearthroll.core.campaign.events import Event
    from hearthroll.tui.live import LiveCampaign
    from hearthroll.tui.table_protocol import Table


class OlderLog:
    """Reads the events before the first the log holds, one reading at a time."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.reading = False
        """A reading is under way: reaching the top again asks for nothing more."""

    def read(self) -> None:
        """Read the events before the log's first behind the screen; they join the log."""
        live = self.table.live
        if self.reading or not live.has_older:
            return
        self.reading = True

        def read() -> None:
            try:
                older = live.older()
            except Exception:  # the log just stays shorter; play goes on
                older = []
            self.table.from_behind(lambda: self._prepend(live, older))

        self.table.behind(read, "log")

    def _prepend(self, live: LiveCampaign, older: list[Event]) -> None:
        self.reading = False
        if live is self.table.live and older:
            live.prepend(older)
            self.table.refresh_view()
