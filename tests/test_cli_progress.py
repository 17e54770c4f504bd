"""`check`'s progress bar: on a terminal, only once the work has run a second, wiped at the end;
and the campaign check reports each journal segment as it goes."""

from __future__ import annotations

import io
from pathlib import Path

from hearthroll.cli.progress import ProgressBar
from hearthroll.store.repair import check_campaign
from hearthroll.store.rulesets import load_catalog


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_bar_waits_a_second_then_draws_in_place_and_is_wiped() -> None:
    screen, clock = Terminal(), Clock()
    bar = ProgressBar("checking camp.toml", screen, clock)
    bar(10, 100)
    clock.now += 0.9
    bar(50, 100)
    assert screen.getvalue() == ""  # a quick check shows nothing
    clock.now += 0.2
    bar(50, 100)
    assert screen.getvalue() == (
        "\rchecking camp.toml [" + "#" * 15 + "-" * 15 + "]  50% (50 of 100 events)"
    )
    bar(100, 100)
    assert screen.getvalue().endswith(
        "\rchecking camp.toml [" + "#" * 30 + "] 100% (100 of 100 events)"
    )
    width = len("checking camp.toml [" + "#" * 30 + "] 100% (100 of 100 events)")
    bar.close()
    assert screen.getvalue().endswith("\r" + " " * width + "\r")


def test_no_bar_off_a_terminal() -> None:
    piped, clock = io.StringIO(), Clock()
    bar = ProgressBar("checking", piped, clock)
    clock.now += 5
    bar(1, 2)
    bar.close()
    assert piped.getvalue() == ""


def test_the_check_reports_each_segment_as_it_reads(tmp_path: Path) -> None:
    from test_cli_log_readers import EVENTS, played

    path = tmp_path / "camp.toml"
    played(path)
    seen: list[tuple[int, int]] = []
    found = check_campaign(
        path, load_catalog(with_user=False), lambda done, total: seen.append((done, total))
    )
    assert found == []
    assert seen == [(10, EVENTS), (20, EVENTS), (30, EVENTS), (40, EVENTS), (EVENTS, EVENTS)]
