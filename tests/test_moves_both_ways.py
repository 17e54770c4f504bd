"""The same moves made from the shell and from the app give the same events: each game's demo,
copied twice, played once by `hearthroll move` with typed dice and flags, once at the keyboard
with real dice (F4) and the same faces and picks; then the two logs are read and compared."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import attrs
import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static

from hearthroll.cli import main
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.games.demo import demo_campaign
from hearthroll.core.rules.model import Catalog
from hearthroll.store.campaigns import CampaignStore
from hearthroll.store.rulesets import load_catalog
from hearthroll.tui import build
from hearthroll.tui.app import HearthrollApp
from hearthroll.tui.screens.dice_input import DiceInput
from hearthroll.tui.screens.inputs import MoveInputs
from hearthroll.tui.screens.options import OptionsPicker
from hearthroll.tui.screens.palette import MovePalette
from hearthroll.tui.table import TableScreen
from test_tui_helpers import scripted, settle, type_into

CATALOG = load_catalog(with_user=False)
SIZE = (120, 40)
COMPARED = ("kind", "actor", "move", "dice", "band", "options", "results")
"""What each event must say alike, however the move was made."""


# --- a step: what the shell types, and what the app is asked and answered ------------------


@attrs.frozen
class Faces:
    """A dice question (its title holds `about`): these faces typed, then Enter."""

    about: str
    faces: str


@attrs.frozen
class Pick:
    """An option list (its title holds `about`): these numbers pressed, then Enter."""

    about: str
    numbers: tuple[str, ...] = ()


@attrs.frozen
class Form:
    """The move's inputs form: ↓ to the stat whose words start with `stat`, then Enter."""

    stat: str


Answer = Faces | Pick | Form


@attrs.frozen
class Step:
    """One move: its name (typed in the palette, given to `hearthroll move`), who makes it
    (None: the demo's active character, with no `--as`), the foe it is made against, the
    shell's flags, and the app's answers in the order the app asks."""

    move: str
    flags: tuple[str, ...]
    answers: tuple[Answer, ...]
    who: str | None = None
    at: str | None = None


def step(
    move: str, flags: str, *answers: Answer, who: str | None = None, at: str | None = None
) -> Step:
    return Step(move, tuple(flags.split()), answers, who, at)


def pick(about: str, *numbers: str) -> Pick:
    return Pick(about, numbers)


# --- the scenarios, one per game -----------------------------------------------------------

HOUSE = (
    # a pool move whose damage is rolled
    step("clash", "--dice 4 --effect-dice 3", Faces("the pool (1d6)", "4"), Faces("damage", "3")),
    # the turn's second RISKY move rolls 2d6; the damage die typed after a /
    step("clash", "--dice 5,2 --effect-dice 2", Faces("the pool (2d6)", "5,2 / 2")),
    # a community move on the steading, its band's option picked
    step(
        "muster",
        "--dice 5,3 --pick defenses",
        Faces("Muster: Population dice (2d6)", "5,3"),
        pick("pick your options", "1"),
    ),
    # another character's Volley, thrown: an option picked, then its damage
    step(
        "volley",
        "--dice 3 --pick take_what_you_get --effect-dice 4",
        Faces("the pool (1d6)", "3"),
        pick("pick your options", "2"),
        Faces("damage", "4"),
        who="Isolde",
    ),
    # another steading move: its 4–5 pick
    step(
        "pull together",
        "--dice 4,1 --pick other_work",
        Faces("Population dice (2d6)", "4,1"),
        pick("pick your options", "1"),
    ),
)

HACK = (
    step(
        "hack and slash",
        "--dice 4,5 --effect-dice 6",
        Faces("2d6", "4,5"),
        Faces("damage", "6"),
    ),
    step(
        "volley",
        "--dice 3,4 --pick take_what_you_get --effect-dice 5",
        Faces("2d6", "3,4"),
        pick("pick your options", "2"),
        Faces("damage", "5"),
        who="Mira",
    ),
    # the stat the player rolls with, asked before the roll
    step(
        "defy danger",
        "--stat insightful --dice 2,3",
        Form("Insightful"),
        Faces("2d6", "2,3"),
        who="Cog",
    ),
)

STARFORGED = (
    # harm picked before the roll, resisted, a strong hit's pick
    step(
        "endure harm",
        "--pick minor --roll --dice 5,2,6 --pick embrace_the_pain",
        pick("before the roll", "1"),
        pick("resist", "1"),
        Faces("action die", "5"),
        Faces("challenge dice", "2,6"),
        pick("pick your options", "2"),
    ),
    # the companion's harm, resisted: a weak hit's trade, picked where it is "up to 1"
    step(
        "companion takes a hit",
        "--pick serious --roll --dice 2,1,8 --pick trade",
        pick("before the roll", "2"),
        pick("resist", "1"),
        Faces("action die", "2"),
        Faces("challenge dice", "1,8"),
        pick("pick your options", "1"),
    ),
    # major damage, not resisted: no roll
    step(
        "withstand damage",
        "--pick major",
        pick("before the roll", "3"),
        pick("resist", "2"),
    ),
    # at 0 integrity the roll is forced: a miss, momentum lost, then the table rolled
    step(
        "withstand damage",
        "--pick major --dice 1,9,9 --pick momentum --pick table --effect-dice 80",
        pick("before the roll", "3"),
        Faces("action die", "1"),
        Faces("challenge dice", "9,9"),
        pick("pick your options", "2", "5"),  # two lists: the miss's, the vehicle's at 0
        Faces("d100", "80"),
    ),
)

