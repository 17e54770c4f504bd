"""The warm process: the command line's modules imported once, and each command it is handed run
in a fork of it, with the caller's arguments, folder, environment and terminal.

`hearthroll.launch` starts it in the background after a command that found none, and hands it
the commands after. It holds no campaign, catalog or memo of its own: a fork starts from the
imported modules alone and reads every file as a command run from scratch does. It stops
after `IDLE` seconds without a command, and at once when its socket is taken away. It listens
only in a private folder of its user's and serves only that user (the kernel says who calls),
as each caller checks it in turn; `hearthroll warm stop` ends it, even one that was stopped.

    python -m hearthroll.cli.warm SOCKET
"""

from __future__ import annotations

import argparse
import contextlib
import fcntl
import gc
import io
import marshal
import os
import signal
import socket
import sys
import time
from typing import Any, NoReturn

from hearthroll.cli import warm_others
from hearthroll.cli.common import EXIT_OK, EXIT_PROBLEMS, add_json, print_json
from hearthroll.store import warm_place

IDLE = 1200.0
"""Seconds the warm process waits for a command before it stops (20 minutes)."""

HEAVY = frozenset({"hearthroll.cli.table_server"})
"""Modules left to the commands that run them: the web server's, which the warm process never
runs (`hearthroll.launch.NOT_SERVED`)."""

MOST = 1 << 20
"""The largest request read (a command's arguments and environment), in bytes."""


def main(argv: list[str]) -> int:
    """Serve commands at the socket `argv[0]` until idle; 0 also when another warm process
    serves there already, or the code changed since the launcher looked."""
    if len(argv) != 1:
        print("usage: python -m hearthroll.cli.warm SOCKET", file=sys.stderr)
        return 2
    return serve(argv[0])


