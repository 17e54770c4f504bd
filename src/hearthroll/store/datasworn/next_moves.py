"""The moves an outcome sends the player to, offered next (reading 32) as `follow` effects.

A sentence of a band that ends by sending the player to a move ("[Pay the Price].", "You are in
a bad spot and must [Pay the Price].", "[Lose Momentum] (-2).") offers that move, starting from
the pick its cost names where the move has one (Starforged's suffer moves: minor -1, serious
-2, major -3); "Choose one: [Lose Momentum] (-2) or [Sacrifice Resources] (-2)." offers both;
"Make a suffer move (-1)." offers every suffer move the ruleset has, at that pick. A sentence
with a condition, a "may", or a choice with something else ("Suffer an additional -1 health or
[Lose Momentum] (-1)") offers nothing: its words are the GM's to read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from hearthroll.core.rules.effects import Effect
from hearthroll.core.rules.model import Move
from hearthroll.store.datasworn.context import MOVES, Context
from hearthroll.store.datasworn.gains import band_sentences
from hearthroll.store.datasworn.words import Link

_UNSURE = re.compile(r"^(?:if|when|unless|otherwise|instead)\b|\bif\b|\bmay\b", re.IGNORECASE)
_CHOICE = re.compile(r"^choose one:\s+", re.IGNORECASE)
_SUFFER = re.compile(r"^make a suffer move \(([-−]\d)\)\.?$", re.IGNORECASE)
_COST = r"(?: \(([-−]\d)\))?"


def cost_picks(moves: Iterable[Move]) -> dict[str, dict[int, str]]:
    """For each move, the option a cost of N starts it on: the one whose only effect loses N
    of a meter (`serious`: −2 health)."""
    found: dict[str, dict[int, str]] = {}
    for move in moves:
        for option in (o for lst in move.options for o in lst.items):
            if len(option.effects) == 1 and option.effects[0].kind == "meter":
                amount = option.effects[0].amount
                if amount < 0:
                    found.setdefault(move.id, {}).setdefault(-amount, option.id)
    return found


def band_follows(text: str, links: Iterable[Link], band: str, ctx: Context) -> tuple[Effect, ...]:
    """The moves the band's words send the player to, each offered once, on that band."""
    moves = {
        link.words: target.id
        for link in links
        for target in [ctx.target(link.target)]
        if target is not None and target.kind in MOVES and target.id
    }
    offered: dict[str, int | None] = {}
    for sentence in band_sentences(text):
        offered.update(_sent_to(sentence, moves, ctx.suffer))
    return tuple(
        Effect(kind="follow", move=move, preset=_pick(ctx.cost_picks, move, cost), on=(band,))
        for move, cost in offered.items()
    )


def _sent_to(
    sentence: str, moves: Mapping[str, str], suffer: tuple[str, ...]
) -> dict[str, int | None]:
    """The moves one sentence sends the player to, with the cost it names (None: none)."""
    if _UNSURE.search(sentence):
        return {}
    any_suffer = _SUFFER.search(sentence)
    if any_suffer is not None:
        return dict.fromkeys(suffer, _number(any_suffer.group(1)))
    chooses = _CHOICE.match(sentence) is not None
    if " or " in sentence and not chooses:
        return {}
    found: dict[str, int | None] = {}
    for words, move in moves.items():
        end = r"(?=,? or )|\.?$" if chooses else r"\.?$"
        said = re.search(re.escape(words) + _COST + f"(?:{end})", sentence)
        if said is not None:
            found[move] = _number(said.group(1)) if said.group(1) else None
    return found


def _number(cost: str) -> int:
    return abs(int(cost.replace("−", "-")))


def _pick(picks: Mapping[str, Mapping[int, str]], move: str, cost: int | None) -> str | None:
    return picks.get(move, {}).get(cost) if cost is not None else None
