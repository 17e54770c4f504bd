"""What a move asks before it is rolled: Trade & Barter's Value, buying or selling."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, OptionList, Static

from hearthroll.core.numbers import whole_number
from hearthroll.core.rules.model import Input as MoveInput
from hearthroll.core.rules.model import Move
from hearthroll.tui.screens.dialog import Check, FormDialog, error_line

Inputs = Mapping[str, "int | str"]


class MoveInputs(FormDialog[Inputs]):
    """A field per input: a number, or a list of choices; Enter takes them all."""

    def __init__(
        self,
        move: Move,
        check: Check[Inputs],
        asked: Sequence[MoveInput] | None = None,
        labels: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(check)
        self._move = move
        self._inputs = tuple(asked) if asked is not None else move.inputs
        self._labels = dict(labels or {})

    def compose(self) -> ComposeResult:
        with Vertical(id="move-inputs", classes="dialog small"):
            yield Static(f"{self._move.name}: before the roll", classes="title", markup=False)
            for spec in self._inputs:
                yield Static(spec.name + (f" — {spec.text}" if spec.text else ""), markup=False)
                if spec.choices:
                    shown = [self._labels.get(c, c) for c in spec.choices]
                    yield OptionList(*shown, id=f"in-{spec.id}", classes="choices")
                else:
                    yield Input(type="integer", placeholder=str(spec.default), id=f"in-{spec.id}")
            yield error_line()
            yield Static("tab next field  ⏎ roll  esc cancel", classes="keys")

    def on_mount(self) -> None:
        for spec in self._inputs:
            widget = self.query_one(f"#in-{spec.id}")
            if isinstance(widget, OptionList):
                widget.highlighted = 0
        first = self._inputs[0].id if self._inputs else None
        if first:
            self.query_one(f"#in-{first}").focus()

    def read(self) -> dict[str, int | str] | str:
        """The inputs given, or the reason they cannot be read."""
        found: dict[str, int | str] = {}
        for spec in self._inputs:
            widget = self.query_one(f"#in-{spec.id}")
            if isinstance(widget, OptionList):
                index = widget.highlighted
                if index is not None:
                    found[spec.id] = spec.choices[index]
            elif isinstance(widget, Input):
                text = widget.value.strip()
                if not text:
                    return f"type the {spec.name}"
                number = whole_number(text)
                if number is None:
                    return f"{spec.name} is a whole number, not {text!r}"
                found[spec.id] = number
        return found