def serve(place: str, idle: float = IDLE) -> int:
    """Listen at `place` and run each command handed over in a fork, until `idle` seconds pass
    without one or the socket is removed."""
    folder = os.path.dirname(place)
    os.makedirs(folder, mode=0o700, exist_ok=True)
    if not warm_place.private(folder):
        return 0
    lock = os.open(f"{place}.lock", os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:  # another warm process serves here
        os.close(lock)
        return 0
    os.ftruncate(lock, 0)
    os.write(lock, f"{os.getpid()}\n{sys.executable}\n".encode())
    signal.signal(signal.SIGTERM, _stop)  # `hearthroll warm stop`: the socket goes with it
    code = warm_place.fingerprint()
    preload()
    from hearthroll.cli import build_parser

    if warm_place.socket_path(code) != place or warm_place.fingerprint() != code:
        return 0  # the sources changed since the launcher looked, or while they were loaded
    parser = build_parser()
    gc.freeze()  # what is loaded stays out of the forks' collections: their pages stay shared
    os.chdir("/")  # a warm process keeps no folder in use (a USB stick can be unmounted)
    warm_others.retire_others(folder, place)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    with contextlib.suppress(FileNotFoundError):  # a warm process that crashed left it
        os.unlink(place)
    listener.bind(place)
    os.chmod(place, 0o600)
    mine = os.stat(place).st_ino
    listener.listen(64)
    listener.settimeout(min(idle, 60.0))
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # the children are reaped as they end
    last = time.monotonic()
    try:
        while time.monotonic() - last < idle and _ours(place, mine):
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                continue
            last = time.monotonic()
            try:
                child = os.fork()
            except OSError:  # no process to spare: the caller runs the command itself
                child = -1
            if child == 0:
                try:
                    _child(conn, [listener.fileno(), lock], parser, code)
                finally:  # nothing a fork does may go on as the warm process
                    os._exit(EXIT_PROBLEMS)
            conn.close()
    finally:
        if _ours(place, mine):
            with contextlib.suppress(OSError):
                os.unlink(place)
        listener.close()
        os.close(lock)
    return 0


def _stop(_signal: int, _frame: object) -> NoReturn:
    raise SystemExit(0)


def preload() -> None:
    """Import what any served command may use: the engine, the store and the command line."""
    import importlib
    import pkgutil

    import hearthroll.cli
    import hearthroll.core
    import hearthroll.store

    for package in (hearthroll.core, hearthroll.store, hearthroll.cli):
        for found in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
            if found.name not in HEAVY:
                with contextlib.suppress(Exception):  # a module that fails fails in its command
                    importlib.import_module(found.name)


def _ours(place: str, inode: int) -> bool:
    """Whether the socket at `place` is still the one this process bound."""
    try:
        return os.stat(place).st_ino == inode
    except OSError:
        return False


def _child(conn: socket.socket, inherited: list[int], parser: Any, code: str) -> NoReturn:
    """Run one command in this fork and end with its exit status.

    The caller sends the request, this child answers with its pid, and only then does the
    caller send its go-ahead with its standard streams: a caller that stopped waiting (it runs
    the command itself) sends none, and a warm process that is stopped never holds a caller's
    terminal or pipes. A request that cannot be taken ends the child before the pid is sent."""
    status = EXIT_PROBLEMS
    started = False
    try:
        for fd in inherited:
            os.close(fd)
        for number in (signal.SIGCHLD, signal.SIGTERM, signal.SIGHUP):  # as in a process
            signal.signal(number, signal.SIG_DFL)  # of its own (even if the warm process was
        signal.signal(signal.SIGINT, signal.default_int_handler)  # started with them ignored)
        if not _same_user(conn):  # before a byte of it is read
            os._exit(0)
        request = _receive(conn)
        if request.get("code") != code:
            os._exit(0)
        _adopt(request)
        conn.sendall(warm_place.PID + os.getpid().to_bytes(4, "big"))
        go, fds, _flags, _address = socket.recv_fds(conn, 1, 3)
        if go != warm_place.GO or len(fds) != 3:  # the caller stopped waiting
            os._exit(0)
        _take_streams(request, fds)
        started = True
        from hearthroll.cli import run_command

        status = run_command(parser, request["argv"])
    except KeyboardInterrupt:
        status = 130
    except BaseException as error:  # the last guard: the caller gets a line, never a traceback
        if not started:
            os._exit(0)
        with contextlib.suppress(Exception):
            if os.environ.get("HEARTHROLL_DEBUG"):  # as a command alone would show it
                import traceback

                traceback.print_exc()
            print(f"hearthroll: unexpected error: {error!r}", file=sys.stderr)
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a late Ctrl-C: the status is sent
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        with contextlib.suppress(OSError):
            conn.sendall(warm_place.STATUS + status.to_bytes(4, "big", signed=True))
        os._exit(status)


def _receive(conn: socket.socket) -> dict[str, Any]:
    """The request: its length, then its marshalled body."""
    conn.settimeout(10.0)
    head = b""
    while len(head) < 4:
        more = conn.recv(4 - len(head))
        if not more:
            raise ValueError("short request")
        head += more
    size = int.from_bytes(head, "big")
    if size > MOST:
        raise ValueError("request too large")
    body = bytearray()
    while len(body) < size:
        more = conn.recv(min(size - len(body), 1 << 16))
        if not more:
            raise ValueError("request cut short")
        body += more
    conn.settimeout(None)
    request = marshal.loads(bytes(body))
    if not isinstance(request, dict):
        raise ValueError("not a request")
    return request


def _same_user(conn: socket.socket) -> bool:
    """Whether the caller runs as this process's user, as the kernel says (the folder's mode
    says so too); where it cannot be asked, no caller is."""
    peer = getattr(socket, "SO_PEERCRED", None)
    if peer is None:
        return False
    credentials = conn.getsockopt(socket.SOL_SOCKET, peer, warm_place.CREDENTIALS)
    return warm_place.peer_uid(credentials) == os.geteuid()


def _adopt(request: dict[str, Any]) -> None:
    """Become the caller: its folder, its environment, its umask and time zone."""
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    os.umask(request["umask"])
    time.tzset()
    sys.argv = [request["program"], *request["argv"]]


def _take_streams(request: dict[str, Any], fds: list[int]) -> None:
    """The caller's terminal or pipes as the standard streams, read and written as it would."""
    for target, fd in zip((0, 1, 2), fds, strict=True):
        os.dup2(fd, target)
        os.close(fd)
    (in_encoding, in_errors), (out_encoding, out_errors), (err_encoding, err_errors) = request[
        "streams"
    ]
    streams = {
        "stdin": _text(0, "r", in_encoding, in_errors),
        "stdout": _text(1, "w", out_encoding, out_errors, os.isatty(1)),
        "stderr": _text(2, "w", err_encoding, err_errors, True),
    }
    for name, stream in streams.items():
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)


