"""Messages the widgets and the save thread post up to the main screen."""

from __future__ import annotations

from textual.message import Message

from hearthroll.tui.saver import SaveStatus


class SaveChanged(Message):
    """Saving moved on, or failed: the status line and the log follow."""

    def __init__(self, status: SaveStatus, source: object) -> None:
        super().__init__()
        self.status = status
        self.source = source
        """The campaign whose saving this is (a campaign switched away from is ignored)."""


class EventChosen(Message):
    """The GM chose an event in the log to see its whole record."""

    def __init__(self, seq: int) -> None:
        super().__init__()
        self.seq = seq


class CampaignsWanted(Message):
    """The GM asked for the campaign list (to open another, or make one)."""
