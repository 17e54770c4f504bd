"""Power loss: the order of the file-system calls of a save, and a power cut at every one of them.

A shim at the `os` boundary records every call a save makes. The first test asserts their
order; the second replays the record up to each call, keeping only what a power cut keeps (a
file's bytes as of its last fsync, a folder's names as of its last fsync), and asserts the
campaign then opens with every event that was acknowledged before the cut.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.verbs.edits import note
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog(with_user=False)


@attrs.define
class Disk:
    """What the shim saw: each inode's bytes (as written, and as last flushed), each folder's
    names (as they are, and as last flushed), and the list of calls in order."""

    content: dict[int, bytearray] = attrs.Factory(dict)
    durable: dict[int, bytes] = attrs.Factory(dict)
    names: dict[Path, dict[str, int]] = attrs.Factory(dict)
    durable_names: dict[Path, dict[str, int]] = attrs.Factory(dict)
    fds: dict[int, tuple[int | Path, bool]] = attrs.Factory(dict)
    """fd -> (inode, appending) for a file, or (folder,) for a folder."""
    calls: list[tuple[str, str]] = attrs.Factory(list)
    log: list[tuple[Any, ...]] = attrs.Factory(list)
    """Every change, replayable: ("write", inode, offset, bytes), ("fsync", inode), ..."""
    next_inode: int = 1

    def adopt(self, folder: Path) -> None:
        """Take the files already in `folder` (and its subfolders) as flushed."""
        for root, dirs, files in os.walk(folder):
            where = Path(root)
            self.names.setdefault(where, {})
            for name in files:
                inode = self.new_inode((where / name).read_bytes())
                self.names[where][name] = inode
            for name in dirs:
                self.names[where][name] = 0
        self.durable_names = {k: dict(v) for k, v in self.names.items()}
        self.durable = {k: bytes(v) for k, v in self.content.items()}

    def new_inode(self, data: bytes = b"") -> int:
        inode, self.next_inode = self.next_inode, self.next_inode + 1
        self.content[inode] = bytearray(data)
        return inode


def install(disk: Disk, monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    real_open, real_write, real_fsync = os.open, os.write, os.fsync
    real_replace, real_close, real_ftruncate = os.replace, os.close, os.ftruncate
    positions: dict[int, int] = {}

    def kind(path: Path) -> str:
        return (
            "journal"
            if path.parent.name.endswith(".journal")
            else ("temp" if ".tmp-" in path.name else path.name)
        )

    def shim_open(file: Any, flags: int, mode: int = 0o777, **kw: Any) -> int:
        fd = real_open(file, flags, mode, **kw)
        path = Path(file)
        if folder not in path.parents and path != folder:
            return fd
        if stat.S_ISDIR(os.fstat(fd).st_mode):
            disk.fds[fd] = (path, False)
            return fd
        entries = disk.names.setdefault(path.parent, {})
        if path.name not in entries:
            entries[path.name] = disk.new_inode()
            disk.log.append(("create", path.parent, path.name, entries[path.name]))
        disk.fds[fd] = (entries[path.name], bool(flags & os.O_APPEND))
        positions[fd] = 0
        return fd

    def shim_write(fd: int, data: Any) -> int:
        written = real_write(fd, data)
        if fd in disk.fds:
            inode, appending = disk.fds[fd]
            assert isinstance(inode, int)
            content = disk.content[inode]
            at = len(content) if appending else positions[fd]
            chunk = bytes(data[:written])
            content[at : at + written] = chunk
            positions[fd] = at + written
            disk.log.append(("write", inode, at, chunk))
            disk.calls.append(("write", kind(_path_of(disk, inode))))
        return written

    def shim_fsync(fd: int) -> None:
        real_fsync(fd)
        if fd in disk.fds:
            target = disk.fds[fd][0]
            if isinstance(target, Path):
                disk.log.append(("fsync_folder", target))
                disk.calls.append(("fsync folder", target.name))
            else:
                disk.log.append(("fsync", target))
                disk.calls.append(("fsync", kind(_path_of(disk, target))))

    def shim_ftruncate(fd: int, size: int) -> None:
        real_ftruncate(fd, size)
        if fd in disk.fds:
            inode = disk.fds[fd][0]
            assert isinstance(inode, int)
            del disk.content[inode][size:]
            disk.log.append(("truncate", inode, size))

    def shim_replace(src: Any, dst: Any, **kw: Any) -> None:
        real_replace(src, dst, **kw)
        source, target = Path(src), Path(dst)
        if folder in target.parents:
            entries = disk.names[target.parent]
            entries[target.name] = entries.pop(source.name)
            disk.log.append(("rename", target.parent, source.name, target.name))
            disk.calls.append(("rename", target.name))

    def shim_close(fd: int) -> None:
        real_close(fd)
        disk.fds.pop(fd, None)

    monkeypatch.setattr(os, "open", shim_open)
    monkeypatch.setattr(os, "write", shim_write)
    monkeypatch.setattr(os, "fsync", shim_fsync)
    monkeypatch.setattr(os, "ftruncate", shim_ftruncate)
    monkeypatch.setattr(os, "replace", shim_replace)
    monkeypatch.setattr(os, "close", shim_close)


def _path_of(disk: Disk, inode: int) -> Path:
    for folder, entries in disk.names.items():
        for name, found in entries.items():
            if found == inode:
                return folder / name
    for folder, entries in disk.durable_names.items():
        for name, found in entries.items():
            if found == inode:
                return folder / name
    return Path("?")


def saved_campaign(tmp_path: Path) -> Path:
    path = tmp_path / "table" / "p.toml"
    CampaignStore.create(path, demo_campaign(CATALOG.default), CATALOG).close()
    return path


def test_one_saved_event_writes_and_flushes_the_journal_before_the_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = saved_campaign(tmp_path)
    with CampaignStore.open(path, CATALOG) as store:
        store.commit(note(store.state, "the first"))  # the journal folder and segment exist
        disk = Disk()
        disk.adopt(path.parent)
        install(disk, monkeypatch, path.parent)
        store.commit(note(store.state, "the second"))
        disk.calls.append(("acknowledged", ""))
    assert disk.calls == [
        ("write", "journal"),
        ("fsync", "journal"),
        ("write", "temp"),
        ("fsync", "temp"),
        ("rename", "p.toml"),
        ("fsync folder", "table"),
        ("acknowledged", ""),
    ]


def images(disk: Disk, base: Disk) -> Iterator[tuple[int, dict[Path, bytes]]]:
    """For each point in the log: the files a power cut there leaves, by path."""
    content = {k: bytearray(v) for k, v in base.content.items()}
    durable = dict(base.durable)
    names = {k: dict(v) for k, v in base.names.items()}
    durable_names = {k: dict(v) for k, v in base.durable_names.items()}
    for point, entry in enumerate([*disk.log, ("end",)]):
        files: dict[Path, bytes] = {}
        for folder, entries in durable_names.items():
            for name, inode in entries.items():
                if inode:
                    files[folder / name] = durable.get(inode, b"")
        yield point, files
        op = entry[0]
        if op == "create":
            _, folder, name, inode = entry
            names.setdefault(folder, {})[name] = inode
            content.setdefault(inode, bytearray())
        elif op == "write":
            _, inode, at, chunk = entry
            content.setdefault(inode, bytearray())[at : at + len(chunk)] = chunk
        elif op == "truncate":
            _, inode, size = entry
            del content[inode][size:]
        elif op == "fsync":
            durable[entry[1]] = bytes(content[entry[1]])
        elif op == "rename":
            _, folder, source, target = entry
            names[folder][target] = names[folder].pop(source)
        elif op == "fsync_folder":
            durable_names[entry[1]] = dict(names.get(entry[1], {}))


def test_a_power_cut_at_any_call_keeps_every_acknowledged_event(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = saved_campaign(tmp_path)
    base = Disk()
    base.adopt(path.parent)
    disk = attrs.evolve(
        base,
        content={k: bytearray(v) for k, v in base.content.items()},
        names={k: dict(v) for k, v in base.names.items()},
    )
    install(disk, monkeypatch, path.parent)
    acknowledged: list[int] = []  # the log's length when each event was acknowledged
    with CampaignStore.open(path, CATALOG) as store:
        for n in range(1, 5):
            store.commit(note(store.state, f"note {n}"))
            acknowledged.append(len(disk.log))
    monkeypatch.undo()
    cuts = 0
    for point, files in images(disk, base):
        image = tmp_path / f"cut-{point}"
        for file, data in files.items():
            target = image / file.relative_to(tmp_path)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        campaign = image / path.relative_to(tmp_path)
        with CampaignStore.open(campaign, CATALOG) as reopened:
            saved = [e.text for e in reopened.events()]
            promised = sum(1 for at in acknowledged if at <= point)
            assert saved[:promised] == [f"note {n}" for n in range(1, promised + 1)], point
            assert reopened.state.history.events == len(saved)
        cuts += 1
    assert cuts == len(disk.log) + 1 > 20
