"""The players' view: a read-only screen of the table that follows the campaign as the GM
plays it. It imports no writer: nothing here can lock, save or change a campaign (an
import-linter contract in pyproject.toml holds it to that).

Only `run` is here, and it imports Textual when called.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path


def run(path: Path, *, odds: bool = False, moves: Sequence[Path] = ()) -> int:
    """Show the campaign at `path` to the players until they quit; the exit status.

    Raises:
        HearthrollError: the campaign is missing, unreadable or damaged (before the terminal
            is taken).
    """
    from hearthroll.store import catalog_cache
    from hearthroll.store.folders import cache_dir
    from hearthroll.store.memo import Memo
    from hearthroll.tui.view.app import ViewApp
    from hearthroll.tui.view.following import Following

    catalog = catalog_cache.load(Memo(cache_dir()), moves)
    following = Following.open(path, catalog)
    app = ViewApp(path, catalog, odds=odds, following=following)
    app.run()
    return app.return_code or 0
