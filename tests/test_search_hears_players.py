"""Search hears players: everyday phrasings reach the right move first in each ruleset
(healing and resting, persuading and charming, fortifying and building, sneaking, watching,
trading, fleeing), carried by the moves' tags and aliases in the data."""

from __future__ import annotations

import pytest

from hearthroll.core.rules.search import MoveIndex
from hearthroll.store.rulesets import load_catalog

CATALOG = load_catalog()
INDEXES = {r.id: MoveIndex(r.moves) for r in CATALOG.rulesets}

PHRASES = [
    ("house", "I heal up", "Rest"),
    ("house", "we rest for the night", "Rest"),
    ("house", "I patch up my wounds", "Rest"),
    ("house", "I persuade the guard", "Defy Danger"),
    ("house", "I charm the merchant", "Defy Danger"),
    ("house", "we fortify the walls", "Pull Together"),
    ("house", "we build a new mill", "Pull Together"),
    ("house", "I sneak past", "Defy Danger"),
    ("house", "I keep watch", "Take Watch"),
    ("house", "we trade for grain", "Trade & Barter"),
    ("house", "I flee", "Defy Danger"),
    ("house", "I run away", "Defy Danger"),
    ("house", "I attack the goblin", "Clash"),
    ("house", "I shoot an arrow", "Volley"),
    ("house", "I protect my friend", "Defend"),
    ("house", "winter comes", "Seasons Change"),
    ("house", "the village gathers", "Muster"),
    ("house", "we prepare for the journey", "Bolster"),
    ("house", "I dodge the falling rocks", "Defy Danger"),
    ("house", "I'm dying", "Last Breath"),
    ("house", "we sell the furs", "Trade & Barter"),
    ("house", "we recover at home for weeks", "Convalesce"),
    ("hack", "I heal up", "Rest"),
    ("hack", "I keep watch", "Take Watch"),
    ("hack", "I sneak past the guards", "Defy Danger"),
    ("hack", "I attack with my sword", "Hack and Slash"),
    ("hack", "I shoot the orc", "Volley"),
    ("hack", "I guard the door", "Defend"),
    ("hack", "I come back to life", "Respawn"),
    ("hack", "I persuade the guard", "Defy Danger"),
    ("starforged", "I'm hurt", "Endure Harm"),
    ("starforged", "I'm stressed out", "Endure Stress"),
    ("starforged", "my companion gets hurt", "Companion Takes a Hit"),
    ("starforged", "we run low on supplies", "Sacrifice Resources"),
    ("starforged", "the ship takes damage", "Withstand Damage"),
    ("starforged", "I'm shaken", "Endure Stress"),
    ("maneuvers", "I flee", "Flee"),
    ("maneuvers", "I kick him", "Kick"),
    ("maneuvers", "I knock the sword from his hand", "Disarm"),
    ("maneuvers", "I save my friend", "Rescue"),
    ("maneuvers", "I shove with my shield", "Bash"),
    ("maneuvers", "I back away from the fight", "Break Off"),
]


@pytest.mark.parametrize(("ruleset", "said", "move"), PHRASES)
def test_a_player_s_words_find_the_move(ruleset: str, said: str, move: str) -> None:
    moves = CATALOG.ruleset(ruleset).moves
    hits = INDEXES[ruleset].search(said)
    assert hits, said
    assert moves[hits[0].index].name == move


def test_forty_phrases_across_the_four_rulesets_are_pinned() -> None:
    assert len(PHRASES) >= 40
    assert {r for r, _, _ in PHRASES} == {"house", "hack", "starforged", "maneuvers"}
