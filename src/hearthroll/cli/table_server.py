"""The web server behind `hearthroll serve`: textual-serve's page, terminal and app runner,
on a route table of our own that offers a browser nothing but the one view.

A browser can reach three things: `/` (the page), `/static/...` (textual-serve's own script,
style sheet, fonts and background image, from its package folder) and `/ws` (the terminal:
each connection runs the fixed view command in its own process and passes the browser's keys,
size and focus to it). There is no download route, no directory listing and no way to name a
command, a file or an argument: the command is fixed when the server is made.

The terminal answers only its own page: a browser says which page opened the connection (its
`Origin`), and one from any other (another site, or a page on the GM's machine) is refused,
so it can neither watch the view nor take the places. The last place is kept for a browser on
this machine: the GM's own check.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import re
import signal
import socket
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager

PACKAGE = Path(textual_serve.__file__).parent
MAX_VIEWERS = 24
"""Browsers served at once: each runs a view process of its own. The last place is kept for a
browser on this machine."""
MAX_COLUMNS, MAX_ROWS = 400, 200
"""The largest terminal a browser may ask for."""
STOP_TIMEOUT = 10.0
"""Seconds a view is given to quit when its browser leaves, before it is ended."""
_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$")
"""A Host header that names a machine (and a port): the page points its terminal there."""


def _size(value: object, default: int, largest: int) -> int:
    """A terminal dimension a browser sent, kept to 1 ... `largest`."""
    try:
        number = int(str(value))
    except ValueError:
        return default
    return max(1, min(number, largest))


def origin_of(text: str) -> tuple[str, int] | None:
    """The host and port of a page's origin as a browser sends it (`http://192.168.1.20:8000`);
    None for anything else (another scheme, no host, junk)."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme != "http" or not parts.hostname:
        return None
    return parts.hostname.lower(), port or 80


def _address(text: str | None) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        address = ipaddress.ip_address((text or "").split("%")[0])
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


class TableServer:
    """Serve `command` (the view of one campaign) to every browser that opens the page at one
    of `origins` (`http://HOST:PORT`); `here` names this machine's own addresses, besides
    loopback."""

    def __init__(
        self, command: str, title: str, origins: Iterable[str] = (), here: Iterable[str] = ()
    ) -> None:
        self.command = command
        self.title = title
        self.origins = frozenset(o for o in map(origin_of, origins) if o is not None)
        self.here = frozenset(a for a in map(_address, here) if a is not None)
        self._viewers: set[AppService] = set()
        self._downloads = DownloadManager()

    def own_page(self, origin: str | None) -> bool:
        """Whether a connection that says it comes from a page at `origin` comes from this
        server's own page."""
        return origin is not None and origin_of(origin) in self.origins

    def room_for(self, remote: str | None) -> bool:
        """Whether a browser at the address `remote` may watch now: any while more than one
        place is free, one on this machine for the last."""
        free = MAX_VIEWERS - len(self._viewers)
        if free > 1:
            return True
        address = _address(remote)
        here = address is not None and (address.is_loopback or address in self.here)
        return free == 1 and here

    def app(self) -> web.Application:
        """The web application: the page, textual-serve's static files, the terminal."""
        app = web.Application()
        aiohttp_jinja2.setup(
            app, loader=jinja2.FileSystemLoader(PACKAGE / "templates"), autoescape=True
        )
        app.add_routes(
            [
                web.get("/", self.page),
                web.get("/ws", self.terminal),
                web.static("/static", PACKAGE / "static", show_index=False),
            ]
        )
        app.on_shutdown.append(self._stop_viewers)
        return app

    def serve(self, listening: socket.socket) -> None:
        """Serve on `listening` until Ctrl+C (or SIGTERM); every view is stopped first."""
        logging.getLogger("textual-serve").setLevel(logging.ERROR)
        asyncio.run(self._serve(listening))

    async def _serve(self, listening: socket.socket) -> None:
        runner = web.AppRunner(self.app(), access_log=None, shutdown_timeout=STOP_TIMEOUT)
        await runner.setup()
        await web.SockSite(runner, listening).start()
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, stop.set)
        try:
            await stop.wait()
        finally:
            await runner.cleanup()

    async def page(self, request: web.Request) -> web.StreamResponse:
        """textual-serve's page, its terminal pointed back at the address the browser used."""
        host = request.host if _HOST.match(request.host) else "localhost"
        context: Mapping[str, Any] = {
            "font_size": _size(request.query.get("fontsize", "16"), 16, 64),
            "app_websocket_url": f"ws://{host}/ws",
            "config": {"static": {"url": f"http://{host}/static/"}},
            "application": {"name": self.title},
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def terminal(self, request: web.Request) -> web.StreamResponse:
        """One browser's terminal: its own view process, fed only keys, size and focus; only
        for this server's own page."""
        if not self.own_page(request.headers.get("Origin")):
            raise web.HTTPForbidden(
                text="the players' view answers only its own page: open one of the addresses "
                "`hearthroll serve` printed"
            )
        if not self.room_for(request.remote):
            raise web.HTTPServiceUnavailable(
                text=f"{len(self._viewers)} browsers are watching already (the last of "
                f"{MAX_VIEWERS} places is kept for this machine)"
            )
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=1 << 16)
        width = _size(request.query.get("width", "80"), 80, MAX_COLUMNS)
        height = _size(request.query.get("height", "24"), 24, MAX_ROWS)
        await websocket.prepare(request)

        async def close() -> None:
            await websocket.close()

        viewer = AppService(
            self.command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=close,
            download_manager=self._downloads,
        )
        self._viewers.add(viewer)
        try:
            await viewer.start(width, height)
            await self._pass_on(websocket, viewer)
        except asyncio.CancelledError:
            pass
        finally:
            self._viewers.discard(viewer)
            await self._stop(viewer)
            await websocket.close()
        return websocket

    async def _pass_on(self, websocket: web.WebSocketResponse, viewer: AppService) -> None:
        """The browser's messages that mean something to a terminal; anything else is dropped."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, body = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(body, str):
                await viewer.send_bytes(body.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(body, dict):
                await viewer.set_terminal_size(
                    _size(body.get("width"), 80, MAX_COLUMNS),
                    _size(body.get("height"), 24, MAX_ROWS),
                )
            elif kind == "ping":
                await websocket.send_json(["pong", str(body)[:32]])
            elif kind == "blur":
                await viewer.blur()
            elif kind == "focus":
                await viewer.focus()

    async def _stop(self, viewer: AppService) -> None:
        """Ask a view to quit; end it if it has not within STOP_TIMEOUT."""
        with contextlib.suppress(TimeoutError, AssertionError, OSError):
            await asyncio.wait_for(viewer.stop(), STOP_TIMEOUT)
        process = viewer._process  # textual-serve keeps it private; it has no kill of its own
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()

    async def _stop_viewers(self, _app: web.Application) -> None:
        await asyncio.gather(*(self._stop(v) for v in list(self._viewers)))
