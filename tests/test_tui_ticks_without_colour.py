"""A ticked box and an unticked one read apart in the rendered text alone (a plain capture, a
monochrome screen): ticked `▐X▌`, unticked `▐ ▌`, in every picker of every ruleset."""

from __future__ import annotations

import ast
from pathlib import Path

import hearthroll.tui
from hearthroll.tui.screens.new_campaign import NewCampaign
from hearthroll.tui.screens.options import OptionsPicker
from hearthroll.tui.widgets.ticks import TickBox, TickList
from test_tui_hack_table import SIZE, hack_table
from test_tui_helpers import demo, settle


def rows(widget: TickList) -> list[str]:
    """The text each row of the list renders, colour left out."""
    return [widget.render_line(y).text for y in range(widget.option_count)]


async def test_the_volley_picker_marks_only_the_ticked_option(tmp_path: Path) -> None:
    app = hack_table(tmp_path, faces=[4, 3, 5])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"volley", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, OptionsPicker)
        ticks = app.screen.query_one("#list-0", TickList)
        assert all(row.startswith("▐ ▌ ") for row in rows(ticks))
        await pilot.press("2")
        await pilot.pause()
        assert [row[:4] for row in rows(ticks)] == ["▐ ▌ ", "▐X▌ "]
        assert rows(ticks)[1].startswith("▐X▌ Take what you can get")


async def test_muster_s_pick_two_marks_both_picks_and_nothing_else(tmp_path: Path) -> None:
    app = demo(tmp_path / "data", faces=[6, 2])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        await pilot.press("slash", *"muster", "enter")
        await settle(pilot, app)
        assert isinstance(app.screen, OptionsPicker)
        ticks = app.screen.query_one("#list-0", TickList)
        await pilot.press("1", "3")
        await pilot.pause()
        marks = [row[:3] for row in rows(ticks)]
        assert marks[0] == marks[2] == "▐X▌"
        assert set(marks[1:2] + marks[3:]) == {"▐ ▌"}


async def test_the_demo_checkbox_reads_ticked_and_unticked(tmp_path: Path) -> None:
    app = hack_table(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot, app)
        form = NewCampaign([("hack", "Hack", True)], lambda choice: None)
        app.push_screen(form)
        await pilot.pause()
        box = form.query_one("#demo", TickBox)
        assert str(box.render().plain).startswith("▐X▌")
        box.toggle()
        await pilot.pause()
        assert str(box.render().plain).startswith("▐ ▌")


def test_no_picker_draws_a_bare_selection_list_or_checkbox() -> None:
    """Every tick box in the app (starforged's and maneuvers' pickers too) is a TickList or a
    TickBox: no module builds the colour-only widgets itself."""
    root = Path(hearthroll.tui.__file__).parent
    bare = []
    for path in root.rglob("*.py"):
        if path.name == "ticks.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call):
                func = node.func
                if isinstance(func, ast.Subscript):
                    func = func.value
                name = getattr(func, "id", getattr(func, "attr", ""))
                if name in {"SelectionList", "Checkbox"}:
                    bare.append(f"{path.name}:{node.lineno}")
    assert bare == []
