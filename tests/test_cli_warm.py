"""The warm process: a command handed to it prints, reads and exits as the same command run in
its own process, in the caller's folder, environment and streams; none listening, the command
runs where it was typed; Ctrl-C reaches it; `warm stop` ends it. A socket in a folder open to
others, or held by another user's process, is never sent a byte; a stopped warm process is
passed by (and never holds the caller's pipes), and Ctrl-C and SIGTERM end a caller waiting
on it.

Each test that needs one starts a warm process of its own in a short temporary folder (a
socket path holds about 100 bytes) and stops it.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cli_run import end_process, run_cli
from hearthroll import launch
from hearthroll.cli import build_parser, warm_others
from hearthroll.store import warm_place

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the warm process forks")

DEMO = ("new", "{path}", "--ruleset", "hack", "--demo")


class Warm:
    """A warm process for the tests' code, listening at `place`, in the data folder `data`."""

    def __init__(self, data: Path, place: str, process: subprocess.Popen[bytes]) -> None:
        self.data = data
        self.place = place
        self.process = process

    def ask(
        self, *argv: str, stdin: Path | None = None, cwd: Path | None = None
    ) -> tuple[int | None, str, str]:
        """Hand `argv` to the warm process as `hearthroll` would, with its standard streams on
        files: the status (None: it did not take the command), stdout and stderr."""
        return hand(self.place, self.data, *argv, stdin=stdin, cwd=cwd)


def hand(
    place: str, data: Path, *argv: str, stdin: Path | None = None, cwd: Path | None = None
) -> tuple[int | None, str, str]:
    """Hand `argv` to whatever listens at `place` as `hearthroll` would, with its standard
    streams on files in `data`: the status (None: none took the command), stdout and stderr."""
    folder = Path(tempfile.mkdtemp(dir=data))
    out, err = folder / "out", folder / "err"
    saved = [os.dup(fd) for fd in (0, 1, 2)]
    here = os.getcwd()
    source = open(stdin or os.devnull, "rb")  # noqa: SIM115
    with out.open("wb") as out_file, err.open("wb") as err_file:
        os.dup2(source.fileno(), 0)
        os.dup2(out_file.fileno(), 1)
        os.dup2(err_file.fileno(), 2)
        streams = sys.stdin, sys.stdout, sys.stderr
        sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115
        sys.stdout = sys.stderr = open(1, "w", encoding="utf-8", closefd=False)  # noqa: SIM115
        try:
            if cwd is not None:
                os.chdir(cwd)
            status = launch.ask(place, list(argv))
        finally:
            os.chdir(here)
            sys.stdin, sys.stdout, sys.stderr = streams
            for fd, kept in zip((0, 1, 2), saved, strict=True):
                os.dup2(kept, fd)
                os.close(kept)
            source.close()
    return status, out.read_text(encoding="utf-8"), err.read_text(encoding="utf-8")


def wait_for(check: object, seconds: float = 60.0) -> bool:
    """Whether `check()` came true within `seconds` (polled)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return False


@pytest.fixture
def short_data(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data folder with a short path (the socket lives in it), warm processes turned on."""
    data = Path(tempfile.mkdtemp(prefix="hw-", dir="/tmp"))
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(data))
    monkeypatch.setenv("HEARTHROLL_WARM", "1")
    yield data
    shutil.rmtree(data, ignore_errors=True)


@pytest.fixture
def warm(short_data: Path) -> Iterator[Warm]:
    place = warm_place.socket_path()
    assert place is not None
    process = subprocess.Popen([sys.executable, "-m", "hearthroll.cli.warm", place])
    try:
        assert wait_for(lambda: os.path.exists(place)), "the warm process did not listen"
        # it listens before it has loaded all it serves with: on a loaded machine the first
        # commands may find it slow to answer and pass it by; the tests begin once it answers
        assert wait_for(lambda: _answers(), 60.0), "the warm process did not answer"
        yield Warm(short_data, place, process)
    finally:
        end_process(process)


