"""A served view, sent keys of every kind through the websocket the page uses, changes nothing
on disk: every file of the campaign's folder keeps its bytes and its mtime, and no file is
added. The view answers the keys (its help opens), so they did reach it."""

from __future__ import annotations

import asyncio
import json
import string
import time
from pathlib import Path

import aiohttp

from cli_run import run_cli
from serving import WAIT, folder_files, free_port, serve

ESCAPES = [
    *(f"\x1b[{code}" for code in "ABCDHF"),  # arrows, Home, End
    *(f"\x1b[{n}~" for n in (1, 2, 3, 4, 5, 6, 15, 17, 18, 19, 20, 21, 23, 24)),  # Ins… F12
    *(f"\x1bO{code}" for code in "PQRS"),  # F1-F4
    *(f"\x1b[1;{mod}{code}" for mod in (2, 3, 5, 6) for code in "ABCD"),  # shift/alt/ctrl
    *(f"\x1b{c}" for c in string.ascii_letters + string.digits),  # alt+key
    "\x1b",
    "\x1b[Z",  # shift+tab
    "\x1b[I",  # focus in
    "\x1b[O",  # focus out
]
MOUSE = [
    f"\x1b[<{button};{x};{y}{end}"
    for button in (0, 1, 2, 32, 64, 65)
    for x, y in ((1, 1), (20, 10), (60, 30))
    for end in "Mm"
]
TYPED = [
    "hearthroll move camp.toml clash --dice 4\r",
    "u",
    "\x12",  # ctrl+r: redo at the GM's table
    "/clash\r",
    "\x1b[200~note camp.toml pasted; rm -rf *\x1b[201~\r",
    "../../etc/passwd\r",
]


def _every_key() -> list[str]:
    printable = [c for c in string.printable if c not in "q?"]
    control = [chr(n) for n in range(1, 32) if chr(n) not in "\x03\x11"]  # not ctrl+c, ctrl+q
    return printable + control + ["\x7f"] + ESCAPES + MOUSE + TYPED


async def _screen_until(websocket: aiohttp.ClientWebSocketResponse, words: str) -> None:
    """Read the terminal's output until `words` has been drawn."""
    seen = b""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        message = await websocket.receive(timeout=WAIT)
        if message.type == aiohttp.WSMsgType.BINARY:
            seen = (seen + message.data)[-200_000:]
            if words.encode() in seen:
                return
        elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
            break
    raise AssertionError(f"the view never drew {words!r}")


async def _drive(port: int) -> None:
    url = f"ws://127.0.0.1:{port}/ws?width=120&height=40"
    page = f"http://127.0.0.1:{port}"  # the origin a browser that opened the page sends
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(url, origin=page) as websocket,
    ):
        await _screen_until(websocket, "players' view")
        await websocket.send_str(json.dumps(["stdin", "?"]))
        await _screen_until(websocket, "walk up and down the log")  # the keys reach it
        await websocket.send_str(json.dumps(["stdin", "\x1b"]))
        for key in _every_key():
            await websocket.send_str(json.dumps(["stdin", key]))
        for width, height in ((1, 1), (10**9, -5), (400, 200), ("x", None), (120, 40)):
            await websocket.send_str(json.dumps(["resize", {"width": width, "height": height}]))
        for other in (["blur"], ["focus"], ["ping", "1"], ["open", "/etc"], ["stdin", 7], []):
            await websocket.send_str(json.dumps(other))
        await websocket.send_str("not json at all")
        await websocket.send_bytes(b"\x00binary\xff")
        await websocket.send_str(json.dumps(["stdin", "?"]))
        await _screen_until(websocket, "walk up and down the log")  # still there, still reading
        await websocket.send_str(json.dumps(["stdin", "q"]))
        await websocket.send_str(json.dumps(["stdin", "\x11"]))


def test_a_served_view_sent_every_kind_of_key_writes_nothing(tmp_path: Path) -> None:
    data = tmp_path / "data"
    folder = tmp_path / "table"
    folder.mkdir()
    camp = folder / "camp.toml"
    env = {"HEARTHROLL_DATA_DIR": str(data)}
    assert run_cli("new", str(camp), "--demo", env=env).returncode == 0
    assert run_cli("move", str(camp), "clash", "--dice", "4", env=env).returncode == 0
    before = folder_files(folder)
    port = free_port()
    with serve(camp, data, "--port", str(port)) as served:
        served.wait_listening()
        asyncio.run(_drive(port))
        status, _, err = served.interrupt()
    assert status == 0 and "Traceback" not in err
    assert folder_files(folder) == before