def _text(fd: int, mode: str, encoding: str, errors: str, lines: bool = False) -> io.TextIOWrapper:
    """A standard stream on `fd`, as Python makes one at start-up."""
    raw = open(fd, f"{mode}b", closefd=False)  # noqa: SIM115
    return io.TextIOWrapper(raw, encoding=encoding, errors=errors, line_buffering=lines)


# --- the `warm` verb ------------------------------------------------------------------------


def add_parsers(verbs: Any) -> None:
    """Add `warm` to the command line."""
    warm = verbs.add_parser(
        "warm",
        help="the warm process that runs commands quickly: whether it runs, or stop it",
        description=(
            "A command that finds no warm process starts one in the background: it keeps "
            "hearthroll's modules imported and runs each later command in a fork of itself, "
            f"reading every file afresh. It stops after {IDLE / 60:.0f} minutes without a "
            "command. HEARTHROLL_WARM=0 turns it off."
        ),
    )
    warm.add_argument(
        "action", nargs="?", choices=("status", "stop"), default="status", help="(status)"
    )
    add_json(warm)
    warm.set_defaults(run=_run_warm)


def _run_warm(args: argparse.Namespace) -> int:
    place = warm_place.socket_path()
    running = [] if place is None else warm_others.locks(os.path.dirname(place))
    pids = [pid for _lock, pid, _python in running if pid]
    if args.action == "stop":
        stopped, killed = (0, 0) if place is None else warm_others.stop_all(os.path.dirname(place))
        if args.json:
            print_json({"stopped": stopped, "killed": killed})
            return EXIT_OK
        print(f"stopped {stopped} warm process{'' if stopped == 1 else 'es'}")
        if killed:
            were = "was" if killed == 1 else "were"
            grace = warm_others.GRACE
            print(f"({killed} did not stop within {grace:g} s, stopped or hung, and {were} killed)")
        return EXIT_OK
    ours = next((pid for lock, pid, _ in running if pid and lock == f"{place}.lock"), None)
    doubt = None if place is None else _doubt(os.path.dirname(place))
    used = warm_place.wanted() and place is not None and doubt is None
    if args.json:
        others = len(pids) - bool(ours)
        print_json({"on": used, "pid": ours, "socket": place, "others": others, "doubt": doubt})
        return EXIT_OK
    if place is None:
        print("none here: this system's cache folder is one only platformdirs knows")
    elif warm_place.turned_off():
        print(f"off ({warm_place.ENV_WARM}=0): every command runs in its own process")
    elif not warm_place.possible():
        print("none here: only on Linux can a command know who runs a warm process")
    elif doubt is not None:
        print(f"not used: {doubt}")
    if ours is not None:
        print(f"a warm process (pid {ours}) runs commands for this code, at {place}")
    elif used:
        print("no warm process runs for this code: the next command starts one")
    if len(pids) > bool(ours):
        print(
            f"{len(pids) - bool(ours)} more for other code (each stops by itself after "
            f"{IDLE / 60:.0f} minutes without a command; hearthroll warm stop stops them all)"
        )
    return EXIT_OK


def _doubt(folder: str) -> str | None:
    """Why the commands would not use a warm process in `folder`; None when they would (or no
    folder is there yet)."""
    try:
        return warm_place.distrust(folder)
    except OSError:
        return None


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