def _answers() -> bool:
    """Whether a command is served now (not passed by for a slow answer)."""
    done = subprocess.run(
        [sys.executable, "-m", "hearthroll", "roll", "1d1"], capture_output=True, text=True
    )
    return done.returncode == 0 and "its own process" not in done.stderr


def cold(*argv: str, cwd: Path | None = None) -> tuple[int, str, str]:
    """`hearthroll ARGV` in a process of its own, as with the warm process turned off."""
    done = run_cli(*argv, cwd=cwd, env={"HEARTHROLL_WARM": "0"})
    return done.returncode, done.stdout, done.stderr


def test_every_verb_is_served_but_the_long_running_ones() -> None:
    verbs: set[str] = build_parser().verb_names  # type: ignore[attr-defined]
    assert verbs == launch.SERVED | launch.NOT_SERVED
    assert not launch.SERVED & launch.NOT_SERVED


def test_a_served_command_prints_and_exits_as_one_run_in_its_own_process(
    warm: Warm, tmp_path: Path
) -> None:
    served, alone = tmp_path / "served.toml", tmp_path / "alone.toml"
    for path in (served, alone):
        assert cold(*(part.format(path=path) for part in DEMO))[0] == 0
    steps = [
        ("state", "{path}"),
        ("move", "{path}", "defy_danger", "--as", "Wren", "--dice", "6,5"),
        ("state", "{path}", "--json"),
        ("undo", "{path}"),
        ("move", "{path}", "no such move"),
        ("roll", "2d6+3", "--seed", "7"),
    ]
    for step in steps:
        status, out, err = warm.ask(*(part.format(path=served) for part in step))
        expected = cold(*(part.format(path=alone) for part in step))
        assert status is not None, f"the warm process did not take {step}"
        assert (status, out, err.replace(str(served), str(alone))) == expected, step


def test_the_command_runs_in_the_callers_folder_and_environment(
    warm: Warm, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert cold("new", str(tmp_path / "here.toml"), "--demo")[0] == 0
    elsewhere = warm.data / "elsewhere"
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(elsewhere))  # the caller's, not the warm one's
    status, out, err = warm.ask("state", "here.toml", cwd=tmp_path)
    assert (status, err) == (0, "")
    assert "Millbrook" in out
    assert (elsewhere / ".cache").is_dir()  # its memos went where the caller's variable says


def test_standard_input_reaches_the_served_command(warm: Warm, tmp_path: Path) -> None:
    path = tmp_path / "camp.toml"
    assert cold("new", str(path), "--demo")[0] == 0
    script = tmp_path / "script.txt"
    script.write_text(f'note {path} "the ford is watched"\nlog {path} --last 1\n', "utf-8")
    status, out, _err = warm.ask("batch", stdin=script)
    assert status == 0
    assert "the ford is watched" in out


def test_each_served_command_rolls_its_own_dice(warm: Warm) -> None:
    rolls = {warm.ask("roll", "12d20")[1] for _ in range(3)}
    assert len(rolls) == 3  # forks of one process do not share a generator's state


def test_no_warm_process_means_no_command_is_taken(short_data: Path) -> None:
    place = warm_place.socket_path()
    assert place is not None
    assert launch.ask(place, ["roll", "1d6"]) is None


def test_a_command_with_none_listening_runs_here_and_starts_one(
    short_data: Path, tmp_path: Path
) -> None:
    place = warm_place.socket_path()
    assert place is not None
    done = run_cli("roll", "2d6", "--seed", "1", env={"HEARTHROLL_WARM": "1"})
    try:
        assert done.returncode == 0
        assert done.stdout == cold("roll", "2d6", "--seed", "1")[1]
        assert wait_for(lambda: os.path.exists(place)), "no warm process was started"
        status = run_cli("warm", "--json", env={"HEARTHROLL_WARM": "1"})
        shown = json.loads(status.stdout)
        assert (shown["on"], shown["socket"], shown["others"]) == (True, place, 0)
        assert isinstance(shown["pid"], int)
        assert f"a warm process (pid {shown['pid']})" in run_cli("warm").stdout
    finally:
        stopped = run_cli("warm", "stop", env={"HEARTHROLL_WARM": "1"})
    assert stopped.stdout.strip() == "stopped 1 warm process"
    assert wait_for(lambda: not os.path.exists(place)), "the socket outlived its process"


