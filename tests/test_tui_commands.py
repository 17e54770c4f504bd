"""Every table command in every game: it has its words (its name, its help, its footer words
where the footer shows it), and pressed it either acts or says why not, never nothing; a
command a game does not offer is in neither its footer nor its help."""

from __future__ import annotations

import ast
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.message import Message
from textual.screen import Screen

from hearthroll.core.campaign.events import Event, Outcome
from hearthroll.core.errors import HearthrollError
from hearthroll.core.games.demo import demo_campaign
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.commands import COMMANDS, Command, Seat, show_help
from hearthroll.tui.footer import footer_plan
from hearthroll.tui.live import LiveCampaign, create_live
from hearthroll.tui.screens.help import HelpScreen
from hearthroll.tui.table import TableScreen
from test_tui_helpers import scripted

CATALOG = load_catalog(with_user=False)
GAMES = ["house", "hack", "starforged", "maneuvers"]


class Seen:
    """A table that keeps what a command did to it: every modal, verb, flow, word and note."""

    def __init__(self, live: LiveCampaign) -> None:
        self.live = live
        self.active = next(iter(live.state.characters), None)
        self.target: str | None = None
        self.dice = scripted([3] * 50)
        self.done: list[str] = []
        self.shown: list[Screen[Any]] = []

    async def ask(self, screen: Screen[Any]) -> Any:
        self.done.append(f"ask {type(screen).__name__}")

    def show(self, screen: Screen[Any], then: Callable[[Any], None] | None = None) -> None:
        self.done.append(f"show {type(screen).__name__}")
        self.shown.append(screen)

    def commit(self, outcome: Outcome) -> Event | None:
        self.done.append("commit")
        return None

    def attempt(self, verb: Callable[[], Outcome]) -> str | None:
        try:
            verb()
        except HearthrollError as error:
            self.done.append(f"refused {error}")
            return str(error)
        self.done.append("commit")
        return None

    def run_verb(self, verb: Callable[[], Outcome]) -> None:
        self.attempt(verb)

    def run_flow(self, flow: Callable[[], Awaitable[None]]) -> None:
        self.done.append("flow")

    def say(self, words: str) -> None:
        self.done.append(f"say {words}")

    def refresh_view(self) -> None:
        self.done.append("refresh")

    def behind(self, work: Callable[[], None], group: str) -> None:
        self.done.append(f"behind {group}")

    def from_behind(self, then: Callable[[], None]) -> None:
        then()

    def post_message(self, message: Message) -> bool:
        self.done.append(f"post {type(message).__name__}")
        return True

    def notify(self, message: str, **_: object) -> None:
        self.done.append(f"notify {message}")


@pytest.fixture(params=GAMES)
def seen(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Seen]:
    """A table on the game's demo campaign."""
    state = demo_campaign(CATALOG.ruleset(request.param))
    live = create_live(tmp_path / "camp.toml", state, CATALOG)
    yield Seen(live)
    live.close()


def parameters(command: Command) -> tuple[object, ...]:
    """The parameters its binding passes ("reroll(True)": True)."""
    _, bracket, rest = command.action.partition("(")
    return ast.literal_eval(f"({rest.removesuffix(')')},)") if bracket else ()


def test_every_command_has_its_words_and_its_own_key() -> None:
    keys = [k for c in COMMANDS for k in c.key.split(",")]
    assert len(keys) == len(set(keys))
    for command in COMMANDS:
        assert command.name and command.help, command.action


def test_every_command_pressed_acts_or_says_why_not(seen: Seen) -> None:
    seat = Seat(seen.live.state, seen.live.ruleset, seen.active, seen.live.events)
    acted = 0
    for command in COMMANDS:
        why = command.refusal(seat)
        if why is not None:
            assert why.strip(), command.action
            continue
        if "." in command.action:  # the app's own action (quit)
            assert callable(getattr(HearthrollApp, f"action_{command.method.split('.')[-1]}"))
            continue
        seen.done.clear()
        command.run(seen, *parameters(command))
        assert seen.done, f"{command.action} did nothing and said nothing"
        acted += 1
    assert acted >= 15


def test_the_footer_shows_its_words_for_what_the_game_offers(seen: Seen) -> None:
    state, ruleset = seen.live.state, seen.live.ruleset
    plan = dict(footer_plan(state, ruleset))
    for command in COMMANDS:
        if command.action in plan:
            assert plan[command.action] == command.footer != ""
        if command.offered(state, ruleset) is not None:
            assert command.action not in plan, (ruleset.id, command.action)


def test_the_help_lists_only_what_the_game_offers(seen: Seen) -> None:
    state, ruleset = seen.live.state, seen.live.ruleset
    show_help(seen)
    assert seen.done == ["show HelpScreen"]
    assert isinstance(seen.shown[-1], HelpScreen)
    listed = [text for _, text in dict(seen.shown[-1]._sections)["At the table"]]
    for command in COMMANDS:
        if sum(c.help == command.help for c in COMMANDS) > 1:
            continue  # 1-9, and a key's twin (the reroll with real dice says "the same")
        offered = command.offered(state, ruleset) is None
        assert (command.help in listed) == offered, (ruleset.id, command.action)


def test_the_table_binds_exactly_the_commands() -> None:
    bound = [(b.key, b.action) for b in TableScreen.BINDINGS if hasattr(b, "action")]
    assert bound == [(c.key, c.action) for c in COMMANDS]
