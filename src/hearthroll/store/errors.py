"""The errors of the file layer: each names the file (and line or key) and says how to fix it."""

from hearthroll.core.errors import HearthrollError


class StoreError(HearthrollError):
    """A campaign or journal file that cannot be read, written or locked."""


class StateWriteError(StoreError):
    """The event reached the journal, but the state file could not be rewritten.

    The event is safe: the next save, or the next open, brings the state up to date from the
    journal. Do not save the same event again.
    """

    def __init__(self, message: str, seq: int) -> None:
        super().__init__(message)
        self.seq = seq
        """The number the journal gave the event that was saved."""
        self.event: object = None
        """The event as saved, when the layer above knows it (`CampaignStore.commit` sets it)."""
