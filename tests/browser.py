"""Headless Chromium driven through its DevTools protocol, to read what a served page shows.

textual-serve draws its terminal with xterm.js on a WebGL canvas, so the page's DOM holds no
text. A script given to the page before it loads catches the page's terminal object as it is
made (its constructor assigns `fitAddon` right after `terminal`), and `screen_text` reads the
rows of xterm's buffer: exactly what is drawn.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import shutil
import subprocess
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp

from cli_run import end_process

CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, "fitAddon", {
  configurable: true,
  set(value) {
    window.__hearthrollTerminal = this.terminal;
    Object.defineProperty(this, "fitAddon", {
      value, writable: true, configurable: true, enumerable: true,
    });
  },
});
"""

SCREEN_TEXT = """
(() => {
  const terminal = window.__hearthrollTerminal;
  if (!terminal) return "";
  const buffer = terminal.buffer.active, rows = [];
  for (let y = 0; y < terminal.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    rows.push(line ? line.translateToString(true) : "");
  }
  return rows.join("\\n");
})()
"""


def chromium() -> str | None:
    """The Chromium on PATH (Debian's `chromium`), if there is one."""
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        found = shutil.which(name)
        if found:
            return found
    return None


class Page:
    """One page of a headless Chromium, spoken to over the DevTools websocket."""

    def __init__(self, websocket: aiohttp.ClientWebSocketResponse) -> None:
        self._websocket = websocket
        self._ids = itertools.count(1)

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Send one DevTools command and wait for its answer (events in between are passed)."""
        number = next(self._ids)
        await self._websocket.send_json({"id": number, "method": method, "params": params})
        async for message in self._websocket:
            data = json.loads(message.data)
            if data.get("id") == number:
                if "error" in data:
                    raise RuntimeError(f"{method}: {data['error']}")
                result: dict[str, Any] = data.get("result", {})
                return result
        raise RuntimeError(f"{method}: the browser closed the connection")

    async def open(self, url: str) -> None:
        """Load `url` with the terminal catcher in place."""
        await self.call("Page.enable")
        await self.call("Page.addScriptToEvaluateOnNewDocument", source=CATCH_TERMINAL)
        await self.call("Page.navigate", url=url)

    async def screen_text(self) -> str:
        """The rows the page's terminal shows now ("" before it has drawn)."""
        result = await self.call("Runtime.evaluate", expression=SCREEN_TEXT, returnByValue=True)
        value = result.get("result", {}).get("value", "")
        return value if isinstance(value, str) else ""

    async def wait_for_text(self, *words: str, timeout: float = 90.0) -> str:
        """The screen once it shows every one of `words`; AssertionError with the last screen
        when it has not within `timeout` seconds (generous: the machine may be busy)."""
        deadline = time.monotonic() + timeout
        text = ""
        while time.monotonic() < deadline:
            text = await self.screen_text()
            if all(word in text for word in words):
                return text
            await asyncio.sleep(0.25)
        raise AssertionError(f"the page never showed {words}; it shows:\n{text}")

    async def screenshot(self, path: Path) -> None:
        """A PNG of the page as it looks now."""
        result = await self.call("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(result["data"]))


@contextlib.asynccontextmanager
async def headless(
    binary: str, profile: Path, size: tuple[int, int] = (1400, 900)
) -> AsyncIterator[Page]:
    """A headless Chromium with a fresh profile in `profile`, and its first page."""
    process = subprocess.Popen(
        [
            binary,
            "--headless=new",
            "--no-sandbox",  # CI runs as root, where Chromium's sandbox refuses to start
            "--no-first-run",
            "--disable-extensions",
            "--disable-background-networking",
            f"--window-size={size[0]},{size[1]}",
            "--remote-debugging-port=0",
            f"--user-data-dir={profile}",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        port = await _devtools_port(profile, process)
        async with aiohttp.ClientSession() as session:
            async with session.get(f"http://127.0.0.1:{port}/json/list") as answer:
                targets = await answer.json()
            page = next(t for t in targets if t.get("type") == "page")
            async with session.ws_connect(
                page["webSocketDebuggerUrl"], max_msg_size=1 << 26
            ) as websocket:
                yield Page(websocket)
    finally:
        end_process(process)


async def _devtools_port(profile: Path, process: subprocess.Popen[bytes]) -> int:
    """The port Chromium chose, from the file it writes in its profile once it listens."""
    marker = profile / "DevToolsActivePort"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"chromium exited with {process.returncode} before listening")
        with contextlib.suppress(OSError, ValueError, IndexError):
            return int(marker.read_text().splitlines()[0])
        await asyncio.sleep(0.1)
    raise RuntimeError("chromium did not open its DevTools port within 60 s")
