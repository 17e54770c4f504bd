"""The `hearthroll` command's first step: a verb runs in the warm process when one is listening
and may be trusted, else here, as it always has; Ctrl-C at any moment ends it with exit 130.

The warm process (`hearthroll.cli.warm`) has the engine imported already; each command it is
handed runs in a fork of it, with this process's arguments, folder, environment and terminal.
Every command still reads the campaign and the move files from disk: only the imports are
saved, about two thirds of a verb's time. Before anything is sent, this process checks the
warm process as it is checked itself: the socket's folder is this user's own and private, and
the process at the other end runs as this user (asked of the kernel). One that fails a check,
or does not answer within `PATIENCE` seconds (stopped, or hung), is passed by: the command
runs here, and says why in one line.

Ctrl-C: while no command runs (hearthroll starting, or the command done) it ends this process
at once, with one line and exit 130; while a command runs here it raises KeyboardInterrupt in
it, so that it gives its lock back; while one runs in the warm process it is passed on to it.
SIGTERM and SIGHUP end this process (and a command handed over) whenever they come.

This module imports nothing beyond the standard library's built-in modules until it knows there
is no warm process to ask.
"""

# Ctrl-C is taken over first of all, before anything is loaded (even `__future__`, whose
# import takes long enough to be hit): these three are loaded already, and builtin.
import _signal  # type: ignore[import-not-found]  # signal costs 3 ms more: its enums
import os
import sys


def _stop_now(_number: int, _frame: object) -> None:
    """Ctrl-C while no command runs: one line and exit 130 at once (nothing is under way that
    could be left half done, and nothing can hang)."""
    try:
        os.write(2, b"hearthroll: interrupted\n")
    finally:
        os._exit(130)


def _is_program() -> bool:
    """Whether this process is the `hearthroll` command (its script, or `python -m hearthroll`),
    not a program that imports the launcher (a test)."""
    main = sys.modules.get("__main__")
    spec = getattr(main, "__spec__", None)
    if spec is not None:
        return spec.name in ("hearthroll.__main__", "hearthroll.launch")
    script = os.path.basename(str(getattr(main, "__file__", "")))
    return script.partition(".")[0].removesuffix("-script") == "hearthroll"


PROGRAM = _is_program() and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler
"""Whether Ctrl-C is this module's to handle: the `hearthroll` command, and Ctrl-C not ignored
(as a background job's is)."""
if PROGRAM:  # from here on Ctrl-C never shows a traceback
    _signal.signal(_signal.SIGINT, _stop_now)

import time  # noqa: E402

from hearthroll.store.warm_place import (  # noqa: E402
    CREDENTIALS,
    GO,
    PATIENCE,
    PID,
    STATUS,
    distrust,
    fingerprint,
    peer_uid,
    private,
    socket_path,
    wanted,
)

TYPE_CHECKING = False  # typing costs this module 4 ms
if TYPE_CHECKING:
    from _socket import socket
    from collections.abc import Sequence

INTERRUPTED = 130
"""The exit status of a command Ctrl-C ended."""

NOT_SERVED = frozenset({"serve", "view", "warm"})
"""Verbs that run here: the web server and the players' view run for hours in the terminal
(the warm process would not get the window's resize), and `warm` talks to the warm process."""

SERVED = frozenset(
    {
        "accept", "add", "asset", "batch", "burn", "check", "clock", "damage", "encounter", "foe",
        "gear", "heal", "hold", "hurt", "import", "level-up", "log", "move", "moves", "new",
        "note", "odds", "oracle", "plan", "practice", "prep", "redo", "repair", "reroll", "roll",
        "round", "set", "show", "state", "stop", "track", "undo", "use", "wield",
    }
)  # fmt: skip
"""The verbs the warm process runs: every verb but `NOT_SERVED` (a test holds the two lists
to the command line's own)."""


class PassedBy(Exception):
    """A warm process listens, but is not used: it may not be trusted, or it did not answer.
    Nothing was run; the message says why, in words for the user."""