def test_turned_off_no_warm_process_is_started(short_data: Path) -> None:
    place = warm_place.socket_path()
    assert place is not None
    done = run_cli("roll", "1d6", env={"HEARTHROLL_WARM": "0"})
    assert done.returncode == 0
    time.sleep(0.5)  # a process started would bind within this; none may
    assert not os.path.exists(place)
    assert run_cli("warm", env={"HEARTHROLL_WARM": "0"}).stdout == (
        "off (HEARTHROLL_WARM=0): every command runs in its own process\n"
    )


def test_a_second_warm_process_for_the_same_socket_stops_at_once(warm: Warm) -> None:
    second = subprocess.run(
        [sys.executable, "-m", "hearthroll.cli.warm", warm.place], timeout=60, check=False
    )
    assert second.returncode == 0
    assert warm.process.poll() is None
    assert warm.ask("roll", "1d1")[:2] == (0, "1d1 = [1] = 1\n")


@contextlib.contextmanager
def served_batch(warm: Warm) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """`hearthroll batch` waiting on its standard input, served: the client process and the
    pid of the fork that runs the command (found in /proc)."""
    children = Path(f"/proc/{warm.process.pid}/task/{warm.process.pid}/children")
    if not children.exists():
        pytest.skip("needs /proc's children list to find the served command")

    def forks() -> set[int]:
        return {int(pid) for pid in children.read_text().split()}

    earlier = forks()  # a fork still ending from an earlier command is not this one
    client = subprocess.Popen(
        [sys.executable, "-m", "hearthroll", "batch"], stdin=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        assert wait_for(lambda: bool(forks() - earlier)), "the command did not start"
        yield client, min(forks() - earlier)
    finally:
        end_process(client)


def test_ctrl_c_reaches_the_served_command(warm: Warm) -> None:
    with served_batch(warm) as (client, _served):
        client.send_signal(signal.SIGINT)
        assert client.wait(timeout=60) == 130


def test_a_changed_byte_names_another_socket_though_size_and_time_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = tmp_path / "engine.py"
    engine.write_text("x = 1\n", "utf-8")
    os.utime(engine, ns=(1, 1))
    before = warm_place.sources(str(tmp_path))
    engine.write_text("x = 2\n", "utf-8")  # as `cp -p` or an unpacked archive leaves it
    os.utime(engine, ns=(1, 1))
    after = warm_place.sources(str(tmp_path))
    assert [size for _, size, _ in after] == [size for _, size, _ in before]
    assert after != before
    first = warm_place.socket_path(warm_place.fingerprint())
    monkeypatch.setattr(warm_place, "sources", lambda folder, prefix="": after)
    second = warm_place.socket_path(warm_place.fingerprint())
    monkeypatch.setattr(warm_place, "sources", lambda folder, prefix="": before)
    assert len({first, second, warm_place.socket_path(warm_place.fingerprint())}) == 3


def test_a_leftover_socket_of_a_stopped_process_is_cleared(short_data: Path) -> None:
    folder = short_data / ".cache" / "warm"
    folder.mkdir(parents=True, mode=0o700)
    (folder / "0000.sock").write_bytes(b"")
    (folder / "0000.sock.lock").write_bytes(b"123\n")
    warm_others.retire_others(str(folder), str(folder / "mine.sock"))
    assert list(folder.iterdir()) == []


def test_a_warm_process_for_new_code_stops_the_one_for_older_code(warm: Warm) -> None:
    folder = os.path.dirname(warm.place)
    newer = os.path.join(folder, "0123456789abcdef.sock")
    assert warm_place.socket_path("other code") != warm.place
    assert warm.ask("roll", "1d1")[0] == 0
    with open(f"{newer}.lock", "w") as lock:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX)  # as the newer process holds its own
        warm_others.retire_others(folder, newer)
    assert warm.process.wait(timeout=60) == 0
    assert not os.path.exists(warm.place)