MANEUVERS = (
    # lands: its damage, then the stun roll it makes
    step(
        "bash",
        "--dice 15 --effect-dice 4,16",
        Faces("d20", "15"),
        Faces("1d6", "4"),
        Faces("the d20 (1d20)", "16"),  # the stun roll's d20, named as such
        at="Bandit",
    ),
    # efficacy under 80 is checked first (d100), then the d20; the fall's damage
    step(
        "trip",
        "--dice 50,14 --effect-dice 2",
        Faces("d100", "50"),
        Faces("d20", "14"),
        Faces("1d3", "2"),
        who="Wren",
        at="Bandit",
    ),
    step(
        "disarm",
        "--dice 40,16",
        Faces("d100", "40"),
        Faces("d20", "16"),
        who="Isolde",
        at="Ogre",
    ),
)

SCENARIOS = {"house": HOUSE, "hack": HACK, "starforged": STARFORGED, "maneuvers": MANEUVERS}

PACKAGE = Path(__file__).parent / "data" / "datasworn" / "starforged-0.1.0.json"
IMPORTED = (
    # a weak hit's suffer move offered next, at its minor cost
    step(
        "face danger",
        "--stat edge --dice 4,5,9",
        Form("Edge"),
        Faces("action die", "4"),
        Faces("challenge dice", "5,9"),
    ),
    # a weak hit's choice that gains momentum
    step(
        "secure an advantage",
        "--stat wits --dice 5,5,9 --pick take_2_momentum",
        Form("Wits"),
        Faces("action die", "5"),
        Faces("challenge dice", "5,9"),
        pick("pick your options", "1"),
    ),
    # progress marked twice on the track named
    step(
        "strike",
        "--stat iron --dice 6,1,2 --track avenge",
        Form("Iron"),
        Faces("action die", "6"),
        Faces("challenge dice", "1,2"),
        pick("track", "2"),
    ),
)
"""A Datasworn package's moves, whose outcomes the engine applies (momentum, progress, the
moves offered next), played both ways as the shipped ones are."""


# --- the shell ------------------------------------------------------------------------------


def shell(capsys: pytest.CaptureFixture[str], path: Path, made: Step) -> None:
    """`hearthroll move FILE MOVE …`, in this process; it must succeed."""
    args = ["move", str(path), made.move, *made.flags]
    args += ["--as", made.who] if made.who else []
    args += ["--at", made.at] if made.at else []
    code = main(args)
    out, err = capsys.readouterr()
    assert code == 0, f"{' '.join(args[2:])}: {err}{out}"


# --- the app --------------------------------------------------------------------------------


def seen(app: HearthrollApp) -> str:
    """The screen the app shows, in words, for a failing assertion."""
    screen = app.screen
    words = [type(screen).__name__]
    words += [str(w.content) for w in screen.query(".title").results(Static)]
    words += [f"refused: {w.content}" for w in screen.query("#error").results(Static) if w.display]
    return " | ".join(words)


def title(app: HearthrollApp) -> str:
    return str(app.screen.query_one(".title", Static).content)


async def answer(pilot: Pilot[None], app: HearthrollApp, given: Answer) -> None:
    """Answer the question on screen, checking it is the one expected; then wait until that
    question is gone (on a loaded machine the answer may take a while to land)."""
    asked = app.screen
    if isinstance(given, Faces):
        assert isinstance(app.screen, DiceInput), f"{given} asked, not {seen(app)}"
        assert given.about in title(app), f"{given} asked, not {seen(app)}"
        await type_into(pilot, "#faces", given.faces)
        await pilot.press("enter")
    elif isinstance(given, Pick):
        assert isinstance(app.screen, OptionsPicker), f"{given} asked, not {seen(app)}"
        assert given.about in title(app), f"{given} asked, not {seen(app)}"
        await pilot.press(*given.numbers, "enter")
    else:
        assert isinstance(app.screen, MoveInputs), f"{given} asked, not {seen(app)}"
        stats = app.screen.query_one("#in-stat", OptionList)
        for _ in range(stats.option_count):
            if str(stats.get_option_at_index(stats.highlighted or 0).prompt).startswith(given.stat):
                break
            await pilot.press("down")
        await pilot.press("enter")
    for _ in range(500):  # up to 10 s; ends as soon as the question is answered
        if app.screen is not asked:
            break
        await pilot.pause(0.02)
    await settle(pilot, app)


