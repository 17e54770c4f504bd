"""`hearthroll serve`: what it refuses (in words, exit 2, nothing written), the one command it
serves, the addresses it gives, what a browser can reach, and a clean Ctrl+C."""

from __future__ import annotations

import asyncio
import shlex
import socket
import sys
from pathlib import Path

import aiohttp
import pytest

from cli_run import run_cli
from hearthroll.cli.serve import player_addresses, view_command
from hearthroll.cli.table_server import MAX_VIEWERS, TableServer
from serving import folder_files, free_port, serve


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def camp(tmp_path: Path, data: Path) -> Path:
    folder = tmp_path / "table"
    folder.mkdir()
    path = folder / "camp.toml"
    made = run_cli("new", str(path), "--demo", env={"HEARTHROLL_DATA_DIR": str(data)})
    assert made.returncode == 0, made.stderr
    return path


def refused(*args: str, data: Path) -> str:
    result = run_cli("serve", *args, env={"HEARTHROLL_DATA_DIR": str(data)})
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""
    assert not (data / "serving").exists() or not any((data / "serving").iterdir())
    return result.stderr


def test_a_port_outside_1_to_65535_is_refused(camp: Path, data: Path) -> None:
    for port in ("0", "65536", "99999"):
        said = refused(str(camp), "--port", port, data=data)
        assert f"--port {port} is not a port: give one from 1 to 65535" in said
    assert "'eight' is not a whole number" in refused(str(camp), "--port", "eight", data=data)


def test_a_busy_port_is_refused_naming_it(camp: Path, data: Path) -> None:
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        said = refused(str(camp), "--port", str(port), data=data)
    assert f"port {port} is busy on 127.0.0.1" in said
    assert f"--port {port + 1}" in said


def test_a_host_that_is_not_this_machine_is_refused(camp: Path, data: Path) -> None:
    said = refused(str(camp), "--host", "no-such-host.invalid", data=data)
    assert "--host 'no-such-host.invalid' is not an address of this machine" in said
    assert "0.0.0.0 for the table's network" in said


def test_a_missing_or_damaged_campaign_is_refused_before_serving(
    tmp_path: Path, camp: Path, data: Path
) -> None:
    said = refused(str(tmp_path / "nowhere.toml"), data=data)
    assert "there is no campaign at" in said and "nowhere.toml" in said
    before = camp.read_bytes()
    camp.write_bytes(before.replace(b"[", b"[[", 1))
    damaged = folder_files(camp.parent)
    said = refused(str(camp), data=data)
    assert str(camp.name) in said and "Fix the TOML there" in said
    assert folder_files(camp.parent) == damaged


def test_the_served_command_is_the_view_of_that_one_campaign_quoted_for_the_shell(
    tmp_path: Path,
) -> None:
    odd = tmp_path / "our $(rm -rf ~) table's; camp.toml"
    command = view_command(odd, odds=True, moves=[tmp_path / "my moves.toml"])
    assert shlex.split(command) == [
        sys.executable,
        "-m",
        "hearthroll",
        "view",
        str(odd),
        "--odds",
        "--moves",
        str(tmp_path / "my moves.toml"),
    ]
    assert shlex.split(view_command(odd)) == [sys.executable, "-m", "hearthroll", "view", str(odd)]


def test_every_network_gives_the_machines_addresses_never_0_0_0_0() -> None:
    addresses = player_addresses("0.0.0.0", 8123)
    assert addresses and all(a.startswith("http://") and a.endswith(":8123") for a in addresses)
    assert not any("0.0.0.0" in a for a in addresses)
    assert player_addresses("127.0.0.1", 8000) == ["http://127.0.0.1:8000"]
    assert player_addresses("192.168.1.20", 80) == ["http://192.168.1.20:80"]


def test_serve_says_where_then_ctrl_c_stops_it_cleanly(camp: Path, data: Path) -> None:
    port = free_port()
    with serve(camp, data, "--port", str(port)) as served:
        note = served.wait_listening()
        assert note.campaign == camp.resolve() and note.port == port
        assert note.addresses == (f"http://127.0.0.1:{port}",) and note.local_only
        status, out, err = served.interrupt()
    assert status == 0, err
    assert "Traceback" not in out + err and err == ""
    assert f"http://127.0.0.1:{port}" in out
    assert "give --host 0.0.0.0 for the table's network" in out
    assert "the view is no longer served" in out
    assert served.note is None and not any((data / "serving").iterdir())


