"""The journal's older segments, read for damage behind the table after the first frame."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hearthroll.tui.live import LiveCampaign
    from hearthroll.tui.table_protocol import Table


def look_for_damage(table: Table, live: LiveCampaign) -> None:
    """Read `live`'s older segments behind the screen; damage found redraws the table, whose
    top line then says it (in check's words)."""

    def look() -> None:
        try:
            if live.look_for_damage() is not None:
                table.from_behind(table.refresh_view)
        except Exception:  # unreadable now, or the app gone: `check` still tells
            return

    table.behind(look, "journal")