def _state(pid: int) -> str:
    """A process's state letter from /proc (`T` stopped, `S` sleeping, `R` running; `gone`
    once it has ended)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return "gone"


def _catches(pid: int, number: int) -> bool:
    """Whether the process `pid` has a handler of its own for the signal `number` (SigCgt)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) >> (number - 1) & 1)
    return False


def test_ctrl_z_stops_the_served_command_with_the_client_and_fg_goes_on(warm: Warm) -> None:
    with served_batch(warm) as (client, served):
        # a Ctrl-Z before the client takes it over stops the client alone, and one stopped past
        # its patience runs the command itself: the client's own Ctrl-Z comes with the go-ahead
        assert wait_for(lambda: _catches(client.pid, signal.SIGTSTP)), "Ctrl-Z never taken over"
        client.send_signal(signal.SIGTSTP)
        assert wait_for(lambda: _state(served) == "T"), _state(served)
        assert wait_for(lambda: _state(client.pid) == "T"), _state(client.pid)
        client.send_signal(signal.SIGCONT)
        assert wait_for(lambda: _state(served) != "T" and _state(client.pid) != "T")
        assert _state(served) != "gone"
        assert client.stdin is not None
        client.stdin.write(b"roll 1d1\n")
        client.stdin.close()
        assert client.wait(timeout=60) == 0


# --- whom the caller trusts, and how long it waits ---------------------------------------------


class Impostor:
    """A socket at `place`, listened on in this process, that keeps every connection made to
    it and answers each as a warm process would (a pid, then exit status 0)."""

    def __init__(self, place: str) -> None:
        self.listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.listener.bind(place)
        self.listener.listen(8)
        self.listener.settimeout(0.2)
        self.heard: list[bytes] = []
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.done.is_set():
            try:
                conn, _ = self.listener.accept()
            except TimeoutError:
                continue
            with conn:
                conn.settimeout(1.0)
                with contextlib.suppress(OSError):
                    self.heard.append(conn.recv(1 << 20))
                    conn.sendall(warm_place.PID + os.getpid().to_bytes(4, "big"))
                    conn.sendall(warm_place.STATUS + (0).to_bytes(4, "big"))

    def close(self) -> None:
        self.done.set()
        self.thread.join(timeout=30)
        self.listener.close()


def test_a_socket_in_a_folder_open_to_others_is_never_sent_a_byte(short_data: Path) -> None:
    place = warm_place.socket_path()
    assert place is not None
    folder = Path(place).parent
    folder.mkdir(parents=True, mode=0o755)
    folder.chmod(0o755)  # whatever the umask: others may read it
    impostor = Impostor(place)
    try:
        with pytest.raises(launch.PassedBy, match=r"is open to other users \(mode 755"):
            hand(place, short_data, "roll", "1d1")
        done = run_cli("roll", "1d1", env={"HEARTHROLL_WARM": "1"})
    finally:
        impostor.close()
    assert (done.returncode, done.stdout) == (0, "1d1 = [1] = 1\n")
    assert done.stderr.count("\n") == 1
    assert "not using the warm process: its folder" in done.stderr
    assert done.stderr.endswith("this command runs in its own process\n")
    assert impostor.heard == []


