"""Smoke test of the installed program in a real terminal (tmux, 80×24): open a campaign,
play a turn with real dice typed in, see it on screen, quit, and find it saved."""

from __future__ import annotations

import inspect
import os
import shlex
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

TIMEOUT = 60.0


def command(campaign: Path) -> list[str]:
    """`hearthroll FILE` when the installed script opens the app, else `python -c` on run()."""
    import hearthroll.cli

    script = Path(sys.executable).parent / "hearthroll"
    if script.exists() and "hearthroll.tui" in inspect.getsource(hearthroll.cli):
        return [str(script), str(campaign)]
    code = (
        "import sys; from pathlib import Path; from hearthroll.tui import run; "
        f"sys.exit(run(Path({str(campaign)!r})))"
    )
    return [sys.executable, "-c", code]


class Terminal:
    """A tmux session running one command at 80×24 (or `size`)."""

    def __init__(
        self, argv: list[str], env: dict[str, str], done: Path, size: tuple[int, int] = (80, 24)
    ) -> None:
        self.name = f"hearthroll-{uuid.uuid4().hex[:8]}"
        self.done = done
        env = {**env, "COLUMNS": str(size[0]), "LINES": str(size[1])}  # never an outer size
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
        shell = f"env {exports} {shlex.join(argv)}; echo $? > {shlex.quote(str(done))}"
        subprocess.run(
            [
                "tmux",
                "new-session",
                "-d",
                "-s",
                self.name,
                "-x",
                str(size[0]),
                "-y",
                str(size[1]),
                shell,
            ],
            check=True,
        )
        width, height = (str(n) for n in size)  # a server made at another size keeps it
        subprocess.run(
            ["tmux", "resize-window", "-t", self.name, "-x", width, "-y", height], check=False
        )

    @classmethod
    def playing(cls, campaign: Path, tmp_path: Path, size: tuple[int, int] = (80, 24)) -> Terminal:
        """The app on `campaign`, with its data folder in `tmp_path` and the user's locale."""
        env = {"HEARTHROLL_DATA_DIR": str(tmp_path / "data"), "TERM": "xterm-256color"}
        for key in ("PATH", "HOME", "LANG", "LC_ALL"):
            if key in os.environ:
                env[key] = os.environ[key]
        return cls(command(campaign), env, tmp_path / "exit-status", size)

    def quit(self, timeout: float = TIMEOUT) -> None:
        """Press q and wait for the app to exit with status 0."""
        self.keys("q")
        deadline = time.monotonic() + timeout
        while not self.done.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert self.done.exists(), self.screen()
        assert self.done.read_text().strip() == "0"

    def screen(self) -> str:
        result = subprocess.run(
            ["tmux", "capture-pane", "-p", "-t", self.name],
            capture_output=True,
            text=True,
            check=False,
        )
        return result.stdout

    def keys(self, *keys: str) -> None:
        for key in keys:
            subprocess.run(["tmux", "send-keys", "-t", self.name, key], check=True)
            time.sleep(0.05)

    def wait_for(self, text: str, timeout: float = TIMEOUT) -> str:
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.1)
        time.sleep(3)  # whether the app still moves tells a slow app from a stuck one
        later = "the same 3 s later" if self.screen() == screen else "it changed 3 s later"
        raise AssertionError(
            f"{text!r} never appeared ({later}; {self.processes()}); the screen:\n{screen}"
        )

    def processes(self) -> str:
        """The state and CPU of what runs in the terminal (ps), on one line."""
        pane = subprocess.run(
            ["tmux", "display-message", "-p", "-t", self.name, "#{pane_pid}"],
            capture_output=True,
            text=True,
            check=False,
        ).stdout.strip()
        if not pane:
            return "the terminal is gone"
        ps = subprocess.run(
            ["ps", "-o", "pid,stat,pcpu,time,comm", "--ppid", pane, "-p", pane],
            capture_output=True,
            text=True,
            check=False,
        )
        return " | ".join(line.strip() for line in ps.stdout.splitlines())

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True, check=False)


def test_a_turn_at_80x24_in_a_real_terminal(tmp_path: Path) -> None:
    catalog = load_catalog(with_user=False)
    campaign = tmp_path / "table.toml"
    with CampaignStore.create(campaign, demo_campaign(catalog.default), catalog):
        pass
    terminal = Terminal.playing(campaign, tmp_path)
    try:
        screen = terminal.wait_for("Brannoc")
        assert "Isolde" in screen and "Brannoc rolls next" in screen  # the tray names the turn
        terminal.keys("/", "c", "l", "a", "F4", "Enter")
        terminal.wait_for("Clash: the pool (1d6)")
        terminal.keys("4", "Enter")
        terminal.wait_for("Clash: damage")  # each die the move rolls is asked, named
        terminal.keys("Enter")  # an empty line: the app rolls it
        screen = terminal.wait_for("SUCCESS, NO 6")
        assert "Clash [4]" in screen
        terminal.keys("/", "c", "l", "a", "F4", "Enter")
        terminal.wait_for("Clash: the pool (2d6)")
        terminal.keys("1,5", "Enter")
        screen = terminal.wait_for("BUST")
        assert "accept" in screen
        terminal.keys("a")
        terminal.wait_for("XP +1")
        terminal.quit()
    finally:
        terminal.close()
    with CampaignStore.open(campaign, catalog) as store:
        assert store.state.history.events == 3
        assert store.state.characters["Brannoc"].xp == 4
        assert store.state.turn.status == "busted"


def test_a_hack_turn_with_gear_in_a_real_terminal(tmp_path: Path) -> None:
    catalog = load_catalog(with_user=False)
    campaign = tmp_path / "road.toml"
    with CampaignStore.create(campaign, demo_campaign(catalog.ruleset("hack")), catalog):
        pass
    terminal = Terminal.playing(campaign, tmp_path)
    try:
        screen = terminal.wait_for("Grusha")
        assert "load 4/10" in screen
        terminal.keys("g")
        terminal.wait_for("Grusha: gear")
        terminal.keys("shield", "Enter")
        terminal.wait_for("load 5/10")
        terminal.keys("/", "h", "a", "c", "k", "F4", "Enter")
        terminal.wait_for("the roll (2d6)")
        terminal.keys("4,5 / 3", "Enter")  # the damage die after the /
        screen = terminal.wait_for("big weapon")
        assert "total 10" in screen
        terminal.keys("t")
        terminal.wait_for("takes damage")
        terminal.keys("6", "Enter")
        terminal.wait_for("HP 10/13")
        terminal.quit()
    finally:
        terminal.close()
    with CampaignStore.open(campaign, catalog) as store:
        grusha = store.state.characters["Grusha"]
        assert store.state.history.events == 3
        assert grusha.meters["hp"] == 10 and "shield" in {i.id for i in grusha.gear}
