"""The GM's `V`: where the players' view of this campaign is served, and whether it runs; when
it is not, the command to serve it, and an offer to serve it from here while the app runs.

What a running `hearthroll serve` wrote in its note is read behind the screen (a worker), so a
slow disk never holds the table up; nothing here can fail the app.
"""

from __future__ import annotations

import atexit
import contextlib
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO

from hearthroll.store import serving
from hearthroll.tui.screens.prompt import LinePrompt
from hearthroll.tui.table_protocol import Table

START_WAIT = 60.0
"""Seconds a server started from here is given to listen (or to say why it cannot)."""
OFFER = "0.0.0.0:8000"
"""What the offer proposes: every network this machine is on, the usual port."""


def _short(campaign: Path) -> str:
    """The campaign's path as the GM would type it here: from this folder when it is under
    it, from `~` when under the home folder, else whole."""
    whole = campaign.resolve()
    for base, prefix in ((Path.cwd(), ""), (Path.home(), "~/")):
        if whole.is_relative_to(base):
            return prefix + str(whole.relative_to(base))
    return str(whole)


def said(served: serving.Served | None, campaign: Path) -> str:
    """The status line's words for `V`."""
    if served is None:
        command = shlex.join(["hearthroll", "serve", _short(campaign)])
        return f"V: not served — run: {command} --host 0.0.0.0"
    where = " · ".join(served.addresses)
    local = "; this machine only" if served.local_only else ""
    return f"V: the players' view is at {where} (running{local})"


class Started:
    """A `hearthroll serve` this app started, stopped when the app stops."""

    def __init__(self, campaign: Path, host: str, port: int) -> None:
        self.campaign = campaign
        self.errors: IO[bytes] = tempfile.TemporaryFile()  # noqa: SIM115 - closed by stop()
        command = [sys.executable, "-m", "hearthroll", "serve", str(campaign)]
        self.process = subprocess.Popen(
            [*command, "--host", host, "--port", str(port)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=self.errors,
            start_new_session=True,  # the terminal's Ctrl+C is the app's, not the server's
        )
        STARTED.append(self)

    def wait_listening(self) -> serving.Served | str:
        """The server's note once it listens, or what it said when it could not."""
        deadline = time.monotonic() + START_WAIT
        while time.monotonic() < deadline:
            served = serving.find(self.campaign)
            if served is not None and served.pid == self.process.pid:
                return served
            if self.process.poll() is not None:
                self.errors.seek(0)
                text = self.errors.read().decode("utf-8", "replace").strip()
                return text.removeprefix("hearthroll: ") or "the server stopped"
            time.sleep(0.1)
        return "the server did not start listening in time"

    def stop(self) -> None:
        """Ctrl+C to the server, as a person would; ended if it has not stopped in time."""
        if self.process.poll() is None:
            with contextlib.suppress(OSError):
                self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.errors.close()


STARTED: list[Started] = []


def stop_started() -> None:
    """Stop every server this app started (the app is quitting)."""
    while STARTED:
        STARTED.pop().stop()


atexit.register(stop_started)


def _address(text: str) -> tuple[str, int] | str:
    """HOST:PORT typed in the offer, or why it is not one."""
    host, colon, port = text.strip().rpartition(":")
    if not colon or not host or not port.isascii() or not port.isdigit() or len(port) > 5:
        return "type HOST:PORT, e.g. 0.0.0.0:8000 (every network) or 127.0.0.1:8000 (here)"
    if not 1 <= int(port) <= 65535:
        return f"{port} is not a port: give one from 1 to 65535"
    return host.strip("[]"), int(port)


def show(screen: Table) -> None:
    """`V`: say where the view is served; when it is not, offer to serve it from here."""
    campaign = screen.live.path

    def look() -> None:
        try:
            served = serving.find(campaign)
        except Exception:  # the last guard: a note never fails the table
            served = None
        screen.from_behind(lambda: _answer(screen, campaign, served))

    screen.behind(look, "serving")


def _answer(screen: Table, campaign: Path, served: serving.Served | None) -> None:
    starting = any(s.campaign == campaign and s.process.poll() is None for s in STARTED)
    if served is None and starting:
        screen.say("V: the players' view is starting…")
        return
    screen.say(said(served, campaign))
    if served is None:
        _offer(screen, campaign)


def _offer(screen: Table, campaign: Path) -> None:
    def check(text: str) -> str | None:
        address = _address(text)
        if isinstance(address, str):
            return address
        try:
            started = Started(campaign, *address)
        except OSError as error:
            return f"the server could not be started: {error.strerror or error}"
        screen.say(f"V: starting the players' view on {text.strip()}…")
        _await(screen, started)
        return None

    title = "Serve the players' view from here, while this app runs? HOST:PORT (esc: not now)"
    screen.show(LinePrompt(title, check, value=OFFER))


def _await(screen: Table, started: Started) -> None:
    def wait() -> None:
        outcome = started.wait_listening()
        words = (
            said(outcome, started.campaign)
            if isinstance(outcome, serving.Served)
            else f"V: the players' view could not be served: {outcome}"
        )
        with contextlib.suppress(RuntimeError):  # the app quit meanwhile
            screen.from_behind(lambda: screen.say(words))

    screen.behind(wait, "serving")
