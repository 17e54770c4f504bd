"""The move palette: type a few letters (typos forgiven), see the move's card, Enter rolls it;
oracle tables and Ask the Oracle are found the same way."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

import attrs
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from hearthroll.core.records import Record
from hearthroll.core.rules.model import Move, Ruleset
from hearthroll.core.rules.search import TABLE, Entry, MoveIndex
from hearthroll.tui.card import move_card

Found = Move | Entry
"""What the palette lists: a move, or an oracle (a table, or Ask the Oracle at some odds)."""

LIMIT = 40


@attrs.frozen
class PaletteChoice(Record):
    """The move picked, and how to roll it."""

    move: str
    advantage: bool = False
    disadvantage: bool = False
    typed: bool = False
    """Ask for the faces of real dice before rolling."""
    prepared: bool = False
    """Spend 1 Preparation for +1 as the roll is made."""
    oracle: str = ""
    """For an oracle, its kind (`table` or `ask`; `move` is the table's id or the entry's):
    empty for a move."""
    pick: bool = False
    """Pick the table's row instead of rolling it."""


class MovePalette(ModalScreen[PaletteChoice | None]):
    """Search the campaign's moves and oracles; F2/F3 advantage and disadvantage (where a move
    takes them), F4 real dice, F5 Preparation (when the character holds some), F6 pick an
    oracle table's row instead of rolling it (where there are tables)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Close"),
        Binding("down", "cursor(1)", "Next", show=False),
        Binding("up", "cursor(-1)", "Previous", show=False),
        Binding("pagedown", "cursor(8)", show=False),
        Binding("pageup", "cursor(-8)", show=False),
        Binding("f2,alt+a", "flip('advantage')", "Advantage"),
        Binding("f3,alt+d", "flip('disadvantage')", "Disadvantage"),
        Binding("f4,alt+t", "flip('typed')", "Real dice"),
        Binding("f5,alt+p", "flip('prepared')", "Preparation"),
        Binding("f6,alt+r", "flip('pick')", "Pick row"),
    ]

    def __init__(
        self,
        ruleset: Ruleset,
        index: MoveIndex,
        *,
        title: str = "Make a move",
        risky_only: bool = False,
        can_prepare: bool = False,
        check: Callable[[str], str | None] | None = None,
        query: str = "",
    ) -> None:
        super().__init__()
        self._query = query
        """What the search starts with (a move that waits: Enter rolls it)."""
        self._check = check
        """Why the engine would refuse a move now (by id), asked before the palette closes."""
        self._can_prepare = can_prepare
        self._ruleset = ruleset
        self._index = index
        self._title = title
        self._risky_only = risky_only
        self._shown: list[Found] = []
        self._aimed = False
        """The GM typed a query or moved the highlight: Enter rolls what is highlighted."""
        from hearthroll.core.verbs.session import takes_edge

        self._edged = any(takes_edge(m) for m in ruleset.moves)
        """Whether any move here takes the GM's advantage (no F2/F3 where none does)."""
        self._tables = bool(ruleset.tables)
        """Whether there are oracle tables here (no F6 where there are none)."""
        self.flags = dict.fromkeys(
            ("advantage", "disadvantage", "typed", "prepared", "pick"), False
        )
        self.refused: str | None = None
        """The reason shown under a row the engine refused, if any."""

    def compose(self) -> ComposeResult:
        with Vertical(id="palette", classes="dialog"):
            yield Static(self._title, id="palette-title", classes="title")
            yield Input(placeholder=self._placeholder(), id="query")
            yield Static(id="toggles")
            with Horizontal(id="palette-body"):
                yield OptionList(id="hits")
                with VerticalScroll(id="card-scroll"):
                    yield Static(id="card")

    def _placeholder(self) -> str:
        """What to type, with moves of the campaign's own game: "a move or an oracle: clash,
        volley, defend, ask…"."""
        names = ", ".join(m.name.lower() for m in self._ruleset.moves[:3])
        return f"a move or an oracle: {names}, ask…" if names else "a move or an oracle: ask…"

    def on_mount(self) -> None:
        self.query_one("#hits", OptionList).can_focus = False
        self._search(self._query)
        self._aimed = bool(self._query)
        self._show_toggles()
        field = self.query_one("#query", Input)
        if self._query:
            with field.prevent(Input.Changed):
                field.value = self._query
        field.focus()

    def _search(self, query: str) -> None:
        items = self._index.items
        limit = None if self._risky_only else LIMIT  # risky moves are picked from them all
        found = (items[h.index] for h in self._index.search(query, limit=limit))
        hits = [i for i in found if isinstance(i, (Move, Entry))]
        if self._risky_only:
            hits = [m for m in hits if isinstance(m, Move) and m.risky]
        self._shown = hits[:LIMIT]
        self.refused = None
        options = [
            Option(self._prompt(m), id=m.id if isinstance(m, Move) else f"oracle:{m.id}")
            for m in self._shown
        ]
        hit_list = self.query_one("#hits", OptionList)
        hit_list.set_options(options)
        if options:
            hit_list.highlighted = 0
        self._show_card()

    @staticmethod
    def _prompt(move: Found) -> Text:
        text = Text(move.name, style="bold")
        if isinstance(move, Entry):
            text.append(" ◆ oracle", style="cyan")
        elif move.risky:
            text.append(" ●", style="red")
        return text

    def _current(self) -> Found | None:
        index = self.query_one("#hits", OptionList).highlighted
        if index is None or not 0 <= index < len(self._shown):
            return None
        return self._shown[index]

    def _show_card(self) -> None:
        move = self._current()
        card = self.query_one("#card", Static)
        if move is None:
            card.update(Text("nothing matches: try fewer letters", style="dim"))
        elif isinstance(move, Entry):
            from hearthroll.tui.oracle_card import oracle_card

            card.update(oracle_card(move, self._ruleset))
        else:
            card.update(move_card(move, self._ruleset))

    def _show_toggles(self) -> None:
        def box(key: str, label: str, flag: str) -> Text:
            on = self.flags[flag]
            return Text.assemble(
                (key, "bold reverse"),
                f" {label} ",
                ("☒" if on else "☐", "bold green" if on else ""),
            )

        line = Text("  ").join(
            [
                *(
                    [box("F2", "advantage", "advantage"), box("F3", "disadvantage", "disadvantage")]
                    if self._edged
                    else []
                ),
                box("F4", "real dice", "typed"),
                *([box("F5", "Preparation", "prepared")] if self._can_prepare else []),
                *([box("F6", "pick row", "pick")] if self._tables else []),
                Text.assemble(("⏎", "bold reverse"), " roll  ", ("esc", "bold reverse"), " close"),
            ]
        )
        self.query_one("#toggles", Static).update(line)

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._aimed = bool(event.value.strip())
        self._search(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._choose()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._show_card()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._aimed = True  # a click on a move names it
        self._choose()

    def _choose(self) -> None:
        move = self._current()
        if not self._aimed:  # Enter on an empty palette rolls nothing
            self.notify("type a move (or ↑↓ to one) before Enter", severity="warning")
            return
        if move is None:
            self.notify("nothing matches what you typed", severity="warning")
            return
        why = self._why_not(move)
        if why:  # the palette stays open, the reason under the move's row
            hits = self.query_one("#hits", OptionList)
            index = hits.highlighted or 0
            prompt = self._prompt(move)
            prompt.append(f"\n  {why}", style="bold red")
            hits.replace_option_prompt_at_index(index, prompt)
            self.refused = why
            return
        flags = self.flags
        self.dismiss(
            PaletteChoice(
                move.id,
                advantage=flags["advantage"],
                disadvantage=flags["disadvantage"],
                typed=flags["typed"],
                prepared=flags["prepared"],
                oracle=move.kind if isinstance(move, Entry) else "",
                pick=flags["pick"],
            )
        )

    def _why_not(self, move: Found) -> str | None:
        """Why the highlighted move or oracle cannot be made with the keys flipped on."""
        flags = self.flags
        if isinstance(move, Entry):
            on = [f for f in ("advantage", "disadvantage", "prepared") if flags[f]]
            if on:
                return f"an oracle takes no {' or '.join(on)} (F2, F3, F5 turn it off)"
            if flags["pick"] and move.kind != TABLE:
                return "Ask the Oracle rolls its d100: F6 picks a table's row (F6 turns it off)"
            return None
        if flags["pick"]:
            return "F6 picks an oracle table's row: a move is rolled (F6 turns it off)"
        why = self._check(move.id) if self._check is not None else None
        if why is None and (flags["advantage"] or flags["disadvantage"]):
            from hearthroll.core.verbs.session import no_edge, takes_edge

            if not takes_edge(move):
                why = f"no advantage here: {no_edge(move)} (F2/F3 turn it off)"
        return why

    def action_cursor(self, step: int) -> None:
        """Move the highlight through the matches."""
        hits = self.query_one("#hits", OptionList)
        if not self._shown:
            return
        current = hits.highlighted or 0
        self._aimed = True
        hits.highlighted = max(0, min(len(self._shown) - 1, current + step))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Preparation can be spent only when the character holds some; advantage only where
        a move takes it; a row picked only where there are tables."""
        if action == "flip" and parameters == ("prepared",):
            return self._can_prepare
        if action == "flip" and parameters in (("advantage",), ("disadvantage",)):
            return self._edged
        if action == "flip" and parameters == ("pick",):
            return self._tables
        return True

    def action_flip(self, flag: str) -> None:
        """Flip advantage, disadvantage, real dice, Preparation or a row picked for this roll."""
        self.flags[flag] = not self.flags[flag]
        self._show_toggles()

    def action_cancel(self) -> None:
        """Close without a move."""
        self.dismiss(None)

    @property
    def shown(self) -> Sequence[Found]:
        """The moves and oracles listed now, best first."""
        return tuple(self._shown)