def main(argv: "Sequence[str] | None" = None) -> int:
    """Run one command: in the warm process when one listens and answers, else here (and start
    one for the commands after this). Ctrl-C ends it with exit 130 and one line."""
    args = list(sys.argv[1:] if argv is None else argv)
    status = _served(args)
    if status is None:
        status = _here(args)
    if status == INTERRUPTED:
        _say("interrupted")
    return status


def _served(args: list[str]) -> int | None:
    """The command's exit status from the warm process; None when it is to run here."""
    if not (args and args[0] in SERVED and wanted()):
        return None
    try:
        code = fingerprint()
        place = socket_path(code)
    except OSError:  # hearthroll's own folder cannot be read: run it here, as it would fail
        return None
    if place is None:
        return None
    try:
        status = ask(place, args, code)
    except PassedBy as why:
        _say(f"{why}; this command runs in its own process")
        return None
    if status is None:
        start(place)
    return status


def _here(args: list[str]) -> int:
    """Run the command in this process: Ctrl-C raises KeyboardInterrupt in it, as Python's
    own handler does (it ends with 130, its lock given back), and ends this process at once
    again when it is done."""
    if PROGRAM:
        _signal.signal(_signal.SIGINT, _signal.default_int_handler)
    try:
        from hearthroll.cli import main as run_here

        status = run_here(args)
        if PROGRAM:
            _signal.signal(_signal.SIGINT, _stop_now)
    except KeyboardInterrupt:  # while the command line loaded, or as it ended
        if PROGRAM:
            _signal.signal(_signal.SIGINT, _stop_now)
        status = INTERRUPTED
    except Exception as error:  # the last guard: a person never sees a traceback
        if PROGRAM:
            _signal.signal(_signal.SIGINT, _stop_now)
        if isinstance(error.__cause__, KeyboardInterrupt):  # Ctrl-C that Python wrapped
            return INTERRUPTED  # (in a class's `__set_name__`, while a module loads)
        if os.environ.get("HEARTHROLL_DEBUG"):
            raise
        _say(f"unexpected error: {error!r}")
        status = 1
    return status


def _say(words: str) -> None:
    """One line on standard error (a closed one is not an error)."""
    try:  # noqa: SIM105 - contextlib costs every command 8 ms
        print(f"hearthroll: {words}", file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):
        pass


def ask(
    place: str, argv: "Sequence[str]", code: str | None = None, patience: float = PATIENCE
) -> int | None:
    """Run `argv` in the warm process listening at `place` (for the code `code`, by default
    this one's); its exit status, or None when none took the command (nothing was run: run it
    here).

    Nothing is sent (the request holds the environment and the terminal) unless the folder is
    this user's own and private and the process at the socket runs as this user.

    Raises:
        PassedBy: one listens there but may not be trusted, or did not answer within
            `patience` seconds; nothing was run.
    """
    import _socket  # socket costs 5 ms more: its enums
    import marshal

    try:
        doubt = distrust(os.path.dirname(place))
    except OSError:  # no folder: none listens
        return None
    if doubt is not None:
        raise PassedBy(f"not using the warm process: {doubt}")
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
        child = _hand_over(conn, place, request, time.monotonic() + patience)
        return None if child is None else _wait(conn, child)
    except TimeoutError:
        raise PassedBy(
            f"the warm process did not answer within {patience:g} s (stopped or hung? "
            "`hearthroll warm stop` ends it)"
        ) from None
    finally:
        conn.close()


