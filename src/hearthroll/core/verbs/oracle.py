"""Oracles: a table found by name, rolled (or its row picked) with the rolls its rows make, and
Ask the Oracle's yes or no; each is one `oracle` event that changes nothing on the sheets."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from hearthroll.core.campaign.events import Event, Outcome, record
from hearthroll.core.campaign.state import Campaign
from hearthroll.core.dice.sources import PERCENTILE, DiceSource, face_on, rolling_for
from hearthroll.core.errors import NotFound, RuleError
from hearthroll.core.numbers import whole_number
from hearthroll.core.records import Record
from hearthroll.core.rules.model import Ruleset, Table, TableRow

ORACLE_DEPTH = 5
"""How many rolls deep the rolls a row makes may lead (a row rolling on a table whose row
rolls on another, …); a deeper one is said and not made, so no table rolls on itself for ever."""
MOST_ROLLS = 64
"""The most rolls one oracle makes, however its rows branch; the rest are said, not made."""

ODDS = {"almost certain": 90, "likely": 75, "50/50": 50, "unlikely": 25, "small chance": 10}
"""Ask the Oracle: the odds the GM names, and the d100 roll at or under which the answer is yes."""
_SAID_AS = {"fifty fifty": "50/50", "50 50": "50/50"}


@attrs.frozen
class Drawn(Record):
    """One row an oracle landed on: its table, the face (None: the GM picked it) and how many
    rolls deep it was made (0 for the table asked)."""

    table: Table
    row: TableRow
    face: int | None
    depth: int = 0

    def words(self) -> str:
        """ "Character Role d100 = 94: Roll twice"; a picked row says its faces."""
        low, high = self.row.low, self.row.high
        if self.face is not None:
            how = f"d{self.table.die} = {self.face}"
        else:
            how = f"picked ({low})" if low == high else f"picked ({low}–{high})"
        return f"{self.table.name} {how}: {self.row.text}"


@attrs.frozen
class Reading(Record):
    """What an oracle said: each row drawn, in the order the rolls were made, and the rolls
    its rows asked for that were not made (past `ORACLE_DEPTH` or `MOST_ROLLS`)."""

    drawn: tuple[Drawn, ...]
    unmade: tuple[str, ...] = ()

    def lines(self) -> tuple[str, ...]:
        """Each row drawn in words, then each roll not made."""
        return (*(d.words() for d in self.drawn), *self.unmade)


@attrs.frozen
class Answer(Record):
    """Ask the Oracle's answer: the odds named, the d100's face, yes or no, and a match."""

    odds: str
    chance: int
    face: int

    @property
    def yes(self) -> bool:
        """Yes when the face is at or under the odds."""
        return self.face <= self.chance

    @property
    def match(self) -> bool:
        """Both digits the same (11, 22, … 99, and 100 read as 00): an extreme answer, or a
        twist."""
        return is_match(self.face)

    def words(self) -> str:
        """ "Ask the Oracle (likely: 75 or under) d100 = 33 → yes"."""
        answer = "yes" if self.yes else "no"
        if self.match:
            answer += ", a match: an extreme answer, or a twist"
        return f"Ask the Oracle ({self.odds}: {self.chance} or under) d100 = {self.face} → {answer}"


def is_match(face: int) -> bool:
    """A d100 face whose two digits are the same: 11, 22, … 99, and 100 (the dice's 00)."""
    return face == PERCENTILE or (face % 11 == 0 and 0 < face < PERCENTILE)


# --- finding a table ------------------------------------------------------------------------


def _key(text: str) -> str:
    return " ".join(text.lower().replace("_", " ").split())


def _path(table: Table) -> str:
    return _key(f"{table.collection} / {table.name}") if table.collection else _key(table.name)


def find_table(rulesets: Sequence[Ruleset], wanted: str) -> tuple[Table, Ruleset]:
    """The table named `wanted` in any case, with its ruleset: by id, by name or by
    `collection / name`, else the one whose name starts so. Several, or none, is NotFound,
    naming the tables meant or the nearest names."""
    key = _key(wanted)
    pairs = [(t, r) for r in rulesets for t in r.tables]
    tiers = (
        [p for p in pairs if _key(p[0].id) == key],
        [p for p in pairs if key in (_key(p[0].name), _path(p[0]))],
        [p for p in pairs if _key(p[0].name).startswith(key) or _path(p[0]).startswith(key)],
    )
    for found in tiers:
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            named = ", ".join(f"{t.name} ({t.id})" for t, _ in found[:12])
            more = f" and {len(found) - 12} more" if len(found) > 12 else ""
            raise NotFound(
                f"{wanted!r} names several tables: {named}{more}; name one by its id, or the "
                "ruleset"
            )
    if not pairs:
        raise NotFound(f"no table {wanted!r}: {_where(rulesets)} has none")
    from hearthroll.core.rules.search import nearest

    close = nearest(wanted, sorted({t.name for t, _ in pairs}))
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise NotFound(f"no table {wanted!r} in {_where(rulesets)}{hint}")


def _where(rulesets: Sequence[Ruleset]) -> str:
    return f"ruleset {rulesets[0].id!r}" if len(rulesets) == 1 else "the catalog"


def collections(ruleset: Ruleset) -> tuple[tuple[str, tuple[Table, ...]], ...]:
    """The ruleset's tables by the collection they are found under, in the order each
    collection first comes; the tables under none first, as ""."""
    grouped: dict[str, list[Table]] = {"": []}
    for table in ruleset.tables:
        grouped.setdefault(table.collection, []).append(table)
    return tuple((name, tuple(tables)) for name, tables in grouped.items() if tables)


# --- rolling one ----------------------------------------------------------------------------


def pick_row(table: Table, which: str) -> TableRow:
    """The row the GM picks instead of a roll: the one a face of the die lands in (a d100's
    `00` is 100), or the one with this id."""
    face = whole_number(which)
    if face is not None:
        shown = face_on(face, table.die)
        if shown is None:
            raise RuleError(
                f"{table.name} is rolled on a d{table.die}: pick a face 1 to {table.die}"
            )
        return table.row_for(shown)
    for row in table.rows:
        if row.id == _key(which).replace(" ", "_"):
            return row
    raise NotFound(f"{table.name} has no row {which!r}: give a face of its d{table.die}")


def consult(ruleset: Ruleset, table: Table, dice: DiceSource, *, row: str | None = None) -> Reading:
    """Roll `table` (or take the row `row` picks), then each roll its row makes on a table, in
    order and depth first, `ORACLE_DEPTH` rolls deep at most. The dice come from `dice` in the
    order the rolls are made. A row's other effects belong to the move that rolls the table,
    and are not applied here."""
    drawn: list[Drawn] = []
    unmade: list[str] = []
    first = pick_row(table, row) if row is not None else None
    _draw(ruleset, table, dice, 0, first, drawn, unmade)
    counted = Counter(unmade)
    said = (f"{line} ({n} times)" if n > 1 else line for line, n in counted.items())
    return Reading(tuple(drawn), tuple(said))


def _draw(
    ruleset: Ruleset,
    table: Table,
    dice: DiceSource,
    depth: int,
    picked: TableRow | None,
    drawn: list[Drawn],
    unmade: list[str],
) -> None:
    if depth > ORACLE_DEPTH or len(drawn) >= MOST_ROLLS:
        why = f"{ORACLE_DEPTH} rolls deep" if depth > ORACLE_DEPTH else f"{MOST_ROLLS} rolls made"
        unmade.append(f"{table.name}: not rolled, {why} already")
        return
    face = None
    if picked is None:
        (face,) = rolling_for(dice, f"d{table.die} on the {table.name} table").roll(table.die, 1)
        picked = table.row_for(face)
    drawn.append(Drawn(table, picked, face, depth))
    for effect in picked.effects:
        if effect.kind == "table" and effect.table:
            _draw(ruleset, ruleset.table(effect.table), dice, depth + 1, None, drawn, unmade)


def oracle_event(ruleset: Ruleset, table: Table, dice: DiceSource, row: str | None = None) -> Event:
    """The `oracle` event of a roll on `table` (or of its row picked): the table asked, every
    face rolled and each row drawn in words."""
    reading = consult(ruleset, table, dice, row=row)
    return Event(
        kind="oracle",
        move=table.id,
        move_name=table.name,
        mechanic="table",
        dice=tuple(d.face for d in reading.drawn if d.face is not None),
        text=reading.drawn[0].row.text,
        results=reading.lines(),
    )


def roll_oracle(
    state: Campaign, ruleset: Ruleset, wanted: str, dice: DiceSource, row: str | None = None
) -> Outcome:
    """The GM rolls on the table `wanted` names (or picks its row): one `oracle` event in the
    log, nothing on the sheets changed."""
    table, _ = find_table((ruleset,), wanted)
    return record(state, state, oracle_event(ruleset, table, dice, row))


# --- Ask the Oracle -------------------------------------------------------------------------


def odds_named(said: str) -> tuple[str, int]:
    """The odds the GM names ("likely", "Almost certain", "50/50") and their chance."""
    key = _key(said.replace("-", " "))
    key = _SAID_AS.get(key, key)
    if key not in ODDS:
        raise RuleError(f"no odds {said!r}: ask with {', '.join(ODDS)}")
    return key, ODDS[key]


def ask(odds: str, dice: DiceSource) -> Answer:
    """Ask the Oracle a yes or no question at these odds: a d100, yes at or under them."""
    name, chance = odds_named(odds)
    (face,) = rolling_for(dice, f"Ask the Oracle ({name})").roll(PERCENTILE, 1)
    return Answer(name, chance, face)


def answer_event(odds: str, dice: DiceSource) -> Event:
    """The `oracle` event of a question asked at these odds: the face, yes or no as its band,
    and a match."""
    answer = ask(odds, dice)
    said = "yes" if answer.yes else "no"
    return Event(
        kind="oracle",
        move_name="Ask the Oracle",
        mechanic="table",
        dice=(answer.face,),
        band=said,
        label=said,
        match=answer.match,
        total=answer.face,
        results=(answer.words(),),
    )


def ask_the_oracle(state: Campaign, odds: str, dice: DiceSource) -> Outcome:
    """The GM asks the Oracle: one `oracle` event in the log, nothing on the sheets changed."""
    return record(state, state, answer_event(odds, dice))