def test_on_every_network_it_prints_the_addresses_to_type(camp: Path, data: Path) -> None:
    port = free_port()
    with serve(camp, data, "--host", "0.0.0.0", "--port", str(port)) as served:
        note = served.wait_listening()
        status, out, _ = served.interrupt()
    assert status == 0 and not note.local_only
    assert note.addresses and all(a in out for a in note.addresses)
    assert "0.0.0.0" not in out
    assert "On a phone, tablet or TV on this network, open:" in out


async def _get(url: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as session, session.get(url) as answer:
        return answer.status, await answer.text()


async def _reach(port: int) -> dict[str, int]:
    base = f"http://127.0.0.1:{port}"
    paths = [
        "/",
        "/static/js/textual.js",
        "/static/",
        "/static/js/",
        "/static/../server.py",
        "/static/%2e%2e/server.py",
        "/download/anything",
        "/ws/../../etc/passwd",
        "/run",
        "/favicon.ico",
    ]
    return {path: (await _get(base + path))[0] for path in paths}


def test_a_browser_reaches_only_the_page_its_script_and_the_terminal(
    camp: Path, data: Path
) -> None:
    port = free_port()
    with serve(camp, data, "--port", str(port)) as served:
        served.wait_listening()
        reached = asyncio.run(_reach(port))
        status, page = asyncio.run(_get(f"http://127.0.0.1:{port}/"))
        asked_from_elsewhere = asyncio.run(_get_as(port, "192.168.1.20:" + str(port)))
    assert status == 200 and f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in page
    assert f'data-session-websocket-url="ws://192.168.1.20:{port}/ws"' in asked_from_elsewhere
    assert reached.pop("/") == 200
    assert reached.pop("/static/js/textual.js") == 200
    assert set(reached.values()) <= {403, 404}, reached


async def _get_as(port: int, host: str) -> str:
    """The page as a phone that typed `host` gets it."""
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}/", headers={"Host": host}) as answer,
    ):
        return await answer.text()


async def _handshake(port: int, origin: str | None) -> int:
    """The HTTP status of a websocket handshake with the terminal from a page at `origin`
    (101: accepted)."""
    headers = {} if origin is None else {"Origin": origin}
    async with aiohttp.ClientSession() as session:
        try:
            async with session.ws_connect(f"ws://127.0.0.1:{port}/ws", headers=headers):
                return 101
        except aiohttp.WSServerHandshakeError as error:
            return error.status


def test_the_terminal_answers_only_its_own_page(camp: Path, data: Path) -> None:
    port = free_port()
    with serve(camp, data, "--port", str(port)) as served:
        served.wait_listening()
        answers = {
            origin: asyncio.run(_handshake(port, origin))
            for origin in (
                f"http://127.0.0.1:{port}",
                f"http://localhost:{port}",
                "http://evil.example",  # another site open on the GM's machine
                f"http://evil.example:{port}",  # a name turned to 127.0.0.1 (DNS rebinding)
                f"http://127.0.0.1:{port + 1}",  # another local server's page
                f"https://127.0.0.1:{port}",
                "null",
                None,  # no browser leaves it out
            )
        }
        status, _, err = served.interrupt()
    assert status == 0 and "Traceback" not in err
    assert answers.pop(f"http://127.0.0.1:{port}") == 101
    assert answers.pop(f"http://localhost:{port}") == 101
    assert set(answers.values()) == {403}, answers


def test_on_every_network_the_printed_addresses_are_its_own_page(camp: Path, data: Path) -> None:
    port = free_port()
    with serve(camp, data, "--host", "0.0.0.0", "--port", str(port)) as served:
        note = served.wait_listening()
        answers = [asyncio.run(_handshake(port, address)) for address in note.addresses]
        served.interrupt()
    assert answers and set(answers) == {101}


def test_the_last_place_is_kept_for_this_machine() -> None:
    server = TableServer("true", "camp", here=["192.168.1.20"])
    server._viewers.update(object() for _ in range(MAX_VIEWERS - 2))  # type: ignore[misc]
    assert server.room_for("192.168.1.30")
    server._viewers.add(object())  # type: ignore[arg-type]
    assert not server.room_for("192.168.1.30")  # a phone at the table: the last place is kept
    assert not server.room_for(None)
    for here in ("127.0.0.1", "::1", "::ffff:127.0.0.1", "192.168.1.20"):
        assert server.room_for(here)
    server._viewers.add(object())  # type: ignore[arg-type]
    assert not server.room_for("127.0.0.1")