def _hand_over(conn: "socket", place: str, request: bytes, deadline: float) -> int | None:
    """Connect, check who listens and send the request; the pid of the child that will run it,
    or None when none listens or it turned the command down. The standard streams are sent
    later, with the go-ahead, to a child that has answered.

    Raises:
        TimeoutError: the warm process did not answer by `deadline`.
        PassedBy: the process at the socket runs as another user.
    """
    import _socket

    _patience(conn, deadline)
    try:
        conn.connect(place)
        credentials = conn.getsockopt(_socket.SOL_SOCKET, _socket.SO_PEERCRED, CREDENTIALS)
    except TimeoutError:
        raise
    except OSError:  # none listens
        return None
    uid = peer_uid(credentials)
    if uid != os.geteuid():
        raise PassedBy(
            f"not using the warm process: the process at {place} runs as another user (uid {uid})"
        )
    message = len(request).to_bytes(4, "big") + request
    received = b""
    try:
        sent = 0
        while sent < len(message):
            _patience(conn, deadline)
            sent += conn.send(message[sent:])
        while len(received) < 5:
            _patience(conn, deadline)
            chunk = conn.recv(5 - len(received))
            if not chunk:
                return None  # turned down before anything was run
            received += chunk
    except TimeoutError:
        raise
    except OSError:  # it went: nothing was run
        return None
    return int.from_bytes(received[1:5], "big") if received[:1] == PID else None


def _patience(conn: "socket", deadline: float) -> None:
    """Let the next step on `conn` wait until `deadline` at most."""
    left = deadline - time.monotonic()
    if left <= 0:
        raise TimeoutError
    conn.settimeout(left)


def _wait(conn: "socket", child: int) -> int | None:
    """Let `child` run the command and wait for its exit status: Ctrl-C, SIGTERM and SIGHUP
    pass on to it, and Ctrl-Z stops it with this process."""
    forwarded: list[int] = []

    def forward(number: int, _frame: object) -> None:
        forwarded.append(number)
        try:  # noqa: SIM105 - contextlib costs every command 8 ms
            os.kill(child, number)
        except OSError:  # it has ended
            pass

    def suspend(_number: int, _frame: object) -> None:
        """Ctrl-Z: the command stops with this process, and goes on when it does. This process
        stops itself with SIGSTOP: a SIGTSTP sent to a process group no shell watches (an
        orphaned one) is dropped, and the command would go on alone."""
        try:
            os.kill(child, _signal.SIGSTOP)
            os.kill(os.getpid(), _signal.SIGSTOP)  # stopped here until `fg` or `bg`
            os.kill(child, _signal.SIGCONT)
        except OSError:
            pass

    kept: dict[int, object] = {}
    for number in (_signal.SIGINT, _signal.SIGTERM, _signal.SIGHUP):
        if _signal.getsignal(number) is not _signal.SIG_IGN:  # nohup's, a background job's
            kept[number] = _signal.signal(number, forward)
    kept[_signal.SIGTSTP] = _signal.signal(_signal.SIGTSTP, suspend)
    try:
        began, status = _status(conn)
    finally:
        for number, handler in kept.items():
            if handler is not None:
                _signal.signal(number, handler)
    if status is not None:
        return status
    if forwarded:  # a signal passed on ended the command, or came first: it ends this one
        return _ended_by(forwarded[-1])
    if not began:
        return None  # the child was gone before it began: nothing was run
    _say(
        "the warm process ended the command without an exit status; check the campaign "
        "(`hearthroll check FILE`) and run it again if it was not recorded"
    )
    return 1


def _status(conn: "socket") -> tuple[bool, int | None]:
    """Tell the child to go on, with this process's standard streams; whether it could be
    told, and the exit status it sends (None: the connection ended without one)."""
    import _socket

    conn.settimeout(None)
    fds = b"".join(fd.to_bytes(4, sys.byteorder, signed=True) for fd in (0, 1, 2))
    try:
        conn.sendmsg([GO], [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, fds)])
    except OSError:
        return False, None
    received = b""
    while True:
        try:
            chunk = conn.recv(64)
        except OSError:  # the connection broke: the command may have run, so it is not rerun
            chunk = b""
        if not chunk:
            return True, None
        received += chunk
        if len(received) >= 5 and received[:1] == STATUS:
            return True, int.from_bytes(received[1:5], "big", signed=True)


def _ended_by(number: int) -> int:
    """This process ends as the signal `number` ends a command: Ctrl-C with exit 130, the
    others as that signal ends a process."""
    if number == _signal.SIGINT:
        return INTERRUPTED
    _signal.signal(number, _signal.SIG_DFL)
    os.kill(os.getpid(), number)
    return 128 + number  # only if the signal was not deadly after all


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
