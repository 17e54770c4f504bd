"""`hearthroll serve`: the players' view of one campaign, served to the table's browsers.

Everything the web needs (textual-serve, aiohttp) is imported only when the command runs.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shlex
import socket
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hearthroll.cli.common import EXIT_OK, UsageError, add_moves, load_catalog, memo

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
ANY_HOST = ("0.0.0.0", "::", "")


def add_parsers(verbs: Any) -> None:
    """Add `serve` to the command line."""
    serve = verbs.add_parser(
        "serve", help="serve the players' view (read-only) to browsers at the table"
    )
    serve.add_argument("file", type=Path, metavar="FILE")
    serve.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=f"where to listen: {DEFAULT_HOST} (this machine only, the default) or 0.0.0.0 "
        "(every network this machine is on: the table's phones and TV)",
    )
    serve.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"the port (default {DEFAULT_PORT})"
    )
    serve.add_argument("--odds", action="store_true", help="show the players the odds")
    add_moves(serve, "an extra ruleset file the campaign needs (repeatable)")
    serve.set_defaults(run=run_serve)


def view_command(campaign: Path, *, odds: bool = False, moves: Sequence[Path] = ()) -> str:
    """The one command each browser's view runs: this Python, the view, this campaign (all
    paths absolute), quoted for the shell textual-serve runs it with."""
    words = [sys.executable, "-m", "hearthroll", "view", str(campaign)]
    if odds:
        words.append("--odds")
    for extra in moves:
        words += ["--moves", str(extra)]
    return shlex.join(words)


def run_serve(args: argparse.Namespace) -> int:
    """Check the campaign, take the port, say where to look, serve until Ctrl+C."""
    from hearthroll.cli.kernel import moves_of

    moves = [extra.resolve() for extra in moves_of(args)]
    campaign = _campaign(args.file, moves)
    listening = listen(args.host, args.port)
    addresses = player_addresses(args.host, args.port)
    from hearthroll.cli.table_server import TableServer
    from hearthroll.store import serving

    note = serving.keep(
        serving.Served(campaign, os.getpid(), args.host, args.port, tuple(addresses), args.odds)
    )
    try:
        _say_where(campaign, args.host, addresses, args.odds)
        command = view_command(campaign, odds=args.odds, moves=moves)
        origins = page_origins(args.host, args.port, addresses)
        here = [*lan_addresses(), args.host]
        TableServer(command, campaign.name, origins, here).serve(listening)
    except KeyboardInterrupt:  # where Ctrl+C cannot be caught as a signal (Windows)
        pass
    finally:
        listening.close()
        if note is not None:
            serving.drop(note, os.getpid())
    print("hearthroll: the view is no longer served", flush=True)
    return EXIT_OK


def _campaign(path: Path, moves: Sequence[Path]) -> Path:
    """The campaign's absolute path, once it opens as `state` would open it (nothing written)."""
    from hearthroll.store.campaigns import RECENT_WINDOW, CampaignStore

    with CampaignStore.read(path, load_catalog(moves), recent=RECENT_WINDOW, memo=memo()):
        pass
    return path.resolve()


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on `host`:`port`, or a UsageError saying why it cannot."""
    if not 1 <= port <= 65535:
        raise UsageError(f"--port {port} is not a port: give one from 1 to 65535 (8000 is usual)")
    try:
        infos = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except (OSError, UnicodeError) as error:
        raise UsageError(
            f"--host {host!r} is not an address of this machine ({_reason(error)}): "
            f"give {DEFAULT_HOST} for this machine only, or 0.0.0.0 for the table's network"
        ) from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        if os.name != "nt":  # a port left in TIME_WAIT by the last run is free to take again
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(64)
    except OSError as error:
        sock.close()
        import errno

        if error.errno == errno.EADDRINUSE:
            raise UsageError(
                f"port {port} is busy on {host}: another program (or another hearthroll serve) "
                f"listens there; stop it, or pick another with --port (e.g. --port {port + 1})"
            ) from None
        if error.errno == errno.EACCES:
            raise UsageError(
                f"port {port} needs more rights than this user has: pick one from 1024 up "
                "with --port (8000 is usual)"
            ) from None
        raise UsageError(f"cannot listen on {host}:{port}: {_reason(error)}") from None
    sock.setblocking(False)
    return sock


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror[:1].lower() + error.strerror[1:]
    return str(error) or type(error).__name__


def page_origins(host: str, port: int, addresses: Sequence[str]) -> list[str]:
    """Where the page may be opened for its terminal to answer: this machine's own names
    (`127.0.0.1`, `localhost`), the host given with --host, and the addresses printed."""
    names = ["127.0.0.1", "localhost", "[::1]"]
    if host not in ANY_HOST:
        names.append(f"[{host}]" if ":" in host else host)
    return [f"http://{name}:{port}" for name in names] + list(addresses)


def player_addresses(host: str, port: int) -> list[str]:
    """What a player types: the machine's network addresses when listening on every network,
    else the address listened on."""
    if host in ANY_HOST:
        found = lan_addresses()
        names = found or ["127.0.0.1"]
    else:
        names = [host]
    return [f"http://{f'[{n}]' if ':' in n else n}:{port}" for n in names]


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on its networks (loopback left out), best first: the one
    it would reach the wider network from, then every interface's."""
    found: list[str] = []

    def add(address: str) -> None:
        if address and not address.startswith("127.") and address not in found:
            found.append(address)

    with (
        contextlib.suppress(OSError),
        socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe,
    ):
        probe.connect(("192.0.2.1", 9))  # a documentation address: no packet is sent
        add(probe.getsockname()[0])
    for address in _interface_addresses():
        add(address)
    return found


def _interface_addresses() -> list[str]:
    """Each network interface's IPv4 address, where the system can say (Linux)."""
    if not sys.platform.startswith("linux"):
        return []
    import fcntl
    import struct

    siocgifaddr = 0x8915
    addresses: list[str] = []
    try:
        interfaces = socket.if_nameindex()
    except OSError:
        return []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _, name in interfaces:
            request = struct.pack("256s", name.encode("utf-8")[:15])
            try:
                answer = fcntl.ioctl(probe.fileno(), siocgifaddr, request)
            except OSError:
                continue
            addresses.append(socket.inet_ntoa(answer[20:24]))
    return addresses


def _say_where(campaign: Path, host: str, addresses: list[str], odds: bool) -> None:
    from hearthroll.store import serving

    shown = "with the odds" if odds else "without the odds"
    print(f"Serving the players' view of {campaign.name} (read-only, {shown}).")
    if host in ANY_HOST:
        print("On a phone, tablet or TV on this network, open:")
    elif serving.is_local(host):
        print("On this machine only (give --host 0.0.0.0 for the table's network), open:")
    else:
        print("Open:")
    for address in addresses:
        print(f"  {address}")
    print("Ctrl+C stops it.", flush=True)