async def aim(pilot: Pilot[None], app: HearthrollApp, foe: str) -> None:
    """→ until the table aims at `foe`."""
    table = app.screen
    assert isinstance(table, TableScreen) and table.live.state.encounter is not None
    for _ in table.live.state.encounter.foes:
        if table.target == foe:
            break
        await pilot.press("right")
        await settle(pilot, app)
    assert table.target == foe


async def play(pilot: Pilot[None], app: HearthrollApp, made: Step) -> None:
    """The character's number, the foe aimed at, `/` and the move's name (set in one go, not
    a key at a time: the palette's search is not what is pinned here, and each key searches
    again), F4 for real dice, Enter, then each answer; the move must be committed, one event
    more."""
    assert app.live is not None
    state = app.live.state
    who = made.who or state.active
    assert who is not None
    await pilot.press(str(list(state.characters).index(who) + 1))
    await settle(pilot, app)
    if made.at:
        await aim(pilot, app, made.at)
    before = len(app.live.events)
    await pilot.press("slash")
    await settle(pilot, app)
    assert isinstance(app.screen, MovePalette)
    app.screen.query_one("#query", Input).value = made.move
    await pilot.pause()
    await pilot.press("f4", "enter")
    await settle(pilot, app)
    for given in made.answers:
        await answer(pilot, app, given)
    assert isinstance(app.screen, TableScreen), f"{made.move}: still asked {seen(app)}"
    assert len(app.live.events) == before + 1, f"{made.move}: not committed"


async def keyboard(path: Path, data_dir: Path, steps: tuple[Step, ...]) -> None:
    """The app on `path`, every step played; no die is rolled by the app itself."""
    app = build(path, data_dir=data_dir, dice=scripted(()))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        for made in steps:
            await play(pilot, app, made)


# --- the comparison -------------------------------------------------------------------------


def logged(path: Path, catalog: Catalog = CATALOG) -> list[dict[str, Any]]:
    """Each saved event, as what it must say alike."""
    with CampaignStore.open(path, catalog) as store:
        return [{key: getattr(event, key) for key in COMPARED} for event in store.events()]


def state(path: Path, catalog: Catalog = CATALOG) -> Campaign:
    """The campaign as the moves left it."""
    with CampaignStore.open(path, catalog) as store:
        return store.state


def compare(tmp_path: Path, steps: tuple[Step, ...], catalog: Catalog = CATALOG) -> None:
    """The shell's log and the app's alike, event by event, and the campaigns they left."""
    by_shell = logged(tmp_path / "shell" / "camp.toml", catalog)
    by_app = logged(tmp_path / "app" / "camp.toml", catalog)
    assert len(by_shell) == len(by_app) == len(steps)
    for made, shell_event, app_event in zip(steps, by_shell, by_app, strict=True):
        assert app_event == shell_event, f"{made.move} differs"
    shell_state = state(tmp_path / "shell" / "camp.toml", catalog)
    assert state(tmp_path / "app" / "camp.toml", catalog) == shell_state


@pytest.mark.parametrize("ruleset", list(SCENARIOS))
async def test_the_shell_and_the_app_log_the_same_moves(
    ruleset: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    data_dir = tmp_path / "data"
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(data_dir))
    start = tmp_path / "start"
    start.mkdir()
    CampaignStore.create(
        start / "camp.toml", demo_campaign(CATALOG.ruleset(ruleset)), CATALOG
    ).close()
    shutil.copytree(start, tmp_path / "shell")
    shutil.copytree(start, tmp_path / "app")
    steps = SCENARIOS[ruleset]

    for made in steps:
        shell(capsys, tmp_path / "shell" / "camp.toml", made)
    await keyboard(tmp_path / "app" / "camp.toml", data_dir, steps)

    compare(tmp_path, steps)


async def test_a_datasworn_package_s_moves_log_the_same_both_ways(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    data_dir = tmp_path / "data"
    monkeypatch.setenv("HEARTHROLL_DATA_DIR", str(data_dir))
    start = tmp_path / "start"
    start.mkdir()
    shutil.copy(PACKAGE, start / "sf.json")
    new = ["new", str(start / "camp.toml"), "--ruleset", "starforged", "--demo"]
    made = main([*new, "--moves", str(start / "sf.json")])
    assert made == 0, capsys.readouterr()
    shutil.copytree(start, tmp_path / "shell")
    shutil.copytree(start, tmp_path / "app")

    for step_made in IMPORTED:
        shell(capsys, tmp_path / "shell" / "camp.toml", step_made)
    await keyboard(tmp_path / "app" / "camp.toml", data_dir, IMPORTED)

    catalog = load_catalog([PACKAGE], with_user=False)
    compare(tmp_path, IMPORTED, catalog)
    (weak, _, strike) = logged(tmp_path / "app" / "camp.toml", catalog)
    assert weak["results"][-1].startswith("next, minor: one of Companion Takes a Hit")
    assert "Avenge the Ironhold (dangerous vow): marked 2 boxes, ticks 16 → 24" in strike["results"]
