"""The Textual app: screens, widgets and key bindings over the engine. Imports core and store.

Only `build`, `launch` and `run` are here, and they import Textual when called, so the
command line's other verbs never load it.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hearthroll.tui.app import HearthrollApp
    from hearthroll.tui.flow import DiceFactory

EXIT_OK = 0
EXIT_FAILED = 1


def build(
    path: Path | None,
    data_dir: Path | None = None,
    dice: DiceFactory | None = None,
    moves: Sequence[Path] = (),
    *,
    to_run: bool = False,
) -> HearthrollApp:
    """The app for `path`: the campaign opened (locked, repaired) before the terminal is taken.

    With no path, the last campaign used; on a first run, the demo campaign, created in the
    data folder. A path that does not exist yet is offered for creation inside the app.
    Raises HearthrollError when the campaign cannot be opened.

    Only what the first frame shows is read now: the campaign's own ruleset, from its memo
    when that is current (else the catalog is read and checked, and its problems raised).
    The whole catalog, the move search and the memos still to write follow once the table is
    on screen (`HearthrollApp.on_ready`). The catalog holds the campaign's own move files and
    `moves` beside them (a bestiary among them is left to the foes).

    `to_run`: the app is what this process runs until it ends (as `run` builds it, for
    `launch`): the cyclic garbage collector is paused from now until the table's first frame
    is drawn (see `launch`). Without it (an app built to be tested) it is left alone.
    """
    if not to_run:
        return _built(path, data_dir, dice, moves)
    running = gc.isenabled()
    gc.disable()
    try:
        app = _built(path, data_dir, dice, moves)
    except BaseException:
        if running:
            gc.enable()
        raise
    app.resume_collector = running
    return app


def _built(
    path: Path | None, data_dir: Path | None, dice: DiceFactory | None, moves: Sequence[Path]
) -> HearthrollApp:
    from hearthroll.store.campaign_moves import explained, with_typed
    from hearthroll.store.catalog_cache import Cached
    from hearthroll.store.errors import StoreError
    from hearthroll.store.memo import Memo
    from hearthroll.store.sources import ruleset_files
    from hearthroll.tui import places
    from hearthroll.tui.app import HearthrollApp
    from hearthroll.tui.live import create_live, new_table, open_live

    folder = places.data_dir(data_dir)
    memo = Memo(places.cache_dir(data_dir))
    if path is None:
        path = places.last_used(folder)
        if path is None:
            demo = folder / places.DEMO
            if not demo.exists():
                catalog = Cached(memo, ruleset_files(moves), keep_later=True)
                whole = catalog.catalog()
                campaign = new_table(whole, whole.default.id, "", demo=True)
                live = create_live(demo, campaign, whole, memo)
                return HearthrollApp(
                    live=live, data_dir=folder, dice=dice, catalog=catalog, memo=memo, moves=moves
                )
            path = demo
    catalog = Cached(memo, ruleset_files(with_typed(path, moves)), keep_later=True)
    if not path.exists():
        return HearthrollApp(
            path, data_dir=folder, dice=dice, catalog=catalog, memo=memo, moves=moves
        )
    try:
        live = open_live(path, catalog, memo)
    except StoreError as error:
        found = explained(path, error)
        if found is error:
            raise
        raise found from None
    return HearthrollApp(
        live=live, data_dir=folder, dice=dice, catalog=catalog, memo=memo, moves=moves
    )


def launch(
    app: HearthrollApp, *, headless: bool = False, size: tuple[int, int] | None = None
) -> None:
    """Run a built app until it quits.

    Starting makes a great many objects that live as long as the app (the modules and their
    classes, the catalog, the campaign, the table's widgets) and next to no garbage, so the
    cyclic garbage collector is kept out of their way, as Textual keeps it out of a smooth
    scroll: paused until the table's first frame is drawn (from `build`, with `to_run`), and
    what was made by then frozen, never walked again (`HearthrollApp.on_ready` resumes it).
    Otherwise each collection while the table is first drawn walks them all again.
    """
    if gc.isenabled():
        app.resume_collector = True
        gc.disable()
    gc.freeze()
    try:
        app.run(headless=headless, size=size)
    finally:
        if app.resume_collector:
            gc.enable()


def run(path: Path | None = None, moves: Sequence[Path] = ()) -> int:
    """Run the app on `path` (or the last campaign used), with the move files `moves` beside
    the campaign's own; the exit status.

    Problems opening a campaign (locked by another hearthroll, a damaged file) are one clear
    message on stderr and a non-zero status, never a traceback.
    """
    from hearthroll.core.errors import HearthrollError

    try:
        app = build(path, moves=moves, to_run=True)
    except HearthrollError as error:
        print(f"hearthroll: {error}", file=sys.stderr)
        return EXIT_FAILED
    try:
        launch(app)
    finally:
        if app.live is not None:
            status = app.live.close()
            if status.waiting:
                print(
                    f"hearthroll: {status.waiting} event(s) NOT saved: {status.error}",
                    file=sys.stderr,
                )
    return app.return_code or EXIT_OK
