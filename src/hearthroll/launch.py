"""The `hearthroll` command's first step: a verb runs in the warm process when one is listening,
else here, as it always has.

The warm process (`hearthroll.cli.warm`) has the engine imported already; each command it is
handed runs in a fork of it, with this process's arguments, folder, environment and terminal.
Every command still reads the campaign and the move files from disk: only the imports are
saved, about two thirds of a verb's time. This module imports nothing beyond the standard
library's built-in modules until it knows there is no warm process to ask.
"""

from __future__ import annotations

import os
import sys

from hearthroll.store.warm_place import PID, STATUS, fingerprint, private, socket_path, wanted

TYPE_CHECKING = False  # typing costs this module 4 ms
if TYPE_CHECKING:
    from _socket import socket
    from collections.abc import Sequence

NOT_SERVED = frozenset({"serve", "view", "warm"})
"""Verbs that run here: the web server and the players' view run for hours in the terminal
(the warm process would not get the window's resize), and `warm` talks to the warm process."""

SERVED = frozenset(
    {
        "accept", "add", "asset", "batch", "burn", "check", "damage", "encounter", "foe",
        "gear", "heal", "hold", "hurt", "level-up", "log", "move", "moves", "new", "note",
        "odds", "plan", "practice", "prep", "redo", "repair", "reroll", "roll", "round", "set",
        "show", "state", "stop", "track", "undo", "use", "wield",
    }
)  # fmt: skip
"""The verbs the warm process runs: every verb but `NOT_SERVED` (a test holds the two lists
to the command line's own)."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command: in the warm process when it is listening, else here (and start one for
    the commands after this)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in SERVED and wanted():
        code = fingerprint()
        place = socket_path(code)
        if place is not None:
            status = ask(place, args, code)
            if status is not None:
                return status
            start(place)
    from hearthroll.cli import main as run_here

    return run_here(args)


def ask(place: str, argv: Sequence[str], code: str | None = None) -> int | None:
    """Run `argv` in the warm process listening at `place` (for the code `code`, by default
    this one's); its exit status, or None when no warm process took the command (nothing was
    run: run it here)."""
    import _socket  # socket costs 5 ms more: its enums
    import marshal

    try:
        request = marshal.dumps(
            {
                "argv": list(argv),
                "program": sys.argv[0],
                "cwd": os.getcwd(),
                "env": dict(os.environ),
                "umask": _umask(),
                "code": code if code is not None else fingerprint(),
                "streams": [_stream(sys.stdin), _stream(sys.stdout), _stream(sys.stderr)],
            }
        )
    except (OSError, ValueError):  # the folder is gone, or a stream is closed: run it here
        return None
    conn = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    try:
        conn.connect(place)
        fds = b"".join(fd.to_bytes(4, sys.byteorder, signed=True) for fd in (0, 1, 2))
        conn.sendmsg(
            [len(request).to_bytes(4, "big") + request],
            [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, fds)],
        )
    except OSError:  # none listens, or it went: nothing was run
        conn.close()
        return None
    try:
        return _wait(conn)
    finally:
        conn.close()


def _wait(conn: socket) -> int | None:
    """The exit status the warm process's child sends; Ctrl-C and the like pass on to it,
    and Ctrl-Z stops it with this process."""
    import _signal  # type: ignore[import-not-found]  # signal costs 3 ms more: its enums

    received = b""
    child = 0
    pending: list[int] = []
    forwarded: list[int] = []

    def forward(signal_number: int, _frame: object) -> None:
        forwarded.append(signal_number)
        if child:
            os.kill(child, signal_number)
        else:
            pending.append(signal_number)

    def suspend(signal_number: int, _frame: object) -> None:
        """Ctrl-Z: the command stops with this process, and goes on when it does."""
        if child:
            os.kill(child, _signal.SIGSTOP)
        _signal.signal(signal_number, _signal.SIG_DFL)
        os.kill(os.getpid(), signal_number)  # stopped here until `fg` or `bg`
        _signal.signal(signal_number, suspend)
        if child:
            os.kill(child, _signal.SIGCONT)

    for number in (_signal.SIGINT, _signal.SIGTERM, _signal.SIGHUP):
        _signal.signal(number, forward)
    _signal.signal(_signal.SIGTSTP, suspend)
    while True:
        try:
            chunk = conn.recv(64)
        except OSError:  # the connection broke: the command may have run, so it is not rerun
            chunk = b""
        if not chunk:
            break
        received += chunk
        if not child and len(received) >= 5 and received[:1] == PID:
            child = int.from_bytes(received[1:5], "big")
            received = received[5:]
            for number in pending:
                os.kill(child, number)
        if child and len(received) >= 5 and received[:1] == STATUS:
            return int.from_bytes(received[1:5], "big", signed=True)
    if forwarded:  # a signal passed on ended the command (or came first): it ends this one
        _signal.signal(forwarded[-1], _signal.SIG_DFL)
        os.kill(os.getpid(), forwarded[-1])
    if not child:
        return None  # the warm process turned the command down before running it
    print(
        "hearthroll: the warm process ended the command without an exit status; check the "
        "campaign (`hearthroll check FILE`) and run it again if it was not recorded",
        file=sys.stderr,
    )
    return 1


def _umask() -> int:
    mask = os.umask(0o22)
    os.umask(mask)
    return mask


def _stream(stream: object) -> tuple[str, str]:
    """A standard stream's encoding and error handler, for the child to read and write as
    this process would."""
    encoding = getattr(stream, "encoding", None)
    errors = getattr(stream, "errors", None)
    if stream is None or encoding is None:
        raise ValueError("no such stream")
    return str(encoding), str(errors or "strict")


def start(place: str) -> None:
    """Start a warm process at `place` in the background, for the commands after this one
    (this one runs here). It stops by itself after a while without commands."""
    folder = os.path.dirname(place)
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        if not private(folder):
            return
        null = os.devnull
        os.posix_spawn(
            sys.executable,
            [sys.executable, "-m", "hearthroll.cli.warm", place],
            dict(os.environ),
            file_actions=[
                (os.POSIX_SPAWN_OPEN, 0, null, os.O_RDONLY, 0),
                (os.POSIX_SPAWN_OPEN, 1, null, os.O_WRONLY, 0),
                (os.POSIX_SPAWN_OPEN, 2, null, os.O_WRONLY, 0),
            ],
            setsid=True,
        )
    except (OSError, AttributeError, NotImplementedError):  # no posix_spawn: run cold
        return


if __name__ == "__main__":
    sys.exit(main())