IMPOSTOR_AS_NOBODY = """
import os, socket, sys
place = sys.argv[1]
listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
listener.bind(place)
os.chmod(place, 0o777)
os.setgid(65534)
os.setuid(65534)  # bound as root, listening as nobody: the kernel reports nobody
listener.listen(8)
print("ready", flush=True)
listener.settimeout(60)
conn, _ = listener.accept()
conn.settimeout(10)
heard = b""
try:
    while chunk := conn.recv(1 << 16):
        heard += chunk
except OSError:
    pass
print(len(heard), flush=True)
"""


@pytest.mark.skipif(os.geteuid() != 0, reason="only root can listen as another user")
def test_a_socket_held_by_another_users_process_is_never_sent_a_byte(short_data: Path) -> None:
    place = warm_place.socket_path()
    assert place is not None
    Path(place).parent.mkdir(parents=True, mode=0o700)
    impostor = subprocess.Popen(
        [sys.executable, "-c", IMPOSTOR_AS_NOBODY, place], stdout=subprocess.PIPE, text=True
    )
    try:
        assert impostor.stdout is not None
        assert impostor.stdout.readline() == "ready\n"
        with pytest.raises(launch.PassedBy, match=r"runs as another user \(uid 65534\)"):
            hand(place, short_data, "roll", "1d1")
        heard, _ = impostor.communicate(timeout=30)
    finally:
        end_process(impostor)  # type: ignore[arg-type]
    assert heard == "0\n"  # it was connected to, and sent nothing: no environment, no terminal


def test_a_stopped_warm_process_is_passed_by_and_warm_stop_ends_it(warm: Warm) -> None:
    os.kill(warm.process.pid, signal.SIGSTOP)
    try:
        with pytest.raises(launch.PassedBy, match="did not answer within 2 s"):
            warm.ask("roll", "1d1")
        # as at the shell: its own process, one line; the pipes end with it (the stopped
        # process holds no copy of them)
        done = subprocess.run(
            [sys.executable, "-m", "hearthroll", "roll", "1d1"],
            env={**os.environ, "HEARTHROLL_WARM": "1"},
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
        assert (done.returncode, done.stdout) == (0, "1d1 = [1] = 1\n")
        assert done.stderr.count("\n") == 1 and "did not answer within 2 s" in done.stderr
        stopped = run_cli("warm", "stop", env={"HEARTHROLL_WARM": "1"})
        assert stopped.stdout.startswith("stopped 1 warm process\n")
        assert warm.process.wait(timeout=30) in (0, -signal.SIGKILL)
        assert wait_for(lambda: not os.path.exists(warm.place))
    finally:
        with contextlib.suppress(OSError):
            os.kill(warm.process.pid, signal.SIGCONT)


def _waiting_client(warm: Warm) -> subprocess.Popen[bytes]:
    """`hearthroll roll 1d1` once it has connected to the (stopped) warm process."""
    client = subprocess.Popen(
        [sys.executable, "-m", "hearthroll", "roll", "1d1"],
        env={**os.environ, "HEARTHROLL_WARM": "1"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    fds = Path(f"/proc/{client.pid}/fd")

    def connected() -> bool:
        with contextlib.suppress(OSError):
            return any(os.readlink(fd).startswith("socket:") for fd in fds.iterdir())
        return False

    assert wait_for(connected, 30), "the client did not connect"
    return client


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="finds the socket in /proc")
def test_ctrl_c_and_sigterm_end_a_caller_waiting_on_a_stopped_warm_process(warm: Warm) -> None:
    os.kill(warm.process.pid, signal.SIGSTOP)
    try:
        client = _waiting_client(warm)
        client.send_signal(signal.SIGINT)
        _, err = client.communicate(timeout=30)
        assert (client.returncode, err) == (130, b"hearthroll: interrupted\n")
        client = _waiting_client(warm)
        client.send_signal(signal.SIGTERM)
        client.communicate(timeout=30)
        assert client.returncode == -signal.SIGTERM
    finally:
        with contextlib.suppress(OSError):
            os.kill(warm.process.pid, signal.SIGCONT)
